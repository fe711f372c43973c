/** quote_order and list_products' weeks: every order rule at its edge, VAT previews, no writes. */
import assert from "node:assert/strict";
import {
  bearer,
  buildFixture,
  type Fixture,
  getJson,
  listingInput,
  NEXT_WEEK,
  NOW,
  sendJson,
} from "./fixtures.ts";
import { setSettings } from "./publishing_fixture.ts";
import { createListing, goLive, scheduleListing, updateListing } from "../kv/listings.ts";
import { getUserByEmail } from "../kv/users.ts";
import { freePlanKey, freeWeekKey } from "../kv/keys.ts";
import type { FreePlan, FreeWeek, Listing } from "../kv/types.ts";
import { addWeeks } from "../services/platform/weeks.ts";

/** Weeks ahead of the fixture's week (Monday 2026-11-16). */
const week = (n: number) => addWeeks("2026-11-16", n);
/** The free-queue week the test's queued listing holds (7 weeks ahead). */
const HELD_WEEK = week(7);

interface Bed {
  f: Fixture;
  /** Owned by the owner: a saved listing (plan none), a free one in the queue, a live paid one. */
  fresh: Listing;
  queued: Listing;
  invoicely: Listing;
  /** Owned by the stranger. */
  theirs: Listing;
}

async function makeBed(): Promise<Bed> {
  const f = await buildFixture();
  const kv = f.deps.kv;
  const ownerId = (await getUserByEmail(kv, "ada@invoicely.example"))!.id;
  const strangerId = (await getUserByEmail(kv, "sam@elsewhere.example"))!.id;
  const fresh = await createListing(kv, listingInput("Freshapp", { owner_id: ownerId }), NOW);
  const queued = await createListing(kv, listingInput("Queuedapp", { owner_id: ownerId }), NOW);
  await updateListing(kv, queued.id, () => ({ status: "awaiting_badge", plan: "free" }), NOW);
  const plan: FreePlan = {
    listing_id: queued.id,
    reservation: { week: HELD_WEEK, seq: 1, reserved_at: NOW.toISOString() },
    badge_check: null,
    lost_week: null,
    chosen_at: NOW.toISOString(),
  };
  await kv.set(freePlanKey(queued.id), plan);
  await kv.set(freeWeekKey(HELD_WEEK), { reserved: 1, next_seq: 2 } satisfies FreeWeek);
  const theirs = await createListing(kv, listingInput("Theirapp", { owner_id: strangerId }), NOW);
  return { f, fresh, queued, invoicely: f.listings.invoicely, theirs };
}

async function withBed(test: (bed: Bed) => Promise<void>) {
  const bed = await makeBed();
  try {
    await test(bed);
  } finally {
    bed.f.deps.kv.close();
  }
}

function quote(f: Fixture, body: unknown, key = f.keys.owner) {
  return sendJson(f.app, "POST", "/api/v1/orders/quote", body, bearer(key));
}

/** Quotes one or more items and expects a 400 whose details are exactly `paths`. */
async function refused(f: Fixture, items: unknown[], paths: string[]) {
  const res = await quote(f, { items });
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.equal(res.body.error.code, "invalid_request");
  assert.deepEqual(res.body.error.details.map((d: { path: string }) => d.path), paths);
  assert.match(res.body.error.message, /^Cannot price the order: /);
  return res.body.error;
}

/** Every KV entry's key and versionstamp, without the rate limiter's own counters. */
async function snapshot(kv: Deno.Kv): Promise<string[]> {
  const out: string[] = [];
  for await (const e of kv.list({ prefix: [] })) {
    if (e.key[0] === "rate_limit") continue;
    out.push(`${JSON.stringify(e.key)}@${e.versionstamp}`);
  }
  return out;
}

