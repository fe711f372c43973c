/** Rate limits counted in memory and shared through KV: exactness, sharing, headers, expiry. */
import assert from "node:assert/strict";
import { Hono } from "hono";
import { rateLimit } from "../routes/middleware.ts";
import { testConfig } from "../services/platform/config.ts";
import type { Deps } from "../services/platform/deps.ts";
import { toApiError } from "../services/platform/errors.ts";
import { CredentialCheck, RateLimiter } from "../services/access/rate_limit.ts";
import { createApiKey } from "../services/access/api_keys.ts";
import { rateLimitKey } from "../kv/keys.ts";
import { SearchIndex } from "../services/directory/search/index.ts";

/** Ten seconds into a one-minute window. */
const NOW = new Date("2026-11-18T12:00:10Z");
const WINDOW = Math.floor(NOW.getTime() / 60_000);

/** One "instance": its own limiter and middleware over a shared store, with a fixed clock. */
function instance(kv: Deno.Kv, limits: { anonymous: number; perKey?: number }) {
  let now = NOW;
  const deps: Deps = {
    kv,
    config: testConfig({
      rateLimit: {
        anonymousPerMinute: limits.anonymous,
        perMinute: limits.perKey ?? 300,
        trustProxy: true,
      },
    }),
    search: new SearchIndex(),
    now: () => now,
  };
  const limiter = new RateLimiter(kv);
  const app = new Hono();
  app.use("*", rateLimit({ deps, limiter }));
  app.get("/x", (c) => c.json({ ok: true }));
  app.onError((thrown, c) => {
    const err = toApiError(thrown);
    for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
    return c.json(err.toBody(), err.status as 429);
  });
  const get = (ip = "192.0.2.1", authorization?: string) =>
    app.request("/x", {
      headers: { "x-forwarded-for": ip, ...(authorization ? { authorization } : {}) },
    });
  return { app, limiter, get, setNow: (date: Date) => now = date };
}

/** A token shaped like an API key (`ld_` and 40 characters) that no one issued. */
function unknownKey(): string {
  return "ld_" + (crypto.randomUUID() + crypto.randomUUID()).replaceAll("-", "").slice(0, 40);
}

async function storedCounts(kv: Deno.Kv, bucket: string): Promise<number[]> {
  const out: number[] = [];
  for await (const e of kv.list<number>({ prefix: rateLimitKey(bucket, WINDOW) })) {
    out.push(e.value);
  }
  return out;
}

Deno.test("small limits are exact in one instance, headers included", async (t) => {
  const kv = await Deno.openKv(":memory:");
  const a = instance(kv, { anonymous: 2 });
  await t.step(
    "RateLimit-* headers on each answer, 429 with Retry-After past the limit",
    async () => {
      const first = await a.get();
      assert.equal(first.status, 200);
      assert.equal(first.headers.get("ratelimit-limit"), "2");
      assert.equal(first.headers.get("ratelimit-remaining"), "1");
      assert.equal(first.headers.get("ratelimit-reset"), "50");
      assert.equal(first.headers.get("ratelimit-policy"), "2;w=60");
      const second = await a.get();
      assert.equal(second.status, 200);
      assert.equal(second.headers.get("ratelimit-remaining"), "0");
      const limited = await a.get();
      assert.equal(limited.status, 429);
      assert.equal((await limited.json()).error.code, "rate_limited");
      assert.equal(limited.headers.get("retry-after"), "50");
      assert.equal(limited.headers.get("ratelimit-remaining"), "0");
      assert.equal(limited.headers.get("ratelimit-limit"), "2");
    },
  );
  await t.step("another address has its own bucket", async () => {
    assert.equal((await a.get("192.0.2.2")).status, 200);
  });
  await t.step(
    "concurrent requests: exactly the limit is admitted, each told its own remaining",
    async () => {
      const limiter = new RateLimiter(kv);
      const states = await Promise.all(
        Array.from({ length: 10 }, () => limiter.count("ip:concurrent", 3, NOW)),
      );
      const admitted = states.filter((s) => s.allowed);
      assert.equal(admitted.length, 3);
      assert.deepEqual(admitted.map((s) => s.remaining).sort(), [0, 1, 2]);
      assert.ok(states.filter((s) => !s.allowed).every((s) => s.remaining === 0));
      assert.deepEqual(await storedCounts(kv, "ip:concurrent"), [3], "written before answering");
    },
  );
  await t.step("a new window starts a new count", async () => {
    a.setNow(new Date(NOW.getTime() + 60_000));
    const res = await a.get();
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("ratelimit-remaining"), "1");
    assert.equal(res.headers.get("ratelimit-reset"), "50");
  });
  kv.close();
});

