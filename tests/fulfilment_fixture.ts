/** Helpers of the fulfilment tests: listings in the states the products need, buy and fulfil. */
import assert from "node:assert/strict";
import {
  bearer,
  buildFixture,
  type Fixture,
  getJson,
  listingInput,
  NOW,
  sendJson,
} from "./fixtures.ts";
import { createListing, goLive, type NewListing, updateListingState } from "../kv/listings.ts";
import { FreeWeekLedger, getFreePlanEntry, writeFreePlan } from "../kv/publishing.ts";
import { getUserByEmail } from "../kv/users.ts";
import type { Listing } from "../kv/types.ts";
import { fulfilOrder, payTestOrder } from "../services/commerce/mod.ts";

export { weekAhead as week } from "./orders_fixture.ts";

/** A fixture whose owner ("ada") gets new listings through `make`. */
export async function withShop(
  test: (
    f: Fixture,
    make: (name: string, more?: Partial<NewListing>) => Promise<Listing>,
  ) => Promise<void>,
) {
  const f = await buildFixture();
  const ownerId = (await getUserByEmail(f.deps.kv, "ada@invoicely.example"))!.id;
  const make = (name: string, more: Partial<NewListing> = {}) =>
    createListing(f.deps.kv, listingInput(name, { owner_id: ownerId, ...more }), NOW);
  try {
    await test(f, make);
  } finally {
    f.deps.kv.close();
  }
}

/** A paid listing live since now. */
export async function liveListing(
  f: Fixture,
  make: (name: string, more?: Partial<NewListing>) => Promise<Listing>,
  name: string,
  more: Partial<NewListing> = {},
): Promise<Listing> {
  const listing = await make(name, { plan: "paid", ...more });
  return (await goLive(f.deps.kv, listing.id, NOW))!;
}

/** A free listing awaiting its badge with a reserved free-queue week (as choose_free leaves it). */
export async function freeListingIn(f: Fixture, listing: Listing, w: string, scheduled = false) {
  const kv = f.deps.kv;
  let pending: {
    entry: Awaited<ReturnType<typeof getFreePlanEntry>>;
    ledger: FreeWeekLedger;
    reservation: ReturnType<FreeWeekLedger["take"]>;
  } | null = null;
  await updateListingState(kv, listing.id, async (state) => {
    const entry = await getFreePlanEntry(kv, listing.id);
    const ledger = new FreeWeekLedger(kv);
    await ledger.load([w]);
    const reservation = ledger.take(w, listing.id, NOW);
    pending = { entry, ledger, reservation };
    return {
      ...state,
      listing: {
        ...state.listing,
        plan: "free",
        status: scheduled ? "scheduled" : "awaiting_badge",
        launch_week: scheduled ? w : null,
      },
    };
  }, (op) => {
    writeFreePlan(op, pending!.entry, {
      listing_id: listing.id,
      reservation: pending!.reservation,
      badge_check: null,
      lost_week: null,
      chosen_at: NOW.toISOString(),
    });
    pending!.ledger.apply(op);
  });
}

/** create_checkout through REST; asserts the 201 and answers the order number. */
export async function orderOf(f: Fixture, items: unknown[]): Promise<string> {
  const res = await sendJson(f.app, "POST", "/api/v1/orders/checkout", { items }, {
    ...bearer(f.keys.owner),
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.number;
}

/** Pays an order in test mode and fulfils it twice at once, then once more. */
export async function payAndFulfil(f: Fixture, number: string): Promise<void> {
  await payTestOrder(f.deps, number);
  await Promise.all([fulfilOrder(f.deps, number), fulfilOrder(f.deps, number)]);
  await fulfilOrder(f.deps, number);
}

/** The order as get_order answers it to its buyer. */
export async function orderView(f: Fixture, number: string) {
  const got = await getJson(f.app, `/api/v1/orders/${number}`, { headers: bearer(f.keys.owner) });
  assert.equal(got.status, 200);
  return got.body;
}
