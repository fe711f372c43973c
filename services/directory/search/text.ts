/**
 * The text side of search: tokens (lowercase, diacritic-free, hashed while scanning), stopwords,
 * domains, and the typo neighbourhoods of terms (SymSpell deletions and the edit distance that
 * verifies a candidate).
 */

/** Tokens longer than this are not terms. */
const MAX_TERM_LENGTH = 40;
/** SymSpell prefix length: deletions are taken from the first characters only. */
const FUZZY_PREFIX_LENGTH = 7;
/** Shorter terms, and terms with digits, are matched exactly only. */
const MIN_FUZZY_LENGTH = 3;
/** From this length a query term may be 2 edits away from a vocabulary term, else 1. */
const LONG_TERM_LENGTH = 8;

/** Words that are optional in a query next to other words. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  ("a an and are as at be by for from in is it of on or our that the this to we with you your")
    .split(" "),
);

/**
 * Words a query adds to say what kind of thing it wants ("seo tool", "habit app"), which a
 * product's text often leaves out: optional next to other content words.
 */
export const GENERIC_WORDS: ReadonlySet<string> = new Set(
  "app apps tool tools software platform platforms".split(" "),
);

const NON_ASCII = /[\u0080-\uffff]/;
const UNICODE_SEPARATORS = /[^\p{L}\p{N}]+/u;
const MARKS = /\p{M}+/gu;
const ENDS_IN_WORD = /[\p{L}\p{N}\p{M}]$/u;
const HAS_DIGIT = /\p{N}/u;
const HAS_WORD = /[\p{L}\p{N}]/u;

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** Lowercase, diacritic-free alphanumeric tokens of a text: `"Café-Bar"` → `["cafe", "bar"]`. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  forEachToken(text, (source, start, end) => out.push(source.slice(start, end)));
  return out;
}

/** Whether a text has a letter or digit (a query without tokens but with words matches nothing). */
export function hasWord(text: string): boolean {
  return HAS_WORD.test(text);
}

/** Whether a query ends inside a word: its last token is being typed and is matched as a prefix. */
export function endsInWord(text: string): boolean {
  return ENDS_IN_WORD.test(text);
}

/** FNV-1a hash of `text[start, end)`. */
export function hashOf(text: string, start = 0, end = text.length): number {
  let hash = FNV_OFFSET;
  for (let k = start; k < end; k++) hash = Math.imul(hash ^ text.charCodeAt(k), FNV_PRIME);
  return hash;
}

/**
 * Calls `visit` with each token of a text as a range of a lowercased source string, and the
 * range's hash (so the vocabulary is looked up without creating a string); returns the count.
 */
export function forEachToken(
  text: string,
  visit: (source: string, start: number, end: number, hash: number) => void,
): number {
  let lower = text.toLowerCase();
  let count = 0;
  if (NON_ASCII.test(lower)) {
    lower = lower.normalize("NFKD").replace(MARKS, "");
    if (NON_ASCII.test(lower)) {
      for (const token of lower.split(UNICODE_SEPARATORS)) {
        if (token.length === 0 || token.length > MAX_TERM_LENGTH) continue;
        visit(token, 0, token.length, hashOf(token));
        count++;
      }
      return count;
    }
  }
  // ASCII (nearly all text): a scan, hashing as it goes.
  let start = -1;
  let hash = FNV_OFFSET;
  for (let k = 0; k <= lower.length; k++) {
    const c = k < lower.length ? lower.charCodeAt(k) : 32;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (start < 0) {
        start = k;
        hash = FNV_OFFSET;
      }
      hash = Math.imul(hash ^ c, FNV_PRIME);
    } else if (start >= 0) {
      if (k - start <= MAX_TERM_LENGTH) {
        visit(lower, start, k, hash);
        count++;
      }
      start = -1;
    }
  }
  return count;
}

