/** The one Hono app: REST API, OpenAPI, badges, static files and pages. */
import { Hono } from "hono";
import { except } from "hono/combine";
import { cors } from "hono/cors";
import { requestId } from "hono/request-id";
import { ApiError, type Deps, toApiError } from "../services/platform/mod.ts";
import { buildOpenApi } from "./api/v1/openapi.ts";
import { apiBodyLimit } from "./api/v1/body_size.ts";
import { restRoutes, unmatchedApiRoute } from "./api/v1/rest.ts";
import { FORM_BODY_LIMIT, limitBody, limitBodyLazily, rateLimit } from "./middleware.ts";
import {
  API_EXPOSED_HEADERS,
  dropPerRequestHeaders,
  type EncodedJson,
  encodeJson,
  fastPublicReads,
  publicAnswer,
  sharedCacheable,
} from "./public_reads.ts";
import { badgeRoutes } from "./badges.ts";
import { goRoutes } from "./go.ts";
import { pageRoutes, renderErrorPage } from "./pages/mod.tsx";
import { accountRoutes } from "./account/mod.ts";
import { oauthRoutes } from "./oauth/mod.ts";
import { inviteRoutes } from "./invites.tsx";
import { claimRoutes } from "./claims.tsx";
import { unsubscribeRoutes } from "./unsubscribe.tsx";
import { DASHBOARD_PATHS } from "./dashboard/_paths.ts";
import { lazyRoutes } from "./lazy_routes.ts";
import { reviewRoutes } from "./community/reviews.tsx";
import { checkoutRoutes } from "./checkout/mod.tsx";
import { voteRoutes } from "./community/votes.tsx";
import { followRoutes } from "./community/follows.tsx";
import { stripeWebhookRoutes } from "./webhooks.ts";
import { session, SignInRequired } from "./session.ts";
import { SEO_PATHS, seoRoutes } from "./seo/mod.ts";
import { staticRoutes } from "./static_assets.ts";
import { compressAnswer } from "./compression.ts";

/** Paths whose errors are answered with the JSON error body rather than a page. */
const JSON_PATHS = /^\/(api|mcp|oauth|badges|webhooks|\.well-known)(\/|$)/;
/** Paths no browser session is read for: machine endpoints and static files. */
const SESSIONLESS_PATHS = [
  "/api/*",
  "/mcp",
  "/badges/*",
  "/go/*",
  "/static/*",
  "/.well-known/*",
  "/oauth/register",
  "/oauth/token",
  "/oauth/revoke",
  "/webhooks/*",
  ...SEO_PATHS,
];

/** The one page other websites may frame: a trophy cabinet's widget (when it is found). */
const EMBEDDABLE_PATH = /^\/trophies\/[^/]+\/embed$/;

/** Paths with their own body limit: API and MCP (JSON), OAuth (RFC 6749 errors), webhooks. */
const OWN_BODY_LIMIT_PATHS = ["/api/*", "/mcp", "/oauth/*", "/webhooks/*"];
/** The web forms (sign-in, account, invites, checkout, the site team's), limited when posted. */
const FORM_PATHS = [
  "/signin/*",
  "/signout",
  "/account/*",
  "/invites/*",
  "/checkout/*",
  "/admin/*",
  "/submit",
  "/dashboard/*",
  "/listings/:slug/vote",
  "/listings/:slug/follow",
  "/founders/:slug/follow",
  "/listings/:slug/review",
  "/reviews/*",
]; // "/a/*" matches "/a"

