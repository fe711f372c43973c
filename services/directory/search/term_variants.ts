/**
 * The query-side lookups over the vocabulary: which terms a query word stands for, weighted. Its
 * exact term, its other forms (plural, -er/-ing/-or), its prefix completions when it is being
 * typed, and its corrections: the query word's own deletions find candidates in the vocabulary's
 * deletion neighbourhood (SymSpell), and Damerau-Levenshtein verifies them (1 edit below 8
 * characters, 2 from 8). A word spelt like nothing known is also tried respelt by sound, with
 * digits and letters read for each other, with its repeated letters squeezed, and cut short
 * (misshapen.ts); an unknown word's closest corrections bring their other forms too.
 */
import { STAMP_LIMIT } from "./arrays.ts";
import {
  editDistance,
  forEachDeletion,
  isFuzzy,
  queryEdits,
  respellings,
  twoChangeRespellings,
  wordForms,
} from "./text.ts";
import { digitReadings, sameSqueezed, squeezedRepeats } from "./misshapen.ts";

/** A vocabulary term a query term stands for, with its weight. */
export interface Variant {
  term: number;
  weight: number;
  /** The document frequency its idf is computed from. */
  df: number;
  /** The second half of a word typed in two: it matches, but its name hits count once. */
  secondHalf?: boolean;
}

/** What the lookups read of the vocabulary (terms.ts). */
export interface VocabularyView {
  /** Documents per term; its length is the per-term arrays' capacity. */
  readonly df: Int32Array;
  /** Number of terms ever seen. */
  readonly count: number;
  text(term: number): string;
  /** The id of a known term with documents, or -1. */
  liveTerm(text: string): number;
  /** Terms with documents starting with `prefix` (the most frequent ones when there are many). */
  completions(prefix: string): number[];
  /** Calls `visit` with each term whose deletion neighbourhood holds `hash`. */
  forEachNeighbour(hash: number, visit: (term: number) => void): void;
}

/** The weights of a query term's variants: itself, a completion, a correction by its edits. */
export const VARIANT_WEIGHT = { exact: 1, prefix: 0.8, form: 0.8, edits: [1, 0.55, 0.35] };
/** Share of a completion's or correction's weight given by its frequency among the others. */
const FREQUENCY_PREFERENCE = 0.15;
/** A correction is also tried for a known term when it is this many times more frequent. */
const CORRECTION_DF_RATIO = 10;
const MAX_CORRECTIONS = 20;
const MIN_PREFIX_LENGTH = 2;
/** A word cut short ("calib tests") is completed from this length when nothing else reads it. */
const MIN_CUT_SHORT_LENGTH = 4;
/** An unknown word's correction that only doubles or undoubles letters ("bilvo" → "billvo"). */
const DOUBLE_LETTER_WEIGHT = 0.8;
/** Corrections of an unknown word whose forms are also taken ("invoise" → "invoices"). */
const CORRECTION_FORMS = 3;
const HAS_LETTER = /\p{L}/u;
/** Query terms whose variants are remembered (until the next write changes a frequency). */
const VARIANT_CACHE_SIZE = 2048;

/** Finds and remembers query terms' variants; `forget` after any write to the vocabulary. */
export class VariantFinder {
  /** Query scratch: terms already taken for the query term being expanded. */
  #termStamp = new Int32Array(0);
  #termStampValue = 0;
  /** Recent queries' variants by typing flag and term, least recently used first. */
  #cache = new Map<string, readonly Variant[]>();

  constructor(readonly vocabulary: VocabularyView) {}

  /** Drops the remembered variants (frequencies, and so weights, changed). */
  forget(): void {
    this.#cache.clear();
  }

