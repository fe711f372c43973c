/**
 * What a listing's owner measures: views, website clicks, votes, followers, badge image loads and
 * badge clicks, per UTC day and in total; the counting of website clicks and badge loads and
 * clicks; and the launch-day figures of the week page. Counts live in KV without personal data:
 * a visitor is a SHA-256 of address and browser, kept two days to count them once a day.
 */
import {
  type CountedMetric,
  countEvent,
  countEventOnce,
  DAILY_METRICS,
  type DailyMetric,
  readCountedTotals,
  readDaily,
} from "../../kv/listing_daily.ts";
import { getListingStats } from "../../kv/listing_stats.ts";
import { getListingBySlug } from "../../kv/listings.ts";
import type { Deps } from "../platform/deps.ts";
import { notFound } from "../platform/errors.ts";
import { isoDate } from "../platform/weeks.ts";
import { requirePublicListing } from "./listings.ts";
import { type Visitor, visitorKey } from "./views.ts";

export type { Visitor };

/** How many days the stats page shows. */
const STATS_DAYS = 30;

/** What each metric is called on the pages. */
const METRIC_LABELS: Record<DailyMetric, string> = {
  views: "Views",
  website_clicks: "Website clicks",
  votes: "Votes",
  follows: "Followers",
  badge_loads: "Badge image loads",
  badge_clicks: "Badge clicks",
};

/** One metric: its count per day (oldest first), their sum, and the all-time total. */
export interface MetricSeries {
  metric: DailyMetric;
  label: string;
  daily: number[];
  period_total: number;
  total: number;
}

/** A listing's metrics over a range of days. */
export interface ListingMeasures {
  /** The days, oldest first (YYYY-MM-DD, UTC); `daily` counts follow this order. */
  days: string[];
  metrics: MetricSeries[];
}

/** The `count` UTC days up to and including the day of `today`, oldest first. */
export function lastDays(today: Date, count: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from(
    { length: count },
    (_, i) => isoDate(new Date(end - (count - 1 - i) * 86_400_000)),
  );
}

/** A listing's six metrics for the last `days` days (today = `deps.now()`) and all time. */
export async function listingMeasures(
  deps: Deps,
  id: number,
  days = STATS_DAYS,
): Promise<ListingMeasures> {
  const range = lastDays(deps.now(), days);
  const [daily, stats, counted] = await Promise.all([
    readDaily(deps.kv, id, range),
    getListingStats(deps.kv, id),
    readCountedTotals(deps.kv, id),
  ]);
  const totals = { views: stats.views, votes: stats.votes, follows: stats.follows, ...counted };
  return {
    days: range,
    metrics: DAILY_METRICS.map((metric) => ({
      metric,
      label: METRIC_LABELS[metric],
      daily: daily[metric],
      period_total: daily[metric].reduce((a, b) => a + b, 0),
      total: totals[metric],
    })),
  };
}

/**
 * A click on a public listing's website link: counted once per visitor per day, answering the
 * website to send them to. 404 when the listing's page is not public or it has no http(s) website.
 */
export async function countWebsiteClick(
  deps: Deps,
  slug: string,
  visitor: Visitor,
): Promise<string> {
  const listing = await requirePublicListing(deps, slug);
  const website = URL.canParse(listing.url) ? new URL(listing.url) : null;
  if (!website || !["http:", "https:"].includes(website.protocol)) {
    throw notFound("listing website", slug);
  }
  await quietly(
    listing.id,
    "website_clicks",
    async () =>
      countEventOnce(deps.kv, listing.id, "website_clicks", await visitorKey(visitor), deps.now()),
  );
  return website.href;
}

/** A visitor arriving from a badge (`?ref=badge`), counted once per visitor per day. */
export async function countBadgeClick(deps: Deps, id: number, visitor: Visitor): Promise<void> {
  await quietly(
    id,
    "badge_clicks",
    async () => countEventOnce(deps.kv, id, "badge_clicks", await visitorKey(visitor), deps.now()),
  );
}

/** One badge image served (a 200 or a 304) for the listing of `slug`. */
export async function countBadgeLoad(deps: Deps, slug: string): Promise<void> {
  const listing = await getListingBySlug(deps.kv, slug);
  if (listing) {
    await quietly(
      listing.id,
      "badge_loads",
      () => countEvent(deps.kv, listing.id, "badge_loads", deps.now()),
    );
  }
}

/** Counting never fails the answer it belongs to: a failure is logged. */
async function quietly(id: number, metric: CountedMetric, count: () => Promise<unknown>) {
  try {
    await count();
  } catch (err) {
    console.error(`Cannot count ${metric} of listing ${id}:`, err);
  }
}

/** What a launch got on its launch day. */
export interface LaunchDayFigures {
  day: string;
  votes: number;
  views: number;
  website_clicks: number;
}

/**
 * The launch-day figures of live launches: the UTC day the listing went live (`launched_at`), or
 * the Monday of its launch week when it records none. Keyed by listing id.
 */
export async function launchDayFigures(
  deps: Deps,
  launches: { id: number; launch_week: string | null; launched_at: string | null }[],
): Promise<Map<number, LaunchDayFigures>> {
  const today = isoDate(deps.now());
  const entries = await Promise.all(launches.map(async (l) => {
    const day = l.launched_at?.slice(0, 10) ?? l.launch_week;
    if (!day || day > today) return null;
    const daily = await readDaily(deps.kv, l.id, [day]);
    const figures = {
      day,
      votes: daily.votes[0],
      views: daily.views[0],
      website_clicks: daily.website_clicks[0],
    };
    return [l.id, figures] as const;
  }));
  return new Map(entries.filter((e) => e !== null));
}
