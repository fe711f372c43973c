/**
 * `/robots.txt` of this site: the public pages are open to every crawler; the API, the account,
 * the dashboard, the site team's console, outbound redirects and the checkout are not; the
 * sitemap is named. (`/bot` is the page about this site's own crawler, a different thing.)
 */
import { Hono } from "hono";
import type { Deps } from "../../services/platform/mod.ts";
import { PAGE_CACHE_CONTROL, taggedAnswer } from "../public_reads.ts";

/** Paths no crawler should read: machine endpoints and pages for a signed-in person. */
export const ROBOTS_DISALLOWED = [
  "/api/",
  "/account",
  "/dashboard",
  "/admin",
  "/go/",
  "/checkout",
  "/signin",
  "/invites/",
  "/claims/",
  "/unsubscribe",
  "/search",
  "/mcp",
  "/oauth/",
];

/** The text of robots.txt for a public URL. */
export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

export function robotsRoutes(deps: Deps): Hono {
  const app = new Hono();
  const text = robotsTxt(deps.config.publicUrl);
  app.get(
    "/robots.txt",
    (c) => taggedAnswer(c, text, "text/plain; charset=utf-8", PAGE_CACHE_CONTROL),
  );
  return app;
}
