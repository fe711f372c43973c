/**
 * The embedded drafter: deterministic, no configuration, no network. It reads the pages the
 * crawler kept (their facts and visible text) and proposes each draft value with quotes cut
 * verbatim from those pages, so that the verifier can check them. What the site does not state
 * stays null: no stage, place, year or founder is guessed.
 */
import {
  DRAFT_FIELDS,
  type DraftedValue,
  type DraftFieldName,
  type DraftProposal,
  type EvidencePage,
  type EvidenceQuote,
  type StorySection,
} from "./evidence.ts";
import { SOCIAL_KEYS } from "../../kv/types.ts";
import {
  categoryTerms,
  containsPhrase,
  contentStems,
  countryCodeOf,
  FOUNDER_ROLE_RE,
  foundingYearsIn,
  looseText,
  MAX_QUOTE_CHARS,
  MIN_QUOTE_CHARS,
  monthsWithYear,
  normalizeQuoteText,
  pageExtras,
  type PricingModel,
  spansOf,
  words,
} from "./verifier.ts";

/** A category drafts may use (from list_categories). */
export interface CategoryChoice {
  slug: string;
  name: string;
  parent: string | null;
}

/** Options of the extractive drafter. */
export interface ExtractiveOptions {
  categories: CategoryChoice[];
  /** Only these fields (regenerate); FAQs, founders, socials, story and milestones are skipped. */
  only?: DraftFieldName[];
  /** The site's start URL (helps tell the product name in a title). */
  startUrl?: string;
}

type SegmentKind = "heading" | "item" | "text" | "excluded";

