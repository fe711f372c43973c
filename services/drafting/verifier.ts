/**
 * The verifier every drafted value passes, whichever drafter made it. A quote verifies when its
 * normalised text is found on the page it names, and that page is one the crawler was allowed to
 * read. A value stays only when verified quotes also support it: the value (or most of its words,
 * for prose) is in the quoted text, a founding year comes with founding words and not from a
 * copyright line, nothing rests on testimonial text alone, links and emails are on the page.
 * Everything else is dropped to not_found, with the reason recorded.
 *
 * What counts as "on the page": its visible `text`, plus what the site states about itself in its
 * head and markup (title, meta description, Open Graph values, FAQ markup, JSON-LD values written
 * as `key: value`), and for links and emails the extracted link lists (a mailto: or a video
 * embed is often not visible text).
 */
import { SOCIAL_KEYS } from "../../kv/types.ts";
import {
  DRAFT_FIELDS,
  type DraftedValue,
  type DraftProposal,
  type EvidencePage,
  type EvidenceQuote,
  STORY_SECTIONS,
} from "./evidence.ts";
import { containsPhrase, looseText, normalizeQuoteText, proseSupport } from "./text.ts";
import {
  type CheckedQuote,
  checkQuote,
  clip,
  hasUsable,
  indexPages,
  linkOnPages,
} from "./verifier/quotes.ts";
import {
  dateProblem,
  linkProblem,
  normalizeDate,
  proseProblem,
  verifyField,
} from "./verifier/values.ts";
import { FOUNDER_ROLE_RE } from "./vocabulary.ts";

/** What the verifier did: the cleaned proposal, each drop with its reason, and quote counts. */
export interface VerifyResult {
  proposal: DraftProposal;
  dropped: { field: string; reason: string }[];
  quotes: { checked: number; verified: number };
}

/** Options of verifyProposal. */
export interface VerifyOptions {
  /** Category names (with descriptions) drafts may use; without it, categories are not checked by name. */
  categories?: { name: string; description?: string }[];
  /** The current year, for the founding year bound (default: this year). */
  year?: number;
}

const SOCIAL_HOSTS: Partial<Record<string, RegExp>> = {
  x: /(^|\.)(x\.com|twitter\.com)$/,
  linkedin: /(^|\.)linkedin\.com$/,
  github: /(^|\.)github\.com$/,
  youtube: /(^|\.)(youtube\.com|youtu\.be)$/,
  facebook: /(^|\.)(facebook\.com|fb\.com)$/,
  instagram: /(^|\.)instagram\.com$/,
  tiktok: /(^|\.)tiktok\.com$/,
  discord: /(^|\.)(discord\.gg|discord\.com)$/,
  reddit: /(^|\.)reddit\.com$/,
  threads: /(^|\.)(threads\.net|threads\.com)$/,
  bluesky: /(^|\.)bsky\.app$/,
};

