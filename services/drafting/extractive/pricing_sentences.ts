/**
 * The sentences of a site that state the product's prices: which count as prices, which state a
 * free tier (not a trial, a free extra, another product's plan or an ended offer), which price by
 * a unit of use rather than by a period, and prices set out under their own headings.
 */
import type { EvidenceQuote } from "../evidence.ts";
import type { PageView, Segment } from "./pages.ts";
import { quote, windowAround } from "./pages.ts";
import { words } from "../text.ts";
import {
  FREE_PLAN_RE,
  ONE_TIME_RE,
  PRE_ORDER_RE,
  pricedLine,
  TRIAL_RE,
  withoutOtherFree,
} from "../vocabulary.ts";
import { CALL_TO_ACTION_RE, COMMISSION_RE, PRICE_START_RE, pricingLines } from "./pricing_lines.ts";
import { PERIOD_WORD_RE, PRICE_RE, PRICE_TAIL_RE } from "./pricing_rows.ts";

/** An offer no longer made ("the old lifetime deal has ended", "our launch price ended on 1 March"). */
export const ENDED_RE =
  /\b(?:has|have) ended\b|(?<!-)\bended (?:on|in|at|last)\b|\bexpired\b|\bno longer\b|\bdiscontinued\b|\bretired\b|\bused to\b/iu;

/** A price per unit of use ("$0.002 per request", "€0.05 / SMS"), not per period or per seat. */
export const UNIT_PRICE_RE =
  /(?:[$€£]\s?\d[\d,.]*|\d[\d,.]*\s?(?:[$€£]|usd|eur|gbp))\s*(?:per|\/|a|each)\s+(?:[\d,.]+\s+)?(?!month|mo\b|year|yr\b|annum|week|user|seat|agent|member|person|practitioner|editor|admin|team)([a-z][a-z-]+)/iu;

/** When metered use is invoiced ("billed monthly"), not a fee per period. */
const CADENCE_RE =
  /\b(?:billed|invoiced|charged)\s+(?:monthly|yearly|annually|quarterly|every month|each month|at the end of (?:each|every|the) month)\b/giu;

/** Pay-as-you-go stated in the product's own pricing lines. */
export const PAYG_RE =
  /\b(?:pay[- ]as[- ]you[- ]go|usage[- ]based (?:pricing|billing)|metered (?:pricing|billing)|no minimum|(?:you )?only pay for (?:the|what) \p{L}+)/iu;

/**
 * A prepaid pack of credits or tokens ("1,000 credits for $10", "500 tokens = €5"): bought as used,
 * not a fee per period (a pack "a month" is caught by the period check).
 */
const CREDIT_PACK_RE =
  /\b\d[\d,.]*\s+(?:credits?|tokens?)\s+(?:for|=|costs?)\s+(?:[$€£]\s?\d|\d[\d,.]*\s?(?:[$€£]|usd|eur|gbp)(?![\p{L}]))/iu;

/**
 * Whether a line prices by use: a unit price and no billing period. On a site that states
 * pay-as-you-go, "billed monthly" after a unit price says when the usage is invoiced, not a fee.
 */
export function usagePriced(text: string, payg: boolean): boolean {
  if (!UNIT_PRICE_RE.test(text) && !CREDIT_PACK_RE.test(text)) return false;
  return !PERIOD_WORD_RE.test(payg ? text.replace(CADENCE_RE, " ") : text);
}

/**
 * The price a block starts with, with its billing words ("€49", "$12 / month"), when the block
 * holds only that or the next element starts after it ("€49 Yours to keep": a new capital, no
 * sentence running on from the amount as in "€49 is what others charge").
 */
function priceAtStart(text: string): string | null {
  const m = text.match(PRICE_START_RE);
  if (!m) return null;
  const tail = text.slice(m[0].length).match(PRICE_TAIL_RE)?.[0] ?? "";
  const price = (m[0] + tail).trim();
  const rest = text.slice(m[0].length + tail.length);
  return rest.trim() === "" || /^\s+\p{Lu}/u.test(rest) ? price : null;
}

/**
 * Prices set out as a heading with the price right under it ("Lifetime licence" / "€49"), in
 * the product's own pricing lines (not under a products, news or add-ons heading) on pages whose
 * plan cards the extractor did not read: each a plan.
 */
export function headingPrices(
  views: PageView[],
): { view: PageView; plan: string; price: string }[] {
  const out: { view: PageView; plan: string; price: string }[] = [];
  const carded = (v: PageView) => (v.page.facts.pricing ?? []).length > 0;
  for (const { view, seg } of pricingLines(views.filter((v) => !carded(v)))) {
    const h = view.segments[view.segments.indexOf(seg) - 1];
    const h1 = (view.page.facts.headings ?? []).find((x) => x.level === 1)?.text;
    if (!h?.heading || h.excluded || h.text === h1 || h.text.length > 60) continue;
    const price = priceAtStart(seg.text);
    if (price && !PRICE_RE.test(h.text)) out.push({ view, plan: h.text, price });
  }
  return out;
}

/**
 * Sentences that state prices or free plans, pricing page first and FAQ pages last (at most
 * `max`), still offered.
 */
