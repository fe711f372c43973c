/** `/launches/upcoming`: every scheduled launch, soonest week first, grouped by week, with `?page=`. */
import { categoryNames, listLaunches } from "../../services/directory/mod.ts";
import { isoWeekLabel, sundayOf } from "../../services/platform/mod.ts";
import Breadcrumbs from "../../components/Breadcrumbs.tsx";
import ListingRow from "../../components/ListingRow.tsx";
import Pagination from "../../components/Pagination.tsx";
import { formatWeekRange, plural } from "../../components/format.ts";
import { type PageHandler, pageParam, renderPage, withPage } from "./_page.tsx";

const PER_PAGE = 50;
const PATH = "/launches/upcoming";

type Launches = Awaited<ReturnType<typeof listLaunches>>;
type Launch = Launches["items"][number];

export const handler: PageHandler = async (ctx) => {
  const [launches, names] = await Promise.all([
    listLaunches(ctx.deps, { section: "upcoming", ...pageParam(ctx.c, PER_PAGE) }),
    categoryNames(ctx.deps),
  ]);
  return renderPage(ctx, {
    title: launches.page > 1 ? `Upcoming launches (page ${launches.page})` : "Upcoming launches",
    description: "Products scheduled to launch in the coming weeks, soonest first.",
    path: withPage(PATH, launches.page),
    section: "launches",
  }, <UpcomingPage launches={launches} names={names} />);
};

/** The page's launches grouped by launch week, in order. */
function byWeek(items: Launch[]): [string, Launch[]][] {
  const weeks = new Map<string, Launch[]>();
  for (const item of items) {
    const week = item.launch_week ?? "";
    weeks.set(week, [...(weeks.get(week) ?? []), item]);
  }
  return [...weeks.entries()];
}

function WeekGroup(
  { week, items, names }: { week: string; items: Launch[]; names: Record<string, string> },
) {
  const id = `week-${week}`;
  return (
    <section class="card" aria-labelledby={id}>
      <header class="card-header card-header-row">
        <div>
          <h2 id={id}>Week of {formatWeekRange(week, sundayOf(week))}</h2>
          <p class="card-note">
            {isoWeekLabel(week)} · {plural(items.length, "launch", "launches")} on this page
          </p>
        </div>
        <a class="card-link" href={`/launches/${week}`}>The week's page →</a>
      </header>
      <ul class="rows">
        {items.map((l) => (
          <ListingRow key={l.slug} listing={l} categoryNames={names} note="Scheduled" />
        ))}
      </ul>
    </section>
  );
}

/** The upcoming launches page. */
export default function UpcomingPage(
  { launches, names }: { launches: Launches; names: Record<string, string> },
) {
  return (
    <>
      <Breadcrumbs trail={[{ label: "Launches", href: "/launches/this" }, { label: "Upcoming" }]} />
      <header class="page-header">
        <h1>Upcoming launches</h1>
        <p class="lead">
          {plural(launches.total, "product")}{" "}
          scheduled, soonest week first. Ranking starts when a product's launch week begins.
        </p>
      </header>
      {launches.items.length === 0
        ? (
          <section class="card" aria-label="Upcoming launches">
            <p class="empty">
              {launches.page > 1
                ? (
                  <>
                    No launches on this page. <a href={PATH}>Back to page 1</a>.
                  </>
                )
                : "No launches are scheduled yet."}{" "}
              <a href="/launches/this">See this week's launches</a>.
            </p>
          </section>
        )
        : byWeek(launches.items).map(([week, items]) => (
          <WeekGroup key={week} week={week} items={items} names={names} />
        ))}
      <Pagination
        page={launches.page}
        totalPages={launches.total_pages}
        href={(p) => withPage(PATH, p)}
      />
    </>
  );
}
