/**
 * What the founders' browser tests share: the app served with the fixture directory, Chromium, a
 * founder signed in through the pages (the mailed link from the KV outbox), and screenshots of a
 * page at 1280 and 390 pixels wide kept under tests/artifacts/screens/, each checked to fit its
 * width (no sideways scrolling).
 */
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { buildFixture, type Fixture, NOW } from "./fixtures.ts";
import { ensureBundle, launchChromium, serveApp } from "./browser_fixture.ts";
import { latestSignInToken } from "./accounts_fixture.ts";
import type { Config } from "../services/platform/config.ts";
import type { Deps } from "../services/platform/deps.ts";

/** How long a browser step may wait. */
export const TIMEOUT = 15_000;

/** The founder of the fixture's invoicely (owner of the fixture's API keys). */
export const FOUNDER_EMAIL = "ada@invoicely.example";

const SCREENS = new URL("./artifacts/screens/", import.meta.url);

/** A served app, its data and a browser. */
export interface DashboardBed {
  base: string;
  /** The served app's dependencies (public URL = base). */
  deps: Deps;
  fixture: Fixture;
  browser: Browser;
  /** A new browser window (390 wide when `phone`), its page errors collected. */
  open(
    options?: { phone?: boolean },
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
}

/**
 * Runs `test` against the fixture directory served on a free port, with Chromium; `config`
 * overrides settings (e.g. `allowPrivateFetch: true` for product sites on 127.0.0.1).
 */
export async function withDashboard(
  test: (bed: DashboardBed) => Promise<void>,
  options: { config?: Partial<Config>; islands?: string[] } = {},
): Promise<void> {
  await ensureBundle(options.islands ?? []);
  const fixture = await buildFixture(options.config ?? {});
  const served = serveApp(fixture.deps);
  Object.assign(served.deps.config, options.config ?? {});
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  try {
    await test({
      base: served.base,
      deps: served.deps,
      fixture,
      browser,
      async open({ phone = false } = {}) {
        const context = await browser.newContext({
          viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
          baseURL: served.base,
        });
        context.setDefaultTimeout(TIMEOUT);
        contexts.push(context);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (err) => errors.push(err.message));
        return { context, page, errors };
      },
    });
  } finally {
    for (const context of contexts) await context.close().catch(() => {});
    await browser.close();
    await served.server.shutdown();
    fixture.deps.kv.close();
  }
}

/**
 * Signs `email` in through the pages, starting at `next` (a founder page that sends signed-out
 * visitors to sign in and back): the form, the mailed link, the confirmation. Ends on `next`.
 */
export async function signInThroughPages(
  bed: DashboardBed,
  page: Page,
  email: string,
  next: string,
): Promise<void> {
  await page.goto(next);
  await completeSignIn(bed, page, email, next);
}

/**
 * On the sign-in page (where a founder page sent a signed-out visitor): signs `email` in through
 * the form, the mailed link and the confirmation, and waits to be back on `next`.
 */
export async function completeSignIn(
  bed: DashboardBed,
  page: Page,
  email: string,
  next: string,
): Promise<void> {
  assert.match(new URL(page.url()).pathname, /^\/signin/);
  await page.getByLabel(/email/i).first().fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await page.getByRole("heading", { name: "Check your mail" }).waitFor();
  const token = await latestSignInToken(bed.deps, email.toLowerCase());
  await page.goto(`/signin/verify?token=${token}`);
  await page.getByRole("button", { name: `Sign in as ${email.toLowerCase()}` }).click();
  await page.waitForURL((url) => url.pathname + url.search === next);
}

/**
 * Screenshots the current page at 1280 and at 390 pixels wide into tests/artifacts/screens/
 * (`<name>-1280.png`, `<name>-390.png`), failing when the page is wider than the window at either
 * width. The window is left at the width it had.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  await Deno.mkdir(SCREENS, { recursive: true });
  const before = page.viewportSize() ?? { width: 1280, height: 900 };
  try {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      const wide = scrollWidth <= width ? [] : await page.evaluate(overflowingTexts, width);
      assert.ok(
        scrollWidth <= width,
        `${name} is ${scrollWidth} px wide in a ${width} px window (${wide.join(", ")})`,
      );
      await page.screenshot({
        path: new URL(`${name}-${width}.png`, SCREENS).pathname,
        fullPage: true,
      });
    }
  } finally {
    await page.setViewportSize(before);
  }
}

/** Sets the served app's clock to NOW and answers the function that moves it. */
export function movableClock(bed: DashboardBed): (at: Date) => void {
  let now = NOW;
  bed.deps.now = () => now;
  return (at: Date) => {
    now = at;
  };
}

/** The texts (with their element) that reach past `limit` pixels, outside scrolling boxes. */
function overflowingTexts(limit: number): string[] {
  const clipped = (el: Element | null): boolean => {
    for (let up = el; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== "visible") return true;
    }
    return false;
  };
  const out: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node && out.length < 3; node = walker.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(node);
    const parent = node.parentElement;
    if (range.getBoundingClientRect().right > limit && !clipped(parent)) {
      out.push(
        `${parent?.tagName.toLowerCase()}.${parent?.className}: "${node.textContent?.trim()}"`,
      );
    }
  }
  return out;
}
