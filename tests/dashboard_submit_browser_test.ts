/**
 * In Chromium: sign in → submit (a bad URL first, then a product website on 127.0.0.1) → the
 * watch page updating without reload as the draft is crawled and drafted → ready → the editor
 * link, and the page moving there; the dashboard home listing the draft. Then a site whose
 * robots.txt disallows everything: the watch page says so plainly, on a phone.
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
import { serveProductSites } from "./publishing_fixture.ts";
import { runDraftJob, runDraftStep } from "../services/drafting/draft_jobs.ts";
import { PRODUCT_HOME } from "./submit_fixture.ts";

const OPTIONS = {
  config: { allowPrivateFetch: true },
  islands: ["DraftProgress", "LimitedField"],
};

/** Submits `url` on the submit page. */
async function submit(page: Page, url: string) {
  await page.getByLabel("Your product's website").fill(url);
  await page.getByRole("button", { name: "Draft my listing" }).click();
}

/** Submits a good URL and answers the draft id from the watch page's URL, once hydrated. */
async function submitAndWatch(page: Page, url: string): Promise<string> {
  await submit(page, url);
  await page.waitForURL(/\/dashboard\/drafts\/[0-9a-f-]{36}\/watch$/);
  await page.locator('[data-island="DraftProgress"][data-hydrated="true"]').waitFor();
  return new URL(page.url()).pathname.split("/")[3];
}

async function withSites(
  test: (bed: DashboardBed, sites: ReturnType<typeof serveProductSites>) => Promise<void>,
) {
  await withDashboard(async (bed) => {
    const sites = serveProductSites();
    try {
      await test(bed, sites);
    } finally {
      await sites.close();
    }
  }, OPTIONS);
}

Deno.test("browser: sign in, submit, watch the draft being built, open the editor", async () => {
  await withSites(async (bed, sites) => {
    sites.setHome("Racer", PRODUCT_HOME);
    const { page, errors } = await bed.open();
    await signInThroughPages(bed, page, FOUNDER_EMAIL, "/submit");
    await page.getByRole("heading", { name: "List your product" }).waitFor();
    await screenshots(page, "submit");

    await submit(page, "ftp://example.com/");
    await page.getByRole("alert").filter({ hasText: "Expected an absolute http or https URL" })
      .waitFor();
    assert.equal(new URL(page.url()).pathname, "/submit");
    assert.equal(
      await page.getByLabel("Your product's website").inputValue(),
      "ftp://example.com/",
    );

    const id = await submitAndWatch(page, sites.url("Racer"));
    await page.getByText("Waiting to start reading your website").waitFor();
    await page.evaluate(() => Object.assign(globalThis, { samePage: true }));
    await screenshots(page, "watch");

    await runDraftStep(bed.deps, id); // the crawl
    await page.getByTestId("pages").filter({ hasText: "1 of 1" }).waitFor();
    await page.getByText("Writing the draft from your pages").waitFor();
    await page.getByRole("link", { name: "Racer" }).waitFor();

    await runDraftStep(bed.deps, id); // the draft
    await page.getByRole("link", { name: "Open the draft editor" }).waitFor();
    const quotes = Number(await page.getByTestId("quotes").textContent());
    assert.ok(quotes >= 2, `quotes verified: ${quotes}`);
    assert.equal(
      await page.evaluate(() => (globalThis as { samePage?: boolean }).samePage),
      true,
      "the numbers changed without a reload",
    );
    await page.waitForURL((url) => url.pathname === `/dashboard/drafts/${id}`);

    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Your dashboard" }).waitFor();
    const row = page.locator(`tr[data-draft-id="${id}"]`);
    assert.equal(
      await row.getByRole("link", { name: "Edit the draft" }).getAttribute("href"),
      `/dashboard/drafts/${id}`,
    );
    await screenshots(page, "dashboard");
    assert.deepEqual(errors, []);
  });
});

Deno.test("browser: a site whose robots.txt disallows everything says so plainly", async () => {
  await withSites(async (bed, sites) => {
    sites.setRobots("Private", "User-agent: *\nDisallow: /\n");
    sites.setHome("Private", PRODUCT_HOME);
    const { page, errors } = await bed.open({ phone: true });
    await signInThroughPages(bed, page, FOUNDER_EMAIL, "/submit");
    const id = await submitAndWatch(page, sites.url("Private"));
    await runDraftJob(bed.deps, id);
    const alert = page.getByRole("alert").filter({ hasText: "We could not read your website" });
    await alert.waitFor();
    assert.match(await alert.textContent() ?? "", /robots\.txt disallows it/);
    assert.match(await alert.textContent() ?? "", /we respect that/);
    await page.getByRole("link", { name: "Open the draft editor" }).waitFor();
    assert.equal(new URL(page.url()).pathname, `/dashboard/drafts/${id}/watch`);
    assert.deepEqual(sites.requestsOf("Private"), ["/robots.txt"], "only robots.txt was read");
    await screenshots(page, "watch-blocked");
    assert.deepEqual(errors, []);
  });
});
