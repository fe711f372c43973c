/**
 * Orders: create_checkout holds its weeks and answers the checkout link; get_order and
 * list_my_orders; the test payment; fulfilment of a launch exactly once; expiry and cancel release
 * the weeks; an Idempotency-Key makes one order.
 */
import assert from "node:assert/strict";
import { bearer, type Fixture, getJson, listingInput, NOW } from "./fixtures.ts";
import {
  myOrderNumbers,
  restCheckout,
  slotsLeftIn,
  weekAhead as week,
  withOrderBed,
} from "./orders_fixture.ts";
import { setSettings } from "./publishing_fixture.ts";
import { createListing, getListing } from "../kv/listings.ts";
import { getUserByEmail } from "../kv/users.ts";
import { getOrder } from "../kv/orders.ts";
import type { Listing } from "../kv/types.ts";
import { cancelOrder, fulfilOrder, payTestOrder, sweepOrders } from "../services/commerce/mod.ts";

/** The order bed of orders_fixture.ts, as (fixture, the owner's fresh listing). */
const withOrders = (test: (f: Fixture, fresh: Listing) => Promise<void>) =>
  withOrderBed(({ f, fresh }) => test(f, fresh));

const checkout = (f: Fixture, body: unknown, headers: Record<string, string> = {}) =>
  restCheckout(f, body, f.keys.owner, headers);

