/**
 * Each slot's term ids (the index's term lists) rebuilt from the posting chains: a snapshot does
 * not store them, since every posting of a live slot names one of its terms.
 */
import { CHUNK_BITS, CHUNK_MASK, Chunks } from "./arrays.ts";
import { type SlotColumns, STATUS_DEAD } from "./slots.ts";
import { BLOCK_HEADER, type Terms } from "./terms.ts";

/**
 * The term lists of the first `count` slots, from the postings of `terms`; sets each live slot's
 * `termStart` (its `termCount` is kept). Throws when the postings and the counts disagree.
 */
export function termListsFromPostings(columns: SlotColumns, terms: Terms, count: number): Chunks {
  const lists = new Chunks();
  const next = new Int32Array(count);
  for (let slot = 0; slot < count; slot++) {
    if (columns.status[slot] === STATUS_DEAD) continue;
    next[slot] = columns.termStart[slot] = lists.allocate(columns.termCount[slot]);
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
        if (slot < 0 || slot >= count || columns.status[slot] === STATUS_DEAD) {
          throw new RangeError("Snapshot posting of an unknown slot");
        }
        const at = next[slot]++;
        lists.list[at >>> CHUNK_BITS][at & CHUNK_MASK] = term;
      }
      b = pool[start];
    }
  }
  for (let slot = 0; slot < count; slot++) {
    if (columns.status[slot] === STATUS_DEAD) continue;
    if (next[slot] - columns.termStart[slot] !== columns.termCount[slot]) {
      throw new RangeError("Snapshot postings and term counts disagree");
    }
  }
  return lists;
}
