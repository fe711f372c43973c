/** The crawler against the fixture sites in bench/sites, served on 127.0.0.1. */
import assert from "node:assert/strict";
import { serveSites, type SiteServer } from "../bench/sites/serve.ts";
import { testConfig } from "../services/platform/config.ts";
import {
  type CrawlClock,
  type CrawlOptions,
  type CrawlProgress,
  crawlSite,
  normalizeStartUrl,
} from "../services/drafting/crawler.ts";
import type { Deps } from "../services/platform/deps.ts";
import { SearchIndex } from "../services/directory/search/index.ts";

async function withCrawl(
  run: (deps: Deps, sites: SiteServer) => Promise<void>,
  options: { allowPrivateFetch?: boolean } = {},
) {
  const kv = await Deno.openKv(":memory:");
  const sites = await serveSites();
  const deps: Deps = {
    kv,
    config: testConfig({ allowPrivateFetch: options.allowPrivateFetch ?? true }),
    search: new SearchIndex(),
    now: () => new Date(),
  };
  try {
    await run(deps, sites);
  } finally {
    await sites.close();
    kv.close();
  }
}

/**
 * Crawls on a clock that never waits: a crawl-delay wait only moves it forward, so `elapsed` is
 * the time the crawl spent waiting.
 */
async function crawlOnFakeClock(deps: Deps, url: string, options: CrawlOptions = {}) {
  let now = 0;
  const clock: CrawlClock = {
    now: () => now,
    sleep: (ms) => {
      now += ms;
      return Promise.resolve();
    },
  };
  const result = await crawlSite(deps, url, { ...options, clock });
  return { result, elapsed: now };
}

function pathsOf(sites: SiteServer, site: string): string[] {
  return sites.requests.filter((r) => r.site === site).map((r) => r.path);
}

function relative(url: string, origin: string): string {
  return url.startsWith(origin) ? url.slice(origin.length) : url;
}

Deno.test("a six-page site is read fully, fast, with text, facts and progress", async () => {
  await withCrawl(async (deps, sites) => {
    const origin = sites.origin("sixpage");
    const progress: CrawlProgress[] = [];
    const { result, elapsed } = await crawlOnFakeClock(deps, `${origin}/`, {
      onProgress: (p) => void progress.push(p),
    });
    assert.ok(elapsed < 2000, `took ${elapsed} ms`);
    assert.equal(result.error, null);
    assert.equal(result.start_url, `${origin}/`);
    assert.deepEqual(
      result.pages.map((p) => [p.kind, relative(p.url, origin)]).sort(),
      [
        ["about", "/about"],
        ["contact", "/contact"],
        ["faq", "/faq"],
        ["features", "/features"],
        ["home", "/"],
        ["pricing", "/pricing"],
      ],
    );
    for (const page of result.pages) {
      assert.equal(page.status, 200);
      assert.ok(!Number.isNaN(Date.parse(page.fetched_at)));
      assert.ok(page.title.endsWith("Tallyforge") || page.title.startsWith("Tallyforge"));
      assert.ok(page.text.length > 100);
    }
    const about = result.pages.find((p) => p.kind === "about")!;
    assert.match(about.text, /Tallyforge was founded in 2021 in Utrecht/);
    const pricing = result.pages.find((p) => p.kind === "pricing")!;
    assert.deepEqual(pricing.facts.pricing.map((p) => `${p.plan}: ${p.price}`), [
      "Free: €0",
      "Pro: €12 / month",
      "Studio: €29 / month",
    ]);
    const home = result.pages[0];
    assert.equal(home.kind, "home");
    assert.equal(home.facts.logo_url, `${origin}/logo.svg`);
    assert.equal(result.pages.find((p) => p.kind === "faq")!.facts.faqs.length, 3);
    assert.deepEqual(result.disallowed, []);
    assert.equal(result.crawl_delay_s, 0);
    assert.ok(result.started_at <= result.finished_at);
    // Sign-in pages are not read; a guessed /team is a 404 listed in failed.
    const paths = pathsOf(sites, "sixpage");
    assert.ok(!paths.includes("/login") && !paths.includes("/signup"), paths.join(" "));
    assert.deepEqual(result.failed.map((f) => [relative(f.url, origin), f.reason]), [
      ["/team", "HTTP 404"],
    ]);
    assert.equal(paths.filter((p) => p === "/robots.txt").length, 1);
    assert.deepEqual(progress.map((p) => p.pages_read), [1, 2, 3, 4, 5, 6]);
    assert.equal(progress[0].url, `${origin}/`);
  });
});

