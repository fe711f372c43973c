/**
 * What the checkout page needs beyond the order itself: the billing form's input checked, the
 * names of the listings its lines are for, and paying (test mode: paid at once; Stripe: the
 * session to send the person to). Billing details are required before paying.
 */
import { getListings } from "../../kv/listings.ts";
import type { BillingDetails, Order } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { badRequest, conflict, type ErrorDetail } from "../platform/errors.ts";
import { type PaymentProvider, paymentProvider, payTestOrder } from "./payments.ts";
import { countryName, knownCountries } from "./vat_countries.ts";

/** The billing form's limits (characters, after trimming). */
export const BILLING_LIMITS = { name: 200, address: 500, vat_number: 32 } as const;

/** The billing form as posted: each field a string, or missing. */
export interface BillingForm {
  billing_name?: string | null;
  billing_address?: string | null;
  billing_country?: string | null;
  vat_number?: string | null;
}

function lengthProblem(path: string, label: string, value: string, max: number, required: boolean) {
  if (required && value === "") return { path, message: `${label} is required` };
  if (value.length > max) {
    return { path, message: `${label} is too long: ${value.length} characters, at most ${max}` };
  }
  return null;
}

/**
 * The billing details of a posted form, or a 400 naming each field that is missing, too long or
 * malformed (paths `billing_name`, `billing_address`, `billing_country`, `vat_number`). Whether
 * the country is known and the VAT number valid is decided by setBillingDetails.
 */
export function checkBillingForm(form: BillingForm): BillingDetails {
  const name = (form.billing_name ?? "").trim();
  const address = (form.billing_address ?? "").trim();
  const country = (form.billing_country ?? "").trim().toUpperCase();
  const vatNumber = (form.vat_number ?? "").trim();
  const problems = [
    lengthProblem("billing_name", "Name", name, BILLING_LIMITS.name, true),
    lengthProblem("billing_address", "Address", address, BILLING_LIMITS.address, true),
    country === ""
      ? { path: "billing_country", message: "Country is required" }
      : /^[A-Z]{2}$/.test(country)
      ? null
      : { path: "billing_country", message: `Invalid country "${country}": expected an ISO code` },
    lengthProblem("vat_number", "VAT number", vatNumber, BILLING_LIMITS.vat_number, false),
  ].filter((p): p is ErrorDetail => p !== null);
  if (problems.length) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
    throw badRequest(`Invalid billing details: ${problems[0].message}${more}`, problems);
  }
  return { name, address, country, vat_number: vatNumber === "" ? null : vatNumber };
}

let countries: { code: string; name: string }[] | null = null;

/** The countries of the billing form's select, by English name. */
export function countryOptions(): { code: string; name: string }[] {
  countries ??= knownCountries()
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  return countries;
}

/** The names of the listings an order's lines are for, by listing id. */
export async function listingNamesOf(deps: Deps, order: Order): Promise<Map<number, string>> {
  const ids = [...new Set(order.lines.flatMap((l) => l.listing_id ? [l.listing_id] : []))];
  const listings = ids.length ? await getListings(deps.kv, ids) : [];
  return new Map(listings.map((l) => [l.id, l.name]));
}

/** Where paying an order sends the person: back to the checkout page, or to the provider. */
export type PaymentStart = { paid: Order } | { redirect: string };

/**
 * The checkout page's Pay button: a pending order with billing details is paid at once in test
 * mode, or gets the provider's payment page (Stripe Checkout) with the URLs to come back to. A
 * paid order is answered as paid; any other status, or missing billing details, is a 409.
 */
export async function startPayment(
  deps: Deps,
  order: Order,
  urls: { success: string; cancel: string },
  provider: PaymentProvider = paymentProvider(deps.config),
): Promise<PaymentStart> {
  if (order.status === "paid") return { paid: order };
  if (order.status !== "pending") {
    throw conflict(`Order ${order.number} is ${order.status}: it can no longer be paid`);
  }
  if (!order.billing) {
    throw conflict(`Order ${order.number} has no billing details: give them before paying`);
  }
  if (provider.name === "test") return { paid: await payTestOrder(deps, order.number) };
  const session = await provider.begin(order, urls, deps);
  if (!session) throw conflict(`The ${provider.name} payment could not be started: retry`);
  return { redirect: session.url };
}
