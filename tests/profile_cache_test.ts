/** get_listing's profile cache: same JSON as a fresh read, invalidated at once by local writes. */
import assert from "node:assert/strict";
import { getListingBySlug, updateListing } from "../kv/listings.ts";
import { getPublicListing, profileOf } from "../services/directory/listings.ts";
import { ProfileCache, profileCacheFor } from "../services/directory/profile_cache.ts";
import { getFounderRecord, putFounder } from "../kv/founders.ts";
import { putWeekAwards } from "../kv/awards.ts";
import { buildFixture, getJson, NOW } from "./fixtures.ts";
import { castVote, recordView } from "../kv/listing_stats.ts";
import { addListingUpdate, addReview } from "../kv/listing_feed.ts";

Deno.test("a cached profile is the JSON a fresh read gives, and frozen", async () => {
  const { app, deps } = await buildFixture();
  const cache = profileCacheFor(deps.kv);
  const first = await getJson(app, "/api/v1/listings/invoicely");
  assert.equal(first.status, 200);
  const hits = cache.hits;
  const second = await getJson(app, "/api/v1/listings/invoicely");
  assert.equal(cache.hits, hits + 1, "the second read is served from memory");
  assert.deepEqual(second.body, first.body);
  const listing = (await getListingBySlug(deps.kv, "invoicely"))!;
  assert.deepEqual(second.body, JSON.parse(JSON.stringify(await profileOf(deps, listing))));
  const shared = await getPublicListing(deps, "invoicely");
  assert.throws(() => (shared as { name: string }).name = "Changed", TypeError);
  assert.throws(() => shared.features.push("Changed"), TypeError);
});

Deno.test("writes made in this process are visible to the next read at once", async (t) => {
  const { app, deps, listings } = await buildFixture();
  const id = listings.invoicely.id;
  const profile = async (slug = "invoicely") => {
    const res = await getJson(app, `/api/v1/listings/${slug}`);
    assert.equal(res.status, 200);
    return res.body;
  };
  await t.step("listing fields", async () => {
    await profile();
    await updateListing(deps.kv, id, () => ({ tagline: "Paid in a week" }), NOW);
    assert.equal((await profile()).tagline, "Paid in a week");
  });
  await t.step("votes and views", async () => {
    const before = await profile();
    assert.ok(await castVote(deps.kv, id, "new-voter", NOW));
    assert.ok(await recordView(deps.kv, id, "new-visitor", NOW));
    const after = await profile();
    assert.equal(after.votes, before.votes + 1);
    assert.equal(after.views, before.views + 1);
  });
  await t.step("updates and reviews", async () => {
    const before = await profile();
    await addListingUpdate(deps.kv, id, { title: "v3", body: "Faster" }, NOW);
    await addReview(deps.kv, {
      id: "r-new",
      listing_id: id,
      user_id: "someone-new",
      author_name: "Someone",
      rating: 1,
      body: "Meh",
      flagged: false,
      created_at: NOW.toISOString(),
    });
    const after = await profile();
    assert.equal(after.latest_updates[0].title, "v3");
    assert.equal(after.community_rating.count, before.community_rating.count + 1);
  });
  await t.step("a new slug: the old one is a 404 at once", async () => {
    await updateListing(deps.kv, id, () => ({ slug: "invoicely-app" }), NOW);
    assert.equal((await getJson(app, "/api/v1/listings/invoicely")).status, 404);
    assert.equal((await profile("invoicely-app")).slug, "invoicely-app");
  });
  await t.step("a slug taken over by another listing reads that listing", async () => {
    await updateListing(deps.kv, listings.billwise.id, () => ({ slug: "invoicely" }), NOW);
    const body = await profile("invoicely");
    assert.equal(body.id, listings.billwise.id);
    assert.equal(body.name, "Billwise");
  });
  await t.step(
    "changed categories and founders are read, not the ones of the last read",
    async () => {
      await updateListing(deps.kv, id, () => ({
        extra_categories: ["accounting"],
        founder_slugs: ["zoe-muller", "ada-lovelace"],
      }), NOW);
      const body = await profile("invoicely-app");
      assert.deepEqual(body.categories.extra, [{ slug: "accounting", name: "Accounting" }]);
      assert.deepEqual(body.founders.map((f: { slug: string }) => f.slug), [
        "zoe-muller",
        "ada-lovelace",
      ]);
    },
  );
  await t.step("a removed listing is a 404 at once", async () => {
    await updateListing(deps.kv, id, () => ({ status: "removed" }), NOW);
    assert.equal((await getJson(app, "/api/v1/listings/invoicely-app")).status, 404);
  });
});

