/**
 * Voting in Chromium: signed out, the vote button leads to sign-in and back to the listing page;
 * signed in, a vote and its undo update the count and the pressed state in place (no reload), on
 * the listing page and on a week page's row; without JavaScript the form posts and comes back.
 * On the home page the launch tabs' buttons hydrate with the tabs (no island of their own), keep
 * their state across tab switches and, in a new week's first hours, hide counts and ranks also in
 * a tab fetched after a switch.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { completeSignIn, screenshots, TIMEOUT, withDashboard } from "./dashboard_fixture.ts";
import { getListingStats } from "../kv/listing_stats.ts";
import { THIS_WEEK } from "./fixtures.ts";

const STRANGER = "sam@elsewhere.example";

/** The vote form's button of a listing on the page. */
const button = (page: Page, slug: string) =>
  page.locator(`form[action="/listings/${slug}/vote"] button`);

/** Waits until the button of `slug` shows `pressed` and `count` (its text holds the count). */
async function shows(page: Page, slug: string, pressed: boolean, count: string) {
  await page.locator(
    `form[action="/listings/${slug}/vote"]:has(button[aria-pressed="${pressed}"])`,
    { hasText: count },
  ).waitFor({ timeout: TIMEOUT });
}

/** Marks the document, to tell later that it was not reloaded. */
const mark = (page: Page) => page.evaluate(() => document.body.dataset.voteMark = "kept");
const marked = async (page: Page) =>
  await page.evaluate(() => document.body.dataset.voteMark) === "kept";

Deno.test("a person votes and undoes on the listing page and a week page, with and without JavaScript", async () => {
  await withDashboard(async (bed) => {
    const votes = async (slug: string) =>
      (await getListingStats(bed.deps.kv, bed.fixture.listings[slug].id)).votes;
    const { page, errors } = await bed.open();

    // Signed out: the button leads to sign-in, and sign-in back to the listing page.
    await page.goto("/listings/billwise");
    await page.locator('[data-island="VoteButton"][data-hydrated="true"]').waitFor();
    await button(page, "billwise").click();
    await page.waitForURL((url) => url.pathname === "/signin");
    await completeSignIn(bed, page, STRANGER, "/listings/billwise");

    // Signed in: vote and undo in place.
    await page.locator('[data-island="VoteButton"][data-hydrated="true"]').waitFor();
    await shows(page, "billwise", false, "3 votes");
    await mark(page);
    await button(page, "billwise").click();
    await shows(page, "billwise", true, "4 votes");
    assert.equal(await votes("billwise"), 4);
    await screenshots(page, "listing-vote");
    await button(page, "billwise").click();
    await shows(page, "billwise", false, "3 votes");
    assert.equal(await votes("billwise"), 3);
    assert.ok(await marked(page), "the page was not reloaded");

    // A week page's row: the launch week's count moves in place.
    await page.goto("/launches/this");
    await page.locator('[data-island="VoteButton"][data-hydrated="true"]').first().waitFor();
    await shows(page, "invoicely", false, "5");
    await mark(page);
    await button(page, "invoicely").click();
    await shows(page, "invoicely", true, "6");
    assert.equal(await votes("invoicely"), 6);
    await button(page, "invoicely").click();
    await shows(page, "invoicely", false, "5");
    assert.equal(await votes("invoicely"), 5);
    assert.ok(await marked(page), "the week page was not reloaded");
    await screenshots(page, "week-vote");
    assert.deepEqual(errors, []);

    // Without JavaScript: the form posts and the site comes back to the same page.
    const context = await bed.browser.newContext({ javaScriptEnabled: false, baseURL: bed.base });
    context.setDefaultTimeout(TIMEOUT);
    const plain = await context.newPage();
    await plain.goto("/launches/this");
    await button(plain, "taskpilot").click();
    await plain.waitForURL((url) => url.pathname === "/signin");
    await completeSignIn(bed, plain, STRANGER, "/launches/this");
    await button(plain, "taskpilot").click();
    await plain.waitForURL((url) => url.pathname === "/launches/this");
    await shows(plain, "taskpilot", true, "2");
    assert.equal(await votes("taskpilot"), 2);
    await button(plain, "taskpilot").click();
    await shows(plain, "taskpilot", false, "1");
    assert.equal(await votes("taskpilot"), 1);
    await context.close();
  }, { islands: ["VoteButton"] });
});

