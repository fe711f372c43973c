/** The one Hono app: REST API, OpenAPI, badges, static files and pages. */
import { Hono } from "hono";
import { except } from "hono/combine";
import { cors } from "hono/cors";
import { serveStatic } from "hono/deno";
import { ApiError, type Deps, toApiError } from "../services/platform/mod.ts";
import { buildOpenApi } from "./api/v1/openapi.ts";
import { restRoutes, unmatchedApiRoute } from "./api/v1/rest.ts";
import { rateLimit } from "./middleware.ts";
import { badgeRoutes } from "./badges.ts";
import { pageRoutes, renderErrorPage } from "./pages/mod.tsx";
import { accountRoutes } from "./account/mod.ts";
import { oauthRoutes } from "./oauth/mod.ts";
import { inviteRoutes } from "./invites.tsx";
import { mcpRoutes } from "./mcp.ts";
import { session, SignInRequired } from "./session.ts";

/** Paths whose errors are answered with the JSON error body rather than a page. */
const JSON_PATHS = /^\/(api|mcp|oauth|badges|\.well-known)(\/|$)/;
/** Paths no browser session is read for: machine endpoints and static files. */
const SESSIONLESS_PATHS = [
  "/api/*",
  "/mcp",
  "/badges/*",
  "/static/*",
  "/.well-known/*",
  "/oauth/register",
  "/oauth/token",
  "/oauth/revoke",
];

/** Builds the whole application for a set of dependencies. */
export function createApp(deps: Deps): Hono {
  const app = new Hono();
  app.use("*", async (c, next) => {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    if (!c.res.headers.has("X-Frame-Options") && !c.req.path.startsWith("/badges/")) {
      c.header("X-Frame-Options", "DENY");
    }
  });
  app.use(
    "/api/*",
    cors({
      origin: "*",
      exposeHeaders: ["Retry-After", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"],
    }),
  );

  app.use("*", except(SESSIONLESS_PATHS, session({ deps })));

  const openApi = buildOpenApi(deps.config.publicUrl);
  app.get("/api/v1/openapi.json", (c) => c.json(openApi));
  app.use("/api/*", rateLimit({ deps }));
  app.route("/api/v1", restRoutes({ deps }));
  app.route("/", mcpRoutes(deps));
  app.route("/", badgeRoutes(deps));
  app.use("/static/*", serveStatic({ root: "./" }));
  // Endpoints that create records or make the service fetch a client's metadata are limited too.
  for (const path of ["/oauth/register", "/oauth/authorize", "/oauth/token", "/oauth/revoke"]) {
    app.use(path, rateLimit({ deps }));
  }
  app.route("/", oauthRoutes(deps));
  app.route("/", accountRoutes(deps));
  app.route("/", inviteRoutes(deps));
  app.route("/", pageRoutes(deps, openApi));

  app.notFound((c) => {
    const err = c.req.path.startsWith("/api/")
      ? unmatchedApiRoute(c.req.method, c.req.path)
      : new ApiError(404, "not_found", `No page at ${c.req.path}`);
    if (JSON_PATHS.test(c.req.path)) return c.json(err.toBody(), err.status as 404);
    return c.html(renderErrorPage(deps, err), 404);
  });
  app.onError((thrown, c) => {
    if (thrown instanceof SignInRequired) return thrown.getResponse();
    const err = toApiError(thrown);
    if (err.status >= 500 && !(thrown instanceof ApiError)) console.error(thrown);
    for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
    if (JSON_PATHS.test(c.req.path)) return c.json(err.toBody(), err.status as 400);
    return c.html(renderErrorPage(deps, err), err.status as 400);
  });
  return app;
}
