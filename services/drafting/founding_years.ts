/**
 * Founding years stated in a text ("Founded in 2019", "Est. 2021", a timeline's "2020 Sofie founds
 * Hivetally", a weak "since 2015"), and the cues that speak of another organisation or person.
 */
import { looseText } from "./text.ts";
import { firstIssueYears, startedNameYears } from "./founding_years_started.ts";

/** Founding words, also in Dutch, German, French and Spanish ("opgericht in", "fundada en"). */
const FOUNDING_WORDS_OTHER = String
  .raw`opgericht|gestart|ontstaan|ontstond|gegründet|gegruendet|entstand|entstanden|seit|fondée?|fondee?|fondat[ao]|depuis|fundad[ao]|fundó|naci[óo]|nacimos|nasceu|nascemos|desde`;
const FOUNDING_WORDS = String
  .raw`(?:\b(?:founded|co-founded|cofounded|established|started|incorporated|began|since|launched in|founding ?date|foundingDate|first (?:version|release) (?:shipped|launched|was released|came out)|${FOUNDING_WORDS_OTHER})(?![\p{L}])|\best\.|\b(?:created|built)\b[^.!?|,;]{0,40}?\bin(?= (?:19|20)\d\d\b))`;

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
 * about a person ("a guide who has led trips since 2012") states no founding, and no cue does in
 * a quotation, after a negation, across a clause break, about a career, a version or an office, or
 * in the sense "based on" (`statesNoFounding`).
 */
export function foundingYearClaims(
  text: string,
  about?: OwnNames,
): FoundingYear[] {
  const found = new Map<string, boolean>();
  const add = (year: string, weak: boolean) => found.set(year, (found.get(year) ?? true) && weak);
  const after = new RegExp(`(${FOUNDING_WORDS})([^.!?|]{0,60}?)\\b((?:18|19|20)\\d\\d)\\b`, "giu");
  const before = new RegExp(
    `\\b((?:18|19|20)\\d\\d)\\b(?:([^.!?|\\d]{0,25}?)\\b(founded|founds|found(?=\\s+(?-i:\\p{Lu}))|established|incorporated(?=\\s+(?:in|as)\\b)|fondée?|fundad[ao])|([^.!?|\\d]{0,60}?)\\b(opgericht|gestart|gegründet|gegruendet))(?![\\p{L}])`,
    "giu",
  );
  const names = about ? ownNames(about) : [];
  // Every name the site goes by, to tell another organisation's founding from its own.
  const siteNames = [...names, ...(about?.aliases ?? [])];
  for (const m of text.matchAll(after)) {
    const weak = WEAK_FOUNDING_RE.test(m[1].trim());
    const sentence = text.slice(0, m.index!).split(/[.!?|]/).pop() ?? "";
    const yearAt = m.index! + m[0].length - 4;
    if (statesNoFounding(text, m.index!, m[1], m[2], text.slice(yearAt + 4))) continue;
    if (weak && PERSON_CLAUSE_RE.test(sentence)) continue;
    if (about && aboutOther(text, m.index!, sentence, weak, names, siteNames)) continue;
    if (about && otherVenture(sentence, m[2], names, about.siteUsesName ?? true)) continue;
    if (about && otherSubject(sentence, siteNames, about.siteUsesName ?? true)) continue;
    if (about && weak && !weakAboutCompany(text, m.index!, sentence, names)) continue;
    if (about && BORN_RE.test(m[1]) && !bornOfOwn(sentence, names)) continue;
    add(m[3], weak);
  }
  for (const m of text.matchAll(before)) {
    const gap = m[2] ?? m[4] ?? "";
    const sentence = text.slice(0, m.index!).split(/[.!?|]/).pop() ?? "";
    if (
      /[,;·•]/.test(gap.replace(/^\s*,/u, "")) || NEGATION_RE.test(gap) ||
      insideQuotation(text, m.index!)
    ) continue;
    // "found" is also the past of "find" ("In 2018 we found Trafford Park's hauliers …"): only a
    // timeline entry that starts with its year reads it as the present of "found".
    if (/^found$/iu.test(m[3] ?? "") && !/^[\s\p{P}\p{S}]*$/u.test(sentence)) continue;
    // The cue states its own year after it: "12 June 2025 Fernhill was founded in 2016".
    if (OWN_YEAR_AFTER_RE.test(text.slice(m.index! + m[0].length))) continue;
    // Without a known name, the entry's subject cannot be judged and the generic rules stand.
    if (names.length > 0 && !yearEntryAboutCompany(text, m.index!, sentence, gap, names)) continue;
    add(m[1], false);
  }
  for (const s of [...startedNameYears(text, about ? names : null), ...firstIssueYears(text)]) {
    if (!insideQuotation(text, s.at)) add(s.year, false);
  }
  return [...found].map(([year, weak]) => ({ year, weak }))
    .sort((a, b) => Number(a.weak) - Number(b.weak));
}

