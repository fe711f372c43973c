/**
 * The paid-launch form of the publish page as an order: the founder's choices (a week or "now",
 * extras, extra categories, a billboard amount, billing country and VAT number) become the body
 * of quote_order and create_checkout, and the operation's error details come back to the form
 * field each one is about.
 */
import type { PricerSelection } from "../../islands/LaunchPricer.tsx";
import type { ErrorDetail } from "../../services/platform/mod.ts";

/** The founder's choices, as the form posts them and as the live pricer sends them as JSON. */
export type LaunchSelection = PricerSelection;

/** An order body for quote_order or create_checkout, with the form field of each item. */
export interface SelectionOrder {
  body: { items: Record<string, unknown>[]; billing_country?: string; vat_number?: string };
  /** The form field an item's problems belong to, by item index. */
  itemFields: string[];
}

/** Form fields: keys of `fieldErrors` and the ids of the messages under the fields. */
export const FIELD_FORM = "form";

const TEXT_MAX = 64;

/** A selection from a posted form or a JSON body; anything unexpected becomes empty. */
export function readSelection(source: URLSearchParams | Record<string, unknown>): LaunchSelection {
  const all = (name: string): string[] => {
    const raw = source instanceof URLSearchParams ? source.getAll(name) : source[name];
    const list = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
    return list.filter((v): v is string => typeof v === "string")
      .map((v) => v.trim().slice(0, TEXT_MAX)).filter((v) => v !== "");
  };
  const one = (name: string) => all(name)[0] ?? "";
  return {
    week: one("week"),
    extras: [...new Set(all("extras"))].slice(0, 20),
    categories: [...new Set(all("categories"))].slice(0, 10),
    amount: one("amount"),
    billing_country: one("billing_country").toUpperCase(),
    vat_number: one("vat_number"),
  };
}

/** Dollars as typed ("25", "25.50", "$1,000") in cents, or null when it is not an amount. */
export function dollarsToCents(text: string): number | null {
  const clean = text.replace(/[$,\s]/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/**
 * The order body of a selection for listing `listingId`: the launch (when `withLaunch`) for its
 * week or now, then each extra offered. A billboard amount that is not a number of dollars is
 * refused here, at its field, before any operation runs.
 */
export function selectionOrder(
  listingId: number,
  selection: LaunchSelection,
  offered: { launch: boolean; extras: string[] },
): { order: SelectionOrder } | { errors: ErrorDetail[] } {
  const items: Record<string, unknown>[] = [];
  const itemFields: string[] = [];
  if (offered.launch) {
    const week = selection.week && selection.week !== "now" ? { week: selection.week } : {};
    items.push({ product: "launch", listing_id: listingId, ...week });
    itemFields.push("week");
  }
  for (const code of selection.extras) {
    // An extra that is not offered still goes to the operation, which names the problem.
    const item: Record<string, unknown> = { product: code, listing_id: listingId };
    if (code === "extra_categories") item.categories = selection.categories;
    if (code === "billboard_min") {
      const cents = dollarsToCents(selection.amount);
      if (cents === null) {
        return {
          errors: [{ path: "amount", message: "Enter an amount in dollars, such as 25 or 25.50" }],
        };
      }
      item.amount_cents = cents;
    }
    items.push(item);
    itemFields.push(offered.extras.includes(code) ? `extra.${code}` : "extras");
  }
  return {
    order: {
      body: {
        items,
        ...(selection.billing_country ? { billing_country: selection.billing_country } : {}),
        ...(selection.vat_number ? { vat_number: selection.vat_number } : {}),
      },
      itemFields,
    },
  };
}

/** The form field an operation's error detail is about (its path mapped onto the form). */
export function fieldOf(path: string, itemFields: string[]): string {
  if (path === "billing_country" || path === "vat_number") return path;
  const item = /^items\.(\d+)(?:\.([a-z_]+))?/.exec(path);
  if (!item) return path === "items" ? "extras" : FIELD_FORM;
  const field = itemFields[Number(item[1])] ?? FIELD_FORM;
  if (item[2] === "categories") return "categories";
  if (item[2] === "amount_cents") return "amount";
  if (item[2] === "week") return "week";
  return field;
}

/** Error details as one message per form field. */
export function fieldErrors(details: ErrorDetail[], itemFields: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of details) {
    const field = d.path === "amount" ? "amount" : fieldOf(d.path, itemFields);
    out[field] = out[field] ? `${out[field]}; ${d.message}` : d.message;
  }
  return out;
}
