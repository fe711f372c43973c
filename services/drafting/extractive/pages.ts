/**
 * Pages as the extractive drafter reads them: the visible text cut into segments (headings, list
 * items, sentences) with testimonial and copyright text marked excluded, and the helpers every
 * field drafter uses to cut verbatim quotes from them.
 */
import { type DraftedValue, type EvidencePage, type EvidenceQuote } from "../evidence.ts";
import { BLOCK_SEPARATOR, withExtraContent } from "../extract/app_page.ts";
import {
  altValues,
  appValues,
  findInValues,
  jsonLdValues,
  metaValues,
} from "../verifier/sources.ts";
import {
  containsPhrase,
  contentStems,
  MAX_QUOTE_CHARS,
  MIN_QUOTE_CHARS,
  normalizeQuoteText,
  pageExtras,
  spansOf,
  words,
} from "../text.ts";

type SegmentKind = "heading" | "item" | "text" | "excluded";

/** A piece of a page's text: a heading, a list item or a sentence, at its place in the text. */
export interface Segment {
  text: string;
  start: number;
  end: number;
  heading: boolean;
  /** A list item (from PageFacts.lists). */
  item: boolean;
  /** Inside a testimonial block or a copyright notice: never evidence for the product. */
  excluded: boolean;
  page: PageView;
}

/** A page prepared for drafting. */
export interface PageView {
  page: EvidencePage;
  url: string;
  kind: string;
  text: string;
  segments: Segment[];
  extras: string[];
  excludedSpans: [number, number][];
}

const KIND_ORDER = ["home", "about", "features", "pricing", "faq", "team", "contact"];

/** The longest run of prose taken as one quote. */
export const MAX_PROSE_QUOTE = 480;

/** Where a page kind comes in the reading order (home, about, features, pricing, ...). */
export function kindRank(kind: string): number {
  const i = KIND_ORDER.indexOf(kind);
  return i < 0 ? KIND_ORDER.length : i;
}

// A notice ends at a sentence end, a bar, or the separator before extra blocks (app JSON, alt text).
const COPYRIGHT_SPAN_RE = /(?:©|\(c\)|\bcopyright\b)[^.!?|\u00b6]{0,80}/giu;

/**
 * Where a sentence ends (or a `·`, `|` or `•` separates two items). An initial ("J. R. Smith",
 * "Mary-Kate O. Lee") or a title's or a founding year's abbreviation ("Dr.", "Mr.", "e.g.", "Est. 2021") ends no sentence.
 */
