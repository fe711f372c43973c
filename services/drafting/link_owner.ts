/**
 * Whose a person's link is, read from the sentence around it: the name the link's label holds
 * (`<a href=…>Ana Silva</a>`), else the name written right before it with at most a few
 * lower-case words or a bracket between ("Find Aiko on GitHub and Sam on LinkedIn", "Ana
 * (LinkedIn) and Ben (GitHub) founded X"). Shared by the extractive drafter and the verifier, so a
 * link drafted for one founder of a sentence naming two is never kept for the other.
 */
import { containsPhrase, looseText, normalizeQuoteText } from "./text.ts";
import { FOUNDER_TITLE_RE, ROLE_START_RE } from "./extractive/founders_patterns.ts";

/** Where a link sits in its context (PageFacts.profile_links). */
export interface PlacedLink {
  context: string;
  /** The link's visible text, and where it starts in `context` (absent on older pages). */
  label?: string;
  at?: number;
  /** The link's address (profile links carry it). */
  url?: string;
}

/** Words of platforms, labels and roles: a run of them before a link names nobody. */
const NOT_A_NAME = new Set(
  ("linkedin twitter x github gitlab website site homepage blog email mail instagram facebook " +
    "mastodon bluesky threads youtube dribbble behance medium substack profile ceo cto coo cpo " +
    "cmo cfo founder co-founder cofounder president find follow meet say see read visit contact")
    .split(" "),
);

/** The capitalised run right before the link: "Aiko on", "Ana (", "Nora is on", "Sam at". */
const BEFORE_LINK_RE =
  /(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)*)\s*(?:\(|[:–—-]|(?:is\s+)?(?:on|at|via)\s)?\s*$/u;
/** A label that is a full name: two to four capitalised words. */
const FULL_NAME_LABEL_RE = /^\p{Lu}[\p{L}'’.-]*(?:\s\p{Lu}[\p{L}'’.-]*){1,3}$/u;
/** A label that names its person and platform: "Maya on LinkedIn", "Amara Nwosu on X". */
const NAME_ON_LABEL_RE =
  /^(\p{Lu}[\p{L}'’.-]*(?:\s\p{Lu}[\p{L}'’.-]*){0,3})\s+(?:on|at|via)\s+(\S+)$/u;
