/**
 * Query-side readings of words typed with a space too many: which vocabulary terms a pair of
 * neighbouring query words stands for when joined ("dash board" → "dashboard", "web hook" →
 * "webhooks", and with a typo in a half, "night shfit" → "nightshift").
 */
import type { Variant } from "./term_variants.ts";
import type { Terms } from "./terms.ts";
import { isFuzzy, wordForms } from "./text.ts";

/**
 * The terms two words typed in two stand for when joined: the joined word itself and its other
 * forms ("web hook" finds "webhooks" as well as "webhook").
 */
export function joinedTerms(terms: Terms, joined: string): Variant[] {
  const exact = terms.exact(joined);
  if (!isFuzzy(joined)) return exact;
  return exact.concat(wordForms(joined).flatMap((form) => terms.exact(form)));
}

/**
 * The terms two neighbouring words stand for when joined, with their weights relative to a
 * joined word typed right: the joined word and its forms (1), else, when one half is no term (a
 * typo: "docu flwo", "night shfit"), the joined word's corrections ("docuflow", "nightshift").
 */
export function joinedReadings(terms: Terms, left: string, right: string): Variant[] {
  const joined = joinedTerms(terms, left + right);
  if (joined.length > 0) return joined.map((variant) => ({ ...variant, weight: 1 }));
  const typo = terms.exact(left).length === 0 || terms.exact(right).length === 0;
  return typo && isFuzzy(left + right) ? [...terms.variants(left + right, false)] : [];
}
