/** robots.txt: parsing for our user agent, how answers are read, the per-crawl cache, and the guard. */
import assert from "node:assert/strict";
import {
  botUserAgent,
  FetchRefusedError,
  guardedFetch,
  type GuardedFetchOptions,
  RobotsDisallowedError,
} from "../services/platform/fetcher.ts";
import { BOT_TOKEN, parseRobots, robotsFor, robotsPolicy } from "../services/platform/robots.ts";
import { withDeps } from "./fetch_fixture.ts";

const OPTIONS: GuardedFetchOptions = { maxBytes: 10_000, timeoutMs: 2000, accept: "*/*" };

/** A site whose /robots.txt answers `status` with `body`; every request path is recorded. */
function startSite(robots: { status: number; body?: string }) {
  const requests: { path: string; userAgent: string | null }[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const url = new URL(req.url);
    requests.push({ path: url.pathname, userAgent: req.headers.get("user-agent") });
    switch (url.pathname) {
      case "/robots.txt":
        return robots.status === 301
          ? new Response(null, { status: 301, headers: { location: "/real-robots.txt" } })
          : new Response(robots.body ?? "", { status: robots.status });
      case "/real-robots.txt":
        return new Response(robots.body ?? "");
      case "/to-private":
        return new Response(null, { status: 302, headers: { location: "/private/page" } });
      case "/to-public":
        return new Response(null, { status: 302, headers: { location: "/public" } });
    }
    return new Response(`page ${url.pathname}`);
  });
  return {
    origin: `http://127.0.0.1:${server.addr.port}`,
    requests,
    paths: () => requests.map((r) => r.path),
    close: () => server.shutdown(),
  };
}

const RULES = `# comments are fine
User-agent: *
Disallow: /private
Crawl-delay: 5

User-agent: LaunchDirectoryBot
Disallow: /private
Disallow: /team
Allow: /team/public
Disallow: /*.pdf$
Crawl-delay: 2

Sitemap: /sitemap.xml
Sitemap: https://cdn.acme.example/sitemap-2.xml
`;

Deno.test("parsed rules: our own group, Allow over Disallow, wildcards, delay, sitemaps", async () => {
  const robots = await parseRobots("https://acme.example", RULES);
  assert.equal(robots.mode, "rules");
  assert.equal(robots.isAllowed("https://acme.example/"), true);
  assert.equal(robots.isAllowed("https://acme.example/pricing"), true);
  assert.equal(robots.isAllowed("https://acme.example/private/x"), false);
  assert.equal(robots.isAllowed("https://acme.example/team"), false);
  assert.equal(robots.isAllowed("https://acme.example/team/ceo"), false);
  assert.equal(robots.isAllowed("https://acme.example/team/public"), true);
  assert.equal(robots.isAllowed("https://acme.example/files/deck.pdf"), false);
  assert.equal(robots.isAllowed("https://acme.example/files/deck.pdf?x=1"), true);
  // Our group's delay, not the `*` group's.
  assert.equal(robots.crawlDelaySeconds(), 2);
  assert.deepEqual(robots.sitemaps(), [
    "https://acme.example/sitemap.xml",
    "https://cdn.acme.example/sitemap-2.xml",
  ]);
  // Rules of one origin say nothing about another: not allowed.
  assert.equal(robots.isAllowed("https://other.example/"), false);
  assert.equal(robots.isAllowed("http://acme.example/"), false);
});

Deno.test("the '*' group applies when there is no group for us", async () => {
  const robots = await parseRobots("https://acme.example", "User-agent: *\nDisallow: /admin\n");
  assert.equal(robots.isAllowed("https://acme.example/admin/x"), false);
  assert.equal(robots.isAllowed("https://acme.example/about"), true);
  assert.equal(robots.crawlDelaySeconds(), 0);
  assert.deepEqual(robots.sitemaps(), []);
  const other = await parseRobots("https://acme.example", "User-agent: OtherBot\nDisallow: /\n");
  assert.equal(other.isAllowed("https://acme.example/about"), true);
  const empty = await parseRobots("https://acme.example", "");
  assert.equal(empty.isAllowed("https://acme.example/anything"), true);
  const all = await parseRobots("https://acme.example", `User-agent: ${BOT_TOKEN}\nDisallow: /\n`);
  assert.equal(all.isAllowed("https://acme.example/"), false);
});

