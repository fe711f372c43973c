/**
 * robots.txt for the crawler (RFC 9309), read through the guarded fetcher with the named user
 * agent `LaunchDirectoryBot`. Rules are cached per crawl in a Map the crawl passes in, never
 * globally: a site may change its robots.txt between two crawls.
 *
 * How an answer is read: 2xx → its rules; 404 or 410 (or another 4xx) → everything allowed;
 * 401, 403 and 429 → nothing allowed; 5xx, network failures and refusals → nothing allowed for
 * this crawl. RFC 9309 treats 401 and 403 as "unavailable" (allow all); we choose the safe reading,
 * as the older robots.txt convention did.
 */
import type { Deps } from "./deps.ts";
import { botUserAgent, FetchFailedError, guardedFetch, type RobotsPolicy } from "./fetcher.ts";
import { robotsParserSdk } from "./lazy.ts";

/** The product token our robots.txt groups are matched by. */
export const BOT_TOKEN = "LaunchDirectoryBot";

/** robots.txt files are parsed up to this size (RFC 9309 asks for at least 500 KiB). */
const MAX_ROBOTS_BYTES = 512 * 1024;
const ROBOTS_TIMEOUT_MS = 10_000;

/** The robots.txt rules of one origin, for our user agent. */
export interface Robots {
  /** The origin these rules are for, e.g. `https://acme.example`. */
  origin: string;
  /** How the file was read: `rules` (a robots.txt), `none` (allow all) or `blocked` (disallow all). */
  mode: "rules" | "none" | "blocked";
  /** Why everything is allowed or disallowed (e.g. "robots.txt returned 503"), or null. */
  note: string | null;
  /** Why the site could not be reached at all for robots.txt (DNS, connection, timeout), or null. */
  unreachable: string | null;
  /** Whether we may request the URL; false for a URL on another origin. */
  isAllowed(url: string | URL): boolean;
  /** The Crawl-delay for our user agent (or `*`), in seconds; 0 when none. */
  crawlDelaySeconds(): number;
  /** Absolute sitemap URLs that robots.txt lists. */
  sitemaps(): string[];
}

/** A crawl's robots.txt cache: origin → rules (the promise, so concurrent hops share one fetch). */
export type RobotsCache = Map<string, Promise<Robots>>;

/** Options of `robotsFor`. */
export interface RobotsOptions {
  /** The crawl's cache; without one, robots.txt is fetched on every call. */
  cache?: RobotsCache;
  /** Time for fetching robots.txt, in milliseconds (default 10 s). */
  timeoutMs?: number;
}

/** Fetches and parses `<origin>/robots.txt` (once per cache), e.g. `robotsFor(deps, "https://acme.example")`. */
export function robotsFor(
  deps: Deps,
  origin: string,
  options: RobotsOptions = {},
): Promise<Robots> {
  const key = new URL(origin).origin;
  const cached = options.cache?.get(key);
  if (cached) return cached;
  const loading = loadRobots(deps, key, options.timeoutMs ?? ROBOTS_TIMEOUT_MS);
  options.cache?.set(key, loading);
  return loading;
}

/** A policy for `guardedFetch`'s `robots` option: each hop is checked against its origin's robots.txt. */
export function robotsPolicy(deps: Deps, options: RobotsOptions = {}): RobotsPolicy {
  const cache = options.cache ?? new Map();
  return {
    async refusal(url: URL): Promise<string | null> {
      const robots = await robotsFor(deps, url.origin, { ...options, cache });
      if (robots.isAllowed(url)) return null;
      return robots.note ?? `robots.txt disallows it for ${BOT_TOKEN}`;
    },
  };
}

/** Rules parsed from robots.txt text (exported for tests and for callers that have the text). */
export async function parseRobots(origin: string, text: string): Promise<Robots> {
  const robotsUrl = `${origin}/robots.txt`;
  const parsed = (await robotsParserSdk())(robotsUrl, text);
  const delay = Number(parsed.getCrawlDelay(BOT_TOKEN) ?? 0);
  const sitemaps = parsed.getSitemaps().flatMap((entry) => {
    try {
      return [new URL(entry, robotsUrl).href];
    } catch {
      return [];
    }
  });
  return {
    origin,
    mode: "rules",
    note: null,
    unreachable: null,
    isAllowed: (url) =>
      sameOrigin(url, origin) && parsed.isAllowed(String(url), BOT_TOKEN) !== false,
    crawlDelaySeconds: () => Number.isFinite(delay) && delay > 0 ? delay : 0,
    sitemaps: () => [...sitemaps],
  };
}

async function loadRobots(deps: Deps, origin: string, timeoutMs: number): Promise<Robots> {
  let res;
  try {
    res = await guardedFetch(deps, `${origin}/robots.txt`, {
      maxBytes: MAX_ROBOTS_BYTES,
      timeoutMs,
      accept: "text/plain, */*;q=0.5",
      userAgent: botUserAgent(deps.config.publicUrl),
    });
  } catch (err) {
    const reason = err instanceof Error && "reason" in err ? String(err.reason) : String(err);
    const robots = blanket(origin, "blocked", `robots.txt could not be read (${reason})`);
    return err instanceof FetchFailedError ? { ...robots, unreachable: reason } : robots;
  }
  const status = res.status;
  if (status >= 200 && status < 300) return await parseRobots(origin, res.text());
  if (status === 401 || status === 403 || status === 429) {
    return blanket(origin, "blocked", `robots.txt returned ${status}, so nothing is fetched`);
  }
  if (status >= 400 && status < 500) {
    return blanket(origin, "none", `robots.txt returned ${status}, so everything is allowed`);
  }
  return blanket(origin, "blocked", `robots.txt returned ${status}, so nothing is fetched`);
}

function blanket(origin: string, mode: "none" | "blocked", note: string): Robots {
  return {
    origin,
    mode,
    note,
    unreachable: null,
    isAllowed: (url) => mode === "none" && sameOrigin(url, origin),
    crawlDelaySeconds: () => 0,
    sitemaps: () => [],
  };
}

function sameOrigin(url: string | URL, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}
