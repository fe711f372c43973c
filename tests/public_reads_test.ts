/**
 * Public reads: ETag, 304 and Cache-Control, and the fast path for anonymous get_listing (same
 * bytes and headers as the normal chain, counted in the rate limit, dropped on every write).
 */
import assert from "node:assert/strict";
import { bearer, buildFixture, type Fixture, sendJson } from "./fixtures.ts";
import { updateListing } from "../kv/listings.ts";
import { notifyListingWrite } from "../kv/listing_changes.ts";
import { profileCacheFor } from "../services/directory/profile_cache.ts";
import { fastReadsAnswered, PUBLIC_CACHE_CONTROL } from "../routes/public_reads.ts";
import { listingWritesIndexed } from "../services/directory/search/load.ts";

const PATH = "/api/v1/listings/invoicely";
/** Headers about one request, only on answers no shared cache keeps. */
const PER_REQUEST = [
  "x-request-id",
  "ratelimit-limit",
  "ratelimit-remaining",
  "ratelimit-reset",
  "ratelimit-policy",
];

async function get(app: Fixture["app"], path = PATH, headers: Record<string, string> = {}) {
  return await request(app, "GET", path, headers);
}

async function request(
  app: Fixture["app"],
  method: string,
  path: string,
  headers: Record<string, string> = {},
) {
  const res = await app.request(path, { method, headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

Deno.test("a cached profile is answered by the fast path with the normal chain's bytes and headers", async () => {
  const { app, deps, keys } = await buildFixture();
  const normal = await get(app); // a miss: the normal chain reads the profile and caches it
  assert.equal(normal.status, 200);
  assert.equal(fastReadsAnswered(deps.kv), 0);
  const fast = await get(app, PATH, { "x-request-id": "trace-42" });
  assert.equal(fastReadsAnswered(deps.kv), 1, "the second read is answered by the fast path");
  assert.equal(fast.text, normal.text);
  assert.deepEqual(Object.fromEntries(fast.headers), Object.fromEntries(normal.headers));
  for (const name of ["etag", "x-content-type-options", "access-control-expose-headers"]) {
    assert.ok(fast.headers.get(name), name);
  }
  assert.equal(fast.headers.get("cache-control"), PUBLIC_CACHE_CONTROL);
  assert.equal(fast.headers.get("access-control-allow-origin"), "*");
  // A CDN may keep it: nothing about this request (its id, the caller's remaining requests).
  for (const name of [...PER_REQUEST, "referrer-policy", "x-frame-options"]) {
    assert.equal(fast.headers.get(name), null, name);
    assert.equal(normal.headers.get(name), null, name);
  }

  // With a credential the normal chain answers: same bytes and ETag, but only for the caller.
  const keyed = await get(app, PATH, bearer(keys.ownerReadOnly));
  assert.equal(fastReadsAnswered(deps.kv), 1, "a request with Authorization is not taken");
  assert.equal(keyed.text, normal.text);
  assert.equal(keyed.headers.get("etag"), normal.headers.get("etag"));
  assert.equal(keyed.headers.get("cache-control"), "private, max-age=5");
  for (const name of PER_REQUEST) assert.ok(keyed.headers.get(name), name);
});

Deno.test("If-None-Match: 304 when current (fast and normal path), 200 when stale", async () => {
  const { app, deps, keys } = await buildFixture();
  const first = await get(app);
  const etag = first.headers.get("etag")!;
  assert.match(etag, /^"[\w-]+"$/);
  for (const given of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
    const fast = await get(app, PATH, { "if-none-match": given });
    assert.equal(fast.status, 304, given);
    assert.equal(fast.text, "");
    assert.equal(fast.headers.get("etag"), etag);
    assert.equal(fast.headers.get("cache-control"), PUBLIC_CACHE_CONTROL);
    assert.equal(fast.headers.get("ratelimit-limit"), null);
  }
  const answered = fastReadsAnswered(deps.kv);
  const keyed = await get(app, PATH, { ...bearer(keys.ownerReadOnly), "if-none-match": etag });
  assert.equal(fastReadsAnswered(deps.kv), answered);
  assert.equal(keyed.status, 304);
  assert.equal(keyed.text, "");
  assert.equal(keyed.headers.get("etag"), etag);
  assert.equal(keyed.headers.get("cache-control"), "private, max-age=5");
  const stale = await get(app, PATH, { "if-none-match": '"stale"' });
  assert.equal(stale.status, 200);
  assert.equal(stale.text, first.text);
});

Deno.test("the ETag changes once the listing is edited through the API", async () => {
  const { app, keys, listings } = await buildFixture();
  await get(app);
  const before = await get(app);
  const etag = before.headers.get("etag")!;
  const edit = await sendJson(app, "PATCH", `/api/v1/me/listings/${listings.invoicely.id}`, {
    fields: { tagline: "Invoices paid in a week" },
  }, bearer(keys.owner));
  assert.equal(edit.status, 200);
  assert.equal(edit.headers.get("cache-control"), "no-store");
  const after = await get(app, PATH, { "if-none-match": etag });
  assert.equal(after.status, 200);
  assert.notEqual(after.headers.get("etag"), etag);
  assert.equal(JSON.parse(after.text).tagline, "Invoices paid in a week");
});

Deno.test("HEAD is answered with the GET's headers and no body, on both paths", async () => {
  const { app, deps } = await buildFixture();
  const miss = await request(app, "HEAD", PATH);
  assert.equal(miss.status, 200);
  assert.equal(miss.text, "");
  const get1 = await get(app);
  const answered = fastReadsAnswered(deps.kv);
  const fast = await request(app, "HEAD", PATH);
  assert.equal(fastReadsAnswered(deps.kv), answered + 1);
  assert.equal(fast.status, 200);
  assert.equal(fast.text, "");
  assert.deepEqual(Object.fromEntries(fast.headers), Object.fromEntries(miss.headers));
  assert.equal(fast.headers.get("etag"), get1.headers.get("etag"));
  assert.equal(fast.headers.get("content-type"), "application/json");
});

Deno.test("Cache-Control: public on public reads, no-store on private answers and errors", async () => {
  const { app, keys } = await buildFixture();
  for (const path of ["/api/v1/categories", "/api/v1/listings?q=invoice", "/api/v1/openapi.json"]) {
    const res = await get(app, path);
    assert.equal(res.status, 200, path);
    assert.equal(res.headers.get("cache-control"), PUBLIC_CACHE_CONTROL, path);
    const again = await get(app, path, { "if-none-match": res.headers.get("etag")! });
    assert.equal(again.status, 304, path);
  }
  const mine = await get(app, "/api/v1/me/listings", bearer(keys.owner));
  assert.equal(mine.status, 200);
  assert.equal(mine.headers.get("cache-control"), "no-store");
  assert.equal(mine.headers.get("etag"), null);
  const missing = await get(app, "/api/v1/listings/no-such-listing");
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get("cache-control"), "no-store");
  const invalid = await get(app, "/api/v1/listings/Not_A_Slug");
  assert.equal(invalid.status, 400);
  assert.equal(invalid.headers.get("cache-control"), "no-store");
  const withQuery = await get(app, `${PATH}?x=1`);
  assert.equal(withQuery.status, 400, "a query the operation does not take is refused");
});

Deno.test("the fast path counts toward the anonymous rate limit: 429 past it", async () => {
  const { app, deps } = await buildFixture({
    rateLimit: { anonymousPerMinute: 20, perMinute: 300, trustProxy: true },
  });
  const from = { "x-forwarded-for": "203.0.113.7" };
  const statuses: number[] = [];
  for (let i = 0; i < 22; i++) statuses.push((await get(app, PATH, from)).status);
  assert.deepEqual(statuses, [...Array(20).fill(200), 429, 429]);
  assert.ok(fastReadsAnswered(deps.kv) >= 10, "most were answered by the fast path");
  const refused = await get(app, PATH, from);
  assert.equal(refused.status, 429);
  assert.ok(Number(refused.headers.get("retry-after")) >= 1);
  assert.equal(refused.headers.get("ratelimit-remaining"), "0");
  assert.equal(refused.headers.get("ratelimit-limit"), "20");
  assert.equal(refused.headers.get("cache-control"), "no-store");
  assert.equal((await get(app, PATH, { "x-forwarded-for": "203.0.113.8" })).status, 200);
});

Deno.test("a listing removed or no longer public is a 404 on the very next read", async () => {
  const { app, deps, listings } = await buildFixture();
  for (const status of ["removed", "draft"] as const) {
    await updateListing(deps.kv, listings.invoicely.id, () => ({ status: "live" }));
    await get(app);
    assert.equal((await get(app)).status, 200);
    await updateListing(deps.kv, listings.invoicely.id, () => ({ status }));
    assert.equal((await get(app)).status, 404, status);
    assert.equal((await request(app, "HEAD", PATH)).status, 404, status);
  }
});

Deno.test("a write told through notifyListingWrite (another instance's) drops the bytes", async () => {
  const { app, deps, listings } = await buildFixture();
  // Another instance: the same store through another handle, whose writes this one is not told.
  const other = new Proxy(deps.kv, {
    get: (target, name) => {
      const value = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  await get(app);
  const before = await get(app);
  await updateListing(other, listings.invoicely.id, () => ({ tagline: "Written elsewhere" }));
  const unseen = await get(app);
  assert.equal(unseen.text, before.text, "served from memory until told");
  notifyListingWrite(deps.kv, listings.invoicely.id);
  const seen = await get(app);
  assert.equal(JSON.parse(seen.text).tagline, "Written elsewhere");
  assert.notEqual(seen.headers.get("etag"), before.headers.get("etag"));
});

Deno.test("the fast path keeps the profile cache's TTL, refresh and day", async () => {
  const { app, deps } = await buildFixture();
  let clock = 0;
  const cache = profileCacheFor(deps.kv, { clock: () => clock });
  await get(app);
  await get(app);
  assert.equal(fastReadsAnswered(deps.kv), 1);
  const ttl = cache.ttlMs;
  clock = 0.8 * ttl; // last quarter: answered from memory, read again in the background
  await get(app);
  assert.equal(fastReadsAnswered(deps.kv), 2);
  await cache.refreshesDone();
  clock = 1.8 * ttl - 1; // the refreshed copy (stored at 0.8 TTL) is still valid, and refreshed again
  await get(app);
  assert.equal(fastReadsAnswered(deps.kv), 3);
  await cache.refreshesDone();
  clock = 2.8 * ttl - 1; // expired (stored at 1.8 TTL - 1): the normal chain reads it again
  await get(app);
  assert.equal(fastReadsAnswered(deps.kv), 3);
  const now = deps.now();
  (deps as { now: () => Date }).now = () => new Date(now.getTime() + 86_400_000);
  await get(app); // the next day is another variant (Domain Rating's trend): a miss
  assert.equal(fastReadsAnswered(deps.kv), 3);
});

Deno.test("an anonymous search asked again is answered before routing until the index changes", async () => {
  const { app, deps, listings } = await buildFixture();
  const path = "/api/v1/listings?q=invoice&per_page=5";
  const first = await get(app, path);
  assert.equal(first.status, 200);
  const answered = fastReadsAnswered(deps.kv);
  const again = await get(app, path);
  assert.equal(fastReadsAnswered(deps.kv), answered + 1, "the same search: kept");
  assert.equal(again.text, first.text);
  assert.deepEqual(Object.fromEntries(again.headers), Object.fromEntries(first.headers));
  const other = await get(app, "/api/v1/listings?q=invoice&per_page=4");
  assert.equal(fastReadsAnswered(deps.kv), answered + 1, "another query is not the kept one");
  assert.equal(other.status, 200);

  // A write moves the index: the kept answer is not served again, the new one is.
  await updateListing(deps.kv, listings.invoicely.id, () => ({ tagline: "Zebracorn invoices" }));
  await listingWritesIndexed(deps.search);
  const changed = await get(app, path);
  assert.equal(fastReadsAnswered(deps.kv), answered + 1);
  assert.match(changed.text, /Zebracorn invoices/);

  // Trending moves with time: never kept.
  const trending = "/api/v1/listings?q=invoice&sort=trending";
  await get(app, trending);
  await get(app, trending);
  assert.equal(fastReadsAnswered(deps.kv), answered + 1);
});
