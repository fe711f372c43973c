/**
 * The web pages. As in Fresh, each URL has one module under routes/pages/ exporting `handler`
 * (and its page component as default); the manifest below maps paths to them.
 */
import { type Context, Hono } from "hono";
import type { ApiError, Deps } from "../../services/platform/mod.ts";
import type { PageHandler } from "./_page.tsx";
import { renderErrorPage as renderError } from "./_error.tsx";
import * as home from "./index.tsx";
import * as listing from "./listing.tsx";
import * as compare from "./compare.tsx";
import * as categories from "./categories.tsx";
import * as category from "./category.tsx";
import * as week from "./week.tsx";
import * as leaderboards from "./leaderboards.tsx";
import * as leaderboard from "./leaderboard.tsx";
import * as awards from "./awards.tsx";
import * as blog from "./blog.tsx";
import * as blogPost from "./blog_post.tsx";
import * as founder from "./founder.tsx";
import * as search from "./search.tsx";
import * as docsApi from "./docs_api.tsx";
import * as bot from "./bot.tsx";
import * as trophies from "./trophies.tsx";
import * as moderation from "./moderation.tsx";
import * as rules from "./rules.tsx";
import * as linkPolicy from "./link_policy.tsx";
import * as founders from "./founders.tsx";
import * as upcoming from "./upcoming.tsx";
import * as alternatives from "./alternatives.tsx";
import * as tag from "./tag.tsx";
import * as tags from "./tags.tsx";
import { BOT_PAGE_PATH } from "../../services/platform/mod.ts";

/** Path (Hono syntax) → page module. */
export const MANIFEST: Record<string, { handler: PageHandler }> = {
  "/": home,
  "/listings/:slug": listing,
  "/listings/:slug/alternatives": alternatives,
  "/compare": compare,
  "/categories": categories,
  "/categories/:slug": category,
  // Before "/launches/:week", which would read "upcoming" as a week.
  "/launches/upcoming": upcoming,
  "/launches/:week": week,
  "/leaderboards": leaderboards,
  "/leaderboards/:board": leaderboard,
  "/awards": awards,
  "/blog": blog,
  "/blog/:slug": blogPost,
  "/founders": founders,
  "/founders/:slug": founder,
  "/tags": tags,
  "/tags/:tag": tag,
  "/trophies/:slug": trophies,
  "/trophies/:slug/embed": { handler: trophies.embedHandler },
  "/search": search,
  "/docs/api": docsApi,
  "/moderation": moderation,
  "/rules": rules,
  "/link-policy": linkPolicy,
  [BOT_PAGE_PATH]: bot,
};

/** Every page route; errors propagate to the app's onError, which renders the error page. */
export function pageRoutes(deps: Deps, openApi: () => Record<string, unknown>): Hono {
  const app = new Hono();
  for (const [path, page] of Object.entries(MANIFEST)) {
    app.get(path, (c) => page.handler({ c, deps, openApi }));
  }
  app.get("/launches", (c) => c.redirect("/launches/this", 302));
  return app;
}

/** The error page as a full HTML document: status, message and a link home. */
export function renderErrorPage(deps: Deps, err: ApiError, c?: Context): string {
  return renderError(deps, err, c);
}
