/** `/leaderboards`: every board's top ten, side by side. */
import { BOARDS, getLeaderboard } from "../../services/directory/mod.ts";
import { BoardCard, type BoardData } from "../../components/Board.tsx";
import { type PageHandler, renderPage } from "./_page.tsx";
import { pageVoting } from "../community/votes.tsx";
import type { Voting } from "../../components/Vote.tsx";

const TOP = 10;

export const handler: PageHandler = async (ctx) => {
  const boards = await Promise.all(
    BOARDS.map((b) => getLeaderboard(ctx.deps, b, { page: 1, per_page: TOP })),
  );
  const ids = boards.filter((b) => !b.paid).flatMap((b) => b.items.map((i) => i.listing.id));
  const voting = await pageVoting(ctx.deps, ctx.c, [...new Set(ids)]);
  return renderPage(ctx, {
    title: "Leaderboards",
    description:
      "Five separate rankings: launches of the week, most voted of all time, the paid billboard, Domain Rating and revenue.",
    section: "leaderboards",
  }, <LeaderboardsPage boards={boards as BoardData[]} voting={voting} />);
};

/** All boards. */
export default function LeaderboardsPage(
  { boards, voting }: { boards: BoardData[]; voting?: Voting },
) {
  return (
    <>
      <header class="page-header">
        <h1>Leaderboards</h1>
        <p class="lead">
          Five separate rankings. Community votes decide the weekly and all-time boards and the
          awards. The billboard ranks money contributed: it is a paid placement, always labelled,
          and never affects votes or awards. How each is ranked, with tie-breaks:{" "}
          <a href="/rules">ranking rules</a>.
        </p>
      </header>
      <div class="board-grid">
        {boards.map((b) => (
          <BoardCard
            key={b.board}
            data={b}
            href={`/leaderboards/${b.board}`}
            voting={voting}
            level={2}
          />
        ))}
      </div>
    </>
  );
}
