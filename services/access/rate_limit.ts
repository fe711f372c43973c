/**
 * Rate limits: fixed windows (one minute unless told otherwise) per valid API key or token (by the
 * hash of the credential) or, without a valid credential, per client IP, counted in KV so that
 * several instances share them. Other limits (sign-in mails per address and hour) count in the
 * same way. Whether a credential is valid is looked up once and remembered for a short while in a
 * bounded map, so a flood of made-up tokens costs at most one KV read each and counts against its
 * address.
 *
 * Counting is done in memory and KV is where instances meet. Each limiter (one per process and
 * store) writes its own count of a bucket's window under its own key,
 * `["rate_limit", bucket, window, instance]` (a blind `set` with `expireIn` of two windows, so
 * counters never pile up and instances never conflict), and learns the other instances' counts
 * by listing the bucket's window. With `margin` = max(5, 10 % of the limit), a request is:
 *
 * - **far from the limit** (more than `margin` left by what this instance knows): admitted at
 *   once, without waiting for KV. A bucket is synced (this instance's count written, then the
 *   others' read) in the background after `margin` / 2 admissions on one view (at most 4 syncs at
 *   a time), and after `margin` admissions the next request waits for the sync. Fewer admissions
 *   than that are not written at all: they are within the share of the limit each instance may
 *   admit unseen (below), so writing them would buy nothing. A visitor who asks a few times a
 *   minute costs no KV work; one who asks often costs a write and a list every `margin` / 2.
 * - **near the limit** (`margin` or fewer left): decided exactly on what KV holds. The others'
 *   counts are read before deciding and this instance's count is written before answering.
 * - **past the limit** (the count known here has reached it): refused at once. Counts only grow
 *   within a window, so this is exact and free: a flood of refused requests costs no KV work.
 *
 * Accuracy. In one process the count is exact for any limit: each request is counted in memory
 * before the next is decided, and with `margin` or fewer left every decision is exact, so a limit
 * of 2 admits exactly 2. Across instances, each admits at most `margin` requests of a bucket on
 * one view of the others' counts, and writes its own count before each new view: a bucket
 * overshoots its limit by at most about `margin` per instance (10 % of the limit each). Measured
 * with a limit of 120 on 2, 3 and 4 instances: at most 132, 156 and 156 admitted from a burst of
 * 400 concurrent requests, 122 to 138 from requests sent one at a time in turn. The bound rests on
 * each instance writing its count before each new view, never on counts written on a timer: an
 * instance's unwritten admissions are those since its last view, fewer than `margin`, which the
 * bound already allows. (Writing every count within 5 s, as an earlier version did, cost a KV write
 * per active visitor every 5 s: with 2,000 visitors, 400 writes a second on the same core; with
 * the whole count off, writes included, get_listing answered 7–11 % more on one core.) `flush` writes every count still unwritten (tests).
 * RateLimit-Remaining is exact in one process and, across instances, what this instance knows.
 */
import { rateLimitKey, rateLimitShardKey } from "../../kv/keys.ts";
import type { Deps } from "../platform/deps.ts";
import { sha256Hex } from "../platform/secrets.ts";
import { isLiveCredential } from "./access.ts";

/** The window of the API's per-minute limits. */
export const WINDOW_MS = 60_000;
/** Background syncs in flight at most (beyond, they are skipped until one is needed). */
const MAX_SYNCS = 4;
/**
 * Counts per atomic write, written one batch after the other: a write holds the local store's
 * single connection, so small batches let reads in between (100 take ~1 ms, 1,000 ~6 ms).
 */
const WRITE_BATCH = 100;

/** The outcome of counting one request. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  reset: number;
  /** The window's length in seconds. */
  window: number;
  allowed: boolean;
}

/** How long a credential's validity is remembered (a revoked key keeps its bucket this long). */
const CREDENTIAL_TTL_MS = 30_000;
/** Credentials remembered at most; the oldest are forgotten first. */
const CREDENTIAL_CACHE_SIZE = 10_000;

/**
 * Remembers, for a short while and for a bounded number of tokens, whether a bearer token is a
 * live API key or access token. Concurrent checks of one token share one lookup.
 */