Deno.test("list_products shows each week's slots left (paid launches and the free queue)", async () => {
  await withBed(async ({ f }) => {
    await f.deps.kv.set(freeWeekKey(week(2)), { reserved: 25, next_seq: 26 });
    await f.deps.kv.set(freeWeekKey(week(3)), { reserved: 24, next_seq: 25 });
    const res = await getJson(f.app, "/api/v1/products");
    assert.equal(res.status, 200);
    const byCode = new Map(res.body.items.map((p: { code: string }) => [p.code, p]));
    // deno-lint-ignore no-explicit-any
    const launch = byCode.get("launch") as any;
    // Soonapp is a paid launch booked next week: 15 - 1.
    assert.deepEqual(launch.week_capacity[0], { week: NEXT_WEEK, slots_left: 14 });
    assert.deepEqual(launch.week_capacity[1], { week: week(2), slots_left: 15 });
    assert.deepEqual(launch.weeks, launch.week_capacity.map((w: { week: string }) => w.week));
    // deno-lint-ignore no-explicit-any
    const skip = byCode.get("skip_queue") as any;
    assert.deepEqual(skip.week_capacity, [
      { week: week(1), slots_left: 25 },
      { week: week(3), slots_left: 1 },
      { week: week(4), slots_left: 25 },
      { week: week(5), slots_left: 25 },
    ]);
    // deno-lint-ignore no-explicit-any
    assert.equal((byCode.get("featured") as any).week_capacity, undefined);
  });
});

