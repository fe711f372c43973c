/** Typed-array storage of the search index: growable arrays, fixed chunks, bit counts, top k. */
import type { SnapshotReader, SnapshotWriter } from "./codec.ts";

/**
 * Posting storage lives in fixed chunks of 2^14 ints (64 KiB): growing never copies, and each
 * chunk is one snapshot chunk (a KV value holds 64 KiB), so a snapshot's chunks are installed as
 * views of the bytes read, not copied.
 */
export const CHUNK_BITS = 14;
export const CHUNK_SIZE = 1 << CHUNK_BITS;
/** `offset & CHUNK_MASK` is an offset's position inside its chunk. */
export const CHUNK_MASK = CHUNK_SIZE - 1;
/** Chunks of 2^20 ints (4 MB), for storage that is never snapshotted but needs long ranges. */
export const LONG_CHUNK_BITS = 20;
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

/**
 * Int32 storage in fixed chunks of 2^`bits` ints (`CHUNK_BITS` unless given); a range never spans
 * two chunks, so it is addressed by offset.
 */
export class Chunks {
  list: Int32Array[] = [];
  used = 0;
  readonly size: number;

  constructor(readonly bits = CHUNK_BITS) {
    this.size = 1 << bits;
  }

  /** Reserves `size` ints in one chunk; returns the offset. */
  allocate(size: number): number {
    const mask = this.size - 1;
    if (size > this.size) throw new RangeError(`Cannot allocate ${size} ints in one chunk`);
    let at = this.used;
    if ((at & mask) + size > this.size) at = (at | mask) + 1;
    while ((at + size - 1) >>> this.bits >= this.list.length) {
      this.list.push(new Int32Array(this.size));
    }
    this.used = at + size;
    return at;
  }

  /** The `size` ints at `offset`, as a view. */
  view(offset: number, size: number): Int32Array {
    const from = offset & (this.size - 1);
    return this.list[offset >>> this.bits].subarray(from, from + size);
  }

  /**
   * Writes the chunks up to the used length: their lengths, then each chunk's items (a whole
   * chunk fills a snapshot chunk); `frozen`: as views, see `frozenItems`.
   */
  writeSnapshot(out: SnapshotWriter, frozen = false): void {
    const used = this.list.map((chunk, k) =>
      chunk.subarray(0, Math.max(0, this.used - k * this.size))
    );
    out.array(Int32Array.from(used, (chunk) => chunk.length));
    for (const chunk of used) {
      if (frozen) out.frozenItems(chunk);
      else out.items(chunk);
    }
  }

  /**
   * Chunks of `CHUNK_BITS` read from a snapshot, kept as read: views of the snapshot's bytes (the
   * last may be short: later ranges are allocated from a new chunk).
   */
  static readSnapshot<T extends Chunks>(this: new () => T, input: SnapshotReader): T {
    const chunks = new this();
    const lengths = input.array(Int32Array);
    for (const length of lengths) {
      if (length > CHUNK_SIZE) throw new RangeError("Snapshot chunk too long");
      chunks.list.push(input.items(Int32Array, length));
    }
    chunks.used = lengths.length * CHUNK_SIZE;
    return chunks;
  }
}

/**
 * A growable Int32 array in chunks (`length` items, addressed by index): growing never copies,
 * and a snapshot's chunks are installed as views of the bytes read.
 */
export class Column extends Chunks {
  /** A column of `length` items set to `value`. */
  static filled(length: number, value: number): Column {
    const column = new Column();
    for (let left = length; left > 0; left -= CHUNK_SIZE) {
      column.allocate(Math.min(left, CHUNK_SIZE));
    }
    for (const chunk of column.list) chunk.fill(value);
    return column;
  }

  get length(): number {
    return this.used;
  }

  get(index: number): number {
    return this.list[index >>> CHUNK_BITS][index & CHUNK_MASK];
  }

  set(index: number, value: number): void {
    this.list[index >>> CHUNK_BITS][index & CHUNK_MASK] = value;
  }

  /** Appends an item; returns its index. */
  push(value: number): number {
    const index = this.allocate(1);
    this.set(index, value);
    return index;
  }

  /** Writes the length, then the chunks (see `Chunks.writeSnapshot`). */
  writeColumn(out: SnapshotWriter, frozen = false): void {
    out.number(this.used);
    this.writeSnapshot(out, frozen);
  }

  /** A column written by `writeColumn` (its last chunk copied to full size, to grow in). */
  static readColumn(input: SnapshotReader): Column {
    const length = input.number();
    const column = Column.readSnapshot(input);
    const last = column.list.length - 1;
    const partial = column.list.findIndex((chunk) => chunk.length < CHUNK_SIZE);
    const stored = last < 0 ? 0 : last * CHUNK_SIZE + column.list[last].length;
    if (
      !Number.isSafeInteger(length) || length < 0 || length > stored ||
      (partial >= 0 && partial < last)
    ) {
      throw new RangeError("Snapshot column has a bad length");
    }
    if (last >= 0 && column.list[last].length < CHUNK_SIZE) {
      const full = new Int32Array(CHUNK_SIZE);
      full.set(column.list[last]);
      column.list[last] = full;
    }
    column.used = length;
    return column;
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
