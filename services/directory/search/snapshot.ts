/**
 * The search index's snapshot in KV: saved every 10 minutes (and after a full load), loaded at
 * start and caught up from the listing change records written since, so that a restart is ready
 * in a fraction of the time a full load from the listings takes.
 *
 * - Saving waits for the listing refreshes in flight, takes the change follower's cursor and
 *   serializes the index in the same synchronous step, so every change stamped before
 *   `cursor_ms - CHANGE_OVERLAP_MS` is in the snapshot.
 * - Starting reads the head; a snapshot of this format whose cursor is young enough for the change
 *   records still to cover it is installed, then every listing changed since (and every listing
 *   written while it loaded) is read again. Anything else (none, another format, too old, a
 *   missing chunk, corrupt bytes) falls back to the full load, then saves a snapshot.
 */
import {
  beginSnapshot,
  deleteOrphanSnapshots,
  deleteSnapshot,
  readSnapshotChunks,
  readSnapshotHead,
  type SearchSnapshotHead,
  SNAPSHOT_CHUNK_BYTES,
  switchSnapshotHead,
  writeSnapshotChunks,
} from "../../../kv/search_snapshot.ts";
import {
  CHANGE_OVERLAP_MS,
  CHANGE_RETENTION_MS,
  readListingChanges,
} from "../../../kv/listing_changes.ts";
import { listingChangeCursor } from "../listing_changes.ts";
import { SnapshotWriter } from "./codec.ts";
import type { SearchIndex } from "./index.ts";
import {
  fillFromKv,
  isSearchIndexLoaded,
  listingWritesIndexed,
  listingWritesPending,
  refreshListings,
  runLoad,
} from "./load.ts";
import type { LoadSession } from "./types.ts";

/** The layout version of the snapshot bytes: bump it whenever the layout changes. */
export const SNAPSHOT_FORMAT = 6;
/** A save is skipped while the current snapshot is younger than this (unless forced). */
export const SNAPSHOT_INTERVAL_MS = 10 * 60_000;
/** A snapshot is caught up only when its cursor is this far inside the change records' retention. */
const RETENTION_MARGIN_MS = 30 * 60_000;

/**
 * A catch-up of more listings than this builds the term lists first (in slices), since each
 * removal of a snapshot's slot otherwise scans the postings (19-28 ms at 1,000,000 listings).
 */
const MAX_SCANNED_CATCH_UP = 32;

/** Gives the event loop to other work (requests) between two steps of a load or a save. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** What a save did. */
export type SnapshotSaveResult = "saved" | "fresh" | "not-loaded" | "lost";

/**
 * Saves the index as the new snapshot, unless it is not loaded yet or the current snapshot is
 * younger than `SNAPSHOT_INTERVAL_MS` (and `force` is not set). "lost": another instance switched
 * the head first (this save's chunks were deleted).
 */
