/**
 * Listing change records: every listing write carries one in its own atomic write, and a follower
 * on another store handle (another instance) tells its listeners, once per record, never its own.
 */
import assert from "node:assert/strict";
import { seedReferenceData } from "../services/platform/reference.ts";
import { loadConfig } from "../services/platform/config.ts";
import { createListing, updateListing, updateListingState } from "../kv/listings.ts";
import {
  CHANGE_OVERLAP_MS,
  commitListingWrite,
  onListingWrite,
  readListingChanges,
  stageListingChanges,
} from "../kv/listing_changes.ts";
import { ListingChangeFollower } from "../services/directory/listing_changes.ts";
import { followListingWrites, listingWritesIndexed } from "../services/directory/search/load.ts";
import { SearchIndex } from "../services/directory/search/index.ts";
import { listingInput, NOW } from "./fixtures.ts";

/** Two handles on one store file: two instances, as far as the change records are concerned. */
async function twoInstances() {
  const dir = await Deno.makeTempDir({ prefix: "listing_changes_" });
  const path = `${dir}/kv.sqlite3`;
  const a = await Deno.openKv(path);
  await seedReferenceData(a, NOW);
  // Opened once the schema and reference data are written (an opening store takes a lock).
  const b = await Deno.openKv(path);
  return {
    a,
    b,
    async [Symbol.asyncDispose]() {
      a.close();
      b.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

Deno.test("a listing write on one instance is told to the other's listeners once, after a poll", async () => {
  await using stores = await twoInstances();
  const { a, b } = stores;
  let clock = Date.now();
  const follower = new ListingChangeFollower(b, { clock: () => clock });
  const toldOnB: number[] = [];
  onListingWrite(b, (id) => toldOnB.push(id));

  const listing = await createListing(a, listingInput("Ledgerbox"), NOW);
  assert.deepEqual(toldOnB, [], "B hears of A's write only through the records");
  clock += 250;
  assert.deepEqual(await follower.poll(), 1);
  assert.deepEqual(toldOnB, [listing.id]);

  clock += 250;
  assert.deepEqual(await follower.poll(), 0, "a record is told once");
  await updateListing(a, listing.id, () => ({ tagline: "Books for agencies" }), NOW);
  await updateListing(a, listing.id, () => ({ tagline: "Books for small agencies" }), NOW);
  clock += 250;
  assert.deepEqual(await follower.poll(), 2);
  assert.deepEqual(toldOnB, [listing.id, listing.id, listing.id]);

  // B's own write is told to B at its commit, and its record is not told again by B's follower.
  await updateListing(b, listing.id, () => ({ tagline: "Written on B" }), NOW);
  assert.deepEqual(toldOnB.length, 4);
  clock += 250;
  assert.deepEqual(await follower.poll(), 0);
  assert.deepEqual(toldOnB.length, 4);
});

Deno.test("a record stamped before the follower's cursor but committed late is still told", async () => {
  await using stores = await twoInstances();
  const { a, b } = stores;
  const listing = await createListing(a, listingInput("Taskpilot"), NOW);
  let clock = Date.now() + 1_000;
  const follower = new ListingChangeFollower(b, { clock: () => clock });
  await follower.poll(); // the cursor is now past the record's stamp below
  const told: number[] = [];
  onListingWrite(b, (id) => told.push(id));

  // A write on A whose clock runs behind, or whose commit took a while: stamped 3 s ago.
  const op = a.atomic().set(["test_marker"], 1);
  stageListingChanges(a, op, [listing.id], clock - 3_000);
  assert.ok((await op.commit()).ok);
  clock += 250;
  assert.deepEqual(await follower.poll(), 1);
  assert.deepEqual(told, [listing.id]);
  assert.ok(follower.cursor - CHANGE_OVERLAP_MS < clock - 3_000);
});

Deno.test("a failed listing write leaves no change record and tells no one", async () => {
  await using stores = await twoInstances();
  const { a } = stores;
  const listing = await createListing(a, listingInput("Billwise"), NOW);
  const before = await readListingChanges(a, 0);
  const told: number[] = [];
  onListingWrite(a, (id) => told.push(id));
  const op = a.atomic().check({ key: ["listings", listing.id], versionstamp: null }).set(["x"], 1);
  const result = await commitListingWrite(a, op, [listing.id]);
  assert.deepEqual(result.ok, false);
  assert.deepEqual(told, []);
  assert.deepEqual((await readListingChanges(a, 0)).length, before.length);
  assert.deepEqual(before.map((c) => c.id), [listing.id]);
});

Deno.test("stats-only writes (votes, views) carry a record too, so other instances' counts follow", async () => {
  await using stores = await twoInstances();
  const { a, b } = stores;
  const listing = await createListing(a, listingInput("Soonapp"), NOW);
  await updateListingState(a, listing.id, ({ listing, stats }) => ({
    listing: { ...listing, status: "live", launched_at: NOW.toISOString() },
    stats,
  }));
  const index = new SearchIndex();
  followListingWrites(b, index);
  const follower = new ListingChangeFollower(b, { clock: () => Date.now() - 60_000 });
  await follower.poll();
  await listingWritesIndexed(index);
  assert.deepEqual(index.summary(listing.id)?.votes, 0);

  await updateListingState(a, listing.id, ({ listing, stats }) => ({
    listing,
    stats: { ...stats, votes: 7 },
  }));
  await follower.poll();
  await listingWritesIndexed(index);
  assert.deepEqual(index.summary(listing.id)?.votes, 7, "B's index follows A's vote count");
});

Deno.test("LISTING_CHANGES_POLL_MS sets the follower's interval; a bad value stops the start", () => {
  assert.equal(loadConfig(() => undefined).listingChangesPollMs, 250);
  const env = (value: string) => (name: string) =>
    name === "LISTING_CHANGES_POLL_MS" ? value : undefined;
  assert.equal(loadConfig(env("100")).listingChangesPollMs, 100);
  assert.throws(() => loadConfig(env("0")), /LISTING_CHANGES_POLL_MS/);
  assert.throws(() => loadConfig(env("fast")), /LISTING_CHANGES_POLL_MS/);
});
