/** Typed-array storage of the search index: growable arrays, fixed chunks, bit counts, top k. */
import type { SnapshotReader, SnapshotWriter } from "./codec.ts";

/** Storage lives in fixed chunks of 2^20 ints (4 MB): growing never copies. */
export const CHUNK_BITS = 20;
export const CHUNK_SIZE = 1 << CHUNK_BITS;
/** `offset & CHUNK_MASK` is an offset's position inside its chunk. */
export const CHUNK_MASK = CHUNK_SIZE - 1;
/** Stamps mark "seen in this pass" without clearing arrays; they restart before overflowing. */
export const STAMP_LIMIT = 0x3fffffff;

/** The typed arrays the index grows. */
export type GrowableArray = Int32Array | Uint8Array | Uint16Array | Float32Array | Float64Array;

/** A growable typed array constructor. */
type TypedArrayOf<T> = { new (length: number): T };

/** The array itself when long enough, else a copy at least `minLength` long (new items `fill`). */
export function grow<T extends GrowableArray>(array: T, minLength: number, fill = 0): T {
  if (array.length >= minLength) return array;
  let length = Math.max(16, array.length * 2);
  while (length < minLength) length *= 2;
  const next = new (array.constructor as TypedArrayOf<T>)(length);
  next.set(array as never);
  if (fill !== 0) next.fill(fill, array.length);
  return next;
}

/** The number of set bits of a 32-bit integer. */
export function popcount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** Int32 storage in fixed chunks; a range never spans two chunks, so it is addressed by offset. */
export class Chunks {
  list: Int32Array[] = [];
  used = 0;

  /** Reserves `size` ints in one chunk; returns the offset. */
  allocate(size: number): number {
    if (size > CHUNK_SIZE) throw new RangeError(`Cannot allocate ${size} ints in one chunk`);
    let at = this.used;
    if ((at & CHUNK_MASK) + size > CHUNK_SIZE) at = (at | CHUNK_MASK) + 1;
    while ((at + size - 1) >>> CHUNK_BITS >= this.list.length) {
      this.list.push(new Int32Array(CHUNK_SIZE));
    }
    this.used = at + size;
    return at;
  }

  /** The `size` ints at `offset`, as a view. */
  view(offset: number, size: number): Int32Array {
    const from = offset & CHUNK_MASK;
    return this.list[offset >>> CHUNK_BITS].subarray(from, from + size);
  }

  /** Writes the chunks up to the used length (`frozen`: as views, see `frozenArray`). */
  writeSnapshot(out: SnapshotWriter, frozen = false): void {
    out.number(this.list.length);
    this.list.forEach((chunk, k) => {
      const used = chunk.subarray(0, Math.max(0, this.used - k * CHUNK_SIZE));
      if (frozen) out.frozenArray(used);
      else out.array(used);
    });
  }

  /**
   * Chunks read from a snapshot, kept as read (the last may be short: later ranges are allocated
   * from a new chunk).
   */
  static readSnapshot(input: SnapshotReader): Chunks {
    const chunks = new Chunks();
    const count = input.number();
    for (let k = 0; k < count; k++) {
      const chunk = input.array(Int32Array);
      if (chunk.length > CHUNK_SIZE) throw new RangeError("Snapshot chunk too long");
      chunks.list.push(chunk);
    }
    chunks.used = count * CHUNK_SIZE;
    return chunks;
  }
}

/**
 * The best `limit` of the first `count` candidates, best first, where `before(a, b)` says that `a`
 * ranks above `b`: a bounded heap, so a page's worth costs little whatever the number of matches.
 */
export function topK(
  candidates: Int32Array,
  count: number,
  limit: number,
  before: (a: number, b: number) => boolean,
): number[] {
  const compare = (a: number, b: number) => before(a, b) ? -1 : before(b, a) ? 1 : 0;
  if (limit >= count) return Array.from(candidates.subarray(0, count)).sort(compare);
  // A heap of the best `limit` so far, the worst of them at the root.
  const heap: number[] = [];
  const siftDown = (at: number) => {
    for (;;) {
      const left = 2 * at + 1;
      if (left >= heap.length) return;
      const right = left + 1;
      const worse = right < heap.length && before(heap[left], heap[right]) ? right : left;
      if (!before(heap[at], heap[worse])) return;
      [heap[at], heap[worse]] = [heap[worse], heap[at]];
      at = worse;
    }
  };
  for (let k = 0; k < count; k++) {
    const slot = candidates[k];
    if (heap.length < limit) {
      heap.push(slot);
      for (let at = heap.length - 1; at > 0;) {
        const parent = (at - 1) >> 1;
        if (!before(heap[parent], heap[at])) break;
        [heap[at], heap[parent]] = [heap[parent], heap[at]];
        at = parent;
      }
    } else if (before(slot, heap[0])) {
      heap[0] = slot;
      siftDown(0);
    }
  }
  return heap.sort(compare);
}