Deno.test("robots.txt: disallowed pages are never requested, and listed", async () => {
  await withCrawl(async (deps, sites) => {
    const origin = sites.origin("robotstrap");
    const result = await crawlSite(deps, origin);
    assert.equal(result.error, null);
    const paths = pathsOf(sites, "robotstrap");
    assert.equal(paths[0], "/robots.txt");
    assert.ok(
      !paths.some((p) => p.startsWith("/team") || p.startsWith("/internal")),
      paths.join(" "),
    );
    assert.deepEqual(result.disallowed.map((u) => relative(u, origin)).sort(), [
      "/internal/roadmap",
      "/team",
    ]);
    const everything = JSON.stringify(result.pages);
    for (const secret of ["Rafael Nguyen", "Ines Duarte", "$400M", "BLUE HERON"]) {
      assert.ok(!everything.includes(secret), secret);
    }
    assert.deepEqual(result.pages.map((p) => relative(p.url, origin)).sort(), [
      "/",
      "/about",
      "/pricing",
    ]);
  });
});

Deno.test("crawl-delay is honoured between requests", async () => {
  await withCrawl(async (deps, sites) => {
    const { result, elapsed } = await crawlOnFakeClock(deps, sites.origin("crawldelay"), {
      maxPages: 2,
    });
    assert.equal(result.error, null);
    assert.equal(result.crawl_delay_s, 1);
    assert.equal(result.pages.length, 2);
    assert.ok(elapsed >= 1000 * (result.pages.length - 1), `took only ${elapsed} ms`);
    // No sitemap guess and no well-known guesses beyond about and pricing when each costs a second.
    assert.deepEqual(pathsOf(sites, "crawldelay"), ["/robots.txt", "/", "/pricing"]);
  });
});

Deno.test("bounds: pages, bytes per page, total bytes, time", async (t) => {
  await withCrawl(async (deps, sites) => {
    const origin = sites.origin("sixpage");
    await t.step("maxPages", async () => {
      const result = await crawlSite(deps, origin, { maxPages: 3 });
      assert.equal(result.pages.length, 3);
      assert.deepEqual(result.pages.map((p) => p.kind), ["home", "pricing", "about"]);
    });
    await t.step("maxBytesPerPage: the homepage is too large", async () => {
      const result = await crawlSite(deps, origin, { maxBytesPerPage: 500 });
      assert.equal(result.pages.length, 0);
      assert.match(result.error ?? "", /^Could not read ".*": the body is larger than 500 bytes$/);
    });
    await t.step("maxBytesPerPage: a large page is skipped, the rest is read", async () => {
      const html = (body: string) =>
        new Response(`<!doctype html><html><body>${body}</body></html>`, {
          headers: { "content-type": "text/html" },
        });
      const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
        switch (new URL(req.url).pathname) {
          case "/":
            return html(`<a href="/about">About</a> <a href="/pricing">Pricing</a>`);
          case "/about":
            return html(`<p>${"We build things. ".repeat(300)}</p>`);
          case "/pricing":
            return html("<p>Free.</p>");
        }
        return new Response("", { status: 404 });
      });
      try {
        const local = `http://127.0.0.1:${server.addr.port}`;
        const result = await crawlSite(deps, local, { maxBytesPerPage: 2000 });
        assert.equal(result.error, null);
        assert.deepEqual(result.pages.map((p) => relative(p.url, local)), ["/", "/pricing"]);
        assert.ok(
          result.failed.some((f) =>
            f.url === `${local}/about` && f.reason === "the body is larger than 2000 bytes"
          ),
        );
      } finally {
        await server.shutdown();
      }
    });
    await t.step("maxTotalBytes", async () => {
      const home = (await (await fetch(`${origin}/`)).arrayBuffer()).byteLength;
      const result = await crawlSite(deps, origin, { maxTotalBytes: home + 200 });
      assert.equal(result.error, null);
      assert.equal(result.pages.length, 1);
      assert.ok(result.failed.length <= 5, JSON.stringify(result.failed));
      assert.ok(result.failed.some((f) => /left of the crawl's \d+ bytes/.test(f.reason)));
    });
    await t.step("timeBudgetMs stops the crawl (here: waiting out a crawl-delay)", async () => {
      const { result, elapsed } = await crawlOnFakeClock(deps, sites.origin("crawldelay"), {
        timeBudgetMs: 600,
      });
      assert.equal(result.error, null);
      assert.equal(result.pages.length, 1);
      assert.ok(elapsed < 600, `took ${elapsed} ms`);
    });
  });
});

