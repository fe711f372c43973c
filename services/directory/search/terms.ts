/**
 * The vocabulary of the search index: terms by hash, their document frequencies, their prefix
 * order and their deletion neighbourhood (the hashed deletions of every term's first 7 characters
 * point to the term), with their posting chains (posting_chains.ts) and the query-side lookups
 * over them (exact terms, prefix completions, typo corrections: term_variants.ts).
 */
import { grow, STAMP_LIMIT } from "./arrays.ts";
import type { SnapshotReader, SnapshotWriter } from "./codec.ts";
import { Deletions } from "./deletions.ts";
import { PostingChains } from "./posting_chains.ts";
import { type Variant, VARIANT_WEIGHT, VariantFinder } from "./term_variants.ts";
import {
  detached,
  forEachDeletion,
  forEachToken,
  hashOf,
  isFuzzy,
  vocabularyEdits,
} from "./text.ts";

/** Weighted term frequencies are stored above the 4 field bits of a posting. */
const MAX_WEIGHTED_TF = (1 << 26) - 1;
const MAX_UNSORTED_TERMS = 1024;
const MAX_PREFIX_EXPANSIONS = 50;

/** Terms, postings and typo neighbourhoods; see the module documentation. */
export class Terms {
  /** Open addressing table of term ids by hash of the term. */
  #table = new Int32Array(1 << 14).fill(-1);
  #hash = new Int32Array(4096);
  #texts: string[] = [];
  #df = new Int32Array(4096);
  #chains = new PostingChains();
  /** Term ids in the order of their text, for prefix search; newer ones unsorted. */
  #sorted: number[] = [];
  #unsorted: number[] = [];
  /** The document being written: its terms, and per term a stamp and packed frequency. */
  #docTerms: number[] = [];
  #docStamp = new Int32Array(4096);
  #docStampValue = 0;
  #docPacked = new Int32Array(4096);

  /** Deletion neighbourhood: hash -> term. */
  #deletions = new Deletions();

  #finder = new VariantFinder(this);

  /** Number of terms ever seen (with documents or not). */
  get count(): number {
    return this.#texts.length;
  }

  /** Documents per term (replaced when it grows: read it again after writing). */
  get df(): Int32Array {
    return this.#df;
  }

  /** First posting block of each term, or -1 (replaced when it grows). */
  get head(): Int32Array {
    return this.#chains.head;
  }

  /** The chunks posting blocks are addressed in (see `BLOCK_HEADER` in posting_chains.ts). */
  get postingChunks(): Int32Array[] {
    return this.#chains.postings.list;
  }

  // --- Writing -------------------------------------------------------------------------------

  /** Starts collecting the terms of a new document. */
  beginDocument(): void {
    if (this.#docStampValue >= STAMP_LIMIT) {
      this.#docStamp.fill(0);
      this.#docStampValue = 0;
    }
    this.#docStampValue++;
    this.#docTerms.length = 0;
  }

  /**
   * Adds a field's tokens to the document being written: per term, the weighted frequency above
   * 4 field bits. Returns the number of tokens.
   */
  addField(text: string, weight: number, bit: number): number {
    const stamp = this.#docStampValue;
    return forEachToken(text, (source, start, end, hash) => {
      const term = this.#termId(source, start, end, hash);
      if (this.#docStamp[term] !== stamp) {
        this.#docStamp[term] = stamp;
        this.#docPacked[term] = 0;
        this.#docTerms.push(term);
      }
      const packed = this.#docPacked[term];
      const tf = Math.min((packed >>> 4) + weight, MAX_WEIGHTED_TF);
      this.#docPacked[term] = (tf << 4) | (packed & 15) | bit;
    });
  }

  /** The distinct terms of the document being written. */
  get documentTerms(): readonly number[] {
    return this.#docTerms;
  }

