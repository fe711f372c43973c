/**
 * The search index fed from KV: a full load of live and scheduled listings (or a snapshot, see
 * snapshot.ts), then every listing write, read again and upserted.
 */
import type { Listing, ListingStats } from "../../../kv/types.ts";
import { listingsPrefix, listingStatsPrefix } from "../../../kv/keys.ts";
import { categoriesWithParents, EMPTY_STATS, getListing } from "../../../kv/listings.ts";
import { onListingWrite } from "../../../kv/listing_changes.ts";
import { getCategoryParents } from "../../../kv/categories.ts";
import { getListingStats } from "../../../kv/listing_stats.ts";
import { summaryOf } from "../summary.ts";
import { tagFilterValues } from "../tags.ts";
import type { SearchIndex } from "./index.ts";
import type { LoadSession, SearchDoc } from "./types.ts";

/** Listings re-read at once when catching up. */
const REFRESH_BATCH = 50;

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
    categories: [...categoriesWithParents(listing, parents), ...tagFilterValues(listing.tags)],
    stage: listing.stage,
    country: listing.country,
    pricing_model: listing.pricing_model,
    domain: listing.domain.toLowerCase(),
    created_at: listing.created_at,
    views: stats.views,
    follows: stats.follows,
  };
}

/** Re-reads listings into one index: one sequence per index, so older reads never win. */
interface Refresher {
  refresh(id: number): Promise<void>;
  /** The refreshes in flight, so that a caller can wait for them. */
  inFlight: Set<Promise<void>>;
}

const refreshers = new WeakMap<SearchIndex, Refresher>();
/** Indexes whose load (full or from a snapshot) has finished. */
const loaded = new WeakSet<SearchIndex>();

/**
 * The index's refresher: reads a listing and its stats again and upserts it (or removes it when it
 * is no longer searchable). A read that finishes after a newer one began is dropped.
 */
function refresherOf(kv: Deno.Kv, index: SearchIndex): Refresher {
  const known = refreshers.get(index);
  if (known) return known;
  const latest = new Map<number, number>();
  let sequence = 0;
  const inFlight = new Set<Promise<void>>();
  const refresh = (id: number): Promise<void> => {
    const mine = ++sequence;
    latest.set(id, mine);
    const done: Promise<void> = (async () => {
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
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
    return done;
  };
  const refresher = { refresh, inFlight };
  refreshers.set(index, refresher);
  return refresher;
}

/** Re-reads listings `ids` into the index (a few at a time), through its refresher. */
export async function refreshListings(
  kv: Deno.Kv,
  index: SearchIndex,
  ids: Iterable<number>,
): Promise<void> {
  const { refresh } = refresherOf(kv, index);
  const all = [...ids];
  for (let from = 0; from < all.length; from += REFRESH_BATCH) {
    await Promise.all(all.slice(from, from + REFRESH_BATCH).map(refresh));
  }
}

/**
 * Keeps the index current with listing writes: after each write (of this process, or of another
 * instance told by the change follower) the listing is read again and upserted, or removed when it
 * is no longer searchable. Reads that finish out of order never overwrite a newer one. Returns
 * the function that stops following.
 */
export function followListingWrites(kv: Deno.Kv, index: SearchIndex): () => void {
  const { refresh } = refresherOf(kv, index);
  return onListingWrite(kv, (id) => void refresh(id));
}

/**
 * Resolves once the index holds every listing write that `followListingWrites` has seen so far
 * (the writes' refreshes run in the background).
 */
export async function listingWritesIndexed(index: SearchIndex): Promise<void> {
  const pending = refreshers.get(index)?.inFlight;
  while (pending && pending.size > 0) await Promise.all(pending);
}

/** Whether listing refreshes are running for the index now. */
export function listingWritesPending(index: SearchIndex): boolean {
  return (refreshers.get(index)?.inFlight.size ?? 0) > 0;
}

/** Whether the index finished loading (in full or from a snapshot). */
export function isSearchIndexLoaded(index: SearchIndex): boolean {
  return loaded.has(index);
}

/**
 * Runs a loading pass in the background and sets `ready` to it: `fill` adds documents through
 * the session (writes meanwhile are not overwritten by its older reads).
 */
export function runLoad(
  index: SearchIndex,
  fill: (session: LoadSession) => Promise<void>,
): Promise<void> {
  const session = index.beginLoad();
  const done = fill(session).finally(() => index.endLoad(session)).then(() => {
    loaded.add(index);
  });
  // Handled here so that a caller who does not await (the server) cannot crash on a rejection;
  // search() callers awaiting `ready` still receive the error.
  done.catch((error) => console.error("Search index: loading from KV failed:", error));
  index.ready = done;
  return done;
}

/** Fills the index from KV (live and scheduled listings) in the background; sets `ready`. */
export function loadSearchIndex(kv: Deno.Kv, index: SearchIndex): Promise<void> {
  return runLoad(index, (session) => fillFromKv(kv, index, session));
}

/**
 * Reads every live and scheduled listing with its stats into a loading session: both are listed
 * in id order side by side, so no listing or stats are held beyond the batch being read.
 */
export async function fillFromKv(
  kv: Deno.Kv,
  index: SearchIndex,
  session: LoadSession,
): Promise<void> {
  const parents = await getCategoryParents(kv);
  const stats = kv.list<ListingStats>({ prefix: listingStatsPrefix() }, { batchSize: 1000 })[
    Symbol.asyncIterator
  ]();
  let next = await stats.next();
  const listings = kv.list<Listing>({ prefix: listingsPrefix() }, { batchSize: 200 });
  for await (const { value: listing } of listings) {
    while (!next.done && idOf(next.value.key) < listing.id) next = await stats.next();
    if (listing.status !== "live" && listing.status !== "scheduled") continue;
    const own = !next.done && idOf(next.value.key) === listing.id ? next.value.value : EMPTY_STATS;
    index.loadDoc(session, toSearchDoc(listing, own, parents));
  }
}

/** The listing id that ends a key. */
function idOf(key: Deno.KvKey): number {
  return key[key.length - 1] as number;
}
