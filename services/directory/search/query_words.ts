/**
 * Query-side readings of words typed with a space too many: which vocabulary terms a pair of
 * neighbouring query words stands for when joined ("dash board" → "dashboard", "web hook" →
 * "webhooks").
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
