/**
 * The deletion neighbourhood of the vocabulary (SymSpell): hashed deletions of each term, and for
 * a hash the terms with such a deletion, newest entry first.
 *
 * Entries added since the index started (all of them after a full load) are chained per bucket of
 * an open hash table. A snapshot stores every entry grouped by bucket instead (counting-sorted,
 * newest first within a bucket, the bucket's range in a start column): a start installs those
 * columns as views of the bytes read, with no chains to rebuild and no link per entry.
 */
import { Column, grow } from "./arrays.ts";
import type { SnapshotReader, SnapshotWriter } from "./codec.ts";

const FIRST_BUCKETS = 1 << 14;
/** Entries per bucket of a snapshot's grouped table (at most; rounded to a power of two). */
const GROUPED_LOAD = 4;

/** The entries of a snapshot, grouped by bucket. */
interface Grouped {
  /** Bucket `b`'s entries are `[start[b], start[b + 1])`. */
  start: Column;
  hash: Column;
  term: Column;
  buckets: number;
}

function emptyGrouped(): Grouped {
  return { start: Column.filled(2, 0), hash: new Column(), term: new Column(), buckets: 1 };
}

/** Deletion hashes → terms; see the module documentation. */
export class Deletions {
  #buckets = new Int32Array(FIRST_BUCKETS).fill(-1);
  #hash = new Int32Array(FIRST_BUCKETS);
  #term = new Int32Array(FIRST_BUCKETS);
  #next = new Int32Array(FIRST_BUCKETS);
  #count = 0;
  #grouped = emptyGrouped();

  /** Adds a deletion of `term` hashed to `hash`. */
  add(hash: number, term: number): void {
    if (this.#count >= this.#buckets.length) this.#rehash();
    const entry = this.#count++;
    if (entry >= this.#hash.length) {
      this.#hash = grow(this.#hash, entry + 1);
      this.#term = grow(this.#term, entry + 1);
      this.#next = grow(this.#next, entry + 1);
    }
    const bucket = hash & (this.#buckets.length - 1);
    this.#hash[entry] = hash;
    this.#term[entry] = term;
    this.#next[entry] = this.#buckets[bucket];
    this.#buckets[bucket] = entry;
  }

  /** Calls `visit` with the term of each deletion hashed to `hash`, newest first. */
  forEachTerm(hash: number, visit: (term: number) => void): void {
    for (let entry = this.#buckets[hash & (this.#buckets.length - 1)]; entry >= 0;) {
      if (this.#hash[entry] === hash) visit(this.#term[entry]);
      entry = this.#next[entry];
    }
    const { start, hash: hashes, term, buckets } = this.#grouped;
    const bucket = hash & (buckets - 1);
    for (let entry = start.get(bucket), end = start.get(bucket + 1); entry < end; entry++) {
      if (hashes.get(entry) === hash) visit(term.get(entry));
    }
  }

  /** Writes every entry grouped by bucket (see the module documentation). */
  writeSnapshot(out: SnapshotWriter): void {
    const { start, hash, term, buckets } = this.#groupedAll();
    out.number(buckets);
    for (const column of [start, hash, term]) column.writeColumn(out, true);
  }

  /** Replaces the table with one written by `writeSnapshot`. */
  readSnapshot(input: SnapshotReader): void {
    const buckets = input.number();
    const [start, hash, term] = [1, 2, 3].map(() => Column.readColumn(input));
    const sized = Number.isSafeInteger(buckets) && buckets > 0 && (buckets & (buckets - 1)) === 0 &&
      start.length === buckets + 1 && term.length === hash.length &&
      start.get(0) === 0 && start.get(buckets) === hash.length;
    if (!sized) throw new RangeError("Snapshot deletion table has a bad size");
    const fresh = new Deletions();
    [this.#buckets, this.#hash, this.#term, this.#next, this.#count] = [
      fresh.#buckets,
      fresh.#hash,
      fresh.#term,
      fresh.#next,
      0,
    ];
    this.#grouped = { start, hash, term, buckets };
  }

  /**
   * Every entry (chained and grouped) counting-sorted by bucket: within a bucket the chained
   * entries newest first, then the grouped ones in their order, so newest first throughout.
   */
  #groupedAll(): Grouped {
    const old = this.#grouped;
    const total = this.#count + old.hash.length;
    let buckets = 1;
    while (buckets * GROUPED_LOAD < total) buckets *= 2;
    const mask = buckets - 1;
    const place = new Int32Array(buckets + 1);
    const each = (visit: (hash: number, term: number) => void) => {
      for (let entry = this.#count - 1; entry >= 0; entry--) {
        visit(this.#hash[entry], this.#term[entry]);
      }
      for (let entry = 0; entry < old.hash.length; entry++) {
        visit(old.hash.get(entry), old.term.get(entry));
      }
    };
    each((hash) => place[(hash & mask) + 1]++);
    for (let bucket = 0; bucket < buckets; bucket++) place[bucket + 1] += place[bucket];
    const start = Column.filled(buckets + 1, 0);
    for (let bucket = 0; bucket <= buckets; bucket++) start.set(bucket, place[bucket]);
    const hashes = Column.filled(total, 0);
    const terms = Column.filled(total, 0);
    each((hash, term) => {
      const at = place[hash & mask]++;
      hashes.set(at, hash);
      terms.set(at, term);
    });
    return { start, hash: hashes, term: terms, buckets };
  }

  /** Doubles the buckets and chains every entry again (oldest first, so newest ends first). */
  #rehash(): void {
    const buckets = new Int32Array(this.#buckets.length * 2).fill(-1);
    const mask = buckets.length - 1;
    for (let entry = 0; entry < this.#count; entry++) {
      const bucket = this.#hash[entry] & mask;
      this.#next[entry] = buckets[bucket];
      buckets[bucket] = entry;
    }
    this.#buckets = buckets;
  }
}
