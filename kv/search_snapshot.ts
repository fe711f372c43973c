/**
 * Search index snapshots in KV: the snapshot's bytes in chunks under their own id, a head naming
 * the current snapshot, and a marker per snapshot being written.
 *
 * A save writes its marker and chunks under a new id, then switches the head in one atomic write
 * checked against the head it read first and against its own marker (so of two saves at once one
 * wins; the loser deletes its chunks), then deletes the previous snapshot. A save that crashed
 * leaves its marker and chunks behind; a later save deletes them.
 */
import * as keys from "./keys.ts";

/** Bytes per chunk (a KV value holds at most 64 KiB: a chunk of the index's storage fills one). */
export const SNAPSHOT_CHUNK_BYTES = 65_536;
/** Chunks per atomic write (at most 800 KiB a write, keys included). */
const CHUNKS_PER_WRITE = 12;
/** Deletions per atomic write (at most 1000 mutations a write). */
const DELETES_PER_WRITE = 500;
/** Key ranges a snapshot is read in at once, and chunks per read (3 MB: other reads get by). */
const READ_RANGES = 4;
const READ_BATCH = 50;
/** A snapshot being written longer ago than this (not the head) belongs to a crashed save. */
export const ORPHAN_AFTER_MS = 30 * 60_000;

/** The current snapshot. */
export interface SearchSnapshotHead {
  id: string;
  /** The layout version of the bytes; a snapshot of another format is not loaded. */
  format: number;
  created_at: string;
  /** Every listing change stamped before `cursor_ms - CHANGE_OVERLAP_MS` is in the snapshot. */
  cursor_ms: number;
  chunks: number;
  bytes: number;
  listings: number;
}

/** The head with its versionstamp (null value: no snapshot yet). */
export function readSnapshotHead(kv: Deno.Kv): Promise<Deno.KvEntryMaybe<SearchSnapshotHead>> {
  return kv.get<SearchSnapshotHead>(keys.searchSnapshotHeadKey());
}

/** Marks snapshot `id` as being written (so that its chunks are deleted if the save crashes). */
export async function beginSnapshot(kv: Deno.Kv, id: string, createdAt: Date): Promise<void> {
  await kv.set(keys.searchSnapshotPendingKey(id), createdAt.toISOString());
}

/**
 * Writes the chunks of snapshot `id` (each at most `SNAPSHOT_CHUNK_BYTES`), a batch per atomic
 * write, taking each batch out of `chunks` once written (so that the caller's memory shrinks as
 * the save goes); `pause` runs between batches (other work gets the event loop).
 */
export async function writeSnapshotChunks(
  kv: Deno.Kv,
  id: string,
  chunks: Uint8Array[],
  pause: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  for (let first = 0; chunks.length > 0; first += CHUNKS_PER_WRITE) {
    const batch = chunks.splice(0, CHUNKS_PER_WRITE);
    const op = kv.atomic();
    batch.forEach((chunk, k) => {
      if (chunk.byteLength > SNAPSHOT_CHUNK_BYTES) throw new RangeError("Snapshot chunk too big");
      op.set(keys.searchSnapshotChunkKey(id, first + k), chunk);
    });
    const result = await op.commit();
    if (!result.ok) throw new Error(`Could not write search snapshot ${id}`);
    await pause();
  }
}

/**
 * Makes `head` (its chunks written) the current snapshot, unless the head changed since `before`
 * was read or the snapshot's marker was deleted meanwhile. Returns whether it did.
 */
export async function switchSnapshotHead(
  kv: Deno.Kv,
  before: Deno.KvEntryMaybe<SearchSnapshotHead>,
  head: SearchSnapshotHead,
): Promise<boolean> {
  const marker = await kv.get(keys.searchSnapshotPendingKey(head.id));
  if (marker.versionstamp === null) return false;
  const result = await kv.atomic()
    .check(before)
    .check(marker)
    .set(keys.searchSnapshotHeadKey(), head)
    .delete(marker.key)
    .commit();
  return result.ok;
}

/**
 * The chunks of the head's snapshot, read as `READ_RANGES` key ranges at once; throws when one
 * is missing or the sizes do not add up.
 */
export async function readSnapshotChunks(
  kv: Deno.Kv,
  head: SearchSnapshotHead,
): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = new Array(head.chunks);
  const perRange = Math.max(1, Math.ceil(head.chunks / READ_RANGES));
  const ranges: Promise<void>[] = [];
  for (let from = 0; from < head.chunks; from += perRange) {
    ranges.push(readChunkRange(kv, head.id, from, Math.min(head.chunks, from + perRange), chunks));
  }
  await Promise.all(ranges);
  let bytes = 0;
  for (const chunk of chunks) bytes += chunk.byteLength;
  if (bytes !== head.bytes) throw new Error(`Search snapshot ${head.id}: chunks are missing`);
  return chunks;
}

/** Reads chunks `[from, to)` of snapshot `id` into `into`; throws when one is missing. */
async function readChunkRange(
  kv: Deno.Kv,
  id: string,
  from: number,
  to: number,
  into: Uint8Array[],
): Promise<void> {
  let next = from;
  const entries = kv.list<Uint8Array>({
    start: keys.searchSnapshotChunkKey(id, from),
    end: keys.searchSnapshotChunkKey(id, to),
  }, { batchSize: READ_BATCH });
  for await (const { key, value } of entries) {
    if (key[key.length - 1] !== next || !(value instanceof Uint8Array)) break;
    into[next++] = value;
  }
  if (next !== to) throw new Error(`Search snapshot ${id}: chunk ${next} is missing or damaged`);
}

/** Deletes a snapshot's chunks (the first `chunks`, or all found) and its marker. */
export async function deleteSnapshot(kv: Deno.Kv, id: string, chunks?: number): Promise<void> {
  let keysToDelete: Deno.KvKey[] = [];
  if (chunks === undefined) {
    for await (const { key } of kv.list({ prefix: keys.searchSnapshotPrefix(id) })) {
      keysToDelete.push(key);
    }
  } else {
    keysToDelete = Array.from({ length: chunks }, (_, k) => keys.searchSnapshotChunkKey(id, k));
  }
  keysToDelete.push(keys.searchSnapshotPendingKey(id));
  for (let from = 0; from < keysToDelete.length; from += DELETES_PER_WRITE) {
    const op = kv.atomic();
    for (const key of keysToDelete.slice(from, from + DELETES_PER_WRITE)) op.delete(key);
    await op.commit();
  }
}

/** Deletes the snapshots of saves begun before `now - ORPHAN_AFTER_MS` that never became head. */
export async function deleteOrphanSnapshots(
  kv: Deno.Kv,
  headId: string | null,
  now: Date,
): Promise<string[]> {
  const deleted: string[] = [];
  for await (const entry of kv.list<string>({ prefix: keys.searchSnapshotPendingPrefix() })) {
    const id = entry.key[entry.key.length - 1] as string;
    if (id === headId || now.getTime() - Date.parse(entry.value) < ORPHAN_AFTER_MS) continue;
    await deleteSnapshot(kv, id);
    deleted.push(id);
  }
  return deleted;
}
