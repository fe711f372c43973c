/**
 * launch (and the launch part of launch_bundle): the listing becomes a paid listing, live at once
 * when the line has no week, else scheduled in its week (the rollover puts it live); the paid
 * sections the product unlocks are unlocked; a free-queue week it held is given back.
 */
import { getProductRecord } from "../../../kv/catalog.ts";
import { addToWeekBoard } from "../../../kv/listings.ts";
import type { Listing } from "../../../kv/types.ts";
import { stageFreeWeekRelease } from "../../publishing/mod.ts";
import { mondayOf } from "../../platform/weeks.ts";
import type { LineContext, LineOutcome } from "../fulfilment.ts";

/** The paid launch of the line's listing. */
export async function fulfilLaunch(ctx: LineContext): Promise<LineOutcome> {
  const { deps, line } = ctx;
  const state = ctx.state!;
  const listing = state.listing;
  const product = await getProductRecord(deps.kv, line.product);
  const unlocked = [...new Set([...listing.unlocked, ...(product?.unlocks ?? [])])];
  const release = await stageFreeWeekRelease(deps.kv, listing.id);
  const now = deps.now();
  if (listing.status === "live") {
    // Already live (launched meanwhile): the plan and unlocks still apply.
    return {
      state: { ...state, listing: paid(listing, { unlocked }, now) },
      write: release?.apply,
      result: `Paid plan: live since ${listing.launched_at?.slice(0, 10)}`,
    };
  }
  if (!line.week) {
    const week = mondayOf(now);
    return {
      state: {
        ...state,
        listing: paid(listing, {
          unlocked,
          status: "live",
          launch_week: week,
          launched_at: now.toISOString(),
        }, now),
      },
      write: async (op) => {
        release?.apply(op);
        await addToWeekBoard(deps.kv, op, week, listing.id);
      },
      result: `Live since ${now.toISOString().slice(0, 10)}, on the board of the week of ${week}`,
    };
  }
  return {
    state: {
      ...state,
      listing: paid(listing, { unlocked, status: "scheduled", launch_week: line.week }, now),
    },
    write: release?.apply,
    result: `Scheduled for the week of ${line.week}: live when it starts`,
  };
}

function paid(listing: Listing, patch: Partial<Listing>, now: Date): Listing {
  return { ...listing, ...patch, plan: "paid", updated_at: now.toISOString() };
}