/** Switches the home page's launch tabs to `name` and waits for its rows. */
async function tab(page: Page, name: string, section: string) {
  await page.getByRole("tab", { name }).click();
  await page.locator(`#launch-panel ol.rows[data-section="${section}"]:not(.loading)`).waitFor({
    timeout: TIMEOUT,
  });
}

Deno.test("the home page's launch tabs: vote in place, switch tabs and back, one hydration", async () => {
  await withDashboard(async (bed) => {
    const votes = async (slug: string) =>
      (await getListingStats(bed.deps.kv, bed.fixture.listings[slug].id)).votes;
    const { page, errors } = await bed.open();
    const tabs = page.locator('[data-island="LaunchTabs"][data-hydrated="true"]');

    // Signed out: a fetched tab's buttons lead to sign-in, and back to that tab.
    await page.goto("/");
    await tabs.waitFor({ timeout: TIMEOUT });
    await tab(page, "Newest", "recent");
    const signIn = button(page, "billwise");
    await page.locator(
      '#launch-panel form[action="/listings/billwise/vote"] button[title^="Sign in"]',
    )
      .waitFor({ timeout: TIMEOUT });
    await signIn.click();
    await page.waitForURL((url) => url.pathname === "/signin");
    await completeSignIn(bed, page, STRANGER, "/?section=recent");

    // The buttons are part of the tabs' island: no island inside it, each island hydrated once.
    await tabs.waitFor({ timeout: TIMEOUT });
    assert.equal(await page.locator("#launches [data-island]").count(), 1);
    assert.equal(await page.locator('[data-island="VoteButton"]').count(), 0);
    await tab(page, "This week", "this-week");
    await shows(page, "billwise", false, "3");
    await mark(page);
    await button(page, "billwise").click();
    await shows(page, "billwise", true, "4");
    assert.equal(await votes("billwise"), 4);
    await screenshots(page, "home-vote");

    // Another tab (fetched now) shows the vote; undo there, and This week follows.
    await tab(page, "Newest", "recent");
    await shows(page, "billwise", true, "4");
    await shows(page, "invoicely", false, "5");
    await button(page, "billwise").click();
    await shows(page, "billwise", false, "3");
    assert.equal(await votes("billwise"), 3);
    await tab(page, "This week", "this-week");
    await shows(page, "billwise", false, "3");
    await tab(page, "Trending", "trending");
    await tab(page, "This week", "this-week");
    await shows(page, "invoicely", false, "5");
    assert.ok(await marked(page), "the home page was not reloaded");
    const hydrations = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("[data-island]")].map((el) => ({
        name: el.dataset.island,
        hydrated: el.dataset.hydrated,
        nested: el.parentElement?.closest("[data-island]") !== null,
      }))
    );
    assert.ok(
      hydrations.every((h) => h.hydrated === "true" && !h.nested),
      JSON.stringify(hydrations),
    );

    // A new week's first hours: This week, fetched after a switch, is unranked with counts hidden.
    bed.deps.now = () => new Date(Date.parse(`${THIS_WEEK}T00:00:00Z`) + 2 * 3_600_000);
    await page.goto("/?section=recent");
    await tabs.waitFor({ timeout: TIMEOUT });
    await tab(page, "This week", "this-week");
    await page.locator('#launch-panel form[action="/listings/billwise/vote"]', { hasText: "Vote" })
      .waitFor({ timeout: TIMEOUT });
    assert.equal(await page.locator("#launch-panel .votes-count").count(), 0);
    assert.equal(await page.locator("#launch-panel .rank").count(), 0);
    await button(page, "taskpilot").click();
    await page.locator('#launch-panel form[action="/listings/taskpilot/vote"]', {
      hasText: "Voted",
    })
      .waitFor({ timeout: TIMEOUT });
    assert.equal(await votes("taskpilot"), 2);
    await tab(page, "Newest", "recent");
    await tab(page, "This week", "this-week");
    await page.locator(
      '#launch-panel form[action="/listings/taskpilot/vote"] button[aria-pressed="true"]',
    )
      .waitFor({ timeout: TIMEOUT });
    assert.equal(await page.locator("#launch-panel .votes-count").count(), 0);
    await screenshots(page, "home-vote-early");
    assert.deepEqual(errors, []);
  }, { islands: ["LaunchTabs", "VoteButton"] });
});
