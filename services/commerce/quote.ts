/** quote_order: an order's items priced at the site's current prices, with a VAT preview. */
import type { Caller } from "../access/access.ts";
import type { Deps } from "../platform/deps.ts";
import { ApiError, type ErrorDetail } from "../platform/errors.ts";
import { getSettings } from "../platform/settings.ts";
import type { OrderVat } from "../../kv/types.ts";
import {
  orderError,
  type OrderItemInput,
  type PricedLine,
  validateOrderItems,
} from "./order_items.ts";
import { decideVat, vatCents, type VatDecision } from "./vat.ts";
import { viesClientFromConfig } from "./vies.ts";

/** An order body of quote_order and create_checkout. */
export interface OrderInput {
  items: OrderItemInput[];
  billing_country?: string;
  vat_number?: string;
}

/** The VAT of an order, or the 400's details when the billing country or VAT number is refused. */
export async function vatOf(
  deps: Deps,
  input: { billing_country?: string; vat_number?: string },
): Promise<{ vat: VatDecision | null; problems: ErrorDetail[] }> {
  const settings = await getSettings(deps.kv);
  try {
    const vat = await decideVat(
      {
        billing_country: input.billing_country,
        vat_number: input.vat_number,
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

/** An order's VAT as stored and shown. */
export function orderVatOf(vat: VatDecision): OrderVat {
  return {
    country: vat.country,
    rate_percent: vat.rate_percent,
    rate_bp: vat.rate_bp,
    reverse_charge: vat.reverse_charge,
    vat_number: vat.vat_number,
    note: vat.note,
    rates_as_of: vat.rates_as_of,
  };
}

/** Totals of a subtotal under a VAT decision (one rounding rule: see `vatCents`). */
export function totalsOf(subtotal: number, vat: VatDecision | OrderVat) {
  const vatAmount = vatCents(subtotal, vat.rate_bp);
  return { subtotal_cents: subtotal, vat_cents: vatAmount, total_cents: subtotal + vatAmount };
}

/** A priced order: validated lines, the VAT decision and the totals. */
export interface PricedOrder {
  lines: PricedLine[];
  vat: OrderVat;
  subtotal_cents: number;
  vat_cents: number;
  total_cents: number;
}

/**
 * Validates and prices an order: every item (a 400 naming each problem, items and VAT alike),
 * lines at the current prices, the VAT and the totals. Reads only.
 */
export async function priceOrder(
  deps: Deps,
  caller: Caller,
  body: OrderInput,
): Promise<PricedOrder> {
  const [{ lines, problems }, { vat, problems: vatProblems }] = await Promise.all([
    validateOrderItems(deps, caller, body.items),
    vatOf(deps, body),
  ]);
  const all = [...problems, ...vatProblems];
  if (all.length || !vat) throw orderError(all);
  const subtotal = lines.reduce((sum, l) => sum + l.total_cents, 0);
  return { lines, vat: orderVatOf(vat), ...totalsOf(subtotal, vat) };
}

/** The VAT part of an answer (the rate in basis points stays inside). */
export function vatView(vat: OrderVat) {
  const { rate_bp: _bp, ...shown } = vat;
  return shown;
}

/** quote_order: the priced lines and the VAT preview. Saves and charges nothing. */
export async function quoteOrder(deps: Deps, caller: Caller, body: OrderInput) {
  const priced = await priceOrder(deps, caller, body);
  return {
    lines: priced.lines,
    subtotal_cents: priced.subtotal_cents,
    vat: vatView(priced.vat),
    vat_cents: priced.vat_cents,
    total_cents: priced.total_cents,
    currency: "usd",
    prices_as_of: deps.now().toISOString(),
  };
}
