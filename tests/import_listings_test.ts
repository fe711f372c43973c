/** importListings: many new listings in few atomic writes, with the same keys createListing writes. */
import assert from "node:assert/strict";
import { seedReferenceData } from "../services/platform/reference.ts";
import {
  createListing,
  getListingByDomain,
  getListingBySlug,
  IMPORT_BATCH,
  importListings,
  ListingConflictError,
} from "../kv/listings.ts";
import { statusCountKey } from "../kv/keys.ts";
import { readListingChanges } from "../kv/listing_changes.ts";
import { listingInput, NOW } from "./fixtures.ts";

async function store() {
  const kv = await Deno.openKv(":memory:");
  await seedReferenceData(kv, NOW);
  return kv;
}

const inputs = (count: number, prefix: string) =>
  Array.from(
    { length: count },
    (_, k) =>
      listingInput(`${prefix} ${k}`, { url: `https://${prefix.toLowerCase()}${k}.example` }),
  );

Deno.test("imports listings in batches with consecutive ids, indexes, counters and change records", async () => {
  const kv = await store();
  const count = 2 * IMPORT_BATCH + 5;
  const created = await importListings(kv, inputs(count, "Bulk"), NOW);
  assert.deepEqual(created.map((l) => l.id), Array.from({ length: count }, (_, k) => k + 1));
  for (const listing of [created[0], created[IMPORT_BATCH], created[count - 1]]) {
    assert.equal((await getListingBySlug(kv, listing.slug))?.id, listing.id);
    assert.equal((await getListingByDomain(kv, listing.url))?.id, listing.id);
  }
  assert.equal((await kv.get<Deno.KvU64>(statusCountKey("draft"))).value?.value, BigInt(count));
  assert.equal((await readListingChanges(kv, 0)).length, count);
  // createListing carries on after them.
  assert.equal((await createListing(kv, listingInput("After"), NOW)).id, count + 1);
  kv.close();
});

Deno.test("a batch with a taken domain or slug falls back to one at a time: numbered slugs, a conflict", async () => {
  const kv = await store();
  await createListing(kv, listingInput("Bulk 1", { url: "https://bulk1.example" }), NOW);
  const batch = inputs(2, "Bulk").map((input, k) =>
    k === 1 ? { ...input, url: "https://fresh.example" } : input
  );
  // "Bulk 0" is new; "Bulk 1" (its slug taken, on a new domain) becomes bulk-1-2.
  const created = await importListings(kv, batch, NOW);
  assert.deepEqual(created.map((l) => l.slug), ["bulk-0", "bulk-1-2"]);
  await assert.rejects(
    importListings(kv, [listingInput("Other", { url: "https://bulk1.example/x" })], NOW),
    ListingConflictError,
  );
  kv.close();
});
