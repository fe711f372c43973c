/**
 * What every request meets before its handler: body limits (413), JSON object bodies, rate limits
 * on form posts, the development mailbox for loopback clients only, and request ids in answers
 * and error logs.
 */
import assert from "node:assert/strict";
import { z } from "zod";
import { bearer, buildFixture, type Fixture, getJson, sendJson } from "./fixtures.ts";
import { testConfig } from "../services/platform/config.ts";
import { loadConfig } from "../services/platform/config.ts";
import { listOutbox } from "../services/platform/mail.ts";
import { apiBodyLimit, maxJsonBytes } from "../routes/api/v1/body_size.ts";
import { FORM_BODY_LIMIT, isLoopbackAddress } from "../routes/middleware.ts";

const STORY = (f: Fixture) => `/api/v1/me/listings/${f.listings.invoicely.id}/story`;
const MY_LISTING = (f: Fixture) => `/api/v1/me/listings/${f.listings.invoicely.id}`;

/** The connection info Deno.serve hands the app, for a client at `hostname`. */
function from(hostname: string) {
  return { remoteAddr: { hostname, port: 50_000, transport: "tcp" } };
}

/** A request body of `size` bytes sent as a stream: no Content-Length. */
function streamed(size: number): ReadableStream<Uint8Array> {
  let left = size;
  return new ReadableStream({
    pull(controller) {
      const n = Math.min(left, 64 * 1024);
      controller.enqueue(new Uint8Array(n).fill(0x20));
      left -= n;
      if (left === 0) controller.close();
    },
  });
}

/** `{"title":"..."}` padded with spaces to exactly `size` bytes: valid JSON for set_founder_story. */
function paddedStory(size: number, title: string): string {
  const json = JSON.stringify({ title });
  return json + " ".repeat(size - json.length);
}

Deno.test("a request body that is not a JSON object is a 400 naming the body", async (t) => {
  const f = await buildFixture();
  const saved = await sendJson(f.app, "PUT", STORY(f), { title: "Why we built it" }, {
    ...bearer(f.keys.owner),
  });
  assert.equal(saved.status, 200);
  const before = await getJson(f.app, MY_LISTING(f), { headers: bearer(f.keys.owner) });
  assert.equal(before.status, 200);
  const cases: [string, string, RegExp][] = [
    ["empty", "", /empty/i],
    ["null", "null", /null/],
    ["an array", "[]", /array/],
    ["a string", '"x"', /string/],
    ["invalid JSON", "{bad", /not valid JSON/],
  ];
  for (const [name, body, message] of cases) {
    await t.step(`${name} → 400, nothing written`, async () => {
      const res = await getJson(f.app, STORY(f), {
        method: "PUT",
        headers: { "content-type": "application/json", ...bearer(f.keys.owner) },
        body,
      });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.error.code, "invalid_request");
      assert.match(res.body.error.message, /body/i);
      assert.match(res.body.error.message, message);
      assert.deepEqual(res.body.error.details.map((d: { path: string }) => d.path), ["(body)"]);
    });
  }
  const after = await getJson(f.app, MY_LISTING(f), { headers: bearer(f.keys.owner) });
  assert.deepEqual(after.body, before.body);
  await t.step("an operation without a body still accepts none", async () => {
    const res = await getJson(f.app, MY_LISTING(f), { headers: bearer(f.keys.owner) });
    assert.equal(res.status, 200);
  });
});