  /**
   * The term, its completions when it is being typed, and its corrections, weighted (remembered
   * for recent query terms).
   */
  variants(token: string, typing: boolean): readonly Variant[] {
    const key = (typing ? "+" : "=") + token;
    const cache = this.#cache;
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
    const stamp = this.#nextStamp();
    const exact = this.#exact(token, stamp);
    const exactDf = exact[0]?.df ?? 0;
    // Other forms of the word ("apis" also finds "api", "tracker" "tracking"), each with its
    // own idf: a form is no look-alike.
    const forms = isFuzzy(token) ? this.#forms(token, stamp) : [];
    const out = exact;
    if (typing && token.length >= MIN_PREFIX_LENGTH) out.push(...this.#completions(token, stamp));
    if (isFuzzy(token)) out.push(...this.#corrected(token, stamp, exactDf));
    if (exactDf === 0 && forms.length === 0) out.push(...this.#correctionForms(out));
    if (out.length + forms.length === 0) out.push(...this.#misshapen(token, typing));
    shareFrequency(out, exactDf > 0 ? 1 : 0);
    return out.concat(forms);
  }

  /** A fresh stamp for `#termStamp`, the array sized to the vocabulary. */
  #nextStamp(): number {
    const vocabulary = this.vocabulary;
    if (this.#termStamp.length < vocabulary.count) {
      this.#termStamp = new Int32Array(vocabulary.df.length);
      this.#termStampValue = 0;
    }
    if (this.#termStampValue >= STAMP_LIMIT) {
      this.#termStamp.fill(0);
      this.#termStampValue = 0;
    }
    return ++this.#termStampValue;
  }

  /** Whether `term` was already taken with `stamp`; takes it. */
  #taken(term: number, stamp: number): boolean {
    if (this.#termStamp[term] === stamp) return true;
    this.#termStamp[term] = stamp;
    return false;
  }

  #exact(token: string, stamp: number): Variant[] {
    const term = this.vocabulary.liveTerm(token);
    if (term < 0) return [];
    this.#taken(term, stamp);
    return [{ term, weight: VARIANT_WEIGHT.exact, df: this.vocabulary.df[term] }];
  }

  #forms(token: string, stamp: number): Variant[] {
    return this.#lookups(wordForms(token), stamp, VARIANT_WEIGHT.form);
  }

  #completions(token: string, stamp: number): Variant[] {
    const { df } = this.vocabulary;
    const found: Variant[] = [];
    for (const term of this.vocabulary.completions(token)) {
      if (this.#taken(term, stamp)) continue;
      const share = token.length / this.vocabulary.text(term).length;
      found.push({ term, weight: VARIANT_WEIGHT.prefix * (0.5 + 0.5 * share), df: df[term] });
    }
    return found;
  }

  /** Corrections of a term; of a known term, only those `CORRECTION_DF_RATIO` times as frequent. */
  #corrected(token: string, stamp: number, exactDf: number): Variant[] {
    const { df } = this.vocabulary;
    const found: Variant[] = [];
    for (const [term, edits] of this.#corrections(token, stamp)) {
      if (exactDf > 0 && df[term] < exactDf * CORRECTION_DF_RATIO) continue;
      // A double letter dropped or added ("bilvo" for "billvo") is the likeliest slip.
      const doubled = exactDf === 0 && sameSqueezed(token, this.vocabulary.text(term));
      found.push({
        term,
        weight: doubled ? DOUBLE_LETTER_WEIGHT : VARIANT_WEIGHT.edits[edits],
        df: df[term],
      });
    }
    return found;
  }

