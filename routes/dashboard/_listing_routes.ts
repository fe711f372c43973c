/**
 * Managing a listing: its overview, edit (with the version history), updates, story and
 * milestones, badges and orders tabs, the founder interview and every order. The publish and
 * stats tabs are served by their own modules.
 */
import { Hono } from "hono";
import type { Deps } from "../../services/platform/mod.ts";
import type { SessionEnv } from "../session.ts";
import { interviewRoutes } from "./interview.tsx";
import { listingBadgesRoutes } from "./listing_badges.tsx";
import { listingEditRoutes } from "./listing_edit.tsx";
import { listingOverviewRoutes } from "./listing_overview.tsx";
import { listingStoryRoutes } from "./listing_story.tsx";
import { listingUpdatesRoutes } from "./listing_updates.tsx";
import { ordersRoutes } from "./orders.tsx";

/** The pages of managing a listing, as one route group. */
export function manageListingRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  for (
    const routes of [
      listingOverviewRoutes,
      listingEditRoutes,
      listingUpdatesRoutes,
      listingStoryRoutes,
      listingBadgesRoutes,
      ordersRoutes,
      interviewRoutes,
    ]
  ) app.route("/", routes(deps));
  return app;
}
