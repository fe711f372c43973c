/**
 * The vocabulary of the search index: terms by hash, their document frequencies, their posting
 * chains, their prefix order and their deletion neighbourhood, and the query-side lookups over
 * them (exact terms, prefix completions, typo corrections).
 */
import { CHUNK_BITS, CHUNK_MASK, CHUNK_SIZE, Chunks, grow, STAMP_LIMIT } from "./arrays.ts";
import type { SnapshotReader, SnapshotWriter } from "./codec.ts";
import { Deletions } from "./deletions.ts";
import {
  detached,
  editDistance,
  forEachDeletion,
  forEachToken,
  hashOf,
  isFuzzy,
  queryEdits,
  respellings,
  twoChangeRespellings,
  vocabularyEdits,
  wordForms,
} from "./text.ts";

/** A posting block: [next block, count, capacity, (slot, tf << 4 | field bits) × capacity]. */
export const BLOCK_HEADER = 3;
const FIRST_BLOCK_CAPACITY = 2;
/** The largest block: four of them fill a chunk (a block never spans two). */
const MAX_BLOCK_CAPACITY = (CHUNK_SIZE / 4 - BLOCK_HEADER) >> 1;
/** Weighted term frequencies are stored above the 4 field bits of a posting. */
const MAX_WEIGHTED_TF = (1 << 26) - 1;
const MAX_UNSORTED_TERMS = 1024;

/** The weights of a query term's variants: itself, a completion, a correction by its edits. */
const VARIANT_WEIGHT = { exact: 1, prefix: 0.8, form: 0.8, edits: [1, 0.55, 0.35] };
/** Share of a completion's or correction's weight given by its frequency among the others. */
const FREQUENCY_PREFERENCE = 0.15;
/** A correction is also tried for a known term when it is this many times more frequent. */
const CORRECTION_DF_RATIO = 10;
const MAX_CORRECTIONS = 20;
const MAX_PREFIX_EXPANSIONS = 50;
const MIN_PREFIX_LENGTH = 2;
/** Query terms whose variants are remembered (until the next write changes a frequency). */
const VARIANT_CACHE_SIZE = 2048;

/** Posting chains: their blocks, and each term's first and last block (-1: none). */
interface Chains {
  postings: Chunks;
  head: Int32Array<ArrayBuffer>;
  tail: Int32Array<ArrayBuffer>;
}

/** A vocabulary term a query term stands for, with its weight. */
export interface Variant {
  term: number;
  weight: number;
  /** The document frequency its idf is computed from. */
  df: number;
  /** The second half of a word typed in two: it matches, but its name hits count once. */
  secondHalf?: boolean;
}

/** Terms, postings and typo neighbourhoods; see the module documentation. */
export class Terms {
  /** Open addressing table of term ids by hash of the term. */
  #table = new Int32Array(1 << 14).fill(-1);
  #hash = new Int32Array(4096);
  #texts: string[] = [];
  #df = new Int32Array(4096);
  #head = new Int32Array(4096).fill(-1);
  #tail = new Int32Array(4096).fill(-1);
  #postings = new Chunks();
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