Deno.test("another instance's write shows within the TTL: refreshed while in demand, else expired", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/kv.sqlite3`;
  const { deps } = await buildFixture();
  // Two handles on one store play two instances: writes through `other` are not notified here.
  const source = (await getListingBySlug(deps.kv, "invoicely"))!;
  const here = await Deno.openKv(path);
  const other = await Deno.openKv(path);
  for await (const e of deps.kv.list({ prefix: [] })) await here.set(e.key, e.value);
  const local = { ...deps, kv: here };
  let now = 0;
  const cache = profileCacheFor(here, { clock: () => now });
  const tagline = async () => (await getPublicListing(local, "invoicely")).tagline;

  let storedAt = now;
  assert.equal(await tagline(), source.tagline);
  await updateListing(other, source.id, () => ({ tagline: "Changed elsewhere" }), NOW);
  assert.equal(await tagline(), source.tagline, "served from memory");
  // In the last quarter of its life, a request gets the cached copy and starts a refresh.
  now = storedAt + cache.ttlMs * 0.8;
  const hits = cache.hits;
  assert.equal(await tagline(), source.tagline);
  while ((await tagline()) !== "Changed elsewhere") {
    assert.ok(now < storedAt + cache.ttlMs * 0.98, "refreshed before expiring");
    await cache.refreshesDone();
    now += 10;
  }
  assert.ok(cache.hits > hits);
  // Not asked for, an entry just expires: the first read after the TTL reads KV.
  storedAt = now;
  await updateListing(other, source.id, () => ({ tagline: "Changed again" }), NOW);
  now = storedAt + cache.ttlMs + 10;
  const misses = cache.misses;
  assert.equal(await tagline(), "Changed again");
  assert.equal(cache.misses, misses + 1);
  here.close();
  other.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("ProfileCache: TTL, LRU bound, reads raced by a write, background refresh", () => {
  let now = 0;
  const cache = new ProfileCache<{ n: number }>({ ttlMs: 100, maxEntries: 2, clock: () => now });
  const put = (slug: string, id: number, n: number) => cache.set(slug, id, "v", { n }, 0);
  put("a", 1, 1);
  assert.deepEqual(cache.get("a", "v"), { n: 1 });
  assert.equal(cache.get("a", "other variant"), undefined, "another public URL or day misses");
  put("a", 1, 1);
  now = 100;
  assert.equal(cache.get("a", "v"), undefined, "expired after the TTL");
  put("a", 1, 1);
  put("b", 2, 2);
  now = 102; // entries move to the most recently used end at most every sixtieth of the TTL
  cache.get("a", "v"); // a is now the most recently used
  put("c", 3, 3);
  assert.equal(cache.size, 2);
  assert.equal(cache.get("b", "v"), undefined, "the least recently used went out");
  assert.deepEqual(cache.get("a", "v"), { n: 1 });
  // A read started before a write to its listing must not be stored after it.
  const ticket = cache.ticket();
  cache.invalidate(4);
  cache.set("d", 4, "v", { n: 4 }, ticket);
  assert.equal(cache.get("d", "v"), undefined);
  cache.set("d", 4, "v", { n: 4 }, cache.ticket());
  assert.deepEqual(cache.get("d", "v"), { n: 4 });
  cache.invalidate(4);
  assert.equal(cache.get("d", "v"), undefined);
  // Refresh in the background: only in the last quarter of the TTL, one at a time per slug.
  now = 1_000;
  put("e", 5, 5);
  assert.equal(cache.startRefresh("e"), false, "too young");
  now = 1_075;
  assert.equal(cache.startRefresh("e"), true);
  assert.equal(cache.startRefresh("e"), false, "already refreshing");
  cache.endRefresh("e");
  assert.equal(cache.startRefresh("e"), true);
  assert.equal(cache.startRefresh("nope"), false, "nothing cached");
});

Deno.test("a founder's profile or a new award is told as a write of the listing: the next read shows it", async () => {
  const { deps } = await buildFixture();
  const before = await getPublicListing(deps, "invoicely");
  const founder = (await getFounderRecord(deps.kv, "ada-lovelace"))!;
  assert.ok(founder.listing_ids.includes(before.id));
  await putFounder(deps.kv, { ...founder, bio: "Wrote the first program." });
  const afterFounder = await getPublicListing(deps, "invoicely");
  assert.equal(afterFounder.founders[0].bio, "Wrote the first program.");

  const awardsBefore = afterFounder.awards.length;
  await putWeekAwards(deps.kv, "2026-10-05", [
    {
      week: "2026-10-05",
      place: 1,
      listing_id: before.id,
      votes: 9,
      awarded_at: NOW.toISOString(),
    },
  ]);
  assert.equal((await getPublicListing(deps, "invoicely")).awards.length, awardsBefore + 1);
});
