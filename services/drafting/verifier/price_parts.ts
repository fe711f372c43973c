/**
 * Where a pricing summary's part ("Pro: $12/month") is stated: as a span of one quote, by the
 * JSON-LD values of one offer, or as a plan and its price in the page's pricing table.
 */
import type { CheckedQuote } from "./quotes.ts";
import { supportsAsSpan, tokens } from "./support.ts";

/** Whether a pricing summary's part is stated by its quotes (one of the three ways above). */
export function pricePartStated(part: string, quotes: CheckedQuote[]): boolean {
  return quotes.some((q) => supportsAsSpan(q, part)) || inOneOffer(part, quotes) ||
    inPricingTable(part, quotes);
}

/**
 * Whether a price summary part ("Pro: USD 12") is stated by the JSON-LD values of one offer that
 * a quote names (its name, price and currency are separate values at one path).
 */
function inOneOffer(part: string, quotes: CheckedQuote[]): boolean {
  const want = tokens(part).map((t) => t.w);
  return quotes.some((q) => {
    if (q.source !== "jsonld" || !q.locator || !q.page) return false;
    // The offer the quote names: every value at its path (name, price, currency, note).
    const offer = q.locator.replace(/\.[^.]+$/, "") + ".";
    const have = new Set<string>();
    for (const v of q.page.values) {
      if (v.source === "jsonld" && v.locator.startsWith(offer)) {
        for (const t of tokens(v.text)) have.add(t.w);
      }
    }
    return want.every((w) => have.has(w));
  });
}

/**
 * Whether a price summary part ("Starter: Free") is a plan and its price as the page's pricing
 * table gives them (extraction reads the table's cells), and the quote shows both.
 */
function inPricingTable(part: string, quotes: CheckedQuote[]): boolean {
  const m = part.match(/^(.{1,60}?):\s+(.+?)(?:\s+\((.+)\))?$/u);
  if (!m) return false;
  const same = (a: string, b: string) =>
    tokens(a).map((t) => t.w).join(" ") === tokens(b).map((t) => t.w).join(" ");
  // "Starter: $39/month (Billed yearly: $31/month)": the other price rows of the plan's column,
  // each a `label: cell` the table gives that plan, with label and cell in the same quote.
  const extras = m[3] ? m[3].split(/;\s*|,\s+(?=[^,:]+:)/u) : [];
  return quotes.some((q) =>
    q.source === "text" &&
    (q.page?.page.facts.pricing ?? []).some((row) =>
      same(row.plan, m[1]) && row.price !== null && same(row.price, m[2]) &&
      supportsAsSpan(q.usable, row.plan) && supportsAsSpan(q.usable, row.price) &&
      extras.every((x) => {
        const [label, cell] = x.split(/:\s+/u);
        return !!cell && row.features.some((f) => same(f, x)) &&
          supportsAsSpan(q.usable, label) && supportsAsSpan(q.usable, cell);
      })
    )
  );
}
