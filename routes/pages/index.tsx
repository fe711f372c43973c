/**
 * `/`: this week's launches, trending, up next, the boards side by side and the latest awards.
 * The launch tabs carry the person's vote buttons; in a new week's first hours (EARLY_WEEK_HOURS)
 * the week's tabs (this week, today) list its launches in a random order drawn per request,
 * without ranks or counts, as the week page does.
 */
import {
  calendarRange,
  categoryNames,
  getLeaderboard,
  getSiteInfo,
  type LaunchSection,
  listAwards,
  listFeatured,
  listLaunches,
} from "../../services/directory/mod.ts";
import {
  addWeeks,
  type Deps,
  isoWeekLabel,
  mondayOf,
  sundayOf,
} from "../../services/platform/mod.ts";
import { BoardCard, type BoardData } from "../../components/Board.tsx";
import ListingRow from "../../components/ListingRow.tsx";
import { island } from "../../components/island.tsx";
import { formatDate, formatNumber, formatWeekRange } from "../../components/format.ts";
import LaunchTabsIsland, { type LaunchTab } from "../../islands/LaunchTabs.tsx";
import { type PageHandler, renderPage } from "./_page.tsx";
import { FEED_LINKS } from "../seo/feeds.ts";
import { IMPLEMENTED_OPERATION_IDS } from "../api/v1/mod.ts";
import { pageVoting } from "../community/votes.tsx";
import type { Voting } from "../../components/Vote.tsx";
import { EARLY_WEEK_HOURS, inEarlyHours, shuffled } from "../../services/community/mod.ts";

const LaunchTabs = island("LaunchTabs", LaunchTabsIsland);

const TABS: LaunchTab[] = [
  {
    section: "this-week",
    label: "This week",
    ranked: true,
    empty: "No launches yet this week. Check back on Monday.",
  },
  { section: "today", label: "Today", ranked: true, empty: "Nothing launched today yet." },
  { section: "trending", label: "Trending", ranked: true, empty: "Nothing is trending right now." },
  { section: "recent", label: "Newest", ranked: false, empty: "No live products yet." },
];
const LIST_SIZE = 10;
const SIDE_SIZE = 5;
const BOARDS = ["community-all-time", "billboard", "domain-rating", "revenue"] as const;
/** The tabs that list the current week's launches (shuffled in its first hours). */
const WEEK_SECTIONS = new Set(["this-week", "today"]);

/** The tabs as shown now: the week's tabs marked `early` in a new week's first hours. */
function tabsAt(now: Date): LaunchTab[] {
  if (!inEarlyHours(mondayOf(now), now)) return TABS;
  return TABS.map((t) => WEEK_SECTIONS.has(t.section) ? { ...t, early: true } : t);
}

async function loadHome(deps: Deps, section: LaunchSection) {
  const top = { page: 1, per_page: SIDE_SIZE };
  const [launches, trending, upcoming, boards, awards, site, range, names, featured] = await Promise
    .all([
      listLaunches(deps, { section, page: 1, per_page: LIST_SIZE }),
      listLaunches(deps, { section: "trending", ...top }),
      listLaunches(deps, { section: "upcoming", ...top }),
      Promise.all(BOARDS.map((board) => getLeaderboard(deps, board, top))),
      listAwards(deps, { page: 1, per_page: 3 }),
      getSiteInfo(deps, IMPLEMENTED_OPERATION_IDS),
      calendarRange(deps),
      categoryNames(deps),
      listFeatured(deps, SIDE_SIZE),
    ]);
  const latestWeek = awards.items[0]?.week;
  return {
    launches,
    trending: trending.items,
    upcoming: upcoming.items,
    featured,
    boards: boards as BoardData[],
    awards: awards.items.filter((a) => a.week === latestWeek),
    site,
    names,
    thisWeek: mondayOf(deps.now()),
    hasLastWeek: addWeeks(mondayOf(deps.now()), -1) >= range.first,
  };
}

type HomeData = Awaited<ReturnType<typeof loadHome>> & {
  section: string;
  tabs: LaunchTab[];
  voting: Voting;
};

export const handler: PageHandler = async (ctx) => {
  const requested = ctx.c.req.query("section");
  const section = (TABS.find((t) => t.section === requested) ?? TABS[0]).section as LaunchSection;
  const tabs = tabsAt(ctx.deps.now());
  const data = await loadHome(ctx.deps, section);
  if (tabs.find((t) => t.section === section)?.early) {
    // A random order drawn for this request; the counts stay out of the page (and its props).
    data.launches.items = shuffled(data.launches.items).map((l) => ({ ...l, votes: 0 }));
  }
  const voting = await pageVoting(ctx.deps, ctx.c, data.launches.items.map((l) => l.id));
  return renderPage(ctx, {
    title: `${data.site.name}: ${data.site.tagline}`,
    fullTitle: true,
    description: data.site.purpose,
    path: "/",
    feeds: [FEED_LINKS.launches, FEED_LINKS.blog],
  }, <HomePage {...data} section={section} tabs={tabs} voting={voting} />);
};

