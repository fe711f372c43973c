/**
 * The patterns the founder rules read names and titles with: founder titles in five languages,
 * a person's name, a list of names with roles in brackets or an appositive, and the helpers that
 * split such a list into names.
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
export const ROLES = String.raw`${ROLE_WORD}(?:\s*(?:&|and|,|/|\+)\s*${ROLE_WORD})*`;
/** A role phrase at the start of a team card's line. */
export const ROLE_START_RE = new RegExp(`^(${ROLES})`, "iu");
/** Capitalised words that may carry glued labels ("LinkedIn Jane Doe"): cleaned by cleanName. */
export const LOOSE_NAME = String
  .raw`\p{Lu}[\p{L}'.-]*(?:\s(?:(?:van|von|de|da|del|der|di|le|la)\s)?\p{Lu}[\p{L}'.-]*){1,4}`;
export const NAME = String
  .raw`(?:(?:\p{Lu}\.\s){1,3}\p{Lu}[\p{L}'-]+|\p{Lu}[\p{L}'-]+(?:\s\p{Lu}\.)?(?:\s(?:(?:van|von|de|da|del|der|di|le|la)\s)?\p{Lu}[\p{L}'-]+){1,2})`;
/** List separators, "and" also in Dutch, German, French, Spanish and Italian ("A en B", "A e B"). */
const SEP = String.raw`(?:,\s*(?:and\s+)?|\s+(?:and|en|und|et|y|e)\s+|\s*&\s*)`;
const PERSON_WITH_ROLE = String.raw`(${NAME})(?:\s*\((${ROLES})\))?`;
/** A description set off by commas after a name: "Jonas Albrecht (CEO), a former installer, and". */
const APPOSITIVE = String.raw`(?:,\s(?:a|an|the|our|his|her|their)\s[^,.;!?()]{1,60}(?=,))?`;
/** A link label in brackets after a name: "Ana Silva (LinkedIn) and Ben Ito (GitHub) founded X". */
const LINK_LABEL = String.raw`\s*\((?:LinkedIn|GitHub|X|Twitter|Mastodon|Bluesky|[Ww]ebsite)\)`;
const ONE = String.raw`${NAME}(?:\s*\(${ROLES}\)|${LINK_LABEL})?${APPOSITIVE}`;
export const LIST = String.raw`${ONE}(?:${SEP}${ONE}){0,5}`;
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
  return [...list.matchAll(re)].map((m) => ({ name: m[1], role: m[2] ? tidyRole(m[2]) : null }));
}
