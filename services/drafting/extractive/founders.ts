/**
 * The people behind the product: team cards (name, role, bio), "Name, Founder" and "founded by"
 * sentences, and JSON-LD founders. Only people named with a founder or leader role are kept.
 */
import { type DraftProposal, type EvidenceQuote } from "../evidence.ts";
import type { PageView } from "./pages.ts";
import { isProse, jsonLdObjects, quote, windowAround } from "./pages.ts";
import { looseText, MAX_QUOTE_CHARS, normalizeQuoteText } from "../text.ts";
import { FOUNDER_ROLE_RE } from "../vocabulary.ts";

const ROLE_WORD = String
  .raw`(?:co-?founder|founder|ceo|cto|coo|cpo|cmo|chief [a-z]+ officer|president|owner|creator|maker)`;
/** The same role words for patterns that are case-sensitive (names must be capitalised). */
const ROLE_WORD_CS = String
  .raw`(?:(?:[Cc]o-?)?[Ff]ounder|CEO|CTO|COO|CPO|CMO|[Cc]hief [A-Za-z]+ [Oo]fficer|[Pp]resident|[Oo]wner|[Cc]reator|[Mm]aker)`;
const ROLE_RE = new RegExp(`^(${ROLE_WORD}(?:\\s*(?:&|and|,|/|\\+)\\s*${ROLE_WORD})*)`, "iu");
const PERSON_RE =
  /^\p{Lu}[\p{L}'-]+(?:\s\p{Lu}\.?)?(?:\s(?:van|von|de|da|del|der|di|le|la)?\s?\p{Lu}[\p{L}'-]+){1,2}$/u;
const NAME_ROLE_RE = new RegExp(
  `(\\p{Lu}[\\p{L}'-]+(?: \\p{Lu}[\\p{L}'-]+){1,2}),? (?:\\(|-|—|–|is )?(?:our |the |a )?(${ROLE_WORD_CS}(?:\\s*(?:&|and|,|/)\\s*${ROLE_WORD_CS})*)`,
  "gu",
);
const NAME = String
  .raw`\p{Lu}[\p{L}'-]+(?:\s(?:(?:van|von|de|da|del|der|di|le|la)\s)?\p{Lu}[\p{L}'-]+){1,2}`;
const ROLES = String.raw`${ROLE_WORD_CS}(?:\s*(?:&|and|,|/)\s*${ROLE_WORD_CS})*`;
const PERSON_WITH_ROLE = String.raw`(${NAME})(?:\s*\((${ROLES})\))?`;
/** "founded in 2017 in Dublin by Niamh Byrne", "started by Lena Fischer (CEO) and Marco Rossi (CTO)". */
const FOUNDED_BY_RE = new RegExp(
  String
    .raw`\b(?:founded|co-founded|started|created|built|made|launched)\b[^.!?]{0,80}?\bby\s+${PERSON_WITH_ROLE}(?:(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)${PERSON_WITH_ROLE})?(?:(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)${PERSON_WITH_ROLE})?`,
  "gu",
);
/** "started in 2019 as a side project of Ada Lindqvist". */
const SIDE_PROJECT_RE = new RegExp(
  String.raw`\b(?:started|began|founded)\b[^.!?]{0,60}?\bside project of\s+(${NAME})`,
  "gu",
);

function tidyRole(role: string): string {
  return role.replace(/\s+/g, " ").trim().replace(/^./, (c) => c.toUpperCase());
}

/** Up to six founders and leaders, team and about pages first. */
export function draftFounders(views: PageView[]): DraftProposal["founders"] {
  const out: DraftProposal["founders"] = [];
  const add = (
    name: string,
    title: string | null,
    bio: string | null,
    evidence: EvidenceQuote[],
  ) => {
    const n = normalizeQuoteText(name);
    if (out.length >= 6 || !PERSON_RE.test(n)) return;
    const existing = out.find((f) => looseText(f.name) === looseText(n));
    if (existing) {
      if (!existing.title && title) existing.title = title;
      if (!existing.bio && bio) existing.bio = bio;
      existing.evidence.push(...evidence);
      return;
    }
    out.push({ name: n, title, bio, evidence });
  };
  const people = [
    ...views.filter((v) => v.kind === "team"),
    ...views.filter((v) => v.kind === "about"),
    ...views.filter((v) => v.kind !== "team" && v.kind !== "about"),
  ];
  for (const v of people) {
    // Team cards: a heading with a person's name, then the role, then a one-sentence bio.
    v.segments.forEach((seg, i) => {
      if (!seg.heading || seg.excluded || !PERSON_RE.test(seg.text)) return;
      const next = v.segments[i + 1];
      if (!next || next.heading || next.excluded || next.start - seg.end > 3) return;
      const role = next.text.match(ROLE_RE);
      if (!role) return;
      let bio = next.text.slice(role[0].length).replace(/^[\s,.:;–—-]+/, "").trim();
      let end = next.end;
      if (!bio) {
        const after = v.segments[i + 2];
        if (after && !after.heading && !after.excluded && isProse(after, 4)) {
          bio = after.text;
          end = after.end;
        }
      }
      if (bio && !/[.!?]$/.test(bio)) bio = "";
      const quoteText = v.text.slice(seg.start, end);
      if (quoteText.length > MAX_QUOTE_CHARS) return;
      add(seg.text, tidyRole(role[0]), bio || null, [quote(v, quoteText)]);
    });
    for (const seg of v.segments) {
      if (seg.excluded) continue;
      for (const m of seg.text.matchAll(NAME_ROLE_RE)) {
        if (!FOUNDER_ROLE_RE.test(m[2])) continue;
        add(m[1], tidyRole(m[2]), null, [quote(v, windowAround(seg.text, m[0], 240))]);
      }
      for (const m of seg.text.matchAll(FOUNDED_BY_RE)) {
        const q = quote(v, windowAround(seg.text, m[0], 300));
        for (const i of [1, 3, 5]) {
          if (m[i]) add(m[i], m[i + 1] ? tidyRole(m[i + 1]) : null, null, [q]);
        }
      }
      for (const m of seg.text.matchAll(SIDE_PROJECT_RE)) {
        add(m[1], null, null, [quote(v, windowAround(seg.text, m[0], 300))]);
      }
    }
    // JSON-LD founders.
    for (const o of jsonLdObjects(v)) {
      const f = o.founder ?? o.founders;
      for (const person of Array.isArray(f) ? f : f ? [f] : []) {
        const name = typeof person === "string"
          ? person
          : (person as Record<string, unknown>)?.name;
        if (typeof name !== "string") continue;
        const n = normalizeQuoteText(name);
        const line = v.extras.find((e) =>
          e === `founder.name: ${n}` || e === `founders.name: ${n}` || e === `founder: ${n}`
        );
        const job = typeof person === "object" &&
            typeof (person as Record<string, unknown>).jobTitle === "string"
          ? normalizeQuoteText((person as Record<string, string>).jobTitle)
          : null;
        const jobLine = job ? v.extras.find((e) => e.endsWith(`jobTitle: ${job}`)) : undefined;
        if (line) {
          add(n, job && jobLine ? job : null, null, [
            quote(v, line),
            ...(jobLine ? [quote(v, jobLine)] : []),
          ]);
        }
      }
    }
  }
  return out;
}
