/** What search engines, feed readers and link previews read: sitemap, robots.txt, feeds, cards. */
import { Hono } from "hono";
import type { Deps } from "../../services/platform/mod.ts";
import { MANIFEST } from "../pages/mod.tsx";
import { PER_PAGE as FOUNDERS_PER_PAGE } from "../pages/founders.tsx";
import { PER_PAGE as TAGS_PER_PAGE } from "../pages/tags.tsx";
import { feedRoutes } from "./feeds.ts";
import { ogImageRoutes } from "./og_image.ts";
import { robotsRoutes } from "./robots.ts";
import { type SitemapOptions, sitemapRoutes } from "./sitemap.ts";

/** Paths of the SEO routes, read without a session. */
export const SEO_PATHS = ["/sitemap.xml", "/sitemaps/*", "/robots.txt", "/feeds/*", "/og/*"];

/** Pages that are not listed in the sitemap: search results and a comparison of two products. */
const UNLISTED = new Set(["/search", "/compare"]);

/** The site's own pages without parameters, from the page manifest. */
export function sitePaths(): string[] {
  return Object.keys(MANIFEST).filter((path) => !path.includes(":") && !UNLISTED.has(path));
}

export function seoRoutes(deps: Deps, options: Partial<SitemapOptions> = {}): Hono {
  const app = new Hono();
  const site = {
    paths: sitePaths(),
    perPage: { founders: FOUNDERS_PER_PAGE, tags: TAGS_PER_PAGE },
  };
  app.route("/", sitemapRoutes(deps, { site, ...options }));
  app.route("/", robotsRoutes(deps));
  app.route("/", feedRoutes(deps));
  app.route("/", ogImageRoutes(deps));
  return app;
}
