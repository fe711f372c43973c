/**
 * choose_free_listing: puts a saved, unpublished listing on the free plan. The week is reserved
 * first (the earliest week of the window with a free slot, or a 409 naming the paid route), then
 * the badge is looked for at once, so the answer shows the check's result. Calling it again keeps
 * the reservation and checks the badge again.
 */
import type { Listing } from "../../kv/types.ts";
import type { Caller } from "../access/access.ts";
import type { IdempotencySeal } from "../access/idempotency.ts";
import { requireOwnListing } from "../directory/my_listings.ts";
import type { Deps } from "../platform/deps.ts";
import { ApiError, conflict } from "../platform/errors.ts";
import { publishingRoutes } from "../platform/publishing_routes.ts";
import { getSettings } from "../platform/settings.ts";
import { applyBadgeCheck } from "./apply_check.ts";
import { checkBadge } from "./badge_check.ts";
import {
  commitFreeChange,
  type FreeCommit,
  freeQueueWeeks,
  newFreePlan,
  reserveEarliestWeek,
} from "./free_queue.ts";
import { freePlanView, listedBadge } from "./view.ts";

/** Why a listing cannot take the free plan, or null when it can. */
function notEligible(listing: Listing): string | null {
  if (listing.status === "live") return `Listing ${listing.id} is already live`;
  if (listing.plan === "paid") {
    return `Listing ${listing.id} is on the paid plan (status "${listing.status}"): it does not need the free queue`;
  }
  if (listing.status === "scheduled" && listing.plan !== "free") {
    return `Listing ${listing.id} is already scheduled for the week of ${listing.launch_week}`;
  }
  const known = ["draft", "awaiting_badge", "scheduled"];
  if (!known.includes(listing.status)) {
    return `Listing ${listing.id} cannot take the free plan in status "${listing.status}"`;
  }
  return null;
}

/** choose_free_listing for the caller's listing `id` (404 for another account's listing). */
export async function chooseFreeListing(
  deps: Deps,
  caller: Caller,
  id: number,
  implementedOperations: ReadonlySet<string>,
  seal?: IdempotencySeal,
) {
  const listing = await requireOwnListing(deps, caller, id);
  const refusal = notEligible(listing);
  if (refusal) throw conflict(refusal);
  const settings = await getSettings(deps.kv);
  // 1. The reservation, with the listing's move to awaiting_badge (nothing when it holds one).
  await commitFreeChange(deps, id, async ({ listing: current, plan, ledger }) => {
    const refused = notEligible(current);
    if (refused) throw conflict(refused);
    if (plan?.reservation || plan?.lost_week) return null;
    const now = deps.now();
    const reservation = await reserveEarliestWeek(ledger, settings, id, now);
    if (!reservation) throw noFreeWeek(settings, now, implementedOperations);
    return {
      status: "awaiting_badge",
      launch_week: reservation.week,
      plan: { ...(plan ?? newFreePlan(id, now)), reservation },
      events: [],
    };
  });
  // 2. The badge check, recorded (and the listing scheduled when found) with the sealed answer.
  const badge = await listedBadge(deps, listing.slug);
  const check = await checkBadge(deps, listing.url);
  const answer = async ({ listing: after, plan }: FreeCommit) => ({
    listing_id: after.id,
    status: after.status,
    plan: after.plan,
    launch_week: after.launch_week,
    free_plan: await freePlanView(deps, after, { plan, badge }),
  });
  const commit = await applyBadgeCheck(
    deps,
    id,
    check,
    seal && (async (op, done) => await seal(op, await answer(done))),
  );
  if (commit) return await answer(commit);
  // Nothing written (a newer check was recorded meanwhile): answer the current state.
  const current = await requireOwnListing(deps, caller, id);
  if (current.plan !== "free") throw conflict(notEligible(current) ?? `Listing ${id} changed`);
  return {
    listing_id: current.id,
    status: current.status,
    plan: current.plan,
    launch_week: current.launch_week,
    free_plan: await freePlanView(deps, current, { badge }),
  };
}

/** The 409 of a full window: says which weeks are full and how to launch without the queue. */
function noFreeWeek(
  settings: Awaited<ReturnType<typeof getSettings>>,
  now: Date,
  implemented: ReadonlySet<string>,
): ApiError {
  const weeks = freeQueueWeeks(settings, now);
  const paid = publishingRoutes(settings, implemented).paid;
  return conflict(
    `No free launch week left: every week of the free queue window (${settings.free_queue_min_weeks} to ${settings.free_queue_max_weeks} weeks ahead, the weeks of ${
      weeks[0]
    } to ${weeks.at(-1)}) has its ${settings.free_slots_per_week} free launches taken. ${paid}`,
  );
}