/** The bare lowercase host of a URL or domain: `https://www.Acme.io:443/x` → `acme.io`. */
export function normalizeDomain(input: string): string {
  return input.trim().toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
    .replace(/[/?#].*$/, "")
    .replace(/^[^@]*@/, "")
    .replace(/:\d*$/, "")
    .replace(/^www\./, "")
    .replace(/\.$/, "");
}

/** Substring results may keep their whole source text alive; copy long ones before storing. */
export function detached(text: string): string {
  return text.length >= 13 ? (" " + text).slice(1) : text;
}

/** Whether a term takes part in typo matching (3 characters or more, no digits). */
export function isFuzzy(term: string): boolean {
  return term.length >= MIN_FUZZY_LENGTH && !HAS_DIGIT.test(term);
}

/** Edits allowed between a query term and a vocabulary term: 1, or 2 from 8 characters. */
export function queryEdits(term: string): number {
  return term.length >= LONG_TERM_LENGTH ? 2 : 1;
}

/**
 * Deletions kept for a vocabulary term: 2 from 6 characters, so that an 8-character query term
 * two edits away (two insertions) still meets it.
 */
export function vocabularyEdits(term: string): number {
  return term.length >= LONG_TERM_LENGTH - 2 ? 2 : 1;
}

/** FNV-1a of the first `length` characters of `text` without the characters at `skip1`, `skip2`. */
function deletionHash(text: string, length: number, skip1: number, skip2: number): number {
  let hash = FNV_OFFSET;
  for (let k = 0; k < length; k++) {
    if (k === skip1 || k === skip2) continue;
    hash = Math.imul(hash ^ text.charCodeAt(k), FNV_PRIME);
  }
  return hash;
}

/** Calls `visit` with the hash of each deletion of up to `maxEdits` letters of a term's prefix. */
export function forEachDeletion(
  term: string,
  maxEdits: number,
  visit: (hash: number) => void,
): void {
  const n = Math.min(term.length, FUZZY_PREFIX_LENGTH);
  visit(deletionHash(term, n, -1, -1));
  for (let i = 0; i < n; i++) {
    // Deleting any character of a run gives the same string: keep the first.
    if (i > 0 && term.charCodeAt(i) === term.charCodeAt(i - 1)) continue;
    visit(deletionHash(term, n, i, -1));
    if (maxEdits < 2) continue;
    for (let j = i + 1; j < n; j++) {
      if (j > i + 1 && term.charCodeAt(j) === term.charCodeAt(j - 1)) continue;
      visit(deletionHash(term, n, i, j));
    }
  }
}

let distanceRows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Optimal-string-alignment (Damerau-Levenshtein) distance, or `max + 1` when it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (distanceRows[0].length <= lb) {
    distanceRows = distanceRows.map(() => new Int32Array(lb * 2 + 1));
  }
  let before = distanceRows[0];
  let previous = distanceRows[1];
  let current = distanceRows[2];
  for (let j = 0; j <= lb; j++) previous[j] = j;
  for (let i = 1; i <= la; i++) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let value = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (ca === cb ? 0 : 1),
      );
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        value = Math.min(value, before[j - 2] + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    const recycled = before;
    before = previous;
    previous = current;
    current = recycled;
  }
  return previous[lb];
}

/** Each half of a joined word is at least this long ("uptimemonitor" → "uptime", "monitor"). */
const MIN_SPLIT_PART = 3;

/**
 * Two words typed without the space between them: the split of `token` into two words that
 * `frequency` knows (documents with the word, 0 when none, stopwords excluded), the pair whose
 * rarer word is the most frequent; null when there is none.
 */
export function splitJoined(token: string, frequency: (word: string) => number): string[] | null {
  let best: string[] | null = null;
  let bestDf = 0;
  for (let at = MIN_SPLIT_PART; at <= token.length - MIN_SPLIT_PART; at++) {
    const parts = [token.slice(0, at), token.slice(at)];
    if (parts.some((part) => STOPWORDS.has(part))) continue;
    const df = Math.min(frequency(parts[0]), frequency(parts[1]));
    if (df > bestDf) [best, bestDf] = [parts, df];
  }
  return best;
}

