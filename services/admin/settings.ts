/**
 * The site team's prices and settings: the form's fields read and checked (a 400 naming each
 * refused field), and each save written in one atomic operation with its audit entry. Saving
 * with nothing changed writes nothing. Changes apply to what is quoted, ordered or reserved from
 * then on: orders keep the prices they were made with, reservations keep their weeks.
 */
import { stageAudit } from "../../kv/audit.ts";
import {
  getSiteSettingsEntry,
  listProductEntries,
  stageProduct,
  stageSiteSettings,
} from "../../kv/catalog.ts";
import type { Product, SiteSettings } from "../../kv/types.ts";
import { isEuCountry, isKnownCountry, parseVatNumber } from "../commerce/mod.ts";
import { ApiError, badRequest, DEFAULT_SETTINGS, type Deps } from "../platform/mod.ts";
import type { ErrorDetail } from "../platform/mod.ts";
import { conflict } from "../platform/errors.ts";
import { auditEntry, REASON_MAX } from "./audit.ts";

/** The settings the console edits, each with its whole-number range (money in cents). */
export const SETTING_RANGES = {
  free_queue_min_weeks: [1, 52],
  free_queue_max_weeks: [1, 52],
  free_slots_per_week: [1, 1000],
  paid_slots_per_week: [1, 1000],
  paid_booking_weeks: [1, 104],
  billboard_min_cents: [100, 1_000_000],
  trending_half_life_hours: [1, 720],
} as const satisfies Partial<Record<keyof SiteSettings, readonly [number, number]>>;
export type NumericSetting = keyof typeof SETTING_RANGES;

/** A product's price: from $0.50 (the card networks' least charge) to $100,000, in cents. */
export const PRICE_RANGE = [50, 10_000_000] as const;
export const SELLER_LIMITS = { name: 200, address: 500 } as const;

/** The seller and numeric settings the console edits. */
export type EditableSettings = Pick<
  SiteSettings,
  NumericSetting | "seller_country" | "seller_name" | "seller_address" | "seller_vat_number"
>;

/** A reading of a form: the values or the refusals, field by field. */
class Refusals {
  details: ErrorDetail[] = [];
  add(path: string, message: string) {
    this.details.push({ path, message });
  }
  throwIfAny(what: string) {
    if (this.details.length === 0) return;
    const first = this.details[0];
    throw badRequest(`${what}: ${first.path}: ${first.message}`, this.details);
  }
}

/** "49", "49.5" or "49.00" dollars (a "$" and thousands commas allowed) as cents, or null. */
export function parseDollars(raw: string): number | null {
  const text = raw.trim().replace(/^\$/, "").replaceAll(",", "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

function money(refusals: Refusals, path: string, raw: string, [min, max]: readonly number[]) {
  const cents = parseDollars(raw);
  const range = `from $${(min / 100).toFixed(2)} to $${(max / 100).toLocaleString("en-US")}`;
  if (cents === null) refusals.add(path, `An amount in dollars, e.g. 49 or 49.50, ${range}`);
  else if (cents < min || cents > max) refusals.add(path, `Must be ${range}`);
  return cents ?? 0;
}

function whole(refusals: Refusals, path: NumericSetting, raw: string): number {
  const [min, max] = SETTING_RANGES[path];
  const value = /^\s*\d{1,7}\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    refusals.add(path, `A whole number from ${min} to ${max}`);
  }
  return value;
}

/** Reads the settings form; a 400 with every refused field. */
export function readSettingsForm(form: URLSearchParams): EditableSettings {
  const refusals = new Refusals();
  const text = (name: string) => (form.get(name) ?? "").trim();
  const numbers = {} as Record<NumericSetting, number>;
  for (const name of Object.keys(SETTING_RANGES) as NumericSetting[]) {
    numbers[name] = name === "billboard_min_cents"
      ? money(refusals, name, text(name), SETTING_RANGES[name])
      : whole(refusals, name, text(name));
  }
  if (numbers.free_queue_min_weeks > numbers.free_queue_max_weeks) {
    refusals.add("free_queue_max_weeks", "At least the window's first week (min ≤ max)");
  }
  const country = text("seller_country").toUpperCase();
  if (!isKnownCountry(country)) refusals.add("seller_country", "An ISO country code, e.g. DE");
  const name = text("seller_name");
  if (name.length < 1 || name.length > SELLER_LIMITS.name) {
    refusals.add("seller_name", `1 to ${SELLER_LIMITS.name} characters`);
  }
  const address = text("seller_address").replace(/\r\n/g, "\n");
  if (address.length > SELLER_LIMITS.address) {
    refusals.add("seller_address", `At most ${SELLER_LIMITS.address} characters`);
  }
  const vat = sellerVatNumber(refusals, text("seller_vat_number"), country);
  refusals.throwIfAny("Settings not saved");
  return {
    ...numbers,
    seller_country: country,
    seller_name: name,
    seller_address: address,
    seller_vat_number: vat,
  };
}

/** An EU seller's VAT number is checked against its country; elsewhere kept as typed. */
function sellerVatNumber(refusals: Refusals, typed: string, country: string): string {
  if (typed === "" || !isEuCountry(country)) return typed.slice(0, 32);
  try {
    return parseVatNumber(typed, country).normalised;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    refusals.add("seller_vat_number", err.details?.[0]?.message ?? err.message);
    return typed;
  }
}

/** The optional note of a save (kept in the audit entry), or null. */
export function readNote(form: URLSearchParams): string | null {
  const note = (form.get("reason") ?? "").trim();
  if (note.length > REASON_MAX) {
    throw badRequest(`The note is too long`, [{
      path: "reason",
      message: `At most ${REASON_MAX} characters`,
    }]);
  }
  return note || null;
}

/** The changed values, before → after. */
function diff<T extends object>(before: T, after: Partial<T>) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    const old = (before as Record<string, unknown>)[key];
    if (old !== value) changes[key] = { before: old, after: value };
  }
  return changes;
}

