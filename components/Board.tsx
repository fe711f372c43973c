/** Ranked boards: a compact card for the home page and the full list for a board's page. */
import ListingRow, { type RowListing } from "./ListingRow.tsx";
import { formatMoneyShort, formatNumber } from "./format.ts";
import type { Voting } from "./Vote.tsx";

/** One ranked board item, as get_leaderboard answers it. */
export interface BoardItem {
  rank: number;
  listing: RowListing;
  metric: { name: string; value: number };
  paid?: boolean;
}

/** A board's heading facts, as get_leaderboard answers them. */
export interface BoardData {
  board: string;
  title: string;
  description: string;
  paid: boolean;
  items: BoardItem[];
}

/** The metric of an item as a value and a short label: `$20`, `contributed`. */
export function formatMetric(
  metric: { name: string; value: number },
): { value: string; label: string } {
  switch (metric.name) {
    case "contributed_cents":
      return { value: formatMoneyShort(metric.value), label: "contributed" };
    case "mrr_cents":
      return { value: formatMoneyShort(metric.value), label: "MRR" };
    case "domain_rating":
      return { value: formatNumber(metric.value), label: "DR" };
    case "week_votes":
      return {
        value: formatNumber(metric.value),
        label: metric.value === 1 ? "vote this week" : "votes this week",
      };
    default:
      return { value: formatNumber(metric.value), label: metric.value === 1 ? "vote" : "votes" };
  }
}

/** The "Paid" label every billboard heading and item carries. */
export function PaidLabel() {
  return <span class="paid-label" title="A paid ranking by money contributed">Paid</span>;
}

/** The community vote metrics, and the count each one's vote button shows. */
const VOTE_METRICS: Record<string, Voting["count"]> = { votes: "votes", week_votes: "week_votes" };

/**
 * The ranked rows of a board; on a community votes board, with `voting`, each row's count is a
 * vote button.
 */
export function BoardList(
  { items, categoryNames, voting }: {
    items: BoardItem[];
    categoryNames?: Record<string, string>;
    voting?: Voting;
  },
) {
  return (
    <ol class="rows">
      {items.map((item) => {
        const count = VOTE_METRICS[item.metric.name];
        const rowVoting = count && voting ? { ...voting, count } : undefined;
        return (
          <ListingRow
            key={item.listing.slug}
            listing={rowVoting ? { ...item.listing, votes: item.metric.value } : item.listing}
            rank={item.rank}
            metric={formatMetric(item.metric)}
            categoryNames={categoryNames}
            voting={rowVoting}
          />
        );
      })}
    </ol>
  );
}

/** A board's top entries in a card, with a link to the whole board. */
export function BoardCard(
  { data, href, voting, level = 3 }: {
    data: BoardData;
    href: string;
    voting?: Voting;
    /** The title's heading level: 3 under a page's "Leaderboards" h2, 2 right under its h1. */
    level?: 2 | 3;
  },
) {
  const headingId = `board-${data.board}`;
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section
      class={data.paid ? "card board-card board-paid" : "card board-card"}
      aria-labelledby={headingId}
    >
      <header class="card-header">
        <Heading id={headingId}>
          {data.title.replace(/ \(paid\)$/i, "")} {data.paid && <PaidLabel />}
        </Heading>
        <p class="card-note">{data.description}</p>
      </header>
      {data.items.length === 0
        ? <p class="empty">Nobody is on this board yet.</p>
        : <BoardList items={data.items} voting={voting} />}
      <a class="card-link" href={href}>
        Full board →
      </a>
    </section>
  );
}
