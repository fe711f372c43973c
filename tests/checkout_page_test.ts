/**
 * The checkout and receipt pages: who may open them, the billing form (errors at their field, VAT
 * re-priced), paying in test mode and what the page shows afterwards, closed orders, and the
 * Stripe branch of the Pay button through a provider that records what it was asked.
 */
import assert from "node:assert/strict";
import { bearer, buildFixture, type Fixture, listingInput, NOW, sendJson } from "./fixtures.ts";
import { type Browser, browser, csrfOf, signInAs } from "./accounts_fixture.ts";
import { setSettings } from "./publishing_fixture.ts";
import { createListing } from "../kv/listings.ts";
import { getOrder } from "../kv/orders.ts";
import { getUserByEmail } from "../kv/users.ts";
import type { Order } from "../kv/types.ts";
import {
  cancelOrder,
  fulfilOrder,
  type PaymentProvider,
  REVERSE_CHARGE_NOTE,
  startPayment,
} from "../services/commerce/mod.ts";
import { formatMoney } from "../components/format.ts";
import { formLineItems, startStripeFake } from "./stripe_fake.ts";

interface Setup {
  f: Fixture;
  person: Browser;
  number: string;
  /** The checkout link's path and query (with the key). */
  link: string;
  key: string;
}

async function withCheckout(
  test: (s: Setup) => Promise<void>,
  config: Parameters<typeof buildFixture>[0] = {},
) {
  const f = await buildFixture(config);
  try {
    const ownerId = (await getUserByEmail(f.deps.kv, "ada@invoicely.example"))!.id;
    const fresh = await createListing(
      f.deps.kv,
      listingInput("Freshapp", { owner_id: ownerId }),
      NOW,
    );
    const res = await sendJson(f.app, "POST", "/api/v1/orders/checkout", {
      items: [{ product: "launch", listing_id: fresh.id }],
    }, bearer(f.keys.owner));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const url = new URL(res.body.checkout_url);
    const person = browser(f);
    await test({
      f,
      person,
      number: res.body.number,
      link: url.pathname + url.search,
      key: url.searchParams.get("key")!,
    });
  } finally {
    f.deps.kv.close();
  }
}

/** Posts the billing form of the page at `link` with its CSRF token and key. */
async function postBilling(s: Setup, fields: Record<string, string>) {
  const page = await s.person.get(s.link);
  assert.equal(page.status, 200);
  return await s.person.post(`/checkout/${s.number}/billing`, {
    billing_name: "Ada Lovelace",
    billing_address: "1 Analytical Street\nLondon",
    billing_country: "",
    vat_number: "",
    ...fields,
    key: s.key,
    _csrf: csrfOf(page.html),
  });
}

/** Posts the Pay button (with the CSRF token of the page now, or one kept from before). */
async function postPay(s: Setup, csrf?: string) {
  const token = csrf ?? csrfOf((await s.person.get(s.link)).html);
  return await s.person.post(`/checkout/${s.number}/pay`, { key: s.key, _csrf: token });
}

const order = async (s: Setup): Promise<Order> => (await getOrder(s.f.deps.kv, s.number))!;
const hasPayButton = (html: string) => /action="\/checkout\/[^"]+\/pay"/.test(html);

Deno.test("checkout page: the key or the buyer's session opens it; anyone else gets the plain 404", async () => {
  await withCheckout(async (s) => {
    const opened = await s.person.get(s.link);
    assert.equal(opened.status, 200);
    assert.equal(opened.headers.get("cache-control"), "no-store");
    assert.equal(opened.headers.get("referrer-policy"), "same-origin");
    assert.match(opened.html, /<meta name="robots" content="noindex"/);
    assert.ok(opened.html.includes(s.number));
    assert.ok(opened.html.includes("Paid launch"));
    assert.ok(opened.html.includes("Freshapp"));
    assert.ok(opened.html.includes("Awaiting payment until"));

    const missing = await s.person.get(`/checkout/LD-20261118-ZZZZZZ?key=${s.key}`);
    assert.equal(missing.status, 404);
    for (const path of [`/checkout/${s.number}`, `/checkout/${s.number}?key=wrong${s.key}`]) {
      const refused = await s.person.get(path);
      assert.equal(refused.status, 404, path);
      // The same page as an order that does not exist: nothing about the order is revealed.
      assert.equal(
        refused.html.replaceAll(s.number, "N"),
        missing.html.replaceAll("LD-20261118-ZZZZZZ", "N"),
      );
      assert.equal(refused.headers.get("referrer-policy"), "same-origin");
    }
    assert.equal((await s.person.get(`/checkout/${s.number}/receipt?key=${s.key}`)).status, 404);

    const stranger = browser(s.f);
    await signInAs(
      s.f,
      stranger,
      "sam@elsewhere.example",
    );
    assert.equal((await stranger.get(`/checkout/${s.number}`)).status, 404);
    assert.equal((await stranger.get(s.link)).status, 200, "the key opens it for anyone");

    const buyer = browser(s.f);
    await signInAs(s.f, buyer, "ada@invoicely.example");
    const own = await buyer.get(`/checkout/${s.number}`);
    assert.equal(own.status, 200);
    assert.ok(!own.html.includes('name="key"'), "no key to carry without one");
  });
});

