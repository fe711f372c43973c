/**
 * A small in-process cache of assembled public profiles (get_listing), keyed by slug.
 *
 * - Every listing write (the listing, its stats, updates, reviews, its founders' profiles, its
 *   awards: everything committed through kv/listing_changes.ts `commitListingWrite`) drops the
 *   listing's entry at once (`onListingWrite`), so a change made here is visible to the very next
 *   read here; one made by another instance, within a poll of the change records.
 * - Entries live at most `ttlMs` (60 s): the bound on how stale a profile can be after a change
 *   that is not a listing write (a category's name, a Featured period's end).
 * - A read that was in flight while its listing was written is not stored: `ticket()` before
 *   reading, `set(…, ticket)` after, and the write wins.
 * - At most `maxEntries` (least recently used out first, by use to the sixtieth of the TTL); a value is
 *   deep-frozen, as every caller shares it.
 * - A profile asked for in the last quarter of its life is read again in the background
 *   (`startRefresh`, at most 32 at a time) while the cached copy is served: a listing in demand is
 *   always answered from memory, never more than 60 s old, and its requests do not wait for KV.
 * - It also keeps, per slug, a hint of where the last read found the listing, so that a miss
 *   reads everything in one round trip (see kv/profiles.ts).
 */
import { onListingWrite } from "../../kv/listing_changes.ts";
import type { ProfileHint } from "../../kv/profiles.ts";

/** How long a profile may be served from memory. */
export const PROFILE_TTL_MS = 60_000;
/** How many profiles are kept at most. */
export const PROFILE_CACHE_ENTRIES = 2_048;
/** The share of the TTL a used entry stays where it is before it moves to the most recently used end. */
const REORDER_AFTER = 1 / 60;
/** Background refreshes in flight at most (beyond, entries simply expire). */
const MAX_REFRESHES = 32;
/** The share of the TTL after which a requested entry is refreshed in the background. */
const REFRESH_AFTER = 0.75;
/** How many read hints (slug → listing id and related keys) are kept at most. */
const MAX_HINTS = 16_384;
/** Writes remembered per listing for in-flight reads; past that, all older reads are refused. */
const MAX_REMEMBERED_WRITES = 10_000;

interface Entry<T> {
  id: number;
  value: T;
  /** What else the value depends on (public URL, the day): a different variant is a miss. */
  variant: string;
  storedAt: number;
  /** When it was last moved to the most recently used end. */
  usedAt: number;
}

/** Options of a profile cache. */
export interface ProfileCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Milliseconds on a monotonic clock. */
  clock?: () => number;
}

/** Assembled profiles by slug, with a short TTL, an LRU bound and invalidation by listing id. */
export class ProfileCache<T = unknown> {
  readonly ttlMs: number;
  readonly maxEntries: number;
  #clock: () => number;
  #entries = new Map<string, Entry<T>>();
  #slugById = new Map<number, string>();
  #hints = new Map<string, ProfileHint>();
  #refreshing = new Set<string>();
  /** Called when the last refresh in flight ends. */
  #idle: (() => void)[] = [];
  /** Sequence number of the last write seen, per listing, and the floor below which all reads are refused. */
  #seq = 0;
  #lastWrite = new Map<number, number>();
  #floor = 0;
  hits = 0;
  misses = 0;

  constructor(options: ProfileCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? PROFILE_TTL_MS;
    this.maxEntries = options.maxEntries ?? PROFILE_CACHE_ENTRIES;
    this.#clock = options.clock ?? (() => performance.now());
  }

  /** How many profiles are held. */
  get size(): number {
    return this.#entries.size;
  }

  /** The cached profile for a slug and variant, or undefined. */
  get(slug: string, variant: string): T | undefined {
    const entry = this.#entries.get(slug);
    const now = this.#clock();
    if (!entry || entry.variant !== variant || now - entry.storedAt >= this.ttlMs) {
      if (entry) this.#delete(slug, entry);
      this.misses++;
      return undefined;
    }
    // Most recently used last; moved at most once a second at the 60 s TTL (a move costs more
    // than the lookup).
    if (now - entry.usedAt >= this.ttlMs * REORDER_AFTER) {
      entry.usedAt = now;
      this.#entries.delete(slug);
      this.#entries.set(slug, entry);
    }
    this.hits++;
    return entry.value;
  }

