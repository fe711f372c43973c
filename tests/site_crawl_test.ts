/**
 * The public site as a crawler sees it: every page reachable from the home page on the demo
 * directory, walked breadth-first over same-origin links (GET only), must answer 2xx, and every
 * HTML page must have a title, headings in order (one h1, first; no level skipped going down) and
 * alt text on every image.
 */
import assert from "node:assert/strict";
import { loadDemoData } from "../demo/mod.ts";
import { createApp } from "../routes/app.ts";
import { SearchIndex } from "../services/directory/search/index.ts";
import { followListingWrites, loadSearchIndex } from "../services/directory/search/load.ts";
import { testConfig } from "../services/platform/config.ts";
import type { Deps } from "../services/platform/deps.ts";
import { DOMParser } from "linkedom";

/** A Wednesday: the demo has past, current and scheduled weeks around it. */
const NOW = new Date("2026-11-18T12:00:00Z");
const ORIGIN = "http://localhost:8000";
/** The crawl must reach at least this many pages (the demo has about 200 listings). */
const MIN_PAGES = 600;
/** A crawl larger than this is a link loop (a query string growing without end). */
const MAX_PAGES = 20_000;
const MAX_REDIRECTS = 5;
/**
 * URL families crawled only in part, the first ones met: compare pages are pairs of listings
 * (every alternative of every listing links one: thousands on the demo) and preview images are
 * rendered per listing and per week (one renderer for all); the others are only counted.
 */
const SAMPLED: [prefix: string, count: number][] = [["/compare?", 60], ["/og/", 30]];

/** Whether a URL is past its family's sample (counting it). */
function pastSample(path: string, counts: Map<string, number>): boolean {
  const family = SAMPLED.find(([prefix]) => path.startsWith(prefix));
  if (!family) return false;
  const seen = (counts.get(family[0]) ?? 0) + 1;
  counts.set(family[0], seen);
  return seen > family[1];
}

/** Paths not crawled: outbound redirects, the API, MCP, signed-in areas and their forms. */
const SKIPPED = [
  /^\/go\//,
  /^\/api\//,
  /^\/mcp(\/|$)/,
  /^\/signin/,
  /^\/signout/,
  /^\/account/,
  /^\/dashboard/,
  /^\/admin/,
  /^\/submit/,
  /^\/checkout/,
  /^\/oauth\//,
  /^\/\.well-known\//,
];

async function demoApp() {
  const kv = await Deno.openKv(":memory:");
  assert.equal(await loadDemoData(kv, NOW), true);
  const search = new SearchIndex();
  followListingWrites(kv, search);
  await loadSearchIndex(kv, search);
  await search.ready;
  const config = testConfig({
    publicUrl: ORIGIN,
    rateLimit: { perMinute: 1_000_000, anonymousPerMinute: 1_000_000, trustProxy: false },
  });
  const deps: Deps = { kv, config, search, now: () => NOW };
  return { kv, app: createApp(deps) };
}

/** The crawlable path of an href on a page, or null (other origin, other scheme, skipped). */
function crawlable(href: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  if (SKIPPED.some((re) => re.test(url.pathname))) return null;
  return url.pathname + url.search;
}

/** What is wrong with a page's headings: one h1, first; never a level skipped going down. */
export function headingProblems(levels: number[]): string[] {
  const problems: string[] = [];
  if (levels[0] !== 1) problems.push(`first heading is h${levels[0] ?? "-none"}, not h1`);
  const h1s = levels.filter((l) => l === 1).length;
  if (h1s !== 1) problems.push(`${h1s} h1 headings`);
  for (let i = 1; i < levels.length; i++) {
    if (levels[i] > levels[i - 1] + 1) {
      problems.push(`h${levels[i - 1]} followed by h${levels[i]}`);
    }
  }
  return problems;
}

/**
 * The problems of one HTML page, the links it holds (links and its canonical URL, to crawl) and
 * the resources it loads or names (stylesheets, scripts, icons, images, feeds and preview images:
 * fetched once each, not parsed).
 */
function inspect(html: string): { problems: string[]; hrefs: string[]; resources: string[] } {
  const doc = new DOMParser().parseFromString(html, "text/html") as unknown as Document;
  const problems: string[] = [];
  if (!doc.querySelector("head > title")?.textContent?.trim()) problems.push("no <title>");
  const levels = [...doc.querySelectorAll("h1, h2, h3, h4, h5, h6")]
    .map((h) => Number(h.tagName.slice(1)));
  problems.push(...headingProblems(levels));
  for (const img of doc.querySelectorAll("img")) {
    if (!img.hasAttribute("alt")) problems.push(`image without alt: ${img.getAttribute("src")}`);
  }
  const hrefs = [...doc.querySelectorAll('a[href], link[rel="canonical"][href]')]
    .map((a) => a.getAttribute("href")!);
  const resources = [
    ...[...doc.querySelectorAll("link[href]:not([rel=canonical])")]
      .map((e) => e.getAttribute("href")!),
    ...[...doc.querySelectorAll("img[src], script[src]")].map((e) => e.getAttribute("src")!),
    ...[...doc.querySelectorAll('meta[property="og:image"]')].map((e) =>
      e.getAttribute("content")!
    ),
  ];
  return { problems, hrefs, resources };
}