Deno.test("the API body limit covers the largest valid body of the table", () => {
  // The bound is never below the longest encoding of the largest value (every character escaped).
  const schema = z.object({ a: z.string().max(3), b: z.array(z.boolean()).max(2).nullable() });
  const largest = '{"\\u0061":"\\u0000\\u0000\\u0000","\\u0062":[false,false]}';
  assert.ok(schema.safeParse(JSON.parse(largest)).success);
  assert.ok(maxJsonBytes(schema) >= largest.length, `${maxJsonBytes(schema)} < ${largest.length}`);
  assert.throws(() => maxJsonBytes(z.object({ note: z.string() })), /"\(root\)\.note"/);
  assert.throws(() => maxJsonBytes(z.object({ tags: z.array(z.string().max(5)) })), /maxItems/);
  // update_draft, the largest body: 20,000-character description, 50 milestones, ...
  assert.ok(apiBodyLimit() > 1_900_000, `limit ${apiBodyLimit()}`);
  assert.ok(apiBodyLimit() < 4 * 1024 * 1024, `limit ${apiBodyLimit()}`);
});

Deno.test("bodies over the limit are refused with 413 before parsing or auth", async (t) => {
  const f = await buildFixture();
  const limit = apiBodyLimit();
  await t.step("REST: one byte over, without credentials: 413, not 401", async () => {
    const res = await getJson(f.app, STORY(f), {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: paddedStory(limit + 1, "Too long"),
    });
    assert.equal(res.status, 413);
    assert.match(res.type, /json/);
    assert.equal(res.body.error.code, "payload_too_large");
    assert.match(res.body.error.message, new RegExp(`${limit} bytes`));
  });
  await t.step("REST: a streamed body without Content-Length is cut off too", async () => {
    const res = await getJson(f.app, STORY(f), {
      method: "PUT",
      headers: { "content-type": "application/json", ...bearer(f.keys.owner) },
      body: streamed(limit + 1),
      duplex: "half",
    } as RequestInit);
    assert.equal(res.status, 413);
    assert.equal(res.body.error.code, "payload_too_large");
  });
  await t.step("REST: a body of exactly the limit is read and saved", async () => {
    const res = await getJson(f.app, STORY(f), {
      method: "PUT",
      headers: { "content-type": "application/json", ...bearer(f.keys.owner) },
      body: paddedStory(limit, "At the limit"),
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const mine = await getJson(f.app, MY_LISTING(f), { headers: bearer(f.keys.owner) });
    assert.match(JSON.stringify(mine.body), /At the limit/);
  });
  await t.step("MCP: 413 in the shared error body", async () => {
    const res = await getJson(f.app, "/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: " ".repeat(limit + 1),
    });
    assert.equal(res.status, 413);
    assert.equal(res.body.error.code, "payload_too_large");
  });
  await t.step("form posts: one byte over 64 KiB is a 413 page, no mail sent", async () => {
    const form = "email=a%40example.com&_csrf=x&pad=";
    for (const body of [form + "x".repeat(FORM_BODY_LIMIT + 1 - form.length), null]) {
      const res = await f.app.request("/signin", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: body ?? streamed(FORM_BODY_LIMIT + 1),
        duplex: "half",
      } as RequestInit);
      assert.equal(res.status, 413);
      assert.match(res.headers.get("content-type") ?? "", /text\/html/);
      assert.match(await res.text(), /too large/);
    }
    assert.deepEqual(await listOutbox(f.deps.kv, 10), []);
  });
  await t.step("form posts at the limit reach the handler (here: its CSRF check)", async () => {
    const form = "email=a%40example.com&_csrf=x&pad=";
    const res = await f.app.request("/signin", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form + "x".repeat(FORM_BODY_LIMIT - form.length),
    });
    assert.equal(res.status, 403);
  });
});

Deno.test("form posts are rate limited per client address", async () => {
  const f = await buildFixture({
    rateLimit: { ...testConfig().rateLimit, anonymousPerMinute: 3, trustProxy: true },
  });
  const paths = ["/signin", "/signin/verify", "/signout", "/account/keys", "/invites/abc"];
  for (const [i, path] of paths.entries()) {
    const post = () =>
      f.app.request(path, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": `198.51.100.${i + 1}`,
        },
        body: "_csrf=x",
      });
    for (let n = 0; n < 3; n++) assert.notEqual((await post()).status, 429, `${path} #${n + 1}`);
    const limited = await post();
    assert.equal(limited.status, 429, path);
    assert.ok(limited.headers.get("retry-after"), path);
  }
});

