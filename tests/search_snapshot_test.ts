import assert from "node:assert/strict";
import { getListing, importListings, updateListing } from "../kv/listings.ts";
import { castVote } from "../kv/listing_stats.ts";
import { listingKey, searchSnapshotChunkKey } from "../kv/keys.ts";
import {
  beginSnapshot,
  readSnapshotHead,
  type SearchSnapshotHead,
  writeSnapshotChunks,
} from "../kv/search_snapshot.ts";
import { seedReferenceData } from "../services/platform/reference.ts";
import { SearchIndex } from "../services/directory/search/index.ts";
import { SnapshotWriter } from "../services/directory/search/codec.ts";
import { followListingWrites, loadSearchIndex } from "../services/directory/search/load.ts";
import {
  saveSearchSnapshot,
  SNAPSHOT_FORMAT,
  startSearchIndex,
} from "../services/directory/search/snapshot.ts";
import { CORPUS_QUERIES, corpusDoc, corpusInput, searchQuery } from "./search_corpus.ts";

const NOW = new Date("2026-11-18T12:00:00Z");
const SILENT = 999;
const TRENDING = new Map([[3, 9], [12, 4], [27, 9], [44, 1]]);

/** Asserts that two indexes answer every corpus query alike. */
function assertSameAnswers(actual: SearchIndex, expected: SearchIndex): void {
  assert.equal(actual.size, expected.size);
  for (const query of CORPUS_QUERIES) {
    const options = { trending: TRENDING };
    assert.deepEqual(actual.search(query, options), expected.search(query, options), query.q);
  }
  assert.deepEqual(actual.list({ category: "finance" }), expected.list({ category: "finance" }));
}

async function roundTrip(index: SearchIndex, chunkBytes?: number): Promise<SearchIndex> {
  const out = new SnapshotWriter(chunkBytes);
  index.writeSnapshot(out);
  const copy = new SearchIndex();
  await copy.readSnapshot(out.finish().chunks);
  return copy;
}

Deno.test("a snapshot round trip answers every query as the original", async (t) => {
  const index = new SearchIndex();
  for (let n = 1; n <= 3_000; n++) index.upsert(corpusDoc(n));
  // Enough removals to compact (dead slots renumbered), then more dead slots and replacements.
  for (let n = 1; n <= 3_000; n += 3) index.remove(n);
  for (let n = 2; n <= 600; n += 6) index.remove(n);
  for (let n = 3; n <= 300; n += 3) index.upsert(corpusDoc(n, { name: `Renamed kanban ${n}` }));
  index.updateCounts(9, { votes: 5_000, views: 7, follows: 3 });

  await t.step("identical answers after the round trip", async () => {
    assertSameAnswers(await roundTrip(index), index);
    // Tiny chunks: every section crosses chunk boundaries.
    assertSameAnswers(await roundTrip(index, 64), index);
  });

  await t.step("the restored index takes writes and compacts like the original", async () => {
    const copy = await roundTrip(index);
    for (const target of [index, copy]) {
      for (let n = 3_001; n <= 3_050; n++) target.upsert(corpusDoc(n));
      for (let n = 3; n <= 3_000; n += 3) target.remove(n); // compacts again
      target.upsert(corpusDoc(5, { name: "Invoice payroll five" }));
    }
    assertSameAnswers(copy, index);
    assertSameAnswers(await roundTrip(copy), index);
  });

  await t.step("an empty index round trips", async () => {
    const empty = await roundTrip(new SearchIndex());
    assert.equal(empty.size, 0);
    assert.deepEqual(empty.search(searchQuery("invoice")), { items: [], total: 0 });
  });
});

interface Store {
  kv: Deno.Kv;
  /** An index loaded in full and following writes, as a running instance has it. */
  live: SearchIndex;
}

async function store(listings: number): Promise<Store> {
  const kv = await Deno.openKv(":memory:");
  await seedReferenceData(kv, NOW);
  // 30 at a time: a full import batch of 40 has more checks than one atomic write allows.
  for (let from = 1; from <= listings; from += 30) {
    const count = Math.min(30, listings - from + 1);
    await importListings(kv, Array.from({ length: count }, (_, k) => corpusInput(from + k)), NOW);
  }
  const live = new SearchIndex();
  followListingWrites(kv, live);
  await loadSearchIndex(kv, live);
  return { kv, live };
}

