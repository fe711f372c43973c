/**
 * The in-memory, typo-tolerant search index over live and scheduled listings.
 *
 * Why not a library: DESIGN.md ("Search must stay fast…") measured MiniSearch at 100,000 listings
 * at a p95 of 0.7 s and 1.3 GB. This index is built for that size:
 *
 * - Documents live in numbered slots; per-slot data (filters, counts, dates) sits in typed arrays.
 *   A replaced or removed listing only marks its slot dead (its postings are skipped); when a
 *   quarter of the slots are dead the index compacts itself.
 * - Postings (slot, weighted term frequency, field bits) are appended to per-term chains of blocks
 *   in one shared Int32Array, so there is no object per term or per posting, and each chain is in
 *   slot order.
 * - Each query term is corrected once against the vocabulary through a deletion neighbourhood
 *   (SymSpell): the hashed deletions of every term's first 7 characters point to the term, a
 *   query term's own deletions find the candidates, and Damerau-Levenshtein verifies them (1 edit
 *   below 8 characters, 2 from 8). The last term is also matched as a prefix (the user is typing).
 * - Scoring is BM25 over field-weighted frequencies (name 5, keywords 3, tagline 2, description 1)
 *   with a bonus for name hits; exact terms weigh more than prefix completions, which weigh more
 *   than corrections. Terms combine with AND, falling back to OR when AND finds nothing, and a
 *   bounded heap keeps only the requested page's worth of results.
 */
import type { Listing, ListingStats, ListingStatus } from "../../kv/types.ts";
import { listingsPrefix, listingStatsPrefix } from "../../kv/keys.ts";
import {
  categoriesWithParents,
  EMPTY_STATS,
  getListing,
  onListingWrite,
} from "../../kv/listings.ts";
import { getCategoryParents } from "../../kv/categories.ts";
import { getListingStats } from "../../kv/listing_stats.ts";

/** What the index keeps of a listing (no long text: descriptions are tokenised, not stored). */
export interface SearchDoc {
  id: number;
  slug: string;
  name: string;
  url: string;
  tagline: string;
  logo_url: string | null;
  /** Indexed, then dropped. */
  description: string;
  keywords: string[];
  /** Primary and extra category slugs and their parent slugs. */
  categories: string[];
  primary_category: string;
  stage: string | null;
  country: string | null;
  pricing_model: string | null;
  domain: string;
  status: ListingStatus;
  launch_week: string | null;
  launched_at: string | null;
  created_at: string;
  votes: number;
  views: number;
  follows: number;
}

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

const FIELD_NAME = 1;
const FIELD_KEYWORDS = 2;
const FIELD_TAGLINE = 4;
const FIELD_DESCRIPTION = 8;
const WEIGHT_NAME = 5;
const WEIGHT_KEYWORDS = 3;
const WEIGHT_TAGLINE = 2;
const WEIGHT_DESCRIPTION = 1;
/** Weighted term frequencies are stored above the 4 field bits of a posting. */
const MAX_WEIGHTED_TF = (1 << 26) - 1;

const BM25_K1 = 1.2;
const BM25_B = 0.5;
/** Extra score (times the term's idf) when a term is in the name. */
const NAME_BONUS = 1.5;
/** Extra score for the share of the name the query covers: the product named ranks first. */
const NAME_COVER_BONUS = 4;
/** Added per matched term in the OR fallback, so documents matching more terms come first. */
const OR_TERM_BONUS = 1000;

const EXACT_WEIGHT = 1;
const PREFIX_WEIGHT = 0.8;
const EDIT_WEIGHTS = [1, 0.55, 0.35];
/** Share of a completion's or correction's weight given by its frequency among the others. */
const FREQUENCY_PREFERENCE = 0.15;
/** A correction is also tried for a known term when it is this many times more frequent. */
const CORRECTION_DF_RATIO = 10;
const MAX_CORRECTIONS = 20;
const MAX_PREFIX_EXPANSIONS = 50;
const MIN_PREFIX_LENGTH = 2;
const MAX_QUERY_TERMS = 10;
const MAX_TERM_LENGTH = 40;
/** SymSpell prefix length: deletions are taken from the first characters only. */
const FUZZY_PREFIX_LENGTH = 7;
const MIN_FUZZY_LENGTH = 3;
const LONG_TERM_LENGTH = 8;

const STATUS_DEAD = 0;
const STATUS_LIVE = 1;
const STATUS_SCHEDULED = 2;

/** Postings and term lists live in fixed chunks of 2^20 ints (4 MB): growing never copies. */
const CHUNK_BITS = 20;
const CHUNK_SIZE = 1 << CHUNK_BITS;
const CHUNK_MASK = CHUNK_SIZE - 1;
const BLOCK_HEADER = 3; // next block, count, capacity
const FIRST_BLOCK_CAPACITY = 2;
const MAX_BLOCK_CAPACITY = 4096;
const MIN_DEAD_TO_COMPACT = 1024;
const MAX_UNSORTED_TERMS = 1024;
/** Stamps mark "seen in this pass" without clearing arrays; they restart before overflowing. */
const STAMP_LIMIT = 0x3fffffff;

const STOPWORDS = new Set(
  ("a an and are as at be by for from in is it of on or our that the this to we with you your")
    .split(" "),
);

const NON_ASCII = /[\u0080-\uffff]/;
const UNICODE_SEPARATORS = /[^\p{L}\p{N}]+/u;
const MARKS = /\p{M}+/gu;
const ENDS_IN_WORD = /[\p{L}\p{N}\p{M}]$/u;
const HAS_DIGIT = /\p{N}/u;
const HAS_WORD = /[\p{L}\p{N}]/u;

/** Lowercase, diacritic-free alphanumeric tokens of a text: `"Café-Bar"` → `["cafe", "bar"]`. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  forEachToken(text, (source, start, end) => out.push(source.slice(start, end)));
  return out;
}

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** FNV-1a hash of `text[start, end)`. */
function hashOf(text: string, start = 0, end = text.length): number {
  let hash = FNV_OFFSET;
  for (let k = start; k < end; k++) hash = Math.imul(hash ^ text.charCodeAt(k), FNV_PRIME);
  return hash;
}

/**
 * Calls `visit` with each token of a text as a range of a lowercased source string, and the
 * range's hash (so the vocabulary is looked up without creating a string); returns the count.
 */
