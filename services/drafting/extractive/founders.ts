/**
 * The people behind the product, only where the site says they founded it: a founder or
 * co-founder title bound to the name ("Jane Doe, Co-founder & CEO", a team card), "founded by A
 * and B", "our founders A and B", "A and B founded it", "created by A", and JSON-LD `founder`.
 * Advisors, investors, staff without a founder title, testimonial authors, people on blog posts
 * and customer stories, and founders of other companies ("founder of Globex") are never drafted.
 * Each founder's stated background (sentences on the team or about page that start with their
 * name) becomes the bio, quoted.
 */
import { type DraftProposal, type EvidenceQuote } from "../evidence.ts";
import type { PageView, Segment } from "./pages.ts";
import { isProse, quote } from "./pages.ts";
import { looseText, MAX_QUOTE_CHARS } from "../text.ts";
import { draftFounderLinks } from "./founder_links.ts";
import { addBios } from "./founders_bios.ts";
import { jsonLdFounders } from "./founders_jsonld.ts";
import { labelledFounders } from "./founders_label.ts";
import { pluralTitleFounders } from "./founders_plural.ts";
import { shortFormFounders } from "./founders_short.ts";
import { weFounders } from "./founders_we.ts";
import {
  BRAINCHILD_RE,
  clauseOf,
  FOUNDER_TITLE_RE,
  LIST,
  LOOSE_NAME,
  NAME,
  namesOf,
  ROLE_START_RE,
  ROLES,
  SET_OUT_RE,
  SIDE_PROJECT_RE,
  tidyRole,
} from "./founders_patterns.ts";
import {
  cleanName,
  inNonFounderSection,
  isOwnName,
  isPersonName,
  isTeaserPage,
  ownNames,
} from "./people.ts";

/** "Jane Doe, Co-founder & CEO", "Jane Doe (Founder)", "Jane Doe is our co-founder". */
const NAME_ROLE_RE = new RegExp(
  String
    .raw`(${LOOSE_NAME}),? (?:\(|-\s|—\s?|–\s?|is |was )?(?:our |the |a |one of (?:our|the) )?(${ROLES})`,
  "gu",
);
/** "Co-founder & CEO Jane Doe", "our co-founder Jane Doe". */
const ROLE_NAME_RE = new RegExp(`(?<![\\p{L}-])(${ROLES}),? (${LOOSE_NAME})`, "gu");
/**
 * Founding participles in Dutch, German, French, Spanish and Italian ("opgericht door", "fundada
 * por", "fondata da").
 */
const FOUNDED_OTHER = String
  .raw`opgericht|gestart|gegründet|fondée?|fundad[ao]|cread[ao]|fondat[ao]`;
/** "founded in 2017 in Dublin by Niamh Byrne", "created by Lena Fischer (CEO) and Marco Rossi". */
const FOUNDED_BY_RE = new RegExp(
  String
    .raw`\b(?:[Ff]ounded|[Cc]o-?founded|[Ss]tarted|[Cc]reated|[Bb]uilt|[Mm]ade|[Ll]aunched|${FOUNDED_OTHER})(?!\p{L})[^.!?]{0,80}?\b(?:by|door|von|par|por|da)\s+(${LIST})`,
  "gu",
);
/** "Our founders, Ana Silva and Rui Costa", "The co-founders are A and B", "The founding team: A, B". */
const OUR_FOUNDERS_RE = new RegExp(
  String
    .raw`(?:\b(?:[Oo]ur|[Tt]he|[Ii]ts) (?:[Cc]o-?)?[Ff]ounders?(?:,|:| are| were| is| was)?|\b(?:[Cc]o-?)?[Ff]ounders?(?::| are| were)|\b(?:[Oo]ur|[Tt]he|[Ii]ts) founding team(?::| is| was| are| were))\s+(${LIST})`,
  "gu",
);
/** German, the verb last: "wurde 2020 von Anna Keller und Jonas Brandt gegründet". */
const VON_GEGRUENDET_RE = new RegExp(String.raw`\bvon\s+(${LIST})\s+gegründet\b`, "gu");
/** Spanish "la fundaron Lucía Gómez y Pablo Ruiz", "la fundó Lucía Gómez". */
const FUNDARON_RE = new RegExp(
  String.raw`\b(?:[Ll][ao]s?\s)?(?:fundaron|fundó|crearon|creó)\s+(${LIST})`,
  "gu",
);
/** "Ana Silva and Rui Costa founded Tidepool in 2020", "Ben Ito, a former nurse, started X". */
const NAMES_FOUNDED_RE = new RegExp(
  String
    .raw`(${LIST}),? (?:co-?founded|cofounded|founded|started|created)\b\s*(\p{Lu}[\p{L}\p{N}'.-]*)?`,
  "gu",
);
/** "In 2022 she and Ben Adeyemi started Quietroom": "she" is the person the last sentence opened with. */
const PRONOUN_FOUNDED_RE = new RegExp(
  String
    .raw`\b(?:[Ss]he|[Hh]e) and (${LIST}),? (?:co-?founded|cofounded|founded|started|created) (\p{Lu}[\p{L}\p{N}'.-]*)`,
  "gu",
);
/** A sentence that opens with a person's name and a lower-case verb ("Nora Lindqvist was …"). */
const OPENS_WITH_NAME_RE = new RegExp(String.raw`^(${NAME}) \p{Ll}`, "u");
/** "Ana Silva and Rui Costa are the co-founders" (a list: one name is taken by NAME_ROLE_RE). */
const NAMES_ARE_FOUNDERS_RE = new RegExp(
  String.raw`(${LIST}),? (?:are|were) (?:the |our |its )?(?:[Cc]o-?)?founders\b`,
  "gu",
);
/** An organisation right after a role: "Founder of Globex", "CEO at Initech", "cofondatrice di X". */
const ROLE_OF_ORG_RE =
  /^\s*(?:(?:of|at|de|di|da|del|du|van|von|bei|bij|chez)\s|@|,|-|—|–|\|)\s*(\p{Lu}[\p{L}\p{N}'.&-]*(?:\s\p{Lu}[\p{L}\p{N}'.&-]*)*)/u;
