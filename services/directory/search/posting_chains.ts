/**
 * The search index's postings: per term, a chain of blocks in shared chunks of one Int32Array
 * each, so there is no object per term or per posting. A document's postings are appended as it
 * is written, so each chain is in slot order.
 */
import { CHUNK_BITS, CHUNK_MASK, CHUNK_SIZE, Chunks, grow } from "./arrays.ts";
import type { SnapshotReader, SnapshotWriter } from "./codec.ts";

/** A posting block: [next block, count, capacity, (slot, tf << 4 | field bits) × capacity]. */
export const BLOCK_HEADER = 3;
const FIRST_BLOCK_CAPACITY = 2;
/** The largest block: four of them fill a chunk (a block never spans two). */
const MAX_BLOCK_CAPACITY = (CHUNK_SIZE / 4 - BLOCK_HEADER) >> 1;

/** Posting chains: their blocks, and each term's first and last block (-1: none). */
export class PostingChains {
  constructor(
    readonly postings = new Chunks(),
    public head: Int32Array<ArrayBuffer> = new Int32Array(4096).fill(-1),
    public tail: Int32Array<ArrayBuffer> = new Int32Array(4096).fill(-1),
  ) {}

  /** Makes room for the chains of terms below `termCount`. */
  grow(termCount: number): void {
    this.head = grow(this.head, termCount, -1);
    this.tail = grow(this.tail, termCount, -1);
  }

  /** Appends a posting (`packed`: weighted frequency << 4 | field bits) to a term's chain. */
  append(term: number, slot: number, packed: number): void {
    const chunks = this.postings.list;
    let block = this.tail[term];
    let chunk = block < 0 ? null : chunks[block >>> CHUNK_BITS];
    let at = block & CHUNK_MASK;
    if (chunk === null || chunk[at + 1] === chunk[at + 2]) {
      const capacity = chunk === null
        ? FIRST_BLOCK_CAPACITY
        : Math.min(chunk[at + 2] * 2, MAX_BLOCK_CAPACITY);
      const next = allocateBlock(this.postings, capacity);
      if (chunk === null) this.head[term] = next;
      else chunk[at] = next;
      this.tail[term] = next;
      block = next;
      chunk = chunks[block >>> CHUNK_BITS];
      at = block & CHUNK_MASK;
    }
    const count = chunk[at + 1];
    chunk[at + BLOCK_HEADER + 2 * count] = slot;
    chunk[at + BLOCK_HEADER + 2 * count + 1] = packed;
    chunk[at + 1] = count + 1;
  }

  /**
   * The terms below `termCount` with a posting of `slot`: a scan of every chain, which is in slot
   * order, so a block ending below `slot` is skipped whole and a chain is left at its first
   * posting from `slot` on.
   */
  termsOf(slot: number, termCount: number): number[] {
    const chunks = this.postings.list;
    const found: number[] = [];
    for (let term = 0; term < termCount; term++) {
      for (let b = this.head[term]; b >= 0;) {
        const pool = chunks[b >>> CHUNK_BITS];
        const start = b & CHUNK_MASK;
        const end = start + BLOCK_HEADER + 2 * pool[start + 1];
        b = pool[start];
        if (end === start + BLOCK_HEADER || pool[end - 2] < slot) continue;
        let p = start + BLOCK_HEADER;
        while (pool[p] < slot) p += 2;
        if (pool[p] === slot) found.push(term);
        break;
      }
    }
    return found;
  }

  /**
   * Each term's postings (terms below `termCount` with a positive `df`) renumbered by `map` (-1:
   * dropped) into new chains of blocks sized to what is left (no slack but the last block's).
   */
  rewritten(termCount: number, df: Int32Array, map: (slot: number) => number): PostingChains {
    const chains = new PostingChains(
      new Chunks(),
      new Int32Array(this.head.length).fill(-1),
      new Int32Array(this.tail.length).fill(-1),
    );
    for (let term = 0; term < termCount; term++) {
      if (df[term] > 0) chains.#copyChain(this, term, df[term], map);
    }
    return chains;
  }

  /** Copies `term`'s chain of `from`, renumbered by `map`, as this (empty) chain of `term`. */
  #copyChain(from: PostingChains, term: number, df: number, map: (slot: number) => number): void {
    const old = from.postings.list;
    let block = -1;
    let chunk = old[0];
    let at = 0;
    let written = 0;
    for (let b = from.head[term]; b >= 0;) {
      const source = old[b >>> CHUNK_BITS];
      const start = b & CHUNK_MASK;
      const end = start + BLOCK_HEADER + 2 * source[start + 1];
      for (let p = start + BLOCK_HEADER; p < end; p += 2) {
        const to = map(source[p]);
        if (to < 0) continue;
        if (block < 0 || chunk[at + 1] === chunk[at + 2]) {
          const capacity = Math.min(
            Math.max(df - written, FIRST_BLOCK_CAPACITY),
            MAX_BLOCK_CAPACITY,
          );
          const next = allocateBlock(this.postings, capacity);
          if (block < 0) this.head[term] = next;
          else chunk[at] = next;
          block = next;
          chunk = this.postings.list[block >>> CHUNK_BITS];
          at = block & CHUNK_MASK;
        }
        const n = chunk[at + 1];
        chunk[at + BLOCK_HEADER + 2 * n] = to;
        chunk[at + BLOCK_HEADER + 2 * n + 1] = source[p + 1];
        chunk[at + 1] = n + 1;
        written++;
      }
      b = source[start];
    }
    this.tail[term] = block;
  }

  /** Writes the chains of the terms below `termCount` (heads, tails, then the blocks). */
  writeSnapshot(out: SnapshotWriter, termCount: number): void {
    out.array(this.head.subarray(0, termCount));
    out.array(this.tail.subarray(0, termCount));
    this.postings.writeSnapshot(out, true); // a copy nobody else holds
  }

  /** Chains read from a snapshot written by `writeSnapshot`; `sized` checks the per-term arrays. */
  static readSnapshot(
    input: SnapshotReader,
    sized: (stored: Int32Array<ArrayBuffer>) => Int32Array<ArrayBuffer>,
  ): PostingChains {
    const head = sized(input.array(Int32Array));
    const tail = sized(input.array(Int32Array));
    return new PostingChains(Chunks.readSnapshot(input), head, tail);
  }
}

/** Reserves an empty block of postings in `postings`; returns its offset. */
function allocateBlock(postings: Chunks, capacity: number): number {
  const block = postings.allocate(BLOCK_HEADER + 2 * capacity);
  const chunk = postings.list[block >>> CHUNK_BITS];
  const at = block & CHUNK_MASK;
  chunk[at] = -1;
  chunk[at + 1] = 0;
  chunk[at + 2] = capacity;
  return block;
}
