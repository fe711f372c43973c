/** RateLimiter.countNow: admits at once only what `count` admits without KV, and counts nothing else. */
import assert from "node:assert/strict";
import { exactMargin, RateLimiter } from "../services/access/rate_limit.ts";

const NOW = new Date("2026-11-18T12:00:10Z");

Deno.test("countNow admits far from the limit, at most margin on one view, and never near it", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const limiter = new RateLimiter(kv);
    const limit = 100;
    const margin = exactMargin(limit);
    const admitted = [];
    for (let i = 0; i < margin; i++) admitted.push(limiter.countNow("ip:a", limit, NOW));
    assert.ok(admitted.every((s) => s?.allowed));
    assert.deepEqual(admitted.map((s) => s!.remaining), [...Array(margin)].map((_, i) => 99 - i));
    assert.equal(admitted[0]!.reset, 50);
    assert.equal(admitted[0]!.window, 60);
    // `margin` admissions on one view of the other instances: the next one must wait for a sync.
    assert.equal(limiter.countNow("ip:a", limit, NOW), null);
    assert.equal(limiter.countNow("ip:a", limit, NOW), null, "a refusal to decide counts nothing");
    const waited = await limiter.count("ip:a", limit, NOW);
    assert.equal(waited.remaining, limit - margin - 1);
    let allowed = margin + 1;
    let immediate = 0;
    for (let i = 0; i < 2 * limit; i++) {
      const now = limiter.countNow("ip:a", limit, NOW);
      if (now) {
        assert.ok(now.remaining >= margin, "never decided at once near the limit");
        immediate++;
      }
      const state = now ?? await limiter.count("ip:a", limit, NOW);
      if (state.allowed) allowed++;
    }
    assert.equal(allowed, limit, "exact in one process");
    assert.ok(immediate >= limit / 2, `${immediate} decided at once`);
    assert.equal(limiter.countNow("ip:a", limit, NOW), null, "past the limit: falls through");
    assert.equal((await limiter.count("ip:a", limit, NOW)).allowed, false);
    await limiter.settled();
    await limiter.flush();
  } finally {
    kv.close();
  }
});
