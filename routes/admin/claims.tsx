/**
 * The site team's claim reviews (ADMIN_EMAILS signed in; a 404 for anyone else).
 * `GET /admin/claims`: the verified claims of listings that already had an owner, oldest first:
 * the listing, its current owner, the claimant, the method and when it verified.
 * `POST /admin/claims/:id/decide` (`decision` co_owner, transfer or decline; `reason` required;
 * CSRF-checked): decideClaim, which mails the reason to the claimant and the owner; 303 back with
 * a notice, or the page again with the refusal's message.
 */
import { type Context, Hono } from "hono";
import {
  type ClaimDecision,
  decideClaim,
  DECISION_REASON_MAX,
  listReviewClaims,
  type ReviewClaim,
} from "../../services/claims/mod.ts";
import type { ApiError, Deps } from "../../services/platform/mod.ts";
import { recordAudit } from "../../services/admin/mod.ts";
import { CsrfField, DateTime } from "../account/_ui.tsx";
import { readForm } from "../pages/_forms.ts";
import { CSRF_FIELD, type SessionEnv, verifyCsrf } from "../session.ts";
import { methodName } from "../dashboard/_claim_parts.tsx";
import { teamMember, teamPage, tryAction } from "./_team.tsx";

/** The decisions, as the buttons name them and as the notice after one says it. */
const DECISIONS = [
  ["co_owner", "Add as co-owner", "added as co-owner"],
  ["transfer", "Transfer ownership", "transferred"],
  ["decline", "Decline", "declined"],
] as const;

type Failed = { id: number; error: ApiError; reason: string } | null;

/** The claim reviews' routes. */
export function adminClaimRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/admin/claims", async (c) => {
    if (!teamMember(deps, c)) return c.notFound();
    return await renderReviews(deps, c, null);
  });
  app.post("/admin/claims/:id/decide", async (c) => {
    const who = teamMember(deps, c);
    const id = Number(c.req.param("id"));
    if (!who || !Number.isSafeInteger(id) || id < 1) return c.notFound();
    const form = await readForm(c);
    verifyCsrf(deps, c, who.session, form.get(CSRF_FIELD));
    const decision = form.get("decision") ?? "";
    const reason = form.get("reason") ?? "";
    const error = await tryAction(async () => {
      await decideClaim(deps, id, {
        decision: decision as ClaimDecision["decision"],
        reason,
        decidedBy: who.user.email,
      });
      // decideClaim has no hook into its commit: the entry follows it.
      await recordAudit(deps, {
        by: who.user.email,
        action: "claim.decide",
        target: { type: "claim", id: String(id) },
        reason: reason.trim(),
        detail: { decision },
      });
    });
    if (error) return await renderReviews(deps, c, { id, error, reason }, error.status);
    return c.redirect(`/admin/claims?done=${encodeURIComponent(decision)}&claim=${id}`, 303);
  });
  return app;
}

/** The notice after a decision: "Claim 3: transferred." */
function doneNotice(c: Context): string | null {
  const done = DECISIONS.find(([value]) => value === c.req.query("done"));
  const claim = Number(c.req.query("claim"));
  return done && Number.isSafeInteger(claim) ? `Claim ${claim}: ${done[2]}.` : null;
}

async function renderReviews(deps: Deps, c: Context<SessionEnv>, failed: Failed, status = 200) {
  const who = teamMember(deps, c)!;
  const reviews = await listReviewClaims(deps);
  const done = doneNotice(c);
  return teamPage(
    deps,
    c,
    "Claim reviews",
    <section>
      <header class="page-header">
        <h1>Claim reviews</h1>
        <p class="lead">
          Verified claims of listings that already have an owner. Add the claimant as a co-owner,
          transfer the listing to them, or decline; the reason is mailed to both.{" "}
          <a href="/admin/tasks">Tasks</a> · <a href="/admin/orders">Orders</a>
        </p>
      </header>
      {done && <p class="notice notice-ok" role="status">{done}</p>}
      {failed && !reviews.some((r) => r.id === failed.id) && <Refusal error={failed.error} />}
      {reviews.length === 0 ? <p class="muted">No claims to review.</p> : (
        <ol class="claim-reviews">
          {reviews.map((r) => (
            <ReviewCard
              key={r.id}
              review={r}
              csrf={who.session.csrf_token}
              failed={failed?.id === r.id ? failed : null}
            />
          ))}
        </ol>
      )}
    </section>,
    status,
  );
}

function ReviewCard(
  { review, csrf, failed }: { review: ReviewClaim; csrf: string; failed: Failed },
) {
  const { listing } = review;
  return (
    <li class="card" data-claim-id={review.id} aria-labelledby={`claim-${review.id}`}>
      <h2 id={`claim-${review.id}`}>
        Claim {review.id}: <a href={`/listings/${listing.slug}`}>{listing.name}</a>
      </h2>
      <dl class="facts">
        <dt>Website</dt>
        <dd>{listing.url ?? review.domain} ({review.domain})</dd>
        <dt>Current owner</dt>
        <dd>{listing.owner?.email ?? "none"}</dd>
        <dt>Claimant</dt>
        <dd>{review.claimant?.email ?? "account deleted"}</dd>
        <dt>Method</dt>
        <dd>
          {methodName(review.method)}
          {review.email && ` (${review.email})`}
        </dd>
        <dt>Verified</dt>
        <dd>
          <DateTime iso={review.verified_at} />
          {review.last_check && ` — ${review.last_check.reason}`}
        </dd>
      </dl>
      {failed && <Refusal error={failed.error} />}
      <DecideForm id={review.id} csrf={csrf} reason={failed?.reason ?? ""} />
    </li>
  );
}

/** A refused decision: its message, and what it says about each field. */
function Refusal({ error }: { error: ApiError }) {
  const fields = error.details.map((d) => `${d.path}: ${d.message}`);
  return (
    <p class="notice notice-error" role="alert">
      {error.message}
      {fields.length > 0 && ` (${fields.join("; ")})`}
    </p>
  );
}

function DecideForm({ id, csrf, reason }: { id: number; csrf: string; reason: string }) {
  const field = `claim-reason-${id}`;
  return (
    <form method="post" action={`/admin/claims/${id}/decide`} class="form-stack">
      <CsrfField token={csrf} />
      <div class="field">
        <label for={field}>Reason (required; mailed to the claimant and the owner)</label>
        <textarea id={field} name="reason" required rows={3} maxLength={DECISION_REASON_MAX}>
          {reason}
        </textarea>
      </div>
      <div class="button-row">
        {DECISIONS.map(([value, label], i) => (
          <button
            key={value}
            type="submit"
            name="decision"
            value={value}
            class={i === 0 ? "button button-small" : "button button-ghost button-small"}
          >
            {label}
          </button>
        ))}
      </div>
    </form>
  );
}