/** Checks every quote and value of a proposal against the pages read; see the module comment. */
export function verifyProposal(
  proposal: DraftProposal,
  pages: EvidencePage[],
  options: VerifyOptions = {},
): VerifyResult {
  const index = indexPages(pages);
  const dropped: { field: string; reason: string }[] = [];
  const counts = { checked: 0, verified: 0 };
  const year = options.year ?? new Date().getUTCFullYear();

  /** Checks quotes; records unverified ones; returns the verified ones. */
  const check = (field: string, evidence: unknown): CheckedQuote[] => {
    const list = Array.isArray(evidence) ? evidence as EvidenceQuote[] : [];
    const out: CheckedQuote[] = [];
    for (const quote of list) {
      counts.checked++;
      const c = checkQuote(quote, index);
      if (c.ok) {
        counts.verified++;
        out.push(c);
      } else dropped.push({ field, reason: `quote dropped: ${c.reason}` });
    }
    return out;
  };
  const drop = (field: string, reason: string) => dropped.push({ field, reason });
  const supporting = (quotes: CheckedQuote[]) => quotes.filter((q) => hasUsable(q.usable));
  const evidenceOf = (quotes: CheckedQuote[]) => dedupeQuotes(quotes.map((q) => q.quote));
  /** Optional prose (a bio, a description): kept when the quoted text supports it, else null. */
  const optionalProse = (field: string, raw: unknown, quoted: string, maxChars: number) => {
    const text = typeof raw === "string" ? normalizeQuoteText(raw) : null;
    if (!text) return null;
    const why = text.length > maxChars
      ? `longer than ${maxChars} characters`
      : proseProblem(text, quoted, 0.8);
    if (why) drop(field, why);
    return why ? null : text;
  };

  const fields: DraftProposal["fields"] = {};
  for (const name of DRAFT_FIELDS) {
    const drafted = proposal.fields?.[name] as DraftedValue | undefined;
    if (drafted === undefined) continue;
    const empty = { value: null, evidence: [] };
    if (!drafted || drafted.value === null || drafted.value === undefined) {
      fields[name] = empty;
      continue;
    }
    const verified = check(name, drafted.evidence);
    if (verified.length > 0 && supporting(verified).length === 0) {
      drop(name, "its only quotes lie inside testimonial text");
      fields[name] = empty;
      continue;
    }
    const result = verifyField(name, drafted.value, supporting(verified), {
      categories: options.categories,
      year,
      drop: (reason, item) =>
        drop(item === undefined ? name : `${name}: "${clip(item, 60)}"`, reason),
    });
    if (result === null) {
      fields[name] = empty;
      continue;
    }
    fields[name] = { value: result.value, evidence: evidenceOf(result.quotes) };
  }

  const faqs: DraftProposal["faqs"] = [];
  (proposal.faqs ?? []).forEach((faq, i) => {
    const field = `faqs[${i}]`;
    if (faqs.length >= 10) return drop(field, "more than 10 FAQs");
    if (typeof faq?.question !== "string" || typeof faq?.answer !== "string") {
      return drop(field, "question and answer must be text");
    }
    const question = normalizeQuoteText(faq.question);
    const answer = normalizeQuoteText(faq.answer);
    if (!question || !answer) return drop(field, "empty question or answer");
    if (question.length > 300 || answer.length > 1500) {
      return drop(field, "question or answer too long");
    }
    const quotes = supporting(check(field, faq.evidence));
    const qQuotes = quotes.filter((q) =>
      containsPhrase(q.usable, question) || proseSupport(question, q.usable).share >= 0.9
    );
    if (qQuotes.length === 0) {
      return drop(field, `question "${clip(question)}" is not in its quotes`);
    }
    const joined = quotes.map((q) => q.usable).join(" | ");
    const why = proseProblem(answer, joined, 0.8);
    if (why) return drop(field, `answer: ${why}`);
    faqs.push({ question, answer, evidence: evidenceOf(quotes) });
  });

  const founders: DraftProposal["founders"] = [];
  (proposal.founders ?? []).forEach((founder, i) => {
    const field = `founders[${i}]`;
    if (founders.length >= 6) return drop(field, "more than 6 founders");
    if (typeof founder?.name !== "string" || !founder.name.trim()) return drop(field, "no name");
    const name = normalizeQuoteText(founder.name);
    if (name.length > 160) return drop(field, "name longer than 160 characters");
    const verified = check(field, founder.evidence);
    const quotes = supporting(verified);
    const named = quotes.filter((q) => containsPhrase(q.usable, name));
    if (named.length === 0) {
      const inTestimonial = verified.some((q) => containsPhrase(q.quote.quote, name));
      return drop(
        field,
        inTestimonial
          ? `"${name}" is named only in a testimonial`
          : `"${name}" is not in the quotes`,
      );
    }
    if (!named.some((q) => FOUNDER_ROLE_RE.test(q.usable))) {
      return drop(field, `no quote names "${name}" as a founder or leader`);
    }
    if (founders.some((f) => looseText(f.name) === looseText(name))) return;
    const joined = quotes.map((q) => q.usable).join(" | ");
    let title = typeof founder.title === "string" ? normalizeQuoteText(founder.title) : null;
    if (title && (title.length > 160 || !containsPhrase(joined, title))) {
      drop(`${field}.title`, `"${clip(title)}" is not in the quotes`);
      title = null;
    }
    const bio = optionalProse(`${field}.bio`, founder.bio, joined, 3000);
    founders.push({ name, title: title || null, bio, evidence: evidenceOf(quotes) });
  });

  const socials: DraftProposal["company_socials"] = {};
  for (const [key, drafted] of Object.entries(proposal.company_socials ?? {})) {
    const field = `company_socials.${key}`;
    if (!drafted || drafted.value === null || drafted.value === undefined) continue;
    if (!(SOCIAL_KEYS as readonly string[]).includes(key)) {
      drop(field, `"${key}" is not a social platform key`);
      continue;
    }
    const quotes = supporting(check(field, drafted.evidence));
    const why = linkProblem(String(drafted.value), quotes, "social");
    if (why) {
      drop(field, why);
      continue;
    }
    const host = new URL(String(drafted.value)).hostname.toLowerCase();
    const want = SOCIAL_HOSTS[key];
    if (want && !want.test(host)) {
      drop(field, `${host} is not a ${key} address`);
      continue;
    }
    socials[key] = { value: String(drafted.value), evidence: evidenceOf(quotes) };
  }

  const story: DraftProposal["story"] = {};
  for (const section of STORY_SECTIONS) {
    const drafted = proposal.story?.[section];
    if (!drafted || drafted.value === null || drafted.value === undefined) continue;
    const field = `story.${section}`;
    if (typeof drafted.value !== "string") {
      drop(field, "not text");
      continue;
    }
    const value = normalizeQuoteText(drafted.value);
    const quotes = supporting(check(field, drafted.evidence));
    const why = value.length > 8000 ? "longer than 8000 characters" : proseProblem(
      value,
      quotes.map((q) => q.usable).join(" | "),
      section === "title" ? 0.8 : 0.75,
    );
    if (why) {
      drop(field, why);
      story[section] = { value: null, evidence: [] };
      continue;
    }
    story[section] = { value, evidence: evidenceOf(quotes) };
  }

  const milestones: DraftProposal["milestones"] = [];
  (proposal.milestones ?? []).forEach((m, i) => {
    const field = `milestones[${i}]`;
    if (milestones.length >= 50) return drop(field, "more than 50 milestones");
    const quotes = supporting(check(field, m?.evidence));
    if (quotes.length === 0) return drop(field, "none of its quotes verified");
    const joined = quotes.map((q) => q.noCopyright).join(" | ");
    const date = normalizeDate(m?.date);
    if (!date) return drop(field, `date "${m?.date}" is not a date`);
    const dateWhy = dateProblem(date, joined);
    if (dateWhy) return drop(field, dateWhy);
    const title = typeof m.title === "string" ? normalizeQuoteText(m.title) : "";
    if (!title || title.length > 200) {
      return drop(field, "title missing or longer than 200 characters");
    }
    const titleWhy = proseProblem(title, joined, 0.8);
    if (titleWhy) return drop(field, `title: ${titleWhy}`);
    const description = optionalProse(`${field}.description`, m.description, joined, 2000);
    let url = typeof m.url === "string" && m.url ? m.url : null;
    if (url && (url.length > 500 || !linkOnPages(url, index))) {
      drop(`${field}.url`, `"${clip(url)}" is not on the pages read`);
      url = null;
    }
    milestones.push({
      date,
      title,
      description,
      url,
      evidence: evidenceOf(quotes),
    });
  });

  return {
    proposal: { fields, faqs, founders, company_socials: socials, story, milestones },
    dropped,
    quotes: counts,
  };
}

function dedupeQuotes(quotes: EvidenceQuote[]): EvidenceQuote[] {
  const seen = new Set<string>();
  return quotes.filter((q) => {
    const key = `${q.url}\u0000${q.quote}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
