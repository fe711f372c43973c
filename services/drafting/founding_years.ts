/**
 * Founding years stated in a text ("Founded in 2019", "Est. 2021", a timeline's "2020 Sofie founds
 * Hivetally", a weak "since 2015"), and the cues that speak of another organisation or person.
 */
import { looseText } from "./text.ts";

/** Founding words, also in Dutch, German, French and Spanish ("opgericht in", "fundada en"). */
const FOUNDING_WORDS_OTHER = String
  .raw`opgericht|gestart|ontstaan|ontstond|gegründet|gegruendet|entstand|entstanden|seit|fondée?|fondee?|fondat[ao]|depuis|fundad[ao]|fundó|naci[óo]|desde`;
const FOUNDING_WORDS = String
  .raw`(?:\b(?:founded|co-founded|cofounded|established|started|incorporated|began|since|launched in|founding ?date|foundingDate|first (?:version|release) (?:shipped|launched|was released|came out)|${FOUNDING_WORDS_OTHER})(?![\p{L}])|\best\.|\b(?:created|built)\b[^.!?|]{0,40}?\bin(?= (?:19|20)\d\d\b))`;

/** Founding words that also describe a person's own past ("beekeeper since 2016"). */
const WEAK_FOUNDING_RE = /^(?:since|seit|depuis|desde)$/iu;
/** A clause about a person: a relative or personal pronoun before the cue ("a guide who has … since"). */
const PERSON_CLAUSE_RE = /\b(?:who|whose|he|she|his|her|him|qui|quien)\b/iu;

/** A stated founding year, and whether only a weak cue ("since") states it. */
export interface FoundingYear {
  year: string;
  weak: boolean;
}

/**
 * Years stated with founding words in a text, strong cues first: "Founded in 2019", "Est. 2021",
 * "2020 Sofie founds Hivetally" (a timeline entry), "since 2015" (weak). A weak cue in a clause
 * about a person ("a guide who has led trips since 2012") states no founding.
 */
export function foundingYearClaims(
  text: string,
  about?: { product: string | null; maker?: string | null },
): FoundingYear[] {
  const found = new Map<string, boolean>();
  const add = (year: string, weak: boolean) => found.set(year, (found.get(year) ?? true) && weak);
  const after = new RegExp(`(${FOUNDING_WORDS})[^.!?|]{0,60}?\\b((?:18|19|20)\\d\\d)\\b`, "giu");
  const before = new RegExp(
    `\\b((?:18|19|20)\\d\\d)\\b(?:[^.!?|\\d]{0,25}?\\b(?:founded|founds|found(?=\\s+(?-i:\\p{Lu}))|established|incorporated(?=\\s+(?:in|as)\\b)|fondée?|fundad[ao])|[^.!?|\\d]{0,60}?\\b(?:opgericht|gestart|gegründet|gegruendet))(?![\\p{L}])`,
    "giu",
  );
  for (const m of text.matchAll(after)) {
    const weak = WEAK_FOUNDING_RE.test(m[1].trim());
    const sentence = text.slice(0, m.index!).split(/[.!?|]/).pop() ?? "";
    if (weak && PERSON_CLAUSE_RE.test(sentence)) continue;
    if (about && aboutOther(text, m.index!, sentence, weak, ownNames(about))) continue;
    add(m[2], weak);
  }
  for (const m of text.matchAll(before)) add(m[1], false);
  return [...found].map(([year, weak]) => ({ year, weak }))
    .sort((a, b) => Number(a.weak) - Number(b.weak));
}

/** The product, or the company speaking of itself ("we", "our"). */
const FIRST_PERSON_RE =
  /\b(?:we|our|us|wir|unser\w*|nous|notre|nos|nosotros|nuestr[ao]s?|wij|ons|onze)\b/iu;
/** An appositive before the cue: "Oakridge Growers, a family nursery founded in 1987". */
const APPOSITIVE_RE = /,\s+(?:a|an)\s+[^,;:]{0,50}$/u;
/** A cue right after a comma: "DATEV, gegründet 1966", "Northgate, founded in 1998". */
const PARTICIPLE_RE = /,\s*$/u;
/** A cue in a relative clause: "the league that started in 1972", "which was founded in". */
const RELATIVE_RE =
  /\s(?:that|which|who|die|der|das|qui|que)\s+(?:(?:was|were|has been|have been|is|wurde|a été|fue)\s+)?$/iu;
/** A named subject in the present perfect before "since": "Xero has helped … since 2006". */
const NAMED_PERFECT_RE =
  /^\s*\p{Lu}[\p{L}\p{N}.&'-]*(?:\s+\p{Lu}[\p{L}\p{N}.&'-]*){0,3}\s+(?:has|have|had)\b/u;
/** The names a text may call the company by: the product's and its maker's. */
function ownNames(about: { product: string | null; maker?: string | null }): string[] {
  return [about.product, about.maker].filter((n): n is string => !!n && n.trim().length > 0);
}

/** The noun a clause before `end` describes: its last four words ("at Northgate Communications"). */
function headOf(before: string, end: number): string {
  const clause = before.slice(0, end).replace(/[\s,;:]+$/u, "").split(/[,;:]/).pop() ?? "";
  return clause.trim().split(/\s+/).slice(-4).join(" ");
}

/**
 * Whether a founding cue speaks of another organisation or a measurement rather than of the
 * company: a cue whose head (an appositive's, a participle's after a comma, or a relative
 * clause's noun) is neither the product nor "we" ("Oakridge Growers, a family nursery founded in
 * 1987", "DATEV …, gegründet 1966", "the league that started in 1972"); a weak cue after another
 * named subject in the present perfect ("Xero has helped … since 2006"); a weak cue after a figure,
 * which measures something over a period ("99.97 % since January 2024"). The product's names are
 * its own name and its maker's (the site name: "Northwind Labs" for Pagecraft).
 */
function aboutOther(
  text: string,
  at: number,
  before: string,
  weak: boolean,
  names: string[],
): boolean {
  const own = (t: string) =>
    FIRST_PERSON_RE.test(t) || names.some((n) => looseText(t).includes(looseText(n)));
  const rest = text.slice(at).split(/[.!?|,]/)[0] ?? "";
  const appositive = before.match(APPOSITIVE_RE);
  // The head an appositive describes: the last words before its comma.
  if (appositive && !own(headOf(before, appositive.index!)) && !own(rest)) return true;
  const participle = appositive ? null : before.match(PARTICIPLE_RE);
  // A participle after a comma describes the last words before it or the sentence's subject
  // ("Northwind Labs is a studio in Utrecht, Netherlands, founded … in 2021").
  const subject = before.split(/[,;:]/)[0];
  if (participle && !own(headOf(before, participle.index!)) && !own(subject) && !own(rest)) {
    return true;
  }
  const relative = before.match(RELATIVE_RE);
  if (relative && !own(headOf(before, relative.index!))) return true;
  if (!weak) return false;
  const named = (before.split(/[;:]/).pop() ?? "").match(NAMED_PERFECT_RE);
  if (named !== null && !own(named[0])) return true;
  // A figure before "since" measures something over a period ("99.97 % since January 2024").
  return /\d/.test(before.split(/[,;:]/).pop() ?? "");
}

/** Years (as strings) stated with founding words in a text: "Founded in 2019", "since 2015". */
export function foundingYearsIn(text: string): string[] {
  return foundingYearClaims(text).map((c) => c.year);
}