Deno.test("checkout page: billing errors are shown at their field and nothing is saved", async () => {
  await withCheckout(async (s) => {
    const badVat = await postBilling(s, { billing_country: "FR", vat_number: "FR41303265045" });
    assert.equal(badVat.status, 400);
    assert.match(badVat.html, /id="vat_number-error"[^>]*>[^<]*check digits do not match/);
    assert.match(badVat.html, /name="vat_number"[^>]*value="FR41303265045"/);

    const noCountry = await postBilling(s, { billing_country: "" });
    assert.equal(noCountry.status, 400);
    assert.match(noCountry.html, /id="billing_country-error"[^>]*>Country is required/);

    const long = await postBilling(s, { billing_country: "DE", billing_name: "x".repeat(201) });
    assert.equal(long.status, 400);
    assert.match(long.html, /id="billing_name-error"[^>]*>Name is too long: 201 characters/);

    const unknown = await postBilling(s, { billing_country: "QQ" });
    assert.equal(unknown.status, 400);
    assert.match(unknown.html, /id="billing_country-error"/);
    assert.equal((await order(s)).billing, null);

    const page = await s.person.get(s.link);
    const forged = await s.person.post(`/checkout/${s.number}/billing`, {
      billing_name: "A",
      billing_address: "B",
      billing_country: "DE",
      key: s.key,
      _csrf: "forged" + csrfOf(page.html),
    });
    assert.equal(forged.status, 403);
    const keyless = await s.person.post(`/checkout/${s.number}/billing`, {
      billing_country: "DE",
      _csrf: csrfOf(page.html),
    });
    assert.equal(keyless.status, 404);
  });
});

Deno.test("checkout page: billing details re-price VAT (DE consumer, FR business, US)", async () => {
  await withCheckout(async (s) => {
    const de = await postBilling(s, { billing_country: "DE" });
    assert.equal(de.status, 303);
    assert.equal(de.headers.get("location"), s.link);
    let o = await order(s);
    assert.equal(o.vat.rate_percent, 19);
    assert.equal(o.vat_cents, Math.round(o.subtotal_cents * 0.19));
    let page = await s.person.get(s.link);
    assert.ok(page.html.includes("VAT 19 %"));
    assert.ok(page.html.includes(formatMoney(o.vat_cents)));
    assert.ok(page.html.includes(formatMoney(o.total_cents)));
    assert.match(page.html, /<option value="DE" selected>Germany</);

    await postBilling(s, { billing_country: "FR", vat_number: "fr 40-303.265.045" });
    o = await order(s);
    assert.equal(o.vat.rate_percent, 0);
    assert.equal(o.vat.reverse_charge, true);
    assert.equal(o.billing?.vat_number, "FR40303265045");
    assert.equal(o.total_cents, o.subtotal_cents);
    page = await s.person.get(s.link);
    assert.ok(page.html.includes("VAT 0 % (reverse charge)"));
    assert.ok(page.html.includes(REVERSE_CHARGE_NOTE));

    await postBilling(s, { billing_country: "US", vat_number: "" });
    o = await order(s);
    assert.equal(o.vat.rate_percent, 0);
    assert.equal(o.vat.reverse_charge, false);
    page = await s.person.get(s.link);
    assert.ok(page.html.includes("No VAT: billed outside the EU"));
  });
});

Deno.test("checkout page: paying needs billing details; then paid, applied, and a receipt", async () => {
  await withCheckout(async (s) => {
    const early = await postPay(s);
    assert.equal(early.status, 409);
    assert.match(early.html, /has no billing details: give them before paying/);
    assert.equal((await order(s)).status, "pending");
    assert.ok(!hasPayButton((await s.person.get(s.link)).html));

    await setSettings(s.f.deps.kv, {
      seller_name: "Launch Directory GmbH",
      seller_address: "Hauptstraße 1\n10115 Berlin",
      seller_vat_number: "DE136695976",
    });
    await postBilling(s, { billing_country: "FR", vat_number: "FR40303265045" });
    const before = await s.person.get(s.link);
    assert.match(before.html, />Pay \(test\)</);

    const paid = await postPay(s);
    assert.equal(paid.status, 303);
    assert.equal(paid.headers.get("location"), s.link);
    assert.equal((await order(s)).status, "paid");
    let page = await s.person.get(s.link);
    assert.match(page.html, /class="pill order-status order-status-paid">Paid</);
    assert.ok(page.html.includes("Being applied…"));
    assert.ok(page.html.includes(`/checkout/${s.number}/receipt?key=${s.key}`));
    assert.ok(!hasPayButton(page.html));

    await fulfilOrder(s.f.deps, s.number);
    page = await s.person.get(s.link);
    assert.ok(!page.html.includes("Being applied…"));
    assert.match(page.html, /class="line-status-done">Done</);
    assert.ok(page.html.includes((await order(s)).lines[0].result!));

    const receipt = await s.person.get(`/checkout/${s.number}/receipt?key=${s.key}`);
    assert.equal(receipt.status, 200);
    assert.equal(receipt.headers.get("referrer-policy"), "same-origin");
    for (
      const text of [
        "Launch Directory GmbH",
        "Hauptstraße 1\n10115 Berlin",
        "VAT number DE136695976",
        "Germany",
        "Ada Lovelace",
        "VAT number FR40303265045",
        "VAT 0 % (reverse charge)",
        REVERSE_CHARGE_NOTE,
        "Paid launch",
      ]
    ) assert.ok(receipt.html.includes(text), `receipt shows ${text}`);
    assert.match(receipt.html, /data-island="PrintButton"/);
    assert.match(receipt.html, /Paid on <time dateTime="2026-11-18T12:00:00.000Z">/i);

    const again = await postPay(s, csrfOf(before.html));
    assert.equal(again.status, 303, "paying a paid order only shows it");
  });
});

