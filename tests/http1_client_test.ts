/**
 * The guarded fetcher on the wire (services/platform/http1_client.ts): origin-form requests to the
 * checked address, https pinned to it with the certificate checked for the name, body framings
 * and codings, the size cap over chunked bodies, bad answers, and aborts that close the socket.
 */
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { deflateRawSync, deflateSync } from "node:zlib";
import type { Deps } from "../services/platform/deps.ts";
import {
  FetchFailedError,
  FetchRefusedError,
  guardedFetch,
  type GuardedFetchOptions,
} from "../services/platform/fetcher.ts";
import { withDeps } from "./fetch_fixture.ts";
import {
  fakeResolver,
  type RawServer,
  respond,
  send,
  startRawServer,
  TLS_FIXTURE,
} from "./raw_http_fixture.ts";

const OPTIONS: GuardedFetchOptions = { maxBytes: 10_000, timeoutMs: 3000, accept: "text/html" };

function chunked(...pieces: string[]): string {
  return pieces.map((p) => `${new TextEncoder().encode(p).byteLength.toString(16)}\r\n${p}\r\n`)
    .join("") + "0\r\n\r\n";
}

/** A server that routes on the request target as Python's http.server does (absolute form: 404). */
function pathRoutingServer(): RawServer {
  return startRawServer(async (req, conn, untilClientCloses) => {
    const head = "HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n";
    switch (req.target) {
      case "/page?x=1":
        return respond(conn, 200, { "content-type": "text/plain" }, "routed");
      case "/chunked":
        return send(
          conn,
          `${head}transfer-encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n${
            chunked(", ", "world").replace("0\r\n\r\n", "0\r\nx-trailer: 1\r\n\r\n")
          }`,
        );
      case "/gzip":
        return respond(conn, 200, { "content-encoding": "gzip" }, gzipSync("zipped text"));
      case "/deflate":
        return respond(conn, 200, { "content-encoding": "deflate" }, deflateSync("zlib text"));
      case "/deflate-raw":
        return respond(conn, 200, { "content-encoding": "deflate" }, deflateRawSync("raw text"));
      case "/gzip-chunked": {
        const zipped = gzipSync("chunked and zipped");
        await send(conn, `${head}content-encoding: gzip\r\ntransfer-encoding: chunked\r\n\r\n`);
        await send(conn, `${zipped.byteLength.toString(16)}\r\n`);
        return send(
          conn,
          new Uint8Array([...zipped, 13, 10, ...new TextEncoder().encode("0\r\n\r\n")]),
        );
      }
      case "/gzip-bomb":
        return respond(
          conn,
          200,
          { "content-encoding": "gzip" },
          gzipSync(new Uint8Array(1 << 20)),
        );
      case "/big-chunked":
        return send(
          conn,
          `${head}transfer-encoding: chunked\r\n\r\n${
            chunked(..."y".repeat(30).split("").map(() => "y".repeat(500)))
          }`,
        );
      case "/to-close":
        return send(conn, `${head}\r\nread until the end`);
      case "/truncated":
        return send(conn, `${head}content-length: 100\r\n\r\nonly this`);
      case "/bad-status":
        return send(conn, "ICY 200 OK\r\n\r\n");
      case "/huge-head":
        return send(conn, `${head}x-filler: ${"f".repeat(70_000)}\r\n\r\n`);
      case "/early-hints":
        return send(
          conn,
          `HTTP/1.1 103 Early Hints\r\nlink: </a.css>\r\n\r\n${head}content-length: 5\r\n\r\nfinal`,
        );
      case "/stall-head":
        await send(conn, "HTTP/1.1 200 OK\r\ncontent-");
        return untilClientCloses();
      case "/stall-body":
        await send(conn, `${head}content-length: 100\r\n\r\nstart`);
        return untilClientCloses();
    }
    await respond(conn, 404, {}, req.target.startsWith("/") ? "no such page" : "absolute form");
  });
}

