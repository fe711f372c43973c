/**
 * The site team's prices and settings (/admin/settings): refusals at their fields, a price change
 * seen by list_products and new quotes while an older order keeps its total, a queue window change
 * seen by choose_free_listing, one audit entry per save, nothing written when nothing changed, and
 * access (team only, 404 for others, sign-in for visitors) and CSRF.
 */
import assert from "node:assert/strict";
import { bearer, getJson, sendJson } from "./fixtures.ts";
import { browser, csrfOf, signedInBrowser } from "./accounts_fixture.ts";
import {
  type OrderBed,
  restCheckout,
  storedState,
  TEAM_EMAIL,
  weekAhead,
  withOrderBed,
} from "./orders_fixture.ts";
import { listAuditLog } from "../services/admin/mod.ts";
import { getSettings } from "../services/platform/mod.ts";
import { addWeeks } from "../services/platform/weeks.ts";

const PATH = "/admin/settings";

/** The settings form's fields as the page shows them (every input and select value). */
function formFields(html: string, action: string): Record<string, string> {
  const start = html.indexOf(`action="${action}"`);
  const form = html.slice(start, html.indexOf("</form>", start));
  const fields: Record<string, string> = {};
  for (const m of form.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    fields[m[1]] = m[2].replaceAll("&amp;", "&");
  }
  for (
    const m of form.matchAll(
      /<select[^>]*name="([^"]+)"[\s\S]*?<option[^>]*value="([^"]+)"[^>]*selected/g,
    )
  ) {
    fields[m[1]] = m[2];
  }
  const area = /<textarea[^>]*name="seller_address"[^>]*>([\s\S]*?)<\/textarea>/.exec(form);
  if (area) fields.seller_address = area[1];
  return fields;
}

async function teamPageOf(bed: OrderBed) {
  const team = await signedInBrowser(bed.f, TEAM_EMAIL);
  const page = await team.get(PATH);
  assert.equal(page.status, 200, page.html.slice(0, 300));
  return { team, page };
}

async function actions(bed: OrderBed, prefix: string) {
  return (await listAuditLog(bed.f.deps, { limit: 50, filter: { action: prefix } })).entries;
}

Deno.test("settings: each refusal is shown at its field and nothing is saved", async () => {
  await withOrderBed(async (bed) => {
    const { team, page } = await teamPageOf(bed);
    const fields = formFields(page.html, PATH);
    assert.equal(fields.free_queue_min_weeks, "6");
    const before = await getSettings(bed.f.deps.kv);
    const refused = await team.post(PATH, {
      ...fields,
      free_queue_min_weeks: "9",
      free_queue_max_weeks: "8",
      free_slots_per_week: "0",
      billboard_min_cents: "five",
      seller_country: "ZZ",
      seller_name: "",
    });
    assert.equal(refused.status, 400);
    const at = (path: string) =>
      new RegExp(`id="${path}-error"[^>]*>([^<]+)<`).exec(refused.html)?.[1] ?? null;
    assert.match(at("free_queue_max_weeks")!, /min ≤ max/);
    assert.match(at("free_slots_per_week")!, /from 1 to 1000/);
    assert.match(at("billboard_min_cents")!, /amount in dollars/);
    assert.match(at("seller_country")!, /ISO country code/);
    assert.match(at("seller_name")!, /1 to 200 characters/);
    assert.equal(at("paid_slots_per_week"), null);
    assert.match(refused.html, /id="free_queue_max_weeks"[^>]*aria-invalid="true"/);
    assert.match(refused.html, /name="free_queue_min_weeks"[^>]*value="9"/, "typed values stay");
    // An EU seller's VAT number is checked against its country.
    const vat = await team.post(PATH, { ...fields, seller_vat_number: "DE123" });
    assert.equal(vat.status, 400);
    assert.match(vat.html, /id="seller_vat_number-error"[^>]*>[^<]*format of a DE VAT number/);
    assert.deepEqual(await getSettings(bed.f.deps.kv), before);
    assert.equal((await actions(bed, "settings.")).length, 0);
  });
});

