/**
 * The patterns the founder rules read names and titles with: founder titles in five languages,
 * a person's name, a list of names with roles in brackets or an appositive, and the helpers that
 * split such a list into names, and the clause of a match as its quote.
 */

/** Founder titles in German, Dutch, French and Spanish ("Gründerin", "Mitgründer", "Oprichter"). */
const FOREIGN_FOUNDER = String
  .raw`(?:[Mm]it)?[Gg]ründer(?:in)?|(?:[Mm]ede)?[Oo]prichter|[Oo]prichtster|(?:[Cc]o-?)?[Ff]ondat(?:eur|rice|ore)|(?:[Cc]o-?)?[Ff]undador(?:a)?`;
/** Founder titles: a role phrase names a founder only when it holds one of these. */
export const FOUNDER_TITLE_RE = new RegExp(
  String
    .raw`\b(?:co-?\s?founders?|cofounders?|founders?|creator|maker|${FOREIGN_FOUNDER})(?!\p{L})`,
  "iu",
);
const ROLE_WORD = String
  .raw`(?:(?:[Cc]o-?\s?)?[Ff]ounder|[Cc]ofounder|${FOREIGN_FOUNDER}|CEO|CTO|COO|CPO|CMO|CFO|[Cc]hief [A-Za-z]+ [Oo]fficer|[Pp]resident|[Cc]reator|[Mm]aker)`;
/**
 * A job title a founder title may share a card with: "Head of Product", "VP of Engineering",
 * "Product Lead" ("Co-founder, Head of Product", "Co-founder & Head of Product"); a second word
 * after "of" only where the title ends there, never the next card's name ("Head of Product Owen").
 */
const JOB_TITLE = String
  .raw`(?:(?:[Hh]ead|VP|[Vv]ice [Pp]resident|[Dd]irector) of \p{Lu}\p{L}+(?: \p{Lu}\p{L}+(?=$|[,.;)]))?|\p{Lu}\p{L}+ (?:[Ll]ead|[Dd]irector))(?![\p{L}-])`;
export const ROLES = String
  .raw`${ROLE_WORD}(?:\s*(?:&|and|,|/|\+)\s*${ROLE_WORD})*(?:\s*(?:&|and|,|/|\+)\s*${JOB_TITLE})?`;
/** A role phrase at the start of a team card's line. */
export const ROLE_START_RE = new RegExp(`^(${ROLES})`, "iu");
/**
 * Surname particles, up to two in a row ("van der Berg", "de la Cruz", "Ó Súilleabháin"): the
 * Irish "Ó", "Ní" and "Uí" are capitalised but are not words of their own.
 */
export const PARTICLES = String
  .raw`(?:(?:van|von|de|da|del|der|den|di|du|dos|das|do|della|des|le|la|ter|ten|Ó|Ní|Uí)\s){0,2}`;
/** Not a founder title or C-level role word: a table row "Jan Berg Co-founder, CEO" ends its name. */
const NOT_ROLE = String
  .raw`(?!(?:(?:[Cc]o-?\s?)?[Ff]ounder|[Cc]ofounder|${FOREIGN_FOUNDER}|C[EOTPMF]O)(?!\p{L}))`;
/** Capitalised words that may carry glued labels ("LinkedIn Jane Doe"): cleaned by cleanName. */
export const LOOSE_NAME = String
  .raw`${NOT_ROLE}\p{Lu}[\p{L}'.-]*(?:\s${PARTICLES}${NOT_ROLE}\p{Lu}[\p{L}'.-]*){1,4}`;
/** A person's name: up to four capitalised words ("María José García López"), particles between. */
export const NAME = String
  .raw`(?:(?:\p{Lu}\.\s){1,3}\p{Lu}[\p{L}'-]+|\p{Lu}[\p{L}'-]+(?:\s\p{Lu}\.)?(?:\s${PARTICLES}\p{Lu}[\p{L}'-]+){1,3})`;