  /**
   * An unknown word's other forms through its closest corrections ("invoise" → "invoice" →
   * "invoices"): a misspelt word may also be in another form than the product's. Only the
   * `CORRECTION_FORMS` most frequent corrections one edit away; each form weighs as both.
   */
  #correctionForms(variants: readonly Variant[]): Variant[] {
    // The corrections' search stamped every neighbour it looked at: start a fresh stamp.
    const stamp = this.#nextStamp();
    for (const variant of variants) this.#taken(variant.term, stamp);
    const closest = variants.filter((v) =>
      v.weight === VARIANT_WEIGHT.edits[1] || v.weight === DOUBLE_LETTER_WEIGHT
    );
    const weight = VARIANT_WEIGHT.edits[1] * VARIANT_WEIGHT.form;
    return closest.slice(0, CORRECTION_FORMS).flatMap((v) =>
      this.#lookups(wordForms(this.vocabulary.text(v.term)), stamp, weight)
    );
  }

  /**
   * A word nothing reads, not even corrected: digits and letters read for each other ("zer0mail",
   * "4leaf", "allydesk" for "a11ydesk"), repeated letters squeezed ("kanbbbo", and one edit from
   * "apolo" for "appolo"), its other forms one edit away ("snipet" → "snippets"), its sound-alikes, and a word cut short ("calib" → "calibrio") as a
   * prefix, as if it were being typed.
   */
  #misshapen(token: string, typing: boolean): Variant[] {
    // Nothing is taken yet, but the corrections' search stamped every neighbour it looked at.
    const stamp = this.#nextStamp();
    const out = HAS_LETTER.test(token)
      ? this.#lookups(digitReadings(token), stamp, VARIANT_WEIGHT.edits[1])
      : [];
    if (!isFuzzy(token)) return out;
    const squeezed = squeezedRepeats(token);
    out.push(...this.#lookups(squeezed, stamp, VARIANT_WEIGHT.edits[1]));
    if (out.length === 0) out.push(...this.#oneEditFromFirst(squeezed));
    // A plural or singular typed wrong ("snipet" for "snippets"): its other forms, one edit away.
    if (out.length === 0) out.push(...this.#oneEditFromFirst(wordForms(token)));
    if (out.length === 0) out.push(...this.#soundAlikes(token, stamp));
    if (!typing && token.length >= MIN_CUT_SHORT_LENGTH) {
      out.push(...this.#completions(token, stamp));
    }
    return out;
  }

  /** The terms one edit from the first of `texts` that has any, weighed as two edits. */
  #oneEditFromFirst(texts: readonly string[]): Variant[] {
    for (const text of texts) {
      const found = this.#corrections(text, ++this.#termStampValue, 1);
      if (found.length > 0) {
        const { df } = this.vocabulary;
        return found.map(([term]) => ({ term, weight: VARIANT_WEIGHT.edits[2], df: df[term] }));
      }
    }
    return [];
  }

  /** The texts that are terms, not yet taken, with `weight`. */
  #lookups(texts: readonly string[], stamp: number, weight: number): Variant[] {
    const found: Variant[] = [];
    for (const text of texts) {
      const term = this.vocabulary.liveTerm(text);
      if (term < 0 || this.#taken(term, stamp)) continue;
      found.push({ term, weight, df: this.vocabulary.df[term] });
    }
    return found;
  }

  /**
   * Nothing spelt like it: a term that sounds like it ("fotofix" finds "photofix"), else one edit
   * from such a term ("kwikpost" → "quikpost" → "quickpost"), else two sound-alike changes
   * ("surchlite" → "searchlight"), weighed as two edits.
   */
  #soundAlikes(token: string, stamp: number): Variant[] {
    const { df } = this.vocabulary;
    const respelt = respellings(token);
    const out = this.#lookups(respelt, stamp, VARIANT_WEIGHT.edits[1]);
    if (out.length === 0) out.push(...this.#oneEditFromFirst(respelt));
    for (const text of out.length === 0 ? twoChangeRespellings(token) : []) {
      const term = this.vocabulary.liveTerm(text);
      if (term >= 0) out.push({ term, weight: VARIANT_WEIGHT.edits[2], df: df[term] });
    }
    return out;
  }

  /** Vocabulary terms within 1 edit (2 from 8 characters) of `token`, as [term, edits]. */
  #corrections(token: string, stamp: number, maxEdits = queryEdits(token)): [number, number][] {
    const { df } = this.vocabulary;
    const found: [number, number][] = [];
    const visit = (term: number) => {
      if (this.#taken(term, stamp) || df[term] <= 0) return;
      const edits = editDistance(token, this.vocabulary.text(term), maxEdits);
      if (edits >= 1 && edits <= maxEdits) found.push([term, edits]);
    };
    forEachDeletion(token, maxEdits, (hash) => this.vocabulary.forEachNeighbour(hash, visit));
    found.sort((a, b) => a[1] - b[1] || df[b[0]] - df[a[0]]);
    return found.slice(0, MAX_CORRECTIONS);
  }
}

/**
 * Completions and corrections (the variants from `start` on) share the idf of the most frequent
 * one, and a more frequent term is the likelier meaning (as in SymSpell): otherwise a rare
 * look-alike would win.
 */
function shareFrequency(variants: Variant[], start: number): void {
  let maxDf = 0;
  for (let k = start; k < variants.length; k++) maxDf = Math.max(maxDf, variants[k].df);
  for (let k = start; k < variants.length; k++) {
    const variant = variants[k];
    variant.weight *= 1 - FREQUENCY_PREFERENCE + FREQUENCY_PREFERENCE * variant.df / maxDf;
    variant.df = maxDf;
  }
}
