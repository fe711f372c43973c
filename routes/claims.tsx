/**
 * `/claims/confirm?token=`: the link an email claim mails to an address at the listing's domain.
 * GET shows what confirming does and a Confirm button (mail scanners that open links verify
 * nothing); only the POST, with its CSRF token, verifies the claim. Holding the link is the proof,
 * so the person need not be signed in (the form uses the anonymous CSRF cookie).
 */
import { type Context, Hono } from "hono";
import { confirmClaimLink, readClaimLink } from "../services/claims/mod.ts";
import { ApiError, type Deps } from "../services/platform/mod.ts";
import { accountPage, CsrfField, NarrowPage } from "./account/_ui.tsx";
import { noStore, rateLimit } from "./middleware.ts";
import { readForm } from "./pages/_forms.ts";
import { anonymousCsrfToken, CSRF_FIELD, type SessionEnv, verifyCsrf } from "./session.ts";

/** The confirm page and its post; the app mounts them with `app.route("/", claimRoutes(deps))`. */
export function claimRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.use("/claims/*", noStore());
  app.post("/claims/*", rateLimit({ deps }));
  app.get("/claims/confirm", (c) => confirmPage(deps, c));
  app.post("/claims/confirm", (c) => confirm(deps, c));
  return app;
}

async function confirmPage(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const token = c.req.query("token") ?? "";
  try {
    const link = await readClaimLink(deps, token);
    const name = link.listing.name;
    const what = link.outcome === "owner"
      ? `${name} passes to ${link.claimantEmail}'s account, and shows the verified badge.`
      : `${name} already has an owner: the claim goes to the site team, who may add ${link.claimantEmail} as a co-owner or transfer the listing, and mail their reason to both.`;
    return accountPage(
      deps,
      c,
      `Confirm the claim of ${name}`,
      <NarrowPage
        header={
          <>
            <h1>Confirm the claim of {name}</h1>
            <p class="lead">
              {link.claimantEmail} says they run {link.listing.name}{" "}
              ({link.claim.domain}). This link went to{" "}
              {link.claim.email}; confirming proves the claim.
            </p>
          </>
        }
      >
        <form class="card form-stack" method="post" action="/claims/confirm">
          <p>When you confirm: {what}</p>
          <CsrfField token={anonymousCsrfToken(deps, c)} />
          <input type="hidden" name="token" value={token} />
          <button type="submit" class="button">Confirm the claim</button>
        </form>
        <p class="muted">If you did not expect this, close this page: nothing happens.</p>
      </NarrowPage>,
    );
  } catch (err) {
    return unusableLink(deps, c, err);
  }
}

async function confirm(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const form = await readForm(c);
  verifyCsrf(deps, c, null, form.get(CSRF_FIELD));
  try {
    const claim = await confirmClaimLink(deps, form.get("token") ?? "");
    const name = claim.listing.name;
    const done = claim.review?.state === "open"
      ? `${name} already has an owner: the site team reviews the claim and mails its decision.`
      : `${name} now belongs to the account that claimed it, and shows the verified badge.`;
    return accountPage(
      deps,
      c,
      "Claim verified",
      <NarrowPage
        header={
          <>
            <h1>Claim verified</h1>
            <p class="lead">{done}</p>
          </>
        }
      >
        <p>
          <a class="button" href={`/listings/${claim.listing.slug}`}>See {name}</a>
        </p>
      </NarrowPage>,
    );
  } catch (err) {
    return unusableLink(deps, c, err);
  }
}

/** A link that cannot be used (unknown, used, expired): a 400 page saying why. */
function unusableLink(deps: Deps, c: Context, err: unknown): Promise<Response> {
  if (!(err instanceof ApiError) || err.status !== 400) throw err;
  return accountPage(
    deps,
    c,
    "Claim link not valid",
    <NarrowPage
      header={
        <>
          <p class="error-status">Error 400</p>
          <h1>This claim link cannot be used</h1>
          <p class="lead">{err.message}.</p>
        </>
      }
    >
      <p>
        The person who claims the listing can start a new claim from their account.
      </p>
    </NarrowPage>,
    400,
  );
}
