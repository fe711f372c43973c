/**
 * The OAuth 2.1 authorization server's URLs: metadata documents, client registration, the
 * authorization endpoint with its consent page, the token and revocation endpoints, and the
 * "Connected apps" page where a person sees and revokes what they allowed. The logic is in
 * services/access/oauth.ts.
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { formatDate } from "../components/format.ts";
import type { Scope } from "../kv/types.ts";
import { ApiError, type Deps } from "../services/platform/mod.ts";
import {
  approveAuthorization,
  type AuthorizationRequest,
  authorizationServerMetadata,
  type AuthorizedApp,
  checkAuthorizationRequest,
  CSRF_FIELD,
  currentSession,
  describeRedirect,
  exchangeToken,
  isMetadataDocumentId,
  listAuthorizedApps,
  OAuthError,
  oauthUrls,
  protectedResourceMetadata,
  registerClient,
  rejectAuthorization,
  revokeAuthorizedApp,
  revokeToken,
  verifyCsrf,
} from "../services/access/mod.ts";
import { SCOPE_DESCRIPTIONS } from "./api/v1/openapi.ts";
import { renderPage } from "./pages/_page.tsx";
import { renderErrorPage } from "./pages/mod.tsx";

const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" };
const MAX_BODY_BYTES = 64 * 1024;
/** Machine-facing endpoints browsers may call from any origin (clients in web pages). */
const OPEN_PATHS = [
  "/.well-known/oauth-authorization-server",
  "/.well-known/openid-configuration",
  "/.well-known/oauth-protected-resource",
  "/.well-known/oauth-protected-resource/*",
  "/oauth/token",
  "/oauth/register",
  "/oauth/revoke",
];

/** The authorization server; the app mounts it with `app.route("/", oauthRoutes(deps))`. */
export function oauthRoutes(deps: Deps): Hono {
  const app = new Hono();
  const openCors = cors({
    origin: "*",
    allowMethods: ["GET", "POST", "OPTIONS"],
    allowHeaders: ["Authorization", "Content-Type", "MCP-Protocol-Version"],
    maxAge: 86_400,
  });
  for (const path of OPEN_PATHS) app.use(path, openCors);
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) =>
      oauthError(c, new OAuthError("invalid_request", "The request body is too large")),
  });
  const publicUrl = deps.config.publicUrl;

  const asMetadata = authorizationServerMetadata(publicUrl);
  app.get("/.well-known/oauth-authorization-server", (c) => metadata(c, asMetadata));
  // MCP clients also try OpenID discovery; the same document answers it.
  app.get("/.well-known/openid-configuration", (c) => metadata(c, asMetadata));
  const mcp = protectedResourceMetadata(publicUrl, "mcp");
  app.get("/.well-known/oauth-protected-resource", (c) => metadata(c, mcp));
  app.get("/.well-known/oauth-protected-resource/mcp", (c) => metadata(c, mcp));
  const rest = protectedResourceMetadata(publicUrl, "rest");
  app.get("/.well-known/oauth-protected-resource/api/v1", (c) => metadata(c, rest));

  app.post("/oauth/register", limit, (c) => register(deps, c));
  app.get("/oauth/authorize", (c) => authorizePage(deps, c));
  app.post("/oauth/authorize", limit, (c) => decide(deps, c));
  app.post("/oauth/token", limit, (c) => token(deps, c));
  app.post("/oauth/revoke", limit, (c) => revoke(deps, c));

  app.use("/account/apps", noStore());
  app.use("/account/apps/*", noStore());
  app.get("/account/apps", (c) => appsPage(deps, c));
  app.post("/account/apps/:familyId/revoke", limit, (c) => revokeApp(deps, c));
  return app;
}

function noStore(): MiddlewareHandler {
  return async function noStore(c, next) {
    await next();
    c.header("Cache-Control", "no-store");
  };
}

// Machine endpoints.

