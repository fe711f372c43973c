/**
 * Negations as the verifier reads them, in the quote's page language: a value is reversed by a
 * negation just before it ("no free plan", "não tem", "ne … pas") or after a copula ("is not",
 * "ist nicht"). Portuguese "no", "na" and "nos" ("in the") are no negations on a Portuguese page.
 */
import type { CheckedQuote } from "./quotes.ts";
import type { Tok } from "./support.ts";
import { pageLanguage } from "../page_language.ts";

const NEGATORS = new Set(["no", "not", "never", "without", "cannot", "nor", "none", "neither"]);
const CONTRACTED = "t"; // don't, doesn't, isn't, can't, won't: "doesn t"

/** Negations of the other languages drafting reads, by language (primary subtag). */
const NEGATORS_BY_LANG: Record<string, string[]> = {
  pt: ["não", "nao", "nunca", "jamais", "sem", "nem", "nenhum", "nenhuma"],
  es: ["no", "nunca", "jamás", "jamas", "sin", "ni", "ningún", "ninguno", "ninguna", "tampoco"],
  it: ["non", "no", "mai", "senza", "né", "nessun", "nessuno", "nessuna"],
  fr: ["ne", "n", "pas", "jamais", "sans", "aucun", "aucune", "ni"],
  de: ["nicht", "kein", "keine", "keinen", "keinem", "keiner", "keines", "nie", "niemals", "ohne"],
  nl: ["niet", "geen", "nooit", "zonder", "noch"],
  pl: ["nie", "bez", "nigdy", "żaden", "żadna", "żadne"],
};
/** English negations that are ordinary words of a language ("no" is "in the" in Portuguese). */
const NOT_NEGATIONS: Record<string, string[]> = { pt: ["no"], gl: ["no"], fr: [CONTRACTED] };
/** On a page of unstated language: negations no English text uses as a word. */
const UNAMBIGUOUS = [
  "não",
  "nunca",
  "jamais",
  "jamás",
  "nicht",
  "kein",
  "keine",
  "niemals",
  "niet",
  "geen",
  "nooit",
];

const negatorsCache = new Map<string | null, Set<string>>();

/** The negations read on a page in `lang`: its own and the English ones that are not its words. */
function negators(lang: string | null): Set<string> {
  let set = negatorsCache.get(lang);
  if (set) return set;
  const english = [...NEGATORS, CONTRACTED].filter((w) => !NOT_NEGATIONS[lang ?? ""]?.includes(w));
  const own = lang === null ? UNAMBIGUOUS : NEGATORS_BY_LANG[lang] ?? [];
  set = new Set([...english, ...own]);
  negatorsCache.set(lang, set);
  return set;
}

/** Verbs after which a negation reverses what comes before ("is not", "ist nicht", "n'est pas"). */
const COPULAS = new Set([
  ...["is", "are", "was", "were", "isn", "aren", "wasn", "weren", "has", "have"],
  ...["ist", "sind", "war", "waren", "zijn", "est", "sont", "é", "são", "es", "son", "è", "sono"],
]);

export function isNegator(t: Tok | undefined, lang: string | null = "en"): boolean {
  return !!t && negators(lang).has(t.w);
}

/** A quote as the rules read it: its text, or a checked quote, read in its page's language. */
export type Quoted = string | CheckedQuote;

/** The text of a quote to read. */
export function quotedText(q: Quoted): string {
  return typeof q === "string" ? q : q.usable;
}

/** English words no other language drafting reads writes: a quote with two of them is English. */
const ENGLISH_WORDS = new Set([
  ...["the", "is", "are", "there", "we", "our", "your", "you", "with", "for", "and", "of"],
  ...["to", "it", "this", "that", "have", "has"],
]);

/**
 * The language a quote is read in: its page's (extractive/pages.ts pageLanguage; null when the
 * page states none), English for a bare text or a quote that reads as English (an English line on
 * a Portuguese page says "no" as English does).
 */
export function quotedLanguage(q: Quoted, words: Tok[]): string | null {
  if (typeof q === "string") return "en";
  const lang = q.page ? pageLanguage(q.page.page) : null;
  if (lang === "en" || lang === null) return lang;
  return new Set(words.filter((t) => ENGLISH_WORDS.has(t.w)).map((t) => t.w)).size >= 2
    ? "en"
    : lang;
}

/**
 * Whether the quote reverses the value at a span: a negation just before it or "is not" after,
 * the negations of the quote's language (`lang`: English by default, null when unstated).
 */
export function negatedAt(
  quote: Tok[],
  at: number,
  value: Tok[],
  lang: string | null = "en",
): boolean {
  if (value.some((t) => isNegator(t, lang))) return false;
  for (let k = at - 1; k >= Math.max(0, at - 4) && !quote[k + 1].brk; k--) {
    if (isNegator(quote[k], lang)) return true;
  }
  const end = at + value.length;
  const next = quote.slice(end, end + 3);
  if (next[0]?.brk) return false;
  if (next[0] && COPULAS.has(next[0].w)) {
    return isNegator(next[1], lang) || (next[1]?.w === "been" && isNegator(next[2], lang));
  }
  return false;
}