Deno.test("checkout page: the receipt shows only the seller details that are set", async () => {
  await withCheckout(async (s) => {
    await setSettings(s.f.deps.kv, { seller_name: "Solo Seller", seller_vat_number: "" });
    await postBilling(s, { billing_country: "US" });
    await postPay(s);
    const receipt = await s.person.get(`/checkout/${s.number}/receipt?key=${s.key}`);
    assert.ok(receipt.html.includes("Solo Seller"));
    const from = receipt.html.slice(receipt.html.indexOf('id="receipt-seller"'));
    assert.ok(!from.slice(0, from.indexOf("</address>")).includes("VAT number"));
  });
});

Deno.test("checkout page: expired and canceled orders say so and cannot be paid", async () => {
  await withCheckout(async (s) => {
    await postBilling(s, { billing_country: "DE" });
    const pageBefore = await s.person.get(s.link);
    s.f.deps.now = () => new Date(NOW.getTime() + 24 * 3_600_000 + 1);
    const expired = await s.person.get(s.link);
    assert.equal(expired.status, 200);
    assert.match(expired.html, /This order expired/);
    assert.ok(!hasPayButton(expired.html));
    assert.ok(!expired.html.includes('action="/checkout/' + s.number + '/billing"'));
    const late = await s.person.post(`/checkout/${s.number}/pay`, {
      key: s.key,
      _csrf: csrfOf(pageBefore.html),
    });
    assert.equal(late.status, 409);
    assert.match(late.html, /is expired: it can no longer be paid/);
  });
  await withCheckout(async (s) => {
    await postBilling(s, { billing_country: "DE" });
    await cancelOrder(s.f.deps, s.number);
    const canceled = await s.person.get(s.link);
    assert.match(canceled.html, /This order was canceled/);
    assert.ok(!hasPayButton(canceled.html));
    assert.equal((await s.person.get(`/checkout/${s.number}/receipt?key=${s.key}`)).status, 404);
  });
});

Deno.test("the Pay button with a payment provider: the provider's page, with the way back", async () => {
  await withCheckout(async (s) => {
    await postBilling(s, { billing_country: "DE" });
    const asked: { success: string; cancel: string }[] = [];
    const provider: PaymentProvider = {
      name: "stripe",
      begin(o, urls) {
        asked.push(urls);
        return Promise.resolve({ url: `https://pay.example/${o.number}`, session_id: "cs_1" });
      },
      refund: () => Promise.resolve(null),
    };
    const urls = { success: "https://back/done", cancel: "https://back/canceled" };
    const start = await startPayment(s.f.deps, await order(s), urls, provider);
    assert.deepEqual(start, { redirect: `https://pay.example/${s.number}` });
    assert.deepEqual(asked, [urls]);
    assert.equal((await order(s)).status, "pending", "only the provider's webhook marks it paid");

    const noSession = { ...provider, begin: () => Promise.resolve(null) };
    await assert.rejects(startPayment(s.f.deps, await order(s), urls, noSession), /retry/);
  });
});

Deno.test("with STRIPE_SECRET_KEY, Pay sends the person to the Stripe Checkout Session of the order", async () => {
  const secretKey = "sk_test_checkout_page";
  const fake = startStripeFake(secretKey);
  try {
    await withCheckout(async (s) => {
      assert.equal((await postBilling(s, { billing_country: "US" })).status, 303);
      const paid = await postPay(s);
      assert.equal(paid.status, 303);
      const location = paid.headers.get("location")!;
      const sessionId = (await order(s)).payment.session_id!;
      assert.ok(sessionId);
      assert.equal(location, fake.sessions.get(sessionId)!.url);
      const created = fake.requests.find((r) => r.path === "/v1/checkout/sessions")!;
      const total = formLineItems(created.form).reduce((sum, l) => sum + l.unit_amount, 0);
      assert.equal(total, (await order(s)).total_cents);
      assert.match(created.form.get("success_url")!, new RegExp(`/checkout/${s.number}\\?`));
      assert.equal((await order(s)).status, "pending", "only the webhook marks it paid");
    }, { stripe: { secretKey, webhookSecret: "whsec_page", apiUrl: fake.url } });
  } finally {
    await fake.close();
  }
});
