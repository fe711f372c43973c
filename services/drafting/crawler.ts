/**
 * The crawler: reads a product's own website into an evidence base (CrawlResult) for drafting.
 *
 * robots.txt first (our user agent `LaunchDirectoryBot`), then the homepage (its final origin,
 * after redirects, is the site; www and the apex are one site, so redirects between them are
 * followed for every page), then the sitemap, then the same-site pages most likely to state
 * facts: about, pricing, features, FAQ, team and contact, chosen by scoring link paths and anchor
 * texts, with well-known paths (/about, /pricing, ...) tried for kinds not found (see
 * crawler/frontier.ts). Every fetch goes through the guarded fetcher with the crawl's robots.txt
 * policy, so a disallowed URL, or a redirect hop to one, is never requested. Crawl-delay is
 * honoured between requests; without one, pages are read a few at a time. Requests look like a
 * browser's (origin form, a browser's Accept; see services/platform/http1_client.ts). Pages, bytes
 * and time (the crawl's and each page's) are bounded. Site problems never throw: the homepage failing sets `error`, any other page
 * failing is listed in `failed`.
 */
import type { Deps } from "../platform/deps.ts";
import type { CrawlResult, EvidencePage } from "./evidence.ts";
import { extractPage } from "./extract.ts";
import { isSameSite } from "./extract/links.ts";
import {
  FetchFailedError,
  FetchRefusedError,
  guardedFetch,
  type GuardedResponse,
  RobotsDisallowedError,
  type RobotsPolicy,
} from "../platform/fetcher.ts";
import { type Robots, type RobotsCache, robotsFor, robotsPolicy } from "../platform/robots.ts";
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

/** Progress of a crawl, reported after each page read. */
export interface CrawlProgress {
  pages_read: number;
  /** Pages the crawl expects to read in all (changes as links are found). */
  planned: number;
  url: string;
}

/** The time a crawl runs on: a monotonic clock in milliseconds, and a way to wait. */
export interface CrawlClock {
  /** Milliseconds since any fixed point. */
  now(): number;
  /** Resolves once `ms` milliseconds have passed on this clock. */
  sleep(ms: number): Promise<void>;
}

/** Real time: `performance.now()` and `setTimeout`. */
const REAL_CLOCK: CrawlClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Bounds and hooks of one crawl. */
export interface CrawlOptions {
  /** Pages read at most, homepage included (default 8). */
  maxPages?: number;
  /** Largest page (or sitemap) accepted, in bytes (default 1,000,000). */
  maxBytesPerPage?: number;
  /** Bytes read at most over the whole crawl (default 4,000,000). */
  maxTotalBytes?: number;
  /** Time for the whole crawl, in milliseconds, crawl-delay waits included (default 45 s). */
  timeBudgetMs?: number;
  /** Time for one page (or sitemap), in milliseconds (default PAGE_TIMEOUT_MS). */
  pageTimeoutMs?: number;
  /** Called after each page read (awaited). */
  onProgress?: (progress: CrawlProgress) => void | Promise<void>;
  /** The clock the time budget and the crawl-delay waits run on (default REAL_CLOCK). */
  clock?: CrawlClock;
}

/** A crawl's bounds unless its options say otherwise. */
export const DEFAULTS = {
  maxPages: 8,
  maxBytesPerPage: 1_000_000,
  maxTotalBytes: 4_000_000,
  timeBudgetMs: 45_000,
};
/** One page may take at most this long. */
export const PAGE_TIMEOUT_MS = 15_000;
/** robots.txt may take at most this long. */
const ROBOTS_TIMEOUT_MS = 10_000;
/** Below this much time left, no new request is started. */
const MIN_REQUEST_MS = 250;
/** Pages fetched at once when the site sets no crawl-delay. */
export const PARALLEL_FETCHES = 4;
/** What a browser asks for when it opens a page. */
const HTML_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const XML_ACCEPT = "application/xml,text/xml;q=0.9,*/*;q=0.1";

type FetchOutcome =
  | { ok: true; res: GuardedResponse }
  | { ok: false; disallowed: string | null; reason: string };

