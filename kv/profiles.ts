/**
 * The records a listing's public profile is assembled from, read in few round trips: the point
 * reads (listing, stats, categories, founders) go through `getMany`, the histories (updates,
 * reviews, Domain Rating, revenue, awards) are listed in parallel.
 *
 * By slug, a hint learnt from an earlier read (the listing's id, categories and founders) lets
 * everything be read in one round trip instead of three. A hint is never trusted: the listing
 * read must still carry the slug (else the slug's pointer is read, as without a hint) and the
 * categories and founders read are those the listing names (else they are read again).
 */
import { getManyValues } from "./read.ts";
import { completeSplit } from "./split_values.ts";
import * as keys from "./keys.ts";
import { EMPTY_STATS } from "./listings.ts";
import { listAwardsOfListing } from "./awards.ts";
import type {
  Award,
  Category,
  Founder,
  FreePlan,
  Listing,
  ListingStats,
  ListingUpdate,
  Review,
} from "./types.ts";
import { listDomainRatings, listRevenue } from "./listing_stats.ts";
import { listListingUpdates, listReviews } from "./listing_feed.ts";
import { getFreePlanEntry } from "./publishing.ts";

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
  /** The free plan (its badge check), when the listing chose the free plan. */
  freePlan: FreePlan | null;
}

function categorySlugs(listing: Listing): string[] {
  return [listing.primary_category, ...listing.extra_categories];
}

/** The histories of a listing: updates, reviews, Domain Rating, revenue, awards (and free plan). */
function readHistories(kv: Deno.Kv, id: number) {
  return Promise.all([
    listListingUpdates(kv, id, PROFILE_UPDATES),
    listReviews(kv, id),
    listDomainRatings(kv, id),
    listRevenue(kv, id),
    listAwardsOfListing(kv, id),
    getFreePlanEntry(kv, id),
  ]);
}

type Histories = Awaited<ReturnType<typeof readHistories>>;

/** A listing's categories then founders, in its order. */
function readRelated(kv: Deno.Kv, listing: Listing): Promise<unknown[]> {
  return getManyValues(kv, [
    ...categorySlugs(listing).map(keys.categoryKey),
    ...listing.founder_slugs.map(keys.founderKey),
  ]);
}

function toRecords(
  listing: Listing,
  stats: ListingStats | null,
  related: unknown[],
  histories: Histories,
): ProfileRecords {
  const categoryCount = categorySlugs(listing).length;
  const [updates, reviews, domainRatings, revenue, awards, freePlan] = histories;
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
    freePlan: freePlan.value,
  };
}

/** The profile records of a listing already read (7 reads in one round trip). */
export async function readProfileRecords(kv: Deno.Kv, listing: Listing): Promise<ProfileRecords> {
  const point = [
    keys.listingStatsKey(listing.id),
    ...categorySlugs(listing).map(keys.categoryKey),
    ...listing.founder_slugs.map(keys.founderKey),
  ];
  const [[stats, ...related], histories] = await Promise.all([
    getManyValues(kv, point),
    readHistories(kv, listing.id),
  ]);
  return toRecords(listing, stats as ListingStats | null, related, histories);
}

/** What a read of a slug's profile learnt, to read it in one round trip the next time. */
export interface ProfileHint {
  id: number;
  categories: string[];
  founders: string[];
}

/** The hint for reading these records' slug again. */
export function profileHintOf(records: ProfileRecords): ProfileHint {
  const { listing } = records;
  return { id: listing.id, categories: categorySlugs(listing), founders: listing.founder_slugs };
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * The profile records of the listing with a slug, whatever its status, or null. Without a hint:
 * 9 reads in three round trips (the slug's pointer; the listing, its stats and histories;
 * categories and founders). With a right hint: 7 reads in one round trip.
 */
export async function readProfileRecordsBySlug(
  kv: Deno.Kv,
  slug: string,
  hint?: ProfileHint,
): Promise<ProfileRecords | null> {
  if (hint) {
    const related = [
      ...hint.categories.map(keys.categoryKey),
      ...hint.founders.map(keys.founderKey),
    ];
    const [[listing, stats, ...values], histories] = await Promise.all([
      getManyValues(kv, [keys.listingKey(hint.id), keys.listingStatsKey(hint.id), ...related]),
      readHistories(kv, hint.id),
    ]) as [[Listing | null, ListingStats | null, ...unknown[]], Histories];
    if (listing?.slug === slug) {
      const whole = (await completeSplit(kv, keys.listingKey(hint.id), listing))!;
      const same = sameList(categorySlugs(listing), hint.categories) &&
        sameList(listing.founder_slugs, hint.founders);
      return toRecords(whole, stats, same ? values : await readRelated(kv, whole), histories);
    }
  }
  const id = (await kv.get<number>(keys.listingBySlugKey(slug))).value;
  if (id === null) return null;
  const [[listingEntry, statsEntry], histories] = await Promise.all([
    kv.getMany<[Listing, ListingStats]>([keys.listingKey(id), keys.listingStatsKey(id)]),
    readHistories(kv, id),
  ]);
  const listing = await completeSplit(kv, keys.listingKey(id), listingEntry.value);
  if (!listing) return null;
  return toRecords(listing, statsEntry.value, await readRelated(kv, listing), histories);
}
