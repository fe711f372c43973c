/** The shapes the search index takes and answers: documents, queries, filters, counts. */
import type { ListingSummary } from "../summary.ts";

/**
 * What the index keeps of a listing: its summary, and what it is searched and filtered by (no long
 * text: descriptions are tokenised, not stored).
 */
export interface SearchDoc extends ListingSummary {
  /** Indexed, then dropped. */
  description: string;
  keywords: string[];
  /** Primary and extra category slugs and their parent slugs, then `tag:<slug>` per tag. */
  categories: string[];
  stage: string | null;
  country: string | null;
  pricing_model: string | null;
  domain: string;
  created_at: string;
  views: number;
  follows: number;
}

/** The sorts of search_listings. */
export type SearchSort =
  | "relevance"
  | "newest"
  | "votes"
  | "trending"
  | "most_viewed"
  | "most_followed";

/** A search_listings query, already validated. */
export interface SearchQuery {
  q: string;
  category?: string;
  stage?: string;
  country?: string;
  pricing_model?: string;
  domain?: string;
  status: "live" | "upcoming";
  sort: SearchSort;
  page: number;
  per_page: number;
}

/** The filters of a query without text, sort or paging (status defaults to "live"). */
export type SearchFilters = Partial<
  Pick<SearchQuery, "category" | "stage" | "country" | "pricing_model" | "domain" | "status">
>;

/** Vote, view and follow counts of a listing. */
export type SearchCounts = Partial<Pick<SearchDoc, "votes" | "views" | "follows">>;

/** A loading pass: ids written by other code while it runs are not overwritten by it. */
export interface LoadSession {
  touched: Set<number>;
  counts: Map<number, SearchCounts>;
}