/** One crawl under way: its bounds and clock, what it has spent and what it has read. */
interface Crawl {
  deps: Deps;
  options: CrawlOptions;
  maxPages: number;
  maxBytesPerPage: number;
  maxTotalBytes: number;
  clock: CrawlClock;
  /** When the time budget runs out, on `clock`. */
  deadline: number;
  result: CrawlResult;
  robotsCache: RobotsCache;
  robots: RobotsPolicy;
  totalBytes: number;
  /** When the last request ended, on `clock`. */
  lastRequestEnd: number;
  /** The crawl-delay honoured, in milliseconds. */
  delayMs: number;
  /** Texts of the pages read: the same page under two URLs is read once. */
  texts: Set<string>;
}

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
    await readSitemaps(crawl, frontier);
    guessWellKnownPaths(frontier, crawl.delayMs > 0);
    await readFrontier(crawl, frontier);
    crawl.result.disallowed = [...new Set(crawl.result.disallowed)];
  }
  return finish(crawl);
}

/** The start URL with a scheme (https:// when missing) and no fragment, or why it is unusable. */
export function normalizeStartUrl(input: string): URL | string {
  const trimmed = input.trim();
  if (!trimmed) return "no URL was given";
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return "it is not a valid URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return `only http and https sites are read, not "${url.protocol}"`;
  }
  url.hash = "";
  return url;
}

function startCrawl(deps: Deps, startUrl: string, options: CrawlOptions): Crawl {
  const clock = options.clock ?? REAL_CLOCK;
  const robotsCache: RobotsCache = new Map();
  return {
    deps,
    options,
    maxPages: Math.max(1, Math.floor(options.maxPages ?? DEFAULTS.maxPages)),
    maxBytesPerPage: options.maxBytesPerPage ?? DEFAULTS.maxBytesPerPage,
    maxTotalBytes: options.maxTotalBytes ?? DEFAULTS.maxTotalBytes,
    clock,
    deadline: clock.now() + (options.timeBudgetMs ?? DEFAULTS.timeBudgetMs),
    result: {
      start_url: startUrl,
      pages: [],
      disallowed: [],
      failed: [],
      crawl_delay_s: 0,
      started_at: deps.now().toISOString(),
      finished_at: "",
      error: null,
    },
    robotsCache,
    robots: robotsPolicy(deps, { cache: robotsCache, timeoutMs: ROBOTS_TIMEOUT_MS }),
    totalBytes: 0,
    lastRequestEnd: 0,
    delayMs: 0,
    texts: new Set(),
  };
}

function finish(crawl: Crawl): CrawlResult {
  crawl.result.finished_at = crawl.deps.now().toISOString();
  return crawl.result;
}

function timeLeft(crawl: Crawl): number {
  return crawl.deadline - crawl.clock.now();
}

/** Whether the crawl's bytes or time are spent, so that no new request is started. */
function outOfBudget(crawl: Crawl): boolean {
  return crawl.totalBytes >= crawl.maxTotalBytes || timeLeft(crawl) < MIN_REQUEST_MS;
}

