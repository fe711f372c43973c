/** `/signout`: ends the session (a CSRF-checked post) and goes to the home page. */
import { type Context, Hono } from "hono";
import type { Deps } from "../../services/platform/mod.ts";
import { readForm } from "../pages/_forms.ts";
import { CSRF_FIELD, endSession, type SessionEnv, verifyCsrf } from "../session.ts";

/** The sign-out post. */
export function signOutRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.post("/signout", (c) => signOut(deps, c));
  return app;
}

async function signOut(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const who = c.get("session");
  if (who) {
    verifyCsrf(deps, c, who.session, (await readForm(c)).get(CSRF_FIELD));
    await endSession(deps, c);
  }
  return c.redirect("/", 303);
}
