/**
 * Quotes as the verifier checks them: the pages read, indexed (visible text, meta and JSON-LD
 * values, links and emails, testimonial, copyright and zone spans), and each quote found in the
 * source it names on the page it names: a text quote as one contiguous span of the visible text
 * (never its head or markup), a meta quote in the named meta value, a JSON-LD quote in the value
 * at its path. Testimonial text is masked out of what a quote may support, and the zones its
 * occurrence lies in (navigation, footer, teasers, ...) are recorded for the support rules.
 */
import { type EvidencePage, type EvidenceQuote } from "../evidence.ts";
import {
  altValues,
  appValues,
  findInValues,
  jsonLdValues,
  metaValues,
  quoteSourceOf,
  sourceText,
  type SourceValue,
} from "./sources.ts";
import {
  canonicalUrl,
  jsonLdLines,
  looseText,
  MAX_QUOTE_CHARS,
  MIN_QUOTE_CHARS,
  normalizeQuoteText,
  pageExtras,
  spansOf,
} from "../text.ts";

const COPYRIGHT_RE =
  /(?:©|\(c\)|\bcopyright\b)\s*(?:©\s*)?(?:(?:18|19|20)\d\d)(?:\s*[-–—]\s*(?:(?:18|19|20)\d\d|present|now))?/giu;