export class CredentialCheck {
  readonly maxEntries: number;
  readonly ttlMs: number;
  #entries = new Map<string, { valid: Promise<boolean>; until: number }>();

  constructor(options: { maxEntries?: number; ttlMs?: number } = {}) {
    this.maxEntries = options.maxEntries ?? CREDENTIAL_CACHE_SIZE;
    this.ttlMs = options.ttlMs ?? CREDENTIAL_TTL_MS;
  }

  /** Tokens remembered now. */
  get size(): number {
    return this.#entries.size;
  }

  /** Whether `token` is a live credential (for any resource); a failed lookup counts as no. */
  async isValid(deps: Deps, token: string): Promise<boolean> {
    const now = deps.now().getTime();
    const key = await sha256Hex(token); // a fixed size per entry, whatever the token's length
    const known = this.#entries.get(key);
    if (known && known.until > now) return await known.valid;
    this.#entries.delete(key);
    while (this.#entries.size >= this.maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
    const valid = isLiveCredential(deps, token).catch((err) => {
      console.error("Cannot look up a credential for the rate limit:", err);
      return false;
    });
    this.#entries.set(key, { valid, until: now + this.ttlMs });
    return await valid;
  }
}

const credentialChecks = new WeakMap<Deno.Kv, CredentialCheck>();

/** The process's credential check for a store. */
export function credentialCheckFor(kv: Deno.Kv): CredentialCheck {
  let check = credentialChecks.get(kv);
  if (!check) credentialChecks.set(kv, check = new CredentialCheck());
  return check;
}

/** The bucket of a request without a valid credential: its client address. */
export function anonymousBucket(clientIp: string): string {
  return `ip:${clientIp}`;
}

/**
 * The bucket a request counts in: its bearer credential when `deps` is given and the credential
 * is live, else its client address (unknown, revoked or expired tokens count as anonymous).
 */
export async function rateLimitBucket(
  authorization: string | undefined,
  clientIp: string,
  deps?: Deps,
): Promise<{ bucket: string; anonymous: boolean }> {
  const token = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (token && deps && await credentialCheckFor(deps.kv).isValid(deps, token)) {
    return { bucket: `credential:${(await sha256Hex(token)).slice(0, 32)}`, anonymous: false };
  }
  return { bucket: anonymousBucket(clientIp), anonymous: true };
}

/** How close to the limit (in requests left) a bucket is counted exactly. */
export function exactMargin(limit: number): number {
  return Math.max(5, Math.ceil(limit / 10));
}

interface Bucket {
  name: string;
  /** The window's length (ms) and its number since the epoch. */
  windowMs: number;
  window: number;
  /** Requests admitted by this instance in the window (exact). */
  own: number;
  /** The part of `own` known to be in KV. */
  written: number;
  /** The other instances' total at the last read: a lower bound, as counts only grow. */
  others: number;
  /** `own` when the last sync ended: admissions since were decided on its view of the others. */
  ownAtSync: number;
  syncing: Promise<void> | null;
  writing: Promise<void> | null;
}

/** Options of a rate limiter. */
export interface RateLimiterOptions {
  /** This instance's name in KV keys; random by default. */
  instance?: string;
}

/** Counts requests per bucket and window for one instance; see the module documentation. */
export class RateLimiter {
  readonly kv: Deno.Kv;
  readonly instance: string;
  #buckets = new Map<number, Map<string, Bucket>>();
  /** The latest window seen, per window length. */
  #latestWindow = new Map<number, number>();
  #backgroundSyncs = new Set<Promise<void>>();

  constructor(kv: Deno.Kv, options: RateLimiterOptions = {}) {
    this.kv = kv;
    this.instance = options.instance ?? crypto.randomUUID().replaceAll("-", "").slice(0, 16);
  }

