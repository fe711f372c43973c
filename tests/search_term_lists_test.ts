import assert from "node:assert/strict";
import { SnapshotWriter } from "../services/directory/search/codec.ts";
import { SearchIndex } from "../services/directory/search/index.ts";
import { addDoc } from "../services/directory/search/index_state.ts";
import { readIndexSnapshot } from "../services/directory/search/index_snapshot.ts";
import { CORPUS_QUERIES, corpusDoc } from "./search_corpus.ts";

const LISTINGS = 2_000;

/** An index of the corpus and its snapshot's chunks. */
function corpusSnapshot(): { index: SearchIndex; chunks: () => Uint8Array[] } {
  const index = new SearchIndex();
  for (let n = 1; n <= LISTINGS; n++) index.upsert(corpusDoc(n));
  return {
    index,
    chunks: () => {
      const out = new SnapshotWriter();
      index.writeSnapshot(out);
      return out.finish().chunks;
    },
  };
}

function assertSameAnswers(actual: SearchIndex, expected: SearchIndex, when: string): void {
  assert.equal(actual.size, expected.size, when);
  for (const query of CORPUS_QUERIES) {
    assert.deepEqual(actual.search(query), expected.search(query), `${when}: ${query.q}`);
  }
}

Deno.test("a snapshot's term lists are built in slices; removals meanwhile stay exact", async () => {
  const { index: original, chunks } = corpusSnapshot();
  const copy = new SearchIndex();
  await copy.readSnapshot(chunks());
  // More removals of snapshot slots than the old one-pass build allowed before listing them all.
  const both = (change: (index: SearchIndex) => void) => [copy, original].forEach(change);
  for (let n = 1; n <= 80; n += 2) both((index) => index.remove(n));
  assertSameAnswers(copy, original, "removals answered from the postings");
  let pauses = 0;
  await copy.listTerms(() => {
    pauses++;
    // Between slices: removals (scanned), replacements and new listings.
    const n = 100 + pauses * 7;
    both((index) => index.remove(n));
    both((index) => index.upsert(corpusDoc(n + 1, { name: `Renamed ledger ${n}` })));
    both((index) => index.upsert(corpusDoc(LISTINGS + pauses)));
    assertSameAnswers(copy, original, `after slice ${pauses}`);
    return Promise.resolve();
  }, 2_000);
  assert.ok(pauses >= 10, `the build ran in slices (${pauses} pauses), not at the removals`);
  // Built: removals now read the lists, and every answer is still the original's.
  for (let n = 1_001; n <= 1_600; n += 3) both((index) => index.remove(n));
  both((index) => index.upsert(corpusDoc(1_700, { tagline: "A brand new phrase" })));
  assertSameAnswers(copy, original, "after the build");
  // Enough removals to compact the copy: the lists built are right for every slot.
  for (let n = 1_601; n <= LISTINGS; n++) both((index) => index.remove(n));
  for (let n = 200; n <= 900; n++) both((index) => index.remove(n));
  assertSameAnswers(copy, original, "after compaction");
});

Deno.test("a new index replacing a building one stops the build", async () => {
  const { chunks } = corpusSnapshot();
  const copy = new SearchIndex();
  await copy.readSnapshot(chunks());
  let pauses = 0;
  await copy.listTerms(async () => {
    if (++pauses === 2) await copy.readSnapshot(chunks());
  }, 2_000);
  assert.equal(pauses, 2);
});

Deno.test("after a snapshot is read, writes grow no slot column or per-term array", async () => {
  const { chunks } = corpusSnapshot();
  let pauses = 0;
  const state = await readIndexSnapshot(chunks(), () => {
    pauses++;
    return Promise.resolve();
  });
  assert.ok(pauses >= 20, `grown a column at a time (${pauses} pauses)`);
  const columns = state.slots.columns;
  const perTerm = [state.terms.df, state.terms.head];
  for (let n = 1; n <= LISTINGS / 2; n++) {
    addDoc(state, corpusDoc(LISTINGS + n, { name: `Zyx${n} Qwv${n}` })); // new slots, new terms
  }
  assert.equal(state.slots.columns, columns, "the same columns");
  assert.ok(Object.values(columns).every((column) => column.length >= 2 * LISTINGS));
  assert.deepEqual([state.terms.df, state.terms.head], perTerm, "the same per-term arrays");
});
