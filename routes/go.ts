/**
 * `GET /go/:slug`: the way out to a listing's website. The click is counted once per visitor per
 * day (a hash of address and browser, never the address) and answered with a 302 to the website.
 * A slug that is unknown or whose page is not public gets the 404 page. No session is read.
 */
import { type Context, Hono } from "hono";
import { countWebsiteClick, type Visitor } from "../services/directory/mod.ts";
import type { Deps } from "../services/platform/mod.ts";
import { clientIp } from "./middleware.ts";

/** Who is asking, as the counters tell visitors apart (hashed before anything is stored). */
export function visitorOf(deps: Deps, c: Context): Visitor {
  return {
    ip: clientIp(c, deps.config.rateLimit.trustProxy),
    userAgent: c.req.header("user-agent") ?? "",
  };
}

/** The outbound redirect; mount with `app.route("/", goRoutes(deps))`. */
export function goRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.get("/go/:slug", async (c) => {
    const website = await countWebsiteClick(deps, c.req.param("slug"), visitorOf(deps, c));
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex, nofollow");
    return c.redirect(website, 302);
  });
  return app;
}
