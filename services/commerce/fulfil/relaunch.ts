/**
 * relaunch: a live listing launches again in the line's week: its launch week becomes that week
 * (so the week's calendar, the `listings_by_week` index and the paid slots count it) and it gets
 * an entry on that week's community board, in the line's atomic write. It stays live and public
 * meanwhile; `launched_at` keeps its first launch. The weekly rollover only moves `scheduled`
 * listings, so it leaves a relaunched one alone; the awards of the relaunch week rank it with that
 * week's board like any launch of the week (awards it won before stay).
 */
import { addToWeekBoard } from "../../../kv/listings.ts";
import type { LineContext, LineOutcome } from "../fulfilment.ts";
import { notDelivered } from "./outcomes.ts";

/** The listing's new launch week and its place on that week's board. */
export function fulfilRelaunch(ctx: LineContext): Promise<LineOutcome> {
  const { deps } = ctx;
  const state = ctx.state!;
  const listing = state.listing;
  const week = ctx.line.week!;
  if (listing.status !== "live") {
    return Promise.resolve(
      notDelivered(ctx, `the listing is ${listing.status}, not live, so it cannot relaunch`),
    );
  }
  return Promise.resolve({
    state: {
      ...state,
      listing: { ...listing, launch_week: week, updated_at: deps.now().toISOString() },
    },
    write: (op) => addToWeekBoard(deps.kv, op, week, listing.id),
    result: `Relaunching in the week of ${week}: on that week's calendar and board`,
  });
}