function metadata(c: Context, document: Record<string, unknown>): Response {
  return c.json(document, 200, { "Cache-Control": "public, max-age=300" });
}

function oauthError(c: Context, err: OAuthError): Response {
  return c.json(err.toBody(), err.status as 400, { ...NO_STORE, ...err.headers });
}

/** Runs an endpoint, answering OAuthErrors as RFC 6749 §5.2 bodies. */
async function oauthEndpoint(c: Context, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof OAuthError) return oauthError(c, err);
    throw err;
  }
}

/** The form fields of a token or revocation request (OAuth requires form encoding there). */
async function oauthForm(c: Context): Promise<URLSearchParams> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    throw new OAuthError(
      "invalid_request",
      "Send the parameters as application/x-www-form-urlencoded",
    );
  }
  return new URLSearchParams(await c.req.text());
}

function register(deps: Deps, c: Context): Promise<Response> {
  return oauthEndpoint(c, async () => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new OAuthError("invalid_client_metadata", "The body must be JSON client metadata");
    }
    return c.json(await registerClient(deps, body), 201, NO_STORE);
  });
}

function token(deps: Deps, c: Context): Promise<Response> {
  return oauthEndpoint(c, async () => {
    const form = await oauthForm(c);
    const answer = await exchangeToken(deps, form, c.req.header("authorization"));
    return c.json(answer, 200, NO_STORE);
  });
}

function revoke(deps: Deps, c: Context): Promise<Response> {
  return oauthEndpoint(c, async () => {
    await revokeToken(deps, await oauthForm(c), c.req.header("authorization"));
    return c.body(null, 200, NO_STORE);
  });
}

// The authorization endpoint and the consent page.

/** The consent page must not be framed (clickjacking) nor cached. */
function guardPage(c: Context): void {
  c.header("Cache-Control", "no-store");
  c.header("X-Frame-Options", "DENY");
  c.header("Content-Security-Policy", "frame-ancestors 'none'");
}

/** An error that cannot go back to the client (unknown client, unregistered redirect). */
function errorPage(deps: Deps, c: Context, err: ApiError): Response {
  guardPage(c);
  return c.html(renderErrorPage(deps, err), err.status as 400);
}

async function checkOrPage(deps: Deps, c: Context, params: URLSearchParams) {
  try {
    return await checkAuthorizationRequest(deps, params);
  } catch (err) {
    if (err instanceof ApiError) return errorPage(deps, c, err);
    throw err;
  }
}

function toSignIn(c: Context, params: URLSearchParams): Response {
  const next = `/oauth/authorize?${params}`;
  return c.redirect(`/signin?next=${encodeURIComponent(next)}`, 303);
}

async function authorizePage(deps: Deps, c: Context): Promise<Response> {
  const params = new URL(c.req.url).searchParams;
  const check = await checkOrPage(deps, c, params);
  if (check instanceof Response) return check;
  if (!check.ok) return c.redirect(check.redirectTo, 302);
  const { request } = check;
  const who = await currentSession(deps, c);
  if (request.prompt === "none") {
    // No page may be shown, and consent always is.
    const error = who ? "consent_required" : "login_required";
    return c.redirect(rejectAuthorization(deps, request, error, "Consent needs a page"), 302);
  }
  if (!who) return toSignIn(c, params);
  guardPage(c);
  return renderPage(
    { c, deps, openApi: {} },
    {
      title: `Allow ${clientLabel(request)}?`,
      description: "Allow an app to use your account.",
      noindex: true,
      path: "/oauth/authorize",
    },
    <ConsentPage
      deps={deps}
      request={request}
      email={who.user.email}
      csrf={who.session.csrf_token}
    />,
  );
}

