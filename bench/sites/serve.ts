/**
 * Serves the fixture product sites in this folder on 127.0.0.1, one server per site (port 0), so
 * that every site has its own origin and robots.txt. Every request is recorded, so tests and the
 * drafting benchmark can prove that no disallowed path was ever requested.
 *
 * A site is a folder with `truth.json` (see SiteTruth). Paths map to files: `/` → `index.html`,
 * `/about` → `about.html` or `about/index.html`, `/robots.txt` → `robots.txt`, and so on. An
 * optional `_routes.json` adds redirects (`{"redirects": {"/": "/en/"}}`, 301 unless written
 * `{"to": "/en/", "status": 302}`) and typed files (`{"files": {"/brochure": {"file":
 * "brochure.pdf", "type": "application/pdf"}}}`). In served text, `{{origin}}` becomes the site's
 * origin and `{{origin:other}}` another site's. `truth.json` and `_routes.json` are never served.
 *
 * Sites live in three sets: the older fixtures at the top level, `dev/<name>` (the development
 * set) and `heldout/<name>` (the held-out set, see heldout/MANIFEST.md). `_routes.json` may also
 * set serving options (see SiteOptions): a www/apex redirect, a slow server, or a server that
 * refuses absolute-form request lines.
 *
 * Run it by hand with `deno run -A bench/sites/serve.ts` to browse the sites.
 */

import { serveRaw } from "./raw_server.ts";

/** The folder holding the sites. */
export const SITES_DIR = new URL("./", import.meta.url);

/** The groups of sites, reported separately by the drafting benchmark. */
export const SITE_SETS = ["fixtures", "dev", "heldout"] as const;
/** One group: the ten older fixtures (top level), the development set, the held-out set. */
export type SiteSet = typeof SITE_SETS[number];

/** A value, or the values any of which is right (e.g. a product name and its company's name). */
export type OneOf<T> = T | T[];

/** A founder as the site states them; `socials` are the founder's own links by platform key. */
export interface TruthFounder {
  name: string;
  title: string | null;
  socials?: Record<string, string>;
}

/** The ground truth of a site: what a perfect draft holds; null where the site does not say. */
export interface SiteTruth {
  /** What this site tests. */
  about: string;
  name: OneOf<string> | null;
  tagline: OneOf<string> | null;
  /** The gist of a fair description (not a quote). */
  description: string | null;
  /** One of Free, Freemium, Free trial, Subscription, One-time, Usage-based, Contact sales. */
  pricing_model: OneOf<string> | null;
  pricing_summary: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  city: OneOf<string> | null;
  founded_year: number | null;
  features: string[] | null;
  contact_email: OneOf<string> | null;
  demo_video_url: string | null;
  /** Absolute; `{{origin}}` is replaced by `readTruth`. */
  logo_url: string | null;
  /** Company socials by platform key. */
  socials: Record<string, string> | null;
  founders: TruthFounder[] | null;
  faqs: { question: string; answer: string }[] | null;
  /** Scored only when present: the stated stage, or null when the site states none. */
  stage?: string | null;
  /** Strings that must never appear in any drafted value (they sit on disallowed pages). */
  must_not_appear: string[];
  /** Companies quoted as customers: never the product's name, company or founders. */
  customer_names: string[];
  /**
   * Other people, companies, products, places and years the site names (advisors, staff,
   * investors, vendors, blog teasers, data-centre cities, copyright years): never the product's
   * name, city, founding year or a founder.
   */
  decoys?: string[];
  /** Values that are right but not required (drafting them is neither a hit nor a miss). */
  also_ok?: string[];
  /** Notes for whoever scores against this truth. */
  notes?: string;
}

/** The running sites. */
export interface SiteServer {
  /** The origin a site's pages end up on, e.g. `http://127.0.0.1:41234`. */
  origin(site: string): string;
  /** Where a crawl of the site starts (differs from the origin for www/apex redirects). */
  entry(site: string): string;
  /** Every request received, in order (`path` is the request target the server saw). */
  requests: { site: string; path: string }[];
  /** What the site serves at a path, without recording a request or waiting (for scoring). */
  peek(site: string, pathname: string): Promise<Response>;
  close(): Promise<void>;
}

