/**
 * The checkout page in headless Chromium: an order made through the REST API is opened from its
 * checkout_url, billing details are filled in, "Pay (test)" is clicked; after fulfilment the
 * order is paid with its line fulfilled, the listing is live, and the receipt opens.
 */
import assert from "node:assert/strict";
import { bearer, buildFixture, listingInput, NOW } from "./fixtures.ts";
import { ensureBundle, launchChromium, serveApp } from "./browser_fixture.ts";
import { createListing, getListing } from "../kv/listings.ts";
import { getUserByEmail } from "../kv/users.ts";
import { fulfilOrder } from "../services/commerce/mod.ts";

const TIMEOUT = 10_000;

Deno.test("checkout in Chromium: billing details, Pay (test), fulfilled, receipt", async () => {
  await ensureBundle(["PrintButton"]);
  const { deps, keys } = await buildFixture();
  const ownerId = (await getUserByEmail(deps.kv, "ada@invoicely.example"))!.id;
  const fresh = await createListing(deps.kv, listingInput("Freshapp", { owner_id: ownerId }), NOW);
  const served = serveApp(deps);
  const { base, server } = served;
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${base}/api/v1${path}`, {
      ...init,
      headers: { "content-type": "application/json", ...bearer(keys.owner) },
    });
  const browser = await launchChromium();
  try {
    const created = await api("/orders/checkout", {
      method: "POST",
      body: JSON.stringify({ items: [{ product: "launch", listing_id: fresh.id }] }),
    });
    assert.equal(created.status, 201);
    const order = await created.json();
    assert.ok(order.checkout_url.startsWith(`${base}/checkout/${order.number}?key=`));

    // A phone-sized window: the page must work there.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    context.setDefaultTimeout(TIMEOUT);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));

    const opened = await page.goto(order.checkout_url);
    assert.equal(opened?.status(), 200);
    assert.equal(await page.getByRole("button", { name: "Pay (test)" }).count(), 0);
    await page.getByLabel("Name or company").fill("Ada Lovelace");
    await page.getByLabel("Address").fill("1 Analytical Street\nLondon");
    await page.getByLabel("Country").selectOption("FR");
    await page.getByLabel(/VAT number/).fill("FR40303265045");
    await page.getByRole("button", { name: "Save billing details" }).click();
    await page.getByText("VAT 0 % (reverse charge)").waitFor();

    await page.getByRole("button", { name: "Pay (test)" }).click();
    await page.locator(".order-status-paid").waitFor();
    assert.ok(await page.getByText("Being applied…").isVisible());
    assert.equal(new URL(page.url()).search, new URL(order.checkout_url).search);

    await fulfilOrder(served.deps, order.number);
    const got = await (await api(`/orders/${order.number}`)).json();
    assert.equal(got.status, "paid");
    assert.equal(got.lines[0].fulfilled, true);
    assert.equal(got.billing.vat_number, "FR40303265045");
    assert.equal((await getListing(deps.kv, fresh.id))?.status, "live");

    await page.reload();
    await page.locator(".line-status-done").waitFor();
    await page.getByRole("link", { name: "See the receipt" }).click();
    await page.getByRole("heading", { name: /Receipt|LD-/ }).first().waitFor();
    assert.match(new URL(page.url()).pathname, new RegExp(`/checkout/${order.number}/receipt$`));
    await page.locator('[data-island="PrintButton"][data-hydrated="true"]').waitFor();
    assert.ok(await page.getByRole("button", { name: "Print" }).isEnabled());
    assert.ok(
      await page.locator(".receipt-parties").getByText("VAT number FR40303265045").isVisible(),
    );
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    await browser.close();
    await server.shutdown();
    deps.kv.close();
  }
});
