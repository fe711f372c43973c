/**
 * A bed for order tests through REST, MCP and the site team's pages: the fixture directory with a
 * fresh listing of the owner (never launched) and one of the stranger, and helpers to order and to
 * read what orders left behind (slots, orders, every stored entry).
 */
import type { Config } from "../services/platform/config.ts";
import { addWeeks } from "../services/platform/weeks.ts";
import { createListing } from "../kv/listings.ts";
import { getUserByEmail } from "../kv/users.ts";
import type { Listing } from "../kv/types.ts";
import {
  bearer,
  buildFixture,
  type Fixture,
  getJson,
  listingInput,
  NOW,
  sendJson,
} from "./fixtures.ts";

/** The site team's address in these tests (ADMIN_EMAILS). */
export const TEAM_EMAIL = "team@launchdirectory.example";

/** Weeks ahead of the fixture's week (Monday 2026-11-16). */
export const weekAhead = (n: number) => addWeeks("2026-11-16", n);

export interface OrderBed {
  f: Fixture;
  /** The owner's listing, saved and never launched. */
  fresh: Listing;
  /** The stranger's listing. */
  theirs: Listing;
}

/** Runs `test` on a new bed (the site team is TEAM_EMAIL) and closes its store. */
export async function withOrderBed(
  test: (bed: OrderBed) => Promise<void>,
  config: Partial<Config> = {},
): Promise<void> {
  const f = await buildFixture({ adminEmails: [TEAM_EMAIL], ...config });
  try {
    const user = async (email: string) => (await getUserByEmail(f.deps.kv, email))!.id;
    const fresh = await createListing(
      f.deps.kv,
      listingInput("Freshapp", { owner_id: await user("ada@invoicely.example") }),
      NOW,
    );
    const theirs = await createListing(
      f.deps.kv,
      listingInput("Theirapp", { owner_id: await user("sam@elsewhere.example") }),
      NOW,
    );
    await test({ f, fresh, theirs });
  } finally {
    f.deps.kv.close();
  }
}

/** create_checkout through REST with an API key (the owner's by default). */
export function restCheckout(
  f: Fixture,
  body: unknown,
  key = f.keys.owner,
  headers: Record<string, string> = {},
) {
  return sendJson(f.app, "POST", "/api/v1/orders/checkout", body, { ...bearer(key), ...headers });
}

/** Slots list_products shows left for `code` in `week` (0 when the week is not offered). */
export async function slotsLeftIn(f: Fixture, code: string, week: string): Promise<number> {
  const { body } = await getJson(f.app, "/api/v1/products");
  const product = body.items.find((p: { code: string }) => p.code === code);
  const slots = product.week_capacity.find((c: { week: string }) => c.week === week);
  return slots?.slots_left ?? 0;
}

/** The numbers list_my_orders shows to the holder of `key`. */
export async function myOrderNumbers(f: Fixture, key: string): Promise<string[]> {
  const { status, body } = await getJson(f.app, "/api/v1/orders", { headers: bearer(key) });
  if (status !== 200) throw new Error(`list_my_orders answered ${status}`);
  return body.items.map((o: { number: string }) => o.number);
}

/**
 * Every stored key with its versionstamp, but the bookkeeping of a request (rate limiter, an API
 * key's last use, idempotency records).
 */
export async function storedState(kv: Deno.Kv): Promise<Set<string>> {
  const state = new Set<string>();
  const skip = new Set(["rate_limit", "idempotency", "api_keys"]);
  for await (const { key, versionstamp } of kv.list({ prefix: [] })) {
    if (!skip.has(String(key[0]))) state.add(`${JSON.stringify(key)}@${versionstamp}`);
  }
  return state;
}
