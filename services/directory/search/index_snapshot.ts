/**
 * The search index's state as a snapshot (saving and loading it in KV is snapshot.ts): the counts,
 * the summaries, the slot columns and the vocabulary with its postings. Term lists are not stored:
 * they are rebuilt from the postings when needed (term_lists.ts).
 */
import { Chunks, LONG_CHUNK_BITS } from "./arrays.ts";
import { SnapshotReader, type SnapshotWriter } from "./codec.ts";
import type { IndexState } from "./index_state.ts";
import { Slots, STATUS_DEAD } from "./slots.ts";
import { Summaries } from "./summaries.ts";
import { Terms } from "./terms.ts";

/**
 * Writes the whole state (slots, summaries, vocabulary); dead slots stay (numbered as they are)
 * but their postings are left out.
 */
export function writeIndexSnapshot(state: IndexState, out: SnapshotWriter): void {
  const count = state.slotCount;
  for (const value of [count, state.liveCount, state.deadCount, state.totalLength]) {
    out.number(value);
  }
  state.summaries.writeSnapshot(out, count); // term lists: rebuilt from the postings
  state.slots.writeSnapshot(out, count);
  const status = state.slots.columns.status;
  state.terms.writeSnapshot(out, (slot) => status[slot] !== STATUS_DEAD);
}

/**
 * The state a snapshot holds, read a section at a time with `pause` between (so that requests
 * are answered meanwhile).
 */
export async function readIndexSnapshot(
  chunks: Uint8Array[],
  pause: () => Promise<void>,
): Promise<IndexState> {
  const input = await SnapshotReader.open(chunks, pause);
  const [slotCount, liveCount, deadCount, totalLength] = [1, 2, 3, 4].map(() => input.number());
  const summaries = new Summaries();
  summaries.readSnapshot(input, slotCount);
  await pause();
  const slots = new Slots();
  slots.readSnapshot(input, slotCount);
  await pause();
  const terms = new Terms();
  terms.readSnapshot(input);
  input.end();
  await pause();
  // Room for as many slots and terms again, so that writes after the start grow nothing.
  await slots.reserve(2 * slotCount, pause);
  await terms.reserve(2 * terms.count, pause);
  const slotOf = new Map<number, number>();
  for (let slot = 0; slot < slotCount; slot++) {
    if (slots.columns.status[slot] !== STATUS_DEAD) slotOf.set(slots.columns.ids[slot], slot);
  }
  return {
    slotCount,
    liveCount,
    deadCount,
    slotOf,
    slots,
    termLists: new Chunks(LONG_CHUNK_BITS),
    unlistedBelow: slotCount,
    listing: null,
    summaries,
    totalLength,
    terms,
  };
}