/** "Born" in the third person: a person's birth or another organisation's unless said of the site. */
const BORN_RE = /^(?:naci[óo]|nasceu)$/iu;

/**
 * Whether "nació" / "nasceu" is said of the site: its subject, right before it, is one of the
 * site's names ("Cistella nació en 2019", "A Tramela nasceu em 2020"), never a person ("Lucía
 * Ferrer nació en 1990") or another group ("La Garrofa nació en 2011"). The first person
 * ("nacimos", "nascemos") is the site speaking of itself.
 */
function bornOfOwn(sentence: string, names: string[]): boolean {
  const subject = looseText(sentence).trim();
  return names.some((n) => {
    const name = looseText(n);
    return subject === name || subject.endsWith(` ${name}`);
  });
}

/** A negation between a cue and its year: "we had not founded anything in 2017". */
const NEGATION_RE = /\b(?:not|never|nicht|niet|pas|non|nunca|jamais)\b|n't\b/iu;
/** A clause break between a cue and its year: a list separator, a dash, a relative clause. */
const GAP_BREAK_RE =
  /[;·•—–]|\s-\s|,\s*(?:who|whose|which|where|when|while|and|but|after|before|then)\b/iu;
/** A person's own past between a cue and its year: "started her career in 2005". */
const CAREER_RE =
  /\b(?:his|her|career|job|apprenticeship|internship|studies|training|carri?era|Karriere|carrière)\b/iu;
/** "Founded on / fondata su" in the sense "based on", unless a date follows ("founded on 3 May"). */
const BASED_ON_RE =
  /^\s*(?:on|upon|sur|su|sul|sulla|sullo|sui|sugli|sulle|auf)\s+(?!(?:the\s+)?\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\p{L}*\.?\s+\d)/iu;
/** A version, a release or an office: "Innkeep 3.0 launched in 2024", "opened its office in". */
const THING = String
  .raw`(?:\b\d+\.\d+\b|\bv\d+\b|\b(?:version|versione|versión|release|update|feature|office|ufficio|branch|plugin|integration|api|sync|beta)\b)`;
const THING_SUBJECT_RE = new RegExp(`${THING}[^,;:]*$`, "iu");
const THING_RE = new RegExp(THING, "iu");
/** Only time words between "launched in" and its year: "launched in early 2019", "in May 2020". */
const TIME_GAP_RE =
  /^\s*(?:(?:the\s+)?(?:early|late|mid-?|spring|summer|autumn|fall|winter|of|jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*|\d{1,2}(?:st|nd|rd|th)?,?)\s*)*$/iu;
/** A preposition before a year: "in", "em", "nel", "im", "op", "around". */
const PLACE_PREP_RE = /^\s*(?:in|en|em|nel|im|op|on|around|back in)\s+/iu;
/** Another thing made or opened as the cue's object: "established a partnership in 2021". */
const OTHER_OBJECT_RE = new RegExp(
  String
    .raw`^\s*(?:a|an|its|their|his|her|a new|another)\s+(?!(?:company|startup|business|firm|studio)\b)(?-i:\p{Ll})`,
  "iu",
);
/** A year that opens a timeline entry of its own ("…, 2022 — v2", "…, 2021: sync"). */
const ENTRY_START_RE = /^\s*(?:[—–:]|-\s)/u;

/**
 * Whether a cue and the year after it state no founding, whoever it is about: the cue stands in a
 * quotation (a customer's "we've run our bakery since 1987"), a negation, a clause break or a
 * person's career lies between them, the cue means "based on", its subject is a version, release
 * or office, or the year opens a timeline entry of its own after a separator ("2020 — company
 * founded, 2022 — v2").
 */
function statesNoFounding(
  text: string,
  at: number,
  cue: string,
  gap: string,
  afterYear: string,
): boolean {
  if (insideQuotation(text, at) || NEGATION_RE.test(gap) || GAP_BREAK_RE.test(gap)) return true;
  if (CAREER_RE.test(gap) || BASED_ON_RE.test(gap) || THING_RE.test(gap)) return true;
  // After a comma, only a place's preposition and time words lead to the year ("…, em 2022").
  const afterComma = gap.includes(",") ? gap.slice(gap.lastIndexOf(",") + 1) : null;
  if (afterComma !== null && !TIME_GAP_RE.test(afterComma.replace(PLACE_PREP_RE, ""))) return true;
  if (/^launched in$/iu.test(cue) && !TIME_GAP_RE.test(gap)) return true;
  if (/^(?:started|began|launched in)$/iu.test(cue) && /^\s*\p{Ll}+ing\b/u.test(gap)) return true;
  if (OTHER_OBJECT_RE.test(gap)) return true;
  // The clause before the cue, read across dots inside words ("Innkeep 3.0", "Booking.com").
  const clause = text.slice(0, at).split(/[!?|;:,]|\.(?=\s|$)/).pop() ?? "";
  if (THING_SUBJECT_RE.test(clause)) return true;
  return /,\s*$/u.test(gap) && ENTRY_START_RE.test(afterYear);
}

