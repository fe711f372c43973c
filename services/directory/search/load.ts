/**
 * The search index fed from KV: a full load of live and scheduled listings at start, then every
 * listing write this process makes, read again and upserted.
 */
import type { Listing, ListingStats } from "../../../kv/types.ts";
import { listingsPrefix, listingStatsPrefix } from "../../../kv/keys.ts";
import {
  categoriesWithParents,
  EMPTY_STATS,
  getListing,
  onListingWrite,
} from "../../../kv/listings.ts";
import { getCategoryParents } from "../../../kv/categories.ts";
import { getListingStats } from "../../../kv/listing_stats.ts";
import { summaryOf } from "../summary.ts";
import type { SearchIndex } from "./index.ts";
import type { SearchDoc } from "./types.ts";

/** Builds a SearchDoc from a listing, its stats and the category parent map (slug → parent). */
export function toSearchDoc(
  listing: Listing,
  stats: ListingStats,
  parents: Map<string, string | null>,
): SearchDoc {
  return {
    ...summaryOf(listing, stats),
    description: listing.description,
    keywords: listing.keywords,
    categories: categoriesWithParents(listing, parents),
    stage: listing.stage,
    country: listing.country,
    pricing_model: listing.pricing_model,
    domain: listing.domain.toLowerCase(),
    created_at: listing.created_at,
    views: stats.views,
    follows: stats.follows,
  };
}

/** The refreshes in flight per index, so that a caller can wait for them. */
const refreshing = new WeakMap<SearchIndex, Set<Promise<void>>>();

/**
 * Keeps the index current with the listing writes of this process: after each write the listing
 * is read again and upserted (or removed when it is no longer searchable). Reads that finish out of
 * order never overwrite a newer one. Writes made by other instances reach this index when it is
 * next loaded. Returns the function that stops following.
 */
export function followListingWrites(kv: Deno.Kv, index: SearchIndex): () => void {
  const latest = new Map<number, number>();
  let sequence = 0;
  let pending = refreshing.get(index);
  if (!pending) refreshing.set(index, pending = new Set());
  const inFlight = pending;
  return onListingWrite(kv, (id) => {
    const mine = ++sequence;
    latest.set(id, mine);
    const refresh = (async () => {
      const [listing, stats, parents] = await Promise.all([
        getListing(kv, id),
        getListingStats(kv, id),
        getCategoryParents(kv),
      ]);
      if (latest.get(id) !== mine) return; // a newer write is being read
      latest.delete(id);
      if (listing) index.upsert(toSearchDoc(listing, stats, parents));
      else index.remove(id);
    })().catch((err) => console.error(`Could not refresh listing ${id} in the search index:`, err))
      .finally(() => inFlight.delete(refresh));
    inFlight.add(refresh);
  });
}

/**
 * Resolves once the index holds every listing write that `followListingWrites` has seen so far
 * (the writes' refreshes run in the background).
 */
export async function listingWritesIndexed(index: SearchIndex): Promise<void> {
  const pending = refreshing.get(index);
  while (pending && pending.size > 0) await Promise.all(pending);
}

/** Fills the index from KV (live and scheduled listings) in the background; sets `ready`. */
export function loadSearchIndex(kv: Deno.Kv, index: SearchIndex): Promise<void> {
  const session = index.beginLoad();
  const done = (async () => {
    const parents = await getCategoryParents(kv);
    const stats = await readStats(kv);
    const listings = kv.list<Listing>({ prefix: listingsPrefix() }, { batchSize: 200 });
    for await (const { value: listing } of listings) {
      if (listing.status !== "live" && listing.status !== "scheduled") continue;
      index.loadDoc(session, toSearchDoc(listing, stats.get(listing.id) ?? EMPTY_STATS, parents));
    }
  })().finally(() => index.endLoad(session));
  // Handled here so that a caller who does not await (the server) cannot crash on a rejection;
  // search() callers awaiting `ready` still receive the error.
  done.catch((error) => console.error("Search index: loading from KV failed:", error));
  index.ready = done;
  return done;
}

/** Every listing's stats by id. */
async function readStats(kv: Deno.Kv): Promise<Map<number, ListingStats>> {
  const prefix = listingStatsPrefix();
  const stats = new Map<number, ListingStats>();
  for await (const entry of kv.list<ListingStats>({ prefix }, { batchSize: 1000 })) {
    stats.set(entry.key[entry.key.length - 1] as number, entry.value);
  }
  return stats;
}
