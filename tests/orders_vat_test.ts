/**
 * create_checkout through REST: VAT for a consumer in DE, a business in FR with a valid and an
 * invalid VAT number, a US buyer; and every order rule at its edge, each refusal a 400 naming the
 * item's field that creates no order and holds no week.
 */
import assert from "node:assert/strict";
import { type Fixture, NEXT_WEEK } from "./fixtures.ts";
import { setSettings } from "./publishing_fixture.ts";
import {
  myOrderNumbers,
  restCheckout,
  storedState,
  weekAhead,
  withOrderBed,
} from "./orders_fixture.ts";

/** create_checkout answers a 400 with exactly `paths` in its details, and nothing is stored. */
async function refused(f: Fixture, body: Record<string, unknown>, paths: string[], key?: string) {
  const before = await storedState(f.deps.kv);
  const res = await restCheckout(f, body, key);
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.equal(res.body.error.code, "invalid_request");
  assert.deepEqual(res.body.error.details.map((d: { path: string }) => d.path), paths);
  assert.deepEqual(await storedState(f.deps.kv), before, "a refused order stores nothing");
  return res.body.error;
}

Deno.test("create_checkout VAT: DE consumer 19 %, FR business reverse charge, US buyer none", async () => {
  await withOrderBed(async ({ f, fresh, theirs }) => {
    const items = [{ product: "launch", listing_id: fresh.id }];
    const de = await restCheckout(f, { items, billing_country: "DE" });
    assert.equal(de.status, 201, JSON.stringify(de.body));
    assert.deepEqual(
      [de.body.vat.country, de.body.vat.rate_percent, de.body.vat.reverse_charge],
      ["DE", 19, false],
    );
    assert.equal(de.body.subtotal_cents, 4900);
    assert.equal(de.body.vat_cents, 931);
    assert.equal(de.body.total_cents, 5831);

    const fr = await restCheckout(f, {
      items: [{ product: "launch", listing_id: theirs.id }],
      billing_country: "FR",
      vat_number: "FR40303265045",
    }, f.keys.stranger);
    assert.equal(fr.status, 201, JSON.stringify(fr.body));
    assert.equal(fr.body.vat.reverse_charge, true);
    assert.equal(fr.body.vat.rate_percent, 0);
    assert.equal(fr.body.vat.vat_number, "FR40303265045");
    assert.match(fr.body.vat.note, /reverse charge/i);
    assert.equal(fr.body.vat_cents, 0);
    assert.equal(fr.body.total_cents, fr.body.subtotal_cents);
    const us = await restCheckout(f, {
      items: [{ product: "featured", listing_id: f.listings.invoicely.id }],
      billing_country: "US",
    });
    assert.equal(us.status, 201, JSON.stringify(us.body));
    assert.equal(us.body.vat.rate_percent, 0);
    assert.equal(us.body.vat.reverse_charge, false);
    assert.equal(us.body.vat_cents, 0);
    assert.equal(us.body.total_cents, us.body.subtotal_cents);
  });
});

Deno.test("create_checkout with an invalid VAT number is a 400 naming vat_number; no order", async () => {
  await withOrderBed(async ({ f, fresh }) => {
    const error = await refused(f, {
      items: [{ product: "launch", listing_id: fresh.id, week: weekAhead(2) }],
      billing_country: "FR",
      vat_number: "FR41303265045",
    }, ["vat_number"]);
    assert.match(error.message, /vat_number: the check digits do not match/);
    assert.deepEqual(await myOrderNumbers(f, f.keys.owner), []);
  });
});

Deno.test("create_checkout refuses products and listings at their edge, alike for missing and others' listings", async () => {
  await withOrderBed(async ({ f, fresh, theirs }) => {
    await refused(f, { items: [{ product: "gold_plating", listing_id: fresh.id }] }, [
      "items.0.product",
    ]);
    const missing = 987654;
    const other = await refused(f, { items: [{ product: "launch", listing_id: theirs.id }] }, [
      "items.0.listing_id",
    ]);
    const none = await refused(f, { items: [{ product: "launch", listing_id: missing }] }, [
      "items.0.listing_id",
    ]);
    assert.deepEqual(
      other,
      JSON.parse(JSON.stringify(none).replaceAll(String(missing), String(theirs.id))),
    );
    await refused(f, {
      items: [{ product: "launch", listing_id: fresh.id }, {
        product: "launch",
        listing_id: fresh.id,
      }],
    }, ["items.1.product"]);
    const invoicely = f.listings.invoicely.id;
    await refused(f, {
      items: [{ product: "billboard_min", listing_id: invoicely, amount_cents: 499 }],
    }, ["items.0.amount_cents"]);
    await refused(f, {
      items: [{ product: "featured", listing_id: invoicely, categories: ["accounting"] }],
    }, ["items.0.categories"]);
    const edge = await restCheckout(f, {
      items: [{ product: "billboard_min", listing_id: invoicely, amount_cents: 500 }],
    });
    assert.equal(edge.status, 201, "the minimum itself is accepted");
  });
});

Deno.test("create_checkout week rules: a Monday, an offered week, a week with room", async () => {
  await withOrderBed(async ({ f, fresh, theirs }) => {
    const launch = (week: string) => ({
      items: [{ product: "launch", listing_id: fresh.id, week }],
    });
    await refused(f, launch("2026-11-24"), ["items.0.week"]);
    await refused(f, launch("2026-11-16"), ["items.0.week"]);
    await refused(f, launch(weekAhead(13)), ["items.0.week"]);
    await setSettings(f.deps.kv, { paid_slots_per_week: 1 });
    // Soonapp holds next week's only slot.
    const full = await refused(f, launch(NEXT_WEEK), ["items.0.week"]);
    assert.match(full.message, /full/);
    const taken = await restCheckout(f, {
      items: [{ product: "launch", listing_id: theirs.id, week: weekAhead(4) }],
    }, f.keys.stranger);
    assert.equal(taken.status, 201, JSON.stringify(taken.body));
    await refused(f, launch(weekAhead(4)), ["items.0.week"]);
    assert.deepEqual(await myOrderNumbers(f, f.keys.owner), []);
    const last = await restCheckout(f, launch(weekAhead(12)));
    assert.equal(last.status, 201, "the last offered week is accepted");
  });
});
