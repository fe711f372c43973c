/** `/account`: who is signed in, links to their keys and apps, and the sign-out button. */
import { type Context, Hono } from "hono";
import type { User } from "../../kv/types.ts";
import { isAdmin } from "../../services/access/mod.ts";
import type { Deps } from "../../services/platform/mod.ts";
import { assertSignedIn, type SessionEnv } from "../session.ts";
import { accountPage, CsrfField, DateTime, NarrowPage } from "./_ui.tsx";

/** The account page. */
export function accountIndexRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/account", (c) => showAccount(deps, c));
  return app;
}

function showAccount(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const who = assertSignedIn(c);
  const admin = isAdmin(deps.config, who.user.email);
  return accountPage(
    deps,
    c,
    "Your account",
    <AccountPage user={who.user} admin={admin} csrf={who.session.csrf_token} />,
  );
}

function AccountPage({ user, admin, csrf }: { user: User; admin: boolean; csrf: string }) {
  return (
    <NarrowPage
      header={
        <>
          <h1>
            Your account
            {admin && <span class="pill pill-admin" title="Listed in ADMIN_EMAILS">Site team</span>}
          </h1>
          <p class="lead">
            Signed in as <strong>{user.email}</strong>
          </p>
          <p class="muted small">
            Account since <DateTime iso={user.created_at} />
          </p>
        </>
      }
    >
      <div class="card">
        <h2>Access for scripts and apps</h2>
        <ul class="link-list">
          <li>
            <a href="/account/keys">API keys</a>: keys for your scripts, sent as{" "}
            <code>Authorization: Bearer &lt;key&gt;</code>.
          </li>
          <li>
            <a href="/account/apps">Authorized apps</a>: apps you let act for you (OAuth), and how
            to disconnect them.
          </li>
        </ul>
      </div>
      <form method="post" action="/signout">
        <CsrfField token={csrf} />
        <button type="submit" class="button button-ghost">Sign out</button>
      </form>
    </NarrowPage>
  );
}
