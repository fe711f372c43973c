/** The summary of a listing that lists, boards and search results show. */
import type { ListingStatus } from "../../kv/types.ts";

/** A search result / listing summary. */
export interface ListingSummary {
  id: number;
  slug: string;
  name: string;
  url: string;
  tagline: string;
  logo_url: string | null;
  votes: number;
  primary_category: string;
  status: ListingStatus;
  launch_week: string | null;
  launched_at: string | null;
}

/** The summary of a listing (or of any record with a listing's fields) with its vote count. */
export function summaryOf(
  listing: Omit<ListingSummary, "votes">,
  stats: { votes: number },
): ListingSummary {
  return {
    id: listing.id,
    slug: listing.slug,
    name: listing.name,
    url: listing.url,
    tagline: listing.tagline,
    logo_url: listing.logo_url,
    votes: stats.votes,
    primary_category: listing.primary_category,
    status: listing.status,
    launch_week: listing.launch_week,
    launched_at: listing.launched_at,
  };
}