/** The capitalised subject right before "founded by" ("Globex, founded by", "Globex was built by"). */
const SUBJECT_RE =
  /(\p{Lu}[\p{L}\p{N}'.-]*(?:\s\p{Lu}[\p{L}\p{N}'.-]*)*)(?:,\s(?:a|an|the)\s[^,.!?]{0,60}?)?(?:,|\s+(?:was|is|has been|were|had been))?\s*$/u;
const PRONOUNS = new Set(["we", "it", "this", "that", "she", "he", "they", "i"]);

type Founders = DraftProposal["founders"];

/** Up to six founders, team and about pages first; `productName` tells the site's own company. */
export function draftFounders(views: PageView[], productName: string | null = null): Founders {
  const out: Founders = [];
  const own = [...ownNames(views), ...(productName ? [looseText(productName)] : [])];
  const add = (raw: string, title: string | null, bio: string | null, ev: EvidenceQuote[]) => {
    const cleaned = cleanName(raw);
    if (!cleaned || out.length >= 6) return;
    const existing = out.find((f) => looseText(f.name) === looseText(cleaned.name));
    if (existing) {
      if (!existing.title && title) existing.title = title;
      if (!existing.bio && bio) existing.bio = bio;
      existing.evidence.push(...ev);
      return;
    }
    out.push({ name: cleaned.name, title, bio, evidence: ev });
  };
  const ordered = [
    ...views.filter((v) => v.kind === "team"),
    ...views.filter((v) => v.kind === "about"),
    ...views.filter((v) => v.kind !== "team" && v.kind !== "about"),
  ];
  for (const v of ordered) {
    if (!isTeaserPage(v)) teamCards(v, own, add);
    for (const [i, seg] of v.segments.entries()) {
      if (seg.excluded || inNonFounderSection(v, seg)) continue;
      if (isTeaserPage(v)) {
        ownFounders(v, seg, own, add);
        continue;
      }
      boundRoles(v, seg, own, add);
      pronounFounders(v, i, own, add);
      shortFormFounders(v, seg, own, add);
      statedFounders(v, seg, own, add);
      labelledFounders(v, seg, add);
      pluralTitleFounders(v, seg, own, add);
      firstPerson(v, i, own, add);
      weFounders(v, i, own, add);
    }
    jsonLdFounders(v, own, add);
  }
  addBios(ordered, out);
  return out;
}

/** Adds a founder (merged with one of the same name) with its title, bio and quotes. */
export type Add = (
  raw: string,
  title: string | null,
  bio: string | null,
  ev: EvidenceQuote[],
) => void;

/** Whether an organisation written after a role ("of Globex") is another company than the site's. */
function otherCompanyAfter(rest: string, own: string[]): boolean {
  const org = rest.match(ROLE_OF_ORG_RE)?.[1];
  if (!org || isPersonName(org)) return false;
  return !isOwnName(org, own);
}