/** Opening and closing quotation marks; a straight double quote opens and closes by turns. */
const OPENING_QUOTES = "“«„‹";
const CLOSING_QUOTES = "”»‟›";

/** Whether a position lies inside a quotation (someone else's words: a testimonial, a press quote). */
function insideQuotation(text: string, at: number): boolean {
  let depth = 0;
  let straight = false;
  for (const ch of text.slice(0, at)) {
    if (OPENING_QUOTES.includes(ch)) depth++;
    else if (CLOSING_QUOTES.includes(ch)) depth = Math.max(0, depth - 1);
    else if (ch === '"') straight = !straight;
  }
  return depth > 0 || straight;
}

/** A person as a sentence's subject: "Since 2015 our founder has worked nights …". */
const PERSON_SUBJECT_RE =
  /\b(?:founders?|co-?founders?|ceo|cto|coo|gründer\w*|fondat(?:ore|rice)|fondateur|fundador)\b/iu;
/** Words that make or run the product: "Built … by a small team since 2022", "building Gleanly". */
const MAKING_RE =
  /\b(?:buil[dt]\w*|mak(?:e|es|ing)|made|develop\w*|ship\w*|serv(?:e|es|ing|ed)|run(?:s|ning)?)\b/iu;

/**
 * Whether a weak cue ("since") speaks of the company: its sentence names the product or "we", or
 * says the product was made or served since then, and no founder or other person is its subject.
 */
function weakAboutCompany(text: string, at: number, sentence: string, names: string[]): boolean {
  const whole = sentence + (text.slice(at).split(/[.!?|]/)[0] ?? "");
  if (PERSON_SUBJECT_RE.test(whole)) return false;
  return MAKING_RE.test(whole) || names.some((n) => looseText(whole).includes(looseText(n))) ||
    FIRST_PERSON_RE.test(whole);
}

/** A time before the product: "Before Innkeep, Rosa co-founded …", "prima di Cantinota ha fondato". */
const EARLIER_RE = /\b(?:before|prior to|prima di|avant|antes de|vor|voor)\s+(.{1,40})$/iu;
/** Words after a cue that are no object: prepositions and month names ("founded in", "founded May"). */
const NOT_OBJECT_RE =
  /^(?:In|On|At|By|Around|Back|Early|Late|Mid|Our|Jan\w*|Feb\w*|Mar\w*|Apr\w*|May|Jun\w*|Jul\w*|Aug\w*|Sep\w*|Oct\w*|Nov\w*|Dec\w*)$/u;

/** Whether a sentence is set before the product: "Before Innkeep, …", "prima di Cantinota …". */
function earlierThanProduct(sentence: string, names: string[]): boolean {
  const earlier = sentence.match(EARLIER_RE);
  if (!earlier) return false;
  return /^(?:joining|starting|founding)\b/iu.test(earlier[1]) ||
    names.some((n) => looseText(earlier[1]).includes(looseText(n)));
}

/**
 * Whether a cue speaks of a venture other than the product: the sentence is set before the
 * product ("Before Innkeep, Rosa co-founded Tablefor in 2012"), the cue labels another name after
 * a dash or bracket ("Sunrise Bakery — est. 1987"), or the cue's object is another name ("Dave
 * co-founded Palletly in 2012") on a site that calls the product by its name (where it does not,
 * the name drafted may not be the one the site uses, and the object may be the product).
 */