async function withSite(run: (deps: Deps, server: RawServer, origin: string) => Promise<void>) {
  const server = pathRoutingServer();
  const { resolveDns } = fakeResolver({ "site.test": ["127.0.0.1"] });
  try {
    await withDeps(
      true,
      (deps) => run({ ...deps, resolveDns }, server, `http://site.test:${server.port}`),
    );
  } finally {
    await server.close();
  }
}

async function failsWith(deps: Deps, url: string, pattern: RegExp, options = OPTIONS) {
  await assert.rejects(guardedFetch(deps, url, options), (err: unknown) => {
    assert.ok(err instanceof FetchFailedError || err instanceof FetchRefusedError, String(err));
    assert.match(err.message, pattern);
    return true;
  });
}

Deno.test("requests are in origin form with the Host header, as a browser sends them", async () => {
  await withSite(async (deps, server, origin) => {
    const res = await guardedFetch(deps, `${origin}/page?x=1`, OPTIONS);
    assert.equal(res.status, 200);
    assert.equal(res.text(), "routed");
    const [req] = server.requests;
    assert.equal(req.line, "GET /page?x=1 HTTP/1.1");
    assert.equal(req.host, `site.test:${server.port}`);
    assert.equal(req.headers.get("accept"), "text/html");
    assert.match(req.headers.get("user-agent") ?? "", /^LaunchDirectoryBot\/1\.0/);
    assert.equal(req.headers.get("accept-encoding"), "gzip, deflate");
    assert.equal(req.headers.get("connection"), "close");
  });
});

Deno.test("bodies: chunked, gzip, deflate, to the end of the connection, 1xx skipped", async (t) => {
  await withSite(async (deps, _server, origin) => {
    const cases: [string, string][] = [
      ["/chunked", "hello, world"],
      ["/gzip", "zipped text"],
      ["/deflate", "zlib text"],
      ["/deflate-raw", "raw text"],
      ["/gzip-chunked", "chunked and zipped"],
      ["/to-close", "read until the end"],
      ["/early-hints", "final"],
    ];
    for (const [path, text] of cases) {
      await t.step(path, async () => {
        const res = await guardedFetch(deps, `${origin}${path}`, OPTIONS);
        assert.equal(res.status, 200);
        assert.equal(res.text(), text);
        assert.equal(res.headers.get("content-encoding"), null);
      });
    }
  });
});

Deno.test("the size cap holds over a chunked body; bad answers fail clearly", async (t) => {
  await withSite(async (deps, _server, origin) => {
    await t.step(
      "size cap",
      () => failsWith(deps, `${origin}/big-chunked`, /larger than 10000 bytes/),
    );
    await t.step(
      "size cap on the decoded bytes of a small gzip body",
      () => failsWith(deps, `${origin}/gzip-bomb`, /larger than 10000 bytes/),
    );
    await t.step(
      "a body shorter than announced",
      () => failsWith(deps, `${origin}/truncated`, /closed after 9 of the 100 bytes announced/),
    );
    await t.step(
      "a bad status line",
      () =>
        failsWith(
          deps,
          `${origin}/bad-status`,
          /bad answer: not an HTTP\/1\.x status line: "ICY 200 OK"/,
        ),
    );
    await t.step(
      "a head over 64 KiB",
      () => failsWith(deps, `${origin}/huge-head`, /response head is larger than 65536 bytes/),
    );
  });
});

Deno.test("a timeout fails the fetch and closes the socket, before and after the head", async () => {
  await withSite(async (deps, server, origin) => {
    for (const path of ["/stall-head", "/stall-body"]) {
      const closed = server.closedByClient(path);
      await failsWith(deps, `${origin}${path}`, /timed out after 200 ms/, {
        ...OPTIONS,
        timeoutMs: 200,
      });
      await closed; // The server saw the client close the connection.
    }
  });
});

