/** Country names for visitors: the ISO code a listing or founder stores, shown as its name. */
import { countryOptions } from "../services/commerce/mod.ts";

let names: Map<string, string> | undefined;

/**
 * The English name of a country code (`DE` → `Germany`, case and spaces ignored); a value that
 * is no known code (already a name, or unknown) is shown as it is.
 */
export function countryName(value: string): string {
  names ??= new Map(countryOptions().map((o) => [o.code, o.name]));
  return names.get(value.trim().toUpperCase()) ?? value;
}
