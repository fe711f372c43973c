/**
 * A page as drafters read it when part of its content is outside the visible text: a
 * client-rendered app whose body is (nearly) empty gets its app JSON strings as text blocks, and
 * every page gets its content images' alt texts as blocks. The strings are appended after the
 * visible text, one block each, the cards (one object's strings; one alt text) apart by an
 * excluded separator, and the facts drafters use gain what the JSON's shape shows:
 * the first headline (else a tagline key) as an h1, people's names as h3 headings, other arrays of cards as
 * content lists, plans as pricing, question/answer pairs as FAQs, e-mail addresses as emails; an alt text that names a plan
 * with its price ("Starter plan: $9 per month") is a plan too.
 *
 * Drafters quote these blocks like visible text; `honestQuote` (extractive/pages.ts) then names
 * the source each quote stands in ("app" with the JSON path, "alt" with the image URL), and a
 * quote joined across two blocks stays a text quote, which the verifier drops.
 */
import type { EvidencePage, PageFacts } from "../evidence.ts";
import { normalizeQuoteText, words as wordList } from "../text.ts";
import { appCards, parentPath } from "./app_json.ts";

/** Visible text shorter than this leaves a page's content to its app JSON. */
export const THIN_TEXT_CHARS = 300;

/** Whether a page's visible text is thin: its content is left to its app's data. */
export function isThin(text: string | null | undefined): boolean {
  return normalizeQuoteText(text ?? "").length < THIN_TEXT_CHARS;
}

const HEADLINE_KEY_RE = /^(?:headline|heading|hero\w*|title|h1)$/i;
// A section's key anywhere in the path, the root's keys included ("state:faq.0", "x:about.team.1").
const PEOPLE_RE = /[.:](?:team|people|founders?|members|staff|authors?|leadership)\b/i;
const PLANS_RE = /[.:](?:plans?|pricing|prices|tiers|packages)\b/i;
const FAQ_RE = /[.:](?:faqs?|questions|qa)\b/i;
const QUOTE_RE = /[.:](?:testimonials?|reviews|quotes|customers|logos|clients)\b/i;
/** Keys that name the product's one-line pitch: its headline when the page has no h1. */
const TAGLINE_KEY_RE = /^(?:tagline|slogan)$/i;
/**
 * "Starter plan: $9 per month", "Team — €29/month": a plan's name and price in one alt text; a
 * named plan's alt text may go on with what the plan includes ("Pro plan: $15 per user per month.
 * Unlimited forms").
 */
const ALT_PLAN_RE =
  /^(\p{L}[\p{L}\p{N} +&]{0,29}?(?:\s+(?:plan|tier|package))?)\s*[:–—-]\s*((?:[$€£¥]\s?\d[\d.,]*|\d[\d.,]*\s?(?:€|\$|£|usd|eur|gbp))(?:\s*(?:\/|per\b)\s*[\p{L} ]{1,30}|\s+forever)?)(?:\.?$|[.;]\s+(\S.*)$)/iu;
/** A plan's name that says it is one ("Pro plan"), needed when the alt text goes on after the price. */
const PLAN_WORD_RE = /\s(?:plan|tier|package)$/i;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PRICE_TEXT_RE = /[$€£¥]\s?\d|\d\s?(?:€|\$|£|usd|eur|gbp)\b|\bfree\b/i;

function words(text: string): number {
  return wordList(text).length;
}

/** Stands between two blocks of different cards: excluded, so nothing is quoted across it. */
export const BLOCK_SEPARATOR = "\u00b6";

/**
 * The page with its app JSON (when its visible text is thin) and alt texts after its visible
 * text; `cards` are the groups of blocks (one card's strings; one alt text), in order.
 */
export function withExtraContent(page: EvidencePage): { page: EvidencePage; cards: string[][] } {
  const f = page.facts;
  const thin = isThin(page.text);
  const facts: PageFacts = {
    ...f,
    headings: [...(f.headings ?? [])],
    lists: [...(f.lists ?? [])],
    pricing: [...(f.pricing ?? [])],
    faqs: [...(f.faqs ?? [])],
    testimonials: [...(f.testimonials ?? [])],
    emails: [...(f.emails ?? [])],
  };
  const cards: string[][] = [];
  if (thin && (f.app_json ?? []).length > 0) cards.push(...appBlocks(f.app_json!, facts));
  for (const a of f.alt_texts ?? []) {
    const text = normalizeQuoteText(a.text);
    cards.push([text]);
    altPlan(text, facts);
  }
  const kept = cards.map((c) => c.filter(Boolean)).filter((c) => c.length > 0);
  if (kept.length === 0) return { page, cards: [] };
  const text = [normalizeQuoteText(page.text ?? ""), ...kept.map((c) => c.join(" "))]
    .filter(Boolean).join(` ${BLOCK_SEPARATOR} `);
  return { page: { ...page, text, facts }, cards: kept };
}

