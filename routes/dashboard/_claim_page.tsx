/**
 * `/dashboard/claims/:id`: one of the person's claims (found through list_my_claims; another
 * account's claim is the 404 page): its status in words, what to publish and where with a Copy
 * button, "Verify now" (verify_claim; a 429 says when to try again), the last check's result, and
 * once verified what it granted.
 */
import type { Context } from "hono";
import { island } from "../../components/island.tsx";
import CopySecretIsland from "../../islands/CopySecret.tsx";
import type { SignedIn } from "../../services/access/mod.ts";
import { ApiError, type Deps, notFound } from "../../services/platform/mod.ts";
import { CsrfField, DateTime } from "../account/_ui.tsx";
import { readForm } from "../pages/_forms.ts";
import { assertSignedIn, CSRF_FIELD, verifyCsrf } from "../session.ts";
import { callOperation } from "./_operation.ts";
import { dashboardPaths } from "./_ui.tsx";
import {
  claimPage,
  claimPaths,
  ClaimStatus,
  methodName,
  type MyClaim,
  REVIEW_WORDS,
} from "./_claim_parts.tsx";

const CopyValue = island("CopySecret", CopySecretIsland);

/** Claims read per list_my_claims page while looking for one. */
const SCAN_PAGE = 100;

/** The claim id of the path; anything but a positive whole number is the 404 page. */
function claimIdOf(c: Context): number {
  const raw = c.req.param("id") ?? "";
  const id = Number(raw);
  if (!/^[1-9][0-9]{0,15}$/.test(raw) || !Number.isSafeInteger(id)) throw notFound("claim", raw);
  return id;
}

/** The person's claim `id` (list_my_claims, page by page); another account's is a 404. */
async function findMyClaim(deps: Deps, who: SignedIn, id: number): Promise<MyClaim> {
  for (let page = 1;; page++) {
    const answer = await callOperation<{ items: MyClaim[]; total_pages: number }>(
      deps,
      who,
      "list_my_claims",
      { query: { page, per_page: SCAN_PAGE } },
    );
    const claim = answer.items.find((item) => item.id === id);
    if (claim) return claim;
    if (page >= answer.total_pages) throw notFound("claim", id);
  }
}

/** GET: the claim. */
export async function showClaim(deps: Deps, c: Context): Promise<Response> {
  const who = assertSignedIn(c);
  const claim = await findMyClaim(deps, who, claimIdOf(c));
  return renderClaim(deps, c, who, claim, null);
}

/** POST: Verify now (verify_claim), then back to the claim (303); a 429 says when to retry. */
export async function verifyNow(deps: Deps, c: Context): Promise<Response> {
  const id = claimIdOf(c);
  const who = assertSignedIn(c, { next: claimPaths.claim(id) });
  const form = await readForm(c);
  verifyCsrf(deps, c, who.session, form.get(CSRF_FIELD));
  try {
    await callOperation(deps, who, "verify_claim", { params: { claim_id: id } });
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 429) throw err;
    const claim = await findMyClaim(deps, who, id);
    const seconds = Number(err.headers["Retry-After"] ?? 60);
    const at = new Date(deps.now().getTime() + seconds * 1000).toISOString();
    return renderClaim(deps, c, who, claim, at, 429);
  }
  return c.redirect(`${claimPaths.claim(id)}?checked=1`, 303);
}

function renderClaim(
  deps: Deps,
  c: Context,
  who: SignedIn,
  claim: MyClaim,
  retryAt: string | null,
  status = 200,
): Promise<Response> {
  const lead = (
    <>
      <ClaimStatus claim={claim} /> {methodName(claim.method)} for {claim.domain}
    </>
  );
  return claimPage(
    deps,
    c,
    { title: `Claim of ${claim.listing.name}`, status, lead },
    <>
      {retryAt && (
        <p class="notice notice-error" role="alert" data-retry-at={retryAt}>
          This claim was checked too often this hour. Try again after <DateTime iso={retryAt} />.
        </p>
      )}
      <Granted claim={claim} />
      {claim.status === "pending" && <Proof claim={claim} csrf={who.session.csrf_token} />}
      <LastCheck claim={claim} />
      <Facts claim={claim} />
      {(claim.status === "failed" || claim.status === "expired") && (
        <p>
          <a class="button" href={claimPaths.start(claim.listing.slug)}>Start a new claim</a>
        </p>
      )}
    </>,
  );
}

