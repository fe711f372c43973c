/**
 * Scoring a query's term groups (query_plan.ts) over the postings: BM25 over field-weighted
 * frequencies with a bonus for name hits; exact terms weigh more than prefix completions, which
 * weigh more than corrections (term_variants.ts). A product about the query (its words in the
 * name, keywords or tagline) outranks the listings that only mention them. Terms combine with AND,
 * falling back to OR when AND finds nothing. The scratch arrays are indexed by slot and reset
 * after each query, touching only the slots it scored.
 */
import { CHUNK_BITS, CHUNK_MASK, popcount, STAMP_LIMIT } from "./arrays.ts";
import { FIELD_KEYWORDS, FIELD_NAME, FIELD_TAGLINE, type IndexState } from "./index_state.ts";
import { BLOCK_HEADER } from "./posting_chains.ts";
import type { Group } from "./query_plan.ts";
import { type Filter, STATUS_DEAD } from "./slots.ts";
import type { Variant } from "./term_variants.ts";

const BM25_K1 = 1.2;
const BM25_B = 0.5;
/**
 * Extra score (times the term's idf) when a term is in the name, times the share of the name the
 * query covers: naming a product ranks it first, one generic word of a longer name much less.
 */
const NAME_BONUS = 1.5;
/**
 * Extra score (times the query's mean idf) for the share of the name the query covers: the
 * product named ranks first. In idf units, so that a common word in many names weighs little.
 */
const NAME_COVER_BONUS = 2;
/**
 * Extra score (times the query's mean idf) for the share of the query's required terms found in
 * the name, keywords or tagline: a product about the query outranks the many listings that only
 * mention its words in their descriptions, even when one word is also in their name.
 */
const ABOUT_BONUS = 2;
const FOCUS_FIELDS = FIELD_NAME | FIELD_KEYWORDS | FIELD_TAGLINE;
/** Added per matched term in the OR fallback, so documents matching more terms come first. */
const OR_TERM_BONUS = 1000;

/** The text matches of a query: `count` slots of `candidates`, and the content terms' mean idf. */
export interface TextMatches {
  candidates: Int32Array;
  count: number;
  meanIdf: number;
}

/** The BM25 average-length normalisation of a query, from the index's counts. */
interface Corpus {
  documents: number;
  averageLength: number;
}

/** Query scratch space, indexed by slot, and the scoring that fills it. */
export class Scorer {
  score = new Float32Array(0);
  #mask = new Uint16Array(0);
  #nameMask = new Uint16Array(0);
  /** Per slot, the groups found in a focus field (name, keywords, tagline). */
  focusMask = new Uint16Array(0);
  /** The last query's matches whose whole name the query is (every name word, nothing else). */
  named: number[] = [];
  #groupStamp = new Int32Array(0);
  #groupBest = new Float32Array(0);
  #groupNameBest = new Float32Array(0);
  /** Per slot, the sum over groups of the best name hit's weighted idf. */
  #nameScore = new Float32Array(0);
  /** The slots scored by the query; also the buffer a browse lists its slots into. */
  touched = new Int32Array(0);
  #touchedCount = 0;
  #groupTouched = new Int32Array(0);
  /** A sort key computed per query (trending). */
  key = new Float64Array(0);
  #stamp = 0;

  /** Makes the scratch arrays at least `slots` long. */
  ensure(slots: number): void {
    if (this.score.length >= slots) return;
    this.score = new Float32Array(slots);
    this.#mask = new Uint16Array(slots);
    this.#nameMask = new Uint16Array(slots);
    this.focusMask = new Uint16Array(slots);
    this.#groupStamp = new Int32Array(slots);
    this.#groupBest = new Float32Array(slots);
    this.#groupNameBest = new Float32Array(slots);
    this.#nameScore = new Float32Array(slots);
    this.touched = new Int32Array(slots);
    this.#groupTouched = new Int32Array(slots);
    this.key = new Float64Array(slots);
    this.#stamp = 0;
  }

  /** Clears the scores of the slots the last query touched. */
  reset(): void {
    const touched = this.touched;
    for (let k = 0; k < this.#touchedCount; k++) {
      const slot = touched[k];
      this.score[slot] = 0;
      this.#mask[slot] = 0;
      this.#nameMask[slot] = 0;
      this.focusMask[slot] = 0;
      this.#nameScore[slot] = 0;
    }
    this.#touchedCount = 0;
  }

