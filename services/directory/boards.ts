/** The five ranked boards, each separate from the others. */
import { boardCountKey, boardPrefix, weekBoardPrefix } from "../../kv/keys.ts";
import type { BoardName } from "../../kv/keys.ts";
import type { Deps } from "../platform/deps.ts";
import { badRequest } from "../platform/errors.ts";
import { toPage } from "../platform/paging.ts";
import { summariesOf } from "./listings.ts";
import { resolveCalendarWeek } from "./calendar.ts";
import { isoWeekLabel } from "../platform/weeks.ts";
import { readBoard, readCounter } from "../../kv/boards.ts";

export const BOARDS = [
  "community-weekly",
  "community-all-time",
  "billboard",
  "domain-rating",
  "revenue",
] as const;
export type Board = typeof BOARDS[number];

const BOARD_INFO: Record<
  Board,
  { title: string; description: string; metric: string; paid: boolean; kv?: BoardName }
> = {
  "community-weekly": {
    title: "Launches of the week",
    description: "Launches of one week ranked by the community votes cast during that week.",
    metric: "week_votes",
    paid: false,
  },
  "community-all-time": {
    title: "Most voted of all time",
    description: "Live listings ranked by all community votes.",
    metric: "votes",
    paid: false,
    kv: "votes_all",
  },
  billboard: {
    title: "Billboard (paid)",
    description:
      "A PAID ranking by money contributed. It is not a community ranking and never affects votes or awards.",
    metric: "contributed_cents",
    paid: true,
    kv: "billboard",
  },
  "domain-rating": {
    title: "Domain Rating",
    description:
      "Live listings ranked by Domain Rating, a third-party SEO metric of their website.",
    metric: "domain_rating",
    paid: false,
    kv: "domain_rating",
  },
  revenue: {
    title: "Revenue",
    description:
      "Live listings ranked by their latest verified monthly recurring revenue (USD cents): figures checked by the site team; self-reported figures are not ranked.",
    metric: "mrr_cents",
    paid: false,
    kv: "revenue",
  },
};

/** get_leaderboard: one board's page of items, each with rank, listing and metric. */
export async function getLeaderboard(
  deps: Deps,
  board: Board,
  query: { week?: string; page: number; per_page: number },
) {
  const info = BOARD_INFO[board];
  if (query.week !== undefined && board !== "community-weekly") {
    throw badRequest(`Parameter "week" applies only to the community-weekly board`, [
      { path: "week", message: "Only for community-weekly" },
    ]);
  }
  const offset = (query.page - 1) * query.per_page;
  let week: string | undefined;
  let entries: { id: number; score: number }[];
  let total: number;
  if (board === "community-weekly") {
    week = await resolveCalendarWeek(deps, query.week ?? "this");
    // A week holds a bounded number of launches; only those still live are ranked.
    const all = await readBoard(deps.kv, weekBoardPrefix(week), { offset: 0, limit: 10_000 });
    const live = new Set(
      (await summariesOf(deps, all.map((e) => e.id))).filter((s) => s.status === "live").map((s) =>
        s.id
      ),
    );
    const ranked = all.filter((e) => live.has(e.id));
    total = ranked.length;
    entries = ranked.slice(offset, offset + query.per_page);
  } else {
    entries = await readBoard(deps.kv, boardPrefix(info.kv!), { offset, limit: query.per_page });
    total = await readCounter(deps.kv, boardCountKey(info.kv!));
  }
  const summaries = new Map(
    (await summariesOf(deps, entries.map((e) => e.id))).map((s) => [s.id, s]),
  );
  const items = entries.filter((e) => summaries.has(e.id)).map((e, i) => ({
    rank: offset + i + 1,
    listing: summaries.get(e.id)!,
    metric: { name: info.metric, value: e.score },
    ...(info.paid ? { paid: true } : {}),
  }));
  return {
    board,
    title: info.title,
    description: info.description,
    paid: info.paid,
    ...(week ? { week, iso_week: isoWeekLabel(week) } : {}),
    ...toPage(items, total, query),
  };
}
