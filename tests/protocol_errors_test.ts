/**
 * Errors in their protocol's shape: JSON-RPC errors carrying the request's id on /mcp (rate limit,
 * invalid initialize), RFC 6749 / RFC 7591 bodies on every /oauth/* error (429 and 413 included),
 * and the MCP rate limit counting tool calls rather than protocol requests.
 */
import assert from "node:assert/strict";
import { buildFixture, type Fixture } from "./fixtures.ts";
import { MCP_POST_HEADERS, readRpcAnswer } from "./mcp_rpc.ts";

const INITIALIZE_PARAMS = {
  protocolVersion: "2025-11-25",
  capabilities: {},
  clientInfo: { name: "cli", version: "1.0.0" },
};

async function withFixture(
  anonymousPerMinute: number,
  run: (f: Fixture) => Promise<void>,
): Promise<void> {
  const f = await buildFixture({
    rateLimit: { perMinute: 1_000, anonymousPerMinute, trustProxy: false },
  });
  try {
    await run(f);
  } finally {
    f.deps.kv.close();
  }
}

/** One JSON-RPC POST to /mcp; the answer's JSON-RPC message (from JSON or the SSE stream). */
async function rpc(f: Fixture, message: Record<string, unknown>) {
  const res = await f.app.request("http://localhost:8000/mcp", {
    method: "POST",
    headers: MCP_POST_HEADERS,
    body: JSON.stringify({ jsonrpc: "2.0", ...message }),
  });
  return { res, body: await readRpcAnswer(res) };
}

const toolCall = (id: number) => ({
  id,
  method: "tools/call",
  params: { name: "get_site_info", arguments: {} },
});

Deno.test("/mcp: a 429 is a JSON-RPC error carrying the request's id and Retry-After", async () => {
  await withFixture(2, async (f) => {
    for (const id of [1, 2]) {
      const { res, body } = await rpc(f, toolCall(id));
      assert.equal(res.status, 200);
      assert.equal(body.id, id);
      assert.ok(res.headers.get("ratelimit-limit"), "RateLimit-Limit on an admitted call");
    }
    const { res, body } = await rpc(f, toolCall(3));
    assert.equal(res.status, 429);
    assert.match(res.headers.get("content-type") ?? "", /application\/json/);
    assert.ok(Number(res.headers.get("retry-after")) > 0, "Retry-After");
    assert.equal(body.jsonrpc, "2.0");
    assert.equal(body.id, 3);
    assert.equal(typeof body.error.code, "number");
    assert.match(body.error.message, /Too many requests/);
    assert.equal(body.error.data.error.code, "rate_limited");
  });
});

Deno.test("/mcp: initialize without clientInfo is invalid params (-32602) naming the field", async () => {
  await withFixture(1_000, async (f) => {
    const { protocolVersion, capabilities } = INITIALIZE_PARAMS;
    const { res, body } = await rpc(f, {
      id: 7,
      method: "initialize",
      params: { protocolVersion, capabilities },
    });
    assert.equal(res.status, 400);
    assert.equal(body.jsonrpc, "2.0");
    assert.equal(body.id, 7);
    assert.equal(body.error.code, -32602);
    assert.match(body.error.message, /clientInfo/);
    // With clientInfo the same request succeeds.
    const ok = await rpc(f, { id: 8, method: "initialize", params: INITIALIZE_PARAMS });
    assert.equal(ok.res.status, 200);
    assert.equal(ok.body.id, 8);
    assert.equal(ok.body.result.protocolVersion, "2025-11-25");
  });
});

/** Asserts an RFC 6749 §5.2 error body: `error` and `error_description` only. */
async function assertOAuthError(res: Response, status: number, error: string, what: string) {
  assert.equal(res.status, status, what);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/, what);
  const body = await res.json();
  assert.deepEqual(Object.keys(body).sort(), ["error", "error_description"], what);
  assert.equal(body.error, error, what);
  assert.equal(typeof body.error_description, "string", what);
  assert.ok(body.error_description.length > 0, what);
  return body;
}

const OAUTH_POSTS: { path: string; type: string }[] = [
  { path: "/oauth/register", type: "application/json" },
  { path: "/oauth/token", type: "application/x-www-form-urlencoded" },
  { path: "/oauth/revoke", type: "application/x-www-form-urlencoded" },
];

Deno.test("/oauth/*: a body over the limit is a 413 invalid_request", async () => {
  await withFixture(1_000, async (f) => {
    for (const { path, type } of OAUTH_POSTS) {
      const res = await f.app.request(path, {
        method: "POST",
        headers: { "content-type": type },
        body: "x".repeat(65 * 1024),
      });
      await assertOAuthError(res, 413, "invalid_request", path);
    }
  });
});

Deno.test("/oauth/*: past the rate limit, 429 temporarily_unavailable with Retry-After", async () => {
  for (const { path, type } of OAUTH_POSTS) {
    await withFixture(1, async (f) => {
      const post = () =>
        f.app.request(path, { method: "POST", headers: { "content-type": type }, body: "" });
      const first = await post();
      await first.body?.cancel();
      assert.notEqual(first.status, 429, path);
      const res = await post();
      const body = await assertOAuthError(res, 429, "temporarily_unavailable", path);
      assert.match(body.error_description, /Too many requests/);
      assert.ok(Number(res.headers.get("retry-after")) > 0, `${path}: Retry-After`);
      assert.equal(res.headers.get("cache-control"), "no-store", path);
    });
  }
});

Deno.test("/oauth/*: a wrong method on an OAuth endpoint is an OAuth error", async () => {
  await withFixture(1_000, async (f) => {
    for (const { path } of OAUTH_POSTS) {
      const res = await f.app.request(path, { method: "GET" });
      await assertOAuthError(res, 405, "invalid_request", path);
      assert.equal(res.headers.get("allow"), "POST", path);
    }
  });
});

Deno.test("MCP rate limit: tool calls count, protocol requests do not", async () => {
  await withFixture(10, async (f) => {
    // A client that keeps no connection: initialize, initialized, tools/list and ping, 40 in all.
    const protocol = [
      { id: 1, method: "initialize", params: INITIALIZE_PARAMS },
      { method: "notifications/initialized" },
      { id: 2, method: "tools/list" },
      { id: 3, method: "ping" },
    ];
    for (let i = 0; i < 10; i++) {
      for (const message of protocol) {
        const { res } = await rpc(f, message);
        assert.ok(res.status === 200 || res.status === 202, `${message.method}: ${res.status}`);
      }
    }
    for (let id = 1; id <= 10; id++) {
      const { res, body } = await rpc(f, toolCall(id));
      assert.equal(res.status, 200, `tool call ${id}`);
      assert.equal(body.result.isError, undefined, JSON.stringify(body));
    }
    const { res, body } = await rpc(f, toolCall(11));
    assert.equal(res.status, 429);
    assert.ok(Number(res.headers.get("retry-after")) > 0, "Retry-After");
    assert.equal(body.id, 11);
    assert.equal(body.error.data.error.code, "rate_limited");
  });
});
