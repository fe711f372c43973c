/**
 * The islands in headless Chromium: they must hydrate and work. Every check waits for a change
 * that only the hydrated component makes, so the test fails when hydration does not happen.
 */
import assert from "node:assert/strict";
import { ensureBundle, launchChromium, serveApp } from "./browser_fixture.ts";
import { buildFixture, NOW } from "./fixtures.ts";
import { getOrCreateUser } from "../kv/users.ts";
import { createSession } from "../services/access/sessions.ts";
import { SESSION_COOKIE } from "../routes/session.ts";

const TIMEOUT = 10_000;

Deno.test("islands hydrate and work in Chromium", async (t) => {
  await ensureBundle();
  const { base, server, deps } = serveApp((await buildFixture()).deps);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(TIMEOUT);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));

    await t.step("the bundle is served", async () => {
      const res = await fetch(`${base}/static/islands.js`);
      // serveStatic reads ./static from the working directory: run the tests from the repository root.
      assert.equal(res.status, 200, `static/islands.js not served from ${Deno.cwd()}`);
      assert.match(res.headers.get("content-type") ?? "", /javascript/);
      await res.body?.cancel();
    });

    await t.step("BadgeBuilder: the preview and the embed code follow shape and mode", async () => {
      // The builder shows to the listing's team: the owner's session.
      const owner = await getOrCreateUser(deps.kv, "ada@invoicely.example", "Ada", NOW);
      const { secret } = await createSession(deps, owner.id);
      await context.addCookies([{ name: SESSION_COOKIE, value: secret, url: base }]);
      await page.goto(`${base}/listings/invoicely`);
      await page.waitForSelector('[data-island="BadgeBuilder"][data-hydrated="true"]');
      const preview = page.locator("#badge-preview");
      const code = page.locator("#badge-code");
      const src0 = await preview.getAttribute("src");
      const code0 = await code.inputValue();
      assert.match(src0 ?? "", /shape=standard&mode=auto&size=m/);
      assert.ok(
        code0.includes(
          `src="${base}/badges/invoicely/listed.svg?shape=standard&amp;mode=auto&amp;size=m"`,
        ),
      );

      await page.locator('input[name="badge-shape"][value="pill"]').check();
      await page.waitForFunction(() =>
        document.querySelector("#badge-preview")?.getAttribute("src")?.includes("shape=pill")
      );
      assert.match(await code.inputValue(), /shape=pill&amp;mode=auto/);

      await page.locator('input[name="badge-mode"][value="dark"]').check();
      await page.waitForFunction(() =>
        document.querySelector("#badge-preview")?.getAttribute("src")?.includes("mode=dark")
      );
      const code2 = await code.inputValue();
      assert.match(code2, /shape=pill&amp;mode=dark&amp;size=m/);
      assert.notEqual(code2, code0);
      assert.match(
        await page.locator(".bb-preview").getAttribute("class") ?? "",
        /bb-preview-dark/,
      );

      await page.locator('select[name="badge-kind"]').selectOption("launched");
      await page.waitForFunction(() =>
        document.querySelector("#badge-preview")?.getAttribute("src")?.includes("/launched.svg")
      );
      assert.match(await code.inputValue(), /Invoicely - Launched on Launch Directory/);

      // Width and height in the code are the image's real size for the style.
      const dims = /width="(\d+)" height="(\d+)"/.exec(await code.inputValue())!;
      const svg = await (await fetch((await preview.getAttribute("src"))!)).text();
      assert.match(svg, new RegExp(`^<svg[^>]* width="${dims[1]}" height="${dims[2]}"`));

      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
      await page.getByRole("button", { name: "Copy code" }).click();
      await page.getByText("Copied to the clipboard").waitFor();
    });

    await t.step("SearchBox: a misspelled name shows the listing; Enter opens it", async () => {
      await page.goto(`${base}/categories`);
      await page.waitForSelector('[data-island="SearchBox"][data-hydrated="true"]');
      const input = page.locator("#site-search");
      await input.click();
      await input.pressSequentially("invoicly", { delay: 40 });
      const first = page.locator("#search-suggestions .search-result").first();
      await first.waitFor();
      assert.equal(await first.locator(".search-result-name").textContent(), "Invoicely");
      assert.match(await first.textContent() ?? "", /Invoices that get paid on time/);
      assert.equal(await input.getAttribute("aria-expanded"), "true");
      // The suggestions of the last keystroke settle first: a late answer re-renders the list.
      await page.waitForLoadState("networkidle");
      await input.press("ArrowDown");
      // Waits (not instant reads): the island applies the pick in its next render.
      await page.locator('#site-search[aria-activedescendant="search-suggestions-0"]').waitFor();
      await page.locator('#search-suggestions-0[aria-selected="true"]').waitFor();
      await Promise.all([page.waitForURL(`${base}/listings/invoicely`), input.press("Enter")]);
    });

    await t.step("SearchBox: Enter without a pick goes to the search page", async () => {
      const input = page.locator("#site-search");
      await input.fill("");
      await input.pressSequentially("billing", { delay: 20 });
      await page.locator("#search-suggestions .search-result").first().waitFor();
      await Promise.all([page.waitForURL(/\/search\?q=billing$/), input.press("Enter")]);
      await page.getByRole("heading", { name: "Results for “billing”" }).waitFor();
      await page.waitForSelector('[data-island="SearchBox"][data-hydrated="true"]');
      assert.equal(await page.locator("#site-search").inputValue(), "billing");
      // The page was loaded with a query: no dropdown opens by itself.
      assert.equal(await page.locator("#site-search").getAttribute("aria-expanded"), "false");
      await page.locator("#site-search").press("Escape");
    });

    await t.step("LaunchTabs: switching sections fetches them in place", async () => {
      await page.goto(`${base}/`);
      await page.waitForSelector('[data-island="LaunchTabs"][data-hydrated="true"]');
      assert.equal(
        await page.locator("#launch-panel ol").getAttribute("data-section"),
        "this-week",
      );
      await page.getByRole("tab", { name: "Newest" }).click();
      await page.waitForSelector('#launch-panel ol[data-section="recent"]');
      assert.equal(
        await page.getByRole("tab", { name: "Newest" }).getAttribute("aria-selected"),
        "true",
      );
      assert.ok(page.url().endsWith("/?section=recent"), page.url());
      assert.match(await page.locator("#launch-panel").textContent() ?? "", /Taskpilot/);
      await page.getByRole("tab", { name: "This week" }).press("ArrowRight");
      await page.waitForSelector('#launch-panel ol[data-section="today"]');
    });

    assert.deepEqual(errors, [], "no script errors in the browser");
    await context.close();
  } finally {
    await browser.close();
    await server.shutdown();
  }
});
