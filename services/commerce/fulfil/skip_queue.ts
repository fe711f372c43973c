/**
 * skip_queue: a free listing's reserved free-queue week moves to the line's (earlier) week: the
 * old week's slot is released and the new week's taken in the free queue's ledger, the plan's
 * reservation and (when set) the listing's launch week follow, all in the line's atomic write.
 * The order's hold on the week is released by fulfilment.ts in the same write. The listing stays
 * on the free plan with its badge requirement. A listing that meanwhile lost its week, launched
 * or left the free plan has nothing to move: the line is refunded (site-team task).
 */
import { FreeWeekLedger, getFreePlanEntry, writeFreePlan } from "../../../kv/publishing.ts";
import type { LineContext, LineOutcome } from "../fulfilment.ts";
import { notDelivered } from "./outcomes.ts";

/** Moves the free reservation to the line's week. */
export async function fulfilSkipQueue(ctx: LineContext): Promise<LineOutcome> {
  const { deps, line } = ctx;
  const state = ctx.state!;
  const listing = state.listing;
  const week = line.week!;
  const entry = await getFreePlanEntry(deps.kv, listing.id);
  const reservation = entry.value?.reservation;
  if (!entry.value || !reservation || listing.plan !== "free" || listing.status === "live") {
    return notDelivered(ctx, "the listing no longer holds a reserved free-queue week to move");
  }
  if (reservation.week === week) {
    return { result: `Already in the free queue for the week of ${week}` };
  }
  const now = deps.now();
  const ledger = new FreeWeekLedger(deps.kv);
  await ledger.release(reservation, listing.id);
  await ledger.load([week]);
  const moved = ledger.take(week, listing.id, now);
  const plan = { ...entry.value, reservation: moved, lost_week: null };
  return {
    state: {
      ...state,
      listing: {
        ...listing,
        launch_week: listing.launch_week ? week : null,
        updated_at: now.toISOString(),
      },
    },
    write: (op) => {
      writeFreePlan(op, entry, plan);
      ledger.apply(op);
    },
    result: `Free-queue week moved from the week of ${reservation.week} to the week of ${week}` +
      " (the badge is still required)",
  };
}
