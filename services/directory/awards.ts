/** Launch of the Week awards: decided from community votes at the weekly rollover. */
import {
  isWeekAwarded,
  listAwardRecords,
  listAwardsOfListing,
  putWeekAwards,
} from "../../kv/awards.ts";
import { getListingBySlug, getListings } from "../../kv/listings.ts";
import { weekBoardPrefix } from "../../kv/keys.ts";
import type { Award } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { badRequest } from "../platform/errors.ts";
import { pageOf } from "../platform/paging.ts";
import { summariesOf } from "./listings.ts";
import { isoWeekLabel, mondayOf } from "../platform/weeks.ts";
import { readBoard } from "../../kv/boards.ts";

/**
 * Decides places #1-#3 of a finished week from the votes cast during it (ties: the earlier
 * launch wins). Runs once per week: a retry or a second instance finds it decided and returns
 * the stored awards. `extra` adds to the atomic operation that writes the awards (called only
 * when there are awards to write, and committed only if the week was not awarded meanwhile).
 */
export async function decideWeekAwards(
  kv: Deno.Kv,
  week: string,
  now: Date,
  extra?: (op: Deno.AtomicOperation, awards: Award[]) => void,
): Promise<Award[]> {
  if (week >= mondayOf(now)) {
    throw new Error(`Cannot decide awards of week ${week}: it has not ended`);
  }
  if (!(await isWeekAwarded(kv, week))) {
    const board = await readBoard(kv, weekBoardPrefix(week), { offset: 0, limit: 10_000 });
    const listings = new Map((await getListings(kv, board.map((e) => e.id))).map((l) => [l.id, l]));
    const ranked = board
      .filter((e) => e.score > 0 && listings.get(e.id)?.status === "live")
      .sort((a, b) =>
        b.score - a.score ||
        (listings.get(a.id)!.launched_at ?? "").localeCompare(
          listings.get(b.id)!.launched_at ?? "",
        ) ||
        a.id - b.id
      )
      .slice(0, 3);
    const awards = ranked.map((e, i): Award => ({
      week,
      place: (i + 1) as 1 | 2 | 3,
      listing_id: e.id,
      votes: e.score,
      awarded_at: now.toISOString(),
    }));
    if (awards.length > 0) {
      await putWeekAwards(kv, week, awards, extra && ((op) => extra(op, awards)));
    }
  }
  return (await listAwardRecords(kv)).filter((a) => a.week === week);
}

/** list_awards: newest week first, optionally one listing's awards. */
export async function listAwards(
  deps: Deps,
  query: { listing?: string; page: number; per_page: number },
) {
  let awards: Award[];
  if (query.listing) {
    const listing = await getListingBySlug(deps.kv, query.listing);
    if (!listing) {
      throw badRequest(`No listing "${query.listing}"`, [{
        path: "listing",
        message: "No such listing",
      }]);
    }
    awards = await listAwardsOfListing(deps.kv, listing.id);
  } else {
    awards = await listAwardRecords(deps.kv);
  }
  const page = pageOf(awards, query);
  const summaries = new Map(
    (await summariesOf(deps, page.items.map((a) => a.listing_id))).map((s) => [s.id, s]),
  );
  return {
    ...page,
    items: page.items.map((a) => ({
      title: `Launch of the Week #${a.place}`,
      place: a.place,
      week: a.week,
      iso_week: isoWeekLabel(a.week),
      votes: a.votes,
      listing: summaries.get(a.listing_id) ?? null,
    })),
  };
}
