/**
 * The site team's views (accounts in ADMIN_EMAILS, signed in with a browser session). Every
 * /admin path sends a signed-out visitor to sign in and back; for a signed-in account outside the
 * team these paths do not exist: the same 404 as an unknown page. Answers are `no-store`.
 *
 * - `/admin` (home.tsx): every section with its count of things waiting.
 * - `/admin/edits` (edits.tsx): owners' edits as before/after diffs; accept or revert.
 * - `/admin/listings` (listings.tsx): find a listing; remove or restore it with a reason.
 * - `/admin/audit` (audit.tsx): the audit log, filtered by who, action and target.
 *
 * - `GET /admin/reviews/edits.json`: owners' listing edits, newest first, each with the changed
 *   fields before and after; `limit` (1 to 100, default 50) and `cursor` (the previous page's
 *   `next_cursor`).
 * - `/admin/orders` (orders.tsx) and `/admin/tasks` (tasks.tsx): the orders console and task list.
 * - `/admin/reviews` (community_reviews.tsx): flagged reviews to keep or remove.
 * - `/admin/claims` (claims.tsx): verified claims of owned listings: co-owner, transfer or decline.
 * - `/admin/votes` (votes.tsx): flagged vote clusters to void or keep, each with a reason.
 */
import { Hono } from "hono";
import { EDIT_REVIEWS_MAX, listEditReviews } from "../../services/directory/mod.ts";
import { ApiError, badRequest, type Deps } from "../../services/platform/mod.ts";
import { noStore } from "../middleware.ts";
import type { SessionEnv } from "../session.ts";
import { teamOnly } from "./_team.tsx";
import { adminHomeRoutes } from "./home.tsx";
import { adminEditRoutes } from "./edits.tsx";
import { adminListingRoutes } from "./listings.tsx";
import { adminAuditRoutes } from "./audit.tsx";
import { adminOrderRoutes } from "./orders.tsx";
import { adminTaskRoutes } from "./tasks.tsx";
import { adminReviewRoutes } from "./community_reviews.tsx";
import { adminClaimRoutes } from "./claims.tsx";
import { adminVoteRoutes } from "./votes.tsx";
import { adminSettingsRoutes } from "./settings.tsx";
import { adminMetricsRoutes } from "./metrics.tsx";

const DEFAULT_LIMIT = 50;

/** Reads `limit` and `cursor`; any other query parameter is a 400. */
function pageOptions(query: Record<string, string>): { limit: number; cursor?: string } {
  const unknown = Object.keys(query).filter((k) => k !== "limit" && k !== "cursor");
  if (unknown.length > 0) {
    throw badRequest(`Unknown query parameter "${unknown[0]}": use limit and cursor`, [
      { path: unknown[0], message: "Not a parameter of this list" },
    ]);
  }
  const limit = query.limit === undefined ? DEFAULT_LIMIT : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > EDIT_REVIEWS_MAX) {
    throw badRequest(`Invalid limit "${query.limit}": use a whole number from 1 to 100`, [
      { path: "limit", message: `From 1 to ${EDIT_REVIEWS_MAX}` },
    ]);
  }
  return { limit, cursor: query.cursor || undefined };
}

/** The site team's routes; the app mounts them with `app.route("/", adminRoutes(deps))`. */
export function adminRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.use("/admin/*", noStore());
  app.use("/admin/*", teamOnly(deps));
  app.get("/admin/reviews/edits.json", async (c) => {
    try {
      return c.json(await listEditReviews(deps, pageOptions(c.req.query())));
    } catch (err) {
      // The JSON error body, not the error page the app renders for paths outside the API.
      if (err instanceof ApiError && err.status === 400) return c.json(err.toBody(), 400);
      throw err;
    }
  });
  app.route("/", adminOrderRoutes(deps));
  app.route("/", adminTaskRoutes(deps));
  app.route("/", adminReviewRoutes(deps));
  app.route("/", adminClaimRoutes(deps));
  app.route("/", adminVoteRoutes(deps));
  app.route("/", adminSettingsRoutes(deps));
  app.route("/", adminMetricsRoutes(deps));
  app.route("/", adminHomeRoutes(deps));
  app.route("/", adminEditRoutes(deps));
  app.route("/", adminListingRoutes(deps));
  app.route("/", adminAuditRoutes(deps));
  return app;
}