/**
 * A site's serving options, from its `_routes.json`: `host` with `www` ("to-apex" or "to-www")
 * serves the site on `<host>` and `www.<host>` (names under .localhost, on 127.0.0.1) and answers
 * every request to the other name with a 301; `slow_ms` holds every response back that long;
 * `server: "origin-form-only"` serves it from a raw TCP server that answers 404 to absolute-form
 * request lines.
 */
interface SiteOptions {
  host?: string;
  www?: "to-apex" | "to-www";
  slow_ms?: number;
  server?: "origin-form-only";
}

interface SiteFiles {
  files: Map<string, Uint8Array<ArrayBuffer>>;
  redirects: Map<string, { to: string; status: number }>;
  typed: Map<string, { file: string; type: string }>;
  options: SiteOptions;
}

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  json: "application/json",
  svg: "image/svg+xml",
  png: "image/png",
  ico: "image/x-icon",
  pdf: "application/pdf",
  css: "text/css; charset=utf-8",
};

function foldersWithTruth(dir: URL, prefix: string): string[] {
  const names: string[] = [];
  for (const entry of Deno.readDirSync(dir)) {
    if (!entry.isDirectory) continue;
    try {
      Deno.statSync(new URL(`${entry.name}/truth.json`, dir));
      names.push(prefix + entry.name);
    } catch {
      // Not a site.
    }
  }
  return names.sort();
}

/** The names of the older fixture sites (top-level folders with a truth.json), sorted. */
export function siteNames(): string[] {
  return foldersWithTruth(SITES_DIR, "");
}

/** The sites of one set, as paths under bench/sites (`dev/brightdesk`, `sixpage`), sorted. */
export function setSites(set: SiteSet): string[] {
  if (set === "fixtures") return siteNames();
  return foldersWithTruth(new URL(`${set}/`, SITES_DIR), `${set}/`);
}

/** The set a site belongs to. */
export function siteSet(site: string): SiteSet {
  const head = site.split("/")[0];
  return head === "dev" || head === "heldout" ? head : "fixtures";
}

/** A site's truth.json with `{{origin}}` replaced by the origin it is served on. */
export async function readTruth(site: string, origin: string): Promise<SiteTruth> {
  const text = await Deno.readTextFile(new URL(`${site}/truth.json`, SITES_DIR));
  return JSON.parse(text.replaceAll("{{origin}}", origin));
}

/** Starts one server per site on 127.0.0.1 (or only the named sites). */
export async function serveSites(options: { sites?: string[] } = {}): Promise<SiteServer> {
  const names = options.sites ?? siteNames();
  const requests: { site: string; path: string }[] = [];
  const origins = new Map<string, string>();
  const entries = new Map<string, string>();
  const loaded = new Map<string, SiteFiles>();
  const closers: (() => Promise<void>)[] = [];
  for (const site of names) {
    const files = await loadSite(site);
    loaded.set(site, files);
    const record = (path: string) => requests.push({ site, path });
    const handle = async (path: string, host: string) => {
      if (files.options.slow_ms) await new Promise((r) => setTimeout(r, files.options.slow_ms));
      return respond(files, path, host, site, origins);
    };
    const port = listen(files.options, handle, record, closers);
    const hosts = siteHosts(files.options);
    origins.set(site, `http://${hosts.canonical}:${port}`);
    entries.set(site, `http://${hosts.entry}:${port}/`);
  }
  const known = (site: string) => {
    if (!origins.has(site)) {
      throw new Error(`No fixture site "${site}": known are ${names.join(", ")}`);
    }
    return site;
  };
  return {
    origin: (site) => origins.get(known(site))!,
    entry: (site) => entries.get(known(site))!,
    requests,
    peek(site, pathname) {
      const host = new URL(origins.get(known(site))!).host;
      return Promise.resolve(respond(loaded.get(site)!, pathname, host, site, origins));
    },
    async close() {
      await Promise.all(closers.map((c) => c()));
    },
  };
}

function siteHosts(options: SiteOptions): { canonical: string; entry: string } {
  if (!options.host) return { canonical: "127.0.0.1", entry: "127.0.0.1" };
  const www = `www.${options.host}`;
  return options.www === "to-www"
    ? { canonical: www, entry: options.host }
    : { canonical: options.host, entry: options.www === "to-apex" ? www : options.host };
}

