/**
 * Visitors' basics in Chromium: the share row's copy button copies the page's address; dark
 * mode follows the system setting with readable text (every visible text at least 4.5:1 against
 * its background, 3:1 when large or a graphic such as rating stars) on the public pages, as light
 * mode does; and the links and
 * buttons in lists, navigation and chips are at least 24 px in both directions.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { FOUNDER_EMAIL, signInThroughPages, withDashboard } from "./dashboard_fixture.ts";
import { THIS_WEEK } from "./fixtures.ts";

const PAGES = [
  "/",
  "/listings/invoicely",
  "/listings/ledgerbox",
  `/launches/${THIS_WEEK}`,
  "/founders/ada-lovelace",
  "/categories",
  "/leaderboards",
  "/leaderboards/billboard",
  "/awards",
  "/blog",
  "/rules",
  "/link-policy",
  "/mcp",
  "/no-such-page",
];

/**
 * In the page: every element with its own visible text whose contrast against the first opaque
 * background behind it (no gradient or image on the way) is below the WCAG AA minimum.
 */
function lowContrast(page: Page) {
  return page.evaluate(() => {
    const parse = (c: string) => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return { r, g, b, a };
    };
    const lum = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const backgroundOf = (el: Element | null) => {
      for (let e = el; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.backgroundImage !== "none") return null; // a gradient or image: not judged
        const bg = parse(style.backgroundColor);
        if (bg && bg.a >= 0.9) return bg;
      }
      return { r: 255, g: 255, b: 255, a: 1 };
    };
    const out: string[] = [];
    for (const el of document.querySelectorAll("body *")) {
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim());
      if (!own) continue;
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width === 0 || rect.height === 0 || style.visibility === "hidden") continue;
      if (el.closest("[hidden], .sr-only, .skip-link, .bb-preview, svg")) continue;
      const fg = parse(style.color);
      const bg = backgroundOf(el);
      if (!fg || !bg) continue;
      const [l1, l2] = [lum(fg), lum(bg)].sort((a, b) => b - a);
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      // Text drawn as a graphic (rating stars) needs the non-text minimum, 3:1.
      const graphic = el.closest('[role="img"], [aria-hidden="true"]') !== null;
      if (ratio < (large || graphic ? 3 : 4.5)) {
        out.push(
          `${el.tagName}.${el.className} "${el.textContent!.trim().slice(0, 30)}" ${
            ratio.toFixed(2)
          } (${style.color} on ${JSON.stringify(bg)})`,
        );
      }
    }
    return out;
  });
}

/** Links and buttons in lists, navigation, chips and share rows smaller than 24 × 24 px. */
function smallTargets(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    const selector = "li > a, .chips > a, .row-meta a, .site-nav a, .share a, button, a.button";
    for (const el of document.querySelectorAll(selector)) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue; // not shown
      if (el.closest("[hidden], .sr-only")) continue;
      if (rect.height < 24 || rect.width < 24) {
        out.push(
          `${el.tagName} "${el.textContent!.trim().slice(0, 30)}" ${rect.width}×${rect.height}`,
        );
      }
    }
    return out;
  });
}

Deno.test("dark and light mode: readable text and 24 px targets on the public pages", async () => {
  await withDashboard(async (bed) => {
    const { page, errors } = await bed.open();
    const failures: string[] = [];
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const path of PAGES) {
        await page.goto(path);
        const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        assert.equal(bg, scheme === "dark" ? "rgb(15, 15, 19)" : "rgb(246, 246, 249)", path);
        for (const f of await lowContrast(page)) failures.push(`${scheme} ${path}: ${f}`);
        for (const f of await smallTargets(page)) failures.push(`${scheme} ${path}: target ${f}`);
      }
    }
    assert.deepEqual(failures, []);
    assert.deepEqual(errors, []);
  }, { islands: ["CopyLink"] });
});

Deno.test("the copy button copies the listing's address; the share links are plain links", async () => {
  await withDashboard(async (bed) => {
    const { context, page, errors } = await bed.open();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: bed.base });
    await signInThroughPages(bed, page, FOUNDER_EMAIL, "/dashboard");
    await page.goto("/listings/invoicely");
    await page.locator('[data-island="CopyLink"][data-hydrated="true"]').waitFor();
    await page.getByRole("button", { name: "Copy link" }).click();
    await page.getByRole("status").filter({ hasText: "Link copied" }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, `${bed.base}/listings/invoicely`);
    const mail = await page.getByRole("link", { name: "E-mail" }).getAttribute("href");
    assert.ok(mail?.startsWith("mailto:?subject="));
    assert.deepEqual(errors, []);
  }, { islands: ["CopyLink"] });
});