/** The consent form's Allow / Deny: re-checks every field, then answers the client. */
async function decide(deps: Deps, c: Context): Promise<Response> {
  const type = c.req.header("content-type") ?? "";
  const form = type.startsWith("application/x-www-form-urlencoded")
    ? new URLSearchParams(await c.req.text())
    : new URLSearchParams();
  const who = await currentSession(deps, c);
  const params = new URLSearchParams(
    [...form].filter(([name]) => name !== CSRF_FIELD && name !== "decision"),
  );
  if (!who) return toSignIn(c, params);
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

function resourceLabel(deps: Deps, resource: string): string {
  return resource === oauthUrls(deps.config.publicUrl).mcpResource
    ? "the MCP server"
    : "the REST API";
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
    <section class="account-narrow">
      <header class="page-header">
        <h1>Allow {clientLabel(request)} to use your account?</h1>
        <p class="lead">
          You are signed in as <strong>{email}</strong>. {clientLabel(request)} asks for access to
          {" "}
          {resourceLabel(deps, request.resource)} of this site.
        </p>
      </header>
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
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
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
    </section>
  );
}

// The apps page.

async function appsPage(deps: Deps, c: Context): Promise<Response> {
  const who = await currentSession(deps, c);
  if (!who) return c.redirect("/signin?next=/account/apps", 303);
  const apps = await listAuthorizedApps(deps, who.user.id);
  return renderPage(
    { c, deps, openApi: {} },
    {
      title: "Connected apps",
      description: "The apps you have allowed to use your account.",
      noindex: true,
      path: "/account/apps",
    },
    <AppsPage
      deps={deps}
      apps={apps}
      csrf={who.session.csrf_token}
      revoked={c.req.query("revoked") === "1"}
    />,
  );
}

async function revokeApp(deps: Deps, c: Context): Promise<Response> {
  const who = await currentSession(deps, c);
  if (!who) return c.redirect("/signin?next=/account/apps", 303);
  const form = new URLSearchParams(await c.req.text());
  verifyCsrf(deps, c, who.session, form.get(CSRF_FIELD));
  await revokeAuthorizedApp(deps, who.user.id, c.req.param("familyId") ?? "");
  return c.redirect("/account/apps?revoked=1", 303);
}

/** The apps a person has allowed, each with a Revoke button. */
function AppsPage(
  { deps, apps, csrf, revoked }: {
    deps: Deps;
    apps: AuthorizedApp[];
    csrf: string;
    revoked: boolean;
  },
) {
  return (
    <section>
      <header class="page-header">
        <h1>Connected apps</h1>
        <p class="lead">
          Apps you have allowed to use your account, for example MCP clients. Revoking one ends its
          access at once; it has to ask you again.
        </p>
      </header>
      {revoked && <p class="notice notice-ok">Access revoked.</p>}
      {apps.length === 0
        ? <p class="muted">You have not allowed any app.</p>
        : (
          <div class="table-wrap card">
            <table class="keys-table">
              <thead>
                <tr>
                  <th scope="col">App</th>
                  <th scope="col">Access</th>
                  <th scope="col">For</th>
                  <th scope="col">Allowed</th>
                  <th scope="col">Last used</th>
                  <th scope="col">
                    <span class="sr-only">Revoke</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {apps.map((app) => (
                  <tr key={app.familyId}>
                    <td>
                      <strong>{app.clientName}</strong>
                      {app.clientHost && <div class="muted">{app.clientHost}</div>}
                    </td>
                    <td>{app.scopes.map((s) => <div key={s}>{s}</div>)}</td>
                    <td>{resourceLabel(deps, app.resource)}</td>
                    <td>{formatDate(app.allowedAt)}</td>
                    <td>{formatDate(app.lastUsedAt)}</td>
                    <td>
                      <form method="post" action={`/account/apps/${app.familyId}/revoke`}>
                        <input type="hidden" name={CSRF_FIELD} value={csrf} />
                        <button class="button button-ghost button-small" type="submit">
                          Revoke
                        </button>
                      </form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
    </section>
  );
}
