/**
 * The data a client-rendered app fetches at run time. A browser runs an app's code, which commonly
 * fetches the page's content (`fetch("/content.json")`, `<link rel="preload" as="fetch">`) or
 * holds it as an object literal in its bundle (`const CONTENT = {...}`). The crawler never runs
 * code: for a page whose visible text is thin it reads the same-site resources the page names —
 * JSON URLs (preload links, string literals in script text that end in `.json` or are passed to
 * `fetch(`), then same-site script files (only to find data-only object literals assigned to a
 * name, and more JSON URLs) — a few per crawl, each fetched like a page (robots.txt, crawl-delay,
 * bytes, time). Their readable strings become the page's app strings under the resource's name:
 *
 * - a JSON resource: `<path>:<json path>`, e.g. `/content.json:locales.en.brand.name`;
 * - a literal in a script: `<path>#<name>:<json path>`, e.g. `/assets/app.9c1e.js#Dt:home.title`.
 *
 * `<path>` is the resource's path and query on the page's site (a `:` in it written `%3A`), so a
 * quote's locator names exactly one resource and one value in it (verifier/sources.ts).
 *
 * The company's own social profiles the data lists (`social: {x: ...}`, `socialLinks: [{href}]`)
 * join the page's profile links with their locator and no context (see `isCompanySocialAt`).
 */
import {
  type AppProfileLink,
  appProfileLinks,
  type AppString,
  appStrings,
  assignedLiterals,
  MAX_APP_STRINGS,
} from "../extract/app_json.ts";
import { isCompanyProfile, isSameSite, socialPlatform } from "../extract/links.ts";
import type { PageFacts } from "../evidence.ts";

/** Resources read at most over one crawl; each one also counts as a page of the crawl's budget. */
export const MAX_DATA_RESOURCES = 4;
/** A thin page with at least this many inline app strings needs nothing fetched. */
export const FEW_APP_STRINGS = 20;
/** What the crawler asks for when it reads an app's data. */
export const DATA_ACCEPT = "application/json,text/javascript;q=0.9,*/*;q=0.1";
/** JSON URLs taken from one page or script at most. */
const MAX_URLS_PER_SOURCE = 8;
/** A script literal is the app's content only with this many readable strings. */
const MIN_LITERAL_STRINGS = 3;

/** A same-site resource a page names: JSON data, or a script that may hold data. */
export interface DataRef {
  url: string;
  kind: "json" | "script";
}

/** A resource as fetched: its body text and content type; null when it could not be read. */
export type FetchData = (url: string) => Promise<{ body: string; type: string } | null>;

/** What a crawl has read of app data so far: the URLs tried and how many were fetched. */
export interface AppDataState {
  seen: Set<string>;
  fetched: number;
}

/** The page's app data found in its resources. */
export interface AppData {
  strings: AppString[];
  profiles: AppProfileLink[];
}

