/** `/awards`: Launch of the Week awards, newest week first, with `?page=`. */
import { listAwards } from "../../services/directory/mod.ts";
import Pagination from "../../components/Pagination.tsx";
import { plural } from "../../components/format.ts";
import { type PageHandler, pageParam, renderPage, withPage } from "./_page.tsx";

/** Three places a week: a page holds ten weeks. */
const PER_PAGE = 30;

type Awards = Awaited<ReturnType<typeof listAwards>>;

export const handler: PageHandler = async (ctx) => {
  const awards = await listAwards(ctx.deps, pageParam(ctx.c, PER_PAGE));
  return renderPage(ctx, {
    title: "Launch of the Week awards",
    description: "The top three launches of every week, decided by community votes.",
    path: withPage("/awards", awards.page),
    section: "launches",
  }, <AwardsPage awards={awards} />);
};

/** The awards, grouped by week. */
export default function AwardsPage({ awards }: { awards: Awards }) {
  const weeks = new Map<string, Awards["items"]>();
  for (const a of awards.items) weeks.set(a.week, [...(weeks.get(a.week) ?? []), a]);
  return (
    <>
      <header class="page-header">
        <h1>Launch of the Week</h1>
        <p class="lead">
          Every Monday the three launches of the week before with the most community votes win #1,
          #2 and #3. Paid billboard placements never count.
        </p>
      </header>
      {weeks.size === 0
        ? (
          <p class="empty card">
            No awards yet: the first are decided after the first launch week.
          </p>
        )
        : (
          <div class="award-weeks">
            {[...weeks].map(([week, items]) => (
              <section key={week} class="card" aria-labelledby={`week-${week}`}>
                <h2 id={`week-${week}`}>
                  <a href={`/launches/${week}`}>{items[0].iso_week}</a>
                </h2>
                <ol class="awards-list">
                  {items.map((a) =>
                    a.listing && (
                      <li key={a.place} class={`award award-${a.place}`}>
                        <span class="award-place">#{a.place}</span>
                        <a href={`/listings/${a.listing.slug}`}>{a.listing.name}</a>
                        <span class="muted">{plural(a.votes, "vote")}</span>
                      </li>
                    )
                  )}
                </ol>
              </section>
            ))}
          </div>
        )}
      <Pagination
        page={awards.page}
        totalPages={awards.total_pages}
        href={(p) => withPage("/awards", p)}
      />
    </>
  );
}