  /** Appends the posting of the document being written to a term's chain; counts the document. */
  addPosting(term: number, slot: number): void {
    this.#chains.append(term, slot, this.#docPacked[term]);
    this.#df[term]++;
    this.#finder.forget();
  }

  /** The terms with a posting of `slot` (a scan of every chain). */
  termsOf(slot: number): number[] {
    return this.#chains.termsOf(slot, this.#texts.length);
  }

  /** Uncounts a removed document of a term (its posting stays, skipped as dead, until compaction). */
  removePosting(term: number): void {
    this.#df[term]--;
    this.#finder.forget();
  }

  /** Rewrites every posting chain with slots renumbered by `remap` (-1: dropped). */
  compact(remap: Int32Array): void {
    this.#chains = this.#chains.rewritten(this.#texts.length, this.#df, (slot) => remap[slot]);
  }

  /**
   * Writes the vocabulary, the postings of slots `keep` accepts (rewritten into chains without
   * slack), the prefix order and the deletion neighbourhood.
   */
  writeSnapshot(out: SnapshotWriter, keep: (slot: number) => boolean): void {
    const count = this.#texts.length;
    out.number(this.#table.length);
    out.strings(this.#texts);
    out.array(this.#hash.subarray(0, count));
    out.array(this.#df.subarray(0, count));
    this.#chains.rewritten(count, this.#df, (slot) => keep(slot) ? slot : -1)
      .writeSnapshot(out, count);
    out.array(Int32Array.from(this.#sorted));
    out.array(Int32Array.from(this.#unsorted));
    this.#deletions.writeSnapshot(out);
  }

  /** Replaces everything with a vocabulary read from a snapshot written by `writeSnapshot`. */
  readSnapshot(input: SnapshotReader): void {
    this.#finder.forget();
    const tableSize = input.number();
    const texts = input.strings();
    const count = texts.length;
    // Per-term arrays exactly `count` long: a new term grows them (see #termId).
    const sized = (stored: Int32Array<ArrayBuffer>) => {
      if (stored.length !== count) throw new RangeError("Snapshot vocabulary has a bad size");
      return stored;
    };
    this.#texts = texts;
    this.#hash = sized(input.array(Int32Array));
    this.#df = sized(input.array(Int32Array));
    this.#table = new Int32Array(tableSize >>> 1);
    this.#rehashTable();
    this.#chains = PostingChains.readSnapshot(input, sized);
    this.#sorted = Array.from(input.array(Int32Array));
    this.#unsorted = Array.from(input.array(Int32Array));
    this.#deletions = new Deletions();
    this.#deletions.readSnapshot(input);
    this.#docStamp = new Int32Array(count);
    this.#docStampValue = 0;
    this.#docPacked = new Int32Array(count);
    this.#docTerms = [];
  }

  /**
   * Grows the per-term arrays to hold `count` terms now, a step at a time
   * with `pause` between (a snapshot's are read exactly as long as its vocabulary, so otherwise
   * the first new term after a start would grow them all at once). Call it before the vocabulary
   * is shared: a write must not come in between.
   */
  async reserve(count: number, pause: () => Promise<void>): Promise<void> {
    this.#df = grow(this.#df, count);
    this.#hash = grow(this.#hash, count);
    await pause();
    this.#docStamp = grow(this.#docStamp, count);
    this.#docPacked = grow(this.#docPacked, count);
    await pause();
    this.#chains.grow(count);
  }

  /** Puts every term in prefix order (after a bulk load). */
  sortPrefixes(): void {
    if (this.#unsorted.length === 0) return;
    const texts = this.#texts;
    this.#sorted = texts.map((_, term) => term)
      .sort((a, b) => (texts[a] < texts[b] ? -1 : texts[a] > texts[b] ? 1 : 0));
    this.#unsorted = [];
  }

  /** The id of the term `source[start, end)`, or `-1 - position` of the free table entry. */
  #findTerm(source: string, start: number, end: number, hash: number): number {
    const table = this.#table;
    const mask = table.length - 1;
    const length = end - start;
    for (let at = hash & mask;; at = (at + 1) & mask) {
      const term = table[at];
      if (term < 0) return -1 - at;
      if (this.#hash[term] !== hash) continue;
      const text = this.#texts[term];
      if (text.length !== length) continue;
      let k = 0;
      while (k < length && text.charCodeAt(k) === source.charCodeAt(start + k)) k++;
      if (k === length) return term;
    }
  }

  /** The id of the term `source[start, end)`, added to the vocabulary when new. */
  #termId(source: string, start: number, end: number, hash: number): number {
    const found = this.#findTerm(source, start, end, hash);
    if (found >= 0) return found;
    const term = this.#texts.length;
    const text = detached(source.slice(start, end));
    this.#texts.push(text);
    if (term >= this.#df.length) {
      this.#df = grow(this.#df, term + 1);
      this.#docStamp = grow(this.#docStamp, term + 1);
      this.#docPacked = grow(this.#docPacked, term + 1);
      this.#hash = grow(this.#hash, term + 1);
      this.#chains.grow(term + 1);
    }
    this.#hash[term] = hash;
    this.#table[-1 - found] = term;
    if (this.#texts.length * 2 > this.#table.length) this.#rehashTable();
    this.#unsorted.push(term);
    if (isFuzzy(text)) {
      forEachDeletion(
        text,
        vocabularyEdits(text),
        (deletion) => this.#deletions.add(deletion, term),
      );
    }
    return term;
  }

  #rehashTable(): void {
    const table = new Int32Array(this.#table.length * 2).fill(-1);
    const mask = table.length - 1;
    for (let term = 0; term < this.#texts.length; term++) {
      let at = this.#hash[term] & mask;
      while (table[at] >= 0) at = (at + 1) & mask;
      table[at] = term;
    }
    this.#table = table;
  }

  // --- Querying ------------------------------------------------------------------------------

  /** The id of a known term with documents, or -1. */
  liveTerm(text: string): number {
    const term = this.#findTerm(text, 0, text.length, hashOf(text));
    return term >= 0 && this.#df[term] > 0 ? term : -1;
  }

  /** A term's text. */
  text(term: number): string {
    return this.#texts[term];
  }

  /** The term itself, when it has documents. */
  exact(token: string): Variant[] {
    const term = this.liveTerm(token);
    return term >= 0 ? [{ term, weight: VARIANT_WEIGHT.exact, df: this.#df[term] }] : [];
  }

  /**
   * The term, its completions when it is being typed, and its corrections, weighted (remembered
   * for recent query terms: a write clears them, as frequencies and so weights change).
   */
  variants(token: string, typing: boolean): readonly Variant[] {
    return this.#finder.variants(token, typing);
  }

  /** Calls `visit` with each term whose deletion neighbourhood holds `hash`. */
  forEachNeighbour(hash: number, visit: (term: number) => void): void {
    this.#deletions.forEachTerm(hash, visit);
  }

  /** Vocabulary terms with documents starting with `prefix`: the 50 most frequent at most. */
  completions(prefix: string): number[] {
    if (this.#unsorted.length > MAX_UNSORTED_TERMS) this.sortPrefixes();
    const texts = this.#texts;
    const found: number[] = [];
    const sorted = this.#sorted;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (texts[sorted[middle]] < prefix) low = middle + 1;
      else high = middle;
    }
    for (let k = low; k < sorted.length && texts[sorted[k]].startsWith(prefix); k++) {
      if (this.#df[sorted[k]] > 0) found.push(sorted[k]);
    }
    for (const term of this.#unsorted) {
      if (this.#df[term] > 0 && texts[term].startsWith(prefix)) found.push(term);
    }
    if (found.length <= MAX_PREFIX_EXPANSIONS) return found;
    return found.sort((a, b) => this.#df[b] - this.#df[a]).slice(0, MAX_PREFIX_EXPANSIONS);
  }
}