export const SENTENCE_END_RE =
  /(?<=[.!?])(?<!(?:^|[\s("'])\p{Lu}\.)(?<!(?:^|[\s("'])(?:Dr|Mr|Mrs|Ms|Mx|Prof|Jr|Sr|St|Est|vs|e\.g|i\.e)\.)\s+(?=["'(©\p{Lu}\p{N}]|[\w.+-]+@[\w-]+\.|https?:\/\/)|\s+[·|•]\s+/u;

/**
 * A page cut into segments: headings, list items and sentences, excluded text marked. App JSON
 * strings (of a page whose visible text is thin) and content images' alt texts follow the visible
 * text as blocks of their own (see extract/app_page.ts): no sentence runs across two of them.
 */
export function viewPage(original: EvidencePage): PageView {
  const { page, cards } = withExtraContent(original);
  const text = normalizeQuoteText(page.text ?? "");
  const f = page.facts;
  const bounds = extraBounds(text, cards);
  const excludedSpans = [
    ...bounds.separators,
    ...spansOf(text, (f.testimonials ?? []).map(normalizeQuoteText)),
    ...spansOf(text, (f.copyright ?? []).map(normalizeQuoteText)),
    ...spansOf(text, (f.split_amounts ?? []).map(normalizeQuoteText)),
    ...[...text.matchAll(COPYRIGHT_SPAN_RE)].map((m) =>
      [m.index!, m.index! + m[0].length] as [number, number]
    ),
  ];
  const view: PageView = {
    page,
    url: page.url,
    kind: page.kind,
    text,
    segments: [],
    extras: pageExtras(page),
    excludedSpans,
  };
  // Boundaries at each heading and list item (found in order) and around testimonial and
  // copyright text; the chunks between them are cut into sentences.
  const linkTexts = [
    ...new Set(
      (f.links ?? []).map((l) => normalizeQuoteText(l.text)).filter((t) => t && t.length <= 40),
    ),
  ];
  const cuts: { at: number; end: number; kind: SegmentKind }[] = [];
  const place = (needle: string, cursor: number): number => {
    // The first occurrence from the cursor that is not inside navigation (next to link texts).
    let first = -1;
    for (let at = text.indexOf(needle, cursor); at >= 0; at = text.indexOf(needle, at + 1)) {
      if (first < 0) first = at;
      if (!nextToLinks(text, at + needle.length, linkTexts)) return at;
    }
    return first >= 0 ? first : text.indexOf(needle);
  };
  // A recorded offset stands when the text there is the heading's (item's); else it is searched.
  const inView = viewOffsets(original.text ?? "");
  const recorded = (offset: number | undefined, needle: string): number => {
    const at = offset !== undefined && offset >= 0 ? inView(offset) : -1;
    return at >= 0 && text.startsWith(needle, at) ? at : -1;
  };
  const placeAll = (facts: string[], offsets: number[] | undefined, kind: SegmentKind) => {
    let cursor = 0;
    facts.forEach((fact, i) => {
      const needle = normalizeQuoteText(fact);
      if (!needle) return;
      const found = recorded(offsets?.[i], needle);
      const at = found >= 0 ? found : place(needle, cursor);
      if (at < 0) return;
      if (at >= cursor) cursor = at + needle.length;
      cuts.push({ at, end: at + needle.length, kind });
    });
  };
  placeAll((f.headings ?? []).map((h) => h.text), f.heading_offsets, "heading");
  const lists = f.lists ?? [];
  placeAll(
    lists.flat(),
    f.list_offsets?.flatMap((o, i) => fillTo(o, lists[i]?.length ?? 0)),
    "item",
  );
  for (const [at, end] of excludedSpans) cuts.push({ at, end, kind: "excluded" });
  cuts.sort((a, b) => a.at - b.at || b.end - a.end);
  const pushChunk = (from: number, to: number) => {
    let start = from;
    for (const b of bounds.starts) {
      if (b <= start || b >= to) continue;
      pushSentences(start, b);
      start = b;
    }
    pushSentences(start, to);
  };
  function pushSentences(from: number, to: number) {
    const chunk = text.slice(from, to);
    let offset = from;
    for (const part of chunk.split(SENTENCE_END_RE)) {
      const at = text.indexOf(part, offset);
      offset = at + part.length;
      const lead = part.length - part.trimStart().length;
      let s = at + lead;
      let t = part.trim();
      // Strip navigation and button texts glued to the front of a sentence.
      for (let changed = true; changed;) {
        changed = false;
        for (const lt of linkTexts) {
          if (t.startsWith(lt + " ") && /^[\p{Lu}\p{N}"'(]/u.test(t.slice(lt.length + 1))) {
            s += lt.length + 1;
            t = t.slice(lt.length + 1);
            changed = true;
          }
        }
      }
      if (t) addSegment(view, s, s + t.length, "text");
    }
  }
  let at = 0;
  for (const cut of cuts) {
    if (cut.end <= at) continue;
    const from = Math.max(cut.at, at);
    if (from > at) pushChunk(at, from);
    addSegment(view, from, cut.end, cut.kind);
    at = cut.end;
  }
  if (at < text.length) pushChunk(at, text.length);
  return view;
}

/**
 * An offset in a page's stored text as an offset in its quote-normalised text (the same offset
 * unless normalising changed the text before it: NFKC, soft hyphens, ellipses).
 */
function viewOffsets(stored: string): (offset: number) => number {
  if (normalizeQuoteText(stored) === stored) return (offset) => offset;
  return (offset) => {
    const before = stored.slice(0, offset);
    const norm = normalizeQuoteText(before);
    return norm.length + (norm && /\s$/u.test(before) ? 1 : 0);
  };
}

/** A list's offsets, padded with -1 (unknown) or cut to `length` items. */
function fillTo(offsets: number[], length: number): number[] {
  return Array.from({ length }, (_, i) => offsets[i] ?? -1);
}

/**
 * Where the extra blocks start in the view's text (sentences never run across a start), and the
 * separators between cards (excluded text).
 */
function extraBounds(
  text: string,
  cards: string[][],
): { starts: number[]; separators: [number, number][] } {
  const starts: number[] = [];
  const separators: [number, number][] = [];
  const sep = ` ${BLOCK_SEPARATOR} `;
  let at = text.length - cards.map((c) => c.join(" ")).join(sep).length;
  for (const card of cards) {
    if (at >= sep.length) separators.push([at - sep.length + 1, at - 1]);
    for (const block of card) {
      starts.push(at);
      at += block.length + 1;
    }
    at += sep.length - 1;
  }
  return { starts, separators };
}

/**
 * Whether the text right after `end` is a link text: the occurrence ending there sits in a navigation
 * bar. (Only the text after counts: a page's first heading follows the navigation.)
 */
function nextToLinks(text: string, end: number, linkTexts: string[]): boolean {
  const after = text.slice(end, end + 60).replace(/^[\s|·•]+/u, "");
  return linkTexts.some((lt) =>
    lt.length >= 2 && after.startsWith(lt) && !/^[\p{L}\p{N}]/u.test(after.slice(lt.length))
  );
}

function addSegment(view: PageView, start: number, end: number, kind: SegmentKind): void {
  const text = view.text.slice(start, end).trim();
  if (!text) return;
  const excluded = kind === "excluded" || view.excludedSpans.some(([s, e]) => s < end && e > start);
  view.segments.push({
    text,
    start,
    end,
    heading: kind === "heading",
    item: kind === "item",
    excluded,
    page: view,
  });
}

/** A quote of `text` on the page of `view`. */
export function quote(view: PageView, text: string): EvidenceQuote {
  return { quote: text, url: view.url };
}

/**
 * A quote of a statement the page makes outside its visible text (its title, meta description,
 * Open Graph or JSON-LD), naming its source and where in it (`locator`: the meta name or the
 * JSON-LD path).
 */
export function sourcedQuote(
  view: PageView,
  text: string,
  source: "meta" | "jsonld",
  locator: string,
): EvidenceQuote {
  return { quote: text, url: view.url, source, locator };
}

/** Cuts a verbatim window of at most `max` characters around `needle` from a segment. */
export function windowAround(text: string, needle: string, max = 300): string {
  if (text.length <= max) return text;
  const at = Math.max(0, text.toLowerCase().indexOf(needle.toLowerCase()));
  let from = Math.max(0, at - Math.floor((max - needle.length) / 2));
  let to = Math.min(text.length, from + max);
  from = Math.max(0, to - max);
  while (from > 0 && text[from - 1] !== " ") from++;
  while (to < text.length && text[to] !== " ") to--;
  return text.slice(from, to).trim();
}

/** Whether a segment reads like a sentence of prose about the product. */
export function isProse(seg: Segment, minWords = 6, capitalsCheck = true): boolean {
  if (seg.heading || seg.item || seg.excluded) return false;
  const ws = words(seg.text);
  if (ws.length < minWords || seg.text.length > 400 || !/[.!?]["')]?$/.test(seg.text)) return false;
  // Lists of links, labels and names glued together are mostly capitalised words.
  const capitals = ws.slice(1).filter((w) => /^\p{Lu}/u.test(w)).length;
  if (capitalsCheck && capitals / Math.max(1, ws.length - 1) > 0.35) return false;
  return !/\b(cookies?|all rights reserved|privacy policy|terms of service)\b/i.test(seg.text);
}

/** Whether two texts say nearly the same (most meaningful words shared). */
export function similar(a: string, b: string): boolean {
  const sa = new Set(contentStems(a));
  const sb = new Set(contentStems(b));
  const shared = [...sa].filter((x) => sb.has(x)).length;
  return shared / Math.max(1, Math.min(sa.size, sb.size)) >= 0.7;
}

/** The first quote for a phrase: a text segment that contains it, else a head/markup statement. */
export function quoteFor(views: PageView[], needle: string, maxLength = 300): EvidenceQuote | null {
  for (const v of views) {
    for (const seg of v.segments) {
      if (seg.excluded || !containsPhrase(seg.text, needle)) continue;
      const text = windowAround(seg.text, needle, maxLength);
      if (text.length >= MIN_QUOTE_CHARS && containsPhrase(text, needle)) return quote(v, text);
    }
  }
  for (const v of views) {
    for (const e of v.extras) {
      if (e.length <= MAX_QUOTE_CHARS && e.length >= MIN_QUOTE_CHARS && containsPhrase(e, needle)) {
        return quote(v, e);
      }
    }
  }
  return null;
}

/** A drafted value with its quotes (nulls left out, duplicates removed). */
export function value<T>(v: T, evidence: (EvidenceQuote | null)[]): DraftedValue<T> {
  const quotes = evidence.filter((q): q is EvidenceQuote => q !== null);
  const seen = new Set<string>();
  return {
    value: v,
    evidence: quotes.filter((q) => {
      const k = q.url + "\u0001" + q.quote;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    }),
  };
}

/** The value of a field the site does not state. */
export const NONE: DraftedValue = { value: null, evidence: [] };

/** The page's JSON-LD objects, `@graph` members included. */
export function jsonLdObjects(view: PageView): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const walk = (o: unknown, depth: number) => {
    if (depth > 4 || !o || typeof o !== "object") return;
    if (Array.isArray(o)) return o.forEach((x) => walk(x, depth + 1));
    const rec = o as Record<string, unknown>;
    out.push(rec);
    if (Array.isArray(rec["@graph"])) walk(rec["@graph"], depth + 1);
  };
  for (const o of view.page.facts.json_ld ?? []) walk(o, 0);
  return out;
}

/** The page's meta description, else its Open Graph description. */
export function metaDescription(view: PageView): string | null {
  const f = view.page.facts;
  return f.meta_description ?? f.og?.["og:description"] ?? f.og?.["description"] ?? null;
}

/** Runs of consecutive prose sentences, each run one verbatim quote; `skip` ends a run. */
export function proseRuns(
  view: PageView,
  maxChars: number,
  maxRuns: number,
  skip: (seg: Segment) => boolean = () => false,
): string[] {
  const runs: string[] = [];
  let current: Segment[] = [];
  let used = 0;
  const flush = () => {
    if (current.length > 0) {
      runs.push(view.text.slice(current[0].start, current[current.length - 1].end));
    }
    current = [];
  };
  for (const seg of view.segments) {
    if (runs.length >= maxRuns || used >= maxChars) break;
    if (!isProse(seg) || skip(seg)) {
      if (current.length > 0) flush();
      continue;
    }
    const last = current[current.length - 1];
    const contiguous = last && view.text.slice(last.end, seg.start).trim() === "";
    const runLength = current.length > 0 ? seg.end - current[0].start : seg.text.length;
    if (current.length > 0 && (!contiguous || runLength > MAX_PROSE_QUOTE)) flush();
    current.push(seg);
    used += seg.text.length;
  }
  if (runs.length < maxRuns) flush();
  return runs.filter((r) => r.length >= 20);
}

/**
 * A quote as it is stored, honest about its source: a span of the page's visible text stays a
 * text quote; one found only in a meta value or a JSON-LD value (or the "key: value" line of
 * one), an app JSON string or object, or an image's alt text names that source and its locator,
 * the JSON-LD line becoming the bare value.
 */
export function honestQuote(page: EvidencePage, q: EvidenceQuote): EvidenceQuote {
  if (q.source) return q;
  const norm = normalizeQuoteText(q.quote);
  if (normalizeQuoteText(page.text ?? "").includes(norm)) return q;
  const found = findInValues(metaValues(page), norm, undefined, false) ??
    findInValues(jsonLdValues(page), norm, undefined, false) ??
    findInValues([...appValues(page), ...altValues(page)], norm, undefined, false);
  if (!found) return q;
  const text = norm === `${found.key}: ${found.text}` ? found.text : q.quote;
  return { quote: text, url: q.url, source: found.source, locator: found.locator };
}