/** What a verified (or decided) claim granted. */
function Granted({ claim }: { claim: MyClaim }) {
  const review = claim.review;
  if (claim.status !== "verified" && review?.state !== "declined") return null;
  const manage = <a href={dashboardPaths.listing(claim.listing.id)}>Manage {claim.listing.name}</a>;
  if (!review) {
    return (
      <section class="card claim-granted" aria-labelledby="granted">
        <h2 id="granted">You now manage this listing</h2>
        <p>{claim.listing.name} is yours and shows the verified badge. {manage}</p>
      </section>
    );
  }
  const decided = review.state !== "open";
  return (
    <section class="card claim-granted" aria-labelledby="granted" data-review={review.state}>
      <h2 id="granted">{REVIEW_WORDS[review.state]}</h2>
      {decided
        ? (
          <p>
            Decided <DateTime iso={review.decided_at} />. Reason: {review.reason}
          </p>
        )
        : (
          <p>
            Your proof is verified, but {claim.listing.name}{" "}
            already has an owner. The site team may add you as a co-owner or transfer the listing to
            you, and mails its reason to both of you.
          </p>
        )}
      {(review.state === "co_owner" || review.state === "transferred") && <p>{manage}</p>}
    </section>
  );
}

/** What to publish and where, and Verify now; for email, where the link went. */
function Proof({ claim, csrf }: { claim: MyClaim; csrf: string }) {
  const { instructions } = claim;
  if (claim.method === "email") {
    return (
      <section class="card" aria-labelledby="proof">
        <h2 id="proof">Check your mail at {claim.email}</h2>
        <p>
          We mailed a link to{" "}
          <strong>{claim.email}</strong>. Open it and press Confirm on the page it opens: that
          verifies the claim. The link works once, until <DateTime iso={claim.expires_at} />.
        </p>
      </section>
    );
  }
  return (
    <section class="card claim-proof" aria-labelledby="proof">
      <h2 id="proof">What to publish</h2>
      <p>{instructions.text}</p>
      <p>
        Where: <code>{instructions.where}</code>
      </p>
      {instructions.publish && (
        <CopyValue value={instructions.publish} label="The value to publish" />
      )}
      <p class="small muted">
        Publish it before <DateTime iso={claim.expires_at} />, when the claim expires.
      </p>
      <form method="post" action={claimPaths.verify(claim.id)}>
        <CsrfField token={csrf} />
        <button type="submit" class="button">Verify now</button>
      </form>
    </section>
  );
}

function LastCheck({ claim }: { claim: MyClaim }) {
  const check = claim.last_check;
  if (!check) {
    if (claim.status !== "pending") return null;
    return <p class="muted" data-last-check="none">Not checked yet.</p>;
  }
  return (
    <section class="card" aria-labelledby="last-check">
      <h2 id="last-check">Last check</h2>
      <p data-last-check={check.found ? "found" : "not_found"}>
        <DateTime iso={check.at} />:{" "}
        <strong>{check.found ? "found, the claim is verified" : "not found yet"}</strong>
        {" — "}
        {check.reason}
      </p>
      <p class="small muted">
        {claim.attempts} check{claim.attempts === 1 ? "" : "s"} so far.
      </p>
    </section>
  );
}

function Facts({ claim }: { claim: MyClaim }) {
  return (
    <section class="card" aria-labelledby="details">
      <h2 id="details">Details</h2>
      <dl class="facts">
        <dt>Listing</dt>
        <dd>
          <a href={`/listings/${claim.listing.slug}`}>{claim.listing.name}</a>
        </dd>
        <dt>Domain</dt>
        <dd>{claim.domain}</dd>
        <dt>Method</dt>
        <dd>{methodName(claim.method)}</dd>
        <dt>Started</dt>
        <dd>
          <DateTime iso={claim.created_at} />
        </dd>
        {(claim.status === "pending" || claim.status === "expired") && (
          <>
            <dt>{claim.status === "expired" ? "Expired" : "Expires"}</dt>
            <dd>
              <DateTime iso={claim.expires_at} />
            </dd>
          </>
        )}
        {claim.verified_at && (
          <>
            <dt>Verified</dt>
            <dd>
              <DateTime iso={claim.verified_at} />
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
