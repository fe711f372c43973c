/** Pricing plans from comparison tables and pricing cards: plan name, price text and features. */
import { ancestorsAndSelf, classAndId, isHiddenWithin, visibleText } from "./dom.ts";

const MAX_PLANS = 12;

const CURRENCY = String.raw`(?:US\$|CA\$|A\$|C\$|[$€£¥₹]|\b(?:USD|EUR|GBP|CHF|CAD|AUD)\b)`;
const MONEY = new RegExp(
  String.raw`${CURRENCY}\s?\d[\d.,]*|\d[\d.,]*\s?(?:${CURRENCY}|€)`,
  "u",
);
/**
 * A price card's price in words: free or on request, in English, French, German, Dutch, Spanish,
 * Portuguese and Italian ("Gratuit", "Kostenlos", "Sur devis", "Auf Anfrage", "A consultar").
 */
const SOFT_PRICE =
  /^(?:free|free forever|custom|custom pricing|contact us|contact sales|let's talk|gratuit|gratis|grátis|gratuito|kostenlos|sur devis|sur demande|auf anfrage|preis auf anfrage|op aanvraag|a consultar|bajo consulta|sob consulta|su richiesta)$/iu;
/** What may stand around an amount in one price: "/ month", "per user", "from", "billed yearly". */
const PRICE_WORDS =
  /^(?:(?:\/|per\b|a\b|each\b|mo\b|monthly|yearly|annually|month|year|user|seat|from|starting|only|billed|excl|incl|ex\.|\+|vat|\*)[^]*)?$/i;
/** Pricing in a path or class, also in French, German, Dutch and Spanish (tarifs, preise, prijzen). */
const PRICING_CONTEXT = /pric|plan|tier|package|subscri|tarif|preis|prijs|prijz|precio|prix/i;
/** Other people's goods on sale (a marketplace's items, a shop's products): not plans. */
const GOODS_CONTEXT =
  /(?:^|[\s_-])(?:products?|listings?|items?|catalog|shop|cart|sellers?|trending|merch|store|deals?)(?=$|[\s_-])/i;
/**
 * Layout utility classes (Tailwind's `items-baseline`, `md:items-center`, Bootstrap's
 * `align-items-center`, `d-list-item`): class tokens, never words.
 */
const UTILITY_TOKEN =
  /^(?:[\w-]+:)*!?(?:(?:align|justify|place)-)?(?:items|self|content)-[\w-]+$|^(?:[\w-]+:)*(?:d-)?list-item$/i;
const PLAN_CONTEXT = /plan|tier|subscri|membership/i;
const PRICING_TITLE = /^(?:pricing|plans|prices|plans (?:&|and) pricing|simple pricing)$/i;
const CHECK = /^(?:✓|✔|✔️|✅|☑|●|yes|included|true|x)$/i;
const CROSS = /^(?:✗|✕|✖|❌|—|–|-|no|not included|false|n\/a)?$/i;

type Plan = { plan: string; price: string | null; features: string[] };

/** The page's pricing plans, from tables and cards, each once (at most 12). */
export function readPricing(doc: Document, base: string): Plan[] {
  const onPricingPage = PRICING_CONTEXT.test(new URL(base).pathname);
  const plans: Plan[] = [];
  for (const table of doc.querySelectorAll("table")) {
    plans.push(...pricingTable(table));
  }
  plans.push(...pricingCards(doc, onPricingPage));
  const seen = new Set<string>();
  return plans.filter((p) => {
    const key = `${p.plan}|${p.price}`.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }).slice(0, MAX_PLANS);
}

function isPriceText(text: string): boolean {
  return text.length > 0 && text.length <= 60 && (MONEY.test(text) || SOFT_PRICE.test(text));
}

function rowCells(row: Element): Element[] {
  return [...row.children].filter((c) => c.localName === "td" || c.localName === "th");
}

/** A comparison table: plans as columns (a price row) or as rows (a "Price" column). */
function pricingTable(table: Element): Plan[] {
  const rows = [...table.querySelectorAll("tr")].filter((r) => r.closest("table") === table);
  if (rows.length < 2) return [];
  const grid = rows.map((r) => rowCells(r).map(visibleText));
  const header = grid[0];
  const priceColumn = header.findIndex((h) => /^(?:price|pricing|cost|monthly|per month)/i.test(h));
  if (priceColumn > 0) {
    return grid.slice(1).filter((r) => r[0] && isPriceText(r[priceColumn] ?? "")).map((r) => ({
      plan: r[0],
      price: r[priceColumn],
      features: r.flatMap((cell, i) =>
        i === 0 || i === priceColumn || CROSS.test(cell)
          ? []
          : [CHECK.test(cell) ? header[i] : header[i] ? `${header[i]}: ${cell}` : cell]
      ),
    }));
  }
  const priceRowIndex = grid.findIndex((r, i) =>
    i > 0 && r.slice(1).filter(isPriceText).length >= Math.max(1, (r.length - 1) / 2)
  );
  if (priceRowIndex < 0) return [];
  const firstPlanColumn = header.length > 1 ? 1 : 0;
  const plans: Plan[] = [];
  for (let col = firstPlanColumn; col < header.length; col++) {
    const name = header[col];
    if (!name) continue;
    const features: string[] = [];
    for (let r = 1; r < grid.length; r++) {
      if (r === priceRowIndex) continue;
      const label = grid[r][0] ?? "";
      const cell = grid[r][col] ?? "";
      if (CROSS.test(cell)) continue;
      features.push(CHECK.test(cell) ? label : label ? `${label}: ${cell}` : cell);
    }
    plans.push({ plan: name, price: grid[priceRowIndex][col] || null, features });
  }
  return plans;
}

/**
 * Pricing cards: each card is the largest block around one price that holds no other price.
 * Amounts ("€12 / month") are found first; "Free" or "Custom" texts count only outside those cards.
 */
function pricingCards(doc: Document, onPricingPage: boolean): Plan[] {
  const root = doc.body?.firstChild ? doc.body : doc.documentElement;
  if (!root) return [];
  const hard: Element[] = [];
  const soft: Element[] = [];
  const all = [...root.querySelectorAll("*")];
  for (const el of all) {
    if (el.closest("table") || ["a", "button", "option", "select"].includes(el.localName)) continue;
    const text = visibleText(el);
    if (!isPriceText(text) || notShown(el) || othersGoods(el)) continue;
    if (!onPricingPage && !ancestorsAndSelf(el).some((a) => PRICING_CONTEXT.test(classAndId(a)))) {
      continue;
    }
    if (MONEY.test(text)) {
      // The smallest element holding the amount: no child holds one.
      if (![...el.children].some((c) => MONEY.test(visibleText(c)))) hard.push(el);
    } else if (el.children.length === 0 || /^h[1-6]$/.test(el.localName)) {
      soft.push(el);
    }
  }
  // "<span>$12</span> / month": the parent, amount and period, is the price.
  const amounts = hard.map((el) => {
    const parent = el.parentElement;
    if (!parent || /^h[1-6]$/.test(parent.localName)) return el;
    const rest = visibleText(parent).replace(visibleText(el), " ").trim();
    return rest.length <= 30 && PRICE_WORDS.test(rest) ? parent : el;
  }).filter((el, i, all) => all.indexOf(el) === i);
  const plans: (Plan & { at: number })[] = [];
  const cards: Element[] = [];
  const hardCounts = countAncestors(amounts);
  const softCounts = countAncestors([...amounts, ...soft]);
  const add = (price: Element, card: Element) => {
    if (card === price || cards.some((c) => c.contains(price) || card.contains(c))) return;
    const priceText = visibleText(price);
    const name = planName(card, price, priceText);
    if (!name) return;
    cards.push(card);
    const features = [...card.querySelectorAll("li")].map(visibleText)
      .filter((f) => f && f !== priceText).slice(0, 20);
    // A card whose amount cannot be read as shown keeps its plan, with no price.
    const shown = splitAmount(price, priceText) ? null : priceText;
    plans.push({ plan: name, price: shown, features, at: all.indexOf(card) });
  };
  for (const price of amounts) {
    let card = price;
    for (let up = price.parentElement; up; up = up.parentElement) {
      if (["body", "main", "html"].includes(up.localName)) break;
      if ((hardCounts.get(up) ?? 0) > 1 || visibleText(up).length > 2000) break;
      // A "Free" of another card stops the climb; one in a card still unnamed is its name.
      const foreignSoft = soft.some((s) => up.contains(s) && !card.contains(s));
      if (foreignSoft && planName(card, price, visibleText(price)) !== null) break;
      card = up;
    }
    add(price, card);
  }
  for (const price of soft) {
    let card = price;
    for (let up = price.parentElement; up; up = up.parentElement) {
      if (["body", "main", "html"].includes(up.localName)) break;
      if ((softCounts.get(up) ?? 0) > 1 || visibleText(up).length > 2000) break;
      card = up;
    }
    add(price, card);
  }
  return plans.sort((a, b) => a.at - b.at).map(({ at: _, ...plan }) => plan);
}

/** Digits of an amount set apart in their own element ("$12<sup>99</sup>", Elementor's cents). */
const FRACTION = /(?:^|[\s_-])(?:fraction|fractional|cents?|decimals?)(?:$|[\s_-])/i;

/**
 * An amount whose text does not read as the page shows it: digits split by a space ("$12 99" from
 * a cents part in a block) or cents run into the units ("$1299" from "$12<sup>99</sup>"). No
 * faithful price can be quoted from it, so it gives none.
 */
function splitAmount(el: Element, text: string): boolean {
  if (new RegExp(String.raw`${CURRENCY}\s?\d+\s+\d`, "u").test(text)) return true;
  return [...el.querySelectorAll("sup, [class]")].some((part) => {
    if (!centsPart(part)) return false;
    const at = text.indexOf(visibleText(part));
    return at > 0 && /\d$/.test(text.slice(0, at).trimEnd());
  });
}

/**
 * The texts in which an amount's cents are set apart in their own element ("$12<sup>99</sup>" read
 * "$1299", a cents span in a block read "$12 99"): the visible text of the element holding the
 * amount and its cents, which no reader of the text may take a price from.
 */
export function readSplitAmounts(doc: Document): string[] {
  const out = new Set<string>();
  for (const part of doc.querySelectorAll("sup, [class]")) {
    const holder = part.parentElement;
    if (!holder || !centsPart(part)) continue;
    const text = visibleText(holder);
    if (text.length <= 300 && splitAmount(holder, text)) out.add(text);
  }
  return [...out];
}

/** Whether an element holds nothing but the cents of an amount (a sup or a "cents" class). */
function centsPart(part: Element): boolean {
  if (part.localName !== "sup" && !FRACTION.test(part.getAttribute("class") ?? "")) return false;
  return /^\d{1,2}$/.test(visibleText(part));
}

/** Hidden from readers (`hidden`, `aria-hidden`, an inline display: none), e.g. a toggle's other price. */
function notShown(el: Element): boolean {
  return isHiddenWithin(el);
}

/** A price inside a product or listing card, with no plan or tier around it. */
function othersGoods(el: Element): boolean {
  const around = ancestorsAndSelf(el).map((a) =>
    classAndId(a).split(/\s+/).filter((t) => !UTILITY_TOKEN.test(t)).join(" ")
  );
  return around.some((c) => GOODS_CONTEXT.test(c)) && !around.some((c) => PLAN_CONTEXT.test(c));
}

function countAncestors(elements: Element[]): Map<Element, number> {
  const counts = new Map<Element, number>();
  for (const el of elements) {
    for (const a of ancestorsAndSelf(el)) counts.set(a, (counts.get(a) ?? 0) + 1);
  }
  return counts;
}

function planName(card: Element, price: Element, priceText: string): string | null {
  const candidates = [
    ...card.querySelectorAll("h1, h2, h3, h4, h5, h6"),
    ...[...card.querySelectorAll("[class]")].filter((el) =>
      /(^|[\s_-])(name|title|plan-name|tier-name)([\s_-]|$)/i.test(el.getAttribute("class") ?? "")
    ),
    ...card.querySelectorAll("strong, b"),
  ];
  for (const el of candidates) {
    if (el !== price && el.contains(price) && !SOFT_PRICE.test(priceText)) continue;
    const text = visibleText(el);
    if (!text || text.length > 60 || PRICING_TITLE.test(text)) continue;
    if (text === priceText && !SOFT_PRICE.test(text)) continue;
    return text;
  }
  return null;
}