/** A piece of a page's text: a heading, a list item or a sentence, at its place in the text. */
interface Segment {
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
interface PageView {
  page: EvidencePage;
  url: string;
  kind: string;
  text: string;
  segments: Segment[];
  extras: string[];
  excludedSpans: [number, number][];
}

const KIND_ORDER = ["home", "about", "features", "pricing", "faq", "team", "contact"];
const MAX_PROSE_QUOTE = 480;

// ---------------------------------------------------------------------------------------------
// Pages and segments

function kindRank(kind: string): number {
  const i = KIND_ORDER.indexOf(kind);
  return i < 0 ? KIND_ORDER.length : i;
}

const COPYRIGHT_SPAN_RE = /(?:©|\(c\)|\bcopyright\b)[^.!?|]{0,80}/giu;
const SENTENCE_END_RE =
  /(?<=[.!?])\s+(?=["'(©\p{Lu}\p{N}]|[\w.+-]+@[\w-]+\.|https?:\/\/)|\s+[·|•]\s+/u;

function viewPage(page: EvidencePage): PageView {
  const text = normalizeQuoteText(page.text ?? "");
  const f = page.facts;
  const excludedSpans = [
    ...spansOf(text, (f.testimonials ?? []).map(normalizeQuoteText)),
    ...spansOf(text, (f.copyright ?? []).map(normalizeQuoteText)),
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
  let cursor = 0;
  for (const h of f.headings ?? []) {
    const ht = normalizeQuoteText(h.text);
    if (!ht) continue;
    const at = place(ht, cursor);
    if (at < 0) continue;
    if (at >= cursor) cursor = at + ht.length;
    cuts.push({ at, end: at + ht.length, kind: "heading" });
  }
  cursor = 0;
  for (const list of f.lists ?? []) {
    for (const item of list) {
      const it = normalizeQuoteText(item);
      if (!it) continue;
      const at = place(it, cursor);
      if (at < 0) continue;
      if (at >= cursor) cursor = at + it.length;
      cuts.push({ at, end: at + it.length, kind: "item" });
    }
  }
  for (const [at, end] of excludedSpans) cuts.push({ at, end, kind: "excluded" });
  cuts.sort((a, b) => a.at - b.at || b.end - a.end);
  const pushChunk = (from: number, to: number) => {
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
  };
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

function quote(view: PageView, text: string): EvidenceQuote {
  return { quote: text, url: view.url };
}

/** Cuts a verbatim window of at most `max` characters around `needle` from a segment. */
function windowAround(text: string, needle: string, max = 300): string {
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
function isProse(seg: Segment, minWords = 6, capitalsCheck = true): boolean {
  if (seg.heading || seg.item || seg.excluded) return false;
  const ws = words(seg.text);
  if (ws.length < minWords || seg.text.length > 400 || !/[.!?]["')]?$/.test(seg.text)) return false;
  // Lists of links, labels and names glued together are mostly capitalised words.
  const capitals = ws.slice(1).filter((w) => /^\p{Lu}/u.test(w)).length;
  if (capitalsCheck && capitals / Math.max(1, ws.length - 1) > 0.35) return false;
  return !/\b(cookies?|all rights reserved|privacy policy|terms of service)\b/i.test(seg.text);
}

/** Whether two texts say nearly the same (most meaningful words shared). */
function similar(a: string, b: string): boolean {
  const sa = new Set(contentStems(a));
  const sb = new Set(contentStems(b));
  const shared = [...sa].filter((x) => sb.has(x)).length;
  return shared / Math.max(1, Math.min(sa.size, sb.size)) >= 0.7;
}

/** The first quote for a phrase: a text segment that contains it, else a head/markup statement. */
function quoteFor(views: PageView[], needle: string, maxLength = 300): EvidenceQuote | null {
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

function value<T>(v: T, evidence: (EvidenceQuote | null)[]): DraftedValue<T> {
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

const NONE: DraftedValue = { value: null, evidence: [] };

// ---------------------------------------------------------------------------------------------
// The drafter

/** Drafts every field (or `only` some) from the pages read; every value quotes its page. */
export function draftExtractive(pages: EvidencePage[], options: ExtractiveOptions): DraftProposal {
  const views = pages.filter((p) => p.text || p.facts).map(viewPage)
    .map((v, i) => ({ v, i }))
    .sort((a, b) => kindRank(a.v.kind) - kindRank(b.v.kind) || a.i - b.i)
    .map(({ v }) => v);
  const want = new Set<DraftFieldName>(options.only ?? DRAFT_FIELDS);
  const full = !options.only;
  const ctx = { views, startUrl: options.startUrl ?? pages[0]?.url ?? "" };
  const fields: DraftProposal["fields"] = {};
  const name = draftName(ctx);
  let place: ReturnType<typeof draftPlace> | null = null;
  const places = () => (place ??= draftPlace(views));
  const productName = name.value as string | null;
  let terms: DraftedValue | null = null;
  const allTerms = () => (terms ??= draftTerms(views, productName, 10));
  const drafters: Record<DraftFieldName, () => DraftedValue> = {
    name: () => name,
    tagline: () => draftTagline(views, productName),
    short_description: () => draftShortDescription(views),
    description: () => draftDescription(views),
    stage: () => draftStage(views),
    categories: () => draftCategories(views, options.categories),
    tags: () => firstTerms(allTerms(), 6),
    pricing_model: () => draftPricingModel(views),
    pricing_summary: () => draftPricingSummary(views),
    country: () => places().country,
    city: () => places().city,
    founded_year: () => draftFoundedYear(views),
    features: () => draftFeatures(views),
    usps: () => draftUsps(views),
    keywords: () => allTerms(),
    contact_email: () => draftEmail(views),
    demo_video_url: () => draftVideo(views),
    logo_url: () => draftLogo(views),
  };
  for (const field of DRAFT_FIELDS) {
    if (!want.has(field)) continue;
    try {
      fields[field] = drafters[field]();
    } catch {
      fields[field] = NONE;
    }
  }
  if (!full) {
    return { fields, faqs: [], founders: [], company_socials: {}, story: {}, milestones: [] };
  }
  return {
    fields,
    faqs: draftFaqs(views),
    founders: draftFounders(views),
    company_socials: draftSocials(views),
    story: draftStory(views),
    milestones: draftMilestones(views),
  };
}

// --- name, tagline, descriptions -------------------------------------------------------------

const SOFTWARE_TYPES =
  /^(SoftwareApplication|WebApplication|MobileApplication|Product|WebSite|Organization|Corporation)$/;

function jsonLdObjects(view: PageView): Record<string, unknown>[] {
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

function ldType(o: Record<string, unknown>): string {
  const t = o["@type"];
  return Array.isArray(t) ? String(t[0]) : String(t ?? "");
}

function draftName(ctx: { views: PageView[]; startUrl: string }): DraftedValue {
  const candidates: { name: string; view: PageView }[] = [];
  const home = ctx.views.filter((v) => v.kind === "home");
  const ordered = [...home, ...ctx.views.filter((v) => v.kind !== "home")];
  for (const v of ordered) {
    const objs = jsonLdObjects(v).filter((o) => SOFTWARE_TYPES.test(ldType(o)));
    objs.sort((a, b) => typeOrder(ldType(a)) - typeOrder(ldType(b)));
    for (const o of objs) {
      if (typeof o.name === "string") candidates.push({ name: o.name, view: v });
    }
    const site = v.page.facts.og?.["og:site_name"] ?? v.page.facts.og?.["site_name"];
    if (site) candidates.push({ name: site, view: v });
  }
  let domain = "";
  try {
    domain = new URL(ctx.startUrl).hostname.replace(/^www\./, "").split(".")[0].toLowerCase();
  } catch { /* no start URL */ }
  for (const v of ordered) {
    const title = v.page.facts.title ?? v.page.title;
    if (!title) continue;
    const parts = normalizeQuoteText(title).split(/\s+[|\-–—:·•]\s+/).map((p) => p.trim()).filter(
      Boolean,
    );
    const byDomain = parts.find((p) => domain && looseText(p).replace(/ /g, "").includes(domain));
    const short = parts.find((p) => words(p).length <= 3);
    const h1 = (v.page.facts.headings ?? []).find((h) => h.level === 1)?.text;
    const alone = parts.length === 1 && words(parts[0]).length <= 3 &&
        (h1 !== undefined && looseText(h1) === looseText(parts[0]))
      ? parts[0]
      : undefined;
    const pick = byDomain ?? (parts.length > 1 ? short : alone);
    if (pick) candidates.push({ name: pick, view: v });
    if (v.kind === "home") break;
  }
  for (const c of candidates) {
    const n = normalizeQuoteText(c.name);
    if (!n || n.length > 80) continue;
    const q = quoteFor([c.view, ...ctx.views.filter((v) => v !== c.view)], n, 200);
    if (q) return value(n, [q]);
  }
  return NONE;
}

function typeOrder(type: string): number {
  if (/Application|Product/.test(type)) return 0;
  if (type === "WebSite") return 1;
  return 2;
}

function firstSentence(text: string): string {
  const t = normalizeQuoteText(text);
  const m = t.match(/^.+?[.!?](?=\s|$)/);
  return (m ? m[0] : t).trim();
}

function metaDescription(view: PageView): string | null {
  const f = view.page.facts;
  return f.meta_description ?? f.og?.["og:description"] ?? f.og?.["description"] ?? null;
}

function draftTagline(views: PageView[], name: string | null): DraftedValue {
  const home = views.find((v) => v.kind === "home") ?? views[0];
  if (!home) return NONE;
  const isName = (t: string) => name !== null && looseText(t) === looseText(name);
  const candidates: string[] = [];
  const og = home.page.facts.og?.["description"] ?? home.page.facts.og?.["og:description"];
  const meta = home.page.facts.meta_description;
  if (og && words(og).length <= 12 && (!meta || looseText(og) !== looseText(meta))) {
    candidates.push(firstSentence(og));
  }
  const h1 = (home.page.facts.headings ?? []).find((h) => h.level === 1);
  if (h1 && words(h1.text).length >= 2 && words(h1.text).length <= 14) candidates.push(h1.text);
  if (h1 && isName(normalizeQuoteText(h1.text))) {
    // The name as the headline: the line right under it is the tagline.
    const at = home.segments.findIndex((seg) =>
      seg.heading && seg.text === normalizeQuoteText(h1.text)
    );
    const next = at >= 0 ? home.segments[at + 1] : undefined;
    if (next && !next.heading && !next.excluded && words(next.text).length <= 20) {
      candidates.push(firstSentence(next.text));
    }
  }
  const title = home.page.facts.title ?? home.page.title;
  if (title) {
    const parts = normalizeQuoteText(title).split(/\s+[|\-–—:·•]\s+/);
    if (parts.length > 1) {
      candidates.push(...parts.filter((p) => !isName(p) && words(p).length >= 2));
    }
  }
  if (meta) candidates.push(firstSentence(meta));
  for (const c of candidates) {
    const t = normalizeQuoteText(c).replace(/[.!]$/, "");
    if (t.length < 8 || t.length > 160 || isName(t)) continue;
    const q = quoteFor([home], t);
    if (q) return value(t, [q]);
  }
  return NONE;
}

function draftShortDescription(views: PageView[]): DraftedValue {
  const home = views.find((v) => v.kind === "home") ?? views[0];
  if (!home) return NONE;
  const meta = metaDescription(home);
  if (meta && normalizeQuoteText(meta).length <= 300 && normalizeQuoteText(meta).length >= 20) {
    const m = normalizeQuoteText(meta);
    const q = quoteFor([home], m, MAX_QUOTE_CHARS);
    if (q) return value(m, [q]);
  }
  const seg = home.segments.find((s) => isProse(s) && s.text.length <= 300);
  if (seg) return value(seg.text, [quote(home, seg.text)]);
  const ld = ldDescription(views);
  return ld ? value(ld.text, [ld.quote]) : NONE;
}

/** A description the site gives in JSON-LD (product first), with its `description:` line. */
function ldDescription(views: PageView[]): { text: string; quote: EvidenceQuote } | null {
  for (const v of views) {
    const objs = jsonLdObjects(v).filter((o) => SOFTWARE_TYPES.test(ldType(o)));
    objs.sort((a, b) => typeOrder(ldType(a)) - typeOrder(ldType(b)));
    for (const o of objs) {
      if (typeof o.description !== "string") continue;
      const text = normalizeQuoteText(o.description);
      const line = `description: ${text}`;
      if (text.length >= 20 && line.length <= MAX_QUOTE_CHARS && v.extras.includes(line)) {
        return { text, quote: quote(v, line) };
      }
    }
  }
  return null;
}

/** Runs of consecutive prose sentences, each run one verbatim quote. */
function proseRuns(view: PageView, maxChars: number, maxRuns: number): string[] {
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
    if (!isProse(seg)) {
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

function draftDescription(views: PageView[]): DraftedValue {
  const home = views.find((v) => v.kind === "home") ?? views[0];
  if (!home) return NONE;
  const parts: { text: string; quotes: EvidenceQuote[] }[] = [];
  // Near-duplicates (a meta description and the hero paragraph it shortens): the longer stays.
  const add = (text: string, q: EvidenceQuote) => {
    const key = looseText(text);
    const twin = parts.findIndex((p) => {
      const k = looseText(p.text);
      return k.includes(key) || key.includes(k) || similar(k, key);
    });
    if (twin < 0) parts.push({ text, quotes: [q] });
    else if (text.length > parts[twin].text.length) parts[twin] = { text, quotes: [q] };
  };
  const meta = metaDescription(home);
  if (meta) {
    const m = normalizeQuoteText(meta);
    const q = m.length <= MAX_PROSE_QUOTE ? quoteFor([home], m, MAX_QUOTE_CHARS) : null;
    if (q) add(m, q);
  }
  for (const run of proseRuns(home, 700, 2)) add(run, quote(home, run));
  const about = views.find((v) => v.kind === "about");
  if (about) { for (const run of proseRuns(about, 500, 1)) add(run, quote(about, run)); }
  if (parts.length === 0) {
    const ld = ldDescription(views);
    if (!ld) return NONE;
    parts.push({ text: ld.text, quotes: [ld.quote] });
  }
  // What it does, in the site's own feature list.
  const features = draftFeatures(views);
  const items = (features.value as string[] | null) ?? [];
  if (items.length >= 2) {
    const shown = items.slice(0, 6);
    const listed = shown.join("; ");
    parts.push({ text: `Features: ${listed}.`, quotes: features.evidence.slice(0, shown.length) });
  }
  return value(parts.map((p) => p.text).join(" "), parts.flatMap((p) => p.quotes));
}

// --- stage, categories, terms ----------------------------------------------------------------

const STAGE_STATEMENTS: { stage: string; re: RegExp }[] = [
  {
    stage: "launched",
    re:
      /\b(now generally available|generally available|general availability|out of beta|(?:we(?:'ve| have)?|officially|finally) launched|now live|version 1\.0 is (?:here|out|live))\b/iu,
  },
  {
    stage: "mvp",
    re:
      /\b((?:currently |now )?in (?:public |private |open |closed )?(?:beta|alpha)|(?:public|private|open|closed) beta|beta (?:version|release|program|access|testers)|early access|mvp)\b/iu,
  },
  { stage: "idea", re: /\b(coming soon|join (?:the|our) waitlist|pre-launch)\b/iu },
];

function draftStage(views: PageView[]): DraftedValue {
  for (const { stage, re } of STAGE_STATEMENTS) {
    for (const v of views) {
      for (const seg of v.segments) {
        if (seg.excluded) continue;
        if (stage === "launched" && /\b(will|soon|plan|planned|next)\b/i.test(seg.text)) continue;
        // A dated history line ("In 2023 we launched the beta") tells the past, not the stage now.
        if (
          /\b(?:19|20)\d\d\b/.test(seg.text) && stage !== "launched" &&
          !/\b(still|currently|today|right now)\b/i.test(seg.text)
        ) continue;
        if (re.test(seg.text)) {
          return value(stage, [quote(v, windowAround(seg.text, seg.text.match(re)![0]))]);
        }
      }
    }
  }
  return NONE;
}

function draftCategories(views: PageView[], categories: CategoryChoice[]): DraftedValue {
  if (categories.length === 0) return NONE;
  const weighted: { view: PageView; text: string; weight: number }[] = [];
  for (const v of views) {
    const base = v.kind === "home" ? 2 : v.kind === "features" || v.kind === "about" ? 1 : 0.5;
    const meta = metaDescription(v);
    if (meta) weighted.push({ view: v, text: meta, weight: base * 2 });
    for (const seg of v.segments) {
      if (!seg.excluded) {
        weighted.push({ view: v, text: seg.text, weight: seg.heading ? base * 1.5 : base });
      }
    }
  }
  // Weighted word counts once; phrases are counted in the joined texts.
  const wordWeight = new Map<string, number>();
  const looseTexts = weighted.map((w) => {
    const loose = looseText(w.text);
    for (const word of loose.split(" ")) {
      wordWeight.set(word, (wordWeight.get(word) ?? 0) + w.weight);
    }
    return { weight: w.weight, loose: ` ${loose} ` };
  });
  const phraseWeight = (phrase: string) => {
    let total = 0;
    for (const w of looseTexts) {
      for (
        let at = w.loose.indexOf(` ${phrase} `);
        at >= 0;
        at = w.loose.indexOf(` ${phrase} `, at + 1)
      ) {
        total += w.weight;
      }
    }
    return total;
  };
  const scored = categories.map((c) => {
    const terms = categoryTerms(c.name).map((t) => looseText(t)).filter(Boolean);
    let score = 0;
    const hits = new Set<string>();
    for (const t of terms) {
      const n = t.includes(" ") ? phraseWeight(t) : wordWeight.get(t) ?? 0;
      if (n > 0) {
        score += n;
        hits.add(t);
      }
    }
    return { c, score: score * (1 + 0.25 * (hits.size - 1)), hits: hits.size };
  }).filter((s) => s.score >= 4 && s.hits >= 1).sort((a, b) =>
    b.score - a.score || Number(a.c.parent === null) - Number(b.c.parent === null)
  );
  if (scored.length === 0) return NONE;
  const top = scored[0].score;
  const picked = scored.filter((s) => s.score >= top * 0.4).slice(0, 3);
  const quotes: EvidenceQuote[] = [];
  for (const p of picked) {
    const terms = categoryTerms(p.c.name);
    for (const t of terms) {
      const q = quoteFor(views, t, 240);
      if (q) {
        quotes.push(q);
        break;
      }
    }
  }
  return value(picked.map((p) => p.c.name), quotes);
}

const GENERIC_TERMS = new Set(
  ("home features feature pricing price prices plan plans about contact blog docs documentation login log sign " +
    "signup started start free trial try demo book learn read help support faq faqs question questions answer " +
    "terms privacy policy cookie cookies rights reserved copyright inc ltd gmbh llc company team careers " +
    "jobs press email mail month year week day today new now get make made use used using work works " +
    "way ways need needs want like best better great easy simple simply fast every everything thing things " +
    "people customer customers user users product products app apps tool tools platform software website " +
    "site page pages team's start-up startup available includes included include one two three per " +
    "unlimited up plus pro enterprise business monthly annual yearly billed cancel anytime see " +
    "paid help helps let lets keep know go find look looking all way more less without within " +
    "watch minute minutes second seconds hour hours time times first last next back around").split(
      " ",
    ),
);

/** The first `max` terms, with only the quotes they need. */
function firstTerms(terms: DraftedValue, max: number): DraftedValue {
  const list = (terms.value as string[] | null)?.slice(0, max) ?? [];
  if (list.length === 0) return NONE;
  const quotes = terms.evidence.filter((q) => list.some((t) => containsPhrase(q.quote, t)));
  return value(list, quotes);
}

function draftTerms(views: PageView[], name: string | null, max: number): DraftedValue {
  const nameStems = new Set(name ? contentStems(name) : []);
  const counts = new Map<string, { count: number; form: string }>();
  const bump = (key: string, form: string, weight: number) => {
    const e = counts.get(key);
    if (e) e.count += weight;
    else counts.set(key, { count: weight, form });
  };
  // The stem of a word worth counting, or null (cached: pages repeat their words).
  const stems = new Map<string, string | null>();
  const termStem = (w: string): string | null => {
    let st = stems.get(w);
    if (st === undefined) {
      const cs = w.length > 2 && !GENERIC_TERMS.has(w) && !/\d|@|\./.test(w) ? contentStems(w) : [];
      st = cs.length === 1 && !nameStems.has(cs[0]) ? cs[0] : null;
      stems.set(w, st);
    }
    return st;
  };
  for (const v of views) {
    const weight = v.kind === "home" ? 2 : v.kind === "features" ? 1.5 : 1;
    for (const seg of v.segments) {
      if (seg.excluded) continue;
      const ws = words(seg.text).map((w) => w.toLowerCase());
      const st = ws.map(termStem);
      ws.forEach((w, i) => {
        if (st[i]) bump(st[i]!, w, weight * (seg.heading ? 1.5 : 1));
        if (st[i] && st[i + 1]) bump(`${st[i]} ${st[i + 1]}`, `${w} ${ws[i + 1]}`, weight * 1.2);
      });
    }
  }
  const ranked = [...counts.entries()].filter(([k, e]) => e.count >= (k.includes(" ") ? 3 : 4))
    .sort((a, b) => b[1].count - a[1].count || a[1].form.localeCompare(b[1].form));
  const terms: string[] = [];
  for (const [key, e] of ranked) {
    if (terms.length >= max) break;
    // A word already covered by a chosen phrase (or the reverse) adds nothing.
    if (terms.some((t) => ` ${t} `.includes(` ${e.form} `) || ` ${e.form} `.includes(` ${t} `))) {
      continue;
    }
    if (key.includes(" ")) {
      const [a, b] = key.split(" ");
      if ((counts.get(a)?.count ?? 0) > e.count * 3 && (counts.get(b)?.count ?? 0) > e.count * 3) {
        continue;
      }
    }
    terms.push(e.form);
  }
  if (terms.length === 0) return NONE;
  const quotes: EvidenceQuote[] = [];
  const found: string[] = [];
  for (const t of terms) {
    const covered = quotes.find((q) => containsPhrase(q.quote, t));
    if (covered) {
      found.push(t);
      continue;
    }
    const q = quoteFor(views, t, 200);
    if (q) {
      quotes.push(q);
      found.push(t);
    }
  }
  return found.length > 0 ? value(found, quotes) : NONE;
}

// --- pricing ---------------------------------------------------------------------------------

const PRICE_RE = /(?:[$€£]\s?\d[\d,.]*|\d[\d,.]*\s?(?:[$€£]|usd|eur|gbp)\b)/iu;

function pricingPlans(views: PageView[]) {
  const plans: { plan: string; price: string | null; view: PageView }[] = [];
  const seen = new Set<string>();
  for (const v of views) {
    for (const p of v.page.facts.pricing ?? []) {
      const plan = normalizeQuoteText(p.plan ?? "");
      if (!plan || seen.has(looseText(plan))) continue;
      seen.add(looseText(plan));
      plans.push({ plan, price: p.price ? normalizeQuoteText(p.price) : null, view: v });
    }
  }
  return plans;
}

function isFreePrice(price: string | null, plan: string): boolean {
  const t = `${price ?? ""}`;
  return /(^|[^\d])0([.,]00)?(\s|$|\/)|\bfree\b/i.test(t) || (!price && /\bfree\b/i.test(plan));
}

/** A quote showing a plan with its price: the shortest stretch of text from the name to the price. */
function planQuote(view: PageView, plan: string, price: string | null): EvidenceQuote | null {
  const lower = view.text.toLowerCase();
  let at = lower.indexOf(plan.toLowerCase());
  while (at >= 0) {
    if (!price) return quote(view, windowAround(view.text.slice(at, at + 200), plan, 200));
    const p = view.text.indexOf(price, at);
    if (p >= 0 && p + price.length - at <= 200) {
      const from = at;
      let to = p + price.length;
      const after = view.text.slice(to, to + 20).match(/^\s?(\/\s?\w+|per \w+)/);
      if (after) to += after[0].length;
      const text = view.text.slice(from, to).trim();
      if (!view.excludedSpans.some(([s, e]) => s < to && e > from)) return quote(view, text);
    }
    at = lower.indexOf(plan.toLowerCase(), at + 1);
  }
  return null;
}

const PERIOD_WORD_RE =
  /\b(per|a|an|each|every|\/)\s?(month|mo|year|yr|annum|week)\b|\bmonthly\b|\bannually\b|\byearly\b|\bbilled\b/iu;
const UNIT_PRICE_RE =
  /(?:[$€£]\s?\d[\d,.]*|\d[\d,.]*\s?(?:usd|eur|gbp))\s*(?:per|\/|a|each)\s+(?!month|mo\b|year|yr\b|annum|week|user|seat|agent|member|person|practitioner|editor|admin|team)([a-z][a-z-]+)/iu;
const FREE_PLAN_RE =
  /\b(free plan|free tier|free forever|forever free|always free|free for (?:up to|teams|individuals|one|personal|small|solo|hobby|open)|free up to|is free for|free for the first \d+ (?:users|projects|seats)|\$0|€0|£0)\b/iu;
const TRIAL_RE =
  /\b(free trial|\d+[- ]day (?:free )?trial|(?:first|trial of) \d+ days (?:are|is) free|days are free|try it free)\b/iu;
const ONE_TIME_RE =
  /\b(one[- ]time (?:payment|purchase|fee|price)|lifetime (?:licen[cs]e|deal|access)|pay once|buy once|once, forever|no subscription)\b|[$€£]\s?\d[\d,.]*,?\s+once\b/iu;
const CONTACT_SALES_RE =
  /\b(contact (?:sales|us) for (?:pricing|a quote)|custom pricing|request a quote|get a quote)\b/iu;

/** Offers from JSON-LD (name, price, currency), each with the `key: value` lines that state it. */
function ldOffers(views: PageView[]) {
  const out: {
    name: string;
    price: string;
    currency: string;
    note: string;
    quotes: EvidenceQuote[];
  }[] = [];
  for (const v of views) {
    for (const o of jsonLdObjects(v)) {
      const offers = Array.isArray(o.offers) ? o.offers : o.offers ? [o.offers] : [];
      for (const offer of offers) {
        if (!offer || typeof offer !== "object") continue;
        const rec = offer as Record<string, unknown>;
        const str = (
          x: unknown,
        ) => (typeof x === "string" || typeof x === "number" ? normalizeQuoteText(String(x)) : "");
        const name = str(rec.name);
        const price = str(rec.price);
        if (!name || !price || !/^\d+(?:[.,]\d+)?$/.test(price)) continue;
        const currency = str(rec.priceCurrency);
        const note = str(rec.description);
        const lines = [`offers.name: ${name}`, `offers.price: ${price}`];
        if (currency) lines.push(`offers.priceCurrency: ${currency}`);
        if (note && note.length <= 60) lines.push(`offers.description: ${note}`);
        const quotes = lines.filter((l) => v.extras.includes(l)).map((l) => quote(v, l));
        if (quotes.length >= 2) {
          out.push({ name, price, currency, note: note.length <= 60 ? note : "", quotes });
        }
      }
    }
  }
  return out;
}

/** Sentences that state prices or free plans, pricing page first (at most `max`). */
function priceSegments(views: PageView[], max: number): { view: PageView; seg: Segment }[] {
  const out: { view: PageView; seg: Segment }[] = [];
  const ordered = [
    ...views.filter((v) => v.kind === "pricing"),
    ...views.filter((v) => v.kind === "home"),
    ...views.filter((v) => v.kind !== "pricing" && v.kind !== "home" && v.kind !== "faq"),
  ];
  for (const v of ordered) {
    for (const seg of v.segments) {
      if (out.length >= max) return out;
      if (seg.excluded || seg.heading || seg.text.length > 300) continue;
      if (
        PRICE_RE.test(seg.text) || FREE_PLAN_RE.test(seg.text) || TRIAL_RE.test(seg.text) ||
        ONE_TIME_RE.test(seg.text)
      ) {
        if (!/[.!?]$/.test(seg.text) && !seg.item && words(seg.text).length > 8) continue;
        out.push({ view: v, seg });
      }
    }
  }
  return out;
}

function draftPricingModel(views: PageView[]): DraftedValue {
  const plans = pricingPlans(views);
  const pick = (model: PricingModel, quotes: (EvidenceQuote | null)[]) =>
    value<string>(model, quotes);
  const openSource = findSegment(
    views,
    /\b(open[- ]source|MIT licen[cs]e|Apache licen[cs]e|AGPL|GPL)\b/iu,
  );
  if (openSource && (plans.length === 0 || plans.every((p) => isFreePrice(p.price, p.plan)))) {
    return pick("Open source", [openSource]);
  }
  const oneTime = findSegment(views, ONE_TIME_RE);
  if (oneTime) return pick("One-time", [oneTime]);
  if (plans.length > 0) {
    const free = plans.filter((p) => isFreePrice(p.price, p.plan));
    const paid = plans.filter((p) =>
      p.price && !isFreePrice(p.price, p.plan) && PRICE_RE.test(p.price)
    );
    const priceContext = (p: { view: PageView; price: string | null }) => {
      const at = p.view.text.indexOf(p.price!);
      return at >= 0 ? p.view.text.slice(at, at + p.price!.length + 40) : p.price!;
    };
    const unit = paid.find((p) =>
      UNIT_PRICE_RE.test(priceContext(p)) && !PERIOD_WORD_RE.test(p.price!)
    );
    if (unit) return pick("Usage-based", [planQuote(unit.view, unit.plan, unit.price)]);
    if (free.length > 0 && paid.length > 0) {
      return pick("Freemium", [
        planQuote(free[0].view, free[0].plan, free[0].price),
        planQuote(paid[0].view, paid[0].plan, paid[0].price),
      ]);
    }
    if (free.length > 0 && paid.length === 0) {
      return pick("Free", [planQuote(free[0].view, free[0].plan, free[0].price)]);
    }
    const periodic = paid.find((p) => PERIOD_WORD_RE.test(priceContext(p)));
    if (periodic) {
      return pick("Subscription", [planQuote(periodic.view, periodic.plan, periodic.price)]);
    }
  }
  // Offers in structured data.
  const offers = ldOffers(views);
  if (offers.length > 0) {
    const free = offers.filter((o) => Number(o.price.replace(",", ".")) === 0);
    const paid = offers.filter((o) => Number(o.price.replace(",", ".")) > 0);
    if (free.length > 0 && paid.length > 0) {
      return pick("Freemium", [...free[0].quotes, ...paid[0].quotes]);
    }
    if (free.length > 0) return pick("Free", free[0].quotes);
    const periodic = paid.find((o) => PERIOD_WORD_RE.test(o.note));
    if (periodic) return pick("Subscription", periodic.quotes);
  }
  // No plan cards: read the sentences that state prices.
  const found = priceSegments(views, 6);
  const withPrice = found.filter((f) =>
    PRICE_RE.test(f.seg.text) && !/[$€£]\s?0(?![.,]?\d)/.test(f.seg.text)
  );
  const q = (f: { view: PageView; seg: Segment }) => quote(f.view, f.seg.text);
  const unit = withPrice.find((f) =>
    UNIT_PRICE_RE.test(f.seg.text) && !PERIOD_WORD_RE.test(f.seg.text)
  );
  if (unit) return pick("Usage-based", [q(unit)]);
  const freePlan = found.find((f) => FREE_PLAN_RE.test(f.seg.text) && !TRIAL_RE.test(f.seg.text));
  if (freePlan && withPrice.length > 0) return pick("Freemium", [q(freePlan), q(withPrice[0])]);
  const periodic = withPrice.find((f) => PERIOD_WORD_RE.test(f.seg.text));
  if (periodic) return pick("Subscription", [q(periodic)]);
  if (freePlan) return pick("Free", [q(freePlan)]);
  const free = findSegment(
    views,
    /\b(free forever|completely free|100% free|always free|free to use|free of charge)\b/iu,
  );
  if (free) return pick("Free", [free]);
  const sales = findSegment(views, CONTACT_SALES_RE);
  if (sales) return pick("Contact sales", [sales]);
  return NONE;
}

function findSegment(views: PageView[], re: RegExp): EvidenceQuote | null {
  for (const v of views) {
    for (const seg of v.segments) {
      if (seg.excluded) continue;
      const m = seg.text.match(re);
      if (m) return quote(v, windowAround(seg.text, m[0], 240));
    }
  }
  return null;
}

function draftPricingSummary(views: PageView[]): DraftedValue {
  const plans = pricingPlans(views).slice(0, 5);
  const parts: string[] = [];
  const quotes: EvidenceQuote[] = [];
  for (const p of plans) {
    const q = planQuote(p.view, p.plan, p.price);
    if (!q) continue;
    let price = p.price ?? "";
    const tail = q.quote.slice(q.quote.lastIndexOf(price) + price.length).trim();
    if (price && /^(\/\s?\w+|per \w+)$/.test(tail) && !price.includes(tail)) {
      price = `${price}${tail.startsWith("/") ? "" : " "}${tail}`;
    }
    parts.push(price ? `${p.plan}: ${price}` : p.plan);
    quotes.push(q);
  }
  if (parts.length > 0) {
    // A trial stated next to the plans belongs to the summary.
    const trial = priceSegments(views, 8).find((f) =>
      TRIAL_RE.test(f.seg.text) && f.seg.text.length <= 200
    );
    if (trial) {
      parts.push(trial.seg.text.replace(/[.!]$/, ""));
      quotes.push(quote(trial.view, trial.seg.text));
    }
    const text = parts.join("; ");
    return text.length <= 500 ? value(text, quotes) : NONE;
  }
  const offers = ldOffers(views);
  if (offers.length > 0) {
    const text = offers.map((o) =>
      `${o.name}: ${o.currency ? `${o.currency} ` : ""}${o.price}${o.note ? ` ${o.note}` : ""}`
    ).join("; ");
    return value(text, offers.flatMap((o) => o.quotes));
  }
  // No plan cards: the sentences that state prices, verbatim.
  const found = priceSegments(views, 4);
  const kept: { view: PageView; seg: Segment }[] = [];
  for (const f of found) {
    if (kept.map((k) => k.seg.text).join(" ").length + f.seg.text.length > 400) break;
    kept.push(f);
  }
  if (!kept.some((k) => PRICE_RE.test(k.seg.text) || FREE_PLAN_RE.test(k.seg.text))) return NONE;
  return value(kept.map((k) => k.seg.text).join(" "), kept.map((k) => quote(k.view, k.seg.text)));
}

// --- place, year -----------------------------------------------------------------------------

const CAP = String.raw`\p{Lu}[\p{L}'.-]*`;
const PLACE = String.raw`${CAP}(?:[ -]${CAP}){0,3}`;
/** "based in Berlin, Germany", "headquartered in Austin", "founded in 2021 in Utrecht". */
const PLACE_CUE_RE = new RegExp(
  String
    .raw`\b(?:(?:are |is )?based (?:in|out of)|headquartered in|headquarters in|located in|offices? in|hq in|our office in|made (?:with [^ ]+ )?in|team in|studio in|founded(?: in (?:19|20)\d\d)? in|started(?: in (?:19|20)\d\d)? in)\s+((?:the )?${PLACE}(?:,\s*(?:the )?${PLACE}){0,2})`,
  "gu",
);
/** "Utrecht, the Netherlands" (the second part must be a country). */
const CITY_COUNTRY_RE = new RegExp(String.raw`(${PLACE}),\s*(?:the\s+)?(${PLACE})`, "gu");
/** A postal address: "3511 AV Utrecht the Netherlands", "10115 Berlin, Germany". */
const ADDRESS_RE = new RegExp(
  String.raw`\b\d{4,5}(?: ?[A-Z]{2})?\s+(${CAP}(?:[ -]${CAP})?),?\s+(?:the\s+)?(${PLACE})`,
  "gu",
);
const US_ADDRESS_RE = new RegExp(
  String
    .raw`\b(${CAP}(?: ${CAP}){0,2}),\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?(?:,?\s*(USA|U\.S\.A\.|United States))?`,
  "gu",
);

/** "in Hamburg, Germany", "in Portland, Oregon". */
const IN_CITY_COUNTRY_RE = new RegExp(
  String.raw`\bin (${CAP}(?:[ -]${CAP})?),\s*(?:the\s+)?(${PLACE})`,
  "gu",
);
/** A sentence in which the site speaks about itself. */
const SELF_RE =
  /\b(we|we're|our|us|team|office|offices|based|built|developer|company|studio|headquarters)\b/iu;

interface PlaceCandidate {
  city: string | null;
  country: string | null;
  quote: EvidenceQuote;
  rank: number;
}

/** The leading words of a place that are a country (as a code), trailing words trimmed. */
function asCountry(text: string): string | null {
  const t = text.replace(/^the\s+/i, "").replace(/[.,]$/, "");
  const parts = t.split(" ");
  for (let n = parts.length; n >= 1; n--) {
    const code = countryCodeOf(parts.slice(0, n).join(" "));
    if (code && parts.slice(0, n).join(" ").length > 2) return code;
  }
  return null;
}

function asCity(text: string): string | null {
  const t = text.replace(/^the\s+/i, "").replace(/[.,]$/, "").trim();
  if (!t || asCountry(t) || /^[A-Z]{2,3}$/.test(t) || words(t).length > 3) return null;
  if (/^(We|Our|Us|You|It|This|The|A|An|I)$/u.test(t)) return null;
  return t;
}

function draftPlace(views: PageView[]): { country: DraftedValue; city: DraftedValue } {
  const found: PlaceCandidate[] = [];
  const pageRank = (v: PageView) => (v.kind === "contact" ? 0 : v.kind === "about" ? 1 : 2);
  // Structured address first.
  for (const v of views) {
    for (const o of jsonLdObjects(v)) {
      const addr = o.address as Record<string, unknown> | undefined;
      if (!addr || typeof addr !== "object") continue;
      const loc = typeof addr.addressLocality === "string"
        ? normalizeQuoteText(addr.addressLocality)
        : null;
      const rawCountry = addr.addressCountry;
      const cty = typeof rawCountry === "string"
        ? normalizeQuoteText(rawCountry)
        : typeof (rawCountry as Record<string, unknown>)?.name === "string"
        ? normalizeQuoteText((rawCountry as Record<string, string>).name)
        : null;
      const line = (k: string, val: string) =>
        v.extras.find((e) => e === `address.${k}: ${val}` || e === `${k}: ${val}`);
      if (loc) {
        const l = line("addressLocality", loc);
        const q = quoteFor(views, loc) ?? (l ? quote(v, l) : null);
        if (q) found.push({ city: loc, country: null, quote: q, rank: 0 });
      }
      if (cty) {
        const code = countryCodeOf(cty);
        let q: EvidenceQuote | null = null;
        for (const n of code ? [cty, ...countryNamesFor(code)] : [cty]) {
          if (!q && n.length >= MIN_QUOTE_CHARS) q = quoteFor(views, n);
        }
        const l = line("addressCountry", cty);
        if (!q && l) q = quote(v, l);
        if (q && code) found.push({ city: null, country: code, quote: q, rank: 0 });
      }
    }
  }
  for (const v of views) {
    for (const seg of v.segments) {
      if (seg.excluded) continue;
      const q = (m: RegExpMatchArray) => quote(v, windowAround(seg.text, m[0], 240));
      for (const m of seg.text.matchAll(PLACE_CUE_RE)) {
        const parts = m[1].split(/,\s*/);
        const founded = /^(founded|started)/i.test(m[0]);
        let city: string | null = null;
        let country: string | null = null;
        for (const part of parts) {
          country ??= asCountry(part);
          if (!asCountry(part)) city ??= asCity(part);
        }
        if (/^made/i.test(m[0])) city = null;
        found.push({ city, country, quote: q(m), rank: founded ? 4 : 1 + pageRank(v) / 10 });
      }
      for (const m of seg.text.matchAll(ADDRESS_RE)) {
        const country = asCountry(m[2]);
        if (country) {
          found.push({ city: asCity(m[1]), country, quote: q(m), rank: 0.5 + pageRank(v) / 10 });
        }
      }
      for (const m of seg.text.matchAll(US_ADDRESS_RE)) {
        found.push({ city: asCity(m[1]), country: m[2] ? "US" : null, quote: q(m), rank: 0.5 });
      }
      // "… in Hamburg, Germany" where the site speaks about itself.
      if (SELF_RE.test(seg.text)) {
        for (const m of seg.text.matchAll(IN_CITY_COUNTRY_RE)) {
          const country = asCountry(m[2]);
          if (country) {
            found.push({ city: asCity(m[1]), country, quote: q(m), rank: 1.5 + pageRank(v) / 10 });
          }
        }
      }
      // "City, Country" only in short lines (footers, addresses), not in running prose.
      if (words(seg.text).length <= 12) {
        for (const m of seg.text.matchAll(CITY_COUNTRY_RE)) {
          const country = asCountry(m[2]);
          const city = asCity(m[1].split(" ").slice(-2).join(" ").replace(/^\p{Ll}.*? /u, ""));
          if (country) found.push({ city, country, quote: q(m), rank: 2 + pageRank(v) / 10 });
        }
      }
    }
  }
  found.sort((a, b) => a.rank - b.rank);
  const cityPick = found.find((c) => c.city);
  const countryPick = (cityPick?.country ? cityPick : null) ?? found.find((c) => c.country);
  return {
    city: cityPick ? value(cityPick.city, [cityPick.quote]) : NONE,
    country: countryPick ? value(countryPick.country, [countryPick.quote]) : NONE,
  };
}

function countryNamesFor(code: string): string[] {
  const names = new Intl.DisplayNames(["en"], { type: "region" }).of(code);
  return names ? [names] : [];
}

function draftFoundedYear(views: PageView[]): DraftedValue {
  for (const v of views) {
    for (const seg of v.segments) {
      if (seg.excluded) continue;
      const years = foundingYearsIn(seg.text);
      if (years.length > 0) {
        return value(years[0], [quote(v, windowAround(seg.text, years[0], 240))]);
      }
    }
  }
  for (const v of views) {
    for (const o of jsonLdObjects(v)) {
      const d = o.foundingDate;
      if (typeof d !== "string" && typeof d !== "number") continue;
      const y = String(d).match(/^(\d{4})/)?.[1];
      const line = v.extras.find((e) => e === `foundingDate: ${normalizeQuoteText(String(d))}`);
      if (y && line) return value(y, [quote(v, line)]);
    }
  }
  return NONE;
}

// --- features, usps --------------------------------------------------------------------------

const GENERIC_HEADING_RE =
  /^(features?|all features|pricing|plans?|faqs?|frequently asked questions|questions\??|about( us)?|contact( us)?|blog|get started|start now|sign up|log ?in|testimonials?|what (our )?(customers|users|people) (say|are saying)|loved by.*|trusted by.*|our (team|story|mission|customers)|team|customers|integrations?|resources|company|product|legal|support|help|newsletter|follow us|how it works|why .*|ready to .*\??|.*\?)$/iu;

function headingList(view: PageView, levels: number[]): Segment[] {
  const wanted = new Set(
    (view.page.facts.headings ?? []).filter((h) => levels.includes(h.level)).map((h) =>
      normalizeQuoteText(h.text)
    ),
  );
  return view.segments.filter((s) => s.heading && !s.excluded && wanted.has(s.text));
}

/** The heading and the sentence right after it, as one verbatim quote (at most 300 characters). */
function headingQuote(view: PageView, seg: Segment): EvidenceQuote {
  const i = view.segments.indexOf(seg);
  const next = view.segments[i + 1];
  if (next && !next.heading && !next.excluded && next.end - seg.start <= 300) {
    return quote(view, view.text.slice(seg.start, next.end));
  }
  return quote(
    view,
    seg.text.length >= MIN_QUOTE_CHARS
      ? seg.text
      : windowAround(view.text.slice(seg.start), seg.text, 120),
  );
}

const NOT_FEATURE_SECTION_RE =
  /\b(testimonials?|customers?|say|saying|pricing|plans?|faqs?|questions?|our team|the team|meet|founders?|blog|news|press|careers?|jobs?|contact|legal|compare|logos)\b/i;

/** Content lists that read like features: items of 2 to 12 words, not links, not pricing cards. */
function featureLists(v: PageView): Segment[][] {
  const links = new Set((v.page.facts.links ?? []).map((l) => looseText(l.text)));
  const planFeatures = new Set(
    (v.page.facts.pricing ?? []).flatMap((p) => p.features ?? []).map((x) => looseText(x)),
  );
  const out: Segment[][] = [];
  for (const list of v.page.facts.lists ?? []) {
    const wanted = new Set(list.map(normalizeQuoteText));
    const segs = v.segments.filter((s) => s.item && !s.excluded && wanted.has(s.text));
    const unique = segs.filter((s, i) => segs.findIndex((o) => o.text === s.text) === i);
    if (unique.length < 2 || unique.length > 15) continue;
    if (unique.some((s) => links.has(looseText(s.text)) || planFeatures.has(looseText(s.text)))) {
      continue;
    }
    if (!unique.every((s) => words(s.text).length <= 14 && s.text.length <= 160)) continue;
    const first = unique[0];
    const section = [...v.segments].reverse().find((s) => s.heading && s.end <= first.start);
    if (section && NOT_FEATURE_SECTION_RE.test(section.text)) continue;
    out.push(unique);
  }
  return out;
}

function draftFeatures(views: PageView[]): DraftedValue {
  const items: string[] = [];
  const quotes: EvidenceQuote[] = [];
  const addText = (t: string, q: EvidenceQuote) => {
    const n = words(t).length;
    if (n < 1 || n > 14 || t.length > 160 || GENERIC_HEADING_RE.test(t)) return;
    if (items.some((i) => looseText(i) === looseText(t) || similar(i, t))) return;
    items.push(t);
    quotes.push(q);
  };
  const add = (v: PageView, seg: Segment) =>
    addText(seg.text.replace(/[.:]$/, ""), headingQuote(v, seg));
  const addItem = (v: PageView, seg: Segment) =>
    addText(
      seg.text.replace(/[.;]$/, ""),
      quote(
        v,
        seg.text.length >= MIN_QUOTE_CHARS
          ? seg.text
          : windowAround(v.text.slice(seg.start), seg.text, 80),
      ),
    );
  const featurePages = views.filter((v) => v.kind === "features");
  for (const v of featurePages) for (const seg of headingList(v, [2, 3])) add(v, seg);
  for (const v of featurePages) {
    for (const list of featureLists(v)) for (const seg of list) addItem(v, seg);
  }
  const home = views.filter((v) => v.kind === "home");
  for (const v of home) for (const list of featureLists(v)) for (const seg of list) addItem(v, seg);
  if (items.length < 3) {
    for (const v of home) {
      // Feature cards: h3 headings under an h2 that is not testimonials/pricing/FAQ.
      const hs = v.page.facts.headings ?? [];
      let section = "";
      const allowed = new Set<string>();
      for (const h of hs) {
        if (h.level <= 2) section = normalizeQuoteText(h.text);
        else if (h.level === 3 && !NOT_FEATURE_SECTION_RE.test(section)) {
          allowed.add(normalizeQuoteText(h.text));
        }
      }
      for (const seg of headingList(v, [3])) if (allowed.has(seg.text)) add(v, seg);
    }
  }
  if (items.length === 0) {
    // Structured data: SoftwareApplication.featureList.
    for (const v of views) {
      for (const o of jsonLdObjects(v)) {
        const list = typeof o.featureList === "string"
          ? o.featureList.split(/\s*[,;\n]\s*/)
          : Array.isArray(o.featureList)
          ? o.featureList.filter((x): x is string => typeof x === "string")
          : [];
        for (const raw of list) {
          const t = normalizeQuoteText(raw);
          const line = v.extras.find((e) => e === `featureList: ${t}`);
          if (t && line) addText(t, quote(v, line));
        }
      }
    }
  }
  return items.length > 0 ? value(items.slice(0, 12), quotes.slice(0, 12)) : NONE;
}

const USP_RE =
  /\b(no credit card|free forever|open[- ]source|gdpr|hosted in the eu|eu[- ]hosted|data stays|end-to-end encrypt\w*|privacy[- ]first|no tracking|cookie[- ]free|self-host\w*|cancel any ?time|money[- ]back|guarantee\w*|\d+(?:\.\d+)?\s?% uptime|set ?up in (?:\d+|a few|under|less than)|in (?:under )?(?:\d+|a few) (?:minutes|seconds|clicks)|no[- ]code|without (?:code|coding|a credit card)|unlike|only (?:tool|app|platform)|first (?:tool|app|platform))\b/iu;

function draftUsps(views: PageView[]): DraftedValue {
  const items: string[] = [];
  const quotes: EvidenceQuote[] = [];
  for (
    const v of views.filter((v) =>
      v.kind === "home" || v.kind === "features" || v.kind === "about" || v.kind === "pricing"
    )
  ) {
    for (const seg of v.segments) {
      if (items.length >= 5) break;
      if (seg.excluded || !USP_RE.test(seg.text)) continue;
      const n = words(seg.text).length;
      if (n < 2 || n > 20 || seg.text.length > 180) continue;
      const t = seg.text.replace(/[.!]$/, "");
      if (items.some((i) => looseText(i) === looseText(t))) continue;
      items.push(t);
      quotes.push(quote(v, seg.text.length >= MIN_QUOTE_CHARS ? seg.text : t));
    }
  }
  return items.length > 0 ? value(items, quotes) : NONE;
}

// --- email, links ----------------------------------------------------------------------------

function draftEmail(views: PageView[]): DraftedValue {
  const candidates: { email: string; view: PageView; rank: number }[] = [];
  for (const v of views) {
    for (const e of v.page.facts.emails ?? []) {
      const email = e.trim().replace(/^mailto:/i, "");
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) continue;
      if (
        v.excludedSpans.some(([s, en]) => {
          const at = v.text.indexOf(email);
          return at >= 0 && s <= at && en >= at + email.length;
        })
      ) continue;
      const local = email.split("@")[0].toLowerCase();
      const rank = (v.kind === "contact" ? 0 : 2) +
        (/^(hello|hi|contact|info|team|support|help|sales)$/.test(local) ? 0 : 1) +
        (/^(privacy|legal|abuse|noreply|no-reply|dpo|gdpr|security)$/.test(local) ? 5 : 0);
      candidates.push({ email, view: v, rank });
    }
  }
  candidates.sort((a, b) => a.rank - b.rank);
  const c = candidates[0];
  if (!c) {
    for (const v of views) {
      for (const o of jsonLdObjects(v)) {
        const email = typeof o.email === "string"
          ? normalizeQuoteText(o.email).replace(/^mailto:/i, "")
          : "";
        const line = v.extras.find((e) => e === `email: ${normalizeQuoteText(String(o.email))}`);
        if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && line) return value(email, [quote(v, line)]);
      }
    }
    return NONE;
  }
  const inText = quoteFor([c.view], c.email, 200);
  return value(c.email, [inText ?? quote(c.view, c.email)]);
}

function draftVideo(views: PageView[]): DraftedValue {
  for (const v of views) {
    const link = (v.page.facts.video_links ?? [])[0];
    if (link) return value(link, [quote(v, link)]);
  }
  return NONE;
}

function draftLogo(views: PageView[]): DraftedValue {
  for (const v of views) {
    const logo = v.page.facts.logo_url;
    if (logo) return value(logo, [quote(v, logo)]);
  }
  for (const v of views) {
    for (const o of jsonLdObjects(v)) {
      const logo = typeof o.logo === "string"
        ? o.logo
        : typeof (o.logo as Record<string, unknown>)?.url === "string"
        ? (o.logo as Record<string, string>).url
        : null;
      if (logo && /^https?:\/\//.test(logo)) return value(logo, [quote(v, logo)]);
    }
  }
  return NONE;
}

// --- FAQs, founders, socials -----------------------------------------------------------------

/** Quotes covering a long text: the text itself when short, else verbatim chunks of it. */
function chunkQuotes(views: PageView[], text: string, prefer: PageView): EvidenceQuote[] | null {
  const t = normalizeQuoteText(text);
  const onPage = (v: PageView) => v.text.includes(t) || v.extras.some((e) => e.includes(t));
  const v = onPage(prefer) ? prefer : views.find(onPage);
  if (!v) return null;
  if (t.length <= MAX_QUOTE_CHARS) return [quote(v, t)];
  const out: EvidenceQuote[] = [];
  const sentences = t.split(SENTENCE_END_RE);
  let current = "";
  for (const s of sentences) {
    if (current && (current + " " + s).length > MAX_QUOTE_CHARS) {
      out.push(quote(v, current));
      current = "";
    }
    current = current ? `${current} ${s}` : s;
    if (current.length > MAX_QUOTE_CHARS) return null;
  }
  if (current) out.push(quote(v, current));
  return out;
}

function draftFaqs(views: PageView[]): DraftProposal["faqs"] {
  const out: DraftProposal["faqs"] = [];
  const ordered = [
    ...views.filter((v) => v.kind === "faq"),
    ...views.filter((v) => v.kind !== "faq"),
  ];
  for (const v of ordered) {
    for (const f of v.page.facts.faqs ?? []) {
      if (out.length >= 10) return out;
      const question = normalizeQuoteText(f.question ?? "");
      const answer = normalizeQuoteText(f.answer ?? "");
      if (!question || !answer || question.length > 300 || answer.length > 1500) continue;
      if (out.some((o) => looseText(o.question) === looseText(question))) continue;
      const qq = chunkQuotes(views, question, v);
      const aq = chunkQuotes(views, answer, v);
      if (!qq || !aq) continue;
      out.push({ question, answer, evidence: [...qq, ...aq] });
    }
  }
  return out;
}

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

function draftFounders(views: PageView[]): DraftProposal["founders"] {
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

function draftSocials(views: PageView[]): DraftProposal["company_socials"] {
  const out: DraftProposal["company_socials"] = {};
  for (const v of views) {
    for (const [key, url] of Object.entries(v.page.facts.socials ?? {})) {
      if (
        !(SOCIAL_KEYS as readonly string[]).includes(key) || out[key] || !/^https?:\/\//.test(url)
      ) continue;
      out[key] = value(url, [quote(v, url)]);
    }
  }
  return out;
}

// --- story, milestones -----------------------------------------------------------------------

const STORY_HEADINGS: { section: StorySection; re: RegExp }[] = [
  {
    section: "why_started",
    re:
      /\b(why we (?:started|built|created|made)|why .* exists|how (?:it|we) (?:all )?(?:started|began)|the beginning|origin)\b/iu,
  },
  { section: "problem", re: /\b(the problem|problem we solve|what'?s wrong|the challenge we)\b/iu },
  {
    section: "journey",
    re: /\b(our journey|the journey|how we got here|timeline|our history|history)\b/iu,
  },
  { section: "challenges", re: /\b(challenges|what was hard|hardest)\b/iu },
  {
    section: "achievements",
    re: /\b(achievements|milestones so far|what we'?ve achieved|by the numbers)\b/iu,
  },
  { section: "lessons", re: /\b(lessons|what we learned|what we'?ve learned)\b/iu },
  {
    section: "whats_next",
    re: /\b(what'?s next|the road ahead|roadmap|looking ahead|the future)\b/iu,
  },
  { section: "story", re: /\b(our story|the story|story behind|how it started)\b/iu },
];
const STORY_CUES: { section: StorySection; re: RegExp }[] = [
  {
    section: "why_started",
    re:
      /\b(we started|i started|we built|we created|started .+ because|because we|it all started|the idea came|born out of|got tired of|were tired of)\b/iu,
  },
  {
    section: "problem",
    re:
      /\b(problem|struggl\w*|painful|tedious|wasted? (?:hours|time|days)|spent hours|frustrat\w*|too (?:many|much|hard|complicated))\b/iu,
  },
  {
    section: "whats_next",
    re:
      /\b(next(?: year| up)?,? we|we'?re (?:now )?working on|we plan to|on our roadmap|coming next)\b/iu,
  },
];

function sectionText(view: PageView, heading: Segment): Segment[] {
  const i = view.segments.indexOf(heading);
  const out: Segment[] = [];
  for (const seg of view.segments.slice(i + 1)) {
    if (seg.heading) break;
    if (seg.excluded) continue;
    if (seg.end - (out[0]?.start ?? seg.start) > MAX_PROSE_QUOTE) break;
    out.push(seg);
  }
  return out.filter((s) => words(s.text).length >= 4);
}

function draftStory(views: PageView[]): DraftProposal["story"] {
  const out: DraftProposal["story"] = {};
  const about = views.filter((v) => v.kind === "about");
  for (const v of about) {
    for (const seg of v.segments) {
      if (!seg.heading || seg.excluded) continue;
      const match = STORY_HEADINGS.find((h) => h.re.test(seg.text));
      if (!match || out[match.section]) continue;
      const body = sectionText(v, seg);
      if (body.length === 0) continue;
      const text = v.text.slice(body[0].start, body[body.length - 1].end);
      out[match.section] = value(text, [quote(v, text)]);
      if (match.section === "story" && !out.title) {
        out.title = value(seg.text, [quote(v, seg.text)]);
      }
    }
    for (const cue of STORY_CUES) {
      if (out[cue.section]) continue;
      const seg = v.segments.find((s) => isProse(s, 5) && cue.re.test(s.text));
      if (seg) out[cue.section] = value(seg.text, [quote(v, seg.text)]);
    }
    if (!out.story) {
      const runs = proseRuns(v, 600, 1);
      if (runs[0] && Object.keys(out).length > 0) out.story = value(runs[0], [quote(v, runs[0])]);
    }
  }
  return out;
}

const MONTH_NAMES =
  "January|February|March|April|May|June|July|August|September|October|November|December";
const DATED_RE = new RegExp(
  `\\b(?:(?:in|on|by|since)\\s+)?(?:(\\d{1,2})\\s+)?(?:(${MONTH_NAMES}|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\\.?\\s+)?(?:(\\d{1,2}),?\\s+)?((?:19|20)\\d\\d)\\b,?\\s*`,
  "iu",
);

/** Past events worth a milestone when a sentence dates them ("founded in 2021", "shipped in 2023"). */
const EVENT_RE =
  /\b(founded|started|launched|shipped|released|raised|opened|reached|passed|crossed|acquired|joined|won|incorporated)\b/iu;

function draftMilestones(views: PageView[]): DraftProposal["milestones"] {
  const out: DraftProposal["milestones"] = [];
  for (const v of views) {
    v.segments.forEach((seg, i) => {
      if (seg.excluded || out.length >= 20) return;
      let text = seg.text;
      const dateSource = seg.text;
      let quoteText = seg.text;
      // A timeline entry: the heading is the date, the next sentence says what happened.
      if (seg.heading && DATED_RE.test(seg.text) && seg.text.replace(DATED_RE, "").trim() === "") {
        const next = v.segments[i + 1];
        if (!next || next.heading || next.excluded) return;
        text = next.text;
        quoteText = v.text.slice(seg.start, next.end);
        if (quoteText.length > 300) return;
      } else if (seg.heading || !isProse(seg, 4, false)) return;
      else {
        const m = seg.text.match(DATED_RE);
        if (!m) return;
        const dated = m.index! <= 3 || m[2] || /^(?:in|on|by|since)\b/i.test(m[0]);
        if (!dated) return;
        if (m.index! <= 3) text = seg.text.slice(m.index! + m[0].length);
        else if (m[2]) {
          text = (seg.text.slice(0, m.index) + " " + seg.text.slice(m.index! + m[0].length)).trim();
        } else if (EVENT_RE.test(seg.text) && seg.text.length <= 200) text = seg.text;
        else return;
      }
      const m = dateSource.match(DATED_RE);
      if (!m) return;
      const year = m[4];
      const months = monthsWithYear(dateSource, year);
      const month = months[0] ?? (m[2] ? monthIndex(m[2]) : 0);
      const day = m[1] ?? m[3];
      const date = `${year}-${String(month || 1).padStart(2, "0")}-${
        month && day ? String(Number(day)).padStart(2, "0") : "01"
      }`;
      if (Number.isNaN(Date.parse(date))) return;
      if (/\b(copyright|©|all rights reserved)\b/i.test(seg.text)) return;
      const title = text.replace(/^[,\s]+/, "").replace(/[.!]$/, "").replace(
        /^./,
        (c) => c.toUpperCase(),
      ).slice(0, 200);
      if (words(title).length < 2) return;
      out.push({
        date,
        title,
        description: null,
        url: null,
        evidence: [quote(v, windowAround(quoteText, title.slice(0, 20), 300))],
      });
    });
  }
  const seen = new Set<string>();
  return out.filter((m) => {
    const k = `${m.date} ${looseText(m.title)}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  }).sort((a, b) => a.date.localeCompare(b.date));
}

function monthIndex(name: string): number {
  return MONTH_NAMES.split("|").findIndex((m) =>
    m.toLowerCase().startsWith(name.slice(0, 3).toLowerCase())
  ) + 1;
}