/** Starts the site's server (Deno.serve, or the raw one) and returns its port. */
function listen(
  options: SiteOptions,
  handle: (path: string, host: string) => Promise<Response>,
  record: (path: string) => void,
  closers: (() => Promise<void>)[],
): number {
  if (options.server === "origin-form-only") {
    // Every request line is recorded as sent, absolute-form ones (refused with 404) included.
    const raw = serveRaw(handle, (r) => record(r.target));
    closers.push(() => raw.close());
    return raw.port;
  }
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const url = new URL(req.url);
    record(url.pathname + url.search);
    return handle(url.pathname + url.search, req.headers.get("host") ?? url.host);
  });
  closers.push(() => server.shutdown());
  return server.addr.port;
}

async function loadSite(site: string): Promise<SiteFiles> {
  const root = new URL(`${site}/`, SITES_DIR);
  const files = new Map<string, Uint8Array<ArrayBuffer>>();
  const walk = async (dir: URL, prefix: string) => {
    for await (const entry of Deno.readDir(dir)) {
      if (entry.isDirectory) {
        await walk(new URL(`${entry.name}/`, dir), `${prefix}${entry.name}/`);
      } else if (entry.isFile) {
        files.set(`${prefix}${entry.name}`, await Deno.readFile(new URL(entry.name, dir)));
      }
    }
  };
  await walk(root, "");
  const routes = files.get("_routes.json");
  files.delete("_routes.json");
  files.delete("truth.json");
  const parsed = routes ? JSON.parse(new TextDecoder().decode(routes)) : {};
  const redirects = new Map<string, { to: string; status: number }>();
  for (const [from, to] of Object.entries(parsed.redirects ?? {})) {
    redirects.set(
      from,
      typeof to === "string" ? { to, status: 301 } : to as { to: string; status: number },
    );
  }
  const typed = new Map(Object.entries(parsed.files ?? {})) as Map<
    string,
    { file: string; type: string }
  >;
  const options: SiteOptions = {
    host: parsed.host,
    www: parsed.www,
    slow_ms: parsed.slow_ms,
    server: parsed.server,
  };
  return { files, redirects, typed, options };
}

function respond(
  site: SiteFiles,
  target: string,
  host: string,
  name: string,
  origins: Map<string, string>,
): Response {
  const pathname = target.split("?")[0];
  const canonical = origins.get(name);
  if (site.options.www && canonical && new URL(canonical).host !== host) {
    return new Response(null, { status: 301, headers: { location: canonical + target } });
  }
  const fill = (text: string) =>
    text.replace(/\{\{origin(?::([\w-]+))?\}\}/g, (_, other) => origins.get(other ?? name) ?? "");
  const redirect = site.redirects.get(pathname);
  if (redirect) {
    return new Response(null, {
      status: redirect.status,
      headers: { location: fill(redirect.to) },
    });
  }
  let path: string | undefined;
  let type: string | undefined;
  const typed = site.typed.get(pathname);
  if (typed) {
    path = typed.file;
    type = typed.type;
  } else {
    const bare = decodeURIComponent(pathname).replace(/^\/+/, "");
    const candidates = bare === "" || bare.endsWith("/")
      ? [`${bare}index.html`]
      : [bare, `${bare}.html`, `${bare}/index.html`];
    path = candidates.find((c) => site.files.has(c) && !c.includes(".."));
  }
  if (!path || !site.files.has(path)) {
    return new Response("<!doctype html><title>Not found</title><h1>Page not found</h1>", {
      status: 404,
      headers: { "content-type": TYPES.html },
    });
  }
  type ??= TYPES[path.split(".").pop() ?? ""] ?? "application/octet-stream";
  const bytes = site.files.get(path)!;
  const textual = /^text\/|xml|json|svg/.test(type);
  const body = textual ? fill(new TextDecoder().decode(bytes)) : bytes;
  return new Response(body, { headers: { "content-type": type } });
}

if (import.meta.main) {
  const all = SITE_SETS.flatMap(setSites);
  const sites = await serveSites({ sites: all });
  for (const name of all) console.log(`${name.padEnd(22)} ${sites.entry(name)}`);
  console.log("Press Ctrl-C to stop.");
}
