/**
 * Quotes as the verifier checks them: the pages read, indexed (visible text, head and markup
 * statements, links and emails, testimonial and copyright spans), and each quote found on the
 * page it names, with testimonial text masked out of what it may support.
 */
import { type EvidencePage, type EvidenceQuote } from "../evidence.ts";
import {
  canonicalUrl,
  jsonLdLines,
  MAX_QUOTE_CHARS,
  MIN_QUOTE_CHARS,
  normalizeQuoteText,
  pageExtras,
  spansOf,
} from "../text.ts";

const COPYRIGHT_RE =
  /(?:©|\(c\)|\bcopyright\b)\s*(?:©\s*)?(?:(?:18|19|20)\d\d)(?:\s*[-–—]\s*(?:(?:18|19|20)\d\d|present|now))?/giu;

interface PageIndex {
  page: EvidencePage;
  text: string;
  /** Head and markup statements, each normalised. */
  extras: string[];
  /** Testimonial and copyright spans in `text`, as [start, end). */
  testimonialSpans: [number, number][];
  copyrightSpans: [number, number][];
  testimonials: string[];
  copyright: string[];
  /** Links and emails in the page's facts, canonical. */
  links: Set<string>;
  emails: Set<string>;
}

/** One quote after checking: verified or not, and the part of it that may support a value. */
export interface CheckedQuote {
  quote: EvidenceQuote;
  ok: boolean;
  reason: string;
  source: "text" | "extra" | "fact" | null;
  /** The quote with testimonial text masked out (MASK where it was). */
  usable: string;
  /** The usable text with copyright notices also masked. */
  noCopyright: string;
  page: PageIndex | null;
}

function regexSpans(text: string, re: RegExp): [number, number][] {
  return [...text.matchAll(re)].map((m) => [m.index!, m.index! + m[0].length] as [number, number]);
}

/** The pages read, by canonical URL, indexed for checking quotes. */
export function indexPages(pages: EvidencePage[]): Map<string, PageIndex> {
  const out = new Map<string, PageIndex>();
  for (const page of pages) {
    const text = normalizeQuoteText(page.text ?? "");
    const f = page.facts;
    const testimonials = (f.testimonials ?? []).map(normalizeQuoteText).filter(Boolean);
    const copyright = (f.copyright ?? []).map(normalizeQuoteText).filter(Boolean);
    const links = new Set<string>();
    for (const u of [...(f.video_links ?? []), ...Object.values(f.socials ?? {})]) {
      links.add(canonicalUrl(u));
    }
    if (f.logo_url) links.add(canonicalUrl(f.logo_url));
    const ld: string[] = [];
    for (const obj of f.json_ld ?? []) jsonLdLines(obj, "", ld);
    for (const line of ld) if (/^https?:\/\/\S+$/.test(line)) links.add(canonicalUrl(line));
    out.set(canonicalUrl(page.url), {
      page,
      text,
      extras: pageExtras(page),
      testimonialSpans: spansOf(text, testimonials),
      copyrightSpans: [...spansOf(text, copyright), ...regexSpans(text, COPYRIGHT_RE)],
      testimonials,
      copyright,
      links,
      emails: new Set((f.emails ?? []).map((e) => e.trim().toLowerCase())),
    });
  }
  return out;
}

/** Stands in for masked text (testimonials, copyright lines): a word no value contains. */
const MASK = " \u2016masked\u2016 ";

/** Whether a masked quote still has text of its own. */
export function hasUsable(text: string): boolean {
  return text.replaceAll(MASK.trim(), "").replace(/[^\p{L}\p{N}]/gu, "").length >= 2;
}

function masked(text: string, start: number, length: number, spans: [number, number][]): string {
  const end = start + length;
  const inside = spans.filter(([s, e]) => e > start && s < end).sort((a, b) => a[0] - b[0]);
  let out = "";
  let at = start;
  for (const [s, e] of inside) {
    if (s > at) out += text.slice(at, s);
    if (e > at) {
      out += MASK;
      at = e;
    }
  }
  if (at < end) out += text.slice(at, end);
  return out.trim();
}

function maskStandalone(quote: string, needles: string[]): string {
  let out = quote;
  for (const n of needles) if (n.includes(out)) return "";
  for (const n of needles) {
    if (n.length >= MIN_QUOTE_CHARS && out.includes(n)) out = out.split(n).join(MASK);
  }
  return out.trim();
}

/** Checks one quote against the page it names: verified or not, and what of it may support a value. */
export function checkQuote(quote: EvidenceQuote, index: Map<string, PageIndex>): CheckedQuote {
  const fail = (reason: string): CheckedQuote => ({
    quote,
    ok: false,
    reason,
    source: null,
    usable: "",
    noCopyright: "",
    page: null,
  });
  if (!quote || typeof quote.quote !== "string" || typeof quote.url !== "string") {
    return fail("quote is not {quote, url}");
  }
  const norm = normalizeQuoteText(quote.quote);
  if (norm.length < MIN_QUOTE_CHARS) return fail(`quote "${norm}" is too short`);
  if (norm.length > MAX_QUOTE_CHARS) {
    return fail(`quote of ${norm.length} characters is longer than ${MAX_QUOTE_CHARS}`);
  }
  const page = index.get(canonicalUrl(quote.url));
  if (!page) return fail(`quote cites "${quote.url}", which is not a page the crawler read`);
  const q = { quote: norm, url: page.page.url };
  // Visible text: choose the occurrence with the most non-testimonial text.
  let at = page.text.indexOf(norm);
  if (at >= 0) {
    let best = "";
    while (at >= 0) {
      const usable = masked(page.text, at, norm.length, page.testimonialSpans);
      if (usable.length > best.length || best === "") best = usable;
      at = page.text.indexOf(norm, at + 1);
    }
    return {
      quote: q,
      ok: true,
      reason: "",
      source: "text",
      usable: best,
      noCopyright: maskStandalone(best.replace(COPYRIGHT_RE, MASK), page.copyright),
      page,
    };
  }
  if (page.extras.some((e) => e.includes(norm))) {
    const usable = maskStandalone(norm, page.testimonials);
    return {
      quote: q,
      ok: true,
      reason: "",
      source: "extra",
      usable,
      noCopyright: maskStandalone(usable.replace(COPYRIGHT_RE, MASK), page.copyright),
      page,
    };
  }
  const asLink = canonicalUrl(norm.replace(/^mailto:/i, ""));
  if (page.links.has(asLink) || page.emails.has(norm.replace(/^mailto:/i, "").toLowerCase())) {
    return {
      quote: q,
      ok: true,
      reason: "",
      source: "fact",
      usable: norm,
      noCopyright: norm,
      page,
    };
  }
  return fail(`quote "${clip(norm)}" is not on ${quote.url}`);
}

/** A text cut to `max` characters (with an ellipsis), for messages. */
export function clip(text: string, max = 80): string {
  return text.length > max ? text.slice(0, max - 1) + "…" : text;
}

/** Whether a URL is on the pages read (or on `only` these): in their links, text or statements. */
export function linkOnPages(
  url: string,
  index: Map<string, PageIndex>,
  only?: PageIndex[],
): boolean {
  const c = canonicalUrl(url);
  for (const p of only ?? index.values()) {
    if (p.links.has(c)) return true;
    if (p.text.includes(url) || p.text.includes(c)) return true;
    if (p.extras.some((e) => e.includes(url))) return true;
  }
  return false;
}
