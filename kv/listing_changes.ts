/**
 * Listing writes, told to the process that made them at once and, through change records in KV,
 * to every other instance sharing the store.
 *
 * - Every write of a listing (its record, stats, updates, reviews) is committed by
 *   `commitListingWrite`, which adds to the same atomic operation a small change record
 *   `["listing_changes", atMs, instance, sequence] → listing id` (kept `CHANGE_RETENTION_MS`) and
 *   sets the head key `["listing_changes_head"]`, so a write and its record land together or not
 *   at all.
 * - After the commit the process's listeners (`onListingWrite`: the profile cache, the search
 *   index) are called at once. Other instances learn of it from the record: their follower
 *   (services/directory/listing_changes.ts) reads the head every `LISTING_CHANGES_POLL_MS` and,
 *   when it moved, the records since its cursor, and calls its own listeners.
 * - Records are ordered by the writer's clock, not by commit: a record may become visible after
 *   later ones (a slow commit, clocks apart). Readers therefore read again the last
 *   `CHANGE_OVERLAP_MS` before their cursor and skip the records they have seen.
 */
import * as keys from "./keys.ts";

/** How long a change record is kept (a search snapshot older than this is not caught up). */
export const CHANGE_RETENTION_MS = 6 * 3_600_000;
/** How far before its cursor a reader looks again for records committed late. */
export const CHANGE_OVERLAP_MS = 5_000;

/** One listing change record. */
export interface ListingChange {
  /** The listing written. */
  id: number;
  /** When, by the writing instance's clock (ms since the epoch). */
  atMs: number;
  /** Which instance wrote it. */
  instance: string;
  /** The record's key, unique: tells records already seen apart. */
  key: string;
}

/** Called with a listing's id after a write to it (here, or on another instance when followed). */
export type ListingWriteListener = (id: number) => void;

const writeListeners = new WeakMap<Deno.Kv, Set<ListingWriteListener>>();
const instances = new WeakMap<Deno.Kv, { id: string; sequence: number }>();

/**
 * Calls `listener` after every listing write this process makes on `kv`, and every write another
 * instance made that this process's change follower has read, so that in-process caches can drop
 * or refresh what they hold for it. Returns the function that removes the listener.
 */
export function onListingWrite(kv: Deno.Kv, listener: ListingWriteListener): () => void {
  let listeners = writeListeners.get(kv);
  if (!listeners) writeListeners.set(kv, listeners = new Set());
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the listeners of `kv` that listing `id` was written. */
export function notifyListingWrite(kv: Deno.Kv, id: number): void {
  for (const listener of writeListeners.get(kv) ?? []) {
    try {
      listener(id);
    } catch (err) {
      console.error(`A listing write listener failed for listing ${id}:`, err);
    }
  }
}

/** This process's instance name for a store handle (random, one per handle). */
export function instanceOf(kv: Deno.Kv): string {
  let instance = instances.get(kv);
  if (!instance) {
    instances.set(kv, instance = { id: crypto.randomUUID().slice(0, 12), sequence: 0 });
  }
  return instance.id;
}

/** Adds the change records of listings `ids` (and the head) to an atomic operation. */
export function stageListingChanges(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  ids: Iterable<number>,
  atMs = Date.now(),
): void {
  const instance = instanceOf(kv);
  const state = instances.get(kv)!;
  let staged = false;
  for (const id of new Set(ids)) {
    op.set(keys.listingChangeKey(atMs, instance, ++state.sequence), id, {
      expireIn: CHANGE_RETENTION_MS,
    });
    staged = true;
  }
  if (staged) op.set(keys.listingChangesHeadKey(), atMs);
}

/**
 * Commits a write of listings `ids` with their change records; once committed, tells this
 * process's listeners. Returns the commit's result (not ok: nothing was written).
 */
export async function commitListingWrite(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  ids: number[],
): Promise<Deno.KvCommitResult | Deno.KvCommitError> {
  stageListingChanges(kv, op, ids);
  const result = await op.commit();
  if (result.ok) { for (const id of new Set(ids)) notifyListingWrite(kv, id); }
  return result;
}

/** The head's versionstamp: it changes with every listing write on any instance. */
export async function listingChangesHead(kv: Deno.Kv): Promise<string | null> {
  return (await kv.get(keys.listingChangesHeadKey())).versionstamp;
}

/** The change records stamped at or after `sinceMs`, oldest first. */
export async function readListingChanges(kv: Deno.Kv, sinceMs: number): Promise<ListingChange[]> {
  const prefix = keys.listingChangesPrefix();
  const changes: ListingChange[] = [];
  const entries = kv.list<number>({
    start: [...prefix, Math.max(0, sinceMs)],
    end: [...prefix, Infinity],
  }, {
    batchSize: 500,
  });
  for await (const { key, value } of entries) {
    const [, atMs, instance, sequence] = key as [string, number, string, number];
    changes.push({ id: value, atMs, instance, key: `${atMs}/${instance}/${sequence}` });
  }
  return changes;
}
