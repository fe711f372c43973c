/**
 * The site team's console in headless Chromium: a team member signs in through /admin, sees the
 * edit waiting on the home page, opens Owner edits, reverts the owner's edit with a reason, finds
 * the listing on Listings, and reads the revert on the audit log. Screens of each section at 1280
 * and 390 pixels wide.
 */
import assert from "node:assert/strict";
import { bearer } from "./fixtures.ts";
import { completeSignIn, screenshots, withDashboard } from "./dashboard_fixture.ts";

const TEAM = "team@launchdirectory.example";

Deno.test("the console in Chromium: home, owner edits, revert with a reason, listings, audit log", async () => {
  await withDashboard(async (bed) => {
    const id = bed.fixture.listings.invoicely.id;
    const res = await fetch(`${bed.base}/api/v1/me/listings/${id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", ...bearer(bed.fixture.keys.owner) },
      body: JSON.stringify({ fields: { tagline: "The only invoicing app you will ever need" } }),
    });
    assert.equal(res.status, 200, await res.text());
    const { page, errors } = await bed.open();

    await page.goto("/admin");
    await completeSignIn(bed, page, TEAM, "/admin");
    await page.getByRole("heading", { name: "Site team console", level: 1 }).waitFor();
    const edits = page.locator('[data-section="edits"]');
    await edits.getByText("1 to review").waitFor();
    await screenshots(page, "admin-home");

    await edits.getByRole("link", { name: "Owner edits" }).click();
    await page.getByRole("heading", { name: "Owner edits", level: 1 }).waitFor();
    const card = page.locator(`[data-edit="${id}:1"]`);
    await card.getByText("The only invoicing app you will ever need").waitFor();
    await screenshots(page, "admin-edits");
    await card.getByLabel(/Reason to revert/).fill("Superlatives we cannot check");
    await card.getByRole("button", { name: "Revert" }).click();
    await page.getByText(`Edit ${id}:1 reverted.`).waitFor();
    await card.getByText("Reverted", { exact: true }).waitFor();

    await page.getByRole("navigation", { name: "Site team console" })
      .getByRole("link", { name: "Listings" }).click();
    await page.getByLabel("Slug, name or website").fill("invoicely");
    await page.getByRole("button", { name: "Find" }).click();
    await page.getByRole("button", { name: "Remove Invoicely" }).waitFor();
    await screenshots(page, "admin-listings");

    await page.getByRole("navigation", { name: "Site team console" })
      .getByRole("link", { name: "Audit log" }).click();
    const row = page.locator('tr[data-action="edit.revert"]');
    await row.getByText("Superlatives we cannot check").waitFor();
    await row.getByText(TEAM).waitFor();
    await screenshots(page, "admin-audit");

    const listing = await (await fetch(`${bed.base}/api/v1/listings/invoicely`)).json();
    assert.equal(listing.tagline, "Invoices that get paid on time");
    assert.deepEqual(errors, []);
  }, { config: { adminEmails: [TEAM] } });
});
