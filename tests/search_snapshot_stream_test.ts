import assert from "node:assert/strict";
import { readSnapshotChunks, writeSnapshotChunks } from "../kv/search_snapshot.ts";
import { SnapshotReader, SnapshotWriter } from "../services/directory/search/codec.ts";
import { SearchIndex } from "../services/directory/search/index.ts";
import { followListingWrites } from "../services/directory/search/load.ts";
import { saveSearchSnapshot, startSearchIndex } from "../services/directory/search/snapshot.ts";
import { createApp } from "../routes/app.ts";
import { buildFixture, NOW } from "./fixtures.ts";

/** A pause that holds every caller until `open()`; `reached` resolves at the first call. */
function gatedPause() {
  const reached = Promise.withResolvers<void>();
  const held: (() => void)[] = [];
  let opened = false;
  let calls = 0;
  return {
    reached: reached.promise,
    get calls() {
      return calls;
    },
    pause: (): Promise<void> => {
      calls++;
      reached.resolve();
      return opened ? Promise.resolve() : new Promise((resolve) => held.push(resolve));
    },
    open: () => {
      opened = true;
      for (const release of held.splice(0)) release();
    },
  };
}

Deno.test("a save drops each batch of chunks once it is written", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const chunks = Array.from({ length: 30 }, (_, k) => new Uint8Array(8).fill(k));
    const held: number[] = [];
    await writeSnapshotChunks(kv, "s", chunks, () => {
      held.push(chunks.length);
      return Promise.resolve();
    });
    // 12 chunks a write: after each write the caller's list no longer holds that batch.
    assert.deepEqual(held, [18, 6, 0]);
    const head = { id: "s", format: 1, created_at: "", cursor_ms: 0, chunks: 30, bytes: 240 };
    const read = await readSnapshotChunks(kv, { ...head, listings: 0 });
    assert.deepEqual(read.map((chunk) => chunk[0]), Array.from({ length: 30 }, (_, k) => k));
  } finally {
    kv.close();
  }
});

Deno.test("a frozen array is chunked as views of itself and reads back whole", () => {
  const values = Int32Array.from({ length: 1_000 }, (_, k) => k * 7 - 3);
  const out = new SnapshotWriter(64);
  out.number(42);
  out.frozenArray(values);
  out.string("after");
  const { chunks } = out.finish();
  const views = chunks.filter((chunk) => chunk.buffer === values.buffer);
  // 4,000 bytes in chunks of 64: all but the last partial chunk are views, not copies.
  assert.equal(views.length, 62);
  const input = new SnapshotReader(chunks);
  assert.equal(input.number(), 42);
  assert.deepEqual(input.array(Int32Array), values);
  assert.equal(input.string(), "after");
  input.end();
});

Deno.test("requests are answered while the snapshot installs; search waits for it", async () => {
  const { deps } = await buildFixture();
  try {
    assert.equal(await saveSearchSnapshot(deps.kv, deps.search, { now: NOW }), "saved");
    const search = new SearchIndex();
    followListingWrites(deps.kv, search);
    const app = createApp({ ...deps, search });
    const gate = gatedPause();
    const started = startSearchIndex(deps.kv, search, { now: () => NOW, pause: gate.pause });
    await gate.reached; // the install is held at its first pause
    let searched = false;
    const searching = Promise.resolve(app.request("/api/v1/listings?q=invoicely")).then(
      (response) => {
        searched = true;
        return response;
      },
    );
    const site = await app.request("/api/v1/site");
    assert.equal(site.status, 200);
    await site.body?.cancel();
    const profile = await app.request("/api/v1/listings/invoicely");
    assert.equal(profile.status, 200);
    await profile.body?.cancel();
    assert.equal(searched, false, "search waits for the index");
    gate.open();
    const response = await searching;
    assert.equal(response.status, 200);
    assert.equal((await response.json()).items[0].slug, "invoicely");
    await started;
    // After the checksum and after each section (summaries, slots, vocabulary).
    assert.ok(gate.calls >= 4, `${gate.calls} pauses`);
  } finally {
    deps.kv.close();
  }
});