/** Team cards: a heading with a person's name, then a founder title, then an optional bio. */
function teamCards(v: PageView, own: string[], add: Add): void {
  v.segments.forEach((seg, i) => {
    if (!seg.heading || seg.excluded || !cleanName(seg.text) || inNonFounderSection(v, seg)) {
      return;
    }
    const next = v.segments[i + 1];
    if (!next || next.excluded || next.start - seg.end > 3) return;
    const role = next.text.match(ROLE_START_RE);
    if (!role || !FOUNDER_TITLE_RE.test(role[0])) return;
    // A card's title may be a heading of its own (a name's h2, then the position's h3), whole.
    if (next.heading && role[0].trim() !== next.text.trim()) return;
    const rest = next.text.slice(role[0].length);
    if (otherCompanyAfter(rest, own)) return;
    let bio = rest.replace(/^[\s,.:;–—-]+/, "").trim();
    let end = next.end;
    if (!bio) {
      const after = v.segments[i + 2];
      const sentence = after && !after.heading && !after.excluded ? leadingSentence(after) : "";
      if (sentence) {
        bio = sentence;
        end = after.start + sentence.length;
      }
    }
    if (bio && !/[.!?]$/.test(bio)) bio = "";
    const quoteText = v.text.slice(seg.start, end);
    if (quoteText.length > MAX_QUOTE_CHARS) return;
    add(seg.text, tidyRole(role[0]), bio || null, [quote(v, quoteText)]);
  });
}

/**
 * A segment's prose up to its last sentence end, when at most three words (link labels such as
 * "in Website" glued after a card's bio) follow it; "" when it is not prose.
 */
function leadingSentence(seg: Segment): string {
  if (isProse(seg, 4)) return seg.text;
  const m = seg.text.match(/^(.*[.!?])\s+(\S+(?:\s\S+){0,2})$/u);
  if (!m || seg.item) return "";
  const cut = { ...seg, text: m[1], end: seg.start + m[1].length };
  return isProse(cut, 4) ? m[1] : "";
}

/** A founder title bound to a name in the same clause, either order. */
function boundRoles(v: PageView, seg: Segment, own: string[], add: Add): void {
  for (const m of seg.text.matchAll(NAME_ROLE_RE)) {
    const rest = seg.text.slice(m.index! + m[0].length);
    // A plural title ("founders") binds a whole list or nobody (founders_plural.ts).
    if (!FOUNDER_TITLE_RE.test(m[2]) || /^s(?!\p{L})/u.test(rest)) continue;
    if (otherCompanyAfter(rest, own)) continue;
    add(m[1], tidyRole(m[2]), null, [quote(v, clauseOf(seg.text, m))]);
  }
  for (const m of seg.text.matchAll(ROLE_NAME_RE)) {
    if (!FOUNDER_TITLE_RE.test(m[1])) continue;
    const before = seg.text.slice(0, m.index!).match(/(\p{Lu}[\p{L}\p{N}'.-]*)\s*$/u)?.[1];
    if (before && !isOwnName(before, own) && !/^(?:our|the|meet|and)$/i.test(before)) continue;
    add(m[2], tidyRole(m[1]), null, [quote(v, clauseOf(seg.text, m))]);
  }
}

/**
 * A place the clause ends on ("… a studio in Utrecht, Netherlands,"): the capitalised words
 * before "founded by" are then where the subject is, not the subject.
 */
const PLACE_END_RE =
  /\b(?:in|from|based in|near)\s\p{Lu}[\p{L}'.-]*(?:[\s,]+\p{Lu}[\p{L}'.-]*){0,4},?\s*$/u;
/** The subject a sentence states something about: "Northwind Labs is a two-person studio …". */
const SENTENCE_SUBJECT_RE =
  /(?:^|[.!?]\s+)(\p{Lu}[\p{L}\p{N}'.-]*(?:\s\p{Lu}[\p{L}\p{N}'.-]*)*)\s(?:is|was)\s(?:a|an|the)\s[^.!?]*$/u;

/** Whether the company a "founded by" sentence is about is another one ("Globex, founded by"). */
function aboutOtherCompany(before: string, own: string[]): boolean {
  if (PLACE_END_RE.test(before)) {
    // "X is a studio in Utrecht, Netherlands, founded by …": the sentence's subject, when stated.
    const stated = before.replace(PLACE_END_RE, "").match(SENTENCE_SUBJECT_RE)?.[1];
    return stated
      ? !isOwnName(stated, own)
      : aboutOtherCompany(before.replace(PLACE_END_RE, ""), own);
  }
  const subject = before.match(SUBJECT_RE)?.[1];
  if (!subject) return false;
  const first = subject.split(/\s+/)[0].toLowerCase();
  if (PRONOUNS.has(first) || /^(?:our|the)$/.test(first)) return false;
  return !isOwnName(subject, own);
}

/** "founded by A and B", "our founders A and B", "A and B founded it", "side project of A". */
function statedFounders(v: PageView, seg: Segment, own: string[], add: Add): void {
  const addList = (list: string, m: RegExpMatchArray) => {
    const q = quote(v, clauseOf(seg.text, m));
    for (const p of namesOf(list)) add(p.name, p.role, null, [q]);
  };
  for (const m of seg.text.matchAll(FOUNDED_BY_RE)) {
    if (!aboutOtherCompany(seg.text.slice(0, m.index!), own)) addList(m[1], m);
  }
  for (const m of seg.text.matchAll(OUR_FOUNDERS_RE)) addList(m[1], m);
  for (const m of seg.text.matchAll(NAMES_ARE_FOUNDERS_RE)) addList(m[1], m);
  for (const m of seg.text.matchAll(NAMES_FOUNDED_RE)) {
    if (m[2] && !isOwnName(m[2], own) && !/^(?:It|The|Our|In)$/.test(m[2])) continue;
    addList(m[1], m);
  }
  for (const m of seg.text.matchAll(SET_OUT_RE)) {
    if (isOwnName(m[2], own)) addList(m[1], m);
  }
  for (const re of [FUNDARON_RE, VON_GEGRUENDET_RE]) {
    for (const m of seg.text.matchAll(re)) addList(m[1], m);
  }
  for (const m of seg.text.matchAll(SIDE_PROJECT_RE)) {
    add(m[1], null, null, [quote(v, clauseOf(seg.text, m))]);
  }
  for (const m of seg.text.matchAll(BRAINCHILD_RE)) {
    if (isOwnName(m[1], own)) add(m[2], null, null, [quote(v, clauseOf(seg.text, m))]);
  }
}

/**
 * "Nora Lindqvist was leading a team … In 2022 she and Ben Adeyemi started Quietroom": the
 * pronoun is the person the sentence right before opens with, quoted from there.
 */
function pronounFounders(v: PageView, i: number, own: string[], add: Add): void {
  const seg = v.segments[i];
  const prev = v.segments[i - 1];
  for (const m of seg.text.matchAll(PRONOUN_FOUNDED_RE)) {
    if (!isOwnName(m[2], own) || !prev || prev.excluded || seg.start - prev.end > 3) continue;
    const opener = prev.text.match(OPENS_WITH_NAME_RE)?.[1];
    if (!opener || !isPersonName(opener) || inNonFounderSection(v, prev)) continue;
    const to = seg.start + m.index! + m[0].length;
    if (to - prev.start > MAX_QUOTE_CHARS) continue;
    add(opener, null, null, [quote(v, v.text.slice(prev.start, to))]);
  }
}

/** "Hi, I'm Hannah Okafor" and, in that block or the next, "I started The Margin" (named). */
const INTRO_RE = new RegExp(String.raw`\b(?:Hi|Hello|Hey)[,!]?\s+I['’]m\s+(${NAME})`, "u");
const I_FOUNDED_RE =
  /\bI (?:co-?founded|founded|started|created|built) ((?:The )?\p{Lu}[\p{L}\p{N}'.-]*(?: \p{Lu}[\p{L}\p{N}'.-]*)?)/u;