Deno.test("how robots.txt answers are read", async (t) => {
  await withDeps(true, async (deps) => {
    const cases: [number, "rules" | "none" | "blocked", boolean][] = [
      [200, "rules", true],
      [404, "none", true],
      [410, "none", true],
      [401, "blocked", false],
      [403, "blocked", false],
      [429, "blocked", false],
      [500, "blocked", false],
      [503, "blocked", false],
    ];
    for (const [status, mode, allowed] of cases) {
      await t.step(`HTTP ${status} → ${mode}`, async () => {
        const site = startSite({ status, body: "User-agent: *\nDisallow: /private\n" });
        try {
          const robots = await robotsFor(deps, site.origin);
          assert.equal(robots.mode, mode);
          assert.equal(robots.isAllowed(`${site.origin}/about`), allowed);
          assert.equal(robots.isAllowed(`${site.origin}/private/x`), mode === "none");
          if (mode !== "rules") assert.match(robots.note ?? "", new RegExp(`returned ${status}`));
          assert.deepEqual(site.paths(), ["/robots.txt"]);
          assert.equal(site.requests[0].userAgent, botUserAgent("https://launch.example"));
        } finally {
          await site.close();
        }
      });
    }
    await t.step("a redirect is followed", async () => {
      const site = startSite({ status: 301, body: "User-agent: *\nDisallow: /moved\n" });
      try {
        const robots = await robotsFor(deps, site.origin);
        assert.equal(robots.mode, "rules");
        assert.equal(robots.isAllowed(`${site.origin}/moved/x`), false);
        assert.deepEqual(site.paths(), ["/robots.txt", "/real-robots.txt"]);
      } finally {
        await site.close();
      }
    });
    await t.step("a network failure blocks the site for this crawl", async () => {
      const site = startSite({ status: 200 });
      const origin = site.origin;
      await site.close();
      const robots = await robotsFor(deps, origin);
      assert.equal(robots.mode, "blocked");
      assert.equal(robots.isAllowed(`${origin}/`), false);
      assert.match(robots.note ?? "", /robots\.txt could not be read/);
      assert.match(robots.unreachable ?? "", /refused|connect/i);
    });
  });
});

Deno.test("robots.txt is fetched once per crawl cache, and again for a new crawl", async () => {
  const site = startSite({ status: 200, body: "User-agent: *\nDisallow: /private\n" });
  try {
    await withDeps(true, async (deps) => {
      const cache = new Map();
      const [a, b] = await Promise.all([
        robotsFor(deps, site.origin, { cache }),
        robotsFor(deps, `${site.origin}/some/page`, { cache }),
      ]);
      assert.equal(a, b);
      await robotsFor(deps, site.origin, { cache });
      assert.deepEqual(site.paths(), ["/robots.txt"]);
      await robotsFor(deps, site.origin, { cache: new Map() });
      assert.deepEqual(site.paths(), ["/robots.txt", "/robots.txt"]);
    });
  } finally {
    await site.close();
  }
});

Deno.test("guardedFetch with robots: a disallowed URL or redirect hop is never requested", async (t) => {
  const site = startSite({
    status: 200,
    body: "User-agent: LaunchDirectoryBot\nDisallow: /private\n",
  });
  try {
    await withDeps(true, async (deps) => {
      const robots = robotsPolicy(deps, { cache: new Map() });
      await t.step("an allowed page is fetched", async () => {
        const res = await guardedFetch(deps, `${site.origin}/public`, { ...OPTIONS, robots });
        assert.equal(res.text(), "page /public");
      });
      await t.step("a disallowed page is refused before the request", async () => {
        await assert.rejects(
          guardedFetch(deps, `${site.origin}/private/page`, { ...OPTIONS, robots }),
          (err: unknown) => {
            assert.ok(err instanceof RobotsDisallowedError, String(err));
            assert.ok(err instanceof FetchRefusedError);
            assert.equal(err.url, `${site.origin}/private/page`);
            assert.match(err.message, /robots\.txt disallows it for LaunchDirectoryBot/);
            return true;
          },
        );
      });
      await t.step("a redirect into a disallowed path is refused at the hop", async () => {
        await assert.rejects(
          guardedFetch(deps, `${site.origin}/to-private`, { ...OPTIONS, robots }),
          (err: unknown) =>
            err instanceof RobotsDisallowedError &&
            err.url === `${site.origin}/private/page`,
        );
      });
      await t.step("an allowed redirect is followed", async () => {
        const res = await guardedFetch(deps, `${site.origin}/to-public`, { ...OPTIONS, robots });
        assert.equal(res.url, `${site.origin}/public`);
      });
      await t.step("robots.txt was read once and /private was never requested", () => {
        const paths = site.paths();
        assert.equal(paths.filter((p) => p === "/robots.txt").length, 1);
        assert.ok(!paths.some((p) => p.startsWith("/private")), paths.join(" "));
      });
      await t.step("without the robots option nothing changes", async () => {
        const res = await guardedFetch(deps, `${site.origin}/private/page`, OPTIONS);
        assert.equal(res.text(), "page /private/page");
      });
      await t.step("allowHop refuses a hop before it is requested", async () => {
        const before = site.requests.length;
        await assert.rejects(
          guardedFetch(deps, `${site.origin}/to-public`, {
            ...OPTIONS,
            allowHop: (url) => url.pathname === "/public" ? "not this one" : null,
          }),
          /Refused to fetch ".*\/public": not this one/,
        );
        assert.deepEqual(site.paths().slice(before), ["/to-public"]);
      });
    });
  } finally {
    await site.close();
  }
});

Deno.test("a site whose robots.txt fails is not fetched at all", async () => {
  const site = startSite({ status: 503 });
  try {
    await withDeps(true, async (deps) => {
      const robots = robotsPolicy(deps);
      await assert.rejects(
        guardedFetch(deps, `${site.origin}/`, { ...OPTIONS, robots }),
        /robots\.txt returned 503, so nothing is fetched/,
      );
      assert.deepEqual(site.paths(), ["/robots.txt"]);
    });
  } finally {
    await site.close();
  }
});
