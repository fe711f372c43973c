/** `/account/apps`: the apps a person has allowed (OAuth grants), each with a Revoke button. */
import { type Context, Hono } from "hono";
import { formatDate } from "../../components/format.ts";
import {
  type AuthorizedApp,
  listAuthorizedApps,
  revokeAuthorizedApp,
} from "../../services/access/mod.ts";
import type { Deps } from "../../services/platform/mod.ts";
import { oauthBodyLimit } from "../oauth/_endpoint.ts";
import { privatePage } from "../pages/_forms.ts";
import { assertSignedIn, CSRF_FIELD, type SessionEnv, verifyCsrf } from "../session.ts";
import { ItemTable, resourceLabel, RevokeForm } from "./_ui.tsx";

/** Where a signed-out visitor of these pages is sent. */
const SIGN_IN = { location: "/signin?next=/account/apps" };

/** The apps page and its revoke buttons. */
export function appsRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/account/apps", (c) => appsPage(deps, c));
  app.post("/account/apps/:familyId/revoke", oauthBodyLimit(), (c) => revokeApp(deps, c));
  return app;
}

async function appsPage(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const who = assertSignedIn(c, SIGN_IN);
  const apps = await listAuthorizedApps(deps, who.user.id);
  return privatePage(
    deps,
    c,
    {
      title: "Connected apps",
      description: "The apps you have allowed to use your account.",
    },
    <AppsPage
      deps={deps}
      apps={apps}
      csrf={who.session.csrf_token}
      revoked={c.req.query("revoked") === "1"}
    />,
  );
}

async function revokeApp(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const who = assertSignedIn(c, SIGN_IN);
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
      {apps.length === 0 ? <p class="muted">You have not allowed any app.</p> : (
        <ItemTable
          headings={["App", "Access", "For", "Allowed", "Last used"]}
          actions="Revoke"
          card
        >
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
                <RevokeForm action={`/account/apps/${app.familyId}/revoke`} csrf={csrf} />
              </td>
            </tr>
          ))}
        </ItemTable>
      )}
    </section>
  );
}
