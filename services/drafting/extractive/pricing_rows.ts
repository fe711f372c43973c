/**
 * What stands next to a plan's price: the amounts and period words of a price, a table row's
 * other cells (billing-period rows, a unit column), the quote stretched over them, and JSON-LD
 * offers with the `key: value` lines that state them.
 */
import type { EvidenceQuote } from "../evidence.ts";
import type { PageView } from "./pages.ts";
import { jsonLdObjects, quote } from "./pages.ts";
import { looseText, normalizeQuoteText } from "../text.ts";
import { FOREIGN_PERIOD } from "../vocabulary.ts";

/** An amount with its currency before or after it ("$19", "19 €", "19 EUR"). */
export const PRICE_RE = /(?:[$€£]\s?\d[\d,.]*|\d[\d,.]*\s?(?:[$€£]|(?:usd|eur|gbp)\b))/iu;

/**
 * An amount whose cents stand apart from it ("$12 99" from "$12<sup>99</sup>", "12 99 €"): the
 * text does not show what it costs, so it is never read as a price.
 */
export const SPLIT_AMOUNT_RE = /[$€£]\s?\d+ \d{2}(?![\d.,])|(?<![\d.,])\d+ \d{2}\s?[€£$]/u;

/** A billing period next to a price ("per month", "£19 / month", "billed", "pro Monat"). */
export const PERIOD_WORD_RE = new RegExp(
  String
    .raw`(?:\b(?:per|a|an|each|every)\s?|\/\s?)(?:month|mo|year|yr|annum|week)\b|\bmonthly\b|\bannually\b|\byearly\b|\bbilled\b|${FOREIGN_PERIOD}`,
  "iu",
);

/**
 * What may follow a price as part of it: a period or unit word ("/ month", "per seat"), never the
 * start of the next cell ("/v2/invoices"), then a billing note ("billed annually") that is not a
 * table's next row label ("Billed yearly $31").
 */
const TAIL = String
  .raw`(?:\s?(?:\/\s?\p{L}+|per \p{L}+)(?![\p{L}\p{N}/]))?(?:,?\s(?:billed|paid) (?:annually|yearly|monthly)(?![\p{L}\p{N}]|\s*(?:[$€£]|\d)))?`;
export const PRICE_TAIL_RE = new RegExp(`^${TAIL}`, "iu");
const WHOLE_TAIL_RE = new RegExp(`^${TAIL}$`, "iu");

/** Whether text found after a price ("/ month", "billed annually") is all of it price words. */
export function isWholeTail(tail: string): boolean {
  return WHOLE_TAIL_RE.test(` ${tail}`);
}

/** A column that gives a price's unit ("Unit", "Billed per", "Unit of measure"). */
const UNIT_LABEL_RE = /^(?:units?|unit of measure|billing unit|billed per|charged per|per)$/iu;

export type Row = { label: string; cell: string };

function labelledCells(features: string[]): Row[] {
  return features.map((f) => f.match(/^([^:]{1,40}):\s+(.{1,30})$/u))
    .filter((m): m is RegExpMatchArray => !!m)
    .map((m) => ({ label: m[1], cell: m[2] }));
}

/**
 * A plan's other prices in a table with one row per billing period ("Billed yearly: $31/month"):
 * the plan's `label: cell` features whose label names a period and whose cell is a price.
 */
export function periodRows(p: { features: string[] }): Row[] {
  return labelledCells(p.features).filter((r) =>
    PERIOD_WORD_RE.test(r.label) && PRICE_RE.test(r.cell)
  );
}

/**
 * Units that count who or what holds a subscription, not what is used: a price "per team" or "per
 * seat" is a subscription's size, never a metered unit.
 */
const HOLDER_UNIT_RE =
  /^(?:users?|seats?|agents?|members?|persons?|people|teams?|editors?|admins?|licen[cs]es?|accounts?|workspaces?|organi[sz]ations?|compan(?:y|ies)|locations?|sites?|shops?|stores?|clubs?|branch(?:es)?|devices?|projects?|months?|years?)$/iu;

/** The unit a price-list row bills by ("Unit: page"), from a unit column; never a holder ("team"). */
export function unitRows(p: { features: string[] }): Row[] {
  return labelledCells(p.features).filter((r) =>
    UNIT_LABEL_RE.test(r.label) && !PRICE_RE.test(r.cell) && !HOLDER_UNIT_RE.test(r.cell.trim())
  );
}

