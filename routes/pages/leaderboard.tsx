/** `/leaderboards/:board`: one ranked board, with `?page=` (and `?week=` for community-weekly). */
import { type Board, BOARDS, categoryNames, getLeaderboard } from "../../services/directory/mod.ts";
import { notFound } from "../../services/platform/mod.ts";
import { BoardList, PaidLabel } from "../../components/Board.tsx";
import Breadcrumbs from "../../components/Breadcrumbs.tsx";
import Pagination from "../../components/Pagination.tsx";
import { plural } from "../../components/format.ts";
import { type PageHandler, pageParam, renderPage, withPage } from "./_page.tsx";
import { boardSeo } from "../seo/page_meta.ts";
import { pageVoting } from "../community/votes.tsx";
import type { Voting } from "../../components/Vote.tsx";

const PER_PAGE = 25;

const BOARD_LABELS: Record<Board, string> = {
  "community-weekly": "This week",
  "community-all-time": "All time",
  billboard: "Billboard (paid)",
  "domain-rating": "Domain Rating",
  revenue: "Revenue",
};

type Leaderboard = Awaited<ReturnType<typeof getLeaderboard>>;

export const handler: PageHandler = async (ctx) => {
  const board = ctx.c.req.param("board") ?? "";
  if (!(BOARDS as readonly string[]).includes(board)) throw notFound("leaderboard", board);
  const week = board === "community-weekly" ? ctx.c.req.query("week") || undefined : undefined;
  const [data, names] = await Promise.all([
    getLeaderboard(ctx.deps, board as Board, { week, ...pageParam(ctx.c, PER_PAGE) }),
    categoryNames(ctx.deps),
  ]);
  const base = `/leaderboards/${board}${week ? `?week=${encodeURIComponent(week)}` : ""}`;
  const voting = data.paid
    ? undefined
    : await pageVoting(ctx.deps, ctx.c, data.items.map((i) => i.listing.id));
  return renderPage(ctx, {
    title: data.paid ? `${data.title.replace(/ \(paid\)$/i, "")} (paid ranking)` : data.title,
    description: data.description,
    path: withPage(base, data.page),
    section: "leaderboards",
    seo: () =>
      boardSeo(
        ctx.deps.config.publicUrl,
        data,
        data.items.map((i) => i.listing),
      ),
  }, <LeaderboardPage data={data} names={names} base={base} voting={voting} />);
};

/** One board's page. */
export default function LeaderboardPage(
  { data, names, base, voting }: {
    data: Leaderboard;
    names: Record<string, string>;
    base: string;
    voting?: Voting;
  },
) {
  return (
    <>
      <Breadcrumbs
        trail={[{ label: "Leaderboards", href: "/leaderboards" }, { label: data.title }]}
      />
      <header class="page-header">
        <h1>
          {data.title.replace(/ \(paid\)$/i, "")} {data.paid && <PaidLabel />}
        </h1>
        <p class="lead">{data.description}</p>
        {data.paid && (
          <p class="notice notice-paid">
            Paid ranking: positions are bought with billboard contributions. It is not a community
            ranking.
          </p>
        )}
        {"iso_week" in data && data.iso_week && <p class="muted">Week {data.iso_week}</p>}
        <p class="muted">{plural(data.total, "product")}</p>
      </header>
      <nav class="tabs tabs-links" aria-label="Boards">
        {BOARDS.map((b) => (
          <a
            key={b}
            class="tab"
            href={`/leaderboards/${b}`}
            aria-current={b === data.board ? "page" : undefined}
          >
            {BOARD_LABELS[b]}
          </a>
        ))}
      </nav>
      <section class={data.paid ? "card board-paid" : "card"} aria-label={data.title}>
        {data.items.length === 0
          ? <p class="empty">Nobody is on this board yet.</p>
          : <BoardList items={data.items} categoryNames={names} voting={voting} />}
        <Pagination
          page={data.page}
          totalPages={data.total_pages}
          href={(p) => withPage(base, p)}
        />
      </section>
    </>
  );
}
