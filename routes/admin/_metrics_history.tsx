/** A listing's Domain Rating readings and revenue figures, as the metrics page lists them. */
import { listDomainRatings, listRevenue } from "../../kv/listing_stats.ts";
import { getListingBySlug } from "../../kv/listings.ts";
import type { Listing, RevenueFigure } from "../../kv/types.ts";
import type { Deps } from "../../services/platform/mod.ts";
import { formatMoney } from "../../components/format.ts";

/** What the page shows of one listing. */
export interface Figures {
  slug: string;
  listing: Listing | null;
  ratings: { date: string; value: number }[];
  revenue: RevenueFigure[];
}

/** Reads a listing's figures, newest first (no figures when there is no such listing). */
export async function loadFigures(deps: Deps, slug: string): Promise<Figures> {
  const listing = await getListingBySlug(deps.kv, slug);
  if (!listing) return { slug, listing, ratings: [], revenue: [] };
  const [ratings, revenue] = await Promise.all([
    listDomainRatings(deps.kv, listing.id),
    listRevenue(deps.kv, listing.id),
  ]);
  return { slug, listing, ratings: ratings.reverse(), revenue: revenue.reverse() };
}

/** The listing's history: readings and figures, newest first. */
export function ListingFigures({ figures }: { figures: Figures }) {
  const { listing, ratings, revenue } = figures;
  if (!listing) return <p class="muted">No listing "{figures.slug}".</p>;
  const source = (r: RevenueFigure) =>
    r.source === "verified" ? "Verified" : "Self-reported (not ranked)";
  return (
    <section class="card" aria-labelledby="history-title">
      <h2 id="history-title">
        <a href={`/listings/${listing.slug}`}>{listing.name}</a>: history
      </h2>
      <div class="admin-metrics-history">
        <HistoryTable
          caption="Domain Rating"
          columns={["Date", "Value"]}
          rows={ratings.map((r) => [r.date, String(r.value)])}
          empty="No readings"
        />
        <HistoryTable
          caption="Revenue"
          columns={["Month", "MRR", "Source"]}
          rows={revenue.map((r) => [r.month, formatMoney(r.mrr_cents), source(r)])}
          empty="No figures"
        />
      </div>
    </section>
  );
}

function HistoryTable(
  { caption, columns, rows, empty }: {
    caption: string;
    columns: string[];
    rows: string[][];
    empty: string;
  },
) {
  return (
    <div class="table-wrap">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>{columns.map((c) => <th key={c} scope="col">{c}</th>)}</tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} class="muted">{empty}</td>
            </tr>
          )}
          {rows.map((row) => <tr key={row[0]}>{row.map((cell, i) => <td key={i}>{cell}</td>)}</tr>)}
        </tbody>
      </table>
    </div>
  );
}
