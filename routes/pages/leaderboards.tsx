/** `/leaderboards`: every board's top ten, side by side. */
import { BOARDS, getLeaderboard } from "../../services/directory/mod.ts";
import { BoardCard, type BoardData } from "../../components/Board.tsx";
import { type PageHandler, renderPage } from "./_page.tsx";

const TOP = 10;

export const handler: PageHandler = async (ctx) => {
  const boards = await Promise.all(
    BOARDS.map((b) => getLeaderboard(ctx.deps, b, { page: 1, per_page: TOP })),
  );
  return renderPage(ctx, {
    title: "Leaderboards",
    description:
      "Five separate rankings: launches of the week, most voted of all time, the paid billboard, Domain Rating and revenue.",
    section: "leaderboards",
  }, <LeaderboardsPage boards={boards as BoardData[]} />);
};

/** All boards. */
export default function LeaderboardsPage({ boards }: { boards: BoardData[] }) {
  return (
    <>
      <header class="page-header">
        <h1>Leaderboards</h1>
        <p class="lead">
          Five separate rankings. Community votes decide the weekly and all-time boards and the
          awards. The billboard ranks money contributed: it is a paid placement, always labelled,
          and never affects votes or awards.
        </p>
      </header>
      <div class="board-grid">
        {boards.map((b) => <BoardCard key={b.board} data={b} href={`/leaderboards/${b.board}`} />)}
      </div>
    </>
  );
}
