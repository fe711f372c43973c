/** The launch calendar: launch weeks and the launch sections. */
import { getListings, listListingIdsByStatus, listListingIdsByWeek } from "../../kv/listings.ts";
import { boardCountKey, boardPrefix, listingsByWeekRoot, weekBoardPrefix } from "../../kv/keys.ts";
import type { Deps } from "../platform/deps.ts";
import { ApiError } from "../platform/errors.ts";
import { pageOf, toPage } from "../platform/paging.ts";
import { summariesOf } from "./listings.ts";
import { getSettings } from "../platform/settings.ts";
import { trendingScores } from "./trending.ts";
import {
  addWeeks,
  isoDate,
  isoWeekLabel,
  mondayOf,
  resolveWeek,
  sundayOf,
} from "../platform/weeks.ts";
import { getListingStatsMany } from "../../kv/listing_stats.ts";
import { readBoard, readCounter } from "../../kv/boards.ts";
import { summaryOf } from "./summary.ts";

export const LAUNCH_SECTIONS = [
  "today",
  "this-week",
  "trending",
  "most-voted",
  "recent",
  "most-viewed",
  "most-followed",
  "upcoming",
] as const;
export type LaunchSection = typeof LAUNCH_SECTIONS[number];

/** The first and last week the calendar covers: from the first launch week to the end of booking. */
export async function calendarRange(deps: Deps): Promise<{ first: string; last: string }> {
  const current = mondayOf(deps.now());
  const settings = await getSettings(deps.kv);
  let first = current;
  for await (const e of deps.kv.list({ prefix: listingsByWeekRoot() }, { limit: 1 })) {
    const week = String(e.key[1]);
    if (week < first) first = week;
  }
  const last = addWeeks(
    current,
    Math.max(settings.free_queue_max_weeks, settings.paid_booking_weeks),
  );
  return { first, last };
}

/** Resolves a week parameter to a Monday the calendar covers, or throws 404. */
export async function resolveCalendarWeek(deps: Deps, param: string): Promise<string> {
  const week = resolveWeek(param, deps.now());
  if (!week) {
    throw new ApiError(400, "invalid_request", `Invalid week "${param}"`, [
      { path: "week", message: "Expected this, next, last or a real date YYYY-MM-DD" },
    ]);
  }
  const { first, last } = await calendarRange(deps);
  if (week < first || week > last) {
    throw new ApiError(
      404,
      "not_found",
      `No launch week "${param}": the calendar covers ${first} to ${last}`,
    );
  }
  return week;
}

/** Live launches of a week ranked by the votes cast that week. */
async function rankedWeek(deps: Deps, week: string) {
  const board = await readBoard(deps.kv, weekBoardPrefix(week), { offset: 0, limit: 10_000 });
  const summaries = await summariesOf(deps, board.map((e) => e.id));
  const byId = new Map(summaries.map((s) => [s.id, s]));
  return board.filter((e) => byId.get(e.id)?.status === "live")
    .map((e, i) => ({ rank: i + 1, listing: byId.get(e.id)!, week_votes: e.score }));
}

/** get_launch_week: a week's launches, ranked when live, scheduled when ahead. */
export async function getLaunchWeek(deps: Deps, param: string) {
  const week = await resolveCalendarWeek(deps, param);
  const current = mondayOf(deps.now());
  const state = week < current ? "past" : week === current ? "current" : "upcoming";
  const base = {
    week,
    starts: week,
    ends: sundayOf(week),
    iso_week: isoWeekLabel(week),
    state,
    previous_week: addWeeks(week, -1),
    next_week: addWeeks(week, 1),
  };
  if (state !== "upcoming") {
    const launches = await rankedWeek(deps, week);
    return {
      ...base,
      ranked_by: "community votes cast during the week",
      launches,
      total: launches.length,
    };
  }
  const ids = await listListingIdsByWeek(deps.kv, week);
  const listings = (await getListings(deps.kv, ids)).filter((l) => l.status === "scheduled");
  const stats = await getListingStatsMany(deps.kv, listings.map((l) => l.id));
  const launches = listings.sort((a, b) => a.name.localeCompare(b.name))
    .map((l) => ({ rank: null, listing: summaryOf(l, stats.get(l.id)!), week_votes: 0 }));
  return { ...base, ranked_by: "scheduled, not yet ranked", launches, total: launches.length };
}

type PageQuery = { page: number; per_page: number };

async function boardSection(
  deps: Deps,
  board: "votes_all" | "views" | "follows",
  query: PageQuery,
) {
  const entries = await readBoard(deps.kv, boardPrefix(board), {
    offset: (query.page - 1) * query.per_page,
    limit: query.per_page,
  });
  const total = await readCounter(deps.kv, boardCountKey(board));
  return toPage(await summariesOf(deps, entries.map((e) => e.id)), total, query);
}

/** list_launches: live launches by section. */
export async function listLaunches(deps: Deps, query: { section: LaunchSection } & PageQuery) {
  const section = query.section;
  const page = await launchSection(deps, section, query);
  return { section, ...page };
}

async function launchSection(deps: Deps, section: LaunchSection, query: PageQuery) {
  const now = deps.now();
  switch (section) {
    case "this-week":
      return pageOf((await rankedWeek(deps, mondayOf(now))).map((e) => e.listing), query);
    case "today": {
      const today = isoDate(now);
      const ranked = await rankedWeek(deps, mondayOf(now));
      return pageOf(
        ranked.map((e) => e.listing).filter((l) => l.launched_at?.startsWith(today)),
        query,
      );
    }
    case "most-voted":
      return boardSection(deps, "votes_all", query);
    case "most-viewed":
      return boardSection(deps, "views", query);
    case "most-followed":
      return boardSection(deps, "follows", query);
    case "trending": {
      const scores = await trendingScores(deps);
      const ids = [...scores.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) =>
        id
      );
      const live = (await summariesOf(deps, ids)).filter((s) => s.status === "live");
      return pageOf(live, query);
    }
    case "recent": {
      await deps.search.ready;
      const { items, total } = deps.search.search({
        q: "",
        status: "live",
        sort: "newest",
        ...query,
      });
      return toPage(items, total, query);
    }
    case "upcoming": {
      const ids = await listListingIdsByStatus(deps.kv, "scheduled");
      const listings = (await getListings(deps.kv, ids))
        .sort((a, b) => (a.launch_week ?? "").localeCompare(b.launch_week ?? "") || a.id - b.id);
      const stats = await getListingStatsMany(deps.kv, listings.map((l) => l.id));
      return pageOf(listings.map((l) => summaryOf(l, stats.get(l.id)!)), query);
    }
  }
}
