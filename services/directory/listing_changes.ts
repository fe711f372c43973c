/**
 * Follows the listing writes other instances make on the shared store, so that this process's
 * profile cache and search index see them within a poll (`LISTING_CHANGES_POLL_MS`, 250 ms by
 * default: services/platform/config.ts) of their commit. Writes made here are told at once by kv/listing_changes.ts.
 *
 * Each poll reads the head key (one read); only when it moved are the change records since the
 * cursor read (again from `CHANGE_OVERLAP_MS` before it, for records committed late), those not
 * yet seen and written by other instances told to the listeners (`notifyListingWrite`).
 */
import {
  CHANGE_OVERLAP_MS,
  instanceOf,
  listingChangesHead,
  notifyListingWrite,
  readListingChanges,
} from "../../kv/listing_changes.ts";

const followers = new WeakMap<Deno.Kv, ListingChangeFollower>();

/** Reads other instances' listing change records and tells this process's listeners. */
export class ListingChangeFollower {
  #kv: Deno.Kv;
  #clock: () => number;
  /** Every record stamped before `cursor - CHANGE_OVERLAP_MS` has been seen. */
  #cursor: number;
  #head: string | null | undefined = undefined;
  /** Records seen in the overlap window, by key, with their stamps. */
  #seen = new Map<string, number>();

  constructor(kv: Deno.Kv, options: { clock?: () => number } = {}) {
    this.#kv = kv;
    this.#clock = options.clock ?? Date.now;
    this.#cursor = this.#clock();
  }

  /** See `listingChangeCursor`. */
  get cursor(): number {
    return this.#cursor;
  }

  /** One poll: returns how many other instances' changes were told to the listeners. */
  async poll(): Promise<number> {
    const startedAt = this.#clock();
    const head = await listingChangesHead(this.#kv);
    if (head === this.#head) {
      // Nothing committed since the last read: every record stamped before now has been seen.
      this.#cursor = Math.max(this.#cursor, startedAt);
      return 0;
    }
    const since = this.#cursor - CHANGE_OVERLAP_MS;
    const changes = await readListingChanges(this.#kv, since);
    this.#head = head;
    const self = instanceOf(this.#kv);
    let told = 0;
    for (const change of changes) {
      if (this.#seen.has(change.key)) continue;
      this.#seen.set(change.key, change.atMs);
      if (change.instance === self) continue;
      notifyListingWrite(this.#kv, change.id);
      told++;
    }
    this.#cursor = Math.max(this.#cursor, startedAt);
    for (const [key, atMs] of this.#seen) {
      if (atMs < this.#cursor - CHANGE_OVERLAP_MS) this.#seen.delete(key);
    }
    return told;
  }
}

/**
 * Starts following other instances' listing writes on `kv` (one follower per store handle),
 * polling every `intervalMs`. Returns the function that stops it.
 */
export function followListingChanges(
  kv: Deno.Kv,
  intervalMs: number,
): () => void {
  const follower = new ListingChangeFollower(kv);
  followers.set(kv, follower);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const loop = async () => {
    try {
      await follower.poll();
    } catch (err) {
      console.error("Cannot read the listing change records:", err);
    }
    if (!stopped) timer = setTimeout(loop, intervalMs);
  };
  timer = setTimeout(loop, 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
    if (followers.get(kv) === follower) followers.delete(kv);
  };
}

/**
 * A time (ms) such that every listing change stamped before `cursor - CHANGE_OVERLAP_MS` has been
 * told to this process's listeners: the follower's cursor, or now when none runs (one instance:
 * every write is told at once).
 */
export function listingChangeCursor(kv: Deno.Kv): number {
  return followers.get(kv)?.cursor ?? Date.now();
}
