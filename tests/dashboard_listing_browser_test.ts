/**
 * A founder manages the fixture's invoicely in Chromium: edits the tagline (the public page and
 * the version history follow), is stopped at the field by an over-long item, posts an update, adds
 * and deletes a milestone, sets the story, answers the interview, and styles a badge (preview and
 * embed code follow shape, mode and size); with screenshots of every page at 1280 and 390 px.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  FOUNDER_EMAIL,
  screenshots,
  signInThroughPages,
  TIMEOUT,
  withDashboard,
} from "./dashboard_fixture.ts";
import { orderOf } from "./fulfilment_fixture.ts";
import { getListing } from "../kv/listings.ts";

/** Waits until `read` answers something other than `before`; answers it. */
async function changed(read: () => Promise<string | null>, before: string | null) {
  const until = Date.now() + TIMEOUT;
  while (Date.now() < until) {
    const now = await read();
    if (now !== before) return now;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Still ${before}`);
}

/** Clicks a form's submit button and waits for the page it redirects to (`?done=<done>`). */
async function submit(page: Page, button: string, done: string) {
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL((url) => url.searchParams.get("done") === done);
}

Deno.test("a founder manages a live listing on the site", async () => {
  await withDashboard(async (bed) => {
    const id = bed.fixture.listings.invoicely.id;
    const tab = (t = "") => `/dashboard/listings/${id}${t ? `/${t}` : ""}`;
    const pending = await orderOf(bed.fixture, [{ product: "ai_review", listing_id: id }]);
    const { page, errors } = await bed.open();
    await signInThroughPages(bed, page, FOUNDER_EMAIL, tab());
    await page.getByRole("heading", { level: 1, name: "Invoicely" }).waitFor();
    await page.locator(`a[href="/checkout/${pending}"]`).waitFor();
    await screenshots(page, "listing-overview");

    // Edit the tagline: published at once, and kept in the history with its before/after.
    await page.goto(tab("edit"));
    await page.locator('[data-island="LimitedField"][data-hydrated="true"]').first().waitFor();
    await page.getByLabel("Tagline").fill("Invoices paid on time, every time");
    await submit(page, "Save changes", "saved");
    const row = page.locator('.version-changes tr[data-field="tagline"]').first();
    await row.locator(".version-before", { hasText: "Invoices that get paid on time" }).waitFor();
    await row.locator(".version-after", { hasText: "Invoices paid on time, every time" }).waitFor();
    await screenshots(page, "listing-edit");
    await page.goto("/listings/invoicely");
    await page.getByText("Invoices paid on time, every time").first().waitFor();

    // An over-long item is stopped at its field, and nothing is saved.
    await page.goto(tab("edit"));
    await page.locator('[data-island="LimitedField"][data-hydrated="true"]').first().waitFor();
    await page.getByLabel("Features").fill("a".repeat(201));
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.locator("#field-features-error", { hasText: "201 characters; at most 200" })
      .waitFor();
    assert.equal(new URL(page.url()).searchParams.get("done"), null);
    const stored = await getListing(bed.deps.kv, id);
    assert.ok(!stored!.features.some((f) => f.length > 200));

    // Post an update.
    await page.goto(tab("updates"));
    await page.getByLabel("Title", { exact: true }).fill("Dark mode is here");
    await page.getByLabel("Update", { exact: true }).fill("Invoices at night, easy on the eyes.");
    await submit(page, "Post the update", "posted");
    await page.getByRole("heading", { level: 3, name: "Dark mode is here" }).waitFor();
    await screenshots(page, "listing-updates");

    // Set the story, add a milestone and delete it.
    await page.goto(tab("story"));
    await page.locator("#field-title").fill("How Invoicely began");
    await page.getByLabel("Lessons learned").fill("Ship early, listen often.");
    await submit(page, "Save the story", "story");
    assert.equal(await page.locator("#field-title").inputValue(), "How Invoicely began");
    await page.getByLabel("Date", { exact: true }).fill("2026-11-01");
    await page.locator("#milestone-title").fill("First 100 customers");
    await submit(page, "Add the milestone", "milestone");
    const milestone = page.locator(".milestone-list li", { hasText: "First 100 customers" });
    await milestone.waitFor();
    await screenshots(page, "listing-story");
    await page.getByRole("button", { name: "Delete milestone First 100 customers" }).click();
    await page.waitForURL((url) => url.searchParams.get("done") === "deleted");
    await milestone.waitFor({ state: "detached" });
    const after = (await getListing(bed.deps.kv, id))!;
    assert.equal(after.story?.title, "How Invoicely began");
    assert.ok(!after.milestones.some((m) => m.title === "First 100 customers"));

    // Answer an interview question.
    await page.goto("/dashboard/interview");
    const answer = page.locator('textarea[name^="answer_"]').first();
    await answer.fill("Because late invoices hurt small teams.");
    await submit(page, "Save answers", "saved");
    assert.equal(await answer.inputValue(), "Because late invoices hurt small teams.");
    await screenshots(page, "interview");

    // The badge builder: the preview and the code follow shape, mode and size.
    await page.goto(tab("badges"));
    await page.locator('[data-island="BadgeBuilder"][data-hydrated="true"]').waitFor();
    const preview = page.locator("#badge-preview");
    const code = page.locator("#badge-code");
    let src = await preview.getAttribute("src");
    for (const choice of ["Pill", "Dark", "Large"]) {
      await page.locator(".badge-builder label", { hasText: choice }).click();
      src = await changed(() => preview.getAttribute("src"), src);
      const embedded = src!.replaceAll("&", "&amp;");
      await changed(async () => (await code.inputValue()).includes(embedded) ? "yes" : "no", "no");
    }
    assert.match(src!, /pill/);
    assert.match(src!, /dark/);
    await screenshots(page, "listing-badges");

    await page.goto("/dashboard/orders");
    await page.locator(`a[href="/checkout/${pending}"]`).waitFor();
    await screenshots(page, "orders");
    assert.deepEqual(errors, []);
  }, { islands: ["LimitedField", "BadgeBuilder"] });
});