Deno.test("the development mailbox answers loopback clients only", async (t) => {
  const f = await buildFixture();
  await t.step("loopback addresses are told apart from others", () => {
    for (const ip of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) {
      assert.ok(isLoopbackAddress(ip), ip);
    }
    for (const ip of ["192.0.2.5", "10.0.0.1", "::", "0.0.0.0", "::ffff:192.0.2.5", "unknown"]) {
      assert.ok(!isLoopbackAddress(ip), ip);
    }
  });
  await t.step("by the socket's address, whatever X-Forwarded-For says", async () => {
    const local = await f.app.request("/dev/mailbox", {}, from("127.0.0.1"));
    assert.equal(local.status, 200);
    const remote = await f.app.request("/dev/mailbox", {
      headers: { "x-forwarded-for": "127.0.0.1" },
    }, from("192.0.2.5"));
    assert.equal(remote.status, 404);
    assert.equal((await f.app.request("/dev/mailbox")).status, 404, "no socket: not local");
  });
  const external = Object.values(Deno.networkInterfaces()).find((i) =>
    i.family === "IPv4" && !isLoopbackAddress(i.address)
  )?.address;
  await t.step({
    name: "served on every interface: a non-loopback address gets a 404",
    ignore: external === undefined,
    fn: async () => {
      const server = Deno.serve(
        { hostname: "0.0.0.0", port: 0, onListen: () => {} },
        f.app.fetch,
      );
      try {
        const { port } = server.addr as Deno.NetAddr;
        const remote = await fetch(`http://${external}:${port}/dev/mailbox`);
        await remote.body?.cancel();
        assert.equal(remote.status, 404);
        const local = await fetch(`http://127.0.0.1:${port}/dev/mailbox`);
        await local.body?.cancel();
        assert.equal(local.status, 200);
      } finally {
        await server.shutdown();
      }
    },
  });
  await t.step("HOST sets the listen address", () => {
    assert.equal(loadConfig(() => undefined).host, "0.0.0.0");
    assert.equal(loadConfig((n) => n === "HOST" ? "127.0.0.1" : undefined).host, "127.0.0.1");
    assert.throws(() => loadConfig((n) => n === "HOST" ? "no host!" : undefined), /HOST/);
  });
});

Deno.test("every answer no shared cache keeps carries X-Request-Id; a failure logs it once with method and path", async () => {
  const f = await buildFixture();
  f.app.get("/api/v1/failing", () => {
    throw new Error("Cannot reach the store");
  });
  const ok = await f.app.request("/api/v1/categories", { headers: bearer(f.keys.owner) });
  assert.match(ok.headers.get("x-request-id") ?? "", /^[\w-]{8,}$/);
  const shared = await f.app.request("/api/v1/categories");
  assert.equal(shared.headers.get("cache-control")?.startsWith("public"), true);
  assert.equal(shared.headers.get("x-request-id"), null, "a CDN would hand it to others");
  const missing = await f.app.request("/no/such/page");
  assert.equal(missing.status, 404);
  assert.ok(missing.headers.get("x-request-id"));
  assert.notEqual(missing.headers.get("x-request-id"), ok.headers.get("x-request-id"));

  const logged: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  let res: Response;
  try {
    res = await f.app.request("/api/v1/failing", { method: "GET" });
  } finally {
    console.error = original;
  }
  assert.equal(res.status, 500);
  assert.equal((await res.json()).error.code, "internal");
  const id = res.headers.get("x-request-id");
  assert.ok(id);
  assert.equal(logged.length, 1, JSON.stringify(logged));
  const line = logged[0].map((part) => part instanceof Error ? part.message : String(part))
    .join(" ");
  assert.match(line, /GET \/api\/v1\/failing/);
  assert.ok(line.includes(id), `${line} lacks ${id}`);
  assert.match(line, /Cannot reach the store/);
});