function otherVenture(
  sentence: string,
  gap: string,
  names: string[],
  siteUsesName: boolean,
): boolean {
  const own = (t: string) => names.some((n) => looseText(t).includes(looseText(n)));
  if (earlierThanProduct(sentence, names)) return true;
  // A label: another name, then a dash or bracket before the cue ("Sunrise Bakery — est. 1987").
  const label = sentence.match(/([^,;:·•—–(]*)[—–·•(]\s*$/u)?.[1] ?? "";
  if (/\p{Lu}/u.test(label) && !own(label) && !FIRST_PERSON_RE.test(label)) return true;
  const object = gap.trim().replace(/^the\s+/iu, "").split(/\s+/)[0] ?? "";
  return siteUsesName && /^\p{Lu}/u.test(object) && !NOT_OBJECT_RE.test(object) && !own(gap);
}

/** A clause that is a name and a passive: "Harbourlight Labs was founded", "Acme has been". */
const NAMED_PASSIVE_RE =
  /(?:^|[,;:]\s*)((?:\p{Lu}[\p{L}\p{N}&'.-]*\s+){1,4})(?:was|were|has been|had been|got)\s+$/u;
/** Capitalised words that open a clause without naming anyone: "The company was founded". */
const GENERIC_SUBJECT_RE = /^(?:The|This|That|It|We|Our|My|I|Today|Then|Later|Originally)\b/u;

/**
 * Whether a passive founding's subject is another name ("Harbourlight Labs was founded in 2008"
 * on Stampwell's site), on a site that calls the product by its name (where it does not, the
 * subject may be the product under the name the site uses).
 */
function otherSubject(sentence: string, names: string[], siteUsesName: boolean): boolean {
  const subject = sentence.trimStart().match(NAMED_PASSIVE_RE)?.[1].trim();
  if (!siteUsesName || !subject || GENERIC_SUBJECT_RE.test(subject)) return false;
  return !namesSite(subject, names);
}

/** A year right after a cue: "founded in 2016", "gegründet im Jahr 2016". */
const OWN_YEAR_AFTER_RE = /^[^.!?|\d,;·•—–]{0,20}\b(?:18|19|20)\d\d\b/u;

/** Words naming a company as such: "2020 — company founded", "2020 Haulbook Ltd founded". */
const COMPANY_WORD_RE =
  /\b(?:company|startup|business|firm|studio|ltd|inc|llc|gmbh|s\.?r\.?l|s\.?l|sas|bv|ab|oy)\b/iu;

/**
 * Whether a year-first entry ("2019 Megan and Arjun Mehta found Tillroll", "in 2018 opgericht")
 * speaks of the company: nothing stands between the year and the cue, or its sentence names the
 * product, "we" or a company; never when set before the product.
 */
function yearEntryAboutCompany(
  text: string,
  at: number,
  sentence: string,
  gap: string,
  names: string[],
): boolean {
  const whole = sentence + (text.slice(at).split(/[.!?|]/)[0] ?? "");
  if (earlierThanProduct(sentence, names)) return false;
  if (/^[\s:—–-]*$/u.test(gap)) return true;
  return names.some((n) => looseText(whole).includes(looseText(n))) ||
    FIRST_PERSON_RE.test(whole) || COMPANY_WORD_RE.test(whole);
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
/**
 * The names a text may call the company by: the product's and its maker's; `siteUsesName` false
 * when the site's text never writes the product's name as drafted (default: it does).
 */
export interface OwnNames {
  product: string | null;
  maker?: string | null;
  siteUsesName?: boolean;
  /** Other names the site goes by (host label, home title's first part), for `otherSubject`. */
  aliases?: string[];
}

function ownNames(about: OwnNames): string[] {
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
  siteNames: string[],
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
  if (participle && !own(rest) && makerOther(before.slice(0, participle.index!), siteNames)) {
    return true;
  }
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

/** The maker a clause ends with: "built by Harbourlight Labs", "a product of Acme Group". */
const MAKER_RE =
  /\b(?:by|of|from)\s+(\p{Lu}[\p{L}\p{N}&'.-]*(?:\s+\p{Lu}[\p{L}\p{N}&'.-]*){0,3})\s*$/u;

/**
 * Whether a clause ends with another named maker, which a participle after its comma describes:
 * "Stampwell is built by Harbourlight Labs, founded in 2008 by …" states Harbourlight's founding,
 * whoever the sentence's subject is.
 */
function makerOther(clause: string, names: string[]): boolean {
  const maker = clause.match(MAKER_RE)?.[1];
  return maker !== undefined && !FIRST_PERSON_RE.test(maker) && !namesSite(maker, names);
}

/** Whether a name is one of the site's, spaces and case aside ("Northwind Labs", "northwindlabs"). */
function namesSite(name: string, names: string[]): boolean {
  const compact = (t: string) => looseText(t).replace(/[^\p{L}\p{N}]/gu, "");
  const c = compact(name);
  return names.some((n) =>
    compact(n).length > 0 && (c.includes(compact(n)) || (c.length >= 3 && compact(n).includes(c)))
  );
}

/** Years (as strings) stated with founding words in a text: "Founded in 2019", "since 2015". */
export function foundingYearsIn(text: string): string[] {
  return foundingYearClaims(text).map((c) => c.year);
}
