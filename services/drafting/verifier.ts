/**
 * The verifier every drafted value passes, whichever drafter made it. A quote verifies when it
 * stands in the source it names on a page the crawler was allowed to read: a text quote is one
 * contiguous span of the visible text, a meta quote is in the named meta value, a JSON-LD quote in
 * the value at its path (see verifier/quotes.ts, verifier/sources.ts). A value stays only when
 * verified quotes SUPPORT it (verifier/support.ts): the value is a run of a quote's words, not
 * negated there; a founder's role is bound to the name; a name or place is not another party's;
 * a date is as precise as stated; and no quote from navigation, footers, legal lines,
 * testimonials, logo walls or teasers of other things carries the product's own facts.
 * Everything else is dropped to not_found, with the reason recorded.
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
import { containsPhrase, looseText, normalizeQuoteText } from "./text.ts";
import {
  type CheckedQuote,
  checkQuote,
  clip,
  hasUsable,
  indexPages,
  linkOnPages,
  navigationQuestion,
} from "./verifier/quotes.ts";
import {
  dateProblem,
  linkProblem,
  normalizeDate,
  proseProblem,
  verifyField,
  withoutDates,
} from "./verifier/values.ts";
import { foundedBy, supportsAsSpan } from "./verifier/support.ts";
import { nameProblem, questionProblem } from "./verifier/parties.ts";
import { zoneProblem } from "./verifier/zones.ts";
import { verifyFounderLinks } from "./verifier_people.ts";

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
  /** Quotes that may carry the field: text of their own, from no zone barred for it. */
  const supporting = (quotes: CheckedQuote[], field?: string) => {
    const own = quotes.filter((q) => hasUsable(q.usable));
    if (!field) return own;
    const kept = own.filter((q) => !zoneProblem(field, q));
    if (kept.length === 0 && own.length > 0) drop(field, zoneProblem(field, own[0]));
    return kept;
  };
  const evidenceOf = (quotes: CheckedQuote[]) => dedupeQuotes(quotes.map((q) => q.quote));
  /** Optional prose (a bio, a description): kept when the quoted text supports it, else null. */
  const optionalProse = (field: string, raw: unknown, quoted: string[], maxChars: number) => {
    const text = typeof raw === "string" ? normalizeQuoteText(raw) : null;
    if (!text) return null;
    const why = text.length > maxChars
      ? `longer than ${maxChars} characters`
      : proseProblem(text, quoted);
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
    const result = verifyField(name, drafted.value, supporting(verified, name), {
      categories: options.categories,
      year,
      pages: index,
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
    const notQuestion = questionProblem(question);
    if (notQuestion) return drop(field, notQuestion);
    const quotes = supporting(check(field, faq.evidence), "faqs");
    // A link's text (a menu item such as "How does it work?") is navigation, not a question
    // asked; a heading or menu item glued to its front ("FAQ Can I …?") is not part of it.
    const qQuotes = quotes.filter((q) =>
      supportsAsSpan(q, question) && !zoneProblem("faqs.question", q) &&
      !(q.page && navigationQuestion(question, q.page))
    );
    if (qQuotes.length === 0) {
      return drop(field, `question "${clip(question)}" is not in its quotes (outside navigation)`);
    }
    const why = proseProblem(answer, quotes);
    if (why) return drop(field, `answer: ${why}`);
    faqs.push({ question, answer, evidence: evidenceOf(quotes) });
  });

  const productName = typeof fields.name?.value === "string" ? fields.name.value : null;
  const founders: DraftProposal["founders"] = [];
  (proposal.founders ?? []).forEach((founder, i) => {
    const field = `founders[${i}]`;
    if (founders.length >= 6) return drop(field, "more than 6 founders");
    if (typeof founder?.name !== "string" || !founder.name.trim()) return drop(field, "no name");
    const name = normalizeQuoteText(founder.name);
    if (name.length > 160) return drop(field, "name longer than 160 characters");
    const labelled = nameProblem(name);
    if (labelled) return drop(field, labelled);
    const verified = check(field, founder.evidence);
    const quotes = supporting(verified, "founders");
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
    if (!named.some((q) => foundedBy(q, name, productName))) {
      return drop(field, `no quote binds a founder role to "${name}" in the same clause`);
    }
    if (founders.some((f) => looseText(f.name) === looseText(name))) return;
    const joined = quotes.map((q) => q.usable).join(" | ");
    const quoted = quotes.map((q) => q.usable);
    let title = typeof founder.title === "string" ? normalizeQuoteText(founder.title) : null;
    if (title && (title.length > 160 || !containsPhrase(joined, title))) {
      drop(`${field}.title`, `"${clip(title)}" is not in the quotes`);
      title = null;
    }
    const bio = optionalProse(`${field}.bio`, founder.bio, quoted, 3000);
    const links = verifyFounderLinks(founder.links, name, `${field}.links`, check, drop);
    founders.push({
      name,
      title: title || null,
      bio,
      evidence: evidenceOf(quotes),
      ...(Object.keys(links).length > 0 ? { links } : {}),
    });
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
    const quotes = supporting(check(field, drafted.evidence), "story");
    const why = value.length > 8000 ? "longer than 8000 characters" : proseProblem(value, quotes);
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
    const quotes = supporting(check(field, m?.evidence), "milestones");
    if (quotes.length === 0) return drop(field, "none of its quotes verified");
    const joined = quotes.map((q) => q.noCopyright).join(" | ");
    const undated = quotes.map((q) => withoutDates(q.noCopyright));
    const date = normalizeDate(m?.date);
    if (!date) return drop(field, `date "${m?.date}" is not a date`);
    const dateWhy = dateProblem(date, joined);
    if (dateWhy) return drop(field, dateWhy);
    const title = typeof m.title === "string" ? normalizeQuoteText(m.title) : "";
    if (!title || title.length > 200) {
      return drop(field, "title missing or longer than 200 characters");
    }
    const titleWhy = proseProblem(title, undated);
    if (titleWhy) return drop(field, `title: ${titleWhy}`);
    const description = optionalProse(`${field}.description`, m.description, undated, 2000);
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

  // SEO title and meta: spans of their quotes (the page's own title and meta description).
  let seo: DraftProposal["seo"];
  for (const part of ["title", "meta"] as const) {
    const drafted = proposal.seo?.[part];
    if (!drafted || typeof drafted.value !== "string" || !drafted.value.trim()) continue;
    const field = `seo.${part}`;
    const value = normalizeQuoteText(drafted.value);
    const quotes = supporting(check(field, drafted.evidence));
    const why = proseProblem(value, quotes);
    if (why) drop(field, why);
    else seo = { ...seo, [part]: { value, evidence: evidenceOf(quotes) } };
  }

  return {
    proposal: {
      ...(seo ? { seo } : {}),
      fields,
      faqs,
      founders,
      company_socials: socials,
      founder_socials: verifyFounderLinks(
        proposal.founder_socials,
        founders[0]?.name ?? null,
        "founder_socials",
        check,
        drop,
      ),
      story,
      milestones,
    },
    dropped,
    quotes: counts,
  };
}

function dedupeQuotes(quotes: EvidenceQuote[]): EvidenceQuote[] {
  const seen = new Set<string>();
  return quotes.filter((q) => {
    const key = `${q.url}\u0000${q.quote}\u0000${q.source ?? "text"}\u0000${q.locator ?? ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
