/**
 * The filter values of one kind (stage, country, domain, ...) and their small integer ids. Values
 * read from a snapshot stay as it stored them, UTF-8 with offsets and an open-addressing table of
 * ids by hash (installed as read: no map of a million domains built at start); values added since
 * are in a Map.
 */
import type { SnapshotReader, SnapshotWriter } from "./codec.ts";

/** A snapshot's values: value `id` is `bytes[offsets[id], offsets[id + 1])`. */
interface Stored {
  bytes: Uint8Array;
  offsets: Int32Array;
  /** Ids by hash (linear probing, -1: empty); its length a power of two above twice the count. */
  table: Int32Array;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** FNV-1a over a string's UTF-16 code units (stored in snapshots: never change it). */
function hashOf(value: string): number {
  let hash = 0x811c9dc5;
  for (let k = 0; k < value.length; k++) hash = Math.imul(hash ^ value.charCodeAt(k), 0x01000193);
  return hash >>> 0;
}

/** Filter values ↔ ids; see the module documentation. */
export class ValueIds {
  #stored: Stored = {
    bytes: new Uint8Array(0),
    offsets: new Int32Array(1),
    table: new Int32Array(1).fill(-1),
  };
  #added = new Map<string, number>();

  /** The number of values (ids run from 0). */
  get size(): number {
    return this.#stored.offsets.length - 1 + this.#added.size;
  }

  /** A value's id, if known. */
  get(value: string): number | undefined {
    const found = this.#added.get(value);
    if (found !== undefined) return found;
    const { table } = this.#stored;
    const mask = table.length - 1;
    for (let at = hashOf(value) & mask;; at = (at + 1) & mask) {
      const id = table[at];
      if (id < 0) return undefined;
      if (this.#value(id) === value) return id;
    }
  }

  /** A value's id, added when new. */
  idOf(value: string): number {
    let id = this.get(value);
    if (id === undefined) this.#added.set(value, id = this.size);
    return id;
  }

  /** Every value with its id, in id order. */
  *entries(): Generator<[string, number]> {
    const stored = this.#stored.offsets.length - 1;
    for (let id = 0; id < stored; id++) yield [this.#value(id), id];
    yield* this.#added;
  }

  /** Writes every value (UTF-8, offsets) and the table of ids by hash. */
  writeSnapshot(out: SnapshotWriter): void {
    const values = [...this.entries()].map(([value]) => value);
    const offsets = new Int32Array(values.length + 1);
    const encoded = values.map((value) => encoder.encode(value));
    encoded.forEach((bytes, id) => offsets[id + 1] = offsets[id] + bytes.byteLength);
    let size = 2;
    while (size < values.length * 2) size *= 2;
    const table = new Int32Array(size).fill(-1);
    values.forEach((value, id) => {
      let at = hashOf(value) & (size - 1);
      while (table[at] >= 0) at = (at + 1) & (size - 1);
      table[at] = id;
    });
    out.array(offsets);
    out.concatenated(offsets[values.length], encoded);
    out.array(table);
  }

  /** Values written by `writeSnapshot`. */
  static readSnapshot(input: SnapshotReader): ValueIds {
    const offsets = input.array(Int32Array);
    const bytes = input.array(Uint8Array);
    const table = input.array(Int32Array);
    const count = offsets.length - 1;
    const sound = count >= 0 && offsets[0] === 0 && offsets[count] === bytes.byteLength &&
      table.length >= 2 && (table.length & (table.length - 1)) === 0 && table.length > count;
    if (!sound) throw new RangeError("Snapshot filter values have a bad size");
    const ids = new ValueIds();
    ids.#stored = { bytes, offsets, table };
    return ids;
  }

  #value(id: number): string {
    const { bytes, offsets } = this.#stored;
    return decoder.decode(bytes.subarray(offsets[id], offsets[id + 1]));
  }
}