/**
 * The plan's quote stretched over its `label: cell` rows (at most 300 characters), or null. A
 * label found after the plan is a row of the plan's column; one only before it is a column header,
 * and its cell stands in the plan's own row.
 */
export function quoteThrough(view: PageView, q: EvidenceQuote, rows: Row[]): EvidenceQuote | null {
  const at = view.text.indexOf(q.quote);
  if (at < 0) return null;
  let from = at;
  let to = at + q.quote.length;
  for (const r of rows) {
    let label = view.text.indexOf(r.label, at);
    let cellFrom = label + r.label.length;
    if (label < 0) {
      label = view.text.lastIndexOf(r.label, at);
      cellFrom = at;
      if (label < 0) return null;
      from = Math.min(from, label);
    }
    const cell = view.text.indexOf(r.cell, cellFrom);
    if (cell < 0) return null;
    to = Math.max(to, cell + r.cell.length);
  }
  if (to - from > 300 || view.excludedSpans.some(([s, e]) => s < to && e > from)) return null;
  return quote(view, view.text.slice(from, to).trim());
}

export type LdOffer = {
  name: string;
  price: string;
  currency: string;
  note: string;
  quotes: EvidenceQuote[];
};

/** An offer that is an add-on, not a plan: "Lab import add-on", "Export label pack". */
const ADD_ON_RE = /\b(?:add-?ons?|bundles?|packs?|kits?|accessor(?:y|ies)|top-?ups?|hardware)\b/iu;
/** A JSON-LD object whose offers are all add-ons: "Tillroll add-ons", "Extras". */
const ADD_ON_HOLDER_RE = /\b(?:add-?ons?|extras|accessories|hardware)\b/iu;

/**
 * Offers from JSON-LD (name, price, currency), each with the `key: value` lines that state it.
 * Add-ons (by the offer's or its object's name) are left out: they are not plans.
 */
export function ldOffers(views: PageView[]): LdOffer[] {
  const out: LdOffer[] = [];
  const str = (x: unknown) =>
    typeof x === "string" || typeof x === "number" ? normalizeQuoteText(String(x)) : "";
  for (const v of views) {
    for (const o of jsonLdObjects(v)) {
      // Offers of an object named for add-ons ("Tillroll add-ons") are not the product's plans.
      if (ADD_ON_HOLDER_RE.test(str(o.name))) continue;
      const offers = Array.isArray(o.offers) ? o.offers : o.offers ? [o.offers] : [];
      for (const offer of offers) {
        if (!offer || typeof offer !== "object") continue;
        const rec = offer as Record<string, unknown>;
        const name = str(rec.name);
        const price = str(rec.price);
        if (!name || !price || !/^\d+(?:[.,]\d+)?$/.test(price)) continue;
        if (ADD_ON_RE.test(name)) continue;
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

/** An offer as a summary part: "Team: USD 10.00". */
export function offerPart(o: LdOffer): string {
  return `${o.name}: ${o.currency ? `${o.currency} ` : ""}${o.price}${o.note ? ` ${o.note}` : ""}`;
}

/** The amounts a text states, digits only ("$29" and "29 $" are both "29"). */
export function amountsIn(text: string): string[] {
  return [...text.matchAll(new RegExp(PRICE_RE.source, "giu"))].map((m) =>
    m[0].replace(/[^\d.,]/g, "").replace(/[.,]+$/, "")
  );
}

/** The same amount written two ways ("10.00" and "10", "9,50" and "9.5"). */
export function sameAmount(a: string, b: string): boolean {
  return Number(a.replace(",", ".")) === Number(b.replace(",", "."));
}

/**
 * Whether a plan card's name (a heading) and its price stand on either side of another heading as
 * high as the name: the card was read over two cards ("Plan Solo" … "Plan Equipo" "9 € al mes"),
 * so the price is the next card's, not this plan's.
 */
export function acrossCards(view: PageView, plan: string, price: string): boolean {
  const levels = new Map((view.page.facts.headings ?? []).map((h) => [looseText(h.text), h.level]));
  const own = levels.get(looseText(plan));
  const name = view.segments.find((s) => s.heading && looseText(s.text) === looseText(plan));
  if (own === undefined || !name) return false;
  const p = view.text.indexOf(price, name.end);
  if (p < 0) return false;
  return view.segments.some((s) =>
    s.heading && s.start >= name.end && s.start < p && (levels.get(looseText(s.text)) ?? 6) <= own
  );
}
