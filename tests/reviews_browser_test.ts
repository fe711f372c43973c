/**
 * Reviews in Chromium: a person writes a review and edits it, a second person flags it (hidden
 * from the page), the owner answers another review from the dashboard's Reviews tab; then the
 * same without JavaScript (plain form posts and 303s). Screenshots of the listing's reviews and
 * the dashboard tab at 1280 and 390 px.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  type DashboardBed,
  FOUNDER_EMAIL,
  screenshots,
  signInThroughPages,
  withDashboard,
} from "./dashboard_fixture.ts";

const REVIEW_PAGE = "/listings/invoicely/review";

/** Writes a review on the page the person is on (the write form). */
async function writeReview(page: Page, stars: string, text: string) {
  await page.getByLabel(stars).check();
  await page.getByLabel("Your review").fill(text);
  await page.getByRole("button", { name: "Post review" }).click();
  await page.waitForURL((url) => url.pathname === "/listings/invoicely");
  await page.locator(".review-own", { hasText: text }).waitFor();
}

/** Edits the person's review on the listing page. */
async function editReview(page: Page, stars: string, text: string) {
  await page.getByText("Edit your review").click();
  await page.getByLabel(stars).check();
  await page.locator(".review-edit").getByLabel("Your review").fill(text);
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.locator(".review-own", { hasText: text }).waitFor();
  await page.locator(".review-own", { hasText: "edited" }).waitFor();
}

/** Flags the review `selector` finds on the listing page, and waits until it is hidden. */
async function flagReview(page: Page, selector: string) {
  const item = page.locator(selector);
  await item.getByText("Flag this review").click();
  await item.getByLabel("Why (optional)").fill("Reads like an advert");
  await item.getByRole("button", { name: "Flag review" }).click();
  await page.waitForURL((url) => url.hash === "#reviews");
  await page.locator(selector).waitFor({ state: "detached" });
}

/** Answers the review of anchor `anchor` on the owner's page; waits for the answer to show. */
async function answer(page: Page, anchor: string, text: string) {
  const item = page.locator(`#${anchor}`);
  await item.getByRole("textbox").fill(text);
  await item.getByRole("button", { name: "Post answer" }).click();
  await page.locator(`#${anchor} .review-answer`, { hasText: text }).waitFor();
}

async function pageWithoutJs(bed: DashboardBed) {
  const context = await bed.browser.newContext({ javaScriptEnabled: false, baseURL: bed.base });
  return { context, page: await context.newPage() };
}

Deno.test("write, edit, flag and answer reviews in the browser", async () => {
  await withDashboard(async (bed) => {
    const id = bed.fixture.listings.invoicely.id;
    const sam = await bed.open();
    await signInThroughPages(bed, sam.page, "sam@elsewhere.example", REVIEW_PAGE);
    await sam.page.locator('[data-island="LimitedField"][data-hydrated="true"]').first().waitFor();
    await writeReview(sam.page, "4 stars: very good", "Sends reminders that get invoices paid.");
    await editReview(sam.page, "3 stars: good", "Reminders work; the export is slow.");

    const kim = await bed.open({ phone: true });
    await signInThroughPages(bed, kim.page, "kim@people.example", REVIEW_PAGE);
    await kim.page.goto("/listings/invoicely");
    await flagReview(kim.page, '.review:has-text("the export is slow")');

    await sam.page.reload();
    await sam.page.locator(".review-own", { hasText: "Hidden while the site team looks" })
      .waitFor();

    const ada = await bed.open();
    const tab = `/dashboard/listings/${id}/reviews`;
    await signInThroughPages(bed, ada.page, FOUNDER_EMAIL, tab);
    await ada.page.locator(".review", { hasText: "the export is slow" })
      .locator("[data-hidden]").waitFor();
    await answer(ada.page, "review-r1", "Thank you, glad it helps!");
    await screenshots(ada.page, "dashboard-reviews");

    await sam.page.reload();
    await sam.page.locator("#review-r1 .review-answer", { hasText: "glad it helps" }).waitFor();
    await sam.page.locator("#reviews").scrollIntoViewIfNeeded();
    await screenshots(sam.page, "listing-reviews");
    for (const { errors } of [sam, kim, ada]) assert.deepEqual(errors, []);
  }, { islands: ["LimitedField"] });
});

Deno.test("reviews work without JavaScript", async () => {
  await withDashboard(async (bed) => {
    const lee = await pageWithoutJs(bed);
    await signInThroughPages(bed, lee.page, "lee@people.example", REVIEW_PAGE);
    await writeReview(lee.page, "5 stars: excellent", "Paid in days, not weeks.");
    await editReview(lee.page, "4 stars: very good", "Paid in days; setup took an hour.");
    await flagReview(lee.page, "#review-r2");
    const ada = await pageWithoutJs(bed);
    await signInThroughPages(bed, ada.page, FOUNDER_EMAIL, "/dashboard");
    await ada.page.goto("/listings/invoicely");
    const anchor = await ada.page.locator(".review", { hasText: "setup took an hour" })
      .getAttribute("id");
    assert.ok(anchor);
    await answer(ada.page, anchor, "Thanks, Lee!");
    await lee.page.reload();
    await lee.page.locator(".review-own .review-answer", { hasText: "Thanks, Lee!" }).waitFor();
    await lee.context.close();
    await ada.context.close();
  });
});