/** The app's strings in order, recording headings, lists, plans and FAQs in `facts`. */
function appBlocks(strings: { path: string; text: string }[], facts: PageFacts): string[][] {
  const out: string[][] = [];
  const headline = facts.headings.some((h) => h.level === 1);
  const cards = appCards(strings.map((s) => ({ path: s.path, text: normalizeQuoteText(s.text) })));
  const lists = new Map<string, string[]>();
  const plans = new Map<string, (PlanRow | null)[]>();
  const titled = !headline && cards.length > 0 && !/\.\d+$/.test(cards[0].path) &&
    HEADLINE_KEY_RE.test(cards[0].keys[0]);
  const pitch = headline || titled ? undefined : taglineOf(cards);
  const sections = sectionPaths(strings);
  if (pitch) facts.headings.push({ level: 1, text: pitch });
  cards.forEach((card, i) => {
    const path = card.path;
    const first = card.texts[0];
    const arrayItem = /\.\d+$/.test(path);
    out.push(card.texts);
    for (const t of card.texts) {
      if (EMAIL_RE.test(t) && !facts.emails.includes(t)) facts.emails.push(t);
    }
    if (titled && i === 0) facts.headings.push({ level: 1, text: first });
    if (!arrayItem || card.texts.length === 0) return;
    if (QUOTE_RE.test(path)) facts.testimonials.push(card.texts.join(" "));
    else if (FAQ_RE.test(path) && card.texts.length >= 2) {
      facts.faqs.push({ question: first, answer: card.texts.slice(1).join(" ") });
    } else if (PLANS_RE.test(path)) {
      const list = parentPath(path);
      plans.set(list, [...(plans.get(list) ?? []), planRow(card.texts)]);
    } else if (PEOPLE_RE.test(path) && card.texts.length >= 2) {
      facts.headings.push({ level: 3, text: first });
    } else if (sections.has(path)) {
      // An item that holds its own lists or cards is a section: its first string heads it.
      facts.headings.push({ level: 2, text: first });
    } else if (first.length <= 120 && words(first) <= 12 && !/[.!?]$/.test(first)) {
      const list = parentPath(path);
      lists.set(list, [...(lists.get(list) ?? []), first]);
    }
  });
  for (const items of lists.values()) if (items.length >= 2) facts.lists!.push(items);
  // A plan whose price the JSON holds only as a number cannot be quoted: its list is left out
  // whole, since the other plans alone (a free one) would misstate the pricing.
  for (const rows of plans.values()) {
    if (rows.every((r) => r !== null)) facts.pricing.push(...(rows as PlanRow[]));
  }
  return out;
}

/** Paths of array items that hold an array of strings or cards of their own: sections. */
function sectionPaths(strings: { path: string }[]): Set<string> {
  const out = new Set<string>();
  for (const s of strings) {
    const parent = parentPath(s.path);
    for (let at = parentPath(parent); at && !at.endsWith(":"); at = parentPath(at)) {
      if (/\.\d+$/.test(at) && /\.\d+(?:\.|$)/.test(s.path.slice(at.length))) out.add(at);
    }
  }
  return out;
}

/** The first string under a tagline or slogan key outside arrays, if any. */
function taglineOf(cards: { path: string; texts: string[]; keys: string[] }[]): string | undefined {
  for (const card of cards) {
    if (/\.\d+$/.test(card.path)) continue;
    const at = card.keys.findIndex((k) => TAGLINE_KEY_RE.test(k));
    if (at >= 0) return card.texts[at];
  }
  return undefined;
}

/** A plan named with its price in an alt text, unless the page's plan cards already have it. */
function altPlan(text: string, facts: PageFacts): void {
  const m = text.match(ALT_PLAN_RE);
  if (!m) return;
  const plan = m[1].trim();
  if (m[3] !== undefined && !PLAN_WORD_RE.test(plan)) return;
  if (facts.pricing.some((p) => p.plan.toLowerCase() === plan.toLowerCase())) return;
  facts.pricing.push({ plan, price: m[2].trim(), features: [] });
}

type PlanRow = PageFacts["pricing"][number];

/** A plan card: its name, then the string that states its price (with its unit); null without. */
function planRow(texts: string[]): PlanRow | null {
  const [plan, ...rest] = texts;
  const at = rest.findIndex((t) => PRICE_TEXT_RE.test(t));
  if (!plan || plan.length > 40 || at < 0) return null;
  const unit = rest[at + 1] && /^(?:\/|per\b|a\b|each\b)/i.test(rest[at + 1]) ? rest[at + 1] : "";
  return { plan, price: unit ? `${rest[at]} ${unit}` : rest[at], features: [] };
}
