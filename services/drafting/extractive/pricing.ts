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
  IN_APP_PURCHASES_RE,
  ONE_TIME_RE,
  OPEN_SOURCE_RE,
  PRICING_SIGNALS,
  type PricingModel,
  TRIAL_RE,
} from "../vocabulary.ts";
import { COMMISSION_RE, freeHint, licenceSection, othersPrices } from "./pricing_lines.ts";
import {
  callToAction,
  findLine,
  freeItemBesidePlan,
  freeTier,
  headingPrices,
  paidSentence,
  PAYG_RE,
  preOrder,
  priceSegments,
  statedFreePlan,
  UNIT_PRICE_RE,
  usagePriced,
} from "./pricing_sentences.ts";
import {
  acrossCards,
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
  SPLIT_AMOUNT_RE,
  unitRows,
} from "./pricing_rows.ts";

const PRICE_ONLY_RE = new RegExp(`^${PRICE_RE.source}$`, "iu");

function pricingPlans(views: PageView[]) {
  const plans: { plan: string; price: string | null; features: string[]; view: PageView }[] = [];
  const seen = new Set<string>();
  // A comparison, careers or integrations page's table holds other products' prices.
  for (const v of views.filter((v) => !othersPrices(v))) {
    // A card whose price the extractor could not read ("$12 99"): no plan of that page is told.
    if (unreadPrices(v)) continue;
    for (const p of v.page.facts.pricing ?? []) {
      const plan = normalizeQuoteText(p.plan ?? "");
      // A plan "named" by a price is a table read the wrong way round (a header-less table of
      // "service | price" rows): not a plan.
      if (!plan || seen.has(looseText(plan)) || PRICE_ONLY_RE.test(plan)) continue;
      seen.add(looseText(plan));
      const price = p.price ? normalizeQuoteText(p.price) : null;
      // A card read over two cards (the other card's price a word the extractor does not know).
      if (price && acrossCards(v, plan, price)) continue;
      plans.push({ plan, price, features: (p.features ?? []).map(normalizeQuoteText), view: v });
    }
  }
  if (plans.length > 0) return plans;
  // No plan cards: prices set out under their own headings.
  for (const h of headingPrices(views)) {
    if (seen.has(looseText(h.plan))) continue;
    seen.add(looseText(h.plan));
    plans.push({ plan: h.plan, price: normalizeQuoteText(h.price), features: [], view: h.view });
  }
  return plans;
}

/**
 * Whether a page has a plan card without a price whose head (from its name to its first feature
 * or the next card's name, at most 120 characters) shows an amount: a price split over elements
 * ("$<span>12</span><span>99</span>") that the extractor left unread.
 */
function unreadPrices(view: PageView): boolean {
  const cards = view.page.facts.pricing ?? [];
  const lower = view.text.toLowerCase();
  return cards.some((card, i) => {
    if (card.price || !card.plan) return false;
    const at = lower.indexOf(normalizeQuoteText(card.plan).toLowerCase());
    if (at < 0) return false;
    const from = at + card.plan.length;
    const ends = [cards[i + 1]?.plan, card.features?.[0]]
      .map((t) => (t ? lower.indexOf(normalizeQuoteText(t).toLowerCase(), from) : -1))
      .filter((e) => e >= 0);
    const head = view.text.slice(from, Math.min(from + 120, ...ends));
    return PRICE_RE.test(head) || SPLIT_AMOUNT_RE.test(head);
  });
}

/** "Free" in the languages whose price cards the extractor reads ("Gratuit", "Kostenlos"). */
const FREE_WORD_RE = /(?<![\p{L}])(?:free|gratuit|gratis|grátis|gratuito|kostenlos)(?![\p{L}])/iu;

function isFreePrice(price: string | null, plan: string): boolean {
  const t = `${price ?? ""}`;
  return /(^|[^\d])0([.,]00)?(\s|$|\/)/.test(t) || FREE_WORD_RE.test(t) ||
    (!price && FREE_WORD_RE.test(plan));
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
  const section = licenceSection(views);
  const openSource = findSegment(views, OPEN_SOURCE_RE) ??
    (section ? quote(section.view, section.text) : null);
  const allFree = plans.length === 0
    ? !paidSentence(views)
    : plans.every((p) => isFreePrice(p.price, p.plan));
  if (openSource && allFree) return pick("Free", [openSource]);
  // A one-time price next to a recurring one is an add-on (hardware, setup), not the model.
  const oneTime = findLine(views, ONE_TIME_RE) ?? oneTimePlan(plans) ??
    preOrder(views, plans.some(isPaidPlan));
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
  const payg = findLine(views, PAYG_RE) !== null;
  const unit = withPrice.find((f) => usagePriced(f.seg.text, payg));
  if (unit) return pick("Usage-based", [q(unit)]);
  const cut = found.find((f) => COMMISSION_RE.test(f.seg.text));
  if (cut) return pick("Usage-based", [q(cut)]);
  const freePlan = found.find((f) => freeTier(f.seg.text));
  if (freePlan && withPrice.length > 0) return pick("Freemium", [q(freePlan), q(withPrice[0])]);
  const compact = freeItemBesidePlan(views);
  if (compact) return pick("Freemium", [q(compact.free), q(compact.paid)]);
  // Free to download with in-app purchases: the purchases are the paid part.
  if (freePlan && IN_APP_PURCHASES_RE.test(freePlan.seg.text)) {
    return pick("Freemium", [q(freePlan)]);
  }
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

/** A paid plan named as a one-time purchase ("Lifetime licence" over "€49"). */
function oneTimePlan(plans: ReturnType<typeof pricingPlans>): EvidenceQuote | null {
  const p = plans.find((p) => isPaidPlan(p) && ONE_TIME_RE.test(p.plan));
  return p ? planQuote(p.view, p.plan, p.price) : null;
}

/** Whether a plan card or a sentence states a paid price per period. */
function recurringPrice(views: PageView[], plans: ReturnType<typeof pricingPlans>): boolean {
  return plans.some((p) => isPaidPlan(p) && PERIOD_WORD_RE.test(p.price!)) ||
    priceSegments(views, 8).some((f) =>
      PRICE_RE.test(f.seg.text) && PERIOD_WORD_RE.test(f.seg.text) &&
      !ONE_TIME_RE.test(f.seg.text)
    );
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

/**
 * A price cell's own closing remark in parentheses ("$3 / month or $24 / year (save 33%)") written
 * after a comma: in a summary part ("Pro: … (Billed yearly: $31/month)") parentheses hold the
 * plan's other price rows, and a remark read as one would leave the part unsupported.
 */
function remarkAfterComma(price: string): string {
  return price.replace(/\s*\(([^():]+)\)$/u, ", $1");
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
    price = remarkAfterComma(price);
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
      TRIAL_RE.test(f.seg.text) && f.seg.text.length <= 200 && !callToAction(f.view, f.seg.text)
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
    if (SPLIT_AMOUNT_RE.test(f.seg.text)) continue;
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
