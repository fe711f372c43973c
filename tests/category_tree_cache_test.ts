/**
 * list_categories is read at most once per CATEGORY_TREE_TTL_MS while nothing is written: counts
 * changed behind its back show after the TTL, a listing write or a category write shows at once.
 */
import assert from "node:assert/strict";
import { CATEGORY_TREE_TTL_MS, listCategories } from "../services/directory/categories.ts";
import { notifyListingWrite } from "../kv/listing_changes.ts";
import { getCategoryRecord, putCategory } from "../kv/categories.ts";
import { categoryCountKey } from "../kv/keys.ts";
import { buildFixture } from "./fixtures.ts";

const countOf = (tree: Awaited<ReturnType<typeof listCategories>>, slug: string) =>
  tree.items.flatMap((top) => [top, ...top.subcategories]).find((c) => c.slug === slug)
    ?.live_listing_count;

Deno.test("the category tree is kept for its TTL and dropped by a listing or category write", async () => {
  const { deps } = await buildFixture();
  let now = deps.now().getTime();
  const clocked = { ...deps, now: () => new Date(now) };
  const first = await listCategories(clocked, true);
  const slug = first.items[0].slug;
  const before = countOf(first, slug)!;
  // A count moved in KV without a listing write through this process: kept until the TTL ends.
  await deps.kv.set(categoryCountKey(slug), new Deno.KvU64(BigInt(before + 7)));
  now += CATEGORY_TREE_TTL_MS - 1;
  assert.equal(countOf(await listCategories(clocked, true), slug), before);
  now += 1;
  assert.equal(countOf(await listCategories(clocked, true), slug), before + 7);
  // A listing write (here or told by another instance) drops it at once.
  await deps.kv.set(categoryCountKey(slug), new Deno.KvU64(BigInt(before + 9)));
  notifyListingWrite(deps.kv, 1);
  assert.equal(countOf(await listCategories(clocked, true), slug), before + 9);
  // So does a category written here.
  const record = await getCategoryRecord(deps.kv, slug);
  assert.ok(record);
  await putCategory(deps.kv, { ...record, name: "Renamed" });
  assert.equal((await listCategories(clocked, true)).items[0].name, "Renamed");
});
