/**
 * The query plan: a query's words as term groups, each with the vocabulary terms it stands for
 * (term_variants.ts) and whether it must match. The last word is also matched as a prefix (the
 * user is typing); a word that matches nothing is split into two known words ("uptimemonitor"),
 * and two neighbouring words that form a known word when joined also match it ("dash board").
 */
import type { Variant } from "./term_variants.ts";
import type { Terms } from "./terms.ts";
import {
  endsInWord,
  GENERIC_WORDS,
  hasWord,
  isFuzzy,
  splitJoined,
  STOPWORDS,
  tokenize,
} from "./text.ts";
import { joinedReadings } from "./query_words.ts";

const MAX_QUERY_TERMS = 10;
/** The weight of a word typed in two when matched joined ("dash board" as "dashboard"). */
const JOINED_WORD_WEIGHT = 0.9;

/** A query word's terms. */
export interface Group {
  variants: readonly Variant[];
  /**
   * Stopwords next to other terms, and generic words ("app", "tool") next to other content
   * words, are optional: they add to the score but need not match.
   */
  required: boolean;
  /** A content word (not a stopword): counted in the about and phrase evidence, even optional. */
  content: boolean;
}

/**
 * The query's term groups: each term's exact, prefix and corrected vocabulary terms, or null for
 * no words (browsing). Stopwords ("for", "the") are optional when the query has other terms, and
 * generic words ("app", "tool") when it has other content words: they add to the score only.
 */
export function planQuery(terms: Terms, q: string): Group[] | null {
  let tokens = tokenize(q);
  // No words means browse; words too long to be terms match nothing.
  if (tokens.length === 0) {
    return hasWord(q) ? [{ variants: [], required: true, content: true }] : null;
  }
  let typing = endsInWord(q) ? tokens[tokens.length - 1] : null;
  tokens = tokens.slice(0, 2 * MAX_QUERY_TERMS).flatMap((token) => {
    const parts = splitUnknown(terms, token, token === typing);
    if (parts && token === typing) typing = parts[1];
    return parts ?? [token];
  });
  const unique = [...new Set(tokens)].slice(0, MAX_QUERY_TERMS);
  const content = unique.some((token) => !STOPWORDS.has(token));
  const specific = unique.some((token) => !STOPWORDS.has(token) && !GENERIC_WORDS.has(token));
  const groups = unique.map((token) => {
    if (content && STOPWORDS.has(token)) {
      return { variants: terms.exact(token), required: false, content: false };
    }
    const variants = terms.variants(token, token === typing);
    return { variants, required: !(specific && GENERIC_WORDS.has(token)), content: true };
  });
  joinSplitWords(terms, tokens, unique, groups);
  return groups;
}

/**
 * Two words typed as one ("uptimemonitor"): a query word that matches nothing, not even
 * corrected, is read as the two known words it splits into, if any.
 */
function splitUnknown(terms: Terms, token: string, typing: boolean): string[] | null {
  if (!isFuzzy(token) || terms.variants(token, typing).length > 0) return null;
  return splitJoined(token, (word) => terms.exact(word)[0]?.df ?? 0);
}

/**
 * A word typed in two ("dash board", "web hook"): two neighbouring required terms that form a
 * known term (or one of its forms, or with a typo in a half, its corrections) when joined both
 * accept it, so a listing saying "dashboard" or "webhooks" matches the two.
 */
function joinSplitWords(terms: Terms, tokens: string[], unique: string[], groups: Group[]): void {
  for (let k = 0; k + 1 < tokens.length; k++) {
    const pair = [unique.indexOf(tokens[k]), unique.indexOf(tokens[k + 1])];
    if (pair.some((g) => g < 0 || !groups[g].required) || pair[0] === pair[1]) continue;
    for (const joined of joinedReadings(terms, tokens[k], tokens[k + 1])) {
      // One word of a name is one name hit: the second half does not count it again.
      const weight = JOINED_WORD_WEIGHT * Math.min(1, joined.weight);
      pair.forEach((g, half) => {
        const variant = { ...joined, weight, secondHalf: half === 1 };
        groups[g] = { ...groups[g], variants: [...groups[g].variants, variant] };
      });
    }
  }
}