  /**
   * Scores the documents of every group; returns the filtered matches (AND, else OR). Required
   * groups are scored rarest first, and each later group only scores documents that matched all
   * the required groups before it, so a common word costs a read per posting, not a score.
   */
  textMatches(state: IndexState, groups: Group[], filter: Filter): TextMatches {
    let required = 0;
    let counted = 0;
    groups.forEach((group, g) => {
      if (group.required) required |= 1 << g;
      if (group.content) counted |= 1 << g;
    });
    const cost = groups.map(({ variants }) => variants.reduce((sum, v) => sum + v.df, 0));
    const order = groups.map((_, g) => g).sort((a, b) =>
      Number(groups[b].required) - Number(groups[a].required) || cost[a] - cost[b] || a - b
    );
    let idfSum = this.#scoreGroups(state, groups, order, true);
    const candidates = this.#groupTouched;
    let count = this.#matching(state, filter, (mask) => (mask & required) === required);
    const fallback = count === 0 && popcount(required) > 1;
    if (fallback) {
      this.reset();
      idfSum = this.#scoreGroups(state, groups, order, false);
      count = this.#matching(state, filter, (mask) => (mask & required) !== 0);
    }
    // The mean idf of the content terms; the about bonus goes by the share of them in a focus field.
    const meanIdf = idfSum / Math.max(1, popcount(counted));
    this.#addBonuses(state, { candidates, count, meanIdf }, groups.length, counted);
    if (fallback) {
      for (let k = 0; k < count; k++) {
        const slot = candidates[k];
        this.score[slot] += OR_TERM_BONUS * popcount(this.#mask[slot] & required);
      }
    }
    return { candidates, count, meanIdf };
  }

  /** Writes the scored slots whose group mask `accepts` and that pass the filter as candidates. */
  #matching(state: IndexState, filter: Filter, accepts: (mask: number) => boolean): number {
    const touched = this.touched;
    const candidates = this.#groupTouched;
    let count = 0;
    for (let k = 0; k < this.#touchedCount; k++) {
      const slot = touched[k];
      if (accepts(this.#mask[slot]) && state.slots.matches(slot, filter)) {
        candidates[count++] = slot;
      }
    }
    return count;
  }

  /** Adds the name cover, name hit and about bonuses to the matches. */
  #addBonuses(state: IndexState, matches: TextMatches, groupCount: number, counted: number): void {
    const { candidates, count, meanIdf } = matches;
    const nameLength = state.slots.columns.nameLength;
    const about = ABOUT_BONUS * meanIdf / Math.max(1, popcount(counted));
    this.named = [];
    for (let k = 0; k < count; k++) {
      const slot = candidates[k];
      const cover = popcount(this.#nameMask[slot]) / Math.max(nameLength[slot], groupCount);
      if (cover === 1) this.named.push(slot);
      this.score[slot] += (NAME_COVER_BONUS * meanIdf + NAME_BONUS * this.#nameScore[slot]) *
          cover +
        about * popcount(this.focusMask[slot] & counted);
    }
  }

  /**
   * Adds each group's best variant score to the documents it matches, in `order`; with `all`,
   * documents missing a required group scored before are skipped. Returns the content groups'
   * summed idf.
   */
  #scoreGroups(state: IndexState, groups: Group[], order: number[], all: boolean): number {
    const documents = Math.max(1, state.liveCount);
    const corpus = { documents, averageLength: Math.max(1, state.totalLength / documents) };
    let idfSum = 0;
    // The required groups scored so far: with `all`, a document must have every one of them.
    let need = 0;
    for (const g of order) {
      const bit = 1 << g;
      if (this.#stamp >= STAMP_LIMIT) {
        this.#groupStamp.fill(0);
        this.#stamp = 0;
      }
      const stamp = ++this.#stamp;
      let groupCount = 0;
      let groupIdf = 0;
      for (const variant of groups[g].variants) {
        const base = variant.weight *
          Math.log(1 + (corpus.documents - variant.df + 0.5) / (variant.df + 0.5));
        groupIdf = Math.max(groupIdf, base);
        groupCount = this.#scoreVariant(state, corpus, variant, {
          base,
          bit,
          need,
          stamp,
          groupCount,
        });
      }
      if (groups[g].content) idfSum += groupIdf;
      this.#addGroupBest(groupCount, bit);
      if (all && groups[g].required) need |= bit;
    }
    return idfSum;
  }

  /**
   * Keeps, per document of a variant's postings, the group's best score and name hit so far;
   * returns the number of documents the group touched.
   */
  #scoreVariant(
    state: IndexState,
    corpus: Corpus,
    { term, secondHalf }: Variant,
    pass: { base: number; bit: number; need: number; stamp: number; groupCount: number },
  ): number {
    const { base, bit, need, stamp } = pass;
    let groupCount = pass.groupCount;
    const mask = this.#mask;
    const groupStamp = this.#groupStamp;
    const groupBest = this.#groupBest;
    const groupNameBest = this.#groupNameBest;
    const { status, length } = state.slots.columns;
    const chunks = state.terms.postingChunks;
    for (let b = state.terms.head[term]; b >= 0;) {
      const pool = chunks[b >>> CHUNK_BITS];
      const start = b & CHUNK_MASK;
      const end = start + BLOCK_HEADER + 2 * pool[start + 1];
      b = pool[start];
      for (let p = start + BLOCK_HEADER; p < end; p += 2) {
        const slot = pool[p];
        if ((mask[slot] & need) !== need || status[slot] === STATUS_DEAD) continue;
        const packed = pool[p + 1];
        const tf = packed >>> 4;
        const norm = BM25_K1 * (1 - BM25_B + BM25_B * length[slot] / corpus.averageLength);
        const value = base * tf * (BM25_K1 + 1) / (tf + norm);
        const name = packed & FIELD_NAME && !secondHalf ? base : 0;
        if (name) this.#nameMask[slot] |= bit;
        if (packed & FOCUS_FIELDS) this.focusMask[slot] |= bit;
        if (groupStamp[slot] !== stamp) {
          groupStamp[slot] = stamp;
          groupBest[slot] = value;
          groupNameBest[slot] = name;
          this.#groupTouched[groupCount++] = slot;
        } else {
          if (value > groupBest[slot]) groupBest[slot] = value;
          if (name > groupNameBest[slot]) groupNameBest[slot] = name;
        }
      }
    }
    return groupCount;
  }

  /** Adds the group's best score and name hit to each document it touched, marking its bit. */
  #addGroupBest(groupCount: number, bit: number): void {
    for (let k = 0; k < groupCount; k++) {
      const slot = this.#groupTouched[k];
      if (this.#mask[slot] === 0) this.touched[this.#touchedCount++] = slot;
      this.#mask[slot] |= bit;
      this.score[slot] += this.#groupBest[slot];
      this.#nameScore[slot] += this.#groupNameBest[slot];
    }
  }
}
