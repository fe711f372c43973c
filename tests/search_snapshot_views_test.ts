import assert from "node:assert/strict";
import { SnapshotReader, SnapshotWriter } from "../services/directory/search/codec.ts";
import { Deletions } from "../services/directory/search/deletions.ts";
import { SearchIndex } from "../services/directory/search/index.ts";
import { ValueIds } from "../services/directory/search/values.ts";
import { corpusDoc, searchQuery } from "./search_corpus.ts";

/** The terms a table visits for `hash`, in order. */
function termsOf(table: Deletions, hash: number): number[] {
  const out: number[] = [];
  table.forEachTerm(hash, (term) => out.push(term));
  return out;
}

/** A table written to a snapshot and read back. */
function reread(table: Deletions): Deletions {
  const out = new SnapshotWriter(64);
  table.writeSnapshot(out);
  const copy = new Deletions();
  const input = new SnapshotReader(out.finish().chunks);
  copy.readSnapshot(input);
  input.end();
  return copy;
}

Deno.test("an array that fits in one chunk is read as a view of it, not a copy", () => {
  const out = new SnapshotWriter(64);
  out.number(7);
  out.array(Int32Array.from({ length: 10 }, (_, k) => k)); // 40 bytes: fits after the number
  out.array(Int32Array.from({ length: 12 }, (_, k) => -k - 1)); // 48 bytes: starts the next chunk
  out.array(Int32Array.from({ length: 40 }, (_, k) => k * k)); // longer than a chunk
  const { chunks } = out.finish();
  const held = [...chunks];
  const input = new SnapshotReader(chunks);
  assert.equal(input.number(), 7);
  const first = input.array(Int32Array);
  const second = input.array(Int32Array);
  const third = input.array(Int32Array);
  input.end();
  assert.deepEqual([...first], Array.from({ length: 10 }, (_, k) => k));
  assert.deepEqual([...second], Array.from({ length: 12 }, (_, k) => -k - 1));
  assert.deepEqual([...third], Array.from({ length: 40 }, (_, k) => k * k));
  assert.equal(first.buffer, held[0].buffer, "a view of the first chunk");
  assert.equal(second.buffer, held[1].buffer, "a view of the second chunk");
  assert.ok(held.every((chunk) => chunk.buffer !== third.buffer), "a copy: it spans chunks");
});

Deno.test("the deletion table reads back grouped and visits terms newest first", () => {
  const hashes = [5, 21, 5, 37, 5, 21, -11, 5];
  const chained = new Deletions();
  hashes.forEach((hash, term) => chained.add(hash, term));
  const grouped = reread(chained);
  // New entries after the snapshot come first, then the snapshot's, as in one chained table.
  for (const table of [chained, grouped]) {
    table.add(5, 100);
    table.add(-11, 101);
  }
  for (const hash of [5, 21, 37, -11, 99]) {
    assert.deepEqual(termsOf(grouped, hash), termsOf(chained, hash), `hash ${hash}`);
  }
  assert.deepEqual(termsOf(chained, 5), [100, 7, 4, 2, 0]);
  // Written again (its grouped and chained entries merged), the order stays.
  const again = reread(grouped);
  for (const hash of [5, 21, 37, -11]) {
    assert.deepEqual(termsOf(again, hash), termsOf(chained, hash));
  }
});

Deno.test("a restored index corrects typos of old and new words like the original", async () => {
  const index = new SearchIndex();
  for (let n = 1; n <= 400; n++) index.upsert(corpusDoc(n));
  const out = new SnapshotWriter();
  index.writeSnapshot(out);
  const copy = new SearchIndex();
  await copy.readSnapshot(out.finish().chunks);
  // Enough new words after the restore that the new entries' table grows.
  for (const target of [index, copy]) {
    for (let n = 401; n <= 1_400; n++) {
      target.upsert(corpusDoc(n, { name: `Quorvex${n} zentrifuge`, tagline: `plimbus${n}` }));
    }
  }
  for (const q of ["zentrifug", "quorvex1234", "plimbus77", "invioce", "kanbna", "payrol"]) {
    assert.deepEqual(copy.search(searchQuery(q)), index.search(searchQuery(q)), q);
  }
  assert.ok(copy.search(searchQuery("zentrifug")).total > 0);
});

Deno.test("a restored index removes its snapshot's listings like the original", async () => {
  const index = new SearchIndex();
  for (let n = 1; n <= 600; n++) index.upsert(corpusDoc(n));
  const out = new SnapshotWriter();
  index.writeSnapshot(out);
  const copy = new SearchIndex();
  await copy.readSnapshot(out.finish().chunks);
  const queries = ["invoice", "kanban", "payroll", "budget", "invoicing tool"];
  const same = (step: string) => {
    for (const q of queries) {
      assert.deepEqual(copy.search(searchQuery(q)), index.search(searchQuery(q)), `${step}: ${q}`);
    }
  };
  // A few removals and replacements: their terms found by scanning the postings.
  for (const target of [index, copy]) {
    for (let n = 1; n <= 10; n++) target.remove(n);
    for (let n = 11; n <= 20; n++) target.upsert(corpusDoc(n, { name: `Invoice kanban ${n}` }));
  }
  same("scanned");
  // Many more: the term lists are built once, then used.
  for (const target of [index, copy]) for (let n = 21; n <= 300; n++) target.remove(n);
  same("listed");
});

Deno.test("a restored index that holds dead slots compacts like the original", async () => {
  // 4,000 listings, 1,000 removed: a quarter dead but under the 1,024 that start a compaction, so
  // the snapshot holds dead slots among the ones whose term lists a restore does not build.
  const index = new SearchIndex();
  for (let n = 1; n <= 4_000; n++) index.upsert(corpusDoc(n));
  for (let n = 1; n <= 4_000; n += 4) index.remove(n);
  const out = new SnapshotWriter();
  index.writeSnapshot(out);
  const copy = new SearchIndex();
  await copy.readSnapshot(out.finish().chunks);
  // 30 more removals: the compaction runs after the 24th, before 32 removals build the lists.
  for (const target of [index, copy]) for (let n = 2; n <= 120; n += 4) target.remove(n);
  // Removing listings after the compaction uses their renumbered term lists.
  for (const target of [index, copy]) for (let n = 3; n <= 400; n += 4) target.remove(n);
  for (const q of ["invoice", "kanban", "payroll", "budget", "invoicing tool"]) {
    assert.deepEqual(copy.search(searchQuery(q)), index.search(searchQuery(q)), q);
  }
});

Deno.test("filter values read back keep their ids, and new ones follow", () => {
  const values = new ValueIds();
  const known = ["acme.example", "münchen.example", "", "b.example", "zürich"];
  for (const value of known) values.idOf(value);
  const out = new SnapshotWriter(64);
  values.writeSnapshot(out);
  const input = new SnapshotReader(out.finish().chunks);
  const copy = ValueIds.readSnapshot(input);
  input.end();
  known.forEach((value, id) => assert.equal(copy.get(value), id, value));
  assert.equal(copy.get("unknown.example"), undefined);
  assert.equal(copy.idOf("new.example"), known.length);
  assert.equal(copy.idOf("acme.example"), 0);
  assert.deepEqual([...copy.entries()], [...known, "new.example"].map((value, id) => [value, id]));
});
