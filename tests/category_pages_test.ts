/**
 * getCategory keeps the pages it read: served for CATEGORY_PAGE_TTL_MS while nothing moves them, a
 * page asked for in the last quarter of that read again in the background while the kept copy is
 * served, and a listing write, a category write here or a move of the search index make the next
 * read fresh. The clock is the fixture's (injected); a category written "by another instance" goes
 * through a second handle on the same store, which this process's category generation does not see.
 */
import assert from "node:assert/strict";
import { buildFixture, type Fixture } from "./fixtures.ts";
import { getCategoryRecord, putCategory } from "../kv/categories.ts";
import { updateListing } from "../kv/listings.ts";
import {
  CATEGORY_PAGE_TTL_MS,
  categoryRefreshesDone,
  getCategory,
} from "../services/directory/categories.ts";

const QUERY = { page: 1, per_page: 5 };

function setClock(fixture: Fixture, ms: number) {
  (fixture.deps as { now: () => Date }).now = () => new Date(ms);
}

/** Another instance's handle on the same store: its category writes move nothing here. */
function otherInstance(kv: Deno.Kv): Deno.Kv {
  return new Proxy(kv, {
    get(target, name) {
      const value = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const read = (fixture: Fixture) => getCategory(fixture.deps, "invoicing", QUERY);

/**
 * A fixture whose invoicing page was read at `start` (the clock then stopped there), after which
 * another instance renamed the category to "Invoices and bills".
 */
async function keptThenRenamedElsewhere() {
  const fixture = await buildFixture();
  const start = fixture.deps.now().getTime();
  setClock(fixture, start);
  const first = await read(fixture);
  const record = await getCategoryRecord(fixture.deps.kv, "invoicing");
  assert.ok(record);
  await putCategory(otherInstance(fixture.deps.kv), { ...record, name: "Invoices and bills" });
  return { fixture, start, first };
}

Deno.test("a page asked for in the last quarter of its life is read again while the kept one is served", async () => {
  const { fixture, start, first } = await keptThenRenamedElsewhere();

  setClock(fixture, start + CATEGORY_PAGE_TTL_MS * 0.75 - 1);
  assert.equal(await read(fixture), first, "kept, not yet refreshed");
  await categoryRefreshesDone(fixture.deps.kv);
  assert.equal(await read(fixture), first, "no refresh before the last quarter");

  const refreshedAt = start + CATEGORY_PAGE_TTL_MS * 0.75;
  setClock(fixture, refreshedAt);
  assert.equal(await read(fixture), first, "the kept page is served while it is read again");
  await categoryRefreshesDone(fixture.deps.kv);
  const refreshed = await read(fixture);
  assert.notEqual(refreshed, first);
  assert.equal(refreshed.name, "Invoices and bills");

  // The refreshed page lives from when its read began.
  setClock(fixture, refreshedAt + CATEGORY_PAGE_TTL_MS * 0.75 - 1);
  assert.equal(await read(fixture), refreshed);
});

Deno.test("a page not asked for in its last quarter ends with CATEGORY_PAGE_TTL_MS", async () => {
  const { fixture, start, first } = await keptThenRenamedElsewhere();
  setClock(fixture, start + CATEGORY_PAGE_TTL_MS);
  const next = await read(fixture);
  assert.notEqual(next, first);
  assert.equal(next.name, "Invoices and bills", "read again in the request once ended");
});

Deno.test("a listing write, a category write here or a move of the search index make the next page read fresh", async () => {
  const fixture = await buildFixture();
  const { deps, listings } = fixture;
  let kept = await read(fixture);
  assert.equal(await read(fixture), kept);

  await updateListing(deps.kv, listings.invoicely.id, () => ({ tagline: "Kept no longer" }));
  const afterListing = await read(fixture);
  assert.notEqual(afterListing, kept);
  assert.ok(afterListing.items.some((item) => item.tagline === "Kept no longer"));

  kept = afterListing;
  const record = await getCategoryRecord(deps.kv, "invoicing");
  assert.ok(record);
  await putCategory(deps.kv, { ...record, name: "Invoices and bills" });
  const afterCategory = await read(fixture);
  assert.notEqual(afterCategory, kept);
  assert.equal(afterCategory.name, "Invoices and bills");

  assert.equal(await read(fixture), afterCategory);
  deps.search.updateCounts(listings.invoicely.id, { votes: 1_000 });
  assert.notEqual(await read(fixture), afterCategory, "after the search index moved");
});

Deno.test("pages are kept by category, page and page size", async () => {
  const fixture = await buildFixture();
  const one = await read(fixture);
  const other = await getCategory(fixture.deps, "invoicing", { page: 1, per_page: 1 });
  assert.notEqual(other, one);
  assert.equal(other.items.length, 1);
  assert.equal(await read(fixture), one);
  await assert.rejects(getCategory(fixture.deps, "no-such-category", QUERY), /no-such-category/);
});
