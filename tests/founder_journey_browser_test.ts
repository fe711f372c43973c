/**
 * A founder's two whole paths on the site, in Chromium, with no API call: from the home page's
 * "List your product" through sign-in, submit, watching the draft, editing it (edit, lock,
 * restore, regenerate, an invalid value), saving it as a listing, then
 * - the free plan: the badge copied onto the product's homepage, found by "Check now", and the
 *   listing live after the weekly rollover of its week;
 * - the paid launch: "go live now", the test checkout, and the listing live once the order is
 *   fulfilled.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { NOW } from "./fixtures.ts";
import {
  completeSignIn,
  type DashboardBed,
  FOUNDER_EMAIL,
  movableClock,
  signInThroughPages,
  withDashboard,
} from "./dashboard_fixture.ts";
import { serveProductSites } from "./publishing_fixture.ts";
import { getListing } from "../kv/listings.ts";
import { runDraftJob } from "../services/drafting/draft_jobs.ts";
import { fulfilOrder } from "../services/commerce/mod.ts";
import { runWeeklyRollover } from "../services/publishing/mod.ts";
import { parseIsoDate } from "../services/platform/weeks.ts";

const ISLANDS = ["DraftProgress", "LimitedField", "LaunchPricer", "CopySecret"];

/** The product's homepage: what the drafter can quote. */
const HOME = `<p>Swiftbill sends your invoices and chases late payments for you.</p>
<p>Swiftbill is invoicing software for freelancers and small agencies.</p>
<p>Swiftbill was founded in 2021 in Lisbon, Portugal.</p>
<h2>Features</h2><ul><li>Recurring invoices</li><li>Automatic payment reminders</li><li>Multi-currency invoicing</li></ul>
<h2>Pricing</h2><p>Free for 5 invoices a month, then $9 per month.</p>
<p>Write to <a href="mailto:hello@swiftbill.example">hello@swiftbill.example</a></p>`;

/** The state pill of a field in the editor, once it reads `label`. */
async function fieldState(page: Page, field: string, label: string) {
  await page.locator(`[data-field="${field}"] .pill-draft`, {
    hasText: new RegExp(`(^|:)${label}$`),
  }).waitFor();
}

async function hydrated(page: Page) {
  await page.locator('[data-island="LimitedField"][data-hydrated="true"]').first().waitFor();
}

/**
 * From the home page to a saved listing: List your product → sign in → submit the product's
 * website → watch the draft → edit it → Save as listing. Answers the listing's id, on its
 * publish page.
 */
async function listThroughThePages(bed: DashboardBed, page: Page, website: string) {
  await page.goto("/");
  await page.getByRole("link", { name: "List your product" }).click();
  await completeSignIn(bed, page, FOUNDER_EMAIL, "/submit");

  await page.getByLabel("Your product's website").fill(website);
  await page.getByRole("button", { name: "Draft my listing" }).click();
  await page.waitForURL(/\/dashboard\/drafts\/[0-9a-f-]{36}\/watch$/);
  await page.locator('[data-island="DraftProgress"][data-hydrated="true"]').waitFor();
  const draftId = new URL(page.url()).pathname.split("/")[3];
  await runDraftJob(bed.deps, draftId);
  await page.waitForURL((url) => url.pathname === `/dashboard/drafts/${draftId}`);
  await page.getByRole("heading", { name: "Edit the draft of Swiftbill" }).waitFor();

  // Edit a field (Edited), then lock it against AI redrafts (Locked).
  await hydrated(page);
  await page.getByLabel("Tagline", { exact: true }).fill("Invoices that chase themselves");
  await page.getByRole("button", { name: "Save basics" }).click();
  await fieldState(page, "tagline", "Edited");
  await page.getByRole("button", { name: "Lock Tagline" }).click();
  await fieldState(page, "tagline", "Locked");

  // Change the city and the pricing model; restore one to the AI's value, regenerate the other.
  await hydrated(page);
  await page.getByLabel("City", { exact: true }).fill("Porto");
  await page.getByLabel("Pricing model", { exact: true }).fill("Enterprise deals");
  await page.getByRole("button", { name: "Save business" }).click();
  await fieldState(page, "city", "Edited");
  await fieldState(page, "pricing_model", "Edited");
  await page.getByRole("button", { name: "Restore City" }).click();
  await fieldState(page, "city", "AI");
  assert.equal(await page.getByLabel("City", { exact: true }).inputValue(), "Lisbon");
  await page.getByRole("button", { name: "Regenerate Pricing model" }).click();
  await fieldState(page, "pricing_model", "AI");
  assert.notEqual(
    await page.getByLabel("Pricing model", { exact: true }).inputValue(),
    "Enterprise deals",
  );

  // An invalid value: the API's message next to the field, nothing saved.
  await hydrated(page);
  await page.getByLabel("Logo image link", { exact: true }).fill("ftp://swiftbill.example/l.png");
  await page.getByRole("button", { name: "Save contact & media" }).click();
  await page.locator('[id="field-fields.logo_url-error"]')
    .filter({ hasText: /Expected an absolute http or https URL/ }).waitFor();
  await fieldState(page, "logo_url", "Not found");

  await page.getByRole("button", { name: "Save as listing" }).click();
  await page.waitForURL((url) => /^\/dashboard\/listings\/\d+\/publish$/.test(url.pathname));
  await page.getByRole("heading", { name: "Publish Swiftbill", level: 1 }).waitFor();
  return Number(new URL(page.url()).pathname.split("/")[3]);
}

