/**
 * The draft editor in Chromium: sign in → a ready draft drafted from its website → edit a field
 * (Edited) → lock it (Locked) → restore another (AI) → regenerate one → an invalid link shows the
 * API's message at its field → the live counter shows the limit while typing → screenshots →
 * save as listing → the listing's publish page.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  FOUNDER_EMAIL,
  screenshots,
  signInThroughPages,
  withDashboard,
} from "./dashboard_fixture.ts";
import { draftedDraft } from "./draft_editor_fixture.ts";
import { getDraftEntry } from "../kv/drafts.ts";

/** The state pill of one field, once it reads `label`. */
async function waitForState(page: Page, field: string, label: string) {
  await page.locator(`[data-field="${field}"] .pill-draft`, {
    hasText: new RegExp(`(^|:)${label}$`),
  })
    .waitFor();
}

/** Waits until the page's fields are hydrated (the live counters run). */
async function hydrated(page: Page) {
  await page.locator('[data-island="LimitedField"][data-hydrated="true"]').first().waitFor();
}

Deno.test("browser: edit, lock, restore, regenerate, refuse, count, save as listing", async () => {
  await withDashboard(async (bed) => {
    const draft = await draftedDraft(bed.deps, FOUNDER_EMAIL);
    const path = `/dashboard/drafts/${draft.id}`;
    const { page, errors } = await bed.open();
    await signInThroughPages(bed, page, FOUNDER_EMAIL, path);
    await page.getByRole("heading", { name: "Edit the draft of Acmeflow" }).waitFor();
    await hydrated(page);
    await waitForState(page, "tagline", "AI");
    await page.locator('[data-field="tagline"] .draft-evidence a').first().waitFor();

    // Edit a field: its state becomes Edited.
    await page.getByLabel("Tagline", { exact: true }).fill("Invoices on autopilot");
    await page.getByRole("button", { name: "Save basics" }).click();
    await waitForState(page, "tagline", "Edited");

    // Lock it.
    await page.getByRole("button", { name: "Lock Tagline" }).click();
    await waitForState(page, "tagline", "Locked");
    assert.equal(
      await page.getByLabel("Tagline", { exact: true }).inputValue(),
      "Invoices on autopilot",
    );

    // Change two more, then restore one (back to the AI's value) and regenerate the other.
    await hydrated(page);
    await page.getByLabel("Pricing model", { exact: true }).fill("Subscription");
    await page.getByLabel("City", { exact: true }).fill("");
    await page.getByRole("button", { name: "Save business" }).click();
    await waitForState(page, "pricing_model", "Edited");
    await waitForState(page, "city", "Deleted");
    await page.getByRole("button", { name: "Restore Pricing model" }).click();
    await waitForState(page, "pricing_model", "AI");
    assert.equal(await page.getByLabel("Pricing model", { exact: true }).inputValue(), "Freemium");
    await page.getByRole("button", { name: "Regenerate City" }).click();
    await waitForState(page, "city", "AI");
    assert.equal(await page.getByLabel("City", { exact: true }).inputValue(), "Berlin");

    // An invalid value: the API's message next to the field, what was typed kept.
    await hydrated(page);
    await page.getByLabel("Logo image link", { exact: true }).fill("ftp://acmeflow.example/l.png");
    await page.getByRole("button", { name: "Save contact & media" }).click();
    const message = page.locator('[id="field-fields.logo_url-error"]');
    await message.filter({ hasText: /Expected an absolute http or https URL/ }).waitFor();
    assert.equal(
      await page.getByLabel("Logo image link", { exact: true }).inputValue(),
      "ftp://acmeflow.example/l.png",
    );

    // The live counter shows the limit as the person types, and the field stops at it.
    await hydrated(page);
    // The SEO title is drafted from the page's <title>: the person writes their own.
    const seoTitle = page.getByLabel("SEO title", { exact: true });
    await seoTitle.fill("");
    await seoTitle.pressSequentially("Acmeflow");
    const counter = page.locator('[id="field-seo.title-count"]');
    await counter.filter({ hasText: /^8 \/ 70$/ }).waitFor();
    await seoTitle.pressSequentially(
      " invoices that pay themselves, for freelancers and agencies alike",
    );
    await counter.filter({ hasText: /^70 \/ 70$/ }).waitFor();

    await screenshots(page, "draft-editor");

    // Save as listing: on to its publish page.
    await page.getByRole("button", { name: "Save as listing" }).click();
    await page.waitForURL((url) => /^\/dashboard\/listings\/\d+\/publish$/.test(url.pathname));
    const saved = (await getDraftEntry(bed.deps.kv, draft.id)).value!;
    assert.equal(new URL(page.url()).pathname, `/dashboard/listings/${saved.listing_id}/publish`);
    assert.equal(saved.fields.tagline.state, "override");
    assert.deepEqual(errors, []);
  }, { islands: ["LimitedField"] });
});
