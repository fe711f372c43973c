/**
 * Prices and settings, Domain Rating and revenue in headless Chromium, as a site-team member:
 * a refused setting shown at its field, then saved; a price saved; a Domain Rating reading and a
 * verified revenue figure entered, the provider's "Fetch now" used (a JSON API on 127.0.0.1); each
 * page screenshotted at 1280 and 390 px.
 */
import assert from "node:assert/strict";
import { screenshots, signInThroughPages, withDashboard } from "./dashboard_fixture.ts";

const TEAM = "team@launchdirectory.example";

Deno.test("settings and metrics in Chromium: the team edits settings and prices, enters readings and revenue", async () => {
  const api = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => Response.json({ domain_rating: 64 }),
  );
  const apiUrl = `http://127.0.0.1:${api.addr.port}/dr`;
  try {
    await withDashboard(async (bed) => {
      const { page, errors } = await bed.open();
      await signInThroughPages(bed, page, TEAM, "/admin/settings");
      await page.getByRole("heading", { name: "Settings and prices", level: 1 }).waitFor();

      await page.getByLabel("Window starts (weeks ahead)").fill("10");
      await page.getByLabel("Window starts (weeks ahead)").evaluate((el) =>
        (el as HTMLInputElement).form!.noValidate = true
      );
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.locator("#free_queue_max_weeks-error").getByText(/min ≤ max/).waitFor();
      await page.getByLabel("Window starts (weeks ahead)").fill("4");
      await page.getByLabel("Bookable weeks ahead").fill("10");
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.getByText("Settings saved (2 changed).").waitFor();

      await page.getByLabel("Paid launch (launch)").fill("59.00");
      await page.getByRole("button", { name: "Save prices" }).click();
      await page.getByText("Prices saved (1 changed).").waitFor();
      assert.equal(await page.getByLabel("Paid launch (launch)").inputValue(), "59.00");
      await screenshots(page, "admin-settings");

      await page.goto("/admin/metrics?slug=billwise");
      await page.getByRole("heading", { name: "Domain Rating and revenue", level: 1 }).waitFor();
      const reading = page.locator('form[action="/admin/metrics/domain-rating"]');
      await reading.getByLabel("Date").fill("2026-11-10");
      await reading.getByLabel("Domain Rating (0-100)").fill("57");
      await reading.getByRole("button", { name: "Add reading" }).click();
      await page.getByText("Domain Rating 57 recorded.").waitFor();
      await page.getByRole("cell", { name: "2026-11-10" }).waitFor();

      const revenue = page.locator('form[action="/admin/metrics/revenue"]');
      await revenue.getByLabel("Month", { exact: true }).fill("2026-10");
      await revenue.getByLabel("Monthly recurring revenue (USD)").fill("4200");
      await revenue.getByLabel(/Verified/).check();
      await revenue.getByRole("button", { name: "Add figure" }).click();
      await page.getByText("Revenue for 2026-10 recorded (verified).").waitFor();

      await page.getByRole("button", { name: "Fetch now", exact: true }).click();
      await page.getByText("Domain Rating 64 fetched.").waitFor();
      await screenshots(page, "admin-metrics");
      assert.deepEqual(errors, []);
    }, { config: { adminEmails: [TEAM], domainRating: { apiUrl } } });
  } finally {
    await api.shutdown();
  }
});