function firstPerson(v: PageView, i: number, own: string[], add: Add): void {
  const seg = v.segments[i];
  const intro = seg.text.match(INTRO_RE);
  if (!intro) return;
  const after = seg.text.slice(intro.index! + intro[0].length);
  const next = v.segments[i + 1];
  const inNext = !after.match(I_FOUNDED_RE) && next && !next.excluded && next.start - seg.end <= 3;
  const said = (inNext ? next.text : after).match(I_FOUNDED_RE);
  if (!said || !own.some((o) => looseText(said[1]).startsWith(o))) return;
  const from = seg.start + intro.index!;
  const to = (inNext ? next.start : seg.end - after.length) + said.index! + said[0].length;
  if (to - from <= MAX_QUOTE_CHARS) add(intro[1], null, null, [quote(v, v.text.slice(from, to))]);
}

/** On a blog post: only "A and B are the co-founders of <the product>". */
function ownFounders(v: PageView, seg: Segment, own: string[], add: Add): void {
  for (const m of seg.text.matchAll(NAMES_ARE_FOUNDERS_RE)) {
    const of = seg.text.slice(m.index! + m[0].length).match(
      /^ of ((?:The )?\p{Lu}[\p{L}\p{N}'.-]*)/u,
    );
    if (!of || !isOwnName(of[1], own)) continue;
    const q = quote(v, clauseOf(seg.text, m));
    for (const p of namesOf(m[1])) add(p.name, p.role, null, [q]);
  }
}

/** The founders with their own links, and the primary (first) founder's links as founder_socials. */
export function draftPeople(
  views: PageView[],
  productName: string | null,
): Pick<DraftProposal, "founders" | "founder_socials"> {
  const founders = draftFounders(views, productName);
  const links = draftFounderLinks(views, founders);
  founders.forEach((f, i) => {
    if (Object.keys(links[i]).length > 0) f.links = links[i];
  });
  return { founders, founder_socials: links[0] ?? {} };
}
