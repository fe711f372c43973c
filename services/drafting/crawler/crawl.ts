/**
 * One crawl under way (services/drafting/crawler.ts): its bounds, clock and spending, and the one
 * guarded fetch every request of the crawl goes through (robots.txt policy, site rule, bytes and
 * time bounds).
 */
import type { Deps } from "../../platform/deps.ts";
import type { CrawlResult } from "../evidence.ts";
import { isSameSite } from "../extract/links.ts";
import {
  FetchFailedError,
  FetchRefusedError,
  guardedFetch,
  type GuardedResponse,
  RobotsDisallowedError,
  type RobotsPolicy,
} from "../../platform/fetcher.ts";
import { type RobotsCache, robotsPolicy } from "../../platform/robots.ts";
import type { AppDataState } from "./app_data.ts";
import {
  type CrawlClock,
  type CrawlOptions,
  DEFAULTS,
  PAGE_TIMEOUT_MS,
  REAL_CLOCK,
} from "./options.ts";

/** robots.txt may take at most this long. */
export const ROBOTS_TIMEOUT_MS = 10_000;
/** Below this much time left, no new request is started. */
const MIN_REQUEST_MS = 250;

export type FetchOutcome =
  | { ok: true; res: GuardedResponse }
  | { ok: false; disallowed: string | null; reason: string };

/** One crawl under way: its bounds and clock, what it has spent and what it has read. */
export interface Crawl {
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
  /** The app data resources read (crawler/app_data.ts); each counts as a page. */
  appData: AppDataState;
  /** Pages and guesses requested from the frontier (bounded by `maxAttempts`). */
  attempts: number;
  /** Whether the homepage took longer than SLOW_HOME_MS. */
  slowHome: boolean;
}

export function startCrawl(deps: Deps, startUrl: string, options: CrawlOptions): Crawl {
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
    appData: { seen: new Set(), fetched: 0 },
    attempts: 0,
    slowHome: false,
  };
}

/** Pages (and app data resources) the crawl may still read. */
export function pagesLeft(crawl: Crawl): number {
  return crawl.maxPages - crawl.result.pages.length - crawl.appData.fetched;
}

export function timeLeft(crawl: Crawl): number {
  return crawl.deadline - crawl.clock.now();
}

/** Whether the crawl's bytes or time are spent, so that no new request is started. */
export function outOfBudget(crawl: Crawl): boolean {
  return crawl.totalBytes >= crawl.maxTotalBytes || timeLeft(crawl) < MIN_REQUEST_MS;
}

/** Waits out the crawl-delay; false when the wait would overrun the time budget. */
export async function pace(crawl: Crawl): Promise<boolean> {
  const wait = crawl.lastRequestEnd + crawl.delayMs - crawl.clock.now();
  if (timeLeft(crawl) - Math.max(0, wait) < MIN_REQUEST_MS) return false;
  if (wait > 0) await crawl.clock.sleep(wait);
  return true;
}

/** One guarded fetch within the crawl's time, bytes and robots.txt rules (and site, when given). */
export async function fetchPage(
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
