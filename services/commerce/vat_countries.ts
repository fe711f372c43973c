/** Country codes for VAT: the ISO 3166-1 alpha-2 list, the EU rates table and VAT number prefixes. */
import table from "./vat_rates.json" with { type: "json" };

/**
 * Every assigned ISO 3166-1 alpha-2 code, plus XK (Kosovo), the user-assigned code that banks and
 * CLDR use. Kept as a list because `Intl.DisplayNames` also names codes that are not countries
 * ("EU", "UN", "QO", "UK") and answers "Unknown Region" for "ZZ".
 */
const ISO_ALPHA2 = new Set(
  `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS
  BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG
  EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR
  HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR
  LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG
  NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE
  SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA
  UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW XK`.split(/\s+/),
);

/** The standard VAT rates of the EU member states in basis points, by ISO country code. */
export const VAT_RATES: Readonly<Record<string, number>> = table.rates;

/** The date of the rates table, YYYY-MM-DD. */
export const VAT_RATES_AS_OF: string = table.as_of;

/** The VAT number prefix of an EU member state: its ISO code, except Greece (GR) whose prefix is EL. */
export function vatPrefixOf(country: string): string {
  return country === "GR" ? "EL" : country;
}

/** The ISO code of a VAT number prefix (EL → GR), or null when it is no EU member state's prefix. */
export function countryOfVatPrefix(prefix: string): string | null {
  const country = prefix === "EL" ? "GR" : prefix === "GR" ? null : prefix;
  return country !== null && country in VAT_RATES ? country : null;
}

/** Whether an upper-case code is a known ISO 3166-1 alpha-2 country code (or XK). */
export function isKnownCountry(code: string): boolean {
  return ISO_ALPHA2.has(code);
}

/** Whether a country is an EU member state (one row of the rates table). */
export function isEuCountry(code: string): boolean {
  return code in VAT_RATES;
}

/** All known country codes, for tests and checks. */
export function knownCountries(): string[] {
  return [...ISO_ALPHA2];
}

/** English region names: made on first use (loading them costs ~10 ms of a start). */
let names: Intl.DisplayNames | undefined;

/** A country's English name ("DE" → "Germany"), for notes. */
export function countryName(code: string): string {
  names ??= new Intl.DisplayNames(["en"], { type: "region" });
  return names.of(code) ?? code;
}
