/**
 * The crawler: reads a product's own website into an evidence base (CrawlResult) for drafting.
 *
 * robots.txt first (our user agent `LaunchDirectoryBot`), then the homepage (its final origin,
 * after redirects, is the site; www and the apex are one site, so redirects between them are
 * followed for every page), then the same-site pages most likely to state facts: about, pricing,
 * features, FAQ, team and contact, chosen by scoring link paths and anchor texts. The sitemap is
 * read alongside the first of them (its pages join the choice for the next ones), and well-known
 * paths (/about, /pricing, ...) are tried for kinds not found, only about and pricing when the
 * homepage was slow or a crawl-delay is set (see crawler/frontier.ts). Every fetch goes through
 * the guarded fetcher with the crawl's robots.txt policy (crawler/crawl.ts), so a disallowed URL,
 * or a redirect hop to one, is never requested. Crawl-delay is honoured between requests (and
 * then the sitemap is read before the pages); without one, pages are read a few at a time.
 * Requests look like a browser's (origin form, a browser's Accept; see
 * services/platform/http1_client.ts). Pages, bytes and time (the crawl's and each page's) are
 * bounded. Site problems never throw: the homepage failing sets `error`, any other page failing
 * is listed in `failed`.
 */
import type { Deps } from "../platform/deps.ts";
import type { CrawlResult, EvidencePage, PageFacts } from "./evidence.ts";
import { extractPage } from "./extract.ts";
import { isSameSite } from "./extract/links.ts";
import type { GuardedResponse } from "../platform/fetcher.ts";
import { type Robots, robotsFor } from "../platform/robots.ts";
import {
  type Candidate,
  claimFinalUrl,
  consider,
  type Frontier,
  guessWellKnownPaths,
  markRead,
  newFrontier,
  parseSitemap,
  pickNext,
} from "./crawler/frontier.ts";
import { decodeHtml, normalizeStartUrl, pageProblem } from "./crawler/response.ts";
import {
  addAppData,
  DATA_ACCEPT,
  dataRefs,
  FEW_APP_STRINGS,
  readAppData,
} from "./crawler/app_data.ts";
import { isThin } from "./extract/app_page.ts";
import {
  type Crawl,
  fetchPage,
  outOfBudget,
  pace,
  pagesLeft,
  ROBOTS_TIMEOUT_MS,
  startCrawl,
  timeLeft,
} from "./crawler/crawl.ts";
import {
  type CrawlClock,
  type CrawlOptions,
  type CrawlProgress,
  DEFAULTS,
  PAGE_TIMEOUT_MS,
  PARALLEL_FETCHES,
  SLOW_HOME_MS,
} from "./crawler/options.ts";

export { normalizeStartUrl };
export { DEFAULTS, PAGE_TIMEOUT_MS, PARALLEL_FETCHES };
export type { CrawlClock, CrawlOptions, CrawlProgress };

/** What a browser asks for when it opens a page. */
const HTML_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const XML_ACCEPT = "application/xml,text/xml;q=0.9,*/*;q=0.1";

/** Reads a site into evidence, e.g. `crawlSite(deps, "acme.example")`. Never throws for site problems. */
export async function crawlSite(
  deps: Deps,
  startUrl: string,
  options: CrawlOptions = {},
): Promise<CrawlResult> {
  const crawl = startCrawl(deps, startUrl, options);
  const start = normalizeStartUrl(startUrl);
  if (typeof start === "string") {
    crawl.result.error = `Could not read "${startUrl}": ${start}`;
    return finish(crawl);
  }
  crawl.result.start_url = start.href;
  const frontier = await readHomepage(crawl, start);
  if (frontier) {
    await readFrontier(crawl, frontier);
    crawl.result.disallowed = [...new Set(crawl.result.disallowed)];
  }
  return finish(crawl);
}

function finish(crawl: Crawl): CrawlResult {
  crawl.result.finished_at = crawl.deps.now().toISOString();
  return crawl.result;
}

function readRobots(crawl: Crawl, origin: string): Promise<Robots> {
  return robotsFor(crawl.deps, origin, {
    cache: crawl.robotsCache,
    timeoutMs: Math.max(1, Math.min(ROBOTS_TIMEOUT_MS, timeLeft(crawl))),
  });
}

/**
 * robots.txt of the start origin (its crawl-delay applies from the homepage on), the homepage,
 * then the robots.txt of the site it ended on. The frontier of that site, or null when the
 * homepage could not be read (`error` says why).
 */
