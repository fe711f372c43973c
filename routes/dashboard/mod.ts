/**
 * The founders' pages: submit a website, watch its draft being built, edit the draft with its
 * evidence, publish (free plan or paid launch), manage each listing and measure it. Every action
 * goes through the operation table (`_operation.ts`), so the pages do what the API does, with its
 * limits and messages. Every answer is `Cache-Control: no-store`; form posts are CSRF-checked.
 */
import { Hono } from "hono";
import type { Deps } from "../../services/platform/mod.ts";
import { noStore } from "../middleware.ts";
import type { SessionEnv } from "../session.ts";
import { draftEditorRoutes } from "./draft_editor.tsx";
import { draftWatchRoutes } from "./draft_watch.tsx";
import { homeRoutes } from "./home.tsx";
import { listingStatsRoutes } from "./listing_stats.tsx";
import { listingReviewsRoutes } from "./listing_reviews.tsx";
import { claimPageRoutes } from "./claims.tsx";
import { manageListingRoutes } from "./_listing_routes.ts";
import { publishRoutes } from "./publish.tsx";
import { submitRoutes } from "./submit.tsx";
import { DASHBOARD_PATHS } from "./_paths.ts";

/** The paths served here (`_paths.ts`); all of them answer `Cache-Control: no-store`. */
export { DASHBOARD_PATHS };

/** Each module's routes, mounted in this order. */
const ROUTE_GROUPS: ((deps: Deps) => Hono<SessionEnv>)[] = [
  homeRoutes, // the dashboard: drafts, listings, orders
  submitRoutes, // submit a website
  draftWatchRoutes, // watch a draft being built
  draftEditorRoutes, // edit a draft with its evidence; save as listing
  publishRoutes, // free plan or paid launch
  manageListingRoutes, // overview, edit, updates, story, badges, orders; interview
  listingStatsRoutes, // views, clicks, votes, follows, badge loads and clicks
  listingReviewsRoutes, // every review of a listing, hidden ones marked; answer each once
  claimPageRoutes, // claim a listing, follow a claim and verify it, list one's claims
];

/** The founders' pages; the app mounts them with `app.route("/", dashboardRoutes(deps))`. */
export function dashboardRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  for (const path of DASHBOARD_PATHS) app.use(path, noStore());
  for (const routes of ROUTE_GROUPS) app.route("/", routes(deps));
  return app;
}