Deno.test("quote_order prices lines at the site's prices, US buyer without VAT", async () => {
  await withBed(async ({ f, fresh, invoicely }) => {
    // A first call records the API key's use; after it, a quote writes nothing.
    assert.equal(
      (await quote(f, { items: [{ product: "launch", listing_id: fresh.id }] })).status,
      200,
    );
    const before = await snapshot(f.deps.kv);
    const res = await quote(f, {
      billing_country: "US",
      items: [
        { product: "launch", listing_id: fresh.id },
        { product: "relaunch", listing_id: invoicely.id, week: week(3) },
        { product: "billboard_min", listing_id: invoicely.id, amount_cents: 1234 },
        { product: "extra_categories", listing_id: invoicely.id, categories: ["accounting"] },
        { product: "trophy_cabinet", listing_id: invoicely.id, options: { theme: "dark" } },
      ],
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.match(res.type, /json/);
    const lines = res.body.lines;
    assert.deepEqual(lines.map((l: { total_cents: number }) => l.total_cents), [
      4900,
      3900,
      1234,
      2900,
      1900,
    ]);
    assert.deepEqual(lines[0], {
      product: "launch",
      name: "Paid launch",
      listing_id: fresh.id,
      unit_price_cents: 4900,
      quantity: 1,
      total_cents: 4900,
    });
    assert.equal(lines[1].week, week(3));
    assert.equal(lines[2].amount_cents, 1234);
    assert.deepEqual(lines[3].categories, ["accounting"]);
    assert.deepEqual(lines[4].options, { theme: "dark" });
    assert.equal(res.body.subtotal_cents, 4900 + 3900 + 1234 + 2900 + 1900);
    assert.equal(res.body.vat.reverse_charge, false);
    assert.equal(res.body.vat.rate_percent, 0);
    assert.equal(res.body.vat_cents, 0);
    assert.equal(res.body.total_cents, res.body.subtotal_cents);
    assert.equal(res.body.currency, "usd");
    assert.equal(res.body.prices_as_of, NOW.toISOString());
    // A price changed by the site team is the next quote's price.
    const { putProduct, getProductRecord } = await import("../kv/catalog.ts");
    await putProduct(f.deps.kv, {
      ...(await getProductRecord(f.deps.kv, "launch"))!,
      price_cents: 5100,
    });
    const again = await quote(f, { items: [{ product: "launch", listing_id: fresh.id }] });
    assert.equal(again.body.lines[0].unit_price_cents, 5100);
    // Nothing but the price edit above was written by the quotes.
    const after = (await snapshot(f.deps.kv)).filter((k) => !k.startsWith('["products","launch"]'));
    assert.deepEqual(after, before.filter((k) => !k.startsWith('["products","launch"]')));
  });
});

Deno.test("quote_order VAT: a German consumer pays 19 %, a French business reverse charge", async () => {
  await withBed(async ({ f, fresh }) => {
    const items = [{ product: "launch", listing_id: fresh.id }];
    const de = await quote(f, { items, billing_country: "DE" });
    assert.equal(de.status, 200, JSON.stringify(de.body));
    assert.equal(de.body.vat.country, "DE");
    assert.equal(de.body.vat.rate_percent, 19);
    assert.equal(de.body.vat_cents, 931);
    assert.equal(de.body.total_cents, 4900 + 931);
    assert.equal(typeof de.body.vat.rates_as_of, "string");
    const fr = await quote(f, { items, billing_country: "FR", vat_number: "FR40303265045" });
    assert.equal(fr.status, 200, JSON.stringify(fr.body));
    assert.equal(fr.body.vat.reverse_charge, true);
    assert.equal(fr.body.vat_cents, 0);
    assert.equal(fr.body.total_cents, 4900);
    assert.ok(fr.body.vat.note.length > 0);
  });
});

Deno.test("quote_order refuses unknown and inactive products, and listings that are not the caller's", async () => {
  await withBed(async ({ f, fresh, theirs }) => {
    await refused(f, [{ product: "gold_plating", listing_id: fresh.id }], ["items.0.product"]);
    const { putProduct, getProductRecord } = await import("../kv/catalog.ts");
    await putProduct(f.deps.kv, {
      ...(await getProductRecord(f.deps.kv, "ai_review"))!,
      active: false,
    });
    await refused(f, [{ product: "ai_review", listing_id: fresh.id }], ["items.0.product"]);
    await refused(f, [{ product: "featured" }], ["items.0.listing_id"]);
    // Another account's listing is refused exactly like one that does not exist.
    const missing = 987654;
    const other = await refused(f, [{ product: "launch", listing_id: theirs.id }], [
      "items.0.listing_id",
    ]);
    const none = await refused(f, [{ product: "launch", listing_id: missing }], [
      "items.0.listing_id",
    ]);
    assert.deepEqual(
      other,
      JSON.parse(JSON.stringify(none).replaceAll(String(missing), String(theirs.id))),
    );
    // The stranger quotes their own listing.
    const own = await quote(
      f,
      { items: [{ product: "launch", listing_id: theirs.id }] },
      f.keys.stranger,
    );
    assert.equal(own.status, 200);
  });
});

Deno.test("quote_order week rules per product", async () => {
  await withBed(async ({ f, fresh, queued, invoicely }) => {
    await refused(f, [{ product: "launch", listing_id: fresh.id, week: "2026-11-25" }], [
      "items.0.week",
    ]);
    const past = await refused(
      f,
      [{ product: "launch", listing_id: fresh.id, week: "2026-11-16" }],
      [
        "items.0.week",
      ],
    );
    assert.match(past.message, /"2026-11-16" cannot be ordered for "launch" now/);
    await refused(f, [{ product: "launch", listing_id: fresh.id, week: week(13) }], [
      "items.0.week",
    ]);
    assert.equal(
      (await quote(f, { items: [{ product: "launch", listing_id: fresh.id, week: week(12) }] }))
        .status,
      200,
    );
    await refused(f, [{ product: "featured", listing_id: invoicely.id, week: week(2) }], [
      "items.0.week",
    ]);
    await refused(f, [{ product: "relaunch", listing_id: invoicely.id }], ["items.0.week"]);
    // relaunch only for listings that launched; launch only for those that did not.
    await refused(f, [{ product: "relaunch", listing_id: fresh.id, week: week(2) }], [
      "items.0.listing_id",
    ]);
    await goLive(f.deps.kv, fresh.id, NOW);
    await refused(f, [{ product: "launch", listing_id: fresh.id }], ["items.0.listing_id"]);
    // skip_queue: required, earlier than the held free week, within the weeks before the window.
    await refused(f, [{ product: "skip_queue", listing_id: queued.id }], ["items.0.week"]);
    const ok = await quote(f, {
      items: [{ product: "skip_queue", listing_id: queued.id, week: week(5) }],
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    await refused(f, [{ product: "skip_queue", listing_id: queued.id, week: week(6) }], [
      "items.0.week",
    ]);
    await refused(f, [{ product: "skip_queue", listing_id: invoicely.id, week: week(2) }], [
      "items.0.listing_id",
    ]);
  });
});

Deno.test("quote_order skip_queue needs a listing holding a week, earlier than it", async () => {
  await withBed(async ({ f, queued }) => {
    // The held week moved to 4 weeks ahead: week 4 itself is not earlier, week 3 is.
    const plan = (await f.deps.kv.get<FreePlan>(freePlanKey(queued.id))).value!;
    await f.deps.kv.set(freePlanKey(queued.id), {
      ...plan,
      reservation: { ...plan.reservation!, week: week(4) },
    });
    const e = await refused(f, [{ product: "skip_queue", listing_id: queued.id, week: week(4) }], [
      "items.0.week",
    ]);
    assert.match(e.message, /not earlier than .* free-queue week/);
    assert.equal(
      (await quote(f, { items: [{ product: "skip_queue", listing_id: queued.id, week: week(3) }] }))
        .status,
      200,
    );
    // Without a reservation (the week was lost), nothing to move.
    await f.deps.kv.set(freePlanKey(queued.id), { ...plan, reservation: null, lost_week: week(0) });
    await refused(f, [{ product: "skip_queue", listing_id: queued.id, week: week(3) }], [
      "items.0.listing_id",
    ]);
  });
});

Deno.test("quote_order refuses a full week, counting the order's own earlier items", async () => {
  await withBed(async ({ f, fresh, queued, invoicely }) => {
    await setSettings(f.deps.kv, { paid_slots_per_week: 2 });
    const ownerId = (await getUserByEmail(f.deps.kv, "ada@invoicely.example"))!.id;
    const other = await createListing(
      f.deps.kv,
      listingInput("Otherapp", { owner_id: ownerId }),
      NOW,
    );
    // Soonapp holds one of next week's 2 slots: one is left for this order.
    await refused(f, [
      { product: "launch", listing_id: fresh.id, week: NEXT_WEEK },
      { product: "launch", listing_id: other.id, week: NEXT_WEEK },
    ], ["items.1.week"]);
    await scheduleListing(f.deps.kv, invoicely.id, NEXT_WEEK, "paid", NOW);
    const full = await refused(f, [{ product: "launch", listing_id: fresh.id, week: NEXT_WEEK }], [
      "items.0.week",
    ]);
    assert.match(full.message, /is full for "launch"/);
    const products = await getJson(f.app, "/api/v1/products");
    const launch = products.body.items.find((p: { code: string }) => p.code === "launch");
    assert.equal(launch.weeks.includes(NEXT_WEEK), false);
    // The free queue's own counter fills skip_queue weeks.
    await setSettings(f.deps.kv, { free_slots_per_week: 3 });
    await f.deps.kv.set(freeWeekKey(week(2)), { reserved: 3, next_seq: 4 });
    await refused(f, [{ product: "skip_queue", listing_id: queued.id, week: week(2) }], [
      "items.0.week",
    ]);
  });
});

Deno.test("quote_order plans, amounts, categories and options", async () => {
  await withBed(async ({ f, fresh, invoicely }) => {
    // for_plans: launch is for plans none and free, extra_categories for paid.
    await refused(f, [{ product: "launch", listing_id: invoicely.id }], ["items.0.listing_id"]);
    await refused(f, [{
      product: "extra_categories",
      listing_id: fresh.id,
      categories: ["accounting"],
    }], [
      "items.0.listing_id",
    ]);
    // amount_cents: billboard_min only, at least the minimum (a site setting).
    await refused(f, [{ product: "billboard_min", listing_id: invoicely.id, amount_cents: 499 }], [
      "items.0.amount_cents",
    ]);
    await refused(f, [{ product: "billboard_min", listing_id: invoicely.id }], [
      "items.0.amount_cents",
    ]);
    assert.equal(
      (await quote(f, {
        items: [{ product: "billboard_min", listing_id: invoicely.id, amount_cents: 500 }],
      })).status,
      200,
    );
    await setSettings(f.deps.kv, { billboard_min_cents: 1000 });
    await refused(f, [{ product: "billboard_min", listing_id: invoicely.id, amount_cents: 500 }], [
      "items.0.amount_cents",
    ]);
    await refused(f, [{ product: "featured", listing_id: invoicely.id, amount_cents: 500 }], [
      "items.0.amount_cents",
    ]);
    const schema = await quote(f, {
      items: [{ product: "billboard_min", listing_id: invoicely.id, amount_cents: 0 }],
    });
    assert.equal(schema.status, 400);
    // categories: extra_categories only; existing, not primary, not already extra, no repeats, 3 in all.
    const extra = (categories: string[]) => ({
      product: "extra_categories",
      listing_id: invoicely.id,
      categories,
    });
    await refused(f, [{
      product: "featured",
      listing_id: invoicely.id,
      categories: ["accounting"],
    }], [
      "items.0.categories",
    ]);
    await refused(f, [extra([])], ["items.0.categories"]);
    await refused(f, [extra(["accounting", "no-such-category"])], ["items.0.categories.1"]);
    await refused(f, [extra(["invoicing"])], ["items.0.categories.0"]);
    await refused(f, [extra(["accounting", "accounting"])], ["items.0.categories.1"]);
    await refused(f, [extra(["accounting", "task-management", "payments", "crm"])], [
      "items.0.categories",
    ]);
    assert.equal(
      (await quote(f, { items: [extra(["accounting", "task-management", "payments"])] })).status,
      200,
    );
    await updateListing(
      f.deps.kv,
      invoicely.id,
      () => ({ extra_categories: ["accounting", "payments"] }),
      NOW,
    );
    await refused(f, [extra(["accounting"])], ["items.0.categories.0"]);
    await refused(f, [extra(["task-management", "crm"])], ["items.0.categories"]);
    await refused(f, [extra(["task-management"]), extra(["task-management"])], [
      "items.1.categories.0",
    ]);
    // options: against the product's schema.
    const cabinet = (options: Record<string, unknown>) => ({
      product: "trophy_cabinet",
      listing_id: invoicely.id,
      options,
    });
    await refused(f, [cabinet({ theme: "neon" })], ["items.0.options.theme"]);
    await refused(f, [cabinet({ show_runner_up: "yes" })], ["items.0.options.show_runner_up"]);
    await refused(f, [cabinet({ headline: "x".repeat(81) })], ["items.0.options.headline"]);
    await refused(f, [cabinet({ colour: "red" })], ["items.0.options.colour"]);
    await refused(f, [{
      product: "featured",
      listing_id: invoicely.id,
      options: { theme: "dark" },
    }], [
      "items.0.options.theme",
    ]);
    const full = await quote(f, {
      items: [cabinet({ theme: "minimal", show_runner_up: true, headline: "x".repeat(80) })],
    });
    assert.equal(full.status, 200, JSON.stringify(full.body));
  });
});

Deno.test("quote_order required options must be present", async () => {
  await withBed(async ({ f, invoicely }) => {
    const { putProduct, getProductRecord } = await import("../kv/catalog.ts");
    const cabinet = (await getProductRecord(f.deps.kv, "trophy_cabinet"))!;
    await putProduct(f.deps.kv, {
      ...cabinet,
      options: cabinet.options!.map((o) => o.name === "theme" ? { ...o, required: true } : o),
    });
    await refused(f, [{ product: "trophy_cabinet", listing_id: invoicely.id }], [
      "items.0.options.theme",
    ]);
  });
});

Deno.test("quote_order refuses contradictory items and reports every problem", async () => {
  await withBed(async ({ f, fresh, queued, invoicely }) => {
    await refused(f, [
      { product: "launch", listing_id: fresh.id },
      { product: "launch_bundle", listing_id: fresh.id },
    ], ["items.1.product"]);
    await refused(f, [
      { product: "skip_queue", listing_id: queued.id, week: week(2) },
      { product: "skip_queue", listing_id: queued.id, week: week(3) },
    ], ["items.1.product"]);
    await refused(f, [
      { product: "skip_queue", listing_id: queued.id, week: week(2) },
      { product: "launch", listing_id: queued.id },
    ], ["items.1.product"]);
    await refused(f, [
      { product: "relaunch", listing_id: invoicely.id, week: week(2) },
      { product: "featured", listing_id: invoicely.id },
      { product: "relaunch", listing_id: invoicely.id, week: week(2) },
    ], ["items.2.week"]);
    // Several problems: each in details, the message names the first.
    const all = await refused(f, [
      { product: "nope" },
      { product: "featured", listing_id: invoicely.id, week: "2026-11-24" },
      { product: "billboard_min", listing_id: invoicely.id, amount_cents: 1 },
    ], ["items.0.product", "items.1.week", "items.2.amount_cents"]);
    assert.match(all.message, /^Cannot price the order: items\.0\.product: Unknown product "nope"/);
  });
});
