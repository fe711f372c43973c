/** `/oauth/token` (authorization code and refresh token grants) and `/oauth/revoke` (RFC 7009). */
import { Hono } from "hono";
import { exchangeToken, revokeToken } from "../../services/access/mod.ts";
import type { Deps } from "../../services/platform/mod.ts";
import { NO_STORE, oauthBodyLimit, oauthEndpoint, oauthForm } from "./_endpoint.ts";

/** The token and revocation endpoints. */
export function tokenRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.post("/oauth/token", oauthBodyLimit(), (c) =>
    oauthEndpoint(c, async () => {
      const form = await oauthForm(c);
      const answer = await exchangeToken(deps, form, c.req.header("authorization"));
      return c.json(answer, 200, NO_STORE);
    }));
  app.post("/oauth/revoke", oauthBodyLimit(), (c) =>
    oauthEndpoint(c, async () => {
      await revokeToken(deps, await oauthForm(c), c.req.header("authorization"));
      return c.body(null, 200, NO_STORE);
    }));
  return app;
}