Deno.test("two instances over one store share a small limit exactly", async () => {
  const kv = await Deno.openKv(":memory:");
  const a = instance(kv, { anonymous: 3 });
  const b = instance(kv, { anonymous: 3 });
  assert.equal((await a.get()).status, 200);
  assert.equal((await a.get()).status, 200);
  const third = await b.get();
  assert.equal(third.status, 200);
  assert.equal(third.headers.get("ratelimit-remaining"), "0");
  assert.equal((await b.get()).status, 429);
  assert.equal((await a.get()).status, 429);
  // Credentials count per key, in their own buckets and with their own limit.
  const { secret } = await createApiKey(kv, {
    userId: "user-1",
    name: "Shared",
    scopes: ["account:read"],
  }, NOW);
  const keyed = (app: Hono) =>
    app.request("/x", { headers: { authorization: `Bearer ${secret}` } });
  const other = instance(kv, { anonymous: 3, perKey: 2 });
  const again = instance(kv, { anonymous: 3, perKey: 2 });
  assert.equal((await keyed(other.app)).status, 200);
  assert.equal((await keyed(again.app)).status, 200);
  assert.equal((await keyed(other.app)).status, 429);
  kv.close();
});

Deno.test("unknown bearer credentials count against the client address", async (t) => {
  const kv = await Deno.openKv(":memory:");
  const a = instance(kv, { anonymous: 120, perKey: 300 });
  const { secret } = await createApiKey(kv, {
    userId: "user-1",
    name: "Valid",
    scopes: ["account:read"],
  }, NOW);
  await t.step("200 random tokens from one address: limited at the anonymous limit", async () => {
    let admitted = 0;
    for (let i = 0; i < 200; i++) {
      const token = i % 2 ? unknownKey() : crypto.randomUUID();
      const res = await a.get("192.0.2.50", `Bearer ${token}`);
      if (res.status === 200) {
        admitted++;
        assert.equal(res.headers.get("ratelimit-limit"), "120");
      }
    }
    assert.equal(admitted, 120);
    assert.equal(a.limiter.size, 1, "one bucket: the address's");
  });
  await t.step("a valid key from that address keeps its own bucket and limit", async () => {
    const res = await a.get("192.0.2.50", `Bearer ${secret}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("ratelimit-limit"), "300");
    assert.equal(res.headers.get("ratelimit-remaining"), "299");
    assert.equal(a.limiter.size, 2);
  });
  kv.close();
});

Deno.test("credential checks are cached in a bounded map: one KV read per unknown token", async () => {
  const store = await Deno.openKv(":memory:");
  let reads = 0;
  const kv = new Proxy(store, {
    get(target, name) {
      const member = Reflect.get(target, name, target);
      if (name === "get" || name === "getMany") {
        return (...args: unknown[]) => {
          reads++;
          return (member as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof member === "function" ? member.bind(target) : member;
    },
  });
  const deps: Deps = {
    kv,
    config: testConfig(),
    search: new SearchIndex(),
    now: () => NOW,
  };
  const check = new CredentialCheck({ maxEntries: 10 });
  const token = unknownKey();
  const answers = await Promise.all(Array.from({ length: 50 }, () => check.isValid(deps, token)));
  assert.ok(answers.every((valid) => valid === false));
  assert.equal(reads, 1, "concurrent and later checks of one token share one read");
  assert.equal(await check.isValid(deps, "not-a-credential"), false);
  assert.equal(reads, 1, "a token of no credential's shape costs no read");
  for (let i = 0; i < 30; i++) await check.isValid(deps, unknownKey());
  assert.ok(check.size <= 10, `cache holds ${check.size}`);
  const { secret } = await createApiKey(store, {
    userId: "user-1",
    name: "Valid",
    scopes: ["account:read"],
  }, NOW);
  assert.equal(await check.isValid(deps, secret), true);
  store.close();
});

Deno.test("far from the limit: quiet buckets cost no KV work, busy ones are synced every margin / 2", async () => {
  const kv = await Deno.openKv(":memory:");
  const a = new RateLimiter(kv);
  const b = new RateLimiter(kv);
  for (let ip = 0; ip < 30; ip++) {
    for (let i = 0; i < 3; i++) assert.ok((await a.count(`ip:quiet-${ip}`, 100, NOW)).allowed);
  }
  for (let i = 0; i < 50; i++) assert.ok((await a.count("ip:busy", 100, NOW)).allowed);
  await a.settled();
  // A quiet bucket's few admissions are within what an instance may admit unseen: never written.
  assert.deepEqual(await storedCounts(kv, "ip:quiet-0"), [], "nothing written for a quiet bucket");
  const [published] = await storedCounts(kv, "ip:busy");
  assert.ok(published >= 40 && published <= 50, `published at least every margin: ${published}`);
  await a.flush();
  for (let ip = 0; ip < 30; ip++) assert.deepEqual(await storedCounts(kv, `ip:quiet-${ip}`), [3]);
  // B learns A's 50 within `margin` requests and stops the bucket at exactly 100 in all.
  let admitted = 0;
  for (let i = 0; i < 100; i++) if ((await b.count("ip:busy", 100, NOW)).allowed) admitted++;
  assert.equal(admitted, 50);
  await b.flush();
  assert.deepEqual((await storedCounts(kv, "ip:busy")).sort(), [50, 50]);
  // Past the limit nothing more is counted or written: refused requests cost no KV work.
  for (let i = 0; i < 20; i++) assert.equal((await b.count("ip:busy", 100, NOW)).allowed, false);
  await b.flush();
  assert.deepEqual((await storedCounts(kv, "ip:busy")).sort(), [50, 50]);
  kv.close();
});

Deno.test("instances sharing a bucket overshoot by at most the margin each", async (t) => {
  const kv = await Deno.openKv(":memory:");
  for (const instances of [2, 3]) {
    const bound = 120 + instances * 12; // limit 120, margin 12
    await t.step(`${instances} instances, requests one after the other`, async () => {
      const limiters = Array.from({ length: instances }, () => new RateLimiter(kv));
      let admitted = 0;
      for (let i = 0; i < 400; i++) {
        const state = await limiters[i % instances].count(`ip:seq-${instances}`, 120, NOW);
        if (state.allowed) admitted++;
      }
      assert.ok(admitted >= 120 && admitted <= bound, `admitted ${admitted}, bound ${bound}`);
      for (const limiter of limiters) {
        assert.equal((await limiter.count(`ip:seq-${instances}`, 120, NOW)).allowed, false);
      }
      await Promise.all(limiters.map((limiter) => limiter.flush()));
    });
    await t.step(`${instances} instances, a burst of concurrent requests`, async () => {
      const limiters = Array.from({ length: instances }, () => new RateLimiter(kv));
      const states = await Promise.all(
        Array.from(
          { length: 400 },
          (_, i) => limiters[i % instances].count(`ip:burst-${instances}`, 120, NOW),
        ),
      );
      const admitted = states.filter((s) => s.allowed).length;
      assert.ok(admitted >= 120 && admitted <= bound, `admitted ${admitted}, bound ${bound}`);
      await Promise.all(limiters.map((limiter) => limiter.flush()));
    });
  }
  kv.close();
});

/**
 * The store, recording the expiry each atomic `set` asks for (KV does not answer a key's expiry):
 * key → milliseconds since the epoch.
 */
function recordingExpiries(kv: Deno.Kv): { kv: Deno.Kv; expiries: Map<string, number> } {
  const expiries = new Map<string, number>();
  const atomic = () => {
    const op = kv.atomic();
    const recording: Deno.AtomicOperation = new Proxy(op, {
      get(target, name) {
        if (name === "set") {
          return (key: Deno.KvKey, value: unknown, options?: { expireIn?: number }) => {
            if (options?.expireIn !== undefined) {
              expiries.set(JSON.stringify(key), Date.now() + options.expireIn);
            }
            target.set(key, value, options);
            return recording;
          };
        }
        const member = Reflect.get(target, name, target);
        return typeof member === "function" ? member.bind(target) : member;
      },
    });
    return recording;
  };
  const recorded = new Proxy(kv, {
    get(target, name) {
      if (name === "atomic") return atomic;
      const member = Reflect.get(target, name, target);
      return typeof member === "function" ? member.bind(target) : member;
    },
  });
  return { kv: recorded, expiries };
}

Deno.test("counters in KV expire two windows after their last write", async () => {
  const store = await Deno.openKv(":memory:");
  const { kv, expiries } = recordingExpiries(store);
  const limiter = new RateLimiter(kv);
  const before = Date.now();
  for (let i = 0; i < 30; i++) await limiter.count("ip:fast", 1000, NOW); // batched path
  for (let i = 0; i < 3; i++) await limiter.count("ip:exact", 2, NOW); // exact path
  await limiter.flush();
  const after = Date.now();
  // Every counter in the store has an expiry.
  const rows: number[] = [];
  for await (const entry of store.list({ prefix: [] })) {
    const expiration = expiries.get(JSON.stringify(entry.key));
    assert.ok(expiration !== undefined, `no expiry: ${JSON.stringify(entry.key)}`);
    rows.push(expiration);
  }
  store.close();
  assert.equal(rows.length, 2);
  for (const expiration of rows) {
    assert.ok(expiration >= before + 120_000, `expires too soon: ${expiration}`);
    assert.ok(expiration <= after + 120_000, `expires too late: ${expiration}`);
  }
});