async function readHomepage(crawl: Crawl, start: URL): Promise<Frontier | null> {
  const { result } = crawl;
  const couldNotRead = (why: string) => {
    result.error = `Could not read "${start.href}": ${why}`;
    return null;
  };
  const startRobots = await readRobots(crawl, start.origin);
  if (startRobots.unreachable) return couldNotRead(startRobots.unreachable);
  crawl.delayMs = startRobots.crawlDelaySeconds() * 1000;

  const maxBytes = Math.min(crawl.maxBytesPerPage, crawl.maxTotalBytes);
  const began = crawl.clock.now();
  const home = await fetchPage(crawl, start.href, HTML_ACCEPT, maxBytes, null);
  crawl.slowHome = crawl.clock.now() - began > SLOW_HOME_MS;
  if (!home.ok) {
    if (home.disallowed) result.disallowed.push(home.disallowed);
    return couldNotRead(
      home.disallowed && home.disallowed !== start.href
        ? `it redirects to "${home.disallowed}", which robots.txt disallows`
        : home.reason,
    );
  }
  const problem = pageProblem(home.res);
  if (problem) return couldNotRead(problem);

  const site = new URL(home.res.url);
  const siteRobots = await readRobots(crawl, site.origin);
  crawl.delayMs = Math.max(crawl.delayMs, siteRobots.crawlDelaySeconds() * 1000);
  result.crawl_delay_s = crawl.delayMs / 1000;
  const frontier = newFrontier(start, site, siteRobots, result.disallowed);
  await addPage(crawl, frontier, home.res, "home");
  return frontier;
}

/**
 * The pages of the sitemaps robots.txt names (else /sitemap.xml, not guessed when every request
 * costs a crawl-delay), each read with at most `maxBytes`.
 */
async function readSitemaps(crawl: Crawl, frontier: Frontier, maxBytes: number): Promise<string[]> {
  const { site, robots } = frontier;
  const declared = robots.sitemaps().filter((s) => isSameSite(new URL(s), site));
  const sitemaps = declared.length > 0
    ? declared.slice(0, 2)
    : crawl.delayMs === 0
    ? [new URL("/sitemap.xml", site).href]
    : [];
  const found: string[] = [];
  for (let i = 0; i < sitemaps.length && i < 3; i++) {
    const url = sitemaps[i];
    if (!robots.isAllowed(url)) continue;
    if (crawl.totalBytes >= crawl.maxTotalBytes || !(await pace(crawl))) break;
    const cap = Math.min(maxBytes, crawl.maxTotalBytes - crawl.totalBytes);
    const res = await fetchPage(crawl, url, XML_ACCEPT, cap, site);
    if (!res.ok || res.res.status !== 200) {
      if (declared.length > 0) {
        crawl.result.failed.push({ url, reason: res.ok ? `HTTP ${res.res.status}` : res.reason });
      }
      continue;
    }
    const { pages, children } = parseSitemap(res.res.text());
    found.push(...pages);
    if (sitemaps.length < 3 && children[0]) sitemaps.push(children[0]);
  }
  return found;
}

/**
 * Adds the sitemaps' pages to the frontier, then guesses the well-known paths of the kinds no
 * link or sitemap promised (only about and pricing when each request is costly: a crawl-delay or
 * a slow homepage).
 */
function planFromSitemaps(crawl: Crawl, frontier: Frontier, pages: string[]): void {
  for (const page of pages) consider(frontier, page, "", "sitemap");
  guessWellKnownPaths(frontier, crawl.delayMs > 0 || crawl.slowHome);
}

/**
 * Reads the frontier's best pages, wave by wave, until a bound is reached or nothing is left. The
 * sitemaps are read alongside the first wave (the homepage's links), so that a slow server costs
 * one response time less; their pages join the frontier for the next waves. With a crawl-delay
 * (one request at a time), or when the homepage links nowhere, they are read first.
 */
async function readFrontier(crawl: Crawl, frontier: Frontier): Promise<void> {
  let alongside = crawl.delayMs === 0 && frontier.queue.length > 0;
  if (!alongside) {
    planFromSitemaps(crawl, frontier, await readSitemaps(crawl, frontier, crawl.maxBytesPerPage));
  }
  const maxAttempts = crawl.maxPages * 2 + 4;
  const parallel = crawl.delayMs > 0 ? 1 : PARALLEL_FETCHES;
  while (pagesLeft(crawl) > 0 && frontier.queue.length > 0 && crawl.attempts < maxAttempts) {
    if (outOfBudget(crawl)) break;
    const wave = pickNext(frontier, Math.min(parallel, pagesLeft(crawl)));
    if (wave.length === 0) break;
    if (crawl.delayMs > 0 && !(await pace(crawl))) break;
    crawl.attempts += wave.length;
    if (!alongside) {
      if (await readWave(crawl, frontier, wave, 0)) break;
      continue;
    }
    alongside = false;
    const share = byteShare(crawl, wave.length + 1);
    const [spent, pages] = await Promise.all([
      readWave(crawl, frontier, wave, 1),
      readSitemaps(crawl, frontier, share),
    ]);
    planFromSitemaps(crawl, frontier, pages);
    if (spent) break;
  }
}

