/** quote_order: an order's items priced at the site's current prices, with a VAT preview. */
import type { Caller } from "../access/access.ts";
import type { Deps } from "../platform/deps.ts";
import { ApiError, type ErrorDetail } from "../platform/errors.ts";
import { getSettings } from "../platform/settings.ts";
import { orderError, type OrderItemInput, validateOrderItems } from "./order_items.ts";
import { decideVat, vatCents, type VatDecision } from "./vat.ts";
import { viesClientFromConfig } from "./vies.ts";

/** An order body of quote_order and create_checkout. */
export interface OrderInput {
  items: OrderItemInput[];
  billing_country?: string;
  vat_number?: string;
}

/** The VAT of an order, or the 400's details when the billing country or VAT number is refused. */
async function vatOf(
  deps: Deps,
  body: OrderInput,
): Promise<{ vat: VatDecision | null; problems: ErrorDetail[] }> {
  const settings = await getSettings(deps.kv);
  try {
    const vat = await decideVat(
      {
        billing_country: body.billing_country,
        vat_number: body.vat_number,
        seller_country: settings.seller_country,
      },
      { vies: viesClientFromConfig(deps.config) },
    );
    return { vat, problems: [] };
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) {
      const problems = err.details.length
        ? err.details
        : [{ path: "(root)", message: err.message }];
      return { vat: null, problems };
    }
    throw err;
  }
}

/**
 * Prices an order: every item validated (a 400 naming each problem, items and VAT alike), lines at
 * the current prices, the VAT preview and the totals. Saves and charges nothing.
 */
export async function quoteOrder(deps: Deps, caller: Caller, body: OrderInput) {
  const [{ lines, problems }, { vat, problems: vatProblems }] = await Promise.all([
    validateOrderItems(deps, caller, body.items),
    vatOf(deps, body),
  ]);
  const all = [...problems, ...vatProblems];
  if (all.length || !vat) throw orderError(all);
  const subtotal = lines.reduce((sum, l) => sum + l.total_cents, 0);
  const vatAmount = vatCents(subtotal, vat.rate_bp);
  return {
    lines,
    subtotal_cents: subtotal,
    vat: {
      country: vat.country,
      rate_percent: vat.rate_percent,
      reverse_charge: vat.reverse_charge,
      vat_number: vat.vat_number,
      note: vat.note,
      rates_as_of: vat.rates_as_of,
    },
    vat_cents: vatAmount,
    total_cents: subtotal + vatAmount,
    currency: "usd",
    prices_as_of: deps.now().toISOString(),
  };
}
