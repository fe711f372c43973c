/**
 * The OAuth 2.1 authorization server's URLs: metadata documents, client registration, the
 * authorization endpoint with its consent page, and the token and revocation endpoints. The
 * "Connected apps" page, where a person sees and revokes what they allowed, is an account page
 * (routes/account/apps.tsx). The logic is in services/access/oauth/.
 */
import { Hono } from "hono";
import { cors } from "hono/cors";
import type { Deps } from "../../services/platform/mod.ts";
import type { SessionEnv } from "../session.ts";
import { authorizeRoutes } from "./authorize.tsx";
import { metadataRoutes } from "./metadata.ts";
import { registerRoutes } from "./register.ts";
import { tokenRoutes } from "./tokens.ts";
import { oauthMethodNotAllowed, oauthRateLimit } from "./_endpoint.ts";

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

/** Endpoints that create records or make the service fetch a client's metadata: rate limited. */
const LIMITED_PATHS = ["/oauth/register", "/oauth/authorize", "/oauth/token", "/oauth/revoke"];
/** The machine endpoints, which answer POST only (and OPTIONS for CORS). */
const POST_ONLY_PATHS = ["/oauth/register", "/oauth/token", "/oauth/revoke"];

/** The authorization server; the app mounts it with `app.route("/", oauthRoutes(deps))`. */
export function oauthRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  const openCors = cors({
    origin: "*",
    allowMethods: ["GET", "POST", "OPTIONS"],
    allowHeaders: ["Authorization", "Content-Type", "MCP-Protocol-Version"],
    maxAge: 86_400,
  });
  for (const path of OPEN_PATHS) app.use(path, openCors);
  for (const path of LIMITED_PATHS) app.use(path, oauthRateLimit(deps));
  app.route("/", metadataRoutes(deps));
  app.route("/", registerRoutes(deps));
  app.route("/", authorizeRoutes(deps));
  app.route("/", tokenRoutes(deps));
  for (const path of POST_ONLY_PATHS) app.all(path, oauthMethodNotAllowed("POST"));
  return app;
}
