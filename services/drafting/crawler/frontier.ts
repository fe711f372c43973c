/**
 * What a crawl may read next on one site: same-site URLs from links and sitemaps, scored by the
 * kind of page they promise (about, pricing, features, team, FAQ, contact), well-known paths
 * guessed for kinds no link promised, and the choice of the next pages: first the best of each
 * wanted kind not yet read, then the best by score. URLs robots.txt disallows are recorded, never
 * queued.
 */
import type { Robots } from "../../platform/robots.ts";
import { isSameSite } from "../extract/links.ts";
import {
  KIND_RULES,
  localeOf,
  LOW_VALUE_WORDS,
  normalizeWords,
  SKIPPED_WORDS,
} from "./page_kinds.ts";

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

const NON_HTML_PATHS =
  /\.(?:pdf|zip|gz|png|jpe?g|gif|svg|webp|avif|ico|mp4|webm|mov|mp3|css|js|json|xml|txt|dmg|exe|apk)$/i;
const MAX_SITEMAP_URLS = 500;
/** What each page already read or chosen in a folder takes off its siblings' priority. */
const SIBLING_PENALTY = 10;

/** A page the crawl may read: its URL, the kind it promises and how much it is wanted. */
export interface Candidate {
  url: string;
  kind: string;
  score: number;
  /** A well-known path tried without a link to it. */
  guess: boolean;
}

/** The crawl's frontier on its site (the homepage's final origin). */
export interface Frontier {
  site: URL;
  /** The site's robots.txt rules. */
  robots: Robots;
  /** Keys (see `pageKey`) of the pages queued, read or refused. */
  seen: Set<string>;
  queue: Candidate[];
  /** Kinds and keys of the pages read. */
  readKinds: Set<string>;
  readKeys: Set<string>;
  /** Where disallowed URLs are recorded (the crawl result's list). */
  disallowed: string[];
}

/** The frontier of a site whose homepage was read from `start` (redirected to `site`). */
export function newFrontier(start: URL, site: URL, robots: Robots, disallowed: string[]): Frontier {
  return {
    site,
    robots,
    seen: new Set([pageKey(start), pageKey(site)]),
    queue: [],
    readKinds: new Set(["home"]),
    readKeys: new Set(),
    disallowed,
  };
}

/** Adds a same-site URL to the queue once, scored; disallowed ones are recorded, never queued. */
export function consider(
  frontier: Frontier,
  href: string,
  text: string,
  source: "link" | "sitemap",
): void {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return;
  }
  const { site } = frontier;
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !isSameSite(url, site)) return;
  url.hash = "";
  const key = pageKey(url);
  if (frontier.seen.has(key)) return;
  frontier.seen.add(key);
  const scored = scoreUrl(url, text, source, site);
  if (!scored) return;
  if (!frontier.robots.isAllowed(url) && url.origin === site.origin) {
    frontier.disallowed.push(url.href);
    return;
  }
  frontier.queue.push({ url: url.href, ...scored, guess: false });
}

/**
 * Queues the well-known paths (/about, /pricing, ...) of the kinds no link or sitemap entry
 * promised; with a crawl-delay, only about and pricing are guessed.
 */
export function guessWellKnownPaths(frontier: Frontier, crawlDelay: boolean): void {
  for (const kind of KEY_KINDS) {
    if (frontier.queue.some((c) => c.kind === kind)) continue;
    if (crawlDelay && !GUESSED_WITH_DELAY.has(kind)) continue;
    const url = new URL(WELL_KNOWN_PATHS[kind], frontier.site);
    const key = pageKey(url);
    if (frontier.seen.has(key)) continue;
    frontier.seen.add(key);
    if (!frontier.robots.isAllowed(url)) {
      frontier.disallowed.push(url.href);
      continue;
    }
    frontier.queue.push({ url: url.href, kind, score: 50, guess: true });
  }
}

/**
 * Takes the page a fetch ended on (after redirects) off the queue and marks it seen; false when
 * that page was already read. A redirect to a queued page takes its place.
 */
export function claimFinalUrl(frontier: Frontier, url: URL): boolean {
  const key = pageKey(url);
  if (frontier.readKeys.has(key)) return false;
  const queued = frontier.queue.findIndex((c) => pageKey(new URL(c.url)) === key);
  if (queued >= 0) frontier.queue.splice(queued, 1);
  frontier.seen.add(key);
  return true;
}

/** Records a page read under its final URL. */
export function markRead(frontier: Frontier, url: URL, kind: string): void {
  frontier.readKinds.add(kind);
  frontier.readKeys.add(pageKey(url));
}

/**
 * Takes up to `n` candidates off the queue: first the best of each wanted kind not yet read, then
 * the best by score. A guessed path is dropped once its kind has been read.
 */
