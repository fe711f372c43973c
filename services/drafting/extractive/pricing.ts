/**
 * Pricing: the model (free, freemium, subscription, usage-based, ...) and a summary of the plans,
 * from pricing cards first, then JSON-LD offers, then sentences that state prices.
 */
import { type DraftedValue, type EvidenceQuote } from "../evidence.ts";
import type { PageView, Segment } from "./pages.ts";
import { NONE, quote, value, windowAround } from "./pages.ts";
import { containsPhrase, looseText, normalizeQuoteText, words } from "../text.ts";
import {
  CONTACT_SALES_RE,
  FREE_PLAN_RE,
  ONE_TIME_RE,
  OPEN_SOURCE_RE,
  pricedLine,
  PRICING_SIGNALS,
  type PricingModel,
  TRIAL_RE,
  withoutOtherFree,
} from "../vocabulary.ts";
import { COMMISSION_RE, freeHint, othersPrices, pricingLines } from "./pricing_lines.ts";
import {
  amountsIn,
  isWholeTail,
  ldOffers,
  offerPart,
  PERIOD_WORD_RE,
  periodRows,
  PRICE_RE,
  PRICE_TAIL_RE,
  quoteThrough,
  sameAmount,
  unitRows,
} from "./pricing_rows.ts";

const PRICE_ONLY_RE = new RegExp(`^${PRICE_RE.source}$`, "iu");

function pricingPlans(views: PageView[]) {
  const plans: { plan: string; price: string | null; features: string[]; view: PageView }[] = [];
  const seen = new Set<string>();
  // A comparison, careers or integrations page's table holds other products' prices.
  for (const v of views.filter((v) => !othersPrices(v))) {
    for (const p of v.page.facts.pricing ?? []) {
      const plan = normalizeQuoteText(p.plan ?? "");
      // A plan "named" by a price is a table read the wrong way round (a header-less table of
      // "service | price" rows): not a plan.
      if (!plan || seen.has(looseText(plan)) || PRICE_ONLY_RE.test(plan)) continue;
      seen.add(looseText(plan));
      const price = p.price ? normalizeQuoteText(p.price) : null;
      plans.push({ plan, price, features: (p.features ?? []).map(normalizeQuoteText), view: v });
    }
  }
  return plans;
}

function isFreePrice(price: string | null, plan: string): boolean {
  const t = `${price ?? ""}`;
  return /(^|[^\d])0([.,]00)?(\s|$|\/)|\bfree\b/i.test(t) || (!price && /\bfree\b/i.test(plan));
}

/** A plan card with a paid amount. */
function isPaidPlan(p: { plan: string; price: string | null }): boolean {
  return !!p.price && !isFreePrice(p.price, p.plan) && PRICE_RE.test(p.price);
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
      to += view.text.slice(to, to + 40).match(PRICE_TAIL_RE)?.[0].length ?? 0;
      const text = view.text.slice(from, to).trim();
      if (!view.excludedSpans.some(([s, e]) => s < to && e > from)) return quote(view, text);
    }
    at = lower.indexOf(plan.toLowerCase(), at + 1);
  }
  return price ? priceFirstQuote(view, plan, price) : null;
}

/**
 * The words right after a price ("/ month", "per user per month"), at most 24 characters and never
 * past the next heading: not the next section's "200,000 pages a month".
 */
function priceContext(p: { view: PageView; price: string | null }): string {
  const at = p.view.text.indexOf(p.price!);
  if (at < 0) return p.price!;
  const heading = p.view.segments.find((s) => s.heading && s.start > at);
  return p.view.text.slice(at, Math.min(at + p.price!.length + 24, heading?.start ?? Infinity));
}

/**
 * A price-list row billed by a unit in its own column ("Receipts | page | $0.01" under "Unit" and
 * "Price per unit"): the quote from the column headers through the row, when it names the unit.
 */
function unitQuote(
  p: { view: PageView; plan: string; price: string | null; features: string[] },
): EvidenceQuote | null {
  const rows = unitRows(p);
  const q = rows.length > 0 ? planQuote(p.view, p.plan, p.price) : null;
  const wide = q ? quoteThrough(p.view, q, rows) : null;
  return wide && PRICING_SIGNALS["Usage-based"].test(wide.quote) ? wide : null;
}

