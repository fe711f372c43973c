import assert from "node:assert/strict";
import { SearchIndex } from "../services/directory/search/index.ts";
import type { ListingSummary } from "../services/directory/summary.ts";
import { corpusDoc, searchQuery } from "./search_corpus.ts";

function ids(result: { items: ListingSummary[] }): number[] {
  return result.items.map((item) => item.id);
}

function corpus(count: number): SearchIndex {
  const index = new SearchIndex();
  for (let n = 1; n <= count; n++) index.upsert(corpusDoc(n));
  return index;
}

Deno.test("a domain filter reads the listing with that domain", async (t) => {
  const index = corpus(40);
  const byDomain = (domain: string, extra = {}) =>
    index.search(searchQuery("", { domain, ...extra }));

  await t.step("any URL form of the domain finds the listing", () => {
    for (
      const form of [
        "corpus7.example",
        "CORPUS7.EXAMPLE.",
        "https://www.corpus7.example/pricing?x=1#top",
        "http://user@corpus7.example:8080",
        "  www.Corpus7.example/ ",
      ]
    ) {
      const result = byDomain(form);
      assert.deepEqual(ids(result), [7], form);
      assert.equal(result.total, 1);
    }
    assert.deepEqual(index.list({ domain: "https://corpus7.example" }).map((s) => s.id), [7]);
  });

  await t.step("the other filters, text and status still apply", () => {
    const seven = corpusDoc(7);
    assert.deepEqual(ids(byDomain("corpus7.example", { stage: seven.stage })), [7]);
    assert.deepEqual(ids(byDomain("corpus7.example", { country: "xx" })), []);
    assert.equal(byDomain("corpus7.example", { pricing_model: "nope" }).total, 0);
    assert.equal(byDomain("corpus7.example", { category: "task-management" }).total, 0);
    assert.equal(byDomain("corpus7.example", { status: "upcoming" }).total, 0);
    assert.deepEqual(ids(byDomain("corpus10.example", { status: "upcoming" })), [10]);
    assert.equal(byDomain("corpus10.example").total, 0); // scheduled, not live
    const word = seven.name.split(" ")[0];
    assert.deepEqual(ids(index.search(searchQuery(word, { domain: "corpus7.example" }))), [7]);
    assert.equal(index.search(searchQuery("zzzz", { domain: "corpus7.example" })).total, 0);
    assert.deepEqual(ids(byDomain("corpus7.example", { page: 2 })), []);
    assert.equal(byDomain("corpus7.example", { page: 2 }).total, 1);
  });

  await t.step("an unknown domain matches nothing", () => {
    assert.deepEqual(byDomain("unknown.example"), { items: [], total: 0 });
  });

  await t.step("a removed listing is gone; a moved domain follows its listing", () => {
    index.remove(7);
    assert.equal(byDomain("corpus7.example").total, 0);
    index.upsert(corpusDoc(8, { domain: "moved.example" }));
    assert.equal(byDomain("corpus8.example").total, 0);
    assert.deepEqual(ids(byDomain("moved.example")), [8]);
    index.upsert(corpusDoc(7, { domain: "corpus7.example" }));
    assert.deepEqual(ids(byDomain("www.corpus7.example")), [7]);
  });
});

Deno.test("domain lookups stay right when the index compacts itself", () => {
  const index = corpus(2_000);
  // Remove most listings: the index compacts, renumbering the survivors' slots.
  for (let n = 1; n <= 2_000; n++) if (n % 4 !== 0) index.remove(n);
  for (let n = 4; n <= 2_000; n += 4) {
    const status = n % 5 === 0 ? "upcoming" : "live";
    assert.deepEqual(ids(index.search(searchQuery("", { domain: `corpus${n}.example`, status }))), [
      n,
    ]);
  }
  assert.equal(index.search(searchQuery("", { domain: "corpus5.example" })).total, 0);
  assert.equal(index.search(searchQuery("", { domain: "corpus6.example" })).total, 0);
});