const TAG_RE = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>|<link\b([^>]*)>/gi;
const ATTR_RE = /([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
const SCRIPT_TYPES = /^(?:|module|text\/javascript|application\/javascript|text\/ecmascript)$/;
const URL_LITERAL_RE = /(["'`])((?:https?:\/\/|\/|\.{1,2}\/)[^"'`\s<>\\]{1,300})\1/g;
const FETCH_CALL_RE = /(?:\bfetch|\.get|\baxios|\bajax)\s*\(\s*$/;

function attributes(raw: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of raw.matchAll(ATTR_RE)) {
    out.set(m[1].toLowerCase(), (m[2] ?? m[3] ?? m[4] ?? "").replace(/&amp;/g, "&").trim());
  }
  return out;
}

/** A same-site http(s) URL without its fragment, or null. */
function sameSite(raw: string, base: URL, site: URL): string | null {
  try {
    const url = new URL(raw, base);
    if (!/^https?:$/.test(url.protocol) || !isSameSite(url, site)) return null;
    url.hash = "";
    return url.href;
  } catch {
    return null;
  }
}

/**
 * JSON URLs in script code: string literals that are a path or same-site URL ending in `.json`,
 * or passed straight to `fetch(` (`.get(`, `axios(`); template strings with `${` are skipped.
 */
export function dataUrlsIn(code: string, base: URL, site: URL): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(URL_LITERAL_RE)) {
    if (out.length >= MAX_URLS_PER_SOURCE) break;
    const raw = m[2];
    if (raw.includes("${")) continue;
    const before = code.slice(Math.max(0, m.index! - 16), m.index!);
    const json = /\.json$/i.test(raw.split(/[?#]/)[0]);
    if (!json && !FETCH_CALL_RE.test(before)) continue;
    const url = sameSite(raw, base, site);
    if (url && !out.includes(url)) out.push(url);
  }
  return out;
}

/**
 * The data resources a page's HTML names, JSON first: `<link rel=preload|prefetch as=fetch>`, JSON
 * URLs in inline scripts, then same-site script files.
 */
export function dataRefs(html: string, page: URL, site: URL): DataRef[] {
  const json: string[] = [];
  const scripts: string[] = [];
  for (const m of html.matchAll(TAG_RE)) {
    const attrs = attributes(m[1] ?? m[3]);
    const add = (list: string[], raw: string | undefined) => {
      const url = raw ? sameSite(raw, page, site) : null;
      if (url && !list.includes(url)) list.push(url);
    };
    if (m[3] !== undefined) {
      const rel = (attrs.get("rel") ?? "").toLowerCase().split(/\s+/);
      const fetched = (attrs.get("as") ?? "").toLowerCase() === "fetch";
      if (fetched && (rel.includes("preload") || rel.includes("prefetch"))) {
        add(json, attrs.get("href"));
      }
      continue;
    }
    const type = (attrs.get("type") ?? "").split(";")[0].trim().toLowerCase();
    if (!SCRIPT_TYPES.test(type)) continue;
    if (attrs.has("src")) add(scripts, attrs.get("src"));
    else for (const url of dataUrlsIn(m[2], page, site)) add(json, url);
  }
  return [
    ...json.map((url): DataRef => ({ url, kind: "json" })),
    ...scripts.map((url): DataRef => ({ url, kind: "script" })),
  ];
}

/** A resource's name in locators: its path and query (`/content.json`), `:` written `%3A`. */
export function resourceName(url: string): string {
  const u = new URL(url);
  return (u.pathname + u.search).replace(/:/g, "%3A");
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/**
 * What one fetched resource holds: its strings and profile links, and the JSON URLs a script
 * names. An HTML answer (an app's catch-all route) holds nothing.
 */
export function readResource(
  ref: DataRef,
  got: { body: string; type: string },
  site: URL,
): AppData & { refs: DataRef[] } {
  const out: AppData & { refs: DataRef[] } = { strings: [], profiles: [], refs: [] };
  const body = got.body.replace(/^\uFEFF/, "");
  if (/html/i.test(got.type) || /^\s*</.test(body)) return out;
  const name = resourceName(ref.url);
  const add = (value: unknown, prefix: string) => {
    out.strings.push(...appStrings(value, prefix));
    out.profiles.push(...appProfileLinks(value, prefix), ...companySocials(value, prefix));
  };
  if (ref.kind === "json") {
    const value = parseJson(body);
    if (value && typeof value === "object") add(value, name);
    return out;
  }
  const names = new Set<string>();
  for (const literal of assignedLiterals(body)) {
    // The first literal under a name is the one its locator names.
    if (names.has(literal.name)) continue;
    names.add(literal.name);
    const prefix = `${name}#${literal.name}`;
    const strings = appStrings(literal.value, prefix);
    const prose = strings.some((s) => s.text.split(/\s+/).length >= 3);
    if (strings.length >= MIN_LITERAL_STRINGS && prose) add(literal.value, prefix);
  }
  const base = new URL(ref.url);
  out.refs = dataUrlsIn(body, base, site).map((url) => ({ url, kind: "json" }));
  return out;
}

/**
 * Reads the page's data resources in order (JSON URLs a script names are read before the
 * remaining scripts), at most `budget` fetches and MAX_DATA_RESOURCES over the crawl; a URL is
 * tried once per crawl.
 */
export async function readAppData(
  refs: DataRef[],
  site: URL,
  state: AppDataState,
  budget: number,
  fetchData: FetchData,
): Promise<AppData> {
  const out: AppData = { strings: [], profiles: [] };
  const queue = [...refs];
  let used = 0;
  while (queue.length > 0 && state.fetched < MAX_DATA_RESOURCES && used < budget) {
    const ref = queue.shift()!;
    if (state.seen.has(ref.url)) continue;
    state.seen.add(ref.url);
    state.fetched++;
    used++;
    const got = await fetchData(ref.url);
    if (!got) continue;
    const read = readResource(ref, got, site);
    out.strings.push(...read.strings);
    out.profiles.push(...read.profiles);
    queue.unshift(...read.refs);
  }
  return out;
}

/** Adds the app data to the page's facts: its strings after the inline ones, links once each. */
export function addAppData(facts: PageFacts, data: AppData): void {
  if (data.strings.length > 0) {
    facts.app_json = [...(facts.app_json ?? []), ...data.strings].slice(0, MAX_APP_STRINGS);
  }
  const links = [...(facts.profile_links ?? [])];
  for (const p of data.profiles) if (!links.some((l) => l.url === p.url)) links.push(p);
  if (links.length > 0) facts.profile_links = links;
}

/** A key under which an app's data lists the company's social profiles. */
const SOCIAL_KEY_RE =
  /^(?:socials?|social_?(?:links?|media|profiles|accounts|networks)|follow_?us)$/i;
/** Keys of lists of people or of other parties: a profile inside them is never the company's. */
const PARTY_KEY_RE =
  /^(?:team|teams|founders?|people|persons?|members?|staff|authors?|speakers?|employees|leadership|hosts?|testimonials?|reviews?|quotes|customers?|clients?|partners?|investors?|sponsors?|users?)$/i;

/**
 * Whether an app value's locator (`<source>:<json path>`) places it among the company's social
 * profiles: under a social key (`social`, `socials`, `socialLinks`, ...) that is not inside a list
 * (a team member's card, a section of a page) and not under a key of people or other parties.
 */
export function isCompanySocialAt(locator: string): boolean {
  const path = locator.slice(locator.indexOf(":") + 1).split(".");
  const at = path.findIndex((k) => SOCIAL_KEY_RE.test(k.replace(/[-\s]/g, "_")));
  if (at < 0 || path.some((k) => PARTY_KEY_RE.test(k))) return false;
  return !path.slice(0, at).some((k) => /^\d+$/.test(k));
}

/**
 * The company's social profile links in app data (see `isCompanySocialAt`): organisation pages
 * only (never a LinkedIn /in/ page, a post or a repository's releases), without context.
 */
export function companySocials(value: unknown, prefix: string): AppProfileLink[] {
  const out: AppProfileLink[] = [];
  const walk = (v: unknown, path: string[], depth: number) => {
    if (depth > 8 || out.length >= 20) return;
    if (typeof v === "string") {
      const locator = `${prefix}:${path.join(".")}`;
      const link = companyProfile(v);
      if (link && isCompanySocialAt(locator) && !out.some((o) => o.url === link.url)) {
        out.push({ ...link, context: "", locator });
      }
    } else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) walk(x, [...path, k], depth + 1);
    }
  };
  walk(value, [], 0);
  return out;
}

function companyProfile(raw: string): { url: string; platform: string } | null {
  if (!/^https?:\/\/\S+$/i.test(raw.trim())) return null;
  try {
    const url = new URL(raw.trim());
    const platform = socialPlatform(url);
    return platform && isCompanyProfile(url, platform) ? { url: raw.trim(), platform } : null;
  } catch {
    return null;
  }
}
