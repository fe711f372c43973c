/**
 * The crawler: reads a product's own website into an evidence base (CrawlResult) for drafting.
 *
 * robots.txt first (our user agent `LaunchDirectoryBot`), then the homepage (its final origin,
 * after redirects, is the site), then the sitemap, then the same-site pages most likely to state
 * facts: about, pricing, features, FAQ, team and contact, chosen by scoring link paths and anchor
 * texts, with well-known paths (/about, /pricing, ...) tried for kinds not found. Every fetch goes
 * through the guarded fetcher with the crawl's robots.txt policy, so a disallowed URL, or a redirect
 * hop to one, is never requested. Crawl-delay is honoured between requests; without one, pages are
 * read a few at a time. Pages, bytes and time are bounded. Site problems never throw: the homepage
 * failing sets `error`, any other page failing is listed in `failed`.
 */
import type { Deps } from "../platform/deps.ts";
import type { CrawlResult, EvidencePage } from "./evidence.ts";
import { extractPage, isSameSite } from "./extract.ts";
import {
  FetchFailedError,
  FetchRefusedError,
  guardedFetch,
  type GuardedResponse,
  RobotsDisallowedError,
} from "../platform/fetcher.ts";
import { type RobotsCache, robotsFor, robotsPolicy } from "../platform/robots.ts";

/** Progress of a crawl, reported after each page read. */
export interface CrawlProgress {
  pages_read: number;
  /** Pages the crawl expects to read in all (changes as links are found). */
  planned: number;
  url: string;
}

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
  /** Called after each page read (awaited). */
  onProgress?: (progress: CrawlProgress) => void | Promise<void>;
}

const DEFAULTS = {
  maxPages: 8,
  maxBytesPerPage: 1_000_000,
  maxTotalBytes: 4_000_000,
  timeBudgetMs: 45_000,
};
/** One page may take at most this long. */
const PAGE_TIMEOUT_MS = 15_000;
/** Below this much time left, no new request is started. */
const MIN_REQUEST_MS = 250;
/** Pages fetched at once when the site sets no crawl-delay. */
const PARALLEL_FETCHES = 4;
const MAX_SITEMAP_URLS = 500;
const HTML_ACCEPT = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1";
const XML_ACCEPT = "application/xml,text/xml;q=0.9,*/*;q=0.1";

/** Kinds of pages worth one read each, in the order they are wanted. */
const KEY_KINDS = ["pricing", "about", "features", "team", "faq", "contact"];
const WELL_KNOWN_PATHS: Record<string, string> = {
  about: "/about",
  pricing: "/pricing",
  features: "/features",
  faq: "/faq",
  team: "/team",
  contact: "/contact",
};
/** With a crawl-delay every request costs seconds: only these kinds are guessed. */
const GUESSED_WITH_DELAY = new Set(["about", "pricing"]);

const KIND_RULES: { kind: string; score: number; pattern: RegExp }[] = [
  { kind: "pricing", score: 95, pattern: /\b(?:pricing|prices?|plans?|tarife?|preise)\b/ },
  {
    kind: "about",
    score: 90,
    pattern: /\b(?:about|about-us|company|our-story|story|who-we-are|mission|ueber-uns)\b/,
  },
  {
    kind: "features",
    score: 85,
    pattern: /\b(?:features?|product|how-it-works|how it works|tour|solutions?)\b/,
  },
  { kind: "team", score: 80, pattern: /\b(?:team|our-team|founders?|people|leadership)\b/ },
  { kind: "faq", score: 75, pattern: /\b(?:faqs?|frequently|help|questions)\b/ },
  { kind: "contact", score: 70, pattern: /\b(?:contact|contact-us|get-in-touch|kontakt)\b/ },
  { kind: "link", score: 45, pattern: /\b(?:impressum|imprint|legal-notice)\b/ },
];
/** Pages with no product facts, or that act (sign-in, cart): never read. */
const SKIPPED_PATHS =
  /\b(?:login|log-in|signin|sign-in|signup|sign-up|register|logout|cart|checkout|account|dashboard|privacy|terms|cookies?|gdpr|unsubscribe)\b/;
const LOW_VALUE_PATHS =
  /\b(?:blog|news|posts?|articles?|press|changelog|releases?|tags?|category)\b/;
