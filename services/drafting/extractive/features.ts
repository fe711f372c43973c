/** What the product does: features (feature pages, feature lists and cards) and selling points. */
import { type DraftedValue, type EvidenceQuote } from "../evidence.ts";
import type { PageView, Segment } from "./pages.ts";
import { jsonLdObjects, NONE, quote, similar, value, windowAround } from "./pages.ts";
import { looseText, MIN_QUOTE_CHARS, normalizeQuoteText, words } from "../text.ts";
import { PRICE_RE } from "./pricing_rows.ts";
import { inOtherZone } from "./people.ts";

const GENERIC_HEADING_RE =
  /^(features?|all features|pricing|plans?|faqs?|frequently asked questions|questions\??|about( us)?|contact( us)?|blog|get started|start now|sign up|log ?in|testimonials?|what (our )?(customers|users|people) (say|are saying)|loved by.*|trusted by.*|our (team|story|mission|customers)|team|customers|integrations?|resources|company|product|legal|support|help|newsletter|follow us|how it works|why .*|ready to .*\??|.*\?)$/iu;

function headingList(view: PageView, levels: number[]): Segment[] {
  const wanted = new Set(
    (view.page.facts.headings ?? []).filter((h) => levels.includes(h.level)).map((h) =>
      normalizeQuoteText(h.text)
    ),
  );
  return view.segments.filter((s) =>
    s.heading && !s.excluded && wanted.has(s.text) && !inOtherZone(view, s)
  );
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
  /\b(testimonials?|customers?|say|saying|pricing|plans?|faqs?|questions?|our team|the team|meet|founders?|maintainers?|contributors?|authors?|sponsors?|backers?|advisors?|investors?|blog|journal|posts?|articles?|news|press|careers?|jobs?|contact|legal|compare|logos|changelog|what'?s new|release notes|add-?ons?|extras|archives?|back issues|past (?:issues|editions|letters|episodes)|previous (?:issues|editions|letters|episodes)|(?:choose|pick|select) (?:your|a) (?:subscription|membership|tier)|subscription (?:options|tiers|levels)|membership (?:options|tiers|levels))\b/i;

/** A numbered edition's headline ("Issue 298: …", "Episode 12 — …", "#41: …"): a post, not a feature. */
const EDITION_HEADLINE_RE =
  /^(?:issue|edition|episode|ep\.|letter|vol(?:ume|\.)?|no\.|#)\s?\d+\b/iu;

/** The names of the plans the page's pricing cards state ("Free", "Grower"): never features. */
function planNames(v: PageView): Set<string> {
  return new Set((v.page.facts.pricing ?? []).map((p) => looseText(p.plan)));
}

/**
 * A list item's lead-in: the heading it starts with (a card written as a list item), or the lead
 * of "Lead — explanation" (or of a long "Lead: explanation"); else the whole item.
 */
function leadIn(text: string, headings: string[]): string {
  const heading = headings.find((h) => h.length >= 3 && text.startsWith(`${h} `));
  const m = heading ? [text, heading] : text.match(
    shortItem(text) ? /^(.{3,100}?)\s[—–-]\s/u : /^(.{3,100}?)(?:\s[—–-]\s|:\s)/u,
  );
  // A lead of capitalised words only ("Jane Doe — CEO, ...") is a name, not a feature.
  return m && words(m[1]).length >= 2 && /(?:^|\s)\p{Ll}/u.test(m[1]) ? m[1] : text;
}

/** "Jane Doe — CEO, ...": a person and their role, not a feature. */
const PERSON_ITEM_RE =
  /^\p{Lu}\p{L}+(?:\s\p{Lu}[\p{L}'-]+){1,2}\s?[—–,:-]\s?(?:co-?founder|founder|ceo|cto|coo|cfo|cpo|vp|head|lead|director|engineer|designer|advisor|investor|partner|chair)\b/iu;

/** The page's card headings (h3 to h6), as the segments write them. */
function cardHeadings(v: PageView): string[] {
  return (v.page.facts.headings ?? []).filter((h) => h.level >= 3).map((h) =>
    normalizeQuoteText(h.text)
  );
}

/** An email address, a web address or a phone number: a contact list's item, never a feature. */
const CONTACT_ITEM_RE = /[\w.+-]+@[\w-]+\.\w|https?:\/\/|\bwww\.|\+?\d[\d\s().-]{7,}\d/u;

function shortItem(text: string): boolean {
  return words(text).length <= 14 && text.length <= 160;
}

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
    const headings = cardHeadings(v);
    if (!unique.every((s) => shortItem(leadIn(s.text, headings)))) continue;
    if (unique.some((s) => PERSON_ITEM_RE.test(s.text) || CONTACT_ITEM_RE.test(s.text))) continue;
    if (unique.some((s) => inOtherZone(v, s))) continue;
    // A list whose every item states a price is a price list ("Printer bundle — $249 once").
    if (unique.every((s) => PRICE_RE.test(s.text))) continue;
    const first = unique[0];
    const section = [...v.segments].reverse().find((s) => s.heading && s.end <= first.start);
    if (section && NOT_FEATURE_SECTION_RE.test(section.text)) continue;
    out.push(unique);
  }
  return out;
}

/** Up to 12 features: feature-page headings and lists, home feature lists and cards, featureList. */
export function draftFeatures(views: PageView[]): DraftedValue {
  const items: string[] = [];
  const quotes: EvidenceQuote[] = [];
  const addText = (t: string, q: EvidenceQuote) => {
    const n = words(t).length;
    if (n < 1 || n > 14 || t.length > 160 || GENERIC_HEADING_RE.test(t)) return;
    if (EDITION_HEADLINE_RE.test(t)) return;
    if (items.some((i) => looseText(i) === looseText(t) || similar(i, t))) return;
    items.push(t);
    quotes.push(q);
  };
  const add = (v: PageView, seg: Segment) =>
    addText(seg.text.replace(/[.:]$/, ""), headingQuote(v, seg));
  const addItem = (v: PageView, seg: Segment) =>
    addText(
      leadIn(seg.text, cardHeadings(v)).replace(/[.;]$/, ""),
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
      const plans = planNames(v);
      for (const seg of headingList(v, [3])) {
        if (allowed.has(seg.text) && !plans.has(looseText(seg.text))) add(v, seg);
      }
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

/** Up to five selling points: short sentences with a selling cue (no credit card, EU-hosted, ...). */
export function draftUsps(views: PageView[]): DraftedValue {
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