/** List separators, "and" also in Dutch, German, French, Spanish and Italian ("A en B", "A e B"). */
const SEP = String.raw`(?:,\s*(?:and\s+)?|\s+(?:and|en|und|et|y|e)\s+|\s*&\s*)`;
const PERSON_WITH_ROLE = String.raw`(${NAME})(?:\s*\((${ROLES})\))?`;
/** A description set off by commas after a name: "Jonas Albrecht (CEO), a former installer, and". */
const APPOSITIVE = String.raw`(?:,\s(?:a|an|the|our|his|her|their)\s[^,.;!?()]{1,60}(?=,))?`;
/** A link label in brackets after a name: "Ana Silva (LinkedIn) and Ben Ito (GitHub) founded X". */
const LINK_LABEL = String.raw`\s*\((?:LinkedIn|GitHub|X|Twitter|Mastodon|Bluesky|[Ww]ebsite)\)`;
/**
 * A bracketed note on a person's past after a name ("Ana Ruiz (ex-Glovo) and Marc Vidal"): no part
 * of the list, and never a name of it.
 */
const PAST_NOTE = String
  .raw`\s*\((?:ex-|ex\s|former(?:ly)?\s|previously\s|ehemals\s|antes\s|voorheen\s|anciennement\s)[^()]{1,40}\)`;
/** A handle with the person's full name in brackets: "@mkowalska (Marta Kowalska)". */
const HANDLE = String.raw`@[A-Za-z0-9_.-]+\s*\(`;
const ONE = String
  .raw`(?:${HANDLE}${NAME}\)|${NAME}(?:\s*\(${ROLES}\)|${LINK_LABEL}|${PAST_NOTE})?)${APPOSITIVE}`;
/**
 * A text with past notes after names removed and handles replaced by the full name in brackets
 * after them: the list "Ana Ruiz (ex-Glovo) and Marc Vidal" reads "Ana Ruiz and Marc Vidal",
 * "@mkowalska (Marta Kowalska)" reads "Marta Kowalska". What a note holds never joins a list.
 */
export function withoutNameNotes(text: string): string {
  return text.replace(new RegExp(PAST_NOTE, "giu"), "")
    .replace(new RegExp(`${HANDLE}(${NAME})\\)`, "gu"), "$1");
}
export const LIST = String.raw`${ONE}(?:${SEP}${ONE}){0,5}`;
/** "Ana Silva and Rui Costa set out to build Tidepool": only with the site's own name (group 2). */
export const SET_OUT_RE = new RegExp(
  String.raw`(${LIST}),? set out to (?:build|make|create) (\p{Lu}[\p{L}\p{N}'.-]*)`,
  "gu",
);
/** "started in 2019 as a side project of Ada Lindqvist". */
export const SIDE_PROJECT_RE = new RegExp(
  String.raw`\b(?:started|began|founded)\b[^.!?]{0,60}?\bside project of\s+(${NAME})`,
  "gu",
);
/** "Pipette is the brainchild of Hana Okoye": the subject (group 1) must be the site's own. */
export const BRAINCHILD_RE = new RegExp(
  String
    .raw`(\p{Lu}[\p{L}\p{N}'.-]*(?:\s\p{Lu}[\p{L}\p{N}'.-]*)*)\s(?:is|was)\s(?:the\s)?brainchild\sof\s(${NAME})`,
  "gu",
);
export function tidyRole(role: string): string {
  return role.replace(/\s+/g, " ").trim().replace(/^./, (c) => c.toUpperCase());
}

/** Every name of a list, with the role in brackets after it when there is one. */
export function namesOf(list: string): { name: string; role: string | null }[] {
  const re = new RegExp(PERSON_WITH_ROLE, "gu");
  return [...withoutNameNotes(list).matchAll(re)].map((m) => ({
    name: m[1],
    role: m[2] ? tidyRole(m[2]) : null,
  }));
}

/**
 * The clause of a match as its quote: from the sentence's start (when within 160 characters) to
 * the sentence's end (when within 100 characters after the match), else the match alone, so that
 * a quote never runs on into the next block (a footer, the next card).
 */
export function clauseOf(text: string, m: RegExpMatchArray): string {
  const at = m.index!;
  const end = at + m[0].length;
  const start = at <= 160 ? 0 : at;
  const stop = text.slice(end, end + 100).search(/[.!?](?:\s|$)/);
  return text.slice(start, stop >= 0 ? end + stop + 1 : end).trim();
}
