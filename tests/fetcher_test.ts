/** The guarded fetcher: refusals by scheme and address, redirects, size and time caps. */
import assert from "node:assert/strict";
import type { Deps } from "../services/platform/deps.ts";
import {
  botUserAgent,
  FetchFailedError,
  FetchRefusedError,
  guardedFetch,
  type GuardedFetchOptions,
  nonPublicReason,
} from "../services/platform/fetcher.ts";
import { withDeps } from "./fetch_fixture.ts";

const OPTIONS: GuardedFetchOptions = { maxBytes: 1000, timeoutMs: 2000, accept: "*/*" };

/** A small site on 127.0.0.1; `release` unblocks handlers that wait (for the time cap). */
function startSite() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const url = new URL(req.url);
    switch (url.pathname) {
      case "/ok":
        return new Response("hello", { headers: { "content-type": "text/plain" } });
      case "/ua":
        return new Response(req.headers.get("user-agent"));
      case "/missing":
        return new Response("gone", { status: 404 });
      case "/hop":
        return new Response(null, { status: 302, headers: { location: "/ok" } });
      case "/hop2":
        return new Response(null, { status: 301, headers: { location: "/hop" } });
      case "/loop":
        return new Response(null, { status: 307, headers: { location: "/loop" } });
      case "/to-file":
        return new Response(null, { status: 302, headers: { location: "file:///etc/passwd" } });
      case "/to-metadata":
        return new Response(null, {
          status: 302,
          headers: { location: "http://169.254.169.254/latest/meta-data/" },
        });
      case "/big":
        return new Response("x".repeat(5000));
      case "/big-stream":
        // No Content-Length: the cap must hold while reading.
        return new Response(
          new ReadableStream({
            start(controller) {
              for (let i = 0; i < 10; i++) {
                controller.enqueue(new TextEncoder().encode("y".repeat(500)));
              }
              controller.close();
            },
          }),
        );
      case "/slow":
        await released;
        return new Response("late");
      case "/stall":
        return new Response(
          new ReadableStream({
            async start(controller) {
              controller.enqueue(new TextEncoder().encode("start"));
              await released;
              controller.close();
            },
          }),
        );
    }
    return new Response("not found", { status: 404 });
  });
  const origin = `http://127.0.0.1:${server.addr.port}`;
  return {
    origin,
    async close() {
      release();
      await server.shutdown();
    },
  };
}

async function refused(deps: Deps, url: string, pattern: RegExp) {
  await assert.rejects(guardedFetch(deps, url, OPTIONS), (err: unknown) => {
    assert.ok(err instanceof FetchRefusedError, `expected FetchRefusedError for ${url}: ${err}`);
    assert.match(err.message, pattern);
    return true;
  });
}

Deno.test("private, loopback and link-local addresses are refused", async (t) => {
  await withDeps(false, async (deps) => {
    const cases: [string, RegExp][] = [
      ["http://127.0.0.1/", /127\.0\.0\.1 is a loopback address/],
      ["http://10.0.0.1/", /10\.0\.0\.1 is a private address/],
      ["http://172.16.5.4/", /private address/],
      ["http://192.168.1.1/", /private address/],
      ["http://[::1]/", /::1 is a loopback address/],
      ["http://169.254.169.254/latest/meta-data/", /link-local address/],
      ["http://100.64.0.1/", /CGNAT/],
      ["http://0.0.0.0/", /this network/],
      ["http://224.0.0.1/", /multicast/],
      ["http://[fd00::1]/", /unique local/],
      ["http://[fe80::1]/", /link-local/],
      ["http://[::ffff:127.0.0.1]/", /loopback/],
      ["http://[::ffff:10.1.2.3]/", /private/],
      ["http://2130706433/", /loopback/], // 127.0.0.1 as one number
      ["http://0x7f.1/", /loopback/],
      ["http://localhost:8080/", /loopback/],
      ["http://metadata.localhost/", /loopback/],
    ];
    for (const [url, pattern] of cases) {
      await t.step(url, () => refused(deps, url, pattern));
    }
  });
});

Deno.test("non-http schemes and credentials are refused", async () => {
  await withDeps(true, async (deps) => {
    await refused(deps, "file:///etc/passwd", /scheme "file:"/);
    await refused(deps, "ftp://example.com/x", /scheme "ftp:"/);
    await refused(deps, "javascript:alert(1)", /scheme "javascript:"/);
    await refused(deps, "http://user:pass@127.0.0.1/", /credentials/);
    await refused(deps, "not a url", /not an absolute URL/);
  });
});

