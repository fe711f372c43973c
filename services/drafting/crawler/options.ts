/** A crawl's bounds, clock and progress reports (services/drafting/crawler.ts). */

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
export const REAL_CLOCK: CrawlClock = {
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
/** Pages fetched at once when the site sets no crawl-delay. */
export const PARALLEL_FETCHES = 4;
/**
 * A homepage slower than this makes every guess costly: only about and pricing are guessed (as
 * with a crawl-delay).
 */
export const SLOW_HOME_MS = 3_000;