Deno.test("a founder lists, edits and publishes on the free plan, live after the rollover", async () => {
  const sites = serveProductSites();
  try {
    await withDashboard(async (bed) => {
      const setClock = movableClock(bed);
      sites.setHome("Swiftbill", HOME);
      const { context, page, errors } = await bed.open();
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const id = await listThroughThePages(bed, page, sites.url("Swiftbill"));

      await page.getByRole("button", { name: "Choose the free plan" }).click();
      await page.getByText(/^Reserved: the week of/).waitFor();
      await page.locator(".publish-check-not_found").waitFor();
      await page.locator('[data-island="CopySecret"][data-hydrated="true"]').waitFor();
      await page.getByRole("button", { name: "Copy" }).click();
      await page.getByText("Copied to the clipboard").waitFor();
      sites.setHome("Swiftbill", HOME + await page.evaluate(() => navigator.clipboard.readText()));

      setClock(new Date(NOW.getTime() + 3_600_000));
      await page.getByRole("button", { name: "Check now" }).click();
      await page.locator(".publish-check-found").waitFor();
      const scheduled = await getListing(bed.deps.kv, id);
      assert.equal(scheduled?.status, "scheduled");

      // Its week begins: the rollover puts it live. The founder signs in again (six weeks on,
      // the session has expired) and the listing's overview says it is live.
      setClock(new Date(parseIsoDate(scheduled!.launch_week!)!.getTime() + 5 * 60_000));
      await runWeeklyRollover(bed.deps);
      await signInThroughPages(bed, page, FOUNDER_EMAIL, `/dashboard/listings/${id}`);
      await page.locator(".facts, dl").getByText("Live", { exact: true }).first().waitFor();
      await page.goto("/listings/swiftbill");
      await page.getByRole("heading", { name: "Swiftbill", level: 1 }).waitFor();
      assert.equal((await getListing(bed.deps.kv, id))?.status, "live");
      assert.deepEqual(errors, []);
    }, { config: { allowPrivateFetch: true }, islands: ISLANDS });
  } finally {
    await sites.close();
  }
});

Deno.test("a founder lists, edits and launches paid: test checkout, live at once", async () => {
  const sites = serveProductSites();
  try {
    await withDashboard(async (bed) => {
      sites.setHome("Swiftbill", HOME);
      const { page, errors } = await bed.open({ phone: true });
      const id = await listThroughThePages(bed, page, sites.url("Swiftbill"));

      await page.locator('[data-island="LaunchPricer"][data-hydrated="true"]').waitFor();
      await page.locator(".order-total dd").waitFor();
      await page.getByRole("button", { name: "Continue to checkout" }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/checkout/"));
      const number = new URL(page.url()).pathname.split("/")[2];
      await page.getByLabel("Name or company").fill("Ada Lovelace");
      await page.getByLabel("Address").fill("1 Analytical Street\nLisbon");
      await page.getByLabel("Country").selectOption("PT");
      await page.getByRole("button", { name: "Save billing details" }).click();
      await page.getByRole("button", { name: "Pay (test)" }).click();
      await page.locator(".order-status-paid").waitFor();

      await fulfilOrder(bed.deps, number);
      assert.equal((await getListing(bed.deps.kv, id))?.status, "live");
      await page.goto(`/dashboard/listings/${id}`);
      await page.locator(".facts, dl").getByText("Live", { exact: true }).first().waitFor();
      await page.getByRole("link", { name: "Receipt" }).first().waitFor();
      assert.deepEqual(errors, []);
    }, { config: { allowPrivateFetch: true }, islands: ISLANDS });
  } finally {
    await sites.close();
  }
});