const RACE = "The settings changed while you edited them: reload the page and save again";

/**
 * Saves the settings and the "settings.update" audit entry in one write; the billboard product's
 * price follows the billboard minimum. Returns the changed fields (none: nothing written).
 */
export async function updateSettings(
  deps: Deps,
  by: string,
  next: EditableSettings,
  reason: string | null,
): Promise<string[]> {
  const [entry, products] = await Promise.all([
    getSiteSettingsEntry(deps.kv),
    listProductEntries(deps.kv),
  ]);
  const current = { ...DEFAULT_SETTINGS, ...entry.value };
  const changes = diff(current, next);
  if (Object.keys(changes).length === 0) return [];
  const op = stageSiteSettings(deps.kv.atomic(), entry, { ...current, ...next });
  const billboard = products.find((p) => p.value.code === "billboard_min");
  if (billboard && changes.billboard_min_cents) {
    stageProduct(op, billboard, { ...billboard.value, price_cents: next.billboard_min_cents });
  }
  stageAudit(
    op,
    auditEntry(deps, {
      by,
      action: "settings.update",
      target: { type: "settings", id: "site" },
      reason,
      detail: { changes },
    }),
  );
  if (!(await op.commit()).ok) throw conflict(RACE);
  return Object.keys(changes);
}

/** The products whose price the console sets (the billboard's is its minimum, a setting). */
export function pricedProducts(products: Product[]): Product[] {
  return products.filter((p) => p.code !== "billboard_min");
}

/** Reads the prices form (`price_<code>` in dollars); a 400 with every refused price. */
export function readPricesForm(form: URLSearchParams, products: Product[]): Map<string, number> {
  const refusals = new Refusals();
  const prices = new Map<string, number>();
  for (const p of pricedProducts(products)) {
    const path = `price_${p.code}`;
    prices.set(p.code, money(refusals, path, form.get(path) ?? "", PRICE_RANGE));
  }
  refusals.throwIfAny("Prices not saved");
  return prices;
}

/** Saves the changed prices and the "price.update" entry in one write; returns the codes changed. */
export async function updatePrices(
  deps: Deps,
  by: string,
  read: (products: Product[]) => Map<string, number>,
  reason: string | null,
): Promise<string[]> {
  const entries = await listProductEntries(deps.kv);
  const prices = read(entries.map((e) => e.value));
  const changed = entries.filter((e) =>
    prices.has(e.value.code) && prices.get(e.value.code) !== e.value.price_cents
  );
  if (changed.length === 0) return [];
  const op = deps.kv.atomic();
  const changes: Record<string, { before: number; after: number }> = {};
  for (const e of changed) {
    const after = prices.get(e.value.code)!;
    changes[e.value.code] = { before: e.value.price_cents, after };
    stageProduct(op, e, { ...e.value, price_cents: after });
  }
  stageAudit(
    op,
    auditEntry(deps, {
      by,
      action: "price.update",
      target: { type: "products", id: changed.map((e) => e.value.code).join(",") },
      reason,
      detail: { changes },
    }),
  );
  if (!(await op.commit()).ok) throw conflict(RACE);
  return changed.map((e) => e.value.code);
}
