/**
 * Claims in headless Chromium: a signed-out visitor on an unowned listing's page follows "Claim
 * this listing", signs in and is back on the claim form; they choose the meta tag, copy it with
 * the Copy button, the test puts it in the local product site's <head>, and Verify now verifies:
 * the page says they manage the listing, and it is on their dashboard. Then another account's
 * verified claim of the same listing waits on the site team's page, which transfers it.
 */
import assert from "node:assert/strict";
import { listingInput, NOW } from "./fixtures.ts";
import { completeSignIn, FOUNDER_EMAIL, screenshots, withDashboard } from "./dashboard_fixture.ts";
import { FILE, SAM } from "./claims_fixture.ts";
import { serveProductSites } from "./publishing_fixture.ts";
import { createListing, getListing, goLive } from "../kv/listings.ts";
import { getUserByEmail } from "../kv/users.ts";
import { webCaller } from "../services/access/mod.ts";
import { claimListing, verifyClaim } from "../services/claims/mod.ts";

const TEAM = "team@launchdirectory.example";
const html = (body: string) => () =>
  new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });

Deno.test("claims in Chromium: claim from the listing page, copy the meta tag, verify, manage; the team transfers a second claim", async () => {
  const sites = serveProductSites();
  try {
    await withDashboard(async (bed) => {
      const kv = bed.deps.kv;
      const created = await createListing(
        kv,
        listingInput("Acme", { url: sites.url("acme") }),
        NOW,
      );
      const acme = (await goLive(kv, created.id, NOW))!;
      const form = `/dashboard/claims/new?slug=${acme.slug}`;
      const { context, page, errors } = await bed.open();
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);

      await page.goto(`/listings/${acme.slug}`);
      await page.getByRole("link", { name: "Claim this listing" }).click();
      await completeSignIn(bed, page, SAM, form);
      await page.getByRole("heading", { name: "Claim Acme", level: 1 }).waitFor();
      await screenshots(page, "claim-form");
      await page.getByLabel(/Meta tag/).check();
      await page.getByRole("button", { name: "Start the claim" }).click();
      await page.getByRole("heading", { name: "What to publish" }).waitFor();
      assert.match(new URL(page.url()).pathname, /^\/dashboard\/claims\/\d+$/);

      await page.locator('[data-island="CopySecret"][data-hydrated="true"]').waitFor();
      await page.getByRole("button", { name: "Copy" }).click();
      await page.getByText("Copied to the clipboard").waitFor();
      const tag = await page.evaluate(() => navigator.clipboard.readText());
      assert.equal(tag, await page.getByLabel("The value to publish").inputValue());
      assert.match(tag, /^<meta name="launchdirectory-verification" content="[0-9a-f]{32}">$/);
      await screenshots(page, "claim-pending");
      sites.setPath("acme", "/", html(`<html><head><title>Acme</title>${tag}</head></html>`));

      await page.getByRole("button", { name: "Verify now" }).click();
      await page.getByRole("heading", { name: "You now manage this listing" }).waitFor();
      await page.locator('[data-last-check="found"]').waitFor();
      await screenshots(page, "claim");
      await page.getByRole("link", { name: "Manage Acme" }).click();
      await page.waitForURL((url) => url.pathname === `/dashboard/listings/${acme.id}`);
      await page.goto("/dashboard");
      await page.getByRole("link", { name: "Manage Acme" }).waitFor();
      const sam = (await getUserByEmail(kv, SAM))!;
      assert.equal((await getListing(kv, acme.id))!.owner_id, sam.id);

      // Ada proves it too (a file): Sam keeps it; the claim waits on the site team's page.
      const ada = webCaller((await getUserByEmail(kv, FOUNDER_EMAIL))!);
      const second = await claimListing(bed.deps, ada, { slug: acme.slug, method: "file" });
      sites.setPath("acme", FILE, html(second.instructions.publish!));
      assert.equal((await verifyClaim(bed.deps, ada, second.id)).review?.state, "open");

      const team = await bed.open();
      await team.page.goto("/signin?next=%2Fadmin%2Fclaims");
      await completeSignIn(bed, team.page, TEAM, "/admin/claims");
      const card = team.page.locator(`[data-claim-id="${second.id}"]`);
      await card.getByText(FOUNDER_EMAIL).waitFor();
      await card.getByText(SAM).waitFor();
      await screenshots(team.page, "admin-claims");
      await card.getByLabel(/Reason/).fill("Ada bought Acme from Sam");
      await card.getByRole("button", { name: "Transfer ownership" }).click();
      await team.page.getByText(`Claim ${second.id}: transferred.`).waitFor();
      await team.page.getByText("No claims to review.").waitFor();
      const after = (await getListing(kv, acme.id))!;
      assert.equal(after.owner_id, ada.userId);
      assert.ok(after.cofounder_ids.includes(sam.id));
      assert.deepEqual([...errors, ...team.errors], []);
    }, {
      config: { allowPrivateFetch: true, adminEmails: [TEAM] },
      islands: ["CopySecret"],
    });
  } finally {
    await sites.close();
  }
});