/** Builds the whole application for a set of dependencies. */
export function createApp(deps: Deps): Hono {
  const app = new Hono();
  // The id is answered as X-Request-Id and logged with the request's failure, if any.
  app.use("*", requestId());
  app.use("*", async (c, next) => {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    // An answer a CDN may keep says nothing about this request.
    if (sharedCacheable(c.res)) dropPerRequestHeaders(c.res.headers);
    // No page to frame or to leave.
    if (JSON_PATHS.test(c.req.path)) return;
    // A page may ask for a stricter policy (the checkout link carries its secret in the URL).
    if (!c.res.headers.has("Referrer-Policy")) {
      c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    }
    if (EMBEDDABLE_PATH.test(c.req.path) && c.res.ok) {
      c.header("Content-Security-Policy", "frame-ancestors *");
    } else if (!c.res.headers.has("X-Frame-Options") && !c.req.path.startsWith("/badges/")) {
      c.header("X-Frame-Options", "DENY");
    }
  });
  app.use(
    "/api/*",
    cors({
      origin: "*",
      exposeHeaders: API_EXPOSED_HEADERS,
    }),
  );

  // Bodies are limited before anything reads them: parsing, CSRF checks and credentials.
  // The limit comes from every operation's schema: worked out on the first body, not at start.
  const apiLimit = limitBodyLazily(apiBodyLimit);
  app.use("/api/*", apiLimit);
  app.use("/mcp", apiLimit);
  app.use("*", except(OWN_BODY_LIMIT_PATHS, limitBody({ maxSize: FORM_BODY_LIMIT })));
  app.on("POST", FORM_PATHS, rateLimit({ deps }));

  app.use("*", except(SESSIONLESS_PATHS, session({ deps })));

  // Built when first asked for (it converts every schema), then kept.
  let openApi: Record<string, unknown> | null = null;
  const openApiDocument = () => openApi ??= buildOpenApi(deps.config.publicUrl);
  let openApiJson: EncodedJson | null = null;
  app.get("/api/v1/openapi.json", (c) => {
    openApiJson ??= encodeJson(openApiDocument());
    return publicAnswer(c, openApiJson, 200);
  });
  app.use("/api/*", rateLimit({ deps }));
  app.route("/api/v1", restRoutes({ deps }));
  // MCP, the site team's console and the founders' pages load on their first request.
  app.use("/mcp", lazyRoutes(deps, async () => (await import("./mcp.ts")).mcpRoutes));
  app.route("/", badgeRoutes(deps));
  app.route("/", goRoutes(deps));
  app.route("/", staticRoutes());
  // The OAuth endpoints apply the rate limit themselves, answering a 429 as an OAuth error.
  app.route("/", oauthRoutes(deps));
  app.route("/", accountRoutes(deps));
  app.use("/admin/*", lazyRoutes(deps, async () => (await import("./admin/mod.ts")).adminRoutes));
  app.route("/", inviteRoutes(deps));
  app.route("/", claimRoutes(deps));
  app.route("/", unsubscribeRoutes(deps));
  app.route("/", stripeWebhookRoutes(deps));
  app.route("/", checkoutRoutes(deps));
  const dashboard = lazyRoutes(
    deps,
    async () => (await import("./dashboard/mod.ts")).dashboardRoutes,
  );
  for (const path of DASHBOARD_PATHS) app.use(path, dashboard);
  app.route("/", reviewRoutes(deps));
  app.route("/", voteRoutes(deps));
  app.route("/", followRoutes(deps));
  app.route("/", seoRoutes(deps));
  app.route("/", pageRoutes(deps, openApiDocument));

  // An anonymous read of a cached profile, a search asked before while the index has not changed,
  // or a read of an operation that declares its freshness while still current, is answered before
  // routing, as the routes would.
  const fastRead = fastPublicReads(deps);
  const routed = app.fetch;
  const answered = (...[request, env, executionCtx]: Parameters<typeof routed>) => {
    const version = deps.search.version;
    const answer = routed(request, env, executionCtx);
    if (answer instanceof Response) return answer;
    return answer.then(async (response) => {
      await fastRead.keep(request, version, response);
      return response;
    });
  };
  // Every answer is compressed as the request accepts (routes/compression.ts); the fast path's
  // answers are kept compressed.
  app.fetch = (request, env, executionCtx) => {
    const fast = fastRead(request, env);
    if (fast) return fast;
    const answer = answered(request, env, executionCtx);
    return answer instanceof Response
      ? compressAnswer(request, answer)
      : answer.then((response) => compressAnswer(request, response));
  };

  app.notFound((c) => {
    const err = c.req.path.startsWith("/api/")
      ? unmatchedApiRoute(c.req.method, c.req.path)
      : new ApiError(404, "not_found", `No page at ${c.req.path}`);
    if (JSON_PATHS.test(c.req.path)) return c.json(err.toBody(), err.status as 404);
    return c.html(renderErrorPage(deps, err, c), 404);
  });
  app.onError((thrown, c) => {
    if (thrown instanceof SignInRequired) return thrown.getResponse();
    const err = toApiError(thrown);
    if (err.status >= 500 && !(thrown instanceof ApiError)) {
      console.error(
        `${c.req.method} ${c.req.path} failed (request ${c.get("requestId")}):`,
        thrown,
      );
    }
    for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
    if (JSON_PATHS.test(c.req.path)) return c.json(err.toBody(), err.status as 400);
    return c.html(renderErrorPage(deps, err, c), err.status as 400);
  });
  return app;
}
