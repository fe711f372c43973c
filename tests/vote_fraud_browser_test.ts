/**
 * In Chromium: after the site team voids a planted vote ring, the public moderation log shows the
 * voiding (listing, number of votes, reason; no voter), and the ranking rules page is reachable
 * from the footer and the leaderboards page; both fit a phone.
 */
import assert from "node:assert/strict";
import { screenshots, TIMEOUT, withDashboard } from "./dashboard_fixture.ts";
import { plant } from "./vote_fraud_fixture.ts";
import { flagVoteClusters, voidVotes } from "../services/community/mod.ts";

const REASON = "A ring of new accounts from one network voted within five minutes";

Deno.test("the moderation log after a voiding, and the ranking rules, in Chromium", async () => {
  await withDashboard(async (bed) => {
    const { ring } = await plant({ ...bed.fixture, deps: bed.deps });
    const cluster = (await flagVoteClusters(bed.deps)).find((k) => k.rule === "network_burst")!;
    await voidVotes(bed.deps, { clusterId: cluster.id, reason: REASON, by: "team" });
    const { page, errors } = await bed.open();

    await page.goto("/");
    await page.locator("footer a", { hasText: "Moderation log" }).click();
    await page.waitForURL((url) => url.pathname === "/moderation");
    const row = page.locator("table.moderation-log tbody tr").first();
    await row.waitFor({ timeout: TIMEOUT });
    await page.locator("table.moderation-log tbody tr", { hasText: "30 votes" })
      .filter({ hasText: "Invoicely" }).filter({ hasText: REASON }).waitFor({ timeout: TIMEOUT });
    const text = await page.locator("main").innerText();
    for (const id of ring) assert.ok(!text.includes(id));
    await screenshots(page, "moderation");

    await page.goto("/leaderboards");
    await page.locator("main a", { hasText: "ranking rules" }).click();
    await page.waitForURL((url) => url.pathname === "/rules");
    await page.locator("h1", { hasText: "Ranking rules" }).waitFor({ timeout: TIMEOUT });
    await page.locator("#launch-of-the-week").waitFor({ timeout: TIMEOUT });
    await page.locator("main", { hasText: "the earlier launch" }).waitFor({ timeout: TIMEOUT });
    await screenshots(page, "rules");
    assert.deepEqual(errors, []);
  });
});