/** The home page. */
export default function HomePage(props: HomeData) {
  const { site, thisWeek } = props;
  return (
    <>
      <section class="hero">
        <div>
          <h1>{site.tagline}</h1>
          <p class="lead">
            Every week new products launch here and the community votes for its favourites. Browse
            {" "}
            {formatNumber(site.counts.live_listings)} live products in {site.counts.categories}{" "}
            categories, with {formatNumber(site.counts.upcoming_listings)} more on the way.
          </p>
        </div>
        <p class="hero-actions">
          <a class="button" href="/launches/this">This week's launches</a>
          <a class="button button-ghost" href="/submit">List your product</a>
        </p>
      </section>

      <div class="home-grid">
        <section id="launches" class="card" aria-labelledby="launches-title">
          <header class="card-header card-header-row">
            <div>
              <h2 id="launches-title">Launches this week</h2>
              <p class="card-note">
                {isoWeekLabel(thisWeek)} · {formatWeekRange(thisWeek, sundayOf(thisWeek))} ·{" "}
                {props.tabs[0].early
                  ? (
                    <>
                      random order, counts hidden for the first {EARLY_WEEK_HOURS}{" "}
                      hours (<a href="/rules#first-hours">why?</a>)
                    </>
                  )
                  : "ranked by community votes"}
              </p>
            </div>
            <a class="card-link" href="/launches/this">Full week →</a>
          </header>
          <LaunchTabs
            tabs={props.tabs}
            active={props.section}
            items={props.launches.items}
            perPage={LIST_SIZE}
            categoryNames={props.names}
            voting={props.voting}
          />
        </section>

        <aside class="home-side" aria-label="More launches">
          <section class="card" aria-labelledby="trending-title">
            <header class="card-header">
              <h2 id="trending-title">Trending now</h2>
              <p class="card-note">Recent votes count most</p>
            </header>
            {props.trending.length === 0
              ? <p class="empty">Nothing is trending right now.</p>
              : (
                <ol class="rows rows-compact">
                  {props.trending.map((l, i) => (
                    <ListingRow
                      key={l.slug}
                      listing={l}
                      rank={i + 1}
                    />
                  ))}
                </ol>
              )}
          </section>
          {props.featured.length > 0 && (
            <section class="card" aria-labelledby="featured-title">
              <header class="card-header">
                <h2 id="featured-title">Featured</h2>
                <p class="card-note">Paid placement</p>
              </header>
              <ul class="rows rows-compact">
                {props.featured.map((l) => <ListingRow key={l.slug} listing={l} />)}
              </ul>
            </section>
          )}
          <section class="card" aria-labelledby="upcoming-title">
            <header class="card-header">
              <h2 id="upcoming-title">Up next</h2>
              <p class="card-note">Scheduled launches, soonest first</p>
            </header>
            {props.upcoming.length === 0
              ? <p class="empty">No launches are scheduled yet.</p>
              : (
                <ul class="rows rows-compact">
                  {props.upcoming.map((l) => (
                    <ListingRow
                      key={l.slug}
                      listing={l}
                      metric={{
                        value: formatDate(l.launch_week).replace(/, \d{4}$/, ""),
                        label: "launch week",
                      }}
                    />
                  ))}
                </ul>
              )}
            <p class="card-links">
              <a class="card-link" href="/launches/next">Next week →</a>
              <a class="card-link" href="/launches/upcoming">All upcoming launches →</a>
            </p>
          </section>
          <section class="card awards-card" aria-labelledby="awards-title">
            <header class="card-header">
              <h2 id="awards-title">Launch of the Week</h2>
              {props.awards[0] && (
                <p class="card-note">
                  {props.awards[0].iso_week} · decided by community votes
                </p>
              )}
            </header>
            {props.awards.length === 0
              ? <p class="empty">The first awards are decided after the first launch week.</p>
              : (
                <ol class="awards-list">
                  {props.awards.map((a) =>
                    a.listing && (
                      <li key={`${a.week}-${a.place}`} class={`award award-${a.place}`}>
                        <span class="award-place">#{a.place}</span>
                        <a href={`/listings/${encodeURIComponent(a.listing.slug)}`}>
                          {a.listing.name}
                        </a>
                        <span class="muted">{a.votes} votes</span>
                      </li>
                    )
                  )}
                </ol>
              )}
            <p class="card-links">
              {props.hasLastWeek && (
                <a class="card-link" href="/launches/last">Last week's launches →</a>
              )}
              <a class="card-link" href="/awards">All awards →</a>
            </p>
          </section>
        </aside>
      </div>

      <section class="boards" aria-labelledby="boards-title">
        <header class="section-header">
          <h2 id="boards-title">Leaderboards</h2>
          <p class="muted">
            Separate rankings. Community votes decide awards; the billboard is a paid placement and
            never affects them.
          </p>
        </header>
        <div class="board-grid">
          {props.boards.map((b) => (
            <BoardCard key={b.board} data={b} href={`/leaderboards/${b.board}`} />
          ))}
        </div>
      </section>
    </>
  );
}
