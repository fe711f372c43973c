/**
 * The publish page in headless Chromium, on the two paths a founder takes: the free plan (the
 * week it would get, choose it, copy the badge onto a local product site, Check now finds it, the
 * weekly rollover puts the listing live and the page says so), and the paid launch (pick a week,
 * change the billing country and watch the VAT line change without a reload, continue to the
 * checkout, Pay (test), fulfilment schedules the listing for that week, the page says so).
 */
import assert from "node:assert/strict";
import { listingInput, NOW } from "./fixtures.ts";
import {
  type DashboardBed,
  FOUNDER_EMAIL,
  movableClock,
  screenshots,
  signInThroughPages,
  withDashboard,
} from "./dashboard_fixture.ts";
import { serveProductSites } from "./publishing_fixture.ts";
import { createListing, getListing } from "../kv/listings.ts";
import { getUserByEmail } from "../kv/users.ts";
import { runWeeklyRollover } from "../services/publishing/mod.ts";
import { fulfilOrder } from "../services/commerce/mod.ts";
import { parseIsoDate } from "../services/platform/weeks.ts";

const ISLANDS = ["LaunchPricer", "CopySecret"];
const HOME = "<p>Racer sends your invoices and chases late payments for you.</p>";
const publishPath = (id: number) => `/dashboard/listings/${id}/publish`;

async function founderListing(bed: DashboardBed, name: string, url?: string) {
  const ownerId = (await getUserByEmail(bed.deps.kv, FOUNDER_EMAIL))!.id;
  const input = listingInput(name, { owner_id: ownerId, country: "DE", ...(url ? { url } : {}) });
  return await createListing(bed.deps.kv, input, NOW);
}

Deno.test("publish in Chromium: the free plan, the badge found, live after the rollover", async () => {
  const sites = serveProductSites();
  try {
    await withDashboard(async (bed) => {
      const setClock = movableClock(bed);
      sites.setHome("Racer", HOME);
      const listing = await founderListing(bed, "Racer", sites.url("Racer"));
      const path = publishPath(listing.id);
      const { context, page, errors } = await bed.open();
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await signInThroughPages(bed, page, FOUNDER_EMAIL, path);

      await page.getByRole("heading", { name: "Publish Racer", level: 1 }).waitFor();
      await page.getByText("You would get the week of Dec 28, 2026 – Jan 3, 2027").waitFor();
      await page.getByRole("button", { name: "Choose the free plan" }).click();
      await page.getByText("Reserved: the week of Dec 28, 2026 – Jan 3, 2027").waitFor();
      await page.locator(".publish-check-not_found").waitFor();

      // Copy the embed code with its button, and put it on the homepage.
      await page.locator('[data-island="CopySecret"][data-hydrated="true"]').waitFor();
      await page.getByRole("button", { name: "Copy" }).click();
      await page.getByText("Copied to the clipboard").waitFor();
      const embed = await page.evaluate(() => navigator.clipboard.readText());
      assert.equal(embed, await page.getByLabel("Badge embed HTML").inputValue());
      assert.match(embed, /<a href="http:\/\/127\.0\.0\.1:\d+\/listings\/racer\?ref=badge"/);
      sites.setHome("Racer", HOME + embed);

      setClock(new Date("2026-11-18T13:00:00Z"));
      await page.getByRole("button", { name: "Check now" }).click();
      await page.locator(".publish-check-found").waitFor();
      await page.getByText("Scheduled (free plan): goes live when the week of Dec 28").waitFor();
      assert.match(await page.locator(".publish-check-found").innerText(), /13:00 UTC/);
      await screenshots(page, "publish-free");
      assert.equal((await getListing(bed.deps.kv, listing.id))?.status, "scheduled");

      // The week begins: the rollover puts the listing live. The founder comes back (signed in
      // again: the session of six weeks ago has expired) and the page says it is live.
      setClock(new Date(parseIsoDate("2026-12-28")!.getTime() + 5 * 60_000));
      await runWeeklyRollover(bed.deps);
      assert.equal((await getListing(bed.deps.kv, listing.id))?.status, "live");
      await signInThroughPages(bed, page, FOUNDER_EMAIL, path);
      await page.locator(".publish-status-live").getByText("Live on the site since Dec 28, 2026")
        .waitFor();
      assert.equal(await page.getByRole("button", { name: "Choose the free plan" }).count(), 0);
      assert.equal(await page.getByRole("button", { name: "Check now" }).count(), 0);
      await page.locator(".publish-status-live .publish-badge img").waitFor();
      assert.deepEqual(errors, []);
    }, { config: { allowPrivateFetch: true }, islands: ISLANDS });
  } finally {
    await sites.close();
  }
});

Deno.test("publish in Chromium: a paid launch priced live, checkout, paid and scheduled", async () => {
  await withDashboard(async (bed) => {
    const listing = await founderListing(bed, "Paidapp");
    const path = publishPath(listing.id);
    const { page, errors } = await bed.open({ phone: true });
    await signInThroughPages(bed, page, FOUNDER_EMAIL, path);

    await page.locator('[data-island="LaunchPricer"][data-hydrated="true"]').waitFor();
    // The server's first price: go live now, billed to the listing's country (Germany).
    await page.locator(".pricer-vat-rate", { hasText: "VAT 19 %" }).waitFor();
    await page.evaluate(() => Object.assign(globalThis, { samePage: "yes" }));

    const week = "2026-12-07";
    await page.getByLabel("Launch week").selectOption(week);
    await page.locator(".order-totals dt", { hasText: "Paid launch (week of Dec 7, 2026)" })
      .waitFor();
    await page.getByLabel("Billing country").selectOption("FR");
    await page.locator(".pricer-vat-rate", { hasText: "VAT 20 %" }).waitFor();
    await page.locator(".order-total dd", { hasText: "$58.80" }).waitFor();
    assert.equal(await page.evaluate(() => Reflect.get(globalThis, "samePage")), "yes");
    assert.equal(await page.getByRole("button", { name: "Update price" }).count(), 0);
    await screenshots(page, "publish-paid");

    await page.getByRole("button", { name: "Continue to checkout" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/checkout/"));
    const number = new URL(page.url()).pathname.split("/")[2];
    await page.getByLabel("Name or company").fill("Ada Lovelace");
    await page.getByLabel("Address").fill("1 Analytical Street\nParis");
    await page.getByLabel("Country").selectOption("FR");
    await page.getByRole("button", { name: "Save billing details" }).click();
    await page.getByRole("button", { name: "Pay (test)" }).click();
    await page.locator(".order-status-paid").waitFor();

    await fulfilOrder(bed.deps, number);
    const after = await getListing(bed.deps.kv, listing.id);
    assert.equal(after?.status, "scheduled");
    assert.equal(after?.launch_week, week);
    await page.goto(path);
    await page.getByText("Scheduled (paid launch): goes live when the week of Dec 7 – 13, 2026")
      .waitFor();
    await page.locator(".publish-status-scheduled .publish-badge img").waitFor();
    // Only what still applies: no free plan, no second launch; the extras of a paid listing.
    assert.equal(await page.getByRole("heading", { name: "Free plan" }).count(), 0);
    await page.getByRole("heading", { name: "Add extras" }).waitFor();
    assert.equal(await page.getByLabel("Launch week").count(), 0);
    assert.deepEqual(errors, []);
  }, { islands: ISLANDS });
});