Deno.test("homepage failures set error and never throw", async (t) => {
  await withCrawl(async (deps) => {
    await t.step("connection refused", async () => {
      const server = Deno.serve(
        { hostname: "127.0.0.1", port: 0, onListen() {} },
        () => new Response("x"),
      );
      const origin = `http://127.0.0.1:${server.addr.port}`;
      await server.shutdown();
      const result = await crawlSite(deps, `${origin}/`);
      assert.deepEqual(result.pages, []);
      assert.ok(result.error?.startsWith(`Could not read "${origin}/": `), result.error ?? "");
      assert.match(result.error ?? "", /refused|connect/i);
      assert.doesNotMatch(result.error ?? "", /robots/);
      assert.deepEqual(result.disallowed, []);
    });
    await t.step("a 500 homepage, and a robots.txt that fails", async () => {
      const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
        const path = new URL(req.url).pathname;
        if (path === "/robots.txt") return new Response("", { status: 404 });
        if (path === "/down/robots.txt") return new Response("", { status: 404 });
        return new Response("oops", { status: 500 });
      });
      const origin = `http://127.0.0.1:${server.addr.port}`;
      try {
        const result = await crawlSite(deps, `${origin}/`);
        assert.equal(result.error, `Could not read "${origin}/": HTTP 500`);
      } finally {
        await server.shutdown();
      }
      const failing = Deno.serve(
        { hostname: "127.0.0.1", port: 0, onListen() {} },
        (req) =>
          new URL(req.url).pathname === "/robots.txt"
            ? new Response("", { status: 503 })
            : new Response("<html><body>hi</body></html>", {
              headers: { "content-type": "text/html" },
            }),
      );
      const failingOrigin = `http://127.0.0.1:${failing.addr.port}`;
      try {
        const result = await crawlSite(deps, failingOrigin);
        assert.equal(
          result.error,
          `Could not read "${failingOrigin}/": robots.txt returned 503, so nothing is fetched`,
        );
        assert.deepEqual(result.disallowed, [`${failingOrigin}/`]);
      } finally {
        await failing.shutdown();
      }
    });
    await t.step("a homepage that is not HTML", async () => {
      const server = Deno.serve(
        { hostname: "127.0.0.1", port: 0, onListen() {} },
        () => new Response("%PDF-1.4", { headers: { "content-type": "application/pdf" } }),
      );
      const origin = `http://127.0.0.1:${server.addr.port}`;
      try {
        const result = await crawlSite(deps, origin);
        assert.equal(
          result.error,
          `Could not read "${origin}/": not an HTML page (application/pdf)`,
        );
      } finally {
        await server.shutdown();
      }
    });
    await t.step("a start URL that is not usable", async () => {
      const result = await crawlSite(deps, "ftp://acme.example/");
      assert.equal(
        result.error,
        `Could not read "ftp://acme.example/": only http and https sites are read, not "ftp:"`,
      );
      assert.equal((await crawlSite(deps, "  ")).error, `Could not read "  ": no URL was given`);
    });
  });
});