/** A new instance's index started from the store, and one loaded in full for comparison. */
async function restart(kv: Deno.Kv, now = new Date()): Promise<[SearchIndex, SearchIndex]> {
  const started = new SearchIndex();
  followListingWrites(kv, started);
  await startSearchIndex(kv, started, { now: () => now });
  const full = new SearchIndex();
  await loadSearchIndex(kv, full);
  return [started, full];
}

/** Listing 999 written behind the index's back (no change record): only a full load sees it. */
async function addSilently(kv: Deno.Kv): Promise<void> {
  const listing = (await getListing(kv, 1))!;
  await kv.set(listingKey(SILENT), {
    ...listing,
    id: SILENT,
    slug: "silent",
    domain: "silent.example",
  });
}

async function head(kv: Deno.Kv): Promise<SearchSnapshotHead> {
  const value = (await readSnapshotHead(kv)).value;
  assert.ok(value);
  return value;
}

async function snapshotIds(kv: Deno.Kv): Promise<string[]> {
  const ids = new Set<string>();
  for await (const { key } of kv.list({ prefix: ["search_snapshot"] })) ids.add(key[1] as string);
  return [...ids];
}

Deno.test("start loads the snapshot and catches up with the writes since", async () => {
  const { kv, live } = await store(400);
  try {
    assert.equal(await saveSearchSnapshot(kv, live, { now: NOW }), "saved");
    const saved = await head(kv);
    assert.equal(saved.format, SNAPSHOT_FORMAT);
    assert.equal(saved.listings, live.size);
    assert.ok(saved.chunks >= 2, "the corpus spans several chunks");
    // Writes after the snapshot, each with its change record.
    await updateListing(kv, 7, () => ({ name: "Zebra ledger renamed" }), NOW);
    const [added] = await importListings(kv, [corpusInput(401, { name: "Quokka invoice" })], NOW);
    await updateListing(kv, 12, () => ({ status: "removed" }), NOW);
    await castVote(kv, 3, "voter-a", NOW);
    await castVote(kv, 3, "voter-b", NOW);
    await addSilently(kv);

    const [started, full] = await restart(kv);
    assert.equal(started.summary(7)?.name, "Zebra ledger renamed");
    assert.equal(started.summary(added.id)?.name, "Quokka invoice");
    assert.equal(started.summary(12), undefined);
    assert.equal(started.summary(3)?.votes, live.summary(3)?.votes);
    assert.equal(started.summary(3)?.votes, 2);
    // Listing 999 came without a change record: only a full load has it, so the snapshot was used.
    assert.equal(started.summary(SILENT), undefined);
    assert.ok(full.summary(SILENT));
    full.remove(SILENT);
    assertSameAnswers(started, full);
    assert.equal((await head(kv)).id, saved.id, "no new snapshot after a snapshot start");
  } finally {
    kv.close();
  }
});

Deno.test("a write made while the snapshot loads is not lost", async () => {
  const { kv, live } = await store(60);
  try {
    await saveSearchSnapshot(kv, live, { now: NOW });
    const started = new SearchIndex();
    followListingWrites(kv, started);
    const starting = startSearchIndex(kv, started);
    await updateListing(kv, 4, () => ({ name: "Written while loading" }), NOW);
    await starting;
    assert.equal(started.summary(4)?.name, "Written while loading");
  } finally {
    kv.close();
  }
});

