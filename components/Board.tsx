/** Ranked boards: a compact card for the home page and the full list for a board's page. */
import ListingRow, { type RowListing } from "./ListingRow.tsx";
import { formatMoneyShort, formatNumber } from "./format.ts";

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

/** The ranked rows of a board. */
export function BoardList(
  { items, categoryNames }: { items: BoardItem[]; categoryNames?: Record<string, string> },
) {
  return (
    <ol class="rows">
      {items.map((item) => (
        <ListingRow
          key={item.listing.slug}
          listing={item.listing}
          rank={item.rank}
          metric={formatMetric(item.metric)}
          categoryNames={categoryNames}
        />
      ))}
    </ol>
  );
}

/** A board's top entries in a card, with a link to the whole board. */
export function BoardCard({ data, href }: { data: BoardData; href: string }) {
  const headingId = `board-${data.board}`;
  return (
    <section
      class={data.paid ? "card board-card board-paid" : "card board-card"}
      aria-labelledby={headingId}
    >
      <header class="card-header">
        <h3 id={headingId}>
          {data.title.replace(/ \(paid\)$/i, "")} {data.paid && <PaidLabel />}
        </h3>
        <p class="card-note">{data.description}</p>
      </header>
      {data.items.length === 0
        ? <p class="empty">Nobody is on this board yet.</p>
        : <BoardList items={data.items} />}
      <a class="card-link" href={href}>
        Full board →
      </a>
    </section>
  );
}