Deno.test("address classification", () => {
  for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) {
    assert.equal(nonPublicReason(address), null, address);
  }
  const blocked = [
    "127.0.0.2",
    "10.255.255.255",
    "172.31.0.1",
    "192.168.0.1",
    "169.254.0.1",
    "100.127.255.255",
    "0.1.2.3",
    "239.255.255.250",
    "255.255.255.255",
    "::",
    "::1",
    "fc00::1",
    "fdff:ffff::1",
    "fe80::abcd",
    "ff02::1",
    "::ffff:192.168.1.1",
    "64:ff9b::a00:1", // NAT64 of 10.0.0.1
    "2002:7f00:1::", // 6to4 of 127.0.0.1
    "2001:db8::1",
  ];
  for (const address of blocked) assert.notEqual(nonPublicReason(address), null, address);
  assert.equal(nonPublicReason("100.63.255.255"), null);
  assert.equal(nonPublicReason("172.32.0.1"), null);
});

Deno.test("allowed fetches: body, status, user agent, redirects", async (t) => {
  const site = startSite();
  try {
    await withDeps(true, async (deps) => {
      await t.step("a page", async () => {
        const res = await guardedFetch(deps, `${site.origin}/ok`, OPTIONS);
        assert.equal(res.status, 200);
        assert.equal(res.text(), "hello");
        assert.equal(res.headers.get("content-type"), "text/plain");
        assert.equal(res.url, `${site.origin}/ok`);
      });
      await t.step("the named user agent", async () => {
        const res = await guardedFetch(deps, `${site.origin}/ua`, OPTIONS);
        assert.equal(res.text(), botUserAgent("https://launch.example"));
        assert.equal(res.text(), "LaunchDirectoryBot/1.0 (+https://launch.example/bot)");
      });
      await t.step("non-2xx answers are returned", async () => {
        const res = await guardedFetch(deps, `${site.origin}/missing`, OPTIONS);
        assert.equal(res.status, 404);
      });
      await t.step("redirects are followed and re-checked", async () => {
        const res = await guardedFetch(deps, `${site.origin}/hop2`, OPTIONS);
        assert.equal(res.status, 200);
        assert.equal(res.url, `${site.origin}/ok`);
        assert.equal(res.text(), "hello");
      });
      await t.step("a redirect to another scheme is refused", async () => {
        await refused(deps, `${site.origin}/to-file`, /file:\/\/\/etc\/passwd.*scheme "file:"/);
      });
      await t.step("too many redirects", async () => {
        await refused(deps, `${site.origin}/loop`, /more than 5 redirects/);
        await assert.rejects(
          guardedFetch(deps, `${site.origin}/hop`, { ...OPTIONS, maxRedirects: 0 }),
          /redirects are not followed/,
        );
      });
      await t.step("size cap, announced and streamed", async () => {
        await refused(deps, `${site.origin}/big`, /larger than 1000 bytes/);
        await refused(deps, `${site.origin}/big-stream`, /larger than 1000 bytes/);
      });
      await t.step("time cap before the answer and while reading", async () => {
        for (const path of ["/slow", "/stall"]) {
          await assert.rejects(
            guardedFetch(deps, `${site.origin}${path}`, { ...OPTIONS, timeoutMs: 150 }),
            (err: unknown) => {
              assert.ok(err instanceof FetchFailedError, String(err));
              assert.match(err.message, /timed out after 150 ms/);
              return true;
            },
          );
        }
      });
    });
    await withDeps(false, async (deps) => {
      await t.step("without allowPrivateFetch the same site is refused", async () => {
        await refused(deps, `${site.origin}/ok`, /loopback/);
      });
    });
  } finally {
    await site.close();
  }
});

/** Whether this machine has an IPv6 loopback to listen on (some containers do not). */
function hasIpv6Loopback(): boolean {
  try {
    Deno.listen({ hostname: "::1", port: 0 }).close();
    return true;
  } catch {
    return false;
  }
}

Deno.test({
  name: "an IPv6 literal host is fetched (pinned to its address)",
  ignore: !hasIpv6Loopback(),
}, async () => {
  const server = Deno.serve({ hostname: "::1", port: 0, onListen() {} }, () => new Response("v6"));
  try {
    await withDeps(true, async (deps) => {
      const res = await guardedFetch(deps, `http://[::1]:${server.addr.port}/`, OPTIONS);
      assert.equal(res.text(), "v6");
    });
  } finally {
    await server.shutdown();
  }
});

Deno.test("a redirect into a private address is refused at the hop", async () => {
  // The first hop is allowed (private fetches on), then the policy is switched off as if the
  // first host were public: the metadata-address hop must still be checked on its own.
  const site = startSite();
  try {
    await withDeps(true, async (deps) => {
      let hops = 0;
      const config = deps.config;
      const flipping = {
        ...deps,
        config: new Proxy(config, {
          get(target, name) {
            if (name === "allowPrivateFetch") return hops++ === 0;
            return Reflect.get(target, name);
          },
        }),
      };
      await refused(flipping, `${site.origin}/to-metadata`, /169\.254\.169\.254 is a link-local/);
    });
  } finally {
    await site.close();
  }
});
