/**
 * The crawler against a slow server, on a virtual clock: every response takes `slowMs` of the
 * crawl's clock after its request arrived (requests in flight together share that time), so no
 * test waits for real time.
 */
import assert from "node:assert/strict";
import { type CrawlClock, crawlSite } from "../services/drafting/crawler.ts";
import type { CrawlResult } from "../services/drafting/evidence.ts";
import { withDeps } from "./fetch_fixture.ts";

const html = (body: string) =>
  new Response(`<!doctype html><html><head><title>Acme</title></head><body>${body}</body></html>`, {
    headers: { "content-type": "text/html; charset=utf-8" },
  });

const PROSE = "Acme keeps the books of small bakeries in order, every day of the week. ".repeat(5);

interface SlowSite {
  origin: string;
  clock: CrawlClock;
  /** Each request's path with the number of responses sent before it arrived. */
  arrivals: { path: string; answered: number }[];
  close(): Promise<void>;
}

/**
 * A site whose every response takes `slowMs` on the clock it returns. The requests named in
 * `together` are answered only once all of them have arrived (a crawler that makes them one after
 * the other times out on them).
 */
function serveSlowSite(
  slowMs: number,
  pages: Record<string, string>,
  together: string[] = [],
): SlowSite {
  let now = 0;
  let answered = 0;
  const arrivals: SlowSite["arrivals"] = [];
  const waiting = new Set<string>(together);
  const held: (() => void)[] = [];
  const release = () => held.splice(0).forEach((go) => go());
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const path = new URL(req.url).pathname;
    const arrivedAt = now;
    arrivals.push({ path, answered });
    if (waiting.delete(path)) {
      if (waiting.size > 0) await new Promise<void>((go) => held.push(go));
      else release();
    }
    now = Math.max(now, arrivedAt + slowMs);
    answered++;
    const page = pages[path];
    if (page === undefined) return new Response("not found", { status: 404 });
    if (path.endsWith(".xml")) {
      return new Response(page, { headers: { "content-type": "application/xml" } });
    }
    return path === "/robots.txt" ? new Response(page) : html(page);
  });
  return {
    origin: `http://127.0.0.1:${server.addr.port}`,
    clock: {
      now: () => now,
      sleep: (ms) => {
        now += ms;
        return Promise.resolve();
      },
    },
    arrivals,
    close: () => {
      release();
      return server.shutdown();
    },
  };
}

async function crawlSlow(site: SlowSite): Promise<CrawlResult> {
  let result: CrawlResult | null = null;
  await withDeps(true, async (deps) => {
    result = await crawlSite(deps, `${site.origin}/`, { clock: site.clock, pageTimeoutMs: 2_000 });
  });
  return result!;
}

const sitemap = (origin: string, paths: string[]) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${
    paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join("")
  }</urlset>`;

Deno.test("a slow server: the sitemap is read alongside the first wave, its pages in the next", async () => {
  const pages: Record<string, string> = {
    "/robots.txt": "User-agent: *\nAllow: /\n",
    "/": `<p>${PROSE}</p><a href="/about">About</a> <a href="/pricing">Pricing</a>` +
      ` <a href="/features">Features</a> <a href="/contact">Contact</a>`,
    "/about": `<h1>About</h1><p>${PROSE}</p>`,
    "/pricing": `<h1>Pricing</h1><p>Starter is $19 per month. ${PROSE}</p>`,
    "/features": `<h1>Features</h1><p>${PROSE}</p>`,
    "/contact": `<h1>Contact</h1><p>hello@acme.example ${PROSE}</p>`,
    "/team": `<h1>Meet the team</h1><p>${PROSE}</p>`,
  };
  const site = serveSlowSite(8_000, pages, [
    "/sitemap.xml",
    "/about",
    "/pricing",
    "/features",
    "/contact",
  ]);
  pages["/sitemap.xml"] = sitemap(site.origin, ["/", "/about", "/team"]);
  try {
    const result = await crawlSlow(site);
    assert.equal(result.error, null);
    assert.deepEqual(result.failed, []);
    const read = result.pages.map((p) => new URL(p.url).pathname);
    assert.deepEqual(read.slice(0, 5).sort(), ["/", "/about", "/contact", "/features", "/pricing"]);
    // The page only the sitemap names is read in the second wave.
    assert.deepEqual(read.slice(5), ["/team"]);
    const at = (path: string) => site.arrivals.find((a) => a.path === path)?.answered;
    assert.equal(at("/sitemap.xml"), 2, "the sitemap is asked for right after the homepage");
    assert.equal(at("/about"), 2, "and the first wave with it");
    assert.equal(at("/team"), 7);
    // robots.txt, the homepage, the first wave with the sitemap, the second wave.
    assert.equal(site.clock.now(), 4 * 8_000);
  } finally {
    await site.close();
  }
});

Deno.test("a slow homepage: no guessed path but /about and /pricing", async () => {
  for (const slowMs of [8_000, 100]) {
    const site = serveSlowSite(slowMs, {
      "/robots.txt": "User-agent: *\nAllow: /\n",
      "/": `<p>${PROSE}</p><a href="/tour">Take the tour</a>`,
      "/tour": `<h1>Tour</h1><p>${PROSE}</p>`,
    });
    try {
      const result = await crawlSlow(site);
      assert.equal(result.error, null);
      const asked = site.arrivals.map((a) => a.path);
      assert.ok(asked.includes("/about") && asked.includes("/pricing"), asked.join(" "));
      const others = asked.filter((p) => ["/features", "/faq", "/contact", "/team"].includes(p));
      if (slowMs > 3_000) assert.deepEqual(others, [], `guessed on a slow site: ${others}`);
      else assert.ok(others.length > 0, "a fast site's missing kinds are guessed");
    } finally {
      await site.close();
    }
  }
});