Deno.test("an unusable snapshot falls back to the full load, then saves one", async (t) => {
  const { kv, live } = await store(400);
  try {
    await addSilently(kv);
    const damage: [string, (h: SearchSnapshotHead) => Promise<unknown>][] = [
      ["another format", (h) => kv.set(["search_snapshot_head"], { ...h, format: 999 })],
      [
        "a cursor older than the change records",
        (h) => kv.set(["search_snapshot_head"], { ...h, cursor_ms: Date.now() - 6 * 3_600_000 }),
      ],
      ["a missing chunk", (h) => kv.delete(searchSnapshotChunkKey(h.id, h.chunks - 1))],
      ["corrupt bytes", async (h) => {
        const key = searchSnapshotChunkKey(h.id, 1);
        const bytes = (await kv.get<Uint8Array>(key)).value!;
        bytes[100] ^= 0xff;
        await kv.set(key, bytes);
      }],
    ];
    for (const [name, spoil] of damage) {
      await t.step(name, async () => {
        await saveSearchSnapshot(kv, live, { now: NOW, force: true });
        const before = await head(kv);
        await spoil(before);
        const [started, full] = await restart(kv);
        assert.ok(started.summary(SILENT), "loaded in full");
        assertSameAnswers(started, full);
        const after = await head(kv);
        assert.notEqual(after.id, before.id, "a new snapshot was saved");
        assert.equal(after.format, SNAPSHOT_FORMAT);
        assert.deepEqual(await snapshotIds(kv), [after.id]);
      });
    }
  } finally {
    kv.close();
  }
});

Deno.test("saves: skipped while fresh, crashed ones cleaned up, racing ones settle", async (t) => {
  const { kv, live } = await store(400);
  try {
    await t.step("an index not loaded yet is not saved", async () => {
      assert.equal(await saveSearchSnapshot(kv, new SearchIndex(), { now: NOW }), "not-loaded");
    });

    await t.step("a snapshot younger than 10 minutes is kept unless forced", async () => {
      assert.equal(await saveSearchSnapshot(kv, live, { now: NOW }), "saved");
      const later = new Date(NOW.getTime() + 9 * 60_000);
      assert.equal(await saveSearchSnapshot(kv, live, { now: later }), "fresh");
      assert.equal(await saveSearchSnapshot(kv, live, { now: later, force: true }), "saved");
      const next = new Date(NOW.getTime() + 20 * 60_000);
      assert.equal(await saveSearchSnapshot(kv, live, { now: next }), "saved");
      assert.equal((await snapshotIds(kv)).length, 1, "previous snapshots are deleted");
    });

    await t.step("a crashed save leaves the snapshot loadable; the next deletes it", async () => {
      const current = await head(kv);
      const crashedAt = new Date(NOW.getTime() + 21 * 60_000);
      await beginSnapshot(kv, "crashed", crashedAt);
      await writeSnapshotChunks(kv, "crashed", [new Uint8Array(60_000), new Uint8Array(500)]);
      await addSilently(kv);
      const [started] = await restart(kv);
      assert.equal(started.summary(SILENT), undefined, "the previous snapshot was loaded");
      assert.equal((await head(kv)).id, current.id);
      // Too recent to be a crash (it may be another instance's save): kept.
      const soon = new Date(crashedAt.getTime() + 11 * 60_000);
      assert.equal(await saveSearchSnapshot(kv, live, { now: soon }), "saved");
      assert.ok((await snapshotIds(kv)).includes("crashed"));
      const late = new Date(crashedAt.getTime() + 31 * 60_000);
      assert.equal(await saveSearchSnapshot(kv, live, { now: late }), "saved");
      assert.deepEqual(await snapshotIds(kv), [(await head(kv)).id]);
      assert.equal(
        (await Array.fromAsync(kv.list({ prefix: ["search_snapshot_pending"] }))).length,
        0,
      );
    });

    await t.step("two saves at once leave one consistent head", async () => {
      const other = new SearchIndex();
      await loadSearchIndex(kv, other);
      const at = new Date(NOW.getTime() + 90 * 60_000);
      const results = await Promise.all([
        saveSearchSnapshot(kv, live, { now: at }),
        saveSearchSnapshot(kv, other, { now: at }),
      ]);
      assert.deepEqual(results.sort(), ["lost", "saved"]);
      const winner = await head(kv);
      assert.deepEqual(await snapshotIds(kv), [winner.id]);
      assert.equal(
        (await Array.fromAsync(kv.list({ prefix: ["search_snapshot_pending"] }))).length,
        0,
      );
      const [started, full] = await restart(kv);
      for (const index of [started, full]) index.remove(SILENT);
      assertSameAnswers(started, full);
    });
  } finally {
    kv.close();
  }
});