/** Words of the first person: a link in such a sentence is the speaker's. */
const FIRST_PERSON_RE = /(?<!\p{L})(?:I|I['’]m|I am|me|my)(?!\p{L})/u;
/** Where a page's speaker says who they are: "I'm Ana Ruiz", "my name is Ana Ruiz". */
const INTRO_RE =
  /(?<!\p{L})(?:I['’]m|I am|[Mm]y name is)\s+(\p{Lu}[\p{L}'’-]*(?:\s\p{Lu}[\p{L}'’-]*)*)/gu;

/** A full name's shorter forms: the first name ("Aiko"), the given names ("M. J.", "Mary-Kate O."). */
export function shortNames(full: string): string[] {
  const t = normalizeQuoteText(full).split(" ");
  const out = new Set<string>();
  if (t.length < 2) return [];
  if (!/^\p{Lu}\.$/u.test(t[0])) out.add(t[0]);
  out.add(t.slice(0, -1).join(" "));
  return [...out];
}

/** A label that names its platform, then its person in brackets: "LinkedIn (Siobhán)". */
const PLATFORM_NAME_LABEL_RE = /^(\S+)\s*\((\p{Lu}[\p{L}'’.-]*(?:\s\p{Lu}[\p{L}'’.-]*){0,3})\)$/u;

/** The person a label names with its platform ("Maya on LinkedIn" → "Maya"), or null. */
function labelOwner(label: string): string | null {
  const text = normalizeQuoteText(label);
  const bracketed = text.match(PLATFORM_NAME_LABEL_RE);
  if (bracketed && NOT_A_NAME.has(bracketed[1].toLowerCase())) {
    return bracketed[2].split(" ").some((w) => NOT_A_NAME.has(w.toLowerCase()))
      ? null
      : bracketed[2];
  }
  const on = text.match(NAME_ON_LABEL_RE);
  if (!on || !NOT_A_NAME.has(on[2].toLowerCase())) return null;
  const words = on[1].split(" ");
  return words.some((w) => NOT_A_NAME.has(w.toLowerCase())) ? null : on[1];
}

/** The names a link stands by in its sentence, as written; null when the context does not say. */
export function nameByLink(link: PlacedLink): string | null {
  if (link.at === undefined || !link.label) return null;
  const context = normalizeQuoteText(link.context);
  const label = normalizeQuoteText(link.label);
  const named = labelOwner(label);
  if (named) return named;
  if (
    FULL_NAME_LABEL_RE.test(label) && !label.split(" ").some((w) => NOT_A_NAME.has(w.toLowerCase()))
  ) {
    return label;
  }
  const run = context.slice(0, link.at).match(BEFORE_LINK_RE)?.[1];
  if (!run) return null;
  let words = run.split(/\s+/);
  // The run starts after the last sentence end in it (an initial's dot is no sentence end).
  const end = words.findLastIndex((w) => /[.!?]$/.test(w) && !/^\p{Lu}\.$/u.test(w));
  words = words.slice(end + 1);
  while (words.length > 0 && NOT_A_NAME.has(words[0].toLowerCase())) words.shift();
  if (words.some((w) => NOT_A_NAME.has(w.replace(/\.$/, "").toLowerCase()))) return null;
  return words.length > 0 ? words.join(" ") : null;
}

/** Whether a name written by a link ends with the founder's full name or one of its short forms. */
export function namesFounder(written: string, founder: string): boolean {
  const w = looseText(written);
  return [founder, ...shortNames(founder)].some((n) => {
    const f = looseText(n);
    return f.length > 0 && (w === f || w.endsWith(` ${f}`));
  });
}

/** The capitalised words that follow a phrase wherever the page writes it. */
function wordsAfter(pageText: string, phrase: string): string[] {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const re = new RegExp(`(?<![\\p{L}])${escaped}\\s+(\\p{Lu}[\\p{L}'’-]*)`, "gu");
  return [...normalizeQuoteText(pageText).matchAll(re)].map((m) => m[1]);
}

/**
 * Whether a short form stands for only this founder on the page: every time it is followed by a
 * capitalised word, that word continues the founder's own name ("Nora Lindqvist", never "Nora Berg").
 */
function shortFormUnique(pageText: string, founder: string, short: string): boolean {
  const rest = normalizeQuoteText(founder).slice(short.length).trim().split(" ")[0];
  return wordsAfter(pageText, short).every((w) => w === rest);
}

/**
 * Whether a written word is someone's first name on the page: it is followed somewhere by a
 * capitalised word that is no link label ("Sam Whitfield"), unlike a role word ("Technik GitHub").
 */
function firstNameOnPage(written: string, pageText: string): boolean {
  const last = written.split(" ").at(-1)!;
  return wordsAfter(pageText, last).some((w) => !NOT_A_NAME.has(w.toLowerCase()));
}

/**
 * Whether a link on a page is the founder's: by the name it stands by when its sentence says
 * (the full name, or a short form when the page names the founder in full and no one else by it;
 * never when that name is another founder's or another person's on the page), else when its card
 * names the founder in full and none of `others`.
 */
export function linkIsFounders(
  link: PlacedLink,
  founder: string,
  pageText: string,
  others: string[] = [],
  siblings: PlacedLink[] = [],
): boolean {
  const written = nameByLink(link);
  if (
    (written === null || FIRST_PERSON_RE.test(written)) && speakersLink(link, founder, pageText)
  ) {
    return !others.some((o) => containsPhrase(link.context, o));
  }
  if (written !== null && namesFounder(written, founder)) {
    if (others.some((o) => namesFounder(written, o))) return false;
    if (containsPhrase(written, founder)) return true;
    return containsPhrase(pageText, founder) &&
      shortNames(founder).some((s) =>
        namesFounder(written, s) && shortFormUnique(pageText, founder, s)
      );
  }
  if (written !== null && !containsPhrase(written, founder)) {
    // "Erik on LinkedIn": the label itself names someone else.
    if (link.label && labelOwner(link.label) !== null) return false;
    if (others.some((o) => namesFounder(written, o) || containsPhrase(written, o))) return false;
    // The last word of a title line ("Head of Product") is no one's first name.
    if (ownerInStrip(link, founder, others, siblings)) return true;
    if (firstNameOnPage(written, pageText)) return false;
  }
  const stated = containsPhrase(link.context, founder) ||
    (written === null &&
      (cardHeadedBy(link.context, founder, pageText) !== null || siteSpellsName(link, founder)));
  if (!stated) return false;
  if (!others.some((o) => containsPhrase(link.context, o))) return true;
  return ownerInStrip(link, founder, others, siblings);
}

/**
 * A strip of founder cards read as one block, each name and title followed by its icon links
 * ("Meet the founders Mia Thompson Co-founder & CEO [in] Raj Patel Co-founder & CTO [in] [X]"):
 * the link is the founder's whose name and founder title come right before it. Only when the
 * strip's links all follow a name and the last name has links after it, so a strip whose icons
 * come before each name never gives a founder the previous card's links.
 */
function ownerInStrip(
  link: PlacedLink,
  founder: string,
  others: string[],
  siblings: PlacedLink[],
): boolean {
  if (link.at === undefined) return false;
  const context = normalizeQuoteText(link.context);
  const starts = [founder, ...others].map((n) => ({ n, at: phraseAt(context, n) }))
    .filter((p) => p.at >= 0);
  const strip = [link, ...siblings].filter((s) =>
    s.at !== undefined && normalizeQuoteText(s.context) === context
  );
  const first = Math.min(...starts.map((p) => p.at));
  const last = Math.max(...starts.map((p) => p.at));
  if (strip.some((s) => s.at! < first) || !strip.some((s) => s.at! > last)) return false;
  const owner = starts.filter((p) => p.at < link.at!).sort((a, b) => b.at - a.at)[0];
  if (owner?.n !== founder) return false;
  return titleLine(context.slice(owner.at + founder.length, link.at));
}

/** Where a name is written in a text as whole words, or -1. */
function phraseAt(text: string, name: string): number {
  const n = normalizeQuoteText(name);
  for (let at = text.indexOf(n); at >= 0; at = text.indexOf(n, at + 1)) {
    const edge = (c: string | undefined) => !/[\p{L}\p{N}]/u.test(c ?? "");
    if (edge(text[at - 1]) && edge(text[at + n.length])) return at;
  }
  return -1;
}

/**
 * A card's title line between a name and its icons: a founder title and nothing else (the icons'
 * visible labels aside), so no other person's name or sentence stands between.
 */
function titleLine(text: string): boolean {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const label = (w: string) => NOT_A_NAME.has(w.toLowerCase()) && !ROLE_START_RE.test(w);
  while (words.length > 0 && label(words[words.length - 1])) words.pop();
  const line = words.join(" ").replace(/[\s,·|]+$/, "");
  const role = line.match(ROLE_START_RE)?.[0];
  return role !== undefined && role.trim() === line && FOUNDER_TITLE_RE.test(line);
}

/**
 * The card a link's block makes with the founder's full name written right before it (a card's
 * heading: "<h3>Ana Ruiz</h3><p>CEO. … <a>LinkedIn</a></p>"), name through block; null when the
 * block does not come right after the name.
 */
export function cardHeadedBy(context: string, founder: string, pageText: string): string | null {
  const text = normalizeQuoteText(pageText);
  const block = normalizeQuoteText(context);
  const name = normalizeQuoteText(founder);
  for (let at = text.indexOf(block); at > 0; at = text.indexOf(block, at + 1)) {
    const before = text.slice(0, at).replace(/\s{1,3}$/, "");
    if (!before.endsWith(name) || at - before.length > 3) continue;
    const from = before.length - name.length;
    if (from > 0 && /[\p{L}\p{N}'’-]/u.test(text[from - 1])) continue;
    return text.slice(from, at + block.length);
  }
  return null;
}

/**
 * Whether a personal site's address is the founder's name: its host's first label is two or more
 * of the name's words in a row, or the first and last, accents folded ("joaopedro.example" for
 * João Pedro Magalhães, "janedoe.dev" for Jane Doe).
 */
function siteSpellsName(link: PlacedLink, founder: string): boolean {
  let host: string;
  try {
    const u = new URL(link.url ?? "");
    if (u.pathname.replace(/\/+$/, "") !== "") return false;
    host = folded(u.hostname.replace(/^www\./, "").split(".")[0]);
  } catch {
    return false;
  }
  const words = normalizeQuoteText(founder).split(" ").map(folded).filter(Boolean);
  const spellings = new Set<string>();
  if (words.length >= 2) spellings.add(words[0] + words[words.length - 1]);
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 2; j <= words.length; j++) spellings.add(words.slice(i, j).join(""));
  }
  return spellings.has(host);
}

/** Letters only, accents folded: "Inês Duarte" → "inesduarte". */
function folded(text: string): string {
  return text.normalize("NFKD").replace(/[^\p{L}]/gu, "").toLowerCase();
}

/**
 * Whether a first-person link ("I'm @anaruiz on Mastodon") is the founder's: the page's speaker
 * introduces themself as the founder and as no one else ("Hi, I'm Ana Ruiz"), the sentence is in
 * the first person, and the link's address carries the founder's first name or surname.
 */
function speakersLink(link: PlacedLink, founder: string, pageText: string): boolean {
  if (!link.url || !FIRST_PERSON_RE.test(normalizeQuoteText(link.context))) return false;
  const intros = [...normalizeQuoteText(pageText).matchAll(INTRO_RE)].map((m) => m[1]);
  if (intros.length === 0 || !intros.every((i) => looseText(i) === looseText(founder))) {
    return false;
  }
  let address: string;
  try {
    const u = new URL(link.url);
    address = folded(u.hostname + u.pathname);
  } catch {
    return false;
  }
  const parts = normalizeQuoteText(founder).split(" ").map(folded).filter((p) => p.length >= 3);
  return parts.some((p) => address.includes(p));
}