Deno.test("prices: new quotes and checkouts get the new price, an older order keeps its total", async () => {
  await withOrderBed(async (bed) => {
    const week = weekAhead(2);
    const older = await restCheckout(bed.f, {
      items: [{ product: "launch", listing_id: bed.fresh.id, week }],
      billing_country: "US",
    });
    assert.equal(older.status, 201, JSON.stringify(older.body));
    assert.equal(older.body.total_cents, 4900);

    const { team, page } = await teamPageOf(bed);
    assert.match(page.html, /existing orders keep/i);
    const prices = formFields(page.html, `${PATH}/prices`);
    assert.equal(prices.price_launch, "49.00");
    const saved = await team.post(`${PATH}/prices`, {
      ...prices,
      price_launch: "59",
      reason: "Winter pricing",
    });
    assert.equal(saved.status, 303);
    const after = await team.get(saved.headers.get("location")!);
    assert.match(after.html, /Prices saved \(1 changed\)/);

    const products = await getJson(bed.f.app, "/api/v1/products");
    const launch = products.body.items.find((p: { code: string }) => p.code === "launch");
    assert.equal(launch.price_cents, 5900);
    const quote = await sendJson(bed.f.app, "POST", "/api/v1/orders/quote", {
      items: [{ product: "launch", listing_id: bed.theirs.id }],
      billing_country: "US",
    }, bearer(bed.f.keys.stranger));
    assert.equal(quote.status, 200, JSON.stringify(quote.body));
    assert.equal(quote.body.total_cents, 5900);
    const order = await getJson(bed.f.app, `/api/v1/orders/${older.body.number}`, {
      headers: bearer(bed.f.keys.owner),
    });
    assert.equal(order.body.total_cents, 4900, "the order made before keeps its price");
    assert.equal(order.body.lines[0].unit_price_cents ?? order.body.subtotal_cents, 4900);

    const [entry] = await actions(bed, "price.");
    assert.equal(entry.action, "price.update");
    assert.equal(entry.by, TEAM_EMAIL);
    assert.equal(entry.reason, "Winter pricing");
    assert.deepEqual(entry.detail, { changes: { launch: { before: 4900, after: 5900 } } });
    // A refused price: at its field, nothing saved.
    const bad = await team.post(`${PATH}/prices`, { ...prices, price_featured: "0.10" });
    assert.equal(bad.status, 400);
    assert.match(bad.html, /id="price_featured-error"[^>]*>Must be from \$0\.50/);
    assert.equal((await actions(bed, "price.")).length, 1);
  });
});

Deno.test("settings: a new queue window is the one choose_free_listing reserves in", async () => {
  await withOrderBed(async (bed) => {
    const { team, page } = await teamPageOf(bed);
    const fields = formFields(page.html, PATH);
    const saved = await team.post(PATH, {
      ...fields,
      free_queue_min_weeks: "2",
      free_queue_max_weeks: "3",
      billboard_min_cents: "7.50",
    });
    assert.equal(saved.status, 303, saved.html.slice(0, 500));
    const chosen = await sendJson(
      bed.f.app,
      "POST",
      `/api/v1/me/listings/${bed.fresh.id}/free`,
      {},
      bearer(bed.f.keys.owner),
    );
    assert.equal(chosen.status, 200, JSON.stringify(chosen.body));
    assert.deepEqual(chosen.body.free_plan.window_weeks, { min: 2, max: 3 });
    assert.equal(chosen.body.launch_week, addWeeks("2026-11-16", 2));
    const products = await getJson(bed.f.app, "/api/v1/products");
    assert.deepEqual(products.body.free_plan.queue_weeks, { min: 2, max: 3 });
    const billboard = products.body.items.find((p: { code: string }) => p.code === "billboard_min");
    assert.equal(billboard.minimum_cents, 750);
    assert.equal(billboard.price_cents, 750, "the billboard product follows its minimum");

    const [entry] = await actions(bed, "settings.");
    assert.equal(entry.action, "settings.update");
    assert.equal(entry.reason, null);
    assert.deepEqual(entry.detail, {
      changes: {
        free_queue_min_weeks: { before: 6, after: 2 },
        free_queue_max_weeks: { before: 8, after: 3 },
        billboard_min_cents: { before: 500, after: 750 },
      },
    });
  });
});

Deno.test("settings and prices: saving with nothing changed writes nothing", async () => {
  await withOrderBed(async (bed) => {
    const { team, page } = await teamPageOf(bed);
    const before = await storedState(bed.f.deps.kv);
    for (const action of [PATH, `${PATH}/prices`]) {
      const same = await team.post(action, formFields(page.html, action));
      assert.equal(same.status, 303);
      const shown = await team.get(same.headers.get("location")!);
      assert.match(shown.html, /Nothing changed: nothing was saved/);
    }
    const after = await storedState(bed.f.deps.kv);
    const sessionsOnly = [...after].filter((k) => !before.has(k))
      .filter((k) => !k.startsWith('["sessions"'));
    assert.deepEqual(sessionsOnly, []);
    assert.equal((await listAuditLog(bed.f.deps, { limit: 10 })).entries.length, 0);
  });
});

Deno.test("settings: team only (404 for others, sign-in for visitors) and CSRF-checked", async () => {
  await withOrderBed(async (bed) => {
    const visitor = browser(bed.f);
    const signIn = await visitor.get(PATH);
    assert.equal(signIn.status, 303);
    assert.match(signIn.headers.get("location")!, /^\/signin\?next=%2Fadmin%2Fsettings/);
    const ada = await signedInBrowser(bed.f, "ada@invoicely.example");
    assert.equal((await ada.get(PATH)).status, 404);
    const account = await ada.get("/account");
    const post = await ada.post(`${PATH}/prices`, {
      _csrf: csrfOf(account.html),
      price_launch: "1",
    });
    assert.equal(post.status, 404);

    const { team, page } = await teamPageOf(bed);
    const prices = formFields(page.html, `${PATH}/prices`);
    const forged = await team.post(`${PATH}/prices`, { ...prices, _csrf: "x", price_launch: "1" });
    assert.equal(forged.status, 403);
    const none = await team.post(PATH, { ...formFields(page.html, PATH), _csrf: "" });
    assert.equal(none.status, 403);
    const products = await getJson(bed.f.app, "/api/v1/products");
    assert.equal(products.body.items[0].price_cents, 4900);
  });
});