  /** Taken before reading from KV; `set` refuses the value if its listing was written since. */
  ticket(): number {
    return this.#seq;
  }

  /** Stores a profile read after `ticket` was taken (unless its listing was written meanwhile). */
  set(slug: string, id: number, variant: string, value: T, ticket: number): void {
    if (Math.max(this.#floor, this.#lastWrite.get(id) ?? 0) > ticket) return;
    const old = this.#entries.get(slug);
    if (old) this.#delete(slug, old);
    const previousSlug = this.#slugById.get(id);
    if (previousSlug !== undefined) this.#delete(previousSlug, this.#entries.get(previousSlug));
    deepFreeze(value);
    const now = this.#clock();
    this.#entries.set(slug, { id, value, variant, storedAt: now, usedAt: now });
    this.#slugById.set(id, slug);
    while (this.#entries.size > this.maxEntries) {
      const [oldest, entry] = this.#entries.entries().next().value!;
      this.#delete(oldest, entry);
    }
  }

  /**
   * How the last read of a slug found it (kv/profiles.ts checks a hint against what it reads, so
   * a hint is kept past writes and the TTL: it only saves round trips).
   */
  hint(slug: string): ProfileHint | undefined {
    return this.#hints.get(slug);
  }

  /** Keeps the hint for the next read of a slug (oldest hints out first). */
  setHint(slug: string, hint: ProfileHint): void {
    this.#hints.delete(slug);
    this.#hints.set(slug, hint);
    if (this.#hints.size > MAX_HINTS) this.#hints.delete(this.#hints.keys().next().value!);
  }

  /**
   * Whether the caller should read a slug's profile again in the background now: its entry is in
   * the last quarter of its life and no refresh of it is in flight (nor 32 others). When true, the
   * caller must call `endRefresh(slug)` once done, whatever happened.
   */
  startRefresh(slug: string): boolean {
    const entry = this.#entries.get(slug);
    if (!entry || this.#refreshing.has(slug) || this.#refreshing.size >= MAX_REFRESHES) {
      return false;
    }
    if (this.#clock() - entry.storedAt < this.ttlMs * REFRESH_AFTER) return false;
    this.#refreshing.add(slug);
    return true;
  }

  /** Ends a refresh begun by `startRefresh`. */
  endRefresh(slug: string): void {
    this.#refreshing.delete(slug);
    if (this.#refreshing.size > 0) return;
    for (const resolve of this.#idle.splice(0)) resolve();
  }

  /** Resolves once no background refresh is in flight (at once when none is). */
  refreshesDone(): Promise<void> {
    if (this.#refreshing.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** Drops a slug's profile (its listing is gone or no longer public). */
  delete(slug: string): void {
    this.#delete(slug, this.#entries.get(slug));
  }

  /** Drops a listing's profile: call on every write to it. */
  invalidate(id: number): void {
    this.#lastWrite.set(id, ++this.#seq);
    if (this.#lastWrite.size > MAX_REMEMBERED_WRITES) {
      this.#lastWrite.clear();
      this.#floor = this.#seq;
    }
    const slug = this.#slugById.get(id);
    if (slug !== undefined) this.#delete(slug, this.#entries.get(slug));
  }

  /** Drops everything. */
  clear(): void {
    this.#entries.clear();
    this.#slugById.clear();
    this.#hints.clear();
    this.#floor = ++this.#seq;
    this.#lastWrite.clear();
  }

  #delete(slug: string, entry: Entry<T> | undefined): void {
    this.#entries.delete(slug);
    if (entry && this.#slugById.get(entry.id) === slug) this.#slugById.delete(entry.id);
  }
}

const caches = new WeakMap<Deno.Kv, ProfileCache>();

/**
 * The process's profile cache for a store, created on first use (with `options`, which later calls
 * do not change) and told of every listing write made through kv/listings.ts on that store.
 */
export function profileCacheFor(kv: Deno.Kv, options?: ProfileCacheOptions): ProfileCache {
  let cache = caches.get(kv);
  if (!cache) {
    const created = new ProfileCache(options);
    onListingWrite(kv, (id) => created.invalidate(id));
    caches.set(kv, cache = created);
  }
  return cache;
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