/** The endings of a word's forms that name a doer or a doing ("tracker" ↔ "tracking"). */
const AGENT_ENDINGS = ["er", "ing", "or"];
const MIN_STEM_LENGTH = 3;

/** A word's singular and plural: "apis" → "api", "api" → "apis", "categories" → "category". */
function numberForms(term: string): string[] {
  if (term.endsWith("ies")) return [term.slice(0, -3) + "y"];
  if (term.endsWith("ss")) return [term + "es"];
  if (term.endsWith("es")) return [term.slice(0, -1), term.slice(0, -2)];
  if (term.endsWith("s")) return [term.slice(0, -1)];
  if (term.endsWith("y")) return [term + "s", term.slice(0, -1) + "ies"];
  return [term + "s"];
}

/**
 * Other forms of a word, spelt regularly: its singular or plural, and for a word ending in -er,
 * -ing or -or the same stem with the other endings ("tracker" → "tracking", "planners" →
 * "planner", "planning"); never the bare stem ("track"), a word of its own. The caller keeps
 * those that are terms: a dozen strings at most, none equal to `term`.
 */
export function wordForms(term: string): string[] {
  const out = new Set(numberForms(term));
  for (const singular of [term, ...out]) {
    for (const ending of AGENT_ENDINGS) {
      if (!singular.endsWith(ending) || singular.length - ending.length < MIN_STEM_LENGTH) continue;
      const stem = singular.slice(0, -ending.length);
      for (const other of AGENT_ENDINGS) if (other !== ending) out.add(stem + other);
    }
  }
  out.delete(term);
  return [...out];
}

/**
 * Spellings that sound alike, tried both ways ("fotofix" ↔ "photofix", "kloud" ↔ "cloud",
 * "niteowl" ↔ "nightowl", "thruput" ↔ "throughput", "surch" ↔ "search").
 */
const SOUND_ALIKE: readonly [string, string][] = [
  ["ph", "f"],
  ["c", "k"],
  ["ks", "x"],
  ["s", "z"],
  ["y", "i"],
  ["qu", "kw"],
  ["ight", "ite"],
  ["ough", "u"],
  ["ear", "ur"],
];
const MAX_RESPELLINGS = 16;
/** Respellings with two changes ("surchlite" → "searchlight") are tried after those with one. */
const MAX_TWO_CHANGE_RESPELLINGS = 32;

/** The term with one sound-alike change, each place and each way (at most `limit`). */
function oneChange(term: string, limit: number): string[] {
  const out = new Set<string>();
  for (const [a, b] of SOUND_ALIKE) {
    for (const [from, to] of [[a, b], [b, a]]) {
      for (let at = term.indexOf(from); at >= 0; at = term.indexOf(from, at + 1)) {
        out.add(term.slice(0, at) + to + term.slice(at + from.length));
        if (out.size >= limit) return [...out];
      }
    }
  }
  out.delete(term);
  return [...out];
}

/**
 * A term respelt by sound, one change at a time (at most 16): for a query term that matches
 * nothing, not even with the edits `queryEdits` allows.
 */
export function respellings(term: string): string[] {
  return oneChange(term, MAX_RESPELLINGS);
}

/**
 * A term respelt by sound with two changes in different places (at most 32, none already a
 * one-change respelling): for a term that no respelling of one change, nor an edit from one,
 * finds ("surchlite": "ur" → "ear" and "ite" → "ight" gives "searchlight").
 */
export function twoChangeRespellings(term: string): string[] {
  const once = oneChange(term, MAX_RESPELLINGS);
  const out = new Set<string>();
  for (const first of once) {
    for (const second of oneChange(first, MAX_RESPELLINGS)) {
      if (second === term || once.includes(second)) continue;
      out.add(second);
      if (out.size >= MAX_TWO_CHANGE_RESPELLINGS) return [...out];
    }
  }
  return [...out];
}
