/**
 * In Chromium: a site-team member voids a planted vote ring on /admin/votes and removes a flagged
 * review on /admin/reviews; the public /moderation then shows both decisions in words with their
 * reasons and no identity (no voter, reviewer, flagger or team member), and filters by kind. An
 * ordinary account gets a 404 on both admin pages.
 */
import assert from "node:assert/strict";
import {
  FOUNDER_EMAIL,
  screenshots,
  signInThroughPages,
  TIMEOUT,
  withDashboard,
} from "./dashboard_fixture.ts";
import { plant } from "./vote_fraud_fixture.ts";
import { user } from "./reviews_fixture.ts";
import { createReview, flagReview, flagVoteClusters } from "../services/community/mod.ts";

const TEAM = "team@launchdirectory.example";
const VOID_REASON = "Thirty new accounts from one network within five minutes";
const REVIEW_REASON = "Written by a competitor, not a customer";

Deno.test("votes voided and a review removed from the console appear on the public log", async () => {
  await withDashboard(async (bed) => {
    const f = { ...bed.fixture, deps: bed.deps };
    const { ring } = await plant(f);
    const cluster = (await flagVoteClusters(bed.deps)).find((k) => k.rule === "network_burst")!;
    const sam = await user(f, "sam@elsewhere.example", "Sam Reviewer");
    const kim = await user(f, "kim@people.example", "Kim Flagger");
    const review = await createReview(bed.deps, sam, "invoicely", {
      rating: 1,
      body: "Worst invoicing tool ever made.",
    });
    await flagReview(bed.deps, kim.id, review.id, "A competitor wrote this");
    const { page, errors } = await bed.open();

    await signInThroughPages(bed, page, TEAM, "/admin/votes");
    const item = page.locator(`[id="cluster-${cluster.id}"]`);
    await item.getByRole("heading", { name: "Invoicely: 30 votes" }).waitFor();
    await screenshots(page, "admin-votes");
    await item.getByLabel(/Reason/).fill(VOID_REASON);
    await item.getByRole("button", { name: "Void with reason" }).click();
    await page.waitForURL((url) => url.search.includes("done=voided"));
    await page.locator(`[id="cluster-${cluster.id}"]`).waitFor({ state: "detached" });

    await page.goto("/admin/reviews");
    const flagged = page.locator(`#review-${review.id.replace(/[^A-Za-z0-9_-]/g, "-")}`);
    await flagged.getByText("Worst invoicing tool ever made.").waitFor();
    await screenshots(page, "admin-reviews");
    await flagged.getByLabel(/Reason/).fill(REVIEW_REASON);
    await flagged.getByRole("button", { name: "Remove" }).click();
    await page.getByText("Review removed.").waitFor();
    await flagged.waitFor({ state: "detached" });

    await page.goto("/moderation");
    const rows = page.locator("table.moderation-log tbody tr");
    await rows.filter({ hasText: "Invoicely: 30 votes voided" }).filter({ hasText: VOID_REASON })
      .waitFor({ timeout: TIMEOUT });
    await rows.filter({ hasText: "A review of Invoicely was removed (1 flag)" })
      .filter({ hasText: REVIEW_REASON }).waitFor({ timeout: TIMEOUT });
    const text = await page.locator("main").innerText();
    const html = await page.locator("main").innerHTML(); // the header names the viewer only
    for (const who of [...ring, sam.id, "Sam Reviewer", kim.id, "Kim Flagger", TEAM, review.id]) {
      assert.ok(!text.includes(who) && !html.includes(who), `${who} is not on the log`);
    }
    await page.getByLabel("Decisions").selectOption("review_removed");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((url) => url.search === "?kind=review_removed");
    await rows.filter({ hasText: REVIEW_REASON }).waitFor({ timeout: TIMEOUT });
    assert.equal(await rows.count(), 1, "only the removed review");
    await screenshots(page, "moderation-kinds");
    assert.deepEqual(errors, []);

    const ordinary = await bed.open();
    await signInThroughPages(bed, ordinary.page, FOUNDER_EMAIL, "/dashboard");
    for (const path of ["/admin/votes", "/admin/reviews"]) {
      const res = await ordinary.page.goto(path);
      assert.equal(res?.status(), 404, `${path} is a 404 for an ordinary account`);
    }
  }, { config: { adminEmails: [TEAM] } });
});