Deno.test("https is pinned: the checked address is used, the name is never resolved again", async () => {
  // The name first resolves to 127.0.0.1 (checked), then "rebinds" to 127.0.0.2 where another
  // server with a valid certificate waits: a second lookup would send the request there.
  const pinned = startRawServer((_req, conn) => respond(conn, 200, {}, "pinned"), { tls: true });
  const rebound = startRawServer((_req, conn) => respond(conn, 200, {}, "rebound"), {
    tls: true,
    hostname: "127.0.0.2",
    port: pinned.port,
  });
  const lookups: string[] = [];
  const answers = [["127.0.0.1"], ["127.0.0.2"]];
  const resolveDns: Deps["resolveDns"] = (host, type) => {
    lookups.push(`${type} ${host}`);
    if (type === "AAAA") return Promise.reject(new Error("no AAAA record"));
    return Promise.resolve(
      answers[Math.min(lookups.filter((l) => l.startsWith("A ")).length - 1, 1)],
    );
  };
  try {
    await withDeps(true, async (plain) => {
      const deps = { ...plain, resolveDns, fetchCaCerts: [TLS_FIXTURE.ca] };
      const res = await guardedFetch(deps, `https://rebind.test:${pinned.port}/x`, OPTIONS);
      assert.equal(res.text(), "pinned");
      assert.deepEqual(lookups, ["A rebind.test", "AAAA rebind.test"]);
      assert.equal(pinned.requests[0].line, "GET /x HTTP/1.1");
      assert.equal(pinned.requests[0].host, `rebind.test:${pinned.port}`);
      assert.equal(rebound.requests.length, 0);

      // The certificate is checked for the name, not the address.
      const other = {
        ...deps,
        resolveDns: fakeResolver({ "other.test": ["127.0.0.1"] }).resolveDns,
      };
      await failsWith(other, `https://other.test:${pinned.port}/`, /TLS error: .*certificate/i);
      // Without the test CA the certificate is not trusted: verification is never off.
      const noCa = {
        ...plain,
        resolveDns: fakeResolver({ "rebind.test": ["127.0.0.1"] }).resolveDns,
      };
      await failsWith(
        noCa,
        `https://rebind.test:${pinned.port}/`,
        /TLS error: .*(?:issuer|certificate)/i,
      );
    });
  } finally {
    await pinned.close();
    await rebound.close();
  }
});

Deno.test("a name with only an IPv6 address is fetched over IPv6", async () => {
  let server: RawServer;
  try {
    server = startRawServer((_req, conn) => respond(conn, 200, {}, "v6"), { hostname: "::1" });
  } catch {
    return; // No IPv6 loopback on this machine.
  }
  const resolveDns: Deps["resolveDns"] = (_host, type) =>
    type === "AAAA" ? Promise.resolve(["::1"]) : Promise.reject(new Error("no A record"));
  try {
    await withDeps(true, async (deps) => {
      const res = await guardedFetch(
        { ...deps, resolveDns },
        `http://v6.test:${server.port}/`,
        OPTIONS,
      );
      assert.equal(res.text(), "v6");
      assert.equal(server.requests[0].host, `v6.test:${server.port}`);
    });
  } finally {
    await server.close();
  }
});

Deno.test("https www → apex: each hop is resolved once and pinned, the certificate checked", async () => {
  const server = startRawServer(async (req, conn) => {
    if (req.host.startsWith("www.")) {
      return respond(conn, 301, { location: `https://tls.test:${server.port}${req.target}` });
    }
    await respond(conn, 200, {}, `apex ${req.target}`);
  }, { tls: true });
  const { resolveDns, lookups } = fakeResolver({
    "tls.test": ["127.0.0.1"],
    "www.tls.test": ["127.0.0.1"],
  });
  try {
    await withDeps(true, async (plain) => {
      const deps = { ...plain, resolveDns, fetchCaCerts: [TLS_FIXTURE.ca] };
      const res = await guardedFetch(deps, `https://www.tls.test:${server.port}/about`, OPTIONS);
      assert.equal(res.url, `https://tls.test:${server.port}/about`);
      assert.equal(res.text(), "apex /about");
      assert.deepEqual(lookups, [
        "A www.tls.test",
        "AAAA www.tls.test",
        "A tls.test",
        "AAAA tls.test",
      ]);
      assert.deepEqual(server.requests.map((r) => `${r.host} ${r.line}`), [
        `www.tls.test:${server.port} GET /about HTTP/1.1`,
        `tls.test:${server.port} GET /about HTTP/1.1`,
      ]);
    });
  } finally {
    await server.close();
  }
});
