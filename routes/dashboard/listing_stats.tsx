/**
 * `/dashboard/listings/:id/stats`: what a listing got, for its owner and co-founders (another
 * account's listing is the 404 page, through get_my_listing). For each metric (views, website
 * clicks, votes, followers, badge image loads, badge clicks): the last 30 days as a bar chart
 * drawn on the server, the 30-day and all-time totals, and the daily numbers in a table.
 */
import { type Context, Hono } from "hono";
import StatsChart, { shortDay } from "../../components/StatsChart.tsx";
import { formatDate, formatNumber } from "../../components/format.ts";
import {
  type ListingMeasures,
  listingMeasures,
  type MetricSeries,
} from "../../services/directory/mod.ts";
import type { Deps } from "../../services/platform/mod.ts";
import type { SessionEnv } from "../session.ts";
import { listingPage, openMyListing } from "./_listing_parts.tsx";
import { type ListingVoteModeration, listingVoteModeration } from "../../services/community/mod.ts";
import { VoteModerationCard } from "./_vote_card.tsx";

/** The stats page. */
export function listingStatsRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/dashboard/listings/:id/stats", (c) => showStats(deps, c));
  return app;
}

/** What each metric counts, under its name. */
const METRIC_NOTES: Record<MetricSeries["metric"], string> = {
  views: "Visits to the listing page, once per visitor a day.",
  website_clicks: "Clicks on “Visit” to your website, once per visitor a day.",
  votes: "Community votes cast for the listing.",
  follows: "People who started following the listing.",
  badge_loads: "Times a badge image was shown on a website, yours or others'.",
  badge_clicks: "Visitors who came through a badge's link, once per visitor a day.",
};

async function showStats(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const { listing } = await openMyListing(deps, c);
  const [measures, moderation] = await Promise.all([
    listingMeasures(deps, listing.listing_id),
    listingVoteModeration(deps, listing.listing_id),
  ]);
  const from = formatDate(measures.days[0]);
  const to = formatDate(measures.days[measures.days.length - 1]);
  return listingPage(deps, c, {
    listing,
    tab: "stats",
    title: "Stats",
    lead: `The last 30 days (${from} to ${to}, UTC) and all time.`,
  }, <StatsBody measures={measures} moderation={moderation} />);
}

function StatsBody(
  { measures, moderation }: { measures: ListingMeasures; moderation: ListingVoteModeration },
) {
  return (
    <>
      <p class="muted small">
        Counted on this site, without trackers or cookies: a visitor is told apart by a hash that is
        kept two days, never by their address. Days are UTC days.
      </p>
      <div class="stats-grid">
        {measures.metrics.map((m) => <MetricCard key={m.metric} series={m} days={measures.days} />)}
        <VoteModerationCard moderation={moderation} />
      </div>
    </>
  );
}

function MetricCard({ series, days }: { series: MetricSeries; days: string[] }) {
  const id = `stats-${series.metric.replaceAll("_", "-")}`;
  return (
    <section class="card stats-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{series.label}</h2>
      <p class="muted small">{METRIC_NOTES[series.metric]}</p>
      <dl class="stats-totals">
        <div>
          <dt>Last 30 days</dt>
          <dd>{formatNumber(series.period_total)}</dd>
        </div>
        <div>
          <dt>All time</dt>
          <dd>{formatNumber(series.total)}</dd>
        </div>
      </dl>
      <StatsChart id={id} label={series.label} days={days} values={series.daily} />
      <details class="stats-days">
        <summary>{series.label}: daily numbers</summary>
        <div class="table-wrap">
          <table>
            <caption class="sr-only">{series.label} per day, last 30 days</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">{series.label}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day, i) => (
                <tr key={day}>
                  <th scope="row">
                    <time datetime={day}>{shortDay(day)}</time>
                  </th>
                  <td>{formatNumber(series.daily[i])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
