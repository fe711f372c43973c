/**
 * `/dashboard/claims/new?slug=`: the claim form. It names the listing and its domain, offers the
 * four methods as radio buttons, and takes an address at the domain for the email method. The
 * post runs claim_listing for the signed-in person: a 303 to the claim's page, or the form again
 * with the API's message at its field (400), or, for the person's own listing, the 409 with a link
 * to its dashboard.
 */
import type { Context } from "hono";
import type { Profile } from "../../components/listing/profile.ts";
import type { SignedIn } from "../../services/access/mod.ts";
import type { ApiError, Deps } from "../../services/platform/mod.ts";
import { CsrfField } from "../account/_ui.tsx";
import { readForm } from "../pages/_forms.ts";
import { assertSignedIn, CSRF_FIELD, verifyCsrf } from "../session.ts";
import { callOperation, detailsAt, tryOperation } from "./_operation.ts";
import { dashboardPaths } from "./_ui.tsx";
import { CLAIM_METHODS, claimPage, claimPaths, type MyClaim } from "./_claim_parts.tsx";

/** What the form shows again after a refusal. */
interface FormState {
  method?: string;
  email?: string;
  error?: ApiError;
}

/** The listing named by `?slug=` (get_listing: an unknown one is the 404 page). */
function listingOf(deps: Deps, c: Context, who: SignedIn): Promise<Profile> {
  const slug = c.req.query("slug") ?? "";
  return callOperation<Profile>(deps, who, "get_listing", { params: { slug } });
}

/** GET: the empty form. */
export async function showClaimForm(deps: Deps, c: Context): Promise<Response> {
  const who = assertSignedIn(c);
  return renderForm(deps, c, who, await listingOf(deps, c, who), {});
}

/** POST: runs claim_listing; 303 to the claim, or the form with the refusal. */
export async function postClaimForm(deps: Deps, c: Context): Promise<Response> {
  const back = `${claimPaths.start(c.req.query("slug") ?? "")}`;
  const who = assertSignedIn(c, { next: back });
  const form = await readForm(c);
  verifyCsrf(deps, c, who.session, form.get(CSRF_FIELD));
  const listing = await listingOf(deps, c, who);
  const method = form.get("method") ?? undefined;
  const email = (form.get("email") ?? "").trim();
  const body: Record<string, unknown> = { slug: listing.slug };
  if (method !== undefined) body.method = method;
  if (method === "email") body.email = email;
  const tried = await tryOperation<MyClaim>(deps, who, "claim_listing", { body });
  if (tried.ok) return c.redirect(claimPaths.claim(tried.value.id), 303);
  const status = tried.error.status;
  return renderForm(deps, c, who, listing, { method, email, error: tried.error }, status);
}

function renderForm(
  deps: Deps,
  c: Context,
  who: SignedIn,
  listing: Profile,
  state: FormState,
  status = 200,
): Promise<Response> {
  const lead = (
    <>
      Prove that you run <strong>{listing.domain}</strong>, the website of{" "}
      <a href={`/listings/${listing.slug}`}>{listing.name}</a>. Without an owner, the listing passes
      to you once verified; if someone already manages it, the site team reviews your claim.
    </>
  );
  return claimPage(
    deps,
    c,
    { title: `Claim ${listing.name}`, status, lead },
    <>
      <RefusalNotice error={state.error} listingId={listing.id} />
      <section class="card">
        <form class="form-stack" method="post" action={claimPaths.start(listing.slug)}>
          <CsrfField token={who.session.csrf_token} />
          <MethodChoice method={state.method} error={state.error} />
          <EmailField domain={listing.domain} value={state.email} error={state.error} />
          <button type="submit" class="button">Start the claim</button>
        </form>
      </section>
    </>,
  );
}

/** The refusal that names no field: the own listing's 409 (with its dashboard), or another one. */
function RefusalNotice({ error, listingId }: { error?: ApiError; listingId: number }) {
  if (!error) return null;
  const atFields = ["method", "email"].some((f) => detailsAt(error.details, f).length > 0);
  if (atFields) return null;
  return (
    <p class="notice notice-error" role="alert">
      {error.message}
      {error.status === 409 && (
        <>
          {" "}
          <a href={dashboardPaths.listing(listingId)}>Manage it on your dashboard</a>
        </>
      )}
    </p>
  );
}

/** The messages of the errors at one field, or undefined. */
function messageAt(error: ApiError | undefined, path: string): string | undefined {
  const at = detailsAt(error?.details, path).map((d) => d.message);
  return at.length > 0 ? at.join("; ") : undefined;
}

function MethodChoice({ method, error }: { method?: string; error?: ApiError }) {
  const message = messageAt(error, "method");
  return (
    <fieldset
      class="claim-methods"
      aria-describedby={message ? "method-error" : undefined}
    >
      <legend>How will you prove it?</legend>
      {CLAIM_METHODS.map(([value, name, explanation], i) => (
        <label key={value} class="claim-method">
          <input
            type="radio"
            name="method"
            value={value}
            required
            checked={method ? method === value : i === 0}
          />
          <span>
            <strong>{name}</strong>
            <span class="small muted">{explanation}</span>
          </span>
        </label>
      ))}
      {message && <p class="notice notice-error" id="method-error" role="alert">{message}</p>}
    </fieldset>
  );
}

function EmailField(
  { domain, value, error }: { domain: string; value?: string; error?: ApiError },
) {
  const message = messageAt(error, "email");
  return (
    <div class="field">
      <label for="claim-email">Company email (for the company email method only)</label>
      <input
        id="claim-email"
        name="email"
        type="email"
        maxLength={254}
        value={value ?? ""}
        placeholder={`you@${domain}`}
        aria-describedby={message ? "email-error claim-email-hint" : "claim-email-hint"}
        aria-invalid={message ? "true" : undefined}
      />
      <p class="small muted" id="claim-email-hint">
        An address at {domain} or a subdomain of it; we mail the link there.
      </p>
      {message && <p class="notice notice-error" id="email-error" role="alert">{message}</p>}
    </div>
  );
}
