/**
 * What a badge check does to a free listing, committed in one atomic write (see
 * `commitFreeChange`) and mailed to its founders when the state changes:
 *
 * - awaiting_badge, badge found, reserved week not begun → scheduled for that week;
 * - awaiting_badge whose reserved week has begun → the week is lost (its slot released); found
 *   now or later → queued again for the earliest free week of the window from that moment;
 * - scheduled (week not begun), badge conclusively not there (page read without it, or robots.txt
 *   refusing) → awaiting_badge, the week stays reserved; a site that cannot be reached changes
 *   nothing until a check can read it;
 * - scheduled whose week has begun: left to the weekly rollover, which puts it live.
 *
 * A check older than the one recorded changes nothing (two instances checking at once).
 */
import type { Deps } from "../platform/deps.ts";
import { getSettings } from "../platform/settings.ts";
import { mondayOf } from "../platform/weeks.ts";
import type { BadgeCheckResult } from "./badge_check.ts";
import {
  commitFreeChange,
  type FreeCommit,
  type FreeDecision,
  type FreeEvent,
  type FreeState,
  newFreePlan,
  reserveEarliestWeek,
} from "./free_queue.ts";
import { mailFreeEvents } from "./notify.ts";

/** Records a badge check on a free listing and moves it accordingly; mails its founders. */
export async function applyBadgeCheck(
  deps: Deps,
  id: number,
  check: BadgeCheckResult,
  seal?: (op: Deno.AtomicOperation, commit: FreeCommit) => Promise<void>,
): Promise<FreeCommit | null> {
  const settings = await getSettings(deps.kv);
  const commit = await commitFreeChange(
    deps,
    id,
    (state) => decideAfterCheck(deps, state, check, settings),
    seal,
  );
  if (commit && commit.events.length > 0) await mailFreeEvents(deps, commit);
  return commit;
}

async function decideAfterCheck(
  deps: Deps,
  { listing, plan: stored, ledger }: FreeState,
  check: BadgeCheckResult,
  settings: Awaited<ReturnType<typeof getSettings>>,
): Promise<FreeDecision | null> {
  if (listing.plan !== "free") return null;
  if (listing.status !== "awaiting_badge" && listing.status !== "scheduled") return null;
  const now = deps.now();
  const plan = stored ?? newFreePlan(listing.id, now);
  if (plan.badge_check && plan.badge_check.checked_at > check.checked_at) return null;
  const { conclusive, ...record } = check;
  const next = { ...plan, badge_check: record };
  const events: FreeEvent[] = [];
  const reservation = plan.reservation;
  const begun = reservation !== null && reservation.week <= mondayOf(now);
  let status = listing.status;
  let week = listing.launch_week;
  if (listing.status === "scheduled") {
    if (!begun && check.status !== "found" && conclusive) {
      status = "awaiting_badge";
      events.push({ type: "badge_gone", week: reservation?.week ?? week ?? "" });
    }
    return { status, launch_week: week, plan: next, events };
  }
  if (reservation && begun) {
    await ledger.release(reservation, listing.id);
    next.reservation = null;
    next.lost_week = reservation.week;
    week = null;
    events.push({ type: "week_lost", week: reservation.week });
  }
  if (check.status === "found") {
    const held = next.reservation ??
      await reserveEarliestWeek(ledger, settings, listing.id, now);
    if (held) {
      next.reservation = held;
      next.lost_week = null;
      status = "scheduled";
      week = held.week;
      events.push({ type: "scheduled", week: held.week });
    } else {
      next.badge_check = {
        ...record,
        reason:
          `${record.reason}. Every week of the free queue window (${settings.free_queue_min_weeks} to ${settings.free_queue_max_weeks} weeks ahead) is full: a week is reserved at a later check, when one frees up`,
      };
    }
  }
  return { status, launch_week: week, plan: next, events };
}
