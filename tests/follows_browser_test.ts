/**
 * Following in Chromium: signed out, the Follow button sends the person to sign in and back;
 * signed in, the island follows and unfollows a listing without a reload (the count changes),
 * notify-me on an upcoming listing, a founder profile; and the same forms without JavaScript.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { completeSignIn, screenshots, withDashboard } from "./dashboard_fixture.ts";
import { getListingStats } from "../kv/listing_stats.ts";

const STRANGER = "sam@elsewhere.example";

const followButton = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

/** Waits until the button's pressed state and the count read as expected. */
async function waitFor(page: Page, name: string, pressed: boolean, count: string) {
  await page.locator(
    `button.follow-button[aria-pressed="${pressed}"]:has-text("${name}")`,
  ).waitFor();
  await page.locator(".follow-count", { hasText: count }).waitFor();
}

Deno.test("follow buttons in Chromium, with and without JavaScript", async () => {
  await withDashboard(async (bed) => {
    const { page, errors } = await bed.open();

    // Signed out: the button posts, the site sends the person to sign in and back.
    await page.goto("/listings/invoicely");
    await followButton(page, "Follow").click();
    await completeSignIn(bed, page, STRANGER, "/listings/invoicely");
    await page.locator('[data-island="FollowButton"][data-hydrated="true"]').waitFor();

    // Follow and unfollow in place: no reload (the marker survives), the count moves.
    await page.evaluate(() => ((globalThis as { marker?: number }).marker = 1));
    await followButton(page, "Follow").click();
    await waitFor(page, "Follow", true, "1 follower");
    await page.getByText("You get Invoicely's updates by mail.").waitFor();
    await followButton(page, "Follow").click();
    await waitFor(page, "Follow", false, "0 followers");
    assert.equal(await page.evaluate(() => (globalThis as { marker?: number }).marker), 1);
    assert.equal(
      (await getListingStats(bed.deps.kv, bed.fixture.listings.invoicely.id)).follows,
      0,
    );

    // Notify me on an upcoming listing.
    await page.goto("/listings/soonapp");
    await page.locator('[data-island="FollowButton"][data-hydrated="true"]').waitFor();
    await followButton(page, "Notify me when it launches").click();
    await waitFor(page, "Notify me when it launches", true, "1 follower");
    await page.getByText("We will mail you when Soonapp launches.").waitFor();

    // A founder profile.
    await page.goto("/founders/ada-lovelace");
    await page.locator('[data-island="FollowButton"][data-hydrated="true"]').waitFor();
    await followButton(page, "Follow").click();
    await waitFor(page, "Follow", true, "1 follower");
    await screenshots(page, "founder-follow");
    assert.deepEqual(errors, []);

    // Without JavaScript: the same forms post and come back (303) with the new state.
    const context = await bed.browser.newContext({ javaScriptEnabled: false, baseURL: bed.base });
    try {
      const plain = await context.newPage();
      await plain.goto("/listings/billwise");
      await followButton(plain, "Follow").click();
      await completeSignIn(bed, plain, "nojs@fans.example", "/listings/billwise");
      await followButton(plain, "Follow").click();
      await plain.waitForURL("**/listings/billwise");
      await waitFor(plain, "Follow", true, "1 follower");
      await followButton(plain, "Follow").click();
      await waitFor(plain, "Follow", false, "0 followers");
      await plain.goto("/founders/ada-lovelace");
      await followButton(plain, "Follow").click();
      await waitFor(plain, "Follow", true, "2 followers");
      await plain.goto("/listings/waitapp");
      await followButton(plain, "Notify me when it launches").click();
      await waitFor(plain, "Notify me when it launches", true, "1 follower");
    } finally {
      await context.close();
    }
  }, { islands: ["FollowButton"] });
});