export async function saveSearchSnapshot(
  kv: Deno.Kv,
  index: SearchIndex,
  options: { now?: Date; force?: boolean; pause?: () => Promise<void> } = {},
): Promise<SnapshotSaveResult> {
  const now = options.now ?? new Date();
  if (!isSearchIndexLoaded(index)) return "not-loaded";
  const before = await readSnapshotHead(kv);
  const age = before.value ? now.getTime() - Date.parse(before.value.created_at) : Infinity;
  if (!options.force && age < SNAPSHOT_INTERVAL_MS) return "fresh";
  await deleteOrphanSnapshots(kv, before.value?.id ?? null, now);
  const id = `${now.getTime().toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
  await beginSnapshot(kv, id, now);
  const { cursor, chunks, bytes } = await serialize(kv, index);
  const count = chunks.length;
  // Each batch is dropped once written (the posting chains' copy goes with its last view).
  await writeSnapshotChunks(kv, id, chunks, options.pause ?? nextTask);
  const head: SearchSnapshotHead = {
    id,
    format: SNAPSHOT_FORMAT,
    created_at: now.toISOString(),
    cursor_ms: cursor,
    chunks: count,
    bytes,
    listings: index.size,
  };
  if (!await switchSnapshotHead(kv, before, head)) {
    await deleteSnapshot(kv, id, head.chunks);
    return "lost";
  }
  if (before.value) await deleteSnapshot(kv, before.value.id, before.value.chunks);
  return "saved";
}

/** The index's chunks and the change cursor they are current to. */
async function serialize(
  kv: Deno.Kv,
  index: SearchIndex,
): Promise<{ cursor: number; chunks: Uint8Array[]; bytes: number }> {
  let cursor: number;
  do {
    await listingWritesIndexed(index);
    cursor = listingChangeCursor(kv);
  } while (listingWritesPending(index)); // a write told meanwhile: wait for it too
  const out = new SnapshotWriter(SNAPSHOT_CHUNK_BYTES);
  index.writeSnapshot(out);
  return { cursor, ...out.finish() };
}

/**
 * Loads the index in the background (sets `ready`): from the snapshot when usable, caught up from
 * the change records, else in full from the listings, then saves a snapshot. The promise returned
 * resolves after that save, or after the snapshot's term lists are built (`ready` before either);
 * a failed save is logged.
 */
export function startSearchIndex(
  kv: Deno.Kv,
  index: SearchIndex,
  options: { now?: () => Date; pause?: () => Promise<void> } = {},
): Promise<void> {
  const now = options.now ?? (() => new Date());
  const pause = options.pause ?? nextTask;
  let full = false;
  const done = runLoad(index, async (session) => {
    if (await restore(kv, index, session, now(), pause)) return;
    full = true;
    await fillFromKv(kv, index, session);
  });
  return done.then(async () => {
    // From a snapshot: its slots' term lists (for removals), a slice at a time beside requests.
    if (!full) return await index.listTerms(pause);
    await saveSearchSnapshot(kv, index, { now: now(), force: true, pause })
      .catch((err) => console.error("Search index: saving the snapshot failed:", err));
  });
}

/** Installs and catches up the snapshot; false (index unchanged) when it cannot be used. */
async function restore(
  kv: Deno.Kv,
  index: SearchIndex,
  session: LoadSession,
  now: Date,
  pause: () => Promise<void>,
): Promise<boolean> {
  const started = performance.now();
  const cursor = await install(kv, index, now, pause);
  if (cursor === null) return false;
  const installed = performance.now();
  // Listings written since the snapshot, and those written while it loaded (their refreshes
  // went to the index it replaced).
  const changes = await readListingChanges(kv, cursor - CHANGE_OVERLAP_MS);
  const ids = new Set([...changes.map((change) => change.id), ...session.touched]);
  for (const id of session.counts.keys()) ids.add(id);
  // Many removals: list the terms first rather than scan the postings for each.
  if (ids.size > MAX_SCANNED_CATCH_UP) await index.listTerms(pause);
  await refreshListings(kv, index, ids);
  const ms = (from: number, to: number) => Math.round(to - from);
  console.log(
    `Search index: ${index.size} listings from the snapshot in ${ms(started, installed)} ms, ` +
      `${ids.size} caught up in ${ms(installed, performance.now())} ms`,
  );
  return true;
}

/** Reads the head's snapshot into the index; its cursor, or null when it cannot be used. */
async function install(
  kv: Deno.Kv,
  index: SearchIndex,
  now: Date,
  pause: () => Promise<void>,
): Promise<number | null> {
  try {
    const head = (await readSnapshotHead(kv)).value;
    if (!head) return null;
    if (head.format !== SNAPSHOT_FORMAT) {
      console.log(`Search index: snapshot format ${head.format} is not ${SNAPSHOT_FORMAT}`);
      return null;
    }
    if (now.getTime() - head.cursor_ms >= CHANGE_RETENTION_MS - RETENTION_MARGIN_MS) {
      console.log(`Search index: snapshot ${head.id} is older than the change records`);
      return null;
    }
    await index.readSnapshot(await readSnapshotChunks(kv, head), pause);
    return head.cursor_ms;
  } catch (err) {
    console.error("Search index: the snapshot is unreadable, loading in full:", err);
    return null;
  }
}
