/**
 * Each slot's term ids (the index's term lists) rebuilt from the posting chains: a snapshot does
 * not store them, since every posting of a live slot names one of its terms (see `termsOfSlot`
 * in index_state.ts for when they are built).
 */
import { CHUNK_BITS, CHUNK_MASK, type Chunks } from "./arrays.ts";
import { type SlotColumns, STATUS_DEAD } from "./slots.ts";
import { BLOCK_HEADER } from "./posting_chains.ts";
import type { Terms } from "./terms.ts";

/**
 * Lists the terms of the live slots below `below` into `lists` from the postings of `terms`,
 * setting each one's `termStart` (its `termCount` is kept); postings of dead slots and of slots
 * from `below` on are skipped. Throws when the postings and the counts disagree.
 */
export function termListsFromPostings(
  columns: SlotColumns,
  terms: Terms,
  below: number,
  lists: Chunks,
): void {
  const listed = (slot: number) => slot < below && columns.status[slot] !== STATUS_DEAD;
  const next = new Int32Array(below);
  for (let slot = 0; slot < below; slot++) {
    if (listed(slot)) {
      next[slot] = columns.termStart[slot] = lists.allocate(columns.termCount[slot]);
    }
  }
  const chunks = terms.postingChunks;
  const head = terms.head;
  for (let term = 0; term < terms.count; term++) {
    for (let b = head[term]; b >= 0;) {
      const pool = chunks[b >>> CHUNK_BITS];
      const start = b & CHUNK_MASK;
      const end = start + BLOCK_HEADER + 2 * pool[start + 1];
      for (let p = start + BLOCK_HEADER; p < end; p += 2) {
        const slot = pool[p];
        if (slot < 0) throw new RangeError("Snapshot posting of an unknown slot");
        if (!listed(slot)) continue;
        const at = next[slot]++;
        lists.list[at >>> lists.bits][at & (lists.size - 1)] = term;
      }
      b = pool[start];
    }
  }
  for (let slot = 0; slot < below; slot++) {
    if (listed(slot) && next[slot] - columns.termStart[slot] !== columns.termCount[slot]) {
      throw new RangeError("Snapshot postings and term counts disagree");
    }
  }
}
