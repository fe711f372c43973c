/**
 * The badge re-check cron (hourly): free listings awaiting the badge are checked every hour,
 * scheduled free listings every day until their week begins; which ones are due is decided by the
 * age of their last check, so one hourly run does both. An awaiting listing whose reserved week
 * has begun is checked at once and, still without the badge, loses the week.
 *
 * Safe to run twice and on several instances: each result is applied by one atomic write checked
 * against the versions read, a result older than the recorded one changes nothing, and mails go
 * out only from the write that changed the state.
 */
import { getListings, listListingIdsByStatus } from "../../kv/listings.ts";
import { getFreePlans } from "../../kv/publishing.ts";
import type { FreePlan, Listing } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { mondayOf } from "../platform/weeks.ts";
import { applyBadgeCheck } from "./apply_check.ts";
import { checkBadge } from "./badge_check.ts";

/**
 * An awaiting listing is due when its last check is at least this old: a little under an hour, so
 * that an hourly run a few seconds early still finds it due.
 */
export const AWAITING_RECHECK_MS = 50 * 60_000;
/** A scheduled free listing is due when its last check is at least this old (daily). */
export const SCHEDULED_RECHECK_MS = 23 * 3_600_000;
/** Homepages checked at once by one run. */
const PARALLEL_CHECKS = 4;

/** What one run did. */
export interface RecheckSummary {
  checked: number;
  scheduled: number;
  back_to_awaiting: number;
  weeks_lost: number;
}

/** Whether a free listing's badge is due for a check at `now`. */
export function recheckDue(listing: Listing, plan: FreePlan | null, now: Date): boolean {
  if (listing.plan !== "free") return false;
  const last = plan?.badge_check ? Date.parse(plan.badge_check.checked_at) : -Infinity;
  const age = now.getTime() - last;
  const weekBegun = !!plan?.reservation && plan.reservation.week <= mondayOf(now);
  if (listing.status === "awaiting_badge") return weekBegun || age >= AWAITING_RECHECK_MS;
  if (listing.status === "scheduled") return !weekBegun && age >= SCHEDULED_RECHECK_MS;
  return false;
}

/** The cron job: checks every due free listing and applies each result. */
export async function recheckBadges(deps: Deps): Promise<RecheckSummary> {
  const ids = [
    ...await listListingIdsByStatus(deps.kv, "awaiting_badge"),
    ...await listListingIdsByStatus(deps.kv, "scheduled"),
  ];
  const listings = await getListings(deps.kv, ids);
  const plans = await getFreePlans(deps.kv, listings.map((l) => l.id));
  const now = deps.now();
  const due = listings.filter((l, i) => recheckDue(l, plans[i], now));
  const summary: RecheckSummary = { checked: 0, scheduled: 0, back_to_awaiting: 0, weeks_lost: 0 };
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const listing = due[next++];
      try {
        const check = await checkBadge(deps, listing.url);
        const commit = await applyBadgeCheck(deps, listing.id, check);
        summary.checked++;
        for (const event of commit?.events ?? []) {
          if (event.type === "scheduled") summary.scheduled++;
          if (event.type === "badge_gone") summary.back_to_awaiting++;
          if (event.type === "week_lost") summary.weeks_lost++;
        }
      } catch (err) {
        // One listing's failure (e.g. a write that kept conflicting) must not stop the others.
        console.error(`Badge re-check of listing ${listing.id} failed:`, err);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_CHECKS }, worker));
  return summary;
}
