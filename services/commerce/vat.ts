/**
 * VAT of an order. EU consumers pay their country's standard rate; an EU business with a valid VAT
 * number in another member state than the seller's gets reverse charge (0 %); a business in the
 * seller's own country pays the domestic rate; outside the EU there is no VAT. Rates come from the
 * checked-in table `vat_rates.json` (see docs/decisions.md, "Commerce").
 */
import { badRequest } from "../platform/errors.ts";
import { loadConfig } from "../platform/config.ts";
import {
  countryName,
  isEuCountry,
  isKnownCountry,
  VAT_RATES,
  VAT_RATES_AS_OF,
} from "./vat_countries.ts";
import { parseVatNumber } from "./vat_numbers.ts";
import { type ViesClient, viesClientFromConfig } from "./vies.ts";

/** What the buyer told us. */
export interface VatInput {
  /** ISO 3166-1 alpha-2 (any case), or undefined when not given. */
  billing_country?: string;
  /** As typed by the buyer (spaces, dots, dashes and a country prefix allowed), at most 32. */
  vat_number?: string;
  /** The seller's country, from the site setting `seller_country`. */
  seller_country: string;
}

/** How VAT applies to an order. */
export interface VatDecision {
  /** Upper-case billing country, or null when none was given. */
  country: string | null;
  /** The rate in basis points (1,900 = 19 %); 0 for no VAT and for reverse charge. */
  rate_bp: number;
  /** The same as a number of percent (19, 25.5, 0). */
  rate_percent: number;
  reverse_charge: boolean;
  /** The normalised VAT number (e.g. "FR40303265045") when one was given and valid, else null. */
  vat_number: string | null;
  /** One sentence for the quote: why this rate. */
  note: string;
  /** The date of the rates table, YYYY-MM-DD. */
  rates_as_of: string;
}

/** The note of a reverse-charged order (Council Directive 2006/112/EC, Article 196). */
export const REVERSE_CHARGE_NOTE =
  "Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)";

/** The note of an order billed outside the EU. */
export const OUTSIDE_EU_NOTE = "No VAT: billed outside the EU";

let configuredVies: { client: ViesClient | null } | undefined;

/** The VIES client of the environment (`VIES_URL`), read once. */
function defaultVies(): ViesClient | null {
  configuredVies ??= { client: viesClientFromConfig(loadConfig()) };
  return configuredVies.client;
}

function decision(
  country: string | null,
  rateBp: number,
  note: string,
  extra: { reverse_charge?: boolean; vat_number?: string | null } = {},
): VatDecision {
  return {
    country,
    rate_bp: rateBp,
    rate_percent: rateBp / 100,
    reverse_charge: extra.reverse_charge ?? false,
    vat_number: extra.vat_number ?? null,
    note,
    rates_as_of: VAT_RATES_AS_OF,
  };
}

/** The billing country in upper case, null when not given; a 400 naming `billing_country` if unknown. */
function billingCountryOf(typed: string | undefined): string | null {
  if (typed === undefined || typed.trim() === "") return null;
  const code = typed.trim().toUpperCase();
  const refuse = (why: string) =>
    badRequest(`Invalid billing country "${typed}": ${why}`, [{
      path: "billing_country",
      message: why,
    }]);
  if (!/^[A-Z]{2}$/.test(code)) throw refuse("expected a two-letter ISO 3166-1 alpha-2 code");
  if (!isKnownCountry(code)) throw refuse("not a known ISO 3166-1 alpha-2 country code");
  return code;
}

function standardRateNote(rateBp: number, country: string): string {
  return `VAT ${rateBp / 100} %: the standard rate of ${countryName(country)}`;
}

/**
 * Decides the VAT of an order; throws the shared 400 with details path `vat_number` or
 * `billing_country` when the input is invalid. `options.vies`: the VIES client to confirm VAT
 * numbers with; null for none; left out, the one `VIES_URL` configures (none when unset).
 * @example await decideVat({ billing_country: "de", seller_country: "DE" }) // rate_bp 1900
 */
export async function decideVat(
  input: VatInput,
  options: { vies?: ViesClient | null } = {},
): Promise<VatDecision> {
  const seller = input.seller_country.trim().toUpperCase();
  if (!isKnownCountry(seller)) {
    throw new Error(`Invalid site setting seller_country "${input.seller_country}": not a country`);
  }
  const country = billingCountryOf(input.billing_country);
  const typedNumber = input.vat_number?.trim() ? input.vat_number : undefined;
  if (country === null) {
    if (typedNumber !== undefined) {
      const why = "required with a VAT number, whose country it must match";
      throw badRequest(`Missing billing country: ${why}`, [{
        path: "billing_country",
        message: why,
      }]);
    }
    const rateBp = VAT_RATES[seller] ?? 0;
    const preview = rateBp === 0
      ? "no VAT"
      : `VAT ${rateBp / 100} % of ${countryName(seller)}, the seller's country`;
    return decision(null, rateBp, `Preview: ${preview}, until the billing country is given`);
  }
  if (!isEuCountry(country)) return decision(country, 0, OUTSIDE_EU_NOTE);
  const rateBp = VAT_RATES[country];
  if (typedNumber === undefined) {
    return decision(country, rateBp, `${standardRateNote(rateBp, country)} for a consumer`);
  }
  const number = parseVatNumber(typedNumber, country);
  const vies = options.vies === undefined ? defaultVies() : options.vies;
  const answer = vies ? await vies.check(number.prefix, number.body) : null;
  if (answer?.status === "invalid") {
    const why = `${number.normalised} is not registered in VIES, the EU's VAT number register`;
    throw badRequest(`Invalid VAT number "${typedNumber}": ${why}`, [{
      path: "vat_number",
      message: why,
    }]);
  }
  const unconfirmed = answer?.status === "unavailable"
    ? ` (VAT number not confirmed by VIES: ${answer.reason})`
    : "";
  if (country === seller) {
    return decision(
      country,
      rateBp,
      `${
        standardRateNote(rateBp, country)
      }, charged to a business in the seller's own country${unconfirmed}`,
      { vat_number: number.normalised },
    );
  }
  return decision(country, 0, REVERSE_CHARGE_NOTE + unconfirmed, {
    reverse_charge: true,
    vat_number: number.normalised,
  });
}

/**
 * VAT in cents on a subtotal in cents, by the one rounding rule: half up, to the cent, on the whole
 * subtotal (never per line).
 * @example vatCents(1050, 1900) // 199.5 → 200
 */
export function vatCents(subtotalCents: number, rateBp: number): number {
  if (!Number.isSafeInteger(subtotalCents) || subtotalCents < 0) {
    throw new RangeError(`Invalid subtotal ${subtotalCents}: expected whole cents >= 0`);
  }
  if (!Number.isSafeInteger(rateBp) || rateBp < 0 || rateBp > 10_000) {
    throw new RangeError(`Invalid VAT rate ${rateBp}: expected basis points from 0 to 10000`);
  }
  return Number((BigInt(subtotalCents) * BigInt(rateBp) + 5_000n) / 10_000n);
}