export function priceSegments(views: PageView[], max: number): { view: PageView; seg: Segment }[] {
  const out: { view: PageView; seg: Segment }[] = [];
  const ordered = [
    ...views.filter((v) => v.kind === "pricing"),
    ...views.filter((v) => v.kind === "home"),
    ...views.filter((v) => v.kind !== "pricing" && v.kind !== "home" && v.kind !== "faq"),
    ...views.filter((v) => v.kind === "faq"),
  ];
  for (const { view: v, seg, pricing } of pricingLines(ordered)) {
    if (out.length >= max) return out;
    if (seg.text.length > 300 || ENDED_RE.test(seg.text)) continue;
    // An amount counts only as a price on a pricing page or section, or with a price word, a
    // period or a unit next to it.
    if (
      (PRICE_RE.test(seg.text) && (pricing || pricedLine(seg.text))) || freeTier(seg.text) ||
      TRIAL_RE.test(seg.text) || ONE_TIME_RE.test(seg.text) || COMMISSION_RE.test(seg.text)
    ) {
      if (!/[.!?]$/.test(seg.text) && !seg.item && words(seg.text).length > 8) continue;
      out.push({ view: v, seg });
    }
  }
  return out;
}

/**
 * A free tier stated: not a trial, not free shipping or a free call-out, not another product's
 * plan ("Vercel's free plan", "the free tier of Grafana Cloud").
 */
export function freeTier(text: string): boolean {
  if (TRIAL_RE.test(text)) return false;
  const kept = withoutOtherFree(text);
  const m = kept.match(FREE_PLAN_RE);
  if (!m) return false;
  const before = kept.slice(0, m.index);
  const after = kept.slice(m.index! + m[0].length);
  return !/['’]s\s*$/u.test(before) && !/^\s+(?:of|from|at)\s+\p{Lu}/u.test(after);
}

/**
 * Whether a line is a button's or a link's label ("Start your free trial", "Try it free"), an
 * invitation rather than a statement of what is offered: the text of one of the page's links, or a
 * short imperative without a full stop.
 */
export function callToAction(view: PageView, text: string): boolean {
  const t = text.trim();
  if ((view.page.facts.links ?? []).some((l) => l.text.trim() === t)) return true;
  return CALL_TO_ACTION_RE.test(t) && words(t).length <= 8;
}

/** Free-plan words that state no free plan: a sign-up button, an amount alone ("$0 setup"). */
const WEAK_FREE_RE =
  /^(?:(?:get started|start|sign up|subscribe|join)(?: for)? free|[$€£]0|free download)$/iu;
/** A denial the vocabulary does not read ("We don't have a free plan", "No. …"). */
const DENIED_RE = /^no\b|\b(?:don'?t|do not|doesn'?t|does not|without)\b/iu;

/**
 * A sentence of the product's own pricing lines (FAQ answers included) that states a free plan:
 * not a trial, not a free extra, not a denial, not ended, not another product's, not a sign-up
 * button.
 */
export function statedFreePlan(views: PageView[]): EvidenceQuote | null {
  for (const { view, seg } of pricingLines(views)) {
    const text = seg.text;
    const said = text.length <= 300 && /[.!]$/.test(text) && freeTier(text);
    if (!said || ENDED_RE.test(text) || DENIED_RE.test(text)) continue;
    const m = withoutOtherFree(text).match(FREE_PLAN_RE)!;
    if (WEAK_FREE_RE.test(m[0])) continue;
    return quote(view, text);
  }
  return null;
}

/** Whether a sentence states a paid price. */
export function paidSentence(views: PageView[]): boolean {
  return priceSegments(views, 8).some((f) =>
    PRICE_RE.test(f.seg.text) && !/[$€£]\s?0(?![.,]?\d)/.test(f.seg.text)
  );
}

/** The first line that may state the product's price and matches, still offered. */
export function findLine(views: PageView[], re: RegExp): EvidenceQuote | null {
  for (const { view, seg } of pricingLines(views)) {
    const m = seg.text.match(re);
    if (m && !ENDED_RE.test(seg.text)) return quote(view, windowAround(seg.text, m[0], 240));
  }
  return null;
}

/** A named plan's price item ("Pro $3/month", "Pro: $24 / year"): a capitalised name, the price. */
const PLAN_PRICE_ITEM_RE = new RegExp(
  String.raw`^\p{Lu}[\p{L}+]*(?: \p{Lu}[\p{L}+]*)?:? (?:from )?${PRICE_RE.source}`,
  "u",
);

/** Whether only separators (" · ", " | ", ", ", " / ") stand between two segments of a page. */
function besideEachOther(view: PageView, a: Segment, b: Segment): boolean {
  const between = view.text.slice(a.start + a.text.length, b.start);
  return b.start > a.start && /^[\s·•|,/–-]{0,5}$/u.test(between);
}

/**
 * A compact price list ("Free · Pro $3/month", as a store listing or a hero states it, read as the
 * parts "Free" and "Pro $3/month"): a part that is only "Free" right before a named plan's price
 * with its period, only separators between them, in the product's own pricing lines (never an
 * ended offer). Returns both parts.
 */
export function freeItemBesidePlan(
  views: PageView[],
): { free: { view: PageView; seg: Segment }; paid: { view: PageView; seg: Segment } } | null {
  let before: { view: PageView; seg: Segment } | null = null;
  for (const line of pricingLines(views)) {
    const { view, seg } = line;
    const prev = before?.view === view ? before.seg : null;
    if (
      prev && /^free$/iu.test(prev.text.trim()) && besideEachOther(view, prev, seg) &&
      PLAN_PRICE_ITEM_RE.test(seg.text) && PERIOD_WORD_RE.test(seg.text) &&
      !ENDED_RE.test(seg.text)
    ) {
      return { free: { view, seg: prev }, paid: line };
    }
    before = line;
  }
  return null;
}

/**
 * A pre-order of something with a paid price (a plan card or a price sentence): "Pre-order now and
 * we charge your card when your Humbox ships" beside "€249", a purchase made once. The caller rules
 * out a recurring price and any free option on the site.
 */
export function preOrder(views: PageView[], paidPlan: boolean): EvidenceQuote | null {
  if (!paidPlan && !paidSentence(views)) return null;
  return findLine(views, PRE_ORDER_RE);
}
