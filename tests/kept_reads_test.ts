/**
 * Kept answers of the public reads that declare their freshness (list_categories, get_category):
 * answered before routing with the normal chain's bytes and headers, and never past what moves
 * them (a listing or category write, the search index's version, the category tree's TTL); never
 * to a credential; 304 and HEAD as the normal chain. publicJson serializes a kept object once.
 */
import assert from "node:assert/strict";
import { Hono } from "hono";
import { bearer, buildFixture, type Fixture } from "./fixtures.ts";
import { updateListing } from "../kv/listings.ts";
import { notifyListingWrite } from "../kv/listing_changes.ts";
import { getCategoryRecord, putCategory } from "../kv/categories.ts";
import { fastReadsAnswered, PUBLIC_CACHE_CONTROL, publicJson } from "../routes/public_reads.ts";
import { CATEGORY_PAGE_TTL_MS, CATEGORY_TREE_TTL_MS } from "../services/directory/categories.ts";
import { defineOperation } from "../routes/api/v1/operation.ts";

const TREE = "/api/v1/categories";
const PAGE = "/api/v1/categories/invoicing?per_page=5";

async function get(app: Fixture["app"], path: string, init: RequestInit = {}) {
  const res = await app.request(path, init);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/**
 * Reads `path` until it is kept: the first answer (the normal chain's on a fresh fixture) and the
 * third, answered before routing (the tree's first read keeps nothing: no tree was kept before it).
 */
async function warm(fixture: Fixture, path: string) {
  const first = await get(fixture.app, path);
  await get(fixture.app, path);
  const answered = fastReadsAnswered(fixture.deps.kv);
  const fast = await get(fixture.app, path);
  assert.equal(fastReadsAnswered(fixture.deps.kv), answered + 1, `${path} is answered kept`);
  assert.equal(fast.text, first.text);
  return { normal: first, fast };
}

/** Asserts that the next read of `path` takes the normal chain, and returns it. */
async function notKept(fixture: Fixture, path: string, why: string) {
  const answered = fastReadsAnswered(fixture.deps.kv);
  const res = await get(fixture.app, path);
  assert.equal(fastReadsAnswered(fixture.deps.kv), answered, `${path}: ${why}`);
  assert.equal(res.status, 200);
  return res;
}

function setClock(fixture: Fixture, ms: number) {
  (fixture.deps as { now: () => Date }).now = () => new Date(ms);
}

Deno.test("a kept category read has the normal chain's bytes and headers; 304 and HEAD too", async () => {
  const fixture = await buildFixture();
  for (const path of [TREE, PAGE]) {
    const answered0 = fastReadsAnswered(fixture.deps.kv);
    const { normal, fast } = await warm(fixture, path);
    assert.equal(fastReadsAnswered(fixture.deps.kv), answered0 + 1 + Number(path === PAGE));
    assert.equal(fast.status, 200);
    assert.equal(fast.text, normal.text);
    assert.deepEqual(Object.fromEntries(fast.headers), Object.fromEntries(normal.headers));
    assert.equal(fast.headers.get("cache-control"), PUBLIC_CACHE_CONTROL);
    assert.equal(fast.headers.get("x-request-id"), null);

    const etag = normal.headers.get("etag")!;
    const answered = fastReadsAnswered(fixture.deps.kv);
    const unchanged = await get(fixture.app, path, { headers: { "if-none-match": `W/${etag}` } });
    assert.equal(unchanged.status, 304);
    assert.equal(unchanged.text, "");
    assert.equal(unchanged.headers.get("etag"), etag);
    const head = await get(fixture.app, path, { method: "HEAD" });
    assert.equal(fastReadsAnswered(fixture.deps.kv), answered + 2, "304 and HEAD kept");
    assert.equal(head.status, 200);
    assert.equal(head.text, "");
    assert.equal(head.headers.get("etag"), etag);
    assert.equal(head.headers.get("content-type"), "application/json");
  }
});

Deno.test("a kept category read is never handed to a credential", async () => {
  const fixture = await buildFixture();
  for (const path of [TREE, PAGE]) {
    const { normal } = await warm(fixture, path);
    const answered = fastReadsAnswered(fixture.deps.kv);
    const keyed = await get(fixture.app, path, { headers: bearer(fixture.keys.ownerReadOnly) });
    assert.equal(fastReadsAnswered(fixture.deps.kv), answered);
    assert.equal(keyed.text, normal.text);
    assert.equal(keyed.headers.get("cache-control"), "private, max-age=5");
    assert.ok(keyed.headers.get("ratelimit-limit"));
  }
});

Deno.test("a listing written here or told by another instance makes the next category read fresh", async () => {
  const fixture = await buildFixture();
  const { deps, listings } = fixture;
  await warm(fixture, TREE);
  await warm(fixture, PAGE);
  await updateListing(deps.kv, listings.invoicely.id, () => ({ tagline: "Kept no longer" }));
  assert.match((await notKept(fixture, PAGE, "after a listing write")).text, /Kept no longer/);
  await notKept(fixture, TREE, "after a listing write");
  await warm(fixture, TREE);
  await warm(fixture, PAGE);
  notifyListingWrite(deps.kv, listings.invoicely.id); // another instance's write, told by its poll
  await notKept(fixture, TREE, "after a write told by another instance");
  await notKept(fixture, PAGE, "after a write told by another instance");
});

Deno.test("a category written here or a move of the search index makes the next read fresh", async () => {
  const fixture = await buildFixture();
  const { deps, listings } = fixture;
  await warm(fixture, TREE);
  await warm(fixture, PAGE);
  const record = await getCategoryRecord(deps.kv, "invoicing");
  assert.ok(record);
  await putCategory(deps.kv, { ...record, name: "Invoices and bills" });
  assert.match((await notKept(fixture, PAGE, "after a category write")).text, /Invoices and bills/);
  assert.match((await notKept(fixture, TREE, "after a category write")).text, /Invoices and bills/);
  await warm(fixture, PAGE);
  deps.search.updateCounts(listings.invoicely.id, { votes: 1_000 });
  await notKept(fixture, PAGE, "after the search index moved");
});

Deno.test("a kept category read ends with the category tree's TTL, a page's with what is left of it", async () => {
  const fixture = await buildFixture();
  const start = fixture.deps.now().getTime();
  setClock(fixture, start);
  await warm(fixture, TREE);
  await warm(fixture, PAGE);
  // A page is served by getCategory up to CATEGORY_PAGE_TTL_MS old: its kept answer lives the rest.
  const ends = [[TREE, CATEGORY_TREE_TTL_MS], [PAGE, CATEGORY_TREE_TTL_MS - CATEGORY_PAGE_TTL_MS]];
  for (const [path, ttl] of ends as [string, number][]) {
    setClock(fixture, start + ttl - 1);
    const answered = fastReadsAnswered(fixture.deps.kv);
    await get(fixture.app, path);
    assert.equal(fastReadsAnswered(fixture.deps.kv), answered + 1, `${path} within its end`);
    setClock(fixture, start + ttl);
    await notKept(fixture, path, `${path}: its end is reached`);
  }
});

Deno.test("a public read that declares no freshness is never kept", async () => {
  const fixture = await buildFixture();
  for (let i = 0; i < 3; i++) await notKept(fixture, "/api/v1/site", "get_site_info declares none");
  assert.throws(
    () =>
      defineOperation({
        operationId: "kept_write",
        method: "post",
        path: "/kept",
        access: "public",
        tag: "Test",
        summary: "A write",
        description: "A write may not be kept.",
        status: 200,
        freshness: () => ({ token: 1, until: Infinity }),
      }),
    /only a public GET read may declare freshness/,
  );
});

Deno.test("publicJson serializes and hashes a returned object once", async () => {
  const kept = { items: [{ slug: "invoicing" }], total: 1 };
  const app = new Hono().get("/", (c) => publicJson(c, kept, 200));
  const stringify = JSON.stringify;
  let calls = 0;
  JSON.stringify = ((...args: Parameters<typeof stringify>) => {
    if (args[0] === kept) calls++;
    return stringify(...args);
  }) as typeof JSON.stringify;
  try {
    const first = await app.request("/");
    const second = await app.request("/");
    assert.equal(await second.text(), await first.text());
    assert.equal(second.headers.get("etag"), first.headers.get("etag"));
  } finally {
    JSON.stringify = stringify;
  }
  assert.equal(calls, 1);
});