function forEachToken(
  text: string,
  visit: (source: string, start: number, end: number, hash: number) => void,
): number {
  let lower = text.toLowerCase();
  let count = 0;
  if (NON_ASCII.test(lower)) {
    lower = lower.normalize("NFKD").replace(MARKS, "");
    if (NON_ASCII.test(lower)) {
      for (const token of lower.split(UNICODE_SEPARATORS)) {
        if (token.length === 0 || token.length > MAX_TERM_LENGTH) continue;
        visit(token, 0, token.length, hashOf(token));
        count++;
      }
      return count;
    }
  }
  // ASCII (nearly all text): a scan, hashing as it goes.
  let start = -1;
  let hash = FNV_OFFSET;
  for (let k = 0; k <= lower.length; k++) {
    const c = k < lower.length ? lower.charCodeAt(k) : 32;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (start < 0) {
        start = k;
        hash = FNV_OFFSET;
      }
      hash = Math.imul(hash ^ c, FNV_PRIME);
    } else if (start >= 0) {
      if (k - start <= MAX_TERM_LENGTH) {
        visit(lower, start, k, hash);
        count++;
      }
      start = -1;
    }
  }
  return count;
}

/** The bare lowercase host of a URL or domain: `https://www.Acme.io:443/x` → `acme.io`. */
export function normalizeDomain(input: string): string {
  return input.trim().toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
    .replace(/[/?#].*$/, "")
    .replace(/^[^@]*@/, "")
    .replace(/:\d*$/, "")
    .replace(/^www\./, "")
    .replace(/\.$/, "");
}

/** Builds a SearchDoc from a listing, its stats and the category parent map (slug → parent). */
export function toSearchDoc(
  listing: Listing,
  stats: ListingStats,
  parents: Map<string, string | null>,
): SearchDoc {
  return {
    id: listing.id,
    slug: listing.slug,
    name: listing.name,
    url: listing.url,
    tagline: listing.tagline,
    logo_url: listing.logo_url,
    description: listing.description,
    keywords: listing.keywords,
    categories: categoriesWithParents(listing, parents),
    primary_category: listing.primary_category,
    stage: listing.stage,
    country: listing.country,
    pricing_model: listing.pricing_model,
    domain: listing.domain.toLowerCase(),
    status: listing.status,
    launch_week: listing.launch_week,
    launched_at: listing.launched_at,
    created_at: listing.created_at,
    votes: stats.votes,
    views: stats.views,
    follows: stats.follows,
  };
}

/**
 * Keeps the index current with the listing writes of this process: after each write the listing
 * is read again and upserted (or removed when it is no longer searchable). Reads that finish out of
 * order never overwrite a newer one. Writes made by other instances reach this index when it is
 * next loaded. Returns the function that stops following.
 */
export function followListingWrites(kv: Deno.Kv, index: SearchIndex): () => void {
  const latest = new Map<number, number>();
  let sequence = 0;
  return onListingWrite(kv, (id) => {
    const mine = ++sequence;
    latest.set(id, mine);
    void (async () => {
      const [listing, stats, parents] = await Promise.all([
        getListing(kv, id),
        getListingStats(kv, id),
        getCategoryParents(kv),
      ]);
      if (latest.get(id) !== mine) return; // a newer write is being read
      latest.delete(id);
      if (listing) index.upsert(toSearchDoc(listing, stats, parents));
      else index.remove(id);
    })().catch((err) => console.error(`Could not refresh listing ${id} in the search index:`, err));
  });
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

/** A loading pass: ids written by other code while it runs are not overwritten by it. */
export interface LoadSession {
  touched: Set<number>;
  counts: Map<number, SearchCounts>;
}

type StoredSummary = Omit<ListingSummary, "votes">;

interface Variant {
  term: number;
  weight: number;
  /** The document frequency its idf is computed from. */
  df: number;
}

interface Group {
  variants: Variant[];
  /** Stopwords next to other terms are optional: they add to the score but need not match. */
  required: boolean;
}

interface Filter {
  status: number;
  stage: number;
  country: number;
  pricing: number;
  domain: number;
  category: number;
}

/** A growable typed array constructor. */
type TypedArrayOf<T> = { new (length: number): T };

function grow<T extends Int32Array | Uint8Array | Uint16Array | Float32Array | Float64Array>(
  array: T,
  minLength: number,
  fill = 0,
): T {
  if (array.length >= minLength) return array;
  let length = Math.max(16, array.length * 2);
  while (length < minLength) length *= 2;
  const next = new (array.constructor as TypedArrayOf<T>)(length);
  next.set(array as never);
  if (fill !== 0) next.fill(fill, array.length);
  return next;
}

/** FNV-1a of the first `length` characters of `text` without the characters at `skip1`, `skip2`. */
function deletionHash(text: string, length: number, skip1: number, skip2: number): number {
  let hash = FNV_OFFSET;
  for (let k = 0; k < length; k++) {
    if (k === skip1 || k === skip2) continue;
    hash = Math.imul(hash ^ text.charCodeAt(k), FNV_PRIME);
  }
  return hash;
}

/** Calls `visit` with the hash of each deletion of up to `maxEdits` letters of a term's prefix. */
function forEachDeletion(term: string, maxEdits: number, visit: (hash: number) => void): void {
  const n = Math.min(term.length, FUZZY_PREFIX_LENGTH);
  visit(deletionHash(term, n, -1, -1));
  for (let i = 0; i < n; i++) {
    // Deleting any character of a run gives the same string: keep the first.
    if (i > 0 && term.charCodeAt(i) === term.charCodeAt(i - 1)) continue;
    visit(deletionHash(term, n, i, -1));
    if (maxEdits < 2) continue;
    for (let j = i + 1; j < n; j++) {
      if (j > i + 1 && term.charCodeAt(j) === term.charCodeAt(j - 1)) continue;
      visit(deletionHash(term, n, i, j));
    }
  }
}

let distanceRows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Optimal-string-alignment (Damerau-Levenshtein) distance, or `max + 1` when it exceeds `max`. */
function editDistance(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (distanceRows[0].length <= lb) {
    distanceRows = distanceRows.map(() => new Int32Array(lb * 2 + 1));
  }
  let before = distanceRows[0];
  let previous = distanceRows[1];
  let current = distanceRows[2];
  for (let j = 0; j <= lb; j++) previous[j] = j;
  for (let i = 1; i <= la; i++) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let value = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (ca === cb ? 0 : 1),
      );
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        value = Math.min(value, before[j - 2] + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    const recycled = before;
    before = previous;
    previous = current;
    current = recycled;
  }
  return previous[lb];
}

function popcount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** Substring results may keep their whole source text alive; copy long ones before storing. */
function detached(text: string): string {
  return text.length >= 13 ? (" " + text).slice(1) : text;
}

/** Int32 storage in fixed chunks; a range never spans two chunks, so it is addressed by offset. */
class Chunks {
  list: Int32Array[] = [];
  used = 0;

  /** Reserves `size` ints in one chunk; returns the offset. */
  allocate(size: number): number {
    if (size > CHUNK_SIZE) throw new RangeError(`Cannot allocate ${size} ints in one chunk`);
    let at = this.used;
    if ((at & CHUNK_MASK) + size > CHUNK_SIZE) at = (at | CHUNK_MASK) + 1;
    while ((at + size - 1) >>> CHUNK_BITS >= this.list.length) {
      this.list.push(new Int32Array(CHUNK_SIZE));
    }
    this.used = at + size;
    return at;
  }
}

/** The in-memory search index; see the module documentation for its design. */
export class SearchIndex {
  /** Resolves when loading finished; search() callers await it. */
  ready: Promise<void> = Promise.resolve();

  // Slots: one per indexed version of a listing.
  #slotCount = 0;
  #liveCount = 0;
  #deadCount = 0;
  #slotOf = new Map<number, number>();
  #ids = new Int32Array(1024);
  #status = new Uint8Array(1024);
  #stage = new Int32Array(1024);
  #country = new Int32Array(1024);
  #pricing = new Int32Array(1024);
  #domain = new Int32Array(1024);
  #votes = new Float64Array(1024);
  #views = new Float64Array(1024);
  #follows = new Float64Array(1024);
  #time = new Float64Array(1024);
  #length = new Float32Array(1024);
  #nameLength = new Uint16Array(1024);
  #categoryStart = new Int32Array(1024);
  #categoryCount = new Uint16Array(1024);
  #categoryPool = new Int32Array(4096);
  #categoryUsed = 0;
  #termStart = new Int32Array(1024);
  #termCount = new Int32Array(1024);
  /** Each slot's term ids, so that removing it can update document frequencies. */
  #termLists = new Chunks();
  #summaries: (StoredSummary | undefined)[] = [];
  #totalLength = 0;

  /** Filter values (stage, country, ...) as small integers. */
  #values = new Map<string, Map<string, number>>();

  // Vocabulary and postings.
  /** Open addressing table of term ids by hash of the term. */
  #vocabulary = new Int32Array(1 << 14).fill(-1);
  #termHash = new Int32Array(4096);
  #terms: string[] = [];
  #df = new Int32Array(4096);
  #head = new Int32Array(4096).fill(-1);
  #tail = new Int32Array(4096).fill(-1);
  /** Posting blocks: [next block, count, capacity, (slot, tf << 4 | field bits) × capacity]. */
  #postings = new Chunks();
  /** Term ids in the order of their text, for prefix search; newer ones unsorted. */
  #sortedTerms: number[] = [];
  #unsortedTerms: number[] = [];
  /** The document being written: its terms, and per term a stamp and packed frequency. */
  #docTerms: number[] = [];
  #docStamp = new Int32Array(4096);
  #docStampValue = 0;
  #docPacked = new Int32Array(4096);

  // Deletion neighbourhood: hash -> term, chained in typed arrays.
  #buckets = new Int32Array(1 << 14).fill(-1);
  #deletionHash = new Int32Array(1 << 14);
  #deletionTerm = new Int32Array(1 << 14);
  #deletionNext = new Int32Array(1 << 14);
  #deletionCount = 0;

  // Query scratch space, indexed by slot or term.
  #score = new Float32Array(0);
  #mask = new Uint16Array(0);
  #nameMask = new Uint16Array(0);
  #groupStamp = new Int32Array(0);
  #groupBest = new Float32Array(0);
  #touched = new Int32Array(0);
  #touchedCount = 0;
  #groupTouched = new Int32Array(0);
  #key = new Float64Array(0);
  #stamp = 0;
  #termStamp = new Int32Array(0);
  #termStampValue = 0;

  #loading: LoadSession | null = null;

  /** Number of indexed listings (live and scheduled). */
  get size(): number {
    return this.#liveCount;
  }

  /** Inserts or replaces a listing; statuses other than live and scheduled remove it. */
  upsert(doc: SearchDoc): void {
    this.#loading?.touched.add(doc.id);
    this.#put(doc);
  }

  /** Removes a listing (no-op when absent). */
  remove(id: number): void {
    this.#loading?.touched.add(id);
    this.#kill(id);
  }

  /** Sets a listing's vote, view or follow count. */
  updateCounts(id: number, counts: SearchCounts): void {
    // While loading, remember the newest counts so the loader's older reads do not replace them.
    const loading = this.#loading;
    if (loading && !loading.touched.has(id)) {
      loading.counts.set(id, { ...loading.counts.get(id), ...counts });
    }
    const slot = this.#slotOf.get(id);
    if (slot === undefined) return;
    if (counts.votes !== undefined) this.#votes[slot] = counts.votes;
    if (counts.views !== undefined) this.#views[slot] = counts.views;
    if (counts.follows !== undefined) this.#follows[slot] = counts.follows;
  }

  /** The summary of an indexed listing. */
  summary(id: number): ListingSummary | undefined {
    const slot = this.#slotOf.get(id);
    return slot === undefined ? undefined : this.#summaryOf(slot);
  }

  /** Starts a loading pass (for loadSearchIndex; other code uses upsert). */
  beginLoad(): LoadSession {
    const session = { touched: new Set<number>(), counts: new Map<number, SearchCounts>() };
    this.#loading = session;
    return session;
  }

  /** Adds a document read by a loading pass, unless other code wrote that listing meanwhile. */
  loadDoc(session: LoadSession, doc: SearchDoc): void {
    if (session.touched.has(doc.id)) return;
    const counts = session.counts.get(doc.id);
    this.#put(counts ? { ...doc, ...counts } : doc);
  }

  /** Ends a loading pass and prepares the vocabulary for prefix queries. */
  endLoad(session: LoadSession): void {
    if (this.#loading === session) this.#loading = null;
    this.#sortVocabulary();
  }

  /** All summaries matching the filters (status "live" unless given), by id: for other views. */
  list(filters: SearchFilters = {}): ListingSummary[] {
    const filter = this.#filter({ status: "live", ...filters });
    if (!filter) return [];
    const out: number[] = [];
    for (let slot = 0; slot < this.#slotCount; slot++) {
      if (this.#matches(slot, filter)) out.push(slot);
    }
    const ids = this.#ids;
    return out.sort((a, b) => ids[a] - ids[b]).map((slot) => this.#summaryOf(slot));
  }

  /** Full-text search with filters, a sort and a page; `total` counts every match. */
  search(
    query: SearchQuery,
    options: { trending?: Map<number, number> } = {},
  ): { items: ListingSummary[]; total: number } {
    const perPage = Math.max(1, Math.floor(query.per_page));
    const start = (Math.max(1, Math.floor(query.page)) - 1) * perPage;
    const filter = this.#filter(query);
    if (!filter) return { items: [], total: 0 };
    this.#ensureScratch();
    const groups = this.#parse(query.q);
    try {
      let candidates: Int32Array;
      let count: number;
      if (groups) {
        [candidates, count] = this.#textMatches(groups, filter);
      } else {
        candidates = this.#touched;
        count = 0;
        for (let slot = 0; slot < this.#slotCount; slot++) {
          if (this.#matches(slot, filter)) candidates[count++] = slot;
        }
      }
      const sort = query.sort === "relevance" && !groups ? "votes" : query.sort;
      const key = this.#sortKey(sort, candidates, count, options.trending);
      const secondary = sort === "trending" || sort === "relevance" ? this.#votes : null;
      const ranked = this.#top(candidates, count, start + perPage, key, secondary);
      return { items: ranked.slice(start).map((slot) => this.#summaryOf(slot)), total: count };
    } finally {
      this.#resetScores();
    }
  }

  // --- Writing -------------------------------------------------------------------------------

  #put(doc: SearchDoc): void {
    this.#kill(doc.id);
    const status = doc.status === "live"
      ? STATUS_LIVE
      : doc.status === "scheduled"
      ? STATUS_SCHEDULED
      : STATUS_DEAD;
    if (status === STATUS_DEAD) return;
    const slot = this.#slotCount++;
    this.#ensureSlots(this.#slotCount);
    this.#slotOf.set(doc.id, slot);
    this.#liveCount++;
    this.#ids[slot] = doc.id;
    this.#status[slot] = status;
    this.#stage[slot] = this.#valueId("stage", doc.stage);
    this.#country[slot] = this.#valueId("country", doc.country?.toLowerCase() ?? null);
    this.#pricing[slot] = this.#valueId("pricing", doc.pricing_model?.toLowerCase() ?? null);
    this.#domain[slot] = this.#valueId("domain", normalizeDomain(doc.domain));
    this.#votes[slot] = doc.votes;
    this.#views[slot] = doc.views;
    this.#follows[slot] = doc.follows;
    this.#time[slot] = Date.parse(doc.launched_at ?? doc.created_at) || 0;
    const categories = [...new Set(doc.categories)];
    this.#categoryPool = grow(this.#categoryPool, this.#categoryUsed + categories.length);
    this.#categoryStart[slot] = this.#categoryUsed;
    this.#categoryCount[slot] = categories.length;
    for (const category of categories) {
      this.#categoryPool[this.#categoryUsed++] = this.#valueId("category", category);
    }
    this.#summaries[slot] = {
      id: doc.id,
      slug: doc.slug,
      name: doc.name,
      url: doc.url,
      tagline: doc.tagline,
      logo_url: doc.logo_url,
      primary_category: doc.primary_category,
      status: doc.status,
      launch_week: doc.launch_week,
      launched_at: doc.launched_at,
    };

    if (this.#docStampValue >= STAMP_LIMIT) {
      this.#docStamp.fill(0);
      this.#docStampValue = 0;
    }
    const stamp = ++this.#docStampValue;
    const terms = this.#docTerms;
    terms.length = 0;
    const nameLength = this.#addField(doc.name, WEIGHT_NAME | FIELD_NAME << 8, stamp);
    let length = nameLength;
    for (const keyword of doc.keywords) {
      length += this.#addField(keyword, WEIGHT_KEYWORDS | FIELD_KEYWORDS << 8, stamp);
    }
    length += this.#addField(doc.tagline, WEIGHT_TAGLINE | FIELD_TAGLINE << 8, stamp);
    length += this.#addField(doc.description, WEIGHT_DESCRIPTION | FIELD_DESCRIPTION << 8, stamp);
    this.#nameLength[slot] = Math.min(nameLength, 0xffff);
    this.#length[slot] = length;
    this.#totalLength += length;

    const list = this.#termLists.allocate(terms.length);
    const chunk = this.#termLists.list[list >>> CHUNK_BITS];
    let at = list & CHUNK_MASK;
    this.#termStart[slot] = list;
    this.#termCount[slot] = terms.length;
    for (const term of terms) {
      this.#append(term, slot, this.#docPacked[term]);
      this.#df[term]++;
      chunk[at++] = term;
    }
  }

  /**
   * Adds a field's tokens to the document being written: per term, the weighted frequency above
   * 4 field bits in `#docPacked`. `field` is the weight plus the field bit shifted by 8.
   */
  #addField(text: string, field: number, stamp: number): number {
    const weight = field & 0xff;
    const bit = field >>> 8;
    return forEachToken(text, (source, start, end, hash) => {
      const term = this.#termId(source, start, end, hash);
      if (this.#docStamp[term] !== stamp) {
        this.#docStamp[term] = stamp;
        this.#docPacked[term] = 0;
        this.#docTerms.push(term);
      }
      const packed = this.#docPacked[term];
      const tf = Math.min((packed >>> 4) + weight, MAX_WEIGHTED_TF);
      this.#docPacked[term] = (tf << 4) | (packed & 15) | bit;
    });
  }

  /** The id of the term `source[start, end)`, or `-1 - position` of the free table entry. */
  #findTerm(source: string, start: number, end: number, hash: number): number {
    const table = this.#vocabulary;
    const mask = table.length - 1;
    const length = end - start;
    for (let at = hash & mask;; at = (at + 1) & mask) {
      const term = table[at];
      if (term < 0) return -1 - at;
      if (this.#termHash[term] !== hash) continue;
      const text = this.#terms[term];
      if (text.length !== length) continue;
      let k = 0;
      while (k < length && text.charCodeAt(k) === source.charCodeAt(start + k)) k++;
      if (k === length) return term;
    }
  }

  /** The id of a known term with documents, or -1. */
  #liveTerm(text: string): number {
    const term = this.#findTerm(text, 0, text.length, hashOf(text));
    return term >= 0 && this.#df[term] > 0 ? term : -1;
  }

  #kill(id: number): void {
    const slot = this.#slotOf.get(id);
    if (slot === undefined) return;
    this.#slotOf.delete(id);
    this.#status[slot] = STATUS_DEAD;
    this.#summaries[slot] = undefined;
    this.#liveCount--;
    this.#deadCount++;
    this.#totalLength -= this.#length[slot];
    const list = this.#termStart[slot];
    const chunk = this.#termLists.list[list >>> CHUNK_BITS];
    const start = list & CHUNK_MASK;
    const end = start + this.#termCount[slot];
    for (let k = start; k < end; k++) this.#df[chunk[k]]--;
    if (this.#deadCount >= MIN_DEAD_TO_COMPACT && this.#deadCount * 4 >= this.#slotCount) {
      this.#compact();
    }
  }

  #valueId(kind: string, value: string | null): number {
    if (value === null || value === "") return -1;
    let values = this.#values.get(kind);
    if (!values) this.#values.set(kind, values = new Map());
    let id = values.get(value);
    if (id === undefined) {
      id = values.size;
      values.set(value, id);
    }
    return id;
  }

  #ensureSlots(count: number): void {
    if (this.#ids.length >= count) return;
    this.#ids = grow(this.#ids, count);
    this.#status = grow(this.#status, count);
    this.#stage = grow(this.#stage, count);
    this.#country = grow(this.#country, count);
    this.#pricing = grow(this.#pricing, count);
    this.#domain = grow(this.#domain, count);
    this.#votes = grow(this.#votes, count);
    this.#views = grow(this.#views, count);
    this.#follows = grow(this.#follows, count);
    this.#time = grow(this.#time, count);
    this.#length = grow(this.#length, count);
    this.#nameLength = grow(this.#nameLength, count);
    this.#categoryStart = grow(this.#categoryStart, count);
    this.#categoryCount = grow(this.#categoryCount, count);
    this.#termStart = grow(this.#termStart, count);
    this.#termCount = grow(this.#termCount, count);
  }

  /** The id of the term `source[start, end)`, added to the vocabulary when new. */
  #termId(source: string, start: number, end: number, hash: number): number {
    const found = this.#findTerm(source, start, end, hash);
    if (found >= 0) return found;
    const term = this.#terms.length;
    const text = detached(source.slice(start, end));
    this.#terms.push(text);
    if (term >= this.#df.length) {
      this.#df = grow(this.#df, term + 1);
      this.#docStamp = grow(this.#docStamp, term + 1);
      this.#docPacked = grow(this.#docPacked, term + 1);
      this.#termHash = grow(this.#termHash, term + 1);
      this.#head = grow(this.#head, term + 1, -1);
      this.#tail = grow(this.#tail, term + 1, -1);
    }
    this.#termHash[term] = hash;
    this.#vocabulary[-1 - found] = term;
    if (this.#terms.length * 2 > this.#vocabulary.length) this.#rehashVocabulary();
    this.#unsortedTerms.push(term);
    if (text.length >= MIN_FUZZY_LENGTH && !HAS_DIGIT.test(text)) {
      const maxEdits = text.length >= LONG_TERM_LENGTH - 2 ? 2 : 1;
      forEachDeletion(text, maxEdits, (deletion) => this.#addDeletion(deletion, term));
    }
    return term;
  }

  #rehashVocabulary(): void {
    const table = new Int32Array(this.#vocabulary.length * 2).fill(-1);
    const mask = table.length - 1;
    for (let term = 0; term < this.#terms.length; term++) {
      let at = this.#termHash[term] & mask;
      while (table[at] >= 0) at = (at + 1) & mask;
      table[at] = term;
    }
    this.#vocabulary = table;
  }

  #addDeletion(hash: number, term: number): void {
    if (this.#deletionCount >= this.#buckets.length) this.#rehashDeletions();
    const entry = this.#deletionCount++;
    if (entry >= this.#deletionHash.length) {
      this.#deletionHash = grow(this.#deletionHash, entry + 1);
      this.#deletionTerm = grow(this.#deletionTerm, entry + 1);
      this.#deletionNext = grow(this.#deletionNext, entry + 1);
    }
    const bucket = hash & (this.#buckets.length - 1);
    this.#deletionHash[entry] = hash;
    this.#deletionTerm[entry] = term;
    this.#deletionNext[entry] = this.#buckets[bucket];
    this.#buckets[bucket] = entry;
  }

  #rehashDeletions(): void {
    const buckets = new Int32Array(this.#buckets.length * 2).fill(-1);
    const mask = buckets.length - 1;
    for (let entry = 0; entry < this.#deletionCount; entry++) {
      const bucket = this.#deletionHash[entry] & mask;
      this.#deletionNext[entry] = buckets[bucket];
      buckets[bucket] = entry;
    }
    this.#buckets = buckets;
  }

  /** Reserves an empty block of postings; returns its offset. */
  #allocate(capacity: number): number {
    const block = this.#postings.allocate(BLOCK_HEADER + 2 * capacity);
    const chunk = this.#postings.list[block >>> CHUNK_BITS];
    const at = block & CHUNK_MASK;
    chunk[at] = -1;
    chunk[at + 1] = 0;
    chunk[at + 2] = capacity;
    return block;
  }

  #append(term: number, slot: number, packed: number): void {
    const chunks = this.#postings.list;
    let block = this.#tail[term];
    let chunk = block < 0 ? null : chunks[block >>> CHUNK_BITS];
    let at = block & CHUNK_MASK;
    if (chunk === null || chunk[at + 1] === chunk[at + 2]) {
      const capacity = chunk === null
        ? FIRST_BLOCK_CAPACITY
        : Math.min(chunk[at + 2] * 2, MAX_BLOCK_CAPACITY);
      const next = this.#allocate(capacity);
      if (chunk === null) this.#head[term] = next;
      else chunk[at] = next;
      this.#tail[term] = next;
      block = next;
      chunk = chunks[block >>> CHUNK_BITS];
      at = block & CHUNK_MASK;
    }
    const count = chunk[at + 1];
    chunk[at + BLOCK_HEADER + 2 * count] = slot;
    chunk[at + BLOCK_HEADER + 2 * count + 1] = packed;
    chunk[at + 1] = count + 1;
  }

  /** Drops dead slots: renumbers the live ones in order and rewrites every posting chain. */
  #compact(): void {
    const oldCount = this.#slotCount;
    const remap = new Int32Array(oldCount).fill(-1);
    const oldLists = this.#termLists.list;
    this.#termLists = new Chunks();
    let count = 0;
    let categoryUsed = 0;
    for (let slot = 0; slot < oldCount; slot++) {
      if (this.#status[slot] === STATUS_DEAD) continue;
      const to = count++;
      remap[slot] = to;
      this.#ids[to] = this.#ids[slot];
      this.#status[to] = this.#status[slot];
      this.#stage[to] = this.#stage[slot];
      this.#country[to] = this.#country[slot];
      this.#pricing[to] = this.#pricing[slot];
      this.#domain[to] = this.#domain[slot];
      this.#votes[to] = this.#votes[slot];
      this.#views[to] = this.#views[slot];
      this.#follows[to] = this.#follows[slot];
      this.#time[to] = this.#time[slot];
      this.#length[to] = this.#length[slot];
      this.#nameLength[to] = this.#nameLength[slot];
      this.#summaries[to] = this.#summaries[slot];
      this.#slotOf.set(this.#ids[to], to);
      const categoryStart = this.#categoryStart[slot];
      const categoryCount = this.#categoryCount[slot];
      this.#categoryPool.copyWithin(categoryUsed, categoryStart, categoryStart + categoryCount);
      this.#categoryStart[to] = categoryUsed;
      this.#categoryCount[to] = categoryCount;
      categoryUsed += categoryCount;
      const list = this.#termStart[slot];
      const termCount = this.#termCount[slot];
      const from = list & CHUNK_MASK;
      const copy = this.#termLists.allocate(termCount);
      this.#termLists.list[copy >>> CHUNK_BITS]
        .set(oldLists[list >>> CHUNK_BITS].subarray(from, from + termCount), copy & CHUNK_MASK);
      this.#termStart[to] = copy;
      this.#termCount[to] = termCount;
    }
    this.#status.fill(STATUS_DEAD, count, oldCount);
    this.#summaries.length = count;
    this.#slotCount = count;
    this.#deadCount = 0;
    this.#categoryUsed = categoryUsed;

    // Each term's live postings, renumbered, into blocks of the largest capacity.
    const old = this.#postings.list;
    this.#postings = new Chunks();
    for (let term = 0; term < this.#terms.length; term++) {
      let b = this.#head[term];
      this.#head[term] = -1;
      this.#tail[term] = -1;
      if (this.#df[term] <= 0) continue;
      let block = -1;
      let chunk = old[0];
      let at = 0;
      let written = 0;
      while (b >= 0) {
        const source = old[b >>> CHUNK_BITS];
        const start = b & CHUNK_MASK;
        const end = start + BLOCK_HEADER + 2 * source[start + 1];
        for (let p = start + BLOCK_HEADER; p < end; p += 2) {
          const to = remap[source[p]];
          if (to < 0) continue;
          if (block < 0 || chunk[at + 1] === chunk[at + 2]) {
            const remaining = this.#df[term] - written;
            const next = this.#allocate(
              Math.min(Math.max(remaining, FIRST_BLOCK_CAPACITY), MAX_BLOCK_CAPACITY),
            );
            if (block < 0) this.#head[term] = next;
            else chunk[at] = next;
            block = next;
            chunk = this.#postings.list[block >>> CHUNK_BITS];
            at = block & CHUNK_MASK;
          }
          const n = chunk[at + 1];
          chunk[at + BLOCK_HEADER + 2 * n] = to;
          chunk[at + BLOCK_HEADER + 2 * n + 1] = source[p + 1];
          chunk[at + 1] = n + 1;
          written++;
        }
        b = source[start];
      }
      this.#tail[term] = block;
    }
  }

  #sortVocabulary(): void {
    if (this.#unsortedTerms.length === 0) return;
    const terms = this.#terms;
    this.#sortedTerms = terms.map((_, term) => term)
      .sort((a, b) => (terms[a] < terms[b] ? -1 : terms[a] > terms[b] ? 1 : 0));
    this.#unsortedTerms = [];
  }

  // --- Querying ------------------------------------------------------------------------------

  #ensureScratch(): void {
    const slots = this.#ids.length;
    if (this.#score.length < slots) {
      this.#score = new Float32Array(slots);
      this.#mask = new Uint16Array(slots);
      this.#nameMask = new Uint16Array(slots);
      this.#groupStamp = new Int32Array(slots);
      this.#groupBest = new Float32Array(slots);
      this.#touched = new Int32Array(slots);
      this.#groupTouched = new Int32Array(slots);
      this.#key = new Float64Array(slots);
      this.#stamp = 0;
    }
    if (this.#termStamp.length < this.#terms.length) {
      this.#termStamp = new Int32Array(this.#df.length);
      this.#termStampValue = 0;
    }
  }

  /** Compiles the filters to dictionary ids, or returns null when a value cannot match anything. */
  #filter(query: SearchFilters): Filter | null {
    const filter: Filter = {
      status: query.status === "upcoming" ? STATUS_SCHEDULED : STATUS_LIVE,
      stage: -1,
      country: -1,
      pricing: -1,
      domain: -1,
      category: -1,
    };
    const lookups: [keyof Filter, string, string | undefined][] = [
      ["stage", "stage", query.stage],
      ["country", "country", query.country?.toLowerCase()],
      ["pricing", "pricing", query.pricing_model?.toLowerCase()],
      ["domain", "domain", query.domain === undefined ? undefined : normalizeDomain(query.domain)],
      ["category", "category", query.category],
    ];
    for (const [field, kind, value] of lookups) {
      if (value === undefined) continue;
      const id = this.#values.get(kind)?.get(value);
      if (id === undefined) return null;
      filter[field] = id;
    }
    return filter;
  }

  #matches(slot: number, filter: Filter): boolean {
    if (this.#status[slot] !== filter.status) return false;
    if (filter.stage >= 0 && this.#stage[slot] !== filter.stage) return false;
    if (filter.country >= 0 && this.#country[slot] !== filter.country) return false;
    if (filter.pricing >= 0 && this.#pricing[slot] !== filter.pricing) return false;
    if (filter.domain >= 0 && this.#domain[slot] !== filter.domain) return false;
    if (filter.category >= 0) {
      const start = this.#categoryStart[slot];
      const end = start + this.#categoryCount[slot];
      for (let k = start; k < end; k++) {
        if (this.#categoryPool[k] === filter.category) return true;
      }
      return false;
    }
    return true;
  }

  /**
   * The query's term groups: each term's exact, prefix and corrected vocabulary terms. Stopwords
   * ("for", "the") are optional when the query has other terms: they add to the score only.
   */
  #parse(q: string): Group[] | null {
    const tokens = tokenize(q);
    // No words means browse; words too long to be terms match nothing.
    if (tokens.length === 0) return HAS_WORD.test(q) ? [{ variants: [], required: true }] : null;
    const unique = [...new Set(tokens)].slice(0, MAX_QUERY_TERMS);
    const content = unique.some((token) => !STOPWORDS.has(token));
    const typing = ENDS_IN_WORD.test(q) ? tokens[tokens.length - 1] : null;
    return unique.map((token) => {
      const optional = content && STOPWORDS.has(token);
      const variants = optional ? this.#exact(token) : this.#variants(token, token === typing);
      return { variants, required: !optional };
    });
  }

  #exact(token: string): Variant[] {
    const term = this.#liveTerm(token);
    return term >= 0 ? [{ term, weight: EXACT_WEIGHT, df: this.#df[term] }] : [];
  }

  #variants(token: string, typing: boolean): Variant[] {
    const out: Variant[] = [];
    if (this.#termStampValue >= STAMP_LIMIT) {
      this.#termStamp.fill(0);
      this.#termStampValue = 0;
    }
    const stamp = ++this.#termStampValue;
    const exact = this.#liveTerm(token);
    const exactDf = exact < 0 ? 0 : this.#df[exact];
    if (exact >= 0) {
      this.#termStamp[exact] = stamp;
      out.push({ term: exact, weight: EXACT_WEIGHT, df: exactDf });
    }
    if (typing && token.length >= MIN_PREFIX_LENGTH) {
      for (const term of this.#completions(token)) {
        if (this.#termStamp[term] === stamp) continue;
        this.#termStamp[term] = stamp;
        const share = token.length / this.#terms[term].length;
        out.push({ term, weight: PREFIX_WEIGHT * (0.5 + 0.5 * share), df: this.#df[term] });
      }
    }
    if (token.length >= MIN_FUZZY_LENGTH && !HAS_DIGIT.test(token)) {
      for (const [term, edits] of this.#corrections(token, stamp)) {
        if (exactDf > 0 && this.#df[term] < exactDf * CORRECTION_DF_RATIO) continue;
        out.push({ term, weight: EDIT_WEIGHTS[edits], df: this.#df[term] });
      }
    }
    // Completions and corrections share the idf of the most frequent one, and a more frequent
    // term is the likelier meaning (as in SymSpell): otherwise a rare look-alike would win.
    const start = exactDf > 0 ? 1 : 0;
    let maxDf = 0;
    for (let k = start; k < out.length; k++) maxDf = Math.max(maxDf, out[k].df);
    for (let k = start; k < out.length; k++) {
      out[k].weight *= 1 - FREQUENCY_PREFERENCE + FREQUENCY_PREFERENCE * out[k].df / maxDf;
      out[k].df = maxDf;
    }
    return out;
  }

  /** Vocabulary terms with documents starting with `prefix`: the 50 most frequent at most. */
  #completions(prefix: string): number[] {
    if (this.#unsortedTerms.length > MAX_UNSORTED_TERMS) this.#sortVocabulary();
    const terms = this.#terms;
    const found: number[] = [];
    const sorted = this.#sortedTerms;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (terms[sorted[middle]] < prefix) low = middle + 1;
      else high = middle;
    }
    for (let k = low; k < sorted.length && terms[sorted[k]].startsWith(prefix); k++) {
      if (this.#df[sorted[k]] > 0) found.push(sorted[k]);
    }
    for (const term of this.#unsortedTerms) {
      if (this.#df[term] > 0 && terms[term].startsWith(prefix)) found.push(term);
    }
    if (found.length <= MAX_PREFIX_EXPANSIONS) return found;
    return found.sort((a, b) => this.#df[b] - this.#df[a]).slice(0, MAX_PREFIX_EXPANSIONS);
  }

  /** Vocabulary terms within 1 edit (2 from 8 characters) of `token`, as [term, edits]. */
  #corrections(token: string, stamp: number): [number, number][] {
    const maxEdits = token.length >= LONG_TERM_LENGTH ? 2 : 1;
    const found: [number, number][] = [];
    const mask = this.#buckets.length - 1;
    forEachDeletion(token, maxEdits, (hash) => {
      for (let entry = this.#buckets[hash & mask]; entry >= 0; entry = this.#deletionNext[entry]) {
        if (this.#deletionHash[entry] !== hash) continue;
        const term = this.#deletionTerm[entry];
        if (this.#termStamp[term] === stamp) continue;
        this.#termStamp[term] = stamp;
        if (this.#df[term] <= 0) continue;
        const edits = editDistance(token, this.#terms[term], maxEdits);
        if (edits >= 1 && edits <= maxEdits) found.push([term, edits]);
      }
    });
    found.sort((a, b) => a[1] - b[1] || this.#df[b[0]] - this.#df[a[0]]);
    return found.slice(0, MAX_CORRECTIONS);
  }

  /** Scores every document of every group; returns the filtered matches (AND, else OR). */
  #textMatches(groups: Group[], filter: Filter): [Int32Array, number] {
    const score = this.#score;
    const mask = this.#mask;
    const nameMask = this.#nameMask;
    const groupStamp = this.#groupStamp;
    const groupBest = this.#groupBest;
    const touched = this.#touched;
    const groupTouched = this.#groupTouched;
    const status = this.#status;
    const length = this.#length;
    const chunks = this.#postings.list;
    const documents = Math.max(1, this.#liveCount);
    const averageLength = Math.max(1, this.#totalLength / documents);
    let required = 0;
    groups.forEach(({ variants, required: isRequired }, g) => {
      const bit = 1 << g;
      if (isRequired) required |= bit;
      if (this.#stamp >= STAMP_LIMIT) {
        this.#groupStamp.fill(0);
        this.#stamp = 0;
      }
      const stamp = ++this.#stamp;
      let groupCount = 0;
      for (const { term, weight, df } of variants) {
        const base = weight * Math.log(1 + (documents - df + 0.5) / (df + 0.5));
        for (let b = this.#head[term]; b >= 0;) {
          const pool = chunks[b >>> CHUNK_BITS];
          const start = b & CHUNK_MASK;
          const end = start + BLOCK_HEADER + 2 * pool[start + 1];
          b = pool[start];
          for (let p = start + BLOCK_HEADER; p < end; p += 2) {
            const slot = pool[p];
            if (status[slot] === STATUS_DEAD) continue;
            const packed = pool[p + 1];
            const tf = packed >>> 4;
            const norm = BM25_K1 * (1 - BM25_B + BM25_B * length[slot] / averageLength);
            let value = base * tf * (BM25_K1 + 1) / (tf + norm);
            if (packed & FIELD_NAME) {
              value += base * NAME_BONUS;
              nameMask[slot] |= bit;
            }
            if (groupStamp[slot] !== stamp) {
              groupStamp[slot] = stamp;
              groupBest[slot] = value;
              groupTouched[groupCount++] = slot;
            } else if (value > groupBest[slot]) {
              groupBest[slot] = value;
            }
          }
        }
      }
      for (let k = 0; k < groupCount; k++) {
        const slot = groupTouched[k];
        if (mask[slot] === 0) touched[this.#touchedCount++] = slot;
        mask[slot] |= bit;
        score[slot] += groupBest[slot];
      }
    });
    const touchedCount = this.#touchedCount;
    const candidates = this.#groupTouched;
    let count = 0;
    for (let k = 0; k < touchedCount; k++) {
      const slot = touched[k];
      if ((mask[slot] & required) === required && this.#matches(slot, filter)) {
        candidates[count++] = slot;
      }
    }
    const fallback = count === 0 && popcount(required) > 1;
    if (fallback) {
      for (let k = 0; k < touchedCount; k++) {
        const slot = touched[k];
        if ((mask[slot] & required) !== 0 && this.#matches(slot, filter)) {
          candidates[count++] = slot;
        }
      }
    }
    for (let k = 0; k < count; k++) {
      const slot = candidates[k];
      const cover = popcount(nameMask[slot]) / Math.max(this.#nameLength[slot], groups.length);
      score[slot] += NAME_COVER_BONUS * cover;
      if (fallback) score[slot] += OR_TERM_BONUS * popcount(mask[slot] & required);
    }
    return [candidates, count];
  }

  #resetScores(): void {
    const touched = this.#touched;
    for (let k = 0; k < this.#touchedCount; k++) {
      const slot = touched[k];
      this.#score[slot] = 0;
      this.#mask[slot] = 0;
      this.#nameMask[slot] = 0;
    }
    this.#touchedCount = 0;
  }

  #sortKey(
    sort: SearchSort,
    candidates: Int32Array,
    count: number,
    trending?: Map<number, number>,
  ): Float32Array | Float64Array {
    switch (sort) {
      case "relevance":
        return this.#score;
      case "votes":
        return this.#votes;
      case "most_viewed":
        return this.#views;
      case "most_followed":
        return this.#follows;
      case "newest":
        return this.#time;
      case "trending": {
        const key = this.#key;
        for (let k = 0; k < count; k++) {
          const slot = candidates[k];
          key[slot] = trending?.get(this.#ids[slot]) ?? 0;
        }
        return key;
      }
    }
  }

  /** The best `limit` candidates in order: key desc, then secondary desc, then id asc. */
  #top(
    candidates: Int32Array,
    count: number,
    limit: number,
    key: Float32Array | Float64Array,
    secondary: Float64Array | null,
  ): number[] {
    const ids = this.#ids;
    const before = (a: number, b: number): boolean => {
      if (key[a] !== key[b]) return key[a] > key[b];
      if (secondary && secondary[a] !== secondary[b]) return secondary[a] > secondary[b];
      return ids[a] < ids[b];
    };
    const compare = (a: number, b: number) => before(a, b) ? -1 : before(b, a) ? 1 : 0;
    if (limit >= count) return Array.from(candidates.subarray(0, count)).sort(compare);
    // A heap of the best `limit` so far, the worst of them at the root.
    const heap: number[] = [];
    const siftDown = (at: number) => {
      for (;;) {
        const left = 2 * at + 1;
        if (left >= heap.length) return;
        const right = left + 1;
        const worse = right < heap.length && before(heap[left], heap[right]) ? right : left;
        if (!before(heap[at], heap[worse])) return;
        [heap[at], heap[worse]] = [heap[worse], heap[at]];
        at = worse;
      }
    };
    for (let k = 0; k < count; k++) {
      const slot = candidates[k];
      if (heap.length < limit) {
        heap.push(slot);
        for (let at = heap.length - 1; at > 0;) {
          const parent = (at - 1) >> 1;
          if (!before(heap[parent], heap[at])) break;
          [heap[at], heap[parent]] = [heap[parent], heap[at]];
          at = parent;
        }
      } else if (before(slot, heap[0])) {
        heap[0] = slot;
        siftDown(0);
      }
    }
    return heap.sort(compare);
  }

  #summaryOf(slot: number): ListingSummary {
    const s = this.#summaries[slot]!;
    return {
      id: s.id,
      slug: s.slug,
      name: s.name,
      url: s.url,
      tagline: s.tagline,
      logo_url: s.logo_url,
      votes: this.#votes[slot],
      primary_category: s.primary_category,
      status: s.status,
      launch_week: s.launch_week,
      launched_at: s.launched_at,
    };
  }
}