Deno.test("404s and non-HTML pages are listed in failed, never evidence", async () => {
  await withCrawl(async (deps, sites) => {
    const origin = sites.origin("missingpage");
    const result = await crawlSite(deps, origin);
    assert.equal(result.error, null);
    assert.deepEqual(result.pages.map((p) => relative(p.url, origin)), ["/", "/features"]);
    const failed = Object.fromEntries(
      result.failed.map((f) => [relative(f.url, origin), f.reason]),
    );
    assert.equal(failed["/brochure"], "not an HTML page (application/pdf)");
    assert.equal(failed["/changelog"], "HTTP 404");
    assert.equal(failed["/careers"], "HTTP 404");
    assert.ok(!JSON.stringify(result.pages).includes("costs nothing"));
  });
});

Deno.test("redirects: the homepage's final URL is the site; redirects off the site are refused", async () => {
  await withCrawl(async (deps, sites) => {
    const origin = sites.origin("redirect");
    const result = await crawlSite(deps, origin);
    assert.equal(result.error, null);
    assert.deepEqual(result.pages.map((p) => [p.kind, relative(p.url, origin)]), [
      ["home", "/en/"],
      ["pricing", "/en/pricing"],
      ["about", "/en/about"],
    ]);
    const status = result.failed.find((f) => relative(f.url, origin) === "/status");
    assert.match(status?.reason ?? "", /is not on the site 127\.0\.0\.1:\d+/);
    // The other site was never contacted, not even for its robots.txt.
    assert.deepEqual(pathsOf(sites, "sixpage"), []);
  });
});

Deno.test("a homepage redirecting to another origin makes that origin the site", async () => {
  await withCrawl(async (deps, sites) => {
    const target = sites.origin("sixpage");
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen() {} },
      (req) =>
        new URL(req.url).pathname === "/robots.txt"
          ? new Response("", { status: 404 })
          : new Response(null, { status: 301, headers: { location: `${target}/` } }),
    );
    try {
      const result = await crawlSite(deps, `http://127.0.0.1:${server.addr.port}/`, {
        maxPages: 3,
      });
      assert.equal(result.error, null);
      assert.deepEqual(result.pages.map((p) => p.url), [
        `${target}/`,
        `${target}/pricing`,
        `${target}/about`,
      ]);
      assert.equal(pathsOf(sites, "sixpage")[0], "/robots.txt");
    } finally {
      await server.shutdown();
    }
  });
});

Deno.test("the same page under two URLs is read once", async () => {
  await withCrawl(async (deps, sites) => {
    const origin = sites.origin("plainhtml");
    const result = await crawlSite(deps, origin);
    assert.deepEqual(result.pages.map((p) => relative(p.url, origin)), [
      "/",
      "/pricing.html",
      "/about.html",
    ]);
  });
});

Deno.test("without allowPrivateFetch a loopback site is refused, unrequested", async () => {
  await withCrawl(async (deps, sites) => {
    const origin = sites.origin("sixpage");
    const result = await crawlSite(deps, origin);
    assert.match(
      result.error ?? "",
      /^Could not read "http:\/\/127\.0\.0\.1:\d+\/": 127\.0\.0\.1 is a loopback address$/,
    );
    assert.deepEqual(result.pages, []);
    assert.deepEqual(sites.requests, []);
  }, { allowPrivateFetch: false });
});

Deno.test("start URLs get a scheme and lose their fragment", () => {
  assert.equal(String(normalizeStartUrl("acme.example")), "https://acme.example/");
  assert.equal(String(normalizeStartUrl(" http://acme.example/x#y ")), "http://acme.example/x");
  assert.equal(normalizeStartUrl("https://"), "it is not a valid URL");
});
