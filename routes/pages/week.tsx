/**
 * `/launches/:week` (this, next, last or YYYY-MM-DD): one launch week, ranked or scheduled. Each
 * live launch shows what it got on its launch day (votes, views, website clicks).
 */
import {
  calendarRange,
  categoryNames,
  getLaunchWeek,
  type LaunchDayFigures,
  launchDayFigures,
} from "../../services/directory/mod.ts";
import Breadcrumbs from "../../components/Breadcrumbs.tsx";
import ListingRow from "../../components/ListingRow.tsx";
import ShareButtons from "../../components/ShareButtons.tsx";
import { formatDate, formatWeekRange, plural } from "../../components/format.ts";
import { type PageHandler, renderPage } from "./_page.tsx";
import { weekSeo } from "../seo/page_meta.ts";
import { pageVoting } from "../community/votes.tsx";
import type { Voting } from "../../components/Vote.tsx";
import { EARLY_WEEK_HOURS, inEarlyHours, shuffled } from "../../services/community/mod.ts";

type Week = Awaited<ReturnType<typeof getLaunchWeek>>;

export const handler: PageHandler = async (ctx) => {
  const param = ctx.c.req.param("week") ?? "";
  const [week, range, names] = await Promise.all([
    getLaunchWeek(ctx.deps, param),
    calendarRange(ctx.deps),
    categoryNames(ctx.deps),
  ]);
  const upcoming = week.state === "upcoming";
  // A new week's first hours: a random order drawn per request, counts hidden (see /rules).
  const early = week.state === "current" && inEarlyHours(week.week, ctx.deps.now());
  if (early) week.launches = shuffled<Week["launches"][number]>(week.launches) as Week["launches"];
  const [launchDays, voting] = await Promise.all([
    upcoming || early ? new Map() : launchDayFigures(ctx.deps, week.launches.map((e) => e.listing)),
    upcoming ? undefined : pageVoting(
      ctx.deps,
      ctx.c,
      week.launches.map((e) => e.listing.id),
      "week_votes",
    ),
  ]);
  if (voting && early) voting.hidden = true;
  const when = formatWeekRange(week.starts, week.ends);
  return renderPage(
    ctx,
    {
      title: `Launches of ${week.iso_week} (${when})`,
      description: week.state === "upcoming"
        ? `Products scheduled to launch in the week of ${when}.`
        : `Products launched in the week of ${when}, ranked by community votes.`,
      path: `/launches/${week.week}`,
      section: "launches",
      seo: (site) => weekSeo(ctx.deps.config.publicUrl, site, week, !upcoming && !early),
    },
    (
      <WeekPage
        week={week}
        names={names}
        first={range.first}
        last={range.last}
        launchDays={launchDays}
        voting={voting}
        early={early}
        shareUrl={`${ctx.deps.config.publicUrl}/launches/${week.week}`}
      />
    ),
  );
};

const STATE_LABELS = { past: "Finished", current: "This week", upcoming: "Upcoming" } as const;

interface WeekPageProps {
  week: Week;
  names: Record<string, string>;
  /** The first and last weeks the calendar covers (navigation stops there). */
  first: string;
  last: string;
  /** Launch-day figures of live launches, by listing id. */
  launchDays?: Map<number, LaunchDayFigures>;
  /** The person's vote buttons on the rows (weeks that have started). */
  voting?: Voting;
  /** The week's first hours: random order, counts hidden. */
  early?: boolean;
  /** The week's public address, for the share links. */
  shareUrl?: string;
}

/** What a launch got on its launch day, for the line under its tagline (none without figures). */
function launchDayNote(figures: LaunchDayFigures | undefined) {
  if (!figures) return undefined;
  return (
    <span class="launch-day">
      Launch day ({formatDate(figures.day).replace(/, \d{4}$/, "")}):{" "}
      {plural(figures.votes, "vote")}
      {" · "}
      {plural(figures.views, "view")} · {plural(figures.website_clicks, "website click")}
    </span>
  );
}

/** A launch week page. */
export default function WeekPage(
  { week, names, first, last, launchDays, voting, early, shareUrl }: WeekPageProps,
) {
  const upcoming = week.state === "upcoming";
  return (
    <>
      <Breadcrumbs trail={[{ label: `Launches of ${week.iso_week}` }]} />
      <header class="page-header week-header">
        <p class="eyebrow">
          <span class={`state state-${week.state}`}>
            {STATE_LABELS[week.state as keyof typeof STATE_LABELS]}
          </span>{" "}
          {week.iso_week}
        </p>
        <h1>Launches of {formatWeekRange(week.starts, week.ends)}</h1>
        <p class="lead">
          {early
            ? `${
              plural(week.total, "product")
            }, in a random order with counts hidden for the week's first ${EARLY_WEEK_HOURS} hours (until ${
              String(EARLY_WEEK_HOURS).padStart(2, "0")
            }:00 UTC Monday), so that every launch gets a fair first look. `
            : ""}
          {early
            ? <a href="/rules#first-hours">Why?</a>
            : upcoming
            ? `${plural(week.total, "product")} scheduled. Ranking starts when the week begins.`
            : `${
              plural(week.total, "product")
            }, ranked by the community votes cast during the week.`}
        </p>
        {shareUrl && (
          <ShareButtons
            url={shareUrl}
            text={`Launches of ${formatWeekRange(week.starts, week.ends)}`}
          />
        )}
      </header>
      <nav class="week-nav" aria-label="Weeks">
        {week.previous_week >= first
          ? (
            <a class="button button-ghost" href={`/launches/${week.previous_week}`} rel="prev">
              ← Previous week
            </a>
          )
          : <span />}
        <a href="/launches/this">This week</a>
        {week.next_week <= last
          ? (
            <a class="button button-ghost" href={`/launches/${week.next_week}`} rel="next">
              Next week →
            </a>
          )
          : <span />}
      </nav>
      <section class="card" aria-label="Launches">
        {week.launches.length === 0
          ? (
            <p class="empty">
              {upcoming ? "Nothing is scheduled for this week yet." : "No launches this week."}
            </p>
          )
          : (
            <ol class="rows">
              {week.launches.map((e) => (
                <ListingRow
                  key={e.listing.slug}
                  listing={upcoming ? e.listing : { ...e.listing, votes: early ? 0 : e.week_votes }}
                  rank={early ? null : e.rank}
                  categoryNames={names}
                  note={upcoming ? "Scheduled" : undefined}
                  extra={launchDayNote(launchDays?.get(e.listing.id))}
                  voting={voting}
                />
              ))}
            </ol>
          )}
      </section>
      <p class="muted small">
        Launch of the Week awards go to the top three by votes once the week ends. See{" "}
        <a href="/awards">all awards</a>.
      </p>
    </>
  );
}