type App = Awaited<ReturnType<typeof demoApp>>["app"];

/** GETs a path, following same-origin redirects; null when a redirect leaves the crawl. */
async function fetchPage(app: App, path: string) {
  let current = path;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const res = await app.request(ORIGIN + current);
    if (res.status < 300 || res.status >= 400) return { res, path: current };
    await res.body?.cancel();
    const next = crawlable(res.headers.get("location") ?? "", ORIGIN + current);
    if (next === null) return null;
    current = next;
  }
  throw new Error(`Too many redirects from ${path}`);
}

/** The final status of a resource (null: it redirects out of the crawl). */
async function resourceStatus(app: App, path: string): Promise<number | null> {
  const fetched = await fetchPage(app, path);
  if (!fetched) return null;
  await fetched.res.body?.cancel();
  return fetched.res.status;
}

/** Walks the site breadth-first from `/`; returns pages seen and failures found. */
async function crawl(app: App) {
  const seen = new Map<string, string>([["/", "(start)"]]);
  const queue = ["/"];
  const failures: string[] = [];
  const checked = new Set<string>();
  let pages = 0;
  const sampled = new Map<string, number>();
  while (queue.length > 0 && seen.size <= MAX_PAGES) {
    const path = queue.shift()!;
    const fetched = await fetchPage(app, path);
    if (!fetched) continue;
    const { res } = fetched;
    if (res.status < 200 || res.status >= 300) {
      failures.push(`${path} (linked from ${seen.get(path)}): ${res.status}`);
      await res.body?.cancel();
      continue;
    }
    if (!(res.headers.get("content-type") ?? "").includes("text/html")) {
      await res.body?.cancel();
      continue;
    }
    pages++;
    const { problems, hrefs, resources } = inspect(await res.text());
    for (const p of problems) failures.push(`${fetched.path}: ${p}`);
    for (const src of resources) {
      const resource = crawlable(src, ORIGIN + fetched.path);
      if (resource === null || checked.has(resource)) continue;
      checked.add(resource);
      if (pastSample(resource, sampled)) continue;
      const status = await resourceStatus(app, resource);
      if (status !== null && (status < 200 || status >= 300)) {
        failures.push(`${resource} (loaded by ${fetched.path}): ${status}`);
      }
    }
    for (const href of hrefs) {
      const next = crawlable(href, ORIGIN + fetched.path);
      if (next === null || seen.has(next)) continue;
      seen.set(next, fetched.path);
      if (pastSample(next, sampled)) continue;
      queue.push(next);
    }
  }
  return { pages, seen, failures, resources: checked.size };
}

/** URLs counted by kind (first path segment, `?` when a query is present), for the log. */
function urlKinds(paths: Iterable<string>): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const path of paths) {
    const kind = "/" + path.split(/[/?]/)[1] + (path.includes("?") ? "?" : "");
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return kinds;
}

Deno.test("heading order: one h1 first, no level skipped going down", () => {
  assert.deepEqual(headingProblems([1, 2, 3, 2, 3, 3, 2]), []);
  assert.deepEqual(headingProblems([1, 2, 4]), ["h2 followed by h4"]);
  assert.deepEqual(headingProblems([2, 1]), ["first heading is h2, not h1"]);
  assert.deepEqual(headingProblems([1, 2, 1]), ["2 h1 headings"]);
});

Deno.test("every public page reachable from the home page is sound", async (t) => {
  const { kv, app } = await demoApp();
  try {
    const started = performance.now();
    const { pages, seen, failures, resources } = await crawl(app);
    console.log(
      `crawled ${pages} HTML pages (${seen.size} URLs, ${resources} resources) in ${
        Math.round(performance.now() - started)
      } ms`,
    );
    console.log(JSON.stringify(urlKinds(seen.keys())));
    await t.step("no broken link, title, heading or image", () => {
      assert.deepEqual(failures, []);
    });
    await t.step("the crawl reaches the whole directory", () => {
      assert.ok(seen.size <= MAX_PAGES, `more than ${MAX_PAGES} URLs: a link loop?`);
      assert.ok(pages >= MIN_PAGES, `only ${pages} pages crawled`);
      const paths = [...seen.keys()];
      for (
        const prefix of [
          "/founders",
          "/founders/",
          "/launches/upcoming",
          "/tags/",
          "/compare?a=",
          "/categories/",
          "/leaderboards/",
          "/blog/",
        ]
      ) {
        assert.ok(paths.some((p) => p.startsWith(prefix)), `no page under ${prefix}`);
      }
      assert.ok(paths.some((p) => /^\/listings\/[^/]+\/alternatives$/.test(p)), "no alternatives");
    });
  } finally {
    kv.close();
  }
});
