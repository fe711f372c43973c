/**
 * Each slot's term ids (the index's term lists) rebuilt from the posting chains: a snapshot does
 * not store them, since every posting of a live slot names one of its terms. The build runs a
 * slice at a time (`step`), so that it never holds the event loop long; see `termsOfSlot` in
 * index_state.ts for how removals are answered meanwhile.
 */
import { CHUNK_BITS, CHUNK_MASK, type Chunks } from "./arrays.ts";
import { type SlotColumns, STATUS_DEAD } from "./slots.ts";
import { BLOCK_HEADER } from "./posting_chains.ts";
import type { Terms } from "./terms.ts";

/**
 * Lists the terms of the live slots below `below` into `lists` from the postings of the terms
 * known when it began, setting each one's `termStart` at once (its `termCount` is kept); postings
 * of dead slots and of slots from `below` on are skipped. Slots written later are above `below`
 * and have their own lists; a slot removed meanwhile is skipped from then on (its list is never
 * read). Throws, when done, if the postings and the counts disagree.
 */
export class TermListBuild {
  readonly below: number;
  #next: Int32Array;
  #termCount: number;
  #term = 0;

  constructor(columns: SlotColumns, terms: Terms, below: number, lists: Chunks) {
    this.below = below;
    this.#termCount = terms.count;
    this.#next = new Int32Array(below);
    for (let slot = 0; slot < below; slot++) {
      if (columns.status[slot] !== STATUS_DEAD) {
        this.#next[slot] = columns.termStart[slot] = lists.allocate(columns.termCount[slot]);
      }
    }
  }

  /**
   * Lists the postings of the next terms, stopping after the term that reaches `budget` postings
   * (`columns`: the current ones, as they are replaced when they grow); true when every term is
   * done and the lists were checked.
   */
  step(columns: SlotColumns, terms: Terms, lists: Chunks, budget: number): boolean {
    const { status } = columns;
    const below = this.below;
    const next = this.#next;
    const chunks = terms.postingChunks;
    const head = terms.head;
    let done = 0;
    for (; this.#term < this.#termCount && done < budget; this.#term++) {
      for (let b = head[this.#term]; b >= 0;) {
        const pool = chunks[b >>> CHUNK_BITS];
        const start = b & CHUNK_MASK;
        const end = start + BLOCK_HEADER + 2 * pool[start + 1];
        done += pool[start + 1];
        for (let p = start + BLOCK_HEADER; p < end; p += 2) {
          const slot = pool[p];
          if (slot < 0) throw new RangeError("Snapshot posting of an unknown slot");
          if (slot >= below || status[slot] === STATUS_DEAD) continue;
          const at = next[slot]++;
          lists.list[at >>> lists.bits][at & (lists.size - 1)] = this.#term;
        }
        b = pool[start];
      }
    }
    if (this.#term < this.#termCount) return false;
    for (let slot = 0; slot < below; slot++) {
      if (
        status[slot] !== STATUS_DEAD &&
        next[slot] - columns.termStart[slot] !== columns.termCount[slot]
      ) {
        throw new RangeError("Snapshot postings and term counts disagree");
      }
    }
    return true;
  }
}
