/**
 * A listing's counts per metric and UTC day, for its stats page. Views and follows are added by
 * listing_stats.ts in the same atomic operation as the event (`addDaily`); the votes of a day are
 * the `votes_by_day` sums that castVote keeps (one definition, also read by trending); website
 * clicks, badge image loads and badge clicks are counted here, each with an all-time total.
 * Nothing personal is stored: a visitor is a hash that expires after two days.
 */
import * as keys from "./keys.ts";
import { isoDate } from "../services/platform/weeks.ts";
import { getManyValues } from "./read.ts";

/** The metrics counted per day, in the order the stats page shows them. */
export const DAILY_METRICS = [
  "views",
  "website_clicks",
  "votes",
  "follows",
  "badge_loads",
  "badge_clicks",
] as const;
export type DailyMetric = typeof DAILY_METRICS[number];

/** The metrics whose all-time total is kept here (ListingStats keeps views, votes and follows). */
export const COUNTED_METRICS = ["website_clicks", "badge_loads", "badge_clicks"] as const;
export type CountedMetric = typeof COUNTED_METRICS[number];

/** How long a visitor's "already counted today" mark is kept. */
const SEEN_FOR_MS = 2 * 86_400_000;

function dailyKey(id: number, metric: DailyMetric, day: string): Deno.KvKey {
  return metric === "votes" ? keys.dailyVotesKey(day, id) : keys.listingDailyKey(id, metric, day);
}

/** Adds one to a listing's views or follows of the day of `at`, in the event's own operation. */
export function addDaily(
  op: Deno.AtomicOperation,
  id: number,
  metric: "views" | "follows",
  at: Date,
): Deno.AtomicOperation {
  return op.sum(dailyKey(id, metric, isoDate(at)), 1n);
}

function stageCount(op: Deno.AtomicOperation, id: number, metric: CountedMetric, at: Date) {
  op.sum(dailyKey(id, metric, isoDate(at)), 1n).sum(keys.listingTotalKey(id, metric), 1n);
}

/** Counts one event at `at` (e.g. a badge image load): the day's count and the all-time total. */
export async function countEvent(
  kv: Deno.Kv,
  id: number,
  metric: CountedMetric,
  at: Date,
): Promise<void> {
  const op = kv.atomic();
  stageCount(op, id, metric, at);
  await op.commit();
}

/**
 * Counts an event once per visitor (a hash) per UTC day. Returns false when the visitor was
 * already counted that day (or is being counted by a concurrent request).
 */
export async function countEventOnce(
  kv: Deno.Kv,
  id: number,
  metric: CountedMetric,
  visitor: string,
  at: Date,
): Promise<boolean> {
  const seen = keys.dailySeenKey(id, metric, isoDate(at), visitor);
  const op = kv.atomic().check({ key: seen, versionstamp: null })
    .set(seen, true, { expireIn: SEEN_FOR_MS });
  stageCount(op, id, metric, at);
  return (await op.commit()).ok;
}

/** Per metric, the count of each of `days` (YYYY-MM-DD, 0 where nothing was counted), in order. */
export async function readDaily(
  kv: Deno.Kv,
  id: number,
  days: string[],
): Promise<Record<DailyMetric, number[]>> {
  const list = DAILY_METRICS.flatMap((m) => days.map((d) => dailyKey(id, m, d)));
  const values = await getManyValues<Deno.KvU64>(kv, list);
  const out = {} as Record<DailyMetric, number[]>;
  DAILY_METRICS.forEach((metric, m) => {
    out[metric] = days.map((_, d) => Number(values[m * days.length + d]?.value ?? 0n));
  });
  return out;
}

/** The all-time totals of website clicks, badge image loads and badge clicks. */
export async function readCountedTotals(
  kv: Deno.Kv,
  id: number,
): Promise<Record<CountedMetric, number>> {
  const list = COUNTED_METRICS.map((m) => keys.listingTotalKey(id, m));
  const values = await getManyValues<Deno.KvU64>(kv, list);
  return Object.fromEntries(
    COUNTED_METRICS.map((m, i) => [m, Number(values[i]?.value ?? 0n)]),
  ) as Record<CountedMetric, number>;
}
