/**
 * The crawler as servers see it: origin-form requests that path-routing servers answer, redirects
 * between www and the apex of one site, slow servers within the page timeout and hung ones listed
 * in `failed`. The sites are raw servers on 127.0.0.1 reached by name through a fake resolver.
 */
import assert from "node:assert/strict";
import { crawlSite } from "../services/drafting/crawler.ts";
import type { Deps } from "../services/platform/deps.ts";
import { withDeps } from "./fetch_fixture.ts";
import {
  fakeResolver,
  type RawHandler,
  type RawServer,
  respond,
  send,
  startRawServer,
} from "./raw_http_fixture.ts";

const PAGES: Record<string, string> = {
  "/": `<h1>Acme Widgets</h1><p>Acme makes widgets for small teams.</p>
    <a href="/about">About us</a> <a href="/pricing">Pricing</a>
    <a href="http://www.site.test:PORT/features">Features</a>`,
  "/about": "<h1>About Acme</h1><p>Acme was founded in Lisbon to build widgets.</p>",
  "/pricing": "<h1>Pricing</h1><p>The Starter plan costs $19 per month.</p>",
  "/features": "<h1>Features</h1><p>Widgets sync across every device you own.</p>",
};

/**
 * A site that routes on the request target like Python's http.server (an absolute-form target is
 * a 404) and on the Host header: the other host of www/apex redirects to `canonical`.
 */
function startSite(
  canonical: "site.test" | "www.site.test",
  special: Record<string, RawHandler> = {},
): RawServer {
  const server: RawServer = startRawServer(async (req, conn, untilClientCloses) => {
    const host = req.host.replace(/:\d+$/, "");
    if (host !== canonical && req.target.startsWith("/")) {
      const location = `http://${canonical}:${server.port}${req.target}`;
      return respond(conn, 301, { location });
    }
    const handler = special[req.target];
    if (handler) return handler(req, conn, untilClientCloses);
    const page = PAGES[req.target];
    if (!page) return respond(conn, 404, { "content-type": "text/plain" }, "File not found");
    const html = `<!doctype html><html><head><title>Acme</title></head><body>${
      page.replace("PORT", String(server.port))
    }</body></html>`;
    await respond(conn, 200, { "content-type": "text/html; charset=utf-8" }, html);
  });
  return server;
}

async function withSite(
  canonical: "site.test" | "www.site.test",
  run: (deps: Deps, server: RawServer) => Promise<void>,
  special: Record<string, RawHandler> = {},
) {
  const server = startSite(canonical, special);
  const { resolveDns } = fakeResolver({
    "site.test": ["127.0.0.1"],
    "www.site.test": ["127.0.0.1"],
  });
  try {
    await withDeps(true, (deps) => run({ ...deps, resolveDns }, server));
  } finally {
    await server.close();
  }
}

function pathsRead(urls: string[], origin: string): string[] {
  return urls.map((u) => u.startsWith(origin) ? u.slice(origin.length) : u).sort();
}

Deno.test("a site that routes on the path is read: every request is in origin form", async () => {
  await withSite("site.test", async (deps, server) => {
    const origin = `http://site.test:${server.port}`;
    const result = await crawlSite(deps, `${origin}/`);
    assert.equal(result.error, null);
    assert.deepEqual(
      pathsRead(result.pages.map((p) => p.url), origin),
      ["/", "/about", "/features", "/pricing"],
    );
    assert.match(result.pages.find((p) => p.kind === "about")?.text ?? "", /founded in Lisbon/);
    for (const req of server.requests) {
      assert.match(req.line, /^GET \/\S* HTTP\/1\.1$/, req.line);
      if (req.target !== "/robots.txt" && req.target !== "/sitemap.xml") {
        assert.match(req.headers.get("accept") ?? "", /^text\/html/);
      }
    }
  });
});

Deno.test("www and apex are one site: redirects between them are followed", async (t) => {
  for (
    const [canonical, start] of [
      ["site.test", "www.site.test"],
      ["www.site.test", "site.test"],
    ] as const
  ) {
    await t.step(`${start} → ${canonical}`, async () => {
      await withSite(canonical, async (deps, server) => {
        const result = await crawlSite(deps, `http://${start}:${server.port}/`);
        assert.equal(result.error, null);
        const origin = `http://${canonical}:${server.port}`;
        // Every page, the www link to /features included, is read under the final host.
        assert.deepEqual(
          pathsRead(result.pages.map((p) => p.url), origin),
          ["/", "/about", "/features", "/pricing"],
        );
        // Only the guessed well-known paths the site lacks fail, and on the final host.
        for (const failed of result.failed) {
          assert.equal(failed.reason, "HTTP 404");
          assert.ok(failed.url.startsWith(`${origin}/`), failed.url);
        }
        const redirected = server.requests.filter((r) => !r.host.startsWith(`${canonical}:`));
        assert.ok(redirected.some((r) => r.target === "/"), "the start URL was redirected");
      });
    });
  }
});

Deno.test("a slow server within the page timeout is read; a hung page fails with the reason", async () => {
  const special: Record<string, RawHandler> = {
    // The head trickles in a byte group at a time, then the body comes late.
    "/about": async (_req, conn) => {
      const body = "<!doctype html><html><body><p>Acme was founded in Porto.</p></body></html>";
      const head =
        `HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: ${body.length}\r\n\r\n`;
      for (let i = 0; i < head.length; i += 8) {
        await send(conn, head.slice(i, i + 8));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      await send(conn, body);
    },
    // Never answers: the crawl's page timeout ends it.
    "/pricing": (_req, _conn, untilClientCloses) => untilClientCloses(),
  };
  await withSite("site.test", async (deps, server) => {
    const origin = `http://site.test:${server.port}`;
    const result = await crawlSite(deps, `${origin}/`, { pageTimeoutMs: 1500 });
    assert.equal(result.error, null);
    assert.deepEqual(pathsRead(result.pages.map((p) => p.url), origin), [
      "/",
      "/about",
      "/features",
    ]);
    assert.match(result.pages.find((p) => p.kind === "about")?.text ?? "", /founded in Porto/);
    assert.deepEqual(
      result.failed.filter((f) => f.reason !== "HTTP 404"),
      [{ url: `${origin}/pricing`, reason: "timed out after 1500 ms" }],
    );
    await server.closedByClient("/pricing");
  }, special);
});