/** Waits out the crawl-delay; false when the wait would overrun the time budget. */
async function pace(crawl: Crawl): Promise<boolean> {
  const wait = crawl.lastRequestEnd + crawl.delayMs - crawl.clock.now();
  if (timeLeft(crawl) - Math.max(0, wait) < MIN_REQUEST_MS) return false;
  if (wait > 0) await crawl.clock.sleep(wait);
  return true;
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
  const home = await fetchPage(crawl, start.href, HTML_ACCEPT, maxBytes, null);
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
 * The sitemaps robots.txt names (else /sitemap.xml, not guessed when every request costs a
 * crawl-delay), their pages added to the frontier.
 */
async function readSitemaps(crawl: Crawl, frontier: Frontier): Promise<void> {
  const { site, robots } = frontier;
  const declared = robots.sitemaps().filter((s) => isSameSite(new URL(s), site));
  const sitemaps = declared.length > 0
    ? declared.slice(0, 2)
    : crawl.delayMs === 0
    ? [new URL("/sitemap.xml", site).href]
    : [];
  for (let i = 0; i < sitemaps.length && i < 3; i++) {
    const url = sitemaps[i];
    if (!robots.isAllowed(url)) continue;
    if (crawl.totalBytes >= crawl.maxTotalBytes || !(await pace(crawl))) break;
    const maxBytes = Math.min(crawl.maxBytesPerPage, crawl.maxTotalBytes - crawl.totalBytes);
    const res = await fetchPage(crawl, url, XML_ACCEPT, maxBytes, site);
    if (!res.ok || res.res.status !== 200) {
      if (declared.length > 0) {
        crawl.result.failed.push({ url, reason: res.ok ? `HTTP ${res.res.status}` : res.reason });
      }
      continue;
    }
    const { pages, children } = parseSitemap(res.res.text());
    for (const page of pages) consider(frontier, page, "", "sitemap");
    if (sitemaps.length < 3 && children[0]) sitemaps.push(children[0]);
  }
}

/** Reads the frontier's best pages, wave by wave, until a bound is reached or nothing is left. */
async function readFrontier(crawl: Crawl, frontier: Frontier): Promise<void> {
  const { result } = crawl;
  const maxAttempts = crawl.maxPages * 2 + 4;
  let attempts = 0;
  const parallel = crawl.delayMs > 0 ? 1 : PARALLEL_FETCHES;
  while (
    result.pages.length < crawl.maxPages && frontier.queue.length > 0 && attempts < maxAttempts
  ) {
    if (outOfBudget(crawl)) break;
    const wave = pickNext(frontier, Math.min(parallel, crawl.maxPages - result.pages.length));
    if (wave.length === 0) break;
    if (crawl.delayMs > 0 && !(await pace(crawl))) break;
    attempts += wave.length;
    if (await readWave(crawl, frontier, wave)) break;
  }
}

/**
 * Fetches a wave of candidates at once and keeps the pages that are evidence; true when one was
 * too large only for what is left of the crawl's bytes (the crawl stops there).
 */
async function readWave(crawl: Crawl, frontier: Frontier, wave: Candidate[]): Promise<boolean> {
  const { result } = crawl;
  const cap = Math.min(
    crawl.maxBytesPerPage,
    Math.floor((crawl.maxTotalBytes - crawl.totalBytes) / wave.length),
  );
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
    if (result.pages.length >= crawl.maxPages) break;
    await addPage(crawl, frontier, outcome.res, candidate.kind);
  }
  return budgetSpent;
}

/** One guarded fetch within the crawl's time, bytes and robots.txt rules (and site, when given). */
async function fetchPage(
  crawl: Crawl,
  url: string,
  accept: string,
  maxBytes: number,
  site: URL | null,
): Promise<FetchOutcome> {
  try {
    const res = await guardedFetch(crawl.deps, url, {
      maxBytes: Math.max(0, maxBytes),
      timeoutMs: Math.max(
        1,
        Math.min(crawl.options.pageTimeoutMs ?? PAGE_TIMEOUT_MS, timeLeft(crawl)),
      ),
      accept,
      robots: crawl.robots,
      allowHop: site
        ? (hop) => isSameSite(hop, site) ? null : `it is not on the site ${site.host}`
        : undefined,
    });
    crawl.totalBytes += res.body.byteLength;
    return { ok: true, res };
  } catch (err) {
    const reason = err instanceof FetchRefusedError || err instanceof FetchFailedError
      ? (err.url === url ? err.reason : err.message)
      : err instanceof Error
      ? err.message
      : String(err);
    const disallowed = err instanceof RobotsDisallowedError ? err.url : null;
    return { ok: false, disallowed, reason };
  } finally {
    crawl.lastRequestEnd = crawl.clock.now();
  }
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
  const { title, text, facts } = await extractPage(decodeHtml(res), res.url);
  // The same page under two URLs (/ and /index.html, a redirect to a page already read).
  if (crawl.texts.has(text) && text !== "") return;
  crawl.texts.add(text);
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

/** Why a fetched page is not evidence (status, not HTML), or null. */
function pageProblem(res: GuardedResponse): string | null {
  if (res.status < 200 || res.status >= 300) return `HTTP ${res.status}`;
  const type = (res.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === "text/html" || type === "application/xhtml+xml") return null;
  if (
    !type && /^\s*(?:<!doctype html|<html)/i.test(new TextDecoder().decode(res.body.slice(0, 512)))
  ) {
    return null;
  }
  return `not an HTML page (${type || "no content type"})`;
}

/** The body as text, in the charset the header or a <meta charset> names (UTF-8 by default). */
function decodeHtml(res: GuardedResponse): string {
  const header = /charset=["']?([\w-]+)/i.exec(res.headers.get("content-type") ?? "")?.[1];
  const head = new TextDecoder("latin1").decode(res.body.slice(0, 2048));
  const meta = /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1];
  for (const label of [header, meta]) {
    if (!label || /^utf-?8$/i.test(label)) continue;
    try {
      return new TextDecoder(label).decode(res.body);
    } catch {
      // An unknown charset: fall back to UTF-8.
    }
  }
  return res.text();
}
