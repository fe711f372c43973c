/**
 * `/oauth/authorize`: the authorization endpoint. A valid request from a signed-in person shows
 * the consent page; its Allow / Deny post answers the client with a code or an error.
 */
import { type Context, Hono } from "hono";
import type { Scope } from "../../kv/types.ts";
import {
  approveAuthorization,
  type AuthorizationRequest,
  checkAuthorizationRequest,
  describeRedirect,
  isMetadataDocumentId,
  rejectAuthorization,
  SCOPE_DESCRIPTIONS,
} from "../../services/access/mod.ts";
import { ApiError, type Deps } from "../../services/platform/mod.ts";
import { CsrfField, NarrowPage, resourceLabel } from "../account/_ui.tsx";
import { privatePage } from "../pages/_forms.ts";
import { renderErrorPage } from "../pages/mod.tsx";
import { assertSignedIn, CSRF_FIELD, type SessionEnv, verifyCsrf } from "../session.ts";
import { oauthBodyLimit } from "./_endpoint.ts";

/** The authorization endpoint and the consent form's post. */
export function authorizeRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/oauth/authorize", (c) => authorizePage(deps, c));
  app.post("/oauth/authorize", oauthBodyLimit(), (c) => decide(deps, c));
  return app;
}

/** The consent page must not be framed (clickjacking) nor cached. */
function guardPage(c: Context): void {
  c.header("Cache-Control", "no-store");
  c.header("X-Frame-Options", "DENY");
  c.header("Content-Security-Policy", "frame-ancestors 'none'");
}

/** An error that cannot go back to the client (unknown client, unregistered redirect). */
function errorPage(deps: Deps, c: Context, err: ApiError): Response {
  guardPage(c);
  return c.html(renderErrorPage(deps, err, c), err.status as 400);
}

async function checkOrPage(deps: Deps, c: Context, params: URLSearchParams) {
  try {
    return await checkAuthorizationRequest(deps, params);
  } catch (err) {
    if (err instanceof ApiError) return errorPage(deps, c, err);
    throw err;
  }
}

/** Signed out: sign in first, then come back to the same request. */
function signInFirst(params: URLSearchParams) {
  return { next: `/oauth/authorize?${params}` };
}

async function authorizePage(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const params = new URL(c.req.url).searchParams;
  const check = await checkOrPage(deps, c, params);
  if (check instanceof Response) return check;
  if (!check.ok) return c.redirect(check.redirectTo, 302);
  const { request } = check;
  if (request.prompt === "none") {
    // No page may be shown, and consent always is.
    const error = c.get("session") ? "consent_required" : "login_required";
    return c.redirect(rejectAuthorization(deps, request, error, "Consent needs a page"), 302);
  }
  const who = assertSignedIn(c, signInFirst(params));
  guardPage(c);
  return privatePage(
    deps,
    c,
    { title: `Allow ${clientLabel(request)}?`, description: "Allow an app to use your account." },
    <ConsentPage
      deps={deps}
      request={request}
      email={who.user.email}
      csrf={who.session.csrf_token}
    />,
  );
}

/** The consent form's Allow / Deny: re-checks every field, then answers the client. */
async function decide(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const type = c.req.header("content-type") ?? "";
  const form = type.startsWith("application/x-www-form-urlencoded")
    ? new URLSearchParams(await c.req.text())
    : new URLSearchParams();
  const params = new URLSearchParams(
    [...form].filter(([name]) => name !== CSRF_FIELD && name !== "decision"),
  );
  const who = assertSignedIn(c, signInFirst(params));
  try {
    verifyCsrf(deps, c, who.session, form.get(CSRF_FIELD));
  } catch (err) {
    if (err instanceof ApiError) return errorPage(deps, c, err);
    throw err;
  }
  const check = await checkOrPage(deps, c, params);
  if (check instanceof Response) return check;
  if (!check.ok) return c.redirect(check.redirectTo, 303);
  const target = form.get("decision") === "allow"
    ? await approveAuthorization(deps, check.request, who.user.id)
    : rejectAuthorization(deps, check.request);
  return c.redirect(target, 303);
}

function clientLabel(request: AuthorizationRequest): string {
  const { client } = request;
  if (client.client_name) return client.client_name;
  return isMetadataDocumentId(client.client_id) ? new URL(client.client_id).host : "an app";
}

function ScopeList({ scopes }: { scopes: Scope[] }) {
  return (
    <ul class="checklist">
      {scopes.map((scope) => (
        <li key={scope}>
          {SCOPE_DESCRIPTIONS[scope]} <code>{scope}</code>
        </li>
      ))}
    </ul>
  );
}

/** The consent page: who asks, for what, where the answer goes; Allow or Deny. */
function ConsentPage(
  { deps, request, email, csrf }: {
    deps: Deps;
    request: AuthorizationRequest;
    email: string;
    csrf: string;
  },
) {
  const { client } = request;
  const documentHost = isMetadataDocumentId(client.client_id)
    ? new URL(client.client_id).host
    : null;
  const redirect = describeRedirect(request.redirectUri);
  const fields: [string, string | null][] = [
    ["client_id", client.client_id],
    ["redirect_uri", request.redirectUri],
    ["response_type", "code"],
    ["code_challenge", request.codeChallenge],
    ["code_challenge_method", "S256"],
    ["scope", request.scopes.join(" ")],
    ["resource", request.resource],
    ["state", request.state],
  ];
  return (
    <NarrowPage
      header={
        <>
          <h1>Allow {clientLabel(request)} to use your account?</h1>
          <p class="lead">
            You are signed in as <strong>{email}</strong>. {clientLabel(request)} asks for access to
            {" "}
            {resourceLabel(deps, request.resource)} of this site.
          </p>
        </>
      }
    >
      <div class="card">
        <h2>About this app</h2>
        <ul class="plain-list">
          {documentHost
            ? (
              <li>
                Identified by <strong>{documentHost}</strong>, which publishes its details at{" "}
                <code>{client.client_id}</code>.
              </li>
            )
            : (
              <li>
                The app registered itself and chose its own name: it is not verified by us.
              </li>
            )}
          <li>
            After you choose, you will be sent to <strong>{redirect.label}</strong>.
          </li>
        </ul>
        {redirect.loopback && (
          <p class="notice notice-warn">
            This app receives the answer on this computer (<code>{redirect.label}</code>). Allow it
            only if you started this app yourself just now.
          </p>
        )}
      </div>
      <div class="card">
        <h2>It will be able to</h2>
        <ScopeList scopes={request.scopes} />
        <p class="muted">
          You can revoke this access at any time on the <a href="/account/apps">Connected apps</a>
          {" "}
          page.
        </p>
      </div>
      <form method="post" action="/oauth/authorize" class="form-stack">
        <CsrfField token={csrf} />
        {fields.filter(([, value]) => value !== null).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value!} />
        ))}
        <p class="error-actions">
          <button class="button" type="submit" name="decision" value="allow">Allow</button>
          <button class="button button-ghost" type="submit" name="decision" value="deny">
            Deny
          </button>
        </p>
      </form>
    </NarrowPage>
  );
}