/** What one of `n` requests made at once may read: its share of the crawl's bytes left. */
function byteShare(crawl: Crawl, n: number): number {
  return Math.min(crawl.maxBytesPerPage, Math.floor((crawl.maxTotalBytes - crawl.totalBytes) / n));
}

/**
 * Fetches a wave of candidates at once (with `alongside` other requests sharing the bytes left)
 * and keeps the pages that are evidence; true when one was too large only for what is left of the
 * crawl's bytes (the crawl stops there).
 */
async function readWave(
  crawl: Crawl,
  frontier: Frontier,
  wave: Candidate[],
  alongside: number,
): Promise<boolean> {
  const { result } = crawl;
  const cap = byteShare(crawl, wave.length + alongside);
  const outcomes = await Promise.all(
    wave.map((c) => fetchPage(crawl, c.url, HTML_ACCEPT, cap, frontier.site)),
  );
  let budgetSpent = false;
  for (let i = 0; i < wave.length; i++) {
    const candidate = wave[i];
    const outcome = outcomes[i];
    if (!outcome.ok) {
      if (outcome.disallowed) result.disallowed.push(outcome.disallowed);
      const overBudget = cap < crawl.maxBytesPerPage &&
        /larger than \d+ bytes/.test(outcome.reason);
      budgetSpent ||= overBudget;
      const reason = overBudget
        ? `larger than what is left of the crawl's ${crawl.maxTotalBytes} bytes`
        : outcome.reason;
      result.failed.push({ url: candidate.url, reason });
      continue;
    }
    const problem = pageProblem(outcome.res);
    if (problem) {
      result.failed.push({ url: candidate.url, reason: problem });
      continue;
    }
    // A redirect to a page already read is skipped; one to a queued page takes its place.
    if (!claimFinalUrl(frontier, new URL(outcome.res.url))) continue;
    if (pagesLeft(crawl) <= 0) break;
    await addPage(crawl, frontier, outcome.res, candidate.kind);
  }
  return budgetSpent;
}

/**
 * Keeps a fetched page as evidence (unless the same text was read under another URL), adds its
 * links to the frontier and reports progress.
 */
async function addPage(
  crawl: Crawl,
  frontier: Frontier,
  res: GuardedResponse,
  kind: string,
): Promise<void> {
  const html = decodeHtml(res);
  const { title, text, facts } = await extractPage(html, res.url);
  // The same page under two URLs (/ and /index.html, a redirect to a page already read).
  if (crawl.texts.has(text) && text !== "") return;
  crawl.texts.add(text);
  if (isThin(text) && (facts.app_json ?? []).length < FEW_APP_STRINGS) {
    await readPageData(crawl, frontier.site, html, new URL(res.url), facts);
  }
  const page: EvidencePage = {
    url: res.url,
    fetched_at: crawl.deps.now().toISOString(),
    status: res.status,
    kind,
    title,
    text,
    facts,
  };
  const { pages } = crawl.result;
  pages.push(page);
  markRead(frontier, new URL(res.url), kind);
  for (const link of facts.links) consider(frontier, link.url, link.text, "link");
  await crawl.options.onProgress?.({
    pages_read: pages.length,
    planned: pages.length + Math.min(crawl.maxPages - pages.length, frontier.queue.length),
    url: res.url,
  });
}

/**
 * A thin page's app data: the same-site resources it names (crawler/app_data.ts), within the
 * pages left (the page itself is one of them).
 */
async function readPageData(
  crawl: Crawl,
  site: URL,
  html: string,
  page: URL,
  facts: PageFacts,
): Promise<void> {
  const refs = dataRefs(html, page, site);
  if (refs.length === 0) return;
  const budget = pagesLeft(crawl) - 1;
  const data = await readAppData(refs, site, crawl.appData, budget, (url) => {
    return fetchData(crawl, url, site);
  });
  addAppData(facts, data);
}

/** One app data resource, fetched like a page; failures are listed, and read as nothing. */
async function fetchData(
  crawl: Crawl,
  url: string,
  site: URL,
): Promise<{ body: string; type: string } | null> {
  if (outOfBudget(crawl) || !(await pace(crawl))) return null;
  const maxBytes = Math.min(crawl.maxBytesPerPage, crawl.maxTotalBytes - crawl.totalBytes);
  const got = await fetchPage(crawl, url, DATA_ACCEPT, maxBytes, site);
  if (!got.ok) {
    if (got.disallowed) crawl.result.disallowed.push(got.disallowed);
    else crawl.result.failed.push({ url, reason: got.reason });
    return null;
  }
  if (got.res.status < 200 || got.res.status >= 300) {
    crawl.result.failed.push({ url, reason: `HTTP ${got.res.status}` });
    return null;
  }
  return { body: got.res.text(), type: got.res.headers.get("content-type") ?? "" };
}