/** A page as the verifier reads it. */
export interface PageIndex {
  page: EvidencePage;
  text: string;
  /** Head and markup statements, each normalised (links in them count as on the page). */
  extras: string[];
  /** Named meta and JSON-LD values: what non-text quotes are checked against. */
  values: SourceValue[];
  /** Zone spans in `text` (navigation, footer, teaser, ...), as [start, end, kind]. */
  zoneSpans: [number, number, string][];
  /** Whether extraction recorded zones for this page (pages stored before it did not). */
  hasZones: boolean;
  /** Anchor texts of the page's links, loose (for navigation on pages without zones). */
  linkTexts: Set<string>;
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
  source: "text" | "meta" | "jsonld" | "app" | "alt" | "fact" | null;
  /** The meta name, JSON-LD path, app JSON path or image URL of a non-text quote. */
  locator: string | null;
  /** Zone kinds the quote's text lies in (see PageFacts.zones); "links" for a run of link texts. */
  zones: string[];
  /** The quote with testimonial text masked out (MASK where it was); JSON-LD as "key: value". */
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
    const profiles = (f.profile_links ?? []).map((l) => l.url);
    for (const u of [...(f.video_links ?? []), ...Object.values(f.socials ?? {}), ...profiles]) {
      links.add(canonicalUrl(u));
    }
    if (f.logo_url) links.add(canonicalUrl(f.logo_url));
    const ld: string[] = [];
    for (const obj of f.json_ld ?? []) jsonLdLines(obj, "", ld);
    for (const line of ld) if (/^https?:\/\/\S+$/.test(line)) links.add(canonicalUrl(line));
    const zoneSpans: [number, number, string][] = [];
    for (const z of f.zones ?? []) {
      for (const [a, b] of spansOf(text, [normalizeQuoteText(z.text)])) {
        zoneSpans.push([a, b, z.kind]);
      }
    }
    out.set(canonicalUrl(page.url), {
      page,
      text,
      extras: pageExtras(page),
      values: [...metaValues(page), ...jsonLdValues(page), ...appValues(page), ...altValues(page)],
      zoneSpans,
      hasZones: Array.isArray(f.zones),
      linkTexts: new Set((f.links ?? []).map((l) => looseText(l.text)).filter(Boolean)),
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

/** Checks one quote against the source it names on the page it names; see the module comment. */
export function checkQuote(quote: EvidenceQuote, index: Map<string, PageIndex>): CheckedQuote {
  const fail = (reason: string): CheckedQuote => ({
    quote,
    ok: false,
    reason,
    source: null,
    locator: null,
    zones: [],
    usable: "",
    noCopyright: "",
    page: null,
  });
  if (!quote || typeof quote.quote !== "string" || typeof quote.url !== "string") {
    return fail("quote is not {quote, url}");
  }
  const source = quoteSourceOf(quote);
  if (!source) return fail(`"${String(quote.source)}" is not a quote source`);
  const norm = normalizeQuoteText(quote.quote);
  // A meta or JSON-LD value is named by its locator, so a short one ("GB", "19") still says something.
  const named = source !== "text" && typeof quote.locator === "string" && quote.locator !== "";
  if (norm.length < (named ? 1 : MIN_QUOTE_CHARS)) return fail(`quote "${norm}" is too short`);
  if (norm.length > MAX_QUOTE_CHARS) {
    return fail(`quote of ${norm.length} characters is longer than ${MAX_QUOTE_CHARS}`);
  }
  const page = index.get(canonicalUrl(quote.url));
  if (!page) return fail(`quote cites "${quote.url}", which is not a page the crawler read`);
  const q: EvidenceQuote = { quote: norm, url: page.page.url };
  const ok = (
    src: CheckedQuote["source"],
    usable: string,
    zones: string[],
    locator: string | null = null,
  ): CheckedQuote => ({
    quote: src === "text" || src === "fact" || src === null
      ? q
      : { ...q, source: src, locator: locator! },
    ok: true,
    reason: "",
    source: src,
    locator,
    zones,
    usable,
    noCopyright: maskStandalone(usable.replace(COPYRIGHT_RE, MASK), page.copyright),
    page,
  });
  const locator = typeof quote.locator === "string" ? quote.locator : undefined;
  if (source === "text") {
    const found = inText(page, norm);
    if (found) return ok("text", found.usable, found.zones);
    // A quote stored without a source may be a whole meta or JSON-LD value (older drafts).
    const legacy = quote.source === undefined &&
      findInValues(page.values.filter(legacySource), norm, undefined, true);
    if (legacy) {
      return ok(
        legacy.source,
        maskStandalone(sourceText(legacy, norm), page.testimonials),
        [],
        legacy.locator,
      );
    }
  } else {
    if (!locator) {
      return fail(`a ${source} quote needs a locator (meta name, JSON path or image URL)`);
    }
    const values = page.values.filter((v) => v.source === source);
    const found = findInValues(values, norm, locator, false);
    if (found) {
      return ok(
        source,
        maskStandalone(sourceText(found, norm), page.testimonials),
        [],
        found.locator,
      );
    }
    if (!findInValues(values, norm, undefined, false)) {
      return fail(`quote "${clip(norm)}" is not in the ${source} of ${quote.url}`);
    }
    return fail(`quote "${clip(norm)}" is not the ${source} value "${clip(locator, 40)}"`);
  }
  const asLink = canonicalUrl(norm.replace(/^mailto:/i, ""));
  if (page.links.has(asLink) || page.emails.has(norm.replace(/^mailto:/i, "").toLowerCase())) {
    return ok("fact", norm, []);
  }
  return fail(`quote "${clip(norm)}" is not in the visible text of ${quote.url}`);
}

/** Sources a quote stored without one may be found in (drafts made before app and alt sources). */
function legacySource(v: SourceValue): boolean {
  return v.source === "meta" || v.source === "jsonld";
}

/** The occurrence of a text quote in the page's text that is least restricted, or null. */
function inText(page: PageIndex, norm: string): { usable: string; zones: string[] } | null {
  let best: { usable: string; zones: string[] } | null = null;
  for (let at = page.text.indexOf(norm); at >= 0; at = page.text.indexOf(norm, at + 1)) {
    const usable = masked(page.text, at, norm.length, page.testimonialSpans);
    const zones = zonesAt(page, at, at + norm.length, norm);
    const better = !best || zones.length < best.zones.length ||
      (zones.length === best.zones.length && usable.length > best.usable.length);
    if (better) best = { usable, zones };
  }
  return best;
}

/**
 * The zone kinds a span lies in (most of it inside the zone), and "links" when it is or touches
 * navigation: a run of link texts, a span that reaches into a nav zone, or one that starts with
 * two menu items.
 */
function zonesAt(page: PageIndex, start: number, end: number, norm: string): string[] {
  const kinds = new Set<string>();
  for (const [s, e, kind] of page.zoneSpans) {
    const overlap = Math.min(e, end) - Math.max(s, start);
    if (overlap > 0 && overlap >= (end - start) / 2) kinds.add(kind);
    if (overlap > 0 && kind === "nav") kinds.add("links");
  }
  if (menuItemsAtStart(norm, page.linkTexts) >= 2 || linkTextsOnly(norm, page.linkTexts)) {
    kinds.add("links");
  }
  return [...kinds];
}

function longestFirst(linkTexts: Set<string>): string[] {
  return [...linkTexts].filter((t) => t.length >= 2).sort((a, b) => b.length - a.length);
}

/** Whether a text is made of link anchor texts only (a run of menu items). */
function linkTextsOnly(text: string, linkTexts: Set<string>): boolean {
  let rest = ` ${looseText(text)} `;
  if (rest.trim().length === 0 || linkTexts.size === 0) return false;
  for (const t of longestFirst(linkTexts)) rest = rest.split(` ${t} `).join("  ");
  return rest.trim().length === 0;
}

/** How many link texts the text starts with, one after another. */
function menuItemsAtStart(text: string, linkTexts: Set<string>): number {
  const items = longestFirst(linkTexts);
  let rest = `${looseText(text)} `;
  let count = 0;
  for (let found = true; found;) {
    const hit = items.find((t) => rest.startsWith(`${t} `));
    found = hit !== undefined;
    if (hit) {
      rest = rest.slice(hit.length + 1);
      count++;
    }
  }
  return count;
}

/**
 * Whether an FAQ question is navigation: (part of) a link's text, a question running across blocks
 * (see gluedBlocks), or a question with a menu item or a heading of the page glued to its front
 * ("FAQ Can members book …?").
 */
export function navigationQuestion(question: string, page: PageIndex): boolean {
  const loose = looseText(question);
  // A link's text, or part of one (a teaser's title "#110: Is a loop worth it?").
  if ([...page.linkTexts].some((l) => ` ${l} `.includes(` ${loose} `))) return true;
  // A whole heading or a question of the page's FAQ markup is asked as written, even when it
  // opens with a menu item such as the product's name ("Cartouche est-il compatible …?").
  const facts = page.page.facts;
  const asked = [
    ...(facts.headings ?? []).map((h) => h.text),
    ...(facts.faqs ?? []).map((f) => f.question),
  ];
  if (asked.some((t) => looseText(t) === loose)) return false;
  if (gluedBlocks(question, asked, facts.lists ?? [])) return true;
  const labels = [
    ...page.linkTexts,
    // Section labels ("FAQ", "Questions"): short headings that are not questions themselves.
    ...(page.page.facts.headings ?? []).filter((h) => !h.text.includes("?"))
      .map((h) => looseText(h.text)).filter((h) => h.split(" ").length <= 3),
  ];
  return labels.some((l) => l.length >= 2 && l !== loose && loose.startsWith(`${l} `));
}

/**
 * Whether a question runs across blocks of its page: text after its question mark ("Is it worth
 * it? → #109 …"), a question the page asks with text glued before it ("Questions fréquentes
 * Puis-je …?"), or a list item of two words or more inside it.
 */
function gluedBlocks(question: string, asked: string[], lists: string[][]): boolean {
  if (question.includes("?") && !/\?\s*$/.test(question)) return true;
  const loose = ` ${looseText(question)} `;
  const inside = (t: string) => t.split(" ").length >= 2 && t !== loose.trim();
  const questions = asked.filter((t) => t.includes("?")).map(looseText).filter(inside);
  if (questions.some((q) => loose.endsWith(` ${q} `))) return true;
  return lists.flat().map(looseText).filter(inside).some((item) => loose.includes(` ${item} `));
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
