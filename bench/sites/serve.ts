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
 * Run it by hand with `deno run -A bench/sites/serve.ts` to browse the sites.
 */

/** The folder holding the sites. */
export const SITES_DIR = new URL("./", import.meta.url);

/** The ground truth of a site: what a perfect draft holds; null where the site does not say. */
export interface SiteTruth {
  /** What this site tests. */
  about: string;
  name: string | null;
  tagline: string | null;
  /** The gist of a fair description (not a quote). */
  description: string | null;
  /** One of Free, Freemium, Free trial, Subscription, One-time, Usage-based, Contact sales. */
  pricing_model: string | null;
  pricing_summary: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  city: string | null;
  founded_year: number | null;
  features: string[] | null;
  contact_email: string | null;
  demo_video_url: string | null;
  /** Absolute; `{{origin}}` is replaced by `readTruth`. */
  logo_url: string | null;
  /** Company socials by platform key. */
  socials: Record<string, string> | null;
  founders: { name: string; title: string | null }[] | null;
  faqs: { question: string; answer: string }[] | null;
  /** Strings that must never appear in any drafted value (they sit on disallowed pages). */
  must_not_appear: string[];
  /** Companies quoted as customers: never the product's name, company or founders. */
  customer_names: string[];
  /** Notes for whoever scores against this truth. */
  notes?: string;
}

/** The running sites. */
export interface SiteServer {
  /** The origin of a site, e.g. `http://127.0.0.1:41234`. */
  origin(site: string): string;
  /** Every request received, in order. */
  requests: { site: string; path: string }[];
  close(): Promise<void>;
}

interface SiteFiles {
  files: Map<string, Uint8Array<ArrayBuffer>>;
  redirects: Map<string, { to: string; status: number }>;
  typed: Map<string, { file: string; type: string }>;
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

/** The names of the fixture sites (folders with a truth.json), sorted. */
export function siteNames(): string[] {
  const names: string[] = [];
  for (const entry of Deno.readDirSync(SITES_DIR)) {
    if (!entry.isDirectory) continue;
    try {
      Deno.statSync(new URL(`${entry.name}/truth.json`, SITES_DIR));
      names.push(entry.name);
    } catch {
      // Not a site.
    }
  }
  return names.sort();
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
  const servers: Deno.HttpServer<Deno.NetAddr>[] = [];
  for (const site of names) {
    const files = await loadSite(site);
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
      const url = new URL(req.url);
      requests.push({ site, path: url.pathname + url.search });
      return respond(files, url.pathname, site, origins);
    });
    servers.push(server);
    origins.set(site, `http://127.0.0.1:${server.addr.port}`);
  }
  return {
    origin(site: string): string {
      const origin = origins.get(site);
      if (!origin) throw new Error(`No fixture site "${site}": known are ${names.join(", ")}`);
      return origin;
    },
    requests,
    async close() {
      await Promise.all(servers.map((s) => s.shutdown()));
    },
  };
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
  return { files, redirects, typed };
}

function respond(
  site: SiteFiles,
  pathname: string,
  name: string,
  origins: Map<string, string>,
): Response {
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
  const sites = await serveSites();
  for (const name of siteNames()) console.log(`${name.padEnd(14)} ${sites.origin(name)}/`);
  console.log("Press Ctrl-C to stop.");
}