  /**
   * Counts one request when that needs no KV work at all: its bucket is far from the limit and
   * this instance has admitted fewer than `margin` requests on its view of the others (exactly
   * the requests `count` admits without waiting). Otherwise it counts nothing and returns null:
   * call `count`. Lets a caller answer at once, synchronously.
   */
  countNow(
    bucket: string,
    limit: number,
    now: Date,
    windowMs = WINDOW_MS,
  ): RateLimitState | null {
    const ms = now.getTime();
    const b = this.#admitNow(bucket, limit, ms, windowMs);
    return b && this.#outcome(b, limit, ms, true);
  }

  /**
   * `countNow` for a caller that needs only whether the request was counted (an answer that
   * carries no RateLimit fields): no state object is built.
   */
  admitNow(bucket: string, limit: number, nowMs: number, windowMs = WINDOW_MS): boolean {
    return this.#admitNow(bucket, limit, nowMs, windowMs) !== null;
  }

  #admitNow(bucket: string, limit: number, ms: number, windowMs: number): Bucket | null {
    const b = this.#bucket(bucket, windowMs, Math.floor(ms / windowMs));
    const margin = exactMargin(limit);
    if (limit - b.others - b.own <= margin || b.own - b.ownAtSync >= margin) return null;
    this.#startBackgroundSync(b, limit, margin);
    b.own++;
    return b;
  }

  /** Counts one request in `bucket` at `now` against `limit` per window of `windowMs`. */
  async count(
    bucket: string,
    limit: number,
    now: Date,
    windowMs = WINDOW_MS,
  ): Promise<RateLimitState> {
    const admitted = this.countNow(bucket, limit, now, windowMs);
    if (admitted) return admitted;
    const ms = now.getTime();
    const window = Math.floor(ms / windowMs);
    const b = this.#bucket(bucket, windowMs, window);
    const outcome = (allowed: boolean) => this.#outcome(b, limit, ms, allowed);
    const margin = exactMargin(limit);
    const far = () => limit - b.others - b.own > margin;
    // At most `margin` admissions on one view of the others (a sync writes this instance's count,
    // then reads the others'): a background sync after margin / 2, a wait after `margin`.
    while (far() && b.own - b.ownAtSync >= margin) await this.#sync(b);
    this.#startBackgroundSync(b, limit, margin);
    if (b.others + b.own >= limit) return outcome(false);
    if (far()) {
      b.own++;
      return outcome(true);
    }
    await this.#readOthers(b);
    if (b.others + b.own >= limit) return outcome(false);
    b.own++;
    const state = outcome(true);
    await this.#publish(b);
    return state;
  }

