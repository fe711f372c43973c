/** `/oauth/register`: dynamic client registration (RFC 7591). */
import { Hono } from "hono";
import { OAuthError, registerClient } from "../../services/access/mod.ts";
import type { Deps } from "../../services/platform/mod.ts";
import { NO_STORE, oauthBodyLimit, oauthEndpoint } from "./_endpoint.ts";

/** The registration endpoint. */
export function registerRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.post("/oauth/register", oauthBodyLimit(), (c) =>
    oauthEndpoint(c, async () => {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        throw new OAuthError("invalid_client_metadata", "The body must be JSON client metadata");
      }
      return c.json(await registerClient(deps, body), 201, NO_STORE);
    }));
  return app;
}
