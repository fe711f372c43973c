/**
 * Phrase evidence for the best-ranked matches: a product whose name or tagline says the query's
 * words side by side and in order ("Newsletter platform for creators" for "newsleter platform")
 * is about the query, more than a listing with one of the words in its name and the other
 * somewhere in its description. Bag-of-words scores cannot see order, so the few best candidates
 * are re-read and rewarded per pair of consecutive query terms found adjacent (stopwords between
 * them are skipped: "CRM for freelancers" holds the pair crm, freelancers).
 */
import { STOPWORDS, tokenize } from "./text.ts";

/** For each text a query term can match (its exact, completed or corrected forms): its position among the query's required terms. */
export type PhraseTerms = Map<string, number[]>;

/** Builds the lookup from each required term's forms to its positions; null when under two terms. */
export function phraseTerms(forms: string[][]): PhraseTerms | null {
  if (forms.length < 2) return null;
  const out: PhraseTerms = new Map();
  forms.forEach((texts, position) => {
    for (const text of texts) {
      const positions = out.get(text);
      if (!positions) out.set(text, [position]);
      else if (!positions.includes(position)) positions.push(position);
    }
  });
  return out;
}

/**
 * The share (0 to 1) of the query's consecutive term pairs found side by side, in order, in one
 * of `texts` (each text is read on its own, so a name's last word and a tagline's first are not
 * a pair).
 */
export function phraseShare(terms: PhraseTerms, pairCount: number, texts: string[]): number {
  const found = new Set<number>();
  for (const text of texts) {
    let previous: number[] | null = null;
    for (const token of tokenize(text)) {
      if (STOPWORDS.has(token)) continue;
      const positions = terms.get(token) ?? null;
      for (const p of positions ?? []) {
        // A word typed in two is one joined word here ("dash board" → "dashboard").
        if (previous?.includes(p - 1) || positions!.includes(p - 1)) found.add(p);
      }
      previous = positions;
    }
  }
  return found.size / pairCount;
}
