/** One listing in a list: optional rank, logo, name, tagline, category and vote count. */
import type { ComponentChildren } from "preact";
import ListingLogo from "./ListingLogo.tsx";
import { formatNumber } from "./format.ts";
import { buttonState, VoteButton, type Voting } from "./Vote.tsx";

/** The fields of a listing summary that a row shows (a ListingSummary fits). */
export interface RowListing {
  /** Needed for the vote button. */
  id?: number;
  slug: string;
  name: string;
  tagline: string;
  logo_url: string | null;
  votes: number;
  primary_category?: string;
}

interface ListingRowProps {
  listing: RowListing;
  rank?: number | null;
  /** Category slug → name, to show the primary category. */
  categoryNames?: Record<string, string>;
  /** A metric shown instead of the vote count (e.g. `DR 52`, `$1,200 MRR`). */
  metric?: { value: string; label: string };
  /** Extra line under the tagline (e.g. `Launches Nov 23`). */
  note?: string;
  /** More content for the meta line (e.g. a compare link). */
  extra?: ComponentChildren;
  /** The page's vote buttons: the vote count becomes one (not on the person's own listing). */
  voting?: Voting;
}

/** The vote count as a non-interactive box (rows without a vote button). */
export function VoteCount({ votes }: { votes: number }) {
  return (
    <span class="votes" title={`${formatNumber(votes)} community votes`}>
      <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
        <path d="M6 2 11 9H1z" fill="currentColor" />
      </svg>
      <span class="votes-count">{formatNumber(votes)}</span>
      <span class="sr-only">{votes === 1 ? "vote" : "votes"}</span>
    </span>
  );
}

/** A list row; the whole name links to the listing page. */
export default function ListingRow(
  { listing, rank, categoryNames, metric, note, extra, voting }: ListingRowProps,
) {
  const category = listing.primary_category;
  const vote = buttonState(voting, listing.id);
  return (
    <li class="row">
      {rank != null && <span class="rank" aria-label={`Rank ${rank}`}>{rank}</span>}
      <ListingLogo name={listing.name} logoUrl={listing.logo_url} />
      <div class="row-main">
        <a class="row-name" href={`/listings/${encodeURIComponent(listing.slug)}`}>
          {listing.name}
        </a>
        <p class="row-tagline">{listing.tagline}</p>
        {(note || extra || (category && categoryNames)) && (
          <p class="row-meta">
            {category && categoryNames && (
              <a class="chip" href={`/categories/${encodeURIComponent(category)}`}>
                {categoryNames[category] ?? category}
              </a>
            )}
            {note && <span>{note}</span>}
            {extra}
          </p>
        )}
      </div>
      {vote && voting
        ? <VoteButton voting={voting} listing={listing} layout="row" />
        : metric
        ? (
          <span class="metric">
            <span class="metric-value">{metric.value}</span>
            <span class="metric-label">{metric.label}</span>
          </span>
        )
        : voting?.hidden
        ? <span class="votes muted">Votes hidden</span>
        : <VoteCount votes={listing.votes} />}
    </li>
  );
}