  #outcome(b: Bucket, limit: number, ms: number, allowed: boolean): RateLimitState {
    return {
      limit,
      remaining: Math.max(0, limit - b.others - b.own),
      reset: Math.max(1, Math.ceil(((b.window + 1) * b.windowMs - ms) / 1000)),
      window: b.windowMs / 1000,
      allowed,
    };
  }

  /** Starts a background sync once margin / 2 requests were admitted on one view (far only). */
  #startBackgroundSync(b: Bucket, limit: number, margin: number): void {
    const far = limit - b.others - b.own > margin;
    if (!far || b.own - b.ownAtSync < margin / 2 || b.syncing) return;
    if (this.#backgroundSyncs.size >= MAX_SYNCS) return;
    const sync: Promise<void> = this.#sync(b).finally(() => this.#backgroundSyncs.delete(sync));
    this.#backgroundSyncs.add(sync);
  }

  /** Buckets held in memory (this window's and the previous one's). */
  get size(): number {
    let size = 0;
    for (const buckets of this.#buckets.values()) size += buckets.size;
    return size;
  }

  /** Resolves once the background syncs started so far have ended (tests). */
  async settled(): Promise<void> {
    while (this.#backgroundSyncs.size > 0) await Promise.all(this.#backgroundSyncs);
  }

  /** Writes every count not yet in KV (tests): buckets far from their limit are not written otherwise. */
  async flush(): Promise<void> {
    for (;;) {
      const writes: Promise<void>[] = [];
      const ready: Bucket[] = [];
      for (const buckets of this.#buckets.values()) {
        for (const b of buckets.values()) {
          if (b.writing) writes.push(b.writing);
          else if (b.own > b.written) ready.push(b);
        }
      }
      if (writes.length === 0 && ready.length === 0) return;
      for (let i = 0; i < ready.length; i += WRITE_BATCH) {
        await this.#write(ready.slice(i, i + WRITE_BATCH));
      }
      await Promise.all(writes);
    }
  }

  #bucket(name: string, windowMs: number, window: number): Bucket {
    if (window > (this.#latestWindow.get(windowMs) ?? -Infinity)) {
      // Keep the previous window (requests in flight, clocks slightly apart); drop older ones.
      for (const [key, buckets] of this.#buckets) {
        const first = buckets.values().next().value;
        if (first && first.windowMs === windowMs && first.window < window - 1) {
          this.#buckets.delete(key);
        }
      }
      this.#latestWindow.set(windowMs, window);
    }
    // Windows by length and number (exact in a double), then buckets by name: no key to build.
    const windowKey = windowMs * 1e9 + window;
    let buckets = this.#buckets.get(windowKey);
    if (!buckets) this.#buckets.set(windowKey, buckets = new Map());
    let b = buckets.get(name);
    if (!b) {
      b = {
        name,
        windowMs,
        window,
        own: 0,
        written: 0,
        others: 0,
        ownAtSync: 0,
        syncing: null,
        writing: null,
      };
      buckets.set(name, b);
    }
    return b;
  }

  /** Writes this instance's count, then reads the others' (joining a sync in flight); failures are logged. */
  #sync(b: Bucket): Promise<void> {
    b.syncing ??= (async () => {
      await this.#publish(b);
      await this.#readOthers(b);
      b.ownAtSync = b.own;
    })().catch(logSyncError).finally(() => {
      b.syncing = null;
    });
    return b.syncing;
  }

  /** Reads the other instances' counts of a bucket's window (and this instance's, if it was lost). */
  async #readOthers(b: Bucket): Promise<void> {
    let others = 0;
    for await (const e of this.kv.list<number>({ prefix: rateLimitKey(b.name, b.window) })) {
      const count = Number(e.value) || 0;
      if (e.key[3] !== this.instance) others += count;
      else if (count > b.own) b.own = b.written = count; // state dropped while its window lasted
    }
    b.others = Math.max(b.others, others);
  }

  /** Resolves once KV holds at least the bucket's current count. */
  async #publish(b: Bucket): Promise<void> {
    const target = b.own;
    while (b.written < target) {
      await (b.writing ?? this.#write([b]));
    }
  }

  /** One atomic write of the buckets' current counts. */
  #write(buckets: Bucket[]): Promise<void> {
    const counts = buckets.map((b) => b.own);
    const op = this.kv.atomic();
    buckets.forEach((b, i) => {
      op.set(rateLimitShardKey(b.name, b.window, this.instance), counts[i], {
        expireIn: 2 * b.windowMs,
      });
    });
    const done: Promise<void> = op.commit().then(() => {
      buckets.forEach((b, i) => b.written = Math.max(b.written, counts[i]));
    }).finally(() => {
      for (const b of buckets) if (b.writing === done) b.writing = null;
    });
    for (const b of buckets) b.writing = done;
    return done;
  }
}

function logSyncError(err: unknown): void {
  if (err instanceof Deno.errors.BadResource) return; // the store was closed (tests, shutdown)
  console.error("Cannot sync rate limit counts with KV:", err);
}

const limiters = new WeakMap<Deno.Kv, RateLimiter>();

/** The process's rate limiter for a store: every middleware on that store counts in it. */
export function rateLimiterFor(kv: Deno.Kv): RateLimiter {
  let limiter = limiters.get(kv);
  if (!limiter) limiters.set(kv, limiter = new RateLimiter(kv));
  return limiter;
}

/**
 * Counts one request in its bucket's current window (one minute unless `windowMs` says
 * otherwise), in the process's limiter for the store.
 */
export function countRequest(
  deps: Deps,
  bucket: string,
  limit: number,
  windowMs = WINDOW_MS,
): Promise<RateLimitState> {
  return rateLimiterFor(deps.kv).count(bucket, limit, deps.now(), windowMs);
}