Deno.test("create_checkout: a pending order with its number, link, totals, and its week held", async () => {
  await withOrders(async (f, fresh) => {
    const before = await slotsLeftIn(f, "launch", week(2));
    const res = await checkout(f, {
      items: [{ product: "launch", listing_id: fresh.id, week: week(2) }],
      billing_country: "DE",
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const order = res.body;
    assert.equal(order.status, "pending");
    assert.ok(order.number.length <= 32);
    assert.match(order.number, /^LD-20261118-[0-9A-Z]{6}$/);
    assert.match(order.checkout_url, new RegExp(`/checkout/${order.number}\\?key=[\\w-]{32}$`));
    assert.equal(order.lines[0].fulfilled, false);
    assert.equal(order.vat.rate_percent, 19);
    assert.equal(order.total_cents, order.subtotal_cents + order.vat_cents);
    assert.equal(order.expires_at, "2026-11-19T12:00:00.000Z");
    assert.equal(await slotsLeftIn(f, "launch", week(2)), before - 1);

    const got = await getJson(f.app, `/api/v1/orders/${order.number}`, {
      headers: bearer(f.keys.owner),
    });
    assert.equal(got.status, 200);
    assert.equal(got.body.status, "pending");
    assert.equal(got.body.checkout_url, `http://localhost:8000/checkout/${order.number}`);
    const theirs = await getJson(f.app, `/api/v1/orders/${order.number}`, {
      headers: bearer(f.keys.stranger),
    });
    assert.equal(theirs.status, 404);
    assert.deepEqual(await myOrderNumbers(f, f.keys.owner), [order.number]);
  });
});

Deno.test("create_checkout: the last slot of a week goes to one order; the next is a 400 naming the week", async () => {
  await withOrders(async (f, fresh) => {
    await setSettings(f.deps.kv, { paid_slots_per_week: 1 });
    const ownerId = (await getUserByEmail(f.deps.kv, "ada@invoicely.example"))!.id;
    const other = await createListing(
      f.deps.kv,
      listingInput("Otherapp", { owner_id: ownerId }),
      NOW,
    );
    const [a, b] = await Promise.all([
      checkout(f, { items: [{ product: "launch", listing_id: fresh.id, week: week(3) }] }),
      checkout(f, { items: [{ product: "launch", listing_id: other.id, week: week(3) }] }),
    ]);
    assert.deepEqual([a.status, b.status].sort(), [201, 400]);
    const refused = a.status === 400 ? a : b;
    assert.equal(refused.body.error.details[0].path, "items.0.week");
  });
});

Deno.test("create_checkout: a retried Idempotency-Key makes one order", async () => {
  await withOrders(async (f, fresh) => {
    const body = { items: [{ product: "launch", listing_id: fresh.id }] };
    const headers = { "idempotency-key": "order-1" };
    const [a, b] = await Promise.all([checkout(f, body, headers), checkout(f, body, headers)]);
    const c = await checkout(f, body, headers);
    const numbers = [a, b, c].filter((r) => r.status === 201).map((r) => r.body.number);
    assert.ok(numbers.length >= 2);
    assert.equal(new Set(numbers).size, 1);
    assert.equal((await myOrderNumbers(f, f.keys.owner)).length, 1);
  });
});

Deno.test("paid in test mode, a launch without a week goes live once, even when fulfilled twice", async () => {
  await withOrders(async (f, fresh) => {
    const res = await checkout(f, { items: [{ product: "launch", listing_id: fresh.id }] });
    const number = res.body.number;
    await payTestOrder(f.deps, number);
    await payTestOrder(f.deps, number);
    await Promise.all([fulfilOrder(f.deps, number), fulfilOrder(f.deps, number)]);
    const listing = (await getListing(f.deps.kv, fresh.id))!;
    assert.equal(listing.status, "live");
    assert.equal(listing.plan, "paid");
    const got = await getJson(f.app, `/api/v1/orders/${number}`, { headers: bearer(f.keys.owner) });
    assert.equal(got.body.status, "paid");
    assert.equal(got.body.lines[0].fulfilled, true);
    assert.equal(got.body.lines[0].fulfilled_at, NOW.toISOString());
    assert.equal(got.body.fulfilled_at, NOW.toISOString());
    assert.match(got.body.receipt_url, /\/checkout\/LD-[\w-]+\/receipt$/);
  });
});

Deno.test("a launch in a week is scheduled there and its hold becomes the booking", async () => {
  await withOrders(async (f, fresh) => {
    const before = await slotsLeftIn(f, "launch", week(2));
    const res = await checkout(f, {
      items: [{ product: "launch", listing_id: fresh.id, week: week(2) }],
    });
    await payTestOrder(f.deps, res.body.number);
    await fulfilOrder(f.deps, res.body.number);
    const listing = (await getListing(f.deps.kv, fresh.id))!;
    assert.equal(listing.status, "scheduled");
    assert.equal(listing.launch_week, week(2));
    assert.equal(await slotsLeftIn(f, "launch", week(2)), before - 1);
    assert.deepEqual((await getOrder(f.deps.kv, res.body.number))!.holds, []);
  });
});

Deno.test("an unpaid order expires after 24 hours and a canceled one at once: their weeks are free again", async () => {
  await withOrders(async (f, fresh) => {
    const before = await slotsLeftIn(f, "launch", week(2));
    const a = await checkout(f, {
      items: [{ product: "launch", listing_id: fresh.id, week: week(2) }],
    });
    assert.equal((await sweepOrders(f.deps)).expired.length, 0);
    f.deps.now = () => new Date(NOW.getTime() + 24 * 3_600_000);
    assert.deepEqual((await sweepOrders(f.deps)).expired, [a.body.number]);
    assert.equal(await slotsLeftIn(f, "launch", week(2)), before);
    const got = await getJson(f.app, `/api/v1/orders/${a.body.number}`, {
      headers: bearer(f.keys.owner),
    });
    assert.equal(got.body.status, "expired");
    await assert.rejects(payTestOrder(f.deps, a.body.number), /can no longer be paid/);

    const b = await checkout(f, {
      items: [{ product: "launch", listing_id: fresh.id, week: week(2) }],
    });
    assert.equal(await slotsLeftIn(f, "launch", week(2)), before - 1);
    assert.equal((await cancelOrder(f.deps, b.body.number)).status, "canceled");
    assert.equal(await slotsLeftIn(f, "launch", week(2)), before);
    await assert.rejects(cancelOrder(f.deps, a.body.number), /only a pending order/);
  });
});
