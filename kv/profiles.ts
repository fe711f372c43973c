/**
 * The records a listing's public profile is assembled from, read in few round trips: the point
 * reads (listing, stats, categories, founders) go through `getMany`, the histories (updates,
 * reviews, Domain Rating, revenue, awards) are listed in parallel.
 */
import * as keys from "./keys.ts";
import {
  EMPTY_STATS,
  listDomainRatings,
  listListingUpdates,
  listRevenue,
  listReviews,
} from "./listings.ts";
import { listAwardsOfListing } from "./awards.ts";
import type {
  Award,
  Category,
  Founder,
  Listing,
  ListingStats,
  ListingUpdate,
  Review,
} from "./types.ts";

/** How many updates a profile shows, newest first. */
export const PROFILE_UPDATES = 5;

/** Everything a profile shows besides the listing record itself. */
export interface ProfileRecords {
  listing: Listing;
  stats: ListingStats;
  /** The listing's founders in its order (missing ones left out). */
  founders: Founder[];
  /** Primary then extra categories, in the listing's order (null when the category is missing). */
  categories: (Category | null)[];
  /** The newest updates, newest first. */
  updates: ListingUpdate[];
  reviews: Review[];
  domainRatings: { date: string; value: number }[];
  revenue: { month: string; mrr_cents: number; source: string }[];
  awards: Award[];
}

/** `kv.getMany` over any number of keys, 10 at a time (the store's limit), all in parallel. */
async function getAll(kv: Deno.Kv, list: Deno.KvKey[]): Promise<unknown[]> {
  const chunks: Promise<Deno.KvEntryMaybe<unknown>[]>[] = [];
  for (let i = 0; i < list.length; i += 10) chunks.push(kv.getMany(list.slice(i, i + 10)));
  return (await Promise.all(chunks)).flat().map((e) => e.value);
}

function categorySlugs(listing: Listing): string[] {
  return [listing.primary_category, ...listing.extra_categories];
}

/** The histories of a listing: updates, reviews, Domain Rating, revenue and awards. */
function readHistories(kv: Deno.Kv, id: number) {
  return Promise.all([
    listListingUpdates(kv, id, PROFILE_UPDATES),
    listReviews(kv, id),
    listDomainRatings(kv, id),
    listRevenue(kv, id),
    listAwardsOfListing(kv, id),
  ]);
}

function toRecords(
  listing: Listing,
  stats: ListingStats | null,
  related: unknown[],
  histories: Awaited<ReturnType<typeof readHistories>>,
): ProfileRecords {
  const categoryCount = categorySlugs(listing).length;
  const [updates, reviews, domainRatings, revenue, awards] = histories;
  return {
    listing,
    stats: stats ?? EMPTY_STATS,
    categories: related.slice(0, categoryCount).map((c) => (c ?? null) as Category | null),
    founders: related.slice(categoryCount).filter((f): f is Founder => f !== null),
    updates,
    reviews,
    domainRatings,
    revenue,
    awards,
  };
}

/** The profile records of a listing already read (6 reads in one round trip). */
export async function readProfileRecords(kv: Deno.Kv, listing: Listing): Promise<ProfileRecords> {
  const point = [
    keys.listingStatsKey(listing.id),
    ...categorySlugs(listing).map(keys.categoryKey),
    ...listing.founder_slugs.map(keys.founderKey),
  ];
  const [[stats, ...related], histories] = await Promise.all([
    getAll(kv, point),
    readHistories(kv, listing.id),
  ]);
  return toRecords(listing, stats as ListingStats | null, related, histories);
}

/**
 * The profile records of the listing with a slug, whatever its status, or null: 8 reads in three
 * round trips (the slug's pointer; the listing, its stats and histories; categories and founders).
 */
export async function readProfileRecordsBySlug(
  kv: Deno.Kv,
  slug: string,
): Promise<ProfileRecords | null> {
  const id = (await kv.get<number>(keys.listingBySlugKey(slug))).value;
  if (id === null) return null;
  const [[listingEntry, statsEntry], histories] = await Promise.all([
    kv.getMany<[Listing, ListingStats]>([keys.listingKey(id), keys.listingStatsKey(id)]),
    readHistories(kv, id),
  ]);
  const listing = listingEntry.value;
  if (!listing) return null;
  const related = await getAll(kv, [
    ...categorySlugs(listing).map(keys.categoryKey),
    ...listing.founder_slugs.map(keys.founderKey),
  ]);
  return toRecords(listing, statsEntry.value, related, histories);
}