/** A card that shows its price before its name ("$19 / month Starter"): price to name. */
function priceFirstQuote(view: PageView, plan: string, price: string): EvidenceQuote | null {
  const lower = view.text.toLowerCase();
  for (let p = view.text.indexOf(price); p >= 0; p = view.text.indexOf(price, p + 1)) {
    const at = lower.indexOf(plan.toLowerCase(), p + price.length);
    if (at < 0 || at + plan.length - p > 120) continue;
    const to = at + plan.length;
    if (view.excludedSpans.some(([s, e]) => s < to && e > p)) continue;
    return quote(view, view.text.slice(p, to).trim());
  }
  return null;
}

const UNIT_PRICE_RE =
  /(?:[$€£]\s?\d[\d,.]*|\d[\d,.]*\s?(?:[$€£]|usd|eur|gbp))\s*(?:per|\/|a|each)\s+(?:[\d,.]+\s+)?(?!month|mo\b|year|yr\b|annum|week|user|seat|agent|member|person|practitioner|editor|admin|team)([a-z][a-z-]+)/iu;

/** Sentences that state prices or free plans, pricing page first (at most `max`). */
function priceSegments(views: PageView[], max: number): { view: PageView; seg: Segment }[] {
  const out: { view: PageView; seg: Segment }[] = [];
  const ordered = [
    ...views.filter((v) => v.kind === "pricing"),
    ...views.filter((v) => v.kind === "home"),
    ...views.filter((v) => v.kind !== "pricing" && v.kind !== "home" && v.kind !== "faq"),
  ];
  for (const { view: v, seg, pricing } of pricingLines(ordered)) {
    if (out.length >= max) return out;
    if (seg.text.length > 300) continue;
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

/** A free tier stated (not a trial, not free shipping or a free call-out). */
function freeTier(text: string): boolean {
  return FREE_PLAN_RE.test(withoutOtherFree(text)) && !TRIAL_RE.test(text);
}

/** Free-plan words that state no free plan: a sign-up button, an amount alone ("$0 setup"). */
const WEAK_FREE_RE =
  /^(?:(?:get started|start|sign up|subscribe|join)(?: for)? free|[$€£]0|free download)$/iu;
/** A denial the vocabulary does not read ("We don't have a free plan", "No. …"). */
const DENIED_RE = /^no\b|\b(?:don'?t|do not|doesn'?t|does not|without)\b/iu;

/**
 * A sentence of the product's own pricing lines (FAQ answers included) that states a free plan:
 * not a trial, not a free extra, not a denial, not ended, not another product's ("Slack's free
 * plan"), not a sign-up button.
 */
function statedFreePlan(views: PageView[]): EvidenceQuote | null {
  for (const { view, seg } of pricingLines(views)) {
    const text = seg.text;
    const said = text.length <= 300 && /[.!]$/.test(text) && freeTier(text);
    if (!said || ENDED_RE.test(text) || DENIED_RE.test(text)) continue;
    const kept = withoutOtherFree(text);
    const m = kept.match(FREE_PLAN_RE)!;
    if (WEAK_FREE_RE.test(m[0]) || /['’]s\s*$/u.test(kept.slice(0, m.index))) continue;
    return quote(view, text);
  }
  return null;
}

/** A one-time price still offered (not "the old lifetime deal has ended"). */
const ENDED_RE = /\b(?:has|have) ended\b|\bno longer\b|\bdiscontinued\b|\bretired\b|\bused to\b/iu;

/**
 * The pricing model the plans, offers or price sentences show. Precision first: a paid-only model
 * (Subscription, One-time) is kept only when nothing on the site suggests a free option.
 */
export function draftPricingModel(views: PageView[]): DraftedValue {
  const drafted = modelFromEvidence(views);
  const paidOnly = drafted.value === "Subscription" || drafted.value === "One-time";
  return paidOnly && freeHint(views) ? NONE : drafted;
}

function modelFromEvidence(views: PageView[]): DraftedValue {
  const plans = pricingPlans(views);
  const pick = (model: PricingModel, quotes: (EvidenceQuote | null)[]) =>
    value<string>(model, quotes);
  // Open source is Free only when nothing is sold beside it (no paid plan, no paid price
  // sentence: "the agent is open source; the hosted cloud costs €4 per device a month").
  const openSource = findSegment(views, OPEN_SOURCE_RE);
  const allFree = plans.length === 0
    ? !paidSentence(views)
    : plans.every((p) => isFreePrice(p.price, p.plan));
  if (openSource && allFree) return pick("Free", [openSource]);
  // A one-time price next to a recurring one is an add-on (hardware, setup), not the model.
  const oneTime = findLine(views, ONE_TIME_RE);
  if (oneTime && !recurringPrice(views, plans)) return pick("One-time", [oneTime]);
  if (plans.length > 0) {
    const free = plans.filter((p) => isFreePrice(p.price, p.plan));
    const paid = plans.filter(isPaidPlan);
    const unit = paid.find((p) =>
      UNIT_PRICE_RE.test(priceContext(p)) && !PERIOD_WORD_RE.test(p.price!)
    );
    if (unit) return pick("Usage-based", [planQuote(unit.view, unit.plan, unit.price)]);
    const listed = paid.map(unitQuote).find((q) => q !== null);
    if (listed) return pick("Usage-based", [listed]);
    if (free.length > 0 && paid.length > 0) {
      return pick("Freemium", [
        planQuote(free[0].view, free[0].plan, free[0].price),
        planQuote(paid[0].view, paid[0].plan, paid[0].price),
      ]);
    }
    // Only paid cards, and the product's own lines (an FAQ answer) state a free plan.
    const paidQuote = paid.length > 0 && free.length === 0
      ? planQuote(paid[0].view, paid[0].plan, paid[0].price)
      : null;
    const freeLine = paidQuote ? statedFreePlan(views) : null;
    if (freeLine) return pick("Freemium", [freeLine, paidQuote]);
    // A free plan card next to a paid plan whose price is only in its sentence: read the
    // sentences below rather than call the product free.
    if (free.length > 0 && paid.length === 0 && !paidSentence(views)) {
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
  const cut = found.find((f) => COMMISSION_RE.test(f.seg.text));
  if (cut) return pick("Usage-based", [q(cut)]);
  const freePlan = found.find((f) => freeTier(f.seg.text));
  if (freePlan && withPrice.length > 0) return pick("Freemium", [q(freePlan), q(withPrice[0])]);
  const periodic = withPrice.find((f) => PERIOD_WORD_RE.test(f.seg.text));
  if (periodic) return pick("Subscription", [q(periodic)]);
  // A paid plan card rules out Free: a free line then speaks of something else.
  if (plans.some(isPaidPlan)) return NONE;
  if (freePlan) return pick("Free", [q(freePlan)]);
  const free = findLine(
    views,
    /\b(free forever|completely free|100% free|always free|free to use|free of charge|free (?:while|during) (?:in |the |our )?(?:beta|early access|preview))\b/iu,
  );
  if (free) return pick("Free", [free]);
  const sales = findLine(views, CONTACT_SALES_RE);
  if (sales) return pick("Contact sales", [sales]);
  return NONE;
}

/** Whether a plan card or a sentence states a paid price per period. */
function recurringPrice(views: PageView[], plans: ReturnType<typeof pricingPlans>): boolean {
  return plans.some((p) => isPaidPlan(p) && PERIOD_WORD_RE.test(p.price!)) ||
    priceSegments(views, 8).some((f) =>
      PRICE_RE.test(f.seg.text) && PERIOD_WORD_RE.test(f.seg.text) &&
      !ONE_TIME_RE.test(f.seg.text)
    );
}

/** Whether a sentence states a paid price. */
function paidSentence(views: PageView[]): boolean {
  return priceSegments(views, 8).some((f) =>
    PRICE_RE.test(f.seg.text) && !/[$€£]\s?0(?![.,]?\d)/.test(f.seg.text)
  );
}

/** The first line that may state the product's price and matches, still offered. */
function findLine(views: PageView[], re: RegExp): EvidenceQuote | null {
  for (const { view, seg } of pricingLines(views)) {
    const m = seg.text.match(re);
    if (m && !ENDED_RE.test(seg.text)) return quote(view, windowAround(seg.text, m[0], 240));
  }
  return null;
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

/**
 * JSON-LD offers named as a plan card whose amount the card does not show: the card shows one
 * billing period (a toggle's default), the offer states the other.
 */
function otherPeriodOffers(views: PageView[], plans: { plan: string; price: string | null }[]) {
  return ldOffers(views).filter((o) => {
    const card = plans.find((p) => looseText(p.plan) === looseText(o.name));
    return !!card?.price && !amountsIn(card.price).some((a) => sameAmount(a, o.price));
  });
}

/** The plans with their prices (and a trial stated next to them), or the price sentences. */
export function draftPricingSummary(views: PageView[]): DraftedValue {
  const cards = pricingPlans(views).slice(0, 5);
  // Only free cards while a sentence states the paid price: the sentences tell the plans better.
  const onlyFree = cards.every((p) => isFreePrice(p.price, p.plan)) && paidSentence(views);
  const plans = onlyFree ? [] : cards;
  const parts: string[] = [];
  const quotes: EvidenceQuote[] = [];
  for (const p of plans) {
    const q = planQuote(p.view, p.plan, p.price);
    if (!q) continue;
    let price = p.price ?? "";
    const tail = q.quote.slice(q.quote.lastIndexOf(price) + price.length).trim();
    if (price && tail && isWholeTail(tail) && !price.includes(tail)) {
      price = `${price}${tail.startsWith("/") ? "" : " "}${tail}`;
    }
    const periods = price ? [...periodRows(p), ...unitRows(p)] : [];
    const wide = periods.length > 0 ? quoteThrough(p.view, q, periods) : null;
    if (wide) {
      parts.push(`${p.plan}: ${price} (${periods.map((r) => `${r.label}: ${r.cell}`).join("; ")})`);
      quotes.push(wide);
      continue;
    }
    parts.push(price ? `${p.plan}: ${price}` : p.plan);
    quotes.push(q);
  }
  if (parts.length > 0) {
    // A plan's other billing period stated only in a JSON-LD offer of the same name.
    for (const o of otherPeriodOffers(views, plans)) {
      parts.push(offerPart(o));
      quotes.push(...o.quotes);
    }
    // A trial stated next to the plans belongs to the summary.
    const trial = priceSegments(views, 8).find((f) =>
      TRIAL_RE.test(f.seg.text) && f.seg.text.length <= 200
    );
    if (trial) {
      // A trial sentence that restates the plans adds only its trial: no plan twice.
      const repeats = PRICE_RE.test(trial.seg.text) ||
        plans.some((p) => containsPhrase(trial.seg.text, p.plan));
      parts.push(
        repeats ? trial.seg.text.match(TRIAL_RE)![0] : trial.seg.text.replace(/[.!]$/, ""),
      );
      quotes.push(quote(trial.view, trial.seg.text));
    }
    const text = parts.join("; ");
    return text.length <= 500 ? value(text, quotes) : NONE;
  }
  // Offers without a period next to a sentence's recurring price are add-ons: use the sentences.
  const offers = ldOffers(views);
  const addOns = offers.every((o) => !PERIOD_WORD_RE.test(o.note)) && recurringPrice(views, []);
  if (offers.length > 0 && !addOns) {
    const text = offers.map(offerPart).join("; ");
    return value(text, offers.flatMap((o) => o.quotes));
  }
  // No plan cards: the sentences that state prices, verbatim.
  const found = priceSegments(views, 8);
  const kept: { view: PageView; seg: Segment }[] = [];
  const stated = new Set<string>();
  for (const f of found) {
    if (kept.length >= 4) break;
    if (kept.map((k) => k.seg.text).join(" ").length + f.seg.text.length > 400) break;
    // A short line that only repeats a price already kept ("Buy Framecraft for $29") adds nothing.
    const amounts = amountsIn(f.seg.text);
    if (amounts.length > 0 && amounts.every((a) => stated.has(a)) && words(f.seg.text).length < 8) {
      continue;
    }
    amounts.forEach((a) => stated.add(a));
    kept.push(f);
  }
  const stating = (t: string) => PRICE_RE.test(t) || freeTier(t) || COMMISSION_RE.test(t);
  if (!kept.some((k) => stating(k.seg.text))) return NONE;
  // Each sentence or line its own part: a line without a full stop does not run into the next.
  const text = kept.map((k) => k.seg.text.replace(/[.!]$/, "")).join("; ");
  return value(text, kept.map((k) => quote(k.view, k.seg.text)));
}