  /** Query scratch: terms already taken for the query term being expanded. */
  #termStamp = new Int32Array(0);
  #termStampValue = 0;
  /** Recent queries' variants by typing flag and term, least recently used first. */
  #variantCache = new Map<string, readonly Variant[]>();

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
    return this.#head;
  }

  /** The chunks posting blocks are addressed in (see `BLOCK_HEADER`). */
  get postingChunks(): Int32Array[] {
    return this.#postings.list;
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
    const chunks = this.#postings.list;
    let block = this.#tail[term];
    let chunk = block < 0 ? null : chunks[block >>> CHUNK_BITS];
    let at = block & CHUNK_MASK;
    if (chunk === null || chunk[at + 1] === chunk[at + 2]) {
      const capacity = chunk === null
        ? FIRST_BLOCK_CAPACITY
        : Math.min(chunk[at + 2] * 2, MAX_BLOCK_CAPACITY);
      const next = allocateBlock(this.#postings, capacity);
      if (chunk === null) this.#head[term] = next;
      else chunk[at] = next;
      this.#tail[term] = next;
      block = next;
      chunk = chunks[block >>> CHUNK_BITS];
      at = block & CHUNK_MASK;
    }
    const count = chunk[at + 1];
    chunk[at + BLOCK_HEADER + 2 * count] = slot;
    chunk[at + BLOCK_HEADER + 2 * count + 1] = this.#docPacked[term];
    chunk[at + 1] = count + 1;
    this.#df[term]++;
    this.#variantCache.clear();
  }

  /**
   * The terms with a posting of `slot`: a scan of every chain, which is in slot order, so a block
   * ending below `slot` is skipped whole and a chain is left at its first posting from `slot` on.
   */
  termsOf(slot: number): number[] {
    const chunks = this.#postings.list;
    const found: number[] = [];
    for (let term = 0; term < this.#texts.length; term++) {
      for (let b = this.#head[term]; b >= 0;) {
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

  /** Uncounts a removed document of a term (its posting stays, skipped as dead, until compaction). */
  removePosting(term: number): void {
    this.#df[term]--;
    this.#variantCache.clear();
  }

  /** Rewrites every posting chain with slots renumbered by `remap` (-1: dropped). */
  compact(remap: Int32Array): void {
    const chains = this.#rewritten((slot) => remap[slot]);
    [this.#postings, this.#head, this.#tail] = [chains.postings, chains.head, chains.tail];
  }

  /**
   * Each term's postings renumbered by `map` (-1: dropped) into new chains of blocks sized to
   * what is left (no slack but the last block's).
   */
  #rewritten(map: (slot: number) => number): Chains {
    const old = this.#postings.list;
    const postings = new Chunks();
    const head = new Int32Array(this.#head.length).fill(-1);
    const tail = new Int32Array(this.#tail.length).fill(-1);
    for (let term = 0; term < this.#texts.length; term++) {
      if (this.#df[term] <= 0) continue;
      let block = -1;
      let chunk = old[0];
      let at = 0;
      let written = 0;
      for (let b = this.#head[term]; b >= 0;) {
        const source = old[b >>> CHUNK_BITS];
        const start = b & CHUNK_MASK;
        const end = start + BLOCK_HEADER + 2 * source[start + 1];
        for (let p = start + BLOCK_HEADER; p < end; p += 2) {
          const to = map(source[p]);
          if (to < 0) continue;
          if (block < 0 || chunk[at + 1] === chunk[at + 2]) {
            const remaining = this.#df[term] - written;
            const next = allocateBlock(
              postings,
              Math.min(Math.max(remaining, FIRST_BLOCK_CAPACITY), MAX_BLOCK_CAPACITY),
            );
            if (block < 0) head[term] = next;
            else chunk[at] = next;
            block = next;
            chunk = postings.list[block >>> CHUNK_BITS];
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
      tail[term] = block;
    }
    return { postings, head, tail };
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
    const chains = this.#rewritten((slot) => keep(slot) ? slot : -1);
    out.array(chains.head.subarray(0, count));
    out.array(chains.tail.subarray(0, count));
    chains.postings.writeSnapshot(out, true); // a copy nobody else holds
    out.array(Int32Array.from(this.#sorted));
    out.array(Int32Array.from(this.#unsorted));
    this.#deletions.writeSnapshot(out);
  }

  /** Replaces everything with a vocabulary read from a snapshot written by `writeSnapshot`. */
  readSnapshot(input: SnapshotReader): void {
    this.#variantCache.clear();
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
    this.#head = sized(input.array(Int32Array));
    this.#tail = sized(input.array(Int32Array));
    this.#postings = Chunks.readSnapshot(input);
    this.#sorted = Array.from(input.array(Int32Array));
    this.#unsorted = Array.from(input.array(Int32Array));
    this.#deletions = new Deletions();
    this.#deletions.readSnapshot(input);
    this.#docStamp = new Int32Array(count);
    this.#docStampValue = 0;
    this.#docPacked = new Int32Array(count);
    this.#docTerms = [];
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
      this.#head = grow(this.#head, term + 1, -1);
      this.#tail = grow(this.#tail, term + 1, -1);
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
  #liveTerm(text: string): number {
    const term = this.#findTerm(text, 0, text.length, hashOf(text));
    return term >= 0 && this.#df[term] > 0 ? term : -1;
  }

  /** A term's text. */
  text(term: number): string {
    return this.#texts[term];
  }

  /** The term itself, when it has documents. */
  exact(token: string): Variant[] {
    const term = this.#liveTerm(token);
    return term >= 0 ? [{ term, weight: VARIANT_WEIGHT.exact, df: this.#df[term] }] : [];
  }

  /**
   * The term, its completions when it is being typed, and its corrections, weighted (remembered
   * for recent query terms: a write clears them, as frequencies and so weights change).
   */
  variants(token: string, typing: boolean): readonly Variant[] {
    const key = (typing ? "+" : "=") + token;
    const cache = this.#variantCache;
    let found = cache.get(key);
    if (found) {
      cache.delete(key);
    } else {
      found = this.#variants(token, typing);
      if (cache.size >= VARIANT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(key, found);
    return found;
  }

  #variants(token: string, typing: boolean): Variant[] {
    const out: Variant[] = [];
    if (this.#termStamp.length < this.#texts.length) {
      this.#termStamp = new Int32Array(this.#df.length);
      this.#termStampValue = 0;
    }
    if (this.#termStampValue >= STAMP_LIMIT) {
      this.#termStamp.fill(0);
      this.#termStampValue = 0;
    }
    const stamp = ++this.#termStampValue;
    const exact = this.#liveTerm(token);
    const exactDf = exact < 0 ? 0 : this.#df[exact];
    if (exact >= 0) {
      this.#termStamp[exact] = stamp;
      out.push({ term: exact, weight: VARIANT_WEIGHT.exact, df: exactDf });
    }
    // Other forms of the word ("apis" also finds "api", "tracker" "tracking"), each with its
    // own idf: a form is no look-alike.
    const forms: Variant[] = [];
    if (isFuzzy(token)) {
      for (const form of wordForms(token)) {
        const term = this.#liveTerm(form);
        if (term < 0 || this.#termStamp[term] === stamp) continue;
        this.#termStamp[term] = stamp;
        forms.push({ term, weight: VARIANT_WEIGHT.form, df: this.#df[term] });
      }
    }
    if (typing && token.length >= MIN_PREFIX_LENGTH) {
      for (const term of this.#completions(token)) {
        if (this.#termStamp[term] === stamp) continue;
        this.#termStamp[term] = stamp;
        const share = token.length / this.#texts[term].length;
        out.push({ term, weight: VARIANT_WEIGHT.prefix * (0.5 + 0.5 * share), df: this.#df[term] });
      }
    }
    if (isFuzzy(token)) {
      for (const [term, edits] of this.#corrections(token, stamp)) {
        if (exactDf > 0 && this.#df[term] < exactDf * CORRECTION_DF_RATIO) continue;
        out.push({ term, weight: VARIANT_WEIGHT.edits[edits], df: this.#df[term] });
      }
    }
    // Nothing spelt like it: a term that sounds like it ("fotofix" finds "photofix"), else one
    // edit from such a term ("kwikpost" → "quikpost" → "quickpost").
    if (out.length + forms.length === 0 && isFuzzy(token)) {
      const respelt = respellings(token);
      for (const text of respelt) {
        const term = this.#liveTerm(text);
        if (term < 0 || this.#termStamp[term] === stamp) continue;
        this.#termStamp[term] = stamp;
        out.push({ term, weight: VARIANT_WEIGHT.edits[1], df: this.#df[term] });
      }
      for (let k = 0; out.length === 0 && k < respelt.length; k++) {
        for (const [term] of this.#corrections(respelt[k], ++this.#termStampValue, 1)) {
          out.push({ term, weight: VARIANT_WEIGHT.edits[2], df: this.#df[term] });
        }
      }
      // Still nothing: two sound-alike changes ("surchlite" → "searchlight"), weighed as two edits.
      for (const text of out.length === 0 ? twoChangeRespellings(token) : []) {
        const term = this.#liveTerm(text);
        if (term >= 0) out.push({ term, weight: VARIANT_WEIGHT.edits[2], df: this.#df[term] });
      }
    }
    // Completions and corrections share the idf of the most frequent one, and a more frequent
    // term is the likelier meaning (as in SymSpell): otherwise a rare look-alike would win.
    const start = exactDf > 0 ? 1 : 0;
    let maxDf = 0;
    for (let k = start; k < out.length; k++) maxDf = Math.max(maxDf, out[k].df);
    for (let k = start; k < out.length; k++) {
      out[k].weight *= 1 - FREQUENCY_PREFERENCE + FREQUENCY_PREFERENCE * out[k].df / maxDf;
      out[k].df = maxDf;
    }
    return out.concat(forms);
  }

  /** Vocabulary terms with documents starting with `prefix`: the 50 most frequent at most. */
  #completions(prefix: string): number[] {
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

  /** Vocabulary terms within 1 edit (2 from 8 characters) of `token`, as [term, edits]. */
  #corrections(token: string, stamp: number, maxEdits = queryEdits(token)): [number, number][] {
    const found: [number, number][] = [];
    const visit = (term: number) => {
      if (this.#termStamp[term] === stamp) return;
      this.#termStamp[term] = stamp;
      if (this.#df[term] <= 0) return;
      const edits = editDistance(token, this.#texts[term], maxEdits);
      if (edits >= 1 && edits <= maxEdits) found.push([term, edits]);
    };
    forEachDeletion(token, maxEdits, (hash) => this.#deletions.forEachTerm(hash, visit));
    found.sort((a, b) => a[1] - b[1] || this.#df[b[0]] - this.#df[a[0]]);
    return found.slice(0, MAX_CORRECTIONS);
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
