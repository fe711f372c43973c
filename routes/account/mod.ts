/**
 * People's accounts on the web: sign-in by an emailed one-time link, sign-out, the account page,
 * API keys, connected apps, and the development mailbox (the KV outbox, on a local setup only).
 * Every form post is CSRF-checked and every answer is `Cache-Control: no-store`.
 */
import { Hono } from "hono";
import type { Deps } from "../../services/platform/mod.ts";
import { noStore } from "../middleware.ts";
import type { SessionEnv } from "../session.ts";
import { appsRoutes } from "./apps.tsx";
import { accountIndexRoutes } from "./index.tsx";
import { keysRoutes } from "./keys.tsx";
import { mailboxRoutes } from "./mailbox.tsx";
import { signInRoutes } from "./signin.tsx";
import { signInVerifyRoutes } from "./signin_verify.tsx";
import { signOutRoutes } from "./signout.ts";

/** The paths served here; all of them answer `Cache-Control: no-store`. */
const PATHS = ["/signin", "/signin/*", "/signout", "/account", "/account/*", "/dev/mailbox"];

/** The account pages; the app mounts them with `app.route("/", accountRoutes(deps))`. */
export function accountRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  for (const path of PATHS) app.use(path, noStore());
  for (
    const routes of [
      signInRoutes,
      signInVerifyRoutes,
      signOutRoutes,
      accountIndexRoutes,
      keysRoutes,
      appsRoutes,
      mailboxRoutes,
    ]
  ) {
    app.route("/", routes(deps));
  }
  return app;
}