export function pickNext(frontier: Frontier, n: number): Candidate[] {
  const { queue } = frontier;
  const chosen: Candidate[] = [];
  const covered = new Set(frontier.readKinds);
  while (chosen.length < n) {
    for (let i = queue.length - 1; i >= 0; i--) {
      if (queue[i].guess && covered.has(queue[i].kind)) queue.splice(i, 1);
    }
    if (queue.length === 0) break;
    const taken = takenPerFolder(frontier, chosen);
    const priority = (c: Candidate) =>
      c.score + (KEY_KINDS.includes(c.kind) && !covered.has(c.kind) ? 100 : 0) -
      SIBLING_PENALTY * (taken.get(folderOfKey(pageKey(new URL(c.url)))) ?? 0);
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

/**
 * How many pages were read or chosen in each folder below the root (/integrations/slack is in
 * /integrations): one of twenty integration pages or customer stories tells what the others do.
 */
function takenPerFolder(frontier: Frontier, chosen: Candidate[]): Map<string, number> {
  const taken = new Map<string, number>();
  const keys = [...frontier.readKeys, ...chosen.map((c) => pageKey(new URL(c.url)))];
  for (const key of keys) {
    const folder = folderOfKey(key);
    if (folder) taken.set(folder, (taken.get(folder) ?? 0) + 1);
  }
  return taken;
}

/**
 * The folder of a page below the root and its locale folder ("host:/integrations" for
 * /en/integrations/slack), or "" for a top-level page.
 */
function folderOfKey(key: string): string {
  const colon = key.indexOf("/");
  let path = key.slice(colon).replace(/\?.*$/, "");
  if (localeOf(path)) path = path.replace(/^\/[^/]+/, "");
  const slash = path.lastIndexOf("/");
  return slash <= 0 ? "" : key.slice(0, colon) + path.slice(0, slash);
}

/** Page URLs and child sitemaps of a sitemap (or sitemap index) document. */
export function parseSitemap(xml: string): { pages: string[]; children: string[] } {
  const locs = [...xml.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/gi)].slice(0, MAX_SITEMAP_URLS)
    .map((m) => m[1].replace(/&amp;/g, "&").replace(/&apos;/g, "'").replace(/&quot;/g, '"'));
  if (/<sitemapindex[\s>]/i.test(xml)) return { pages: [], children: locs };
  return { pages: locs, children: [] };
}

/** One key per page: host without www, path without a trailing slash or index file, query. */
function pageKey(url: URL): string {
  const path = url.pathname.replace(/\/index\.(?:html?|php)$/i, "/").replace(/\/+$/, "") || "/";
  return `${url.hostname.toLowerCase().replace(/^www\./, "")}:${url.port}${path}${url.search}`;
}

/**
 * The kind and score of a same-site URL, or null when it is not worth reading. The last path
 * segment speaks first, then the link's text, then the rest of the path. A copy of the site in
 * another locale folder (/de/, /fr/) than the site's own keeps its kind but scores below every
 * page of the site's own language.
 */
function scoreUrl(
  url: URL,
  anchorText: string,
  source: "link" | "sitemap",
  site: URL,
): { kind: string; score: number } | null {
  const path = decodeURIComponentSafe(url.pathname).toLowerCase();
  const words = normalizeWords(path);
  if (path === "/" || NON_HTML_PATHS.test(path) || SKIPPED_WORDS.test(words)) return null;
  const segments = path.split("/").filter(Boolean);
  const last = normalizeWords(segments.at(-1)?.replace(/\.(?:html?|php|aspx?)$/, "") ?? "");
  const depthPenalty = 4 * Math.max(0, segments.length - 1) + (url.search ? 10 : 0);
  const locale = localeOf(url.pathname);
  const translated = locale !== null && locale !== localeOf(site.pathname);
  const scored = kindOf(last, normalizeWords(anchorText), words, source);
  const score = translated ? Math.min(scored.score, 10) : scored.score;
  return { kind: scored.kind, score: score - depthPenalty };
}

/** The kind a page's last path segment, link text or path promises, and its score. */
function kindOf(
  last: string,
  text: string,
  path: string,
  source: "link" | "sitemap",
): { kind: string; score: number } {
  if (LOW_VALUE_WORDS.test(path)) return { kind: "link", score: 12 };
  for (
    const [where, bonus, isPath] of [[last, 0, true], [text, -5, false], [path, -15, true]] as const
  ) {
    const rule = KIND_RULES.find((r) => (isPath || !r.pathOnly) && r.pattern.test(where));
    if (rule) return { kind: rule.kind, score: rule.score + bonus };
  }
  return { kind: source, score: 20 };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