const NON_HTML_PATHS =
  /\.(?:pdf|zip|gz|png|jpe?g|gif|svg|webp|avif|ico|mp4|webm|mov|mp3|css|js|json|xml|txt|dmg|exe|apk)$/i;

interface Candidate {
  url: string;
  kind: string;
  score: number;
  /** A well-known path tried without a link to it. */
  guess: boolean;
}

type FetchOutcome =
  | { ok: true; res: GuardedResponse }
  | { ok: false; disallowed: string | null; reason: string };

/** Reads a site into evidence, e.g. `crawlSite(deps, "acme.example")`. Never throws for site problems. */
export async function crawlSite(
  deps: Deps,
  startUrl: string,
  options: CrawlOptions = {},
): Promise<CrawlResult> {
  const maxPages = Math.max(1, Math.floor(options.maxPages ?? DEFAULTS.maxPages));
  const maxBytesPerPage = options.maxBytesPerPage ?? DEFAULTS.maxBytesPerPage;
  const maxTotalBytes = options.maxTotalBytes ?? DEFAULTS.maxTotalBytes;
  const deadline = performance.now() + (options.timeBudgetMs ?? DEFAULTS.timeBudgetMs);
  const result: CrawlResult = {
    start_url: startUrl,
    pages: [],
    disallowed: [],
    failed: [],
    crawl_delay_s: 0,
    started_at: deps.now().toISOString(),
    finished_at: "",
    error: null,
  };
  const finish = () => {
    result.finished_at = deps.now().toISOString();
    return result;
  };

  const start = normalizeStartUrl(startUrl);
  if (typeof start === "string") {
    result.error = `Could not read "${startUrl}": ${start}`;
    return finish();
  }
  result.start_url = start.href;

  const cache: RobotsCache = new Map();
  const timeLeft = () => deadline - performance.now();
  const robotsOptions = () => ({ cache, timeoutMs: Math.max(1, Math.min(10_000, timeLeft())) });
  const policy = robotsPolicy(deps, { cache, timeoutMs: 10_000 });
  let totalBytes = 0;
  let lastRequestEnd = 0;
  let delayMs = 0;

  /** Waits out the crawl-delay; false when the wait would overrun the time budget. */
  const pace = async (): Promise<boolean> => {
    const wait = lastRequestEnd + delayMs - performance.now();
    if (timeLeft() - Math.max(0, wait) < MIN_REQUEST_MS) return false;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return true;
  };

  const fetchUrl = async (
    url: string,
    accept: string,
    maxBytes: number,
    site: URL | null,
  ): Promise<FetchOutcome> => {
    try {
      const res = await guardedFetch(deps, url, {
        maxBytes: Math.max(0, maxBytes),
        timeoutMs: Math.max(1, Math.min(PAGE_TIMEOUT_MS, timeLeft())),
        accept,
        robots: policy,
        allowHop: site
          ? (hop) => isSameSite(hop, site) ? null : `it is not on the site ${site.host}`
          : undefined,
      });
      totalBytes += res.body.byteLength;
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
      lastRequestEnd = performance.now();
    }
  };

  // robots.txt of the start origin first: its crawl-delay applies from the homepage on.
  const startRobots = await robotsFor(deps, start.origin, robotsOptions());
  if (startRobots.unreachable) {
    result.error = `Could not read "${start.href}": ${startRobots.unreachable}`;
    return finish();
  }
  delayMs = startRobots.crawlDelaySeconds() * 1000;

  const home = await fetchUrl(
    start.href,
    HTML_ACCEPT,
    Math.min(maxBytesPerPage, maxTotalBytes),
    null,
  );
  if (!home.ok) {
    if (home.disallowed) result.disallowed.push(home.disallowed);
    const why = home.disallowed && home.disallowed !== start.href
      ? `it redirects to "${home.disallowed}", which robots.txt disallows`
      : home.reason;
    result.error = `Could not read "${start.href}": ${why}`;
    return finish();
  }
  const homeProblem = pageProblem(home.res);
  if (homeProblem) {
    result.error = `Could not read "${start.href}": ${homeProblem}`;
    return finish();
  }
  const site = new URL(home.res.url);
  const siteRobots = await robotsFor(deps, site.origin, robotsOptions());
  delayMs = Math.max(delayMs, siteRobots.crawlDelaySeconds() * 1000);
  result.crawl_delay_s = delayMs / 1000;

  const seen = new Set<string>([pageKey(start), pageKey(site)]);
  const texts = new Set<string>();
  const queue: Candidate[] = [];
  const readKinds = new Set<string>(["home"]);
  const readKeys = new Set<string>();

  const addPage = async (res: GuardedResponse, kind: string): Promise<boolean> => {
    const html = decodeHtml(res);
    const { title, text, facts } = extractPage(html, res.url);
    // The same page under two URLs (/ and /index.html, a redirect to a page already read).
    if (texts.has(text) && text !== "") return false;
    texts.add(text);
    const page: EvidencePage = {
      url: res.url,
      fetched_at: deps.now().toISOString(),
      status: res.status,
      kind,
      title,
      text,
      facts,
    };
    result.pages.push(page);
    readKinds.add(kind);
    readKeys.add(pageKey(new URL(res.url)));
    for (const link of facts.links) consider(link.url, link.text, "link");
    await options.onProgress?.({
      pages_read: result.pages.length,
      planned: result.pages.length + Math.min(maxPages - result.pages.length, queue.length),
      url: res.url,
    });
    return true;
  };

  /** Adds a same-site URL to the queue once, scored; disallowed ones are recorded, never queued. */
  const consider = (href: string, text: string, source: "link" | "sitemap") => {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      return;
    }
    if ((url.protocol !== "http:" && url.protocol !== "https:") || !isSameSite(url, site)) return;
    url.hash = "";
    const key = pageKey(url);
    if (seen.has(key)) return;
    seen.add(key);
    const scored = scoreUrl(url, text, source);
    if (!scored) return;
    if (!siteRobots.isAllowed(url) && url.origin === site.origin) {
      result.disallowed.push(url.href);
      return;
    }
    queue.push({ url: url.href, ...scored, guess: false });
  };

  await addPage(home.res, "home");

  // The sitemap: the ones robots.txt names, else /sitemap.xml (not guessed when every request
  // costs a crawl-delay).
  const declared = siteRobots.sitemaps().filter((s) => isSameSite(new URL(s), site));
  const sitemaps = declared.length > 0
    ? declared.slice(0, 2)
    : delayMs === 0
    ? [new URL("/sitemap.xml", site).href]
    : [];
  for (let i = 0; i < sitemaps.length && i < 3; i++) {
    const url = sitemaps[i];
    if (!siteRobots.isAllowed(url)) continue;
    if (totalBytes >= maxTotalBytes || !(await pace())) break;
    const res = await fetchUrl(
      url,
      XML_ACCEPT,
      Math.min(maxBytesPerPage, maxTotalBytes - totalBytes),
      site,
    );
    if (!res.ok || res.res.status !== 200) {
      if (declared.length > 0) {
        result.failed.push({ url, reason: res.ok ? `HTTP ${res.res.status}` : res.reason });
      }
      continue;
    }
    const { pages, children } = parseSitemap(res.res.text());
    for (const page of pages) consider(page, "", "sitemap");
    if (sitemaps.length < 3 && children[0]) sitemaps.push(children[0]);
  }

  // Well-known paths for the kinds no link or sitemap entry promised.
  for (const kind of KEY_KINDS) {
    if (queue.some((c) => c.kind === kind)) continue;
    if (delayMs > 0 && !GUESSED_WITH_DELAY.has(kind)) continue;
    const url = new URL(WELL_KNOWN_PATHS[kind], site);
    const key = pageKey(url);
    if (seen.has(key)) continue;
    seen.add(key);
    if (!siteRobots.isAllowed(url)) {
      result.disallowed.push(url.href);
      continue;
    }
    queue.push({ url: url.href, kind, score: 50, guess: true });
  }

  const maxAttempts = maxPages * 2 + 4;
  let attempts = 0;
  const parallel = delayMs > 0 ? 1 : PARALLEL_FETCHES;
  while (result.pages.length < maxPages && queue.length > 0 && attempts < maxAttempts) {
    if (totalBytes >= maxTotalBytes || timeLeft() < MIN_REQUEST_MS) break;
    const wave = pickNext(queue, readKinds, Math.min(parallel, maxPages - result.pages.length));
    if (wave.length === 0) break;
    if (delayMs > 0 && !(await pace())) break;
    attempts += wave.length;
    const cap = Math.min(maxBytesPerPage, Math.floor((maxTotalBytes - totalBytes) / wave.length));
    const outcomes = await Promise.all(
      wave.map((c) => fetchUrl(c.url, HTML_ACCEPT, cap, site)),
    );
    let budgetSpent = false;
    for (let i = 0; i < wave.length; i++) {
      const candidate = wave[i];
      const outcome = outcomes[i];
      if (!outcome.ok) {
        if (outcome.disallowed) result.disallowed.push(outcome.disallowed);
        // Too large only for what is left of the crawl's bytes: the crawl stops here.
        const overBudget = cap < maxBytesPerPage && /larger than \d+ bytes/.test(outcome.reason);
        budgetSpent ||= overBudget;
        const reason = overBudget
          ? `larger than what is left of the crawl's ${maxTotalBytes} bytes`
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
      const finalKey = pageKey(new URL(outcome.res.url));
      if (readKeys.has(finalKey)) continue;
      const queued = queue.findIndex((c) => pageKey(new URL(c.url)) === finalKey);
      if (queued >= 0) queue.splice(queued, 1);
      seen.add(finalKey);
      if (result.pages.length >= maxPages) break;
      await addPage(outcome.res, candidate.kind);
    }
    if (budgetSpent) break;
  }
  result.disallowed = [...new Set(result.disallowed)];
  return finish();
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

/** One key per page: host without www, path without a trailing slash or index file, query. */
function pageKey(url: URL): string {
  const path = url.pathname.replace(/\/index\.(?:html?|php)$/i, "/").replace(/\/+$/, "") || "/";
  return `${url.hostname.toLowerCase().replace(/^www\./, "")}:${url.port}${path}${url.search}`;
}

/** The kind and score of a same-site URL, or null when it is not worth reading. */
function scoreUrl(
  url: URL,
  anchorText: string,
  source: "link" | "sitemap",
): { kind: string; score: number } | null {
  const path = decodeURIComponentSafe(url.pathname).toLowerCase();
  if (path === "/" || NON_HTML_PATHS.test(path) || SKIPPED_PATHS.test(path)) return null;
  const segments = path.split("/").filter(Boolean);
  const last = segments.at(-1)?.replace(/\.(?:html?|php|aspx?)$/, "") ?? "";
  const text = anchorText.toLowerCase();
  const depthPenalty = 4 * Math.max(0, segments.length - 1) + (url.search ? 10 : 0);
  if (LOW_VALUE_PATHS.test(path)) return { kind: "link", score: 12 - depthPenalty };
  for (const [where, bonus] of [[last, 0], [text, -5], [path, -15]] as const) {
    const rule = KIND_RULES.find((r) => r.pattern.test(where));
    if (rule) return { kind: rule.kind, score: rule.score + bonus - depthPenalty };
  }
  return { kind: source, score: 20 - depthPenalty };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Takes up to `n` candidates off the queue: first the best of each wanted kind not yet read, then
 * the best by score. A guessed path is dropped once its kind has been read.
 */
function pickNext(queue: Candidate[], readKinds: Set<string>, n: number): Candidate[] {
  const chosen: Candidate[] = [];
  const covered = new Set(readKinds);
  while (chosen.length < n) {
    for (let i = queue.length - 1; i >= 0; i--) {
      if (queue[i].guess && covered.has(queue[i].kind)) queue.splice(i, 1);
    }
    if (queue.length === 0) break;
    const priority = (c: Candidate) =>
      c.score + (KEY_KINDS.includes(c.kind) && !covered.has(c.kind) ? 100 : 0);
    let best = 0;
    for (let i = 1; i < queue.length; i++) {
      if (priority(queue[i]) > priority(queue[best])) best = i;
    }
    const [next] = queue.splice(best, 1);
    chosen.push(next);
    covered.add(next.kind);
  }
  return chosen;
}

/** Page URLs and child sitemaps of a sitemap (or sitemap index) document. */
function parseSitemap(xml: string): { pages: string[]; children: string[] } {
  const locs = [...xml.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/gi)].slice(0, MAX_SITEMAP_URLS)
    .map((m) => m[1].replace(/&amp;/g, "&").replace(/&apos;/g, "'").replace(/&quot;/g, '"'));
  if (/<sitemapindex[\s>]/i.test(xml)) return { pages: [], children: locs };
  return { pages: locs, children: [] };
}
