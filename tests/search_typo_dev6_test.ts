/**
 * The classes of the sixth development typo set (bench/typo_dev6.json): a word typed in two with
 * a typo in a half, a plural or singular typed wrong, and listings sharing the name the query is.
 */
import assert from "node:assert/strict";
import { SearchIndex } from "../services/directory/search/index.ts";
import type { SearchDoc } from "../services/directory/search/types.ts";
import { corpusDoc, searchQuery } from "./search_corpus.ts";

const FILLER = "share notes with the team and track tasks from one simple board every week";

/** An index of `docs` (ids 1, 2, ...) among 40 rivals named Zorb100... with filler text. */
function indexOf(docs: Partial<SearchDoc>[]): SearchIndex {
  const index = new SearchIndex();
  const doc = (id: number, text: Partial<SearchDoc>) =>
    corpusDoc(id, { name: `Item${id}`, tagline: "", description: "", keywords: [], ...text });
  docs.forEach((product, k) => index.upsert(doc(k + 1, product)));
  for (let id = 100; id < 140; id++) {
    index.upsert(doc(id, { name: `Zorb${id}`, description: FILLER, votes: 0 }));
  }
  return index;
}

function names(index: SearchIndex, q: string): string[] {
  return index.search(searchQuery(q)).items.map((item) => item.name);
}

Deno.test("a word typed in two with a typo in a half finds the joined name", async (t) => {
  const index = indexOf([
    { name: "Nightshift", tagline: "On-call scheduling for engineers" },
    // Says both halves correctly, so it beat the joined name when only they were read.
    { name: "Shift Planner", tagline: "Night and day shift rotas for shops" },
    { name: "Docuflow", tagline: "Document approvals for legal teams" },
    { name: "Flowmap", tagline: "Flow charts and docs for teams" },
  ]);
  for (const [q, name] of [["night shfit", "Nightshift"], ["docu flwo", "Docuflow"]]) {
    await t.step(`${q} → ${name}`, () => assert.equal(names(index, q)[0], name));
  }
  // Both halves known and joined unknown: nothing is corrected ("shift planner" is exact).
  assert.equal(names(index, "shift planner")[0], "Shift Planner");
});

Deno.test("a plural or singular typed wrong finds the other form", async (t) => {
  const index = indexOf([
    { name: "Snippets", tagline: "Code snippets for your team" },
    { name: "Pagelet", tagline: "One-page sites for events" },
  ]);
  // "snippet" is no term: the typed word's plural is one edit from "snippets". ("paeglets" is
  // two edits from "pagelet", which long words were already allowed.)
  for (const [q, name] of [["snipet", "Snippets"], ["paeglets", "Pagelet"]]) {
    await t.step(`${q} → ${name}`, () => assert.equal(names(index, q)[0], name));
  }
  await t.step("a correction by a double letter brings its plural", () => {
    const index = indexOf([
      { name: "Snippets", tagline: "Code library for your team" },
      { name: "Clipper", tagline: "Save a snippet from any page" },
    ]);
    assert.ok(names(index, "snipet").includes("Snippets"));
  });
});

Deno.test("listings sharing the name typed: the better known first", async (t) => {
  const popular = {
    name: "Pulse",
    tagline: "Uptime monitoring for SaaS",
    description: "Monitor endpoints from ten regions.",
  };
  // Says the name again in its tagline: the text alone ranks it first.
  const rival = {
    name: "Pulse",
    tagline: "Weekly team pulse surveys",
    description: "Ask your team five questions every Friday.",
  };
  await t.step("more votes wins the tie", () => {
    const index = indexOf([{ ...popular, votes: 400 }, { ...rival, votes: 3 }]);
    assert.deepEqual(names(index, "Pulse").slice(0, 2), ["Pulse", "Pulse"]);
    assert.equal(index.search(searchQuery("Pulse")).items[0].id, 1);
    assert.equal(index.search(searchQuery("Pluse")).items[0].id, 1);
  });
  await t.step("equal votes keep the text's order", () => {
    const index = indexOf([{ ...popular, votes: 5 }, { ...rival, votes: 5 }]);
    assert.equal(index.search(searchQuery("Pulse")).items[0].id, 2);
  });
  await t.step("a query that is more than the name is ranked by its text", () => {
    const index = indexOf([{ ...popular, votes: 400 }, { ...rival, votes: 3 }]);
    assert.equal(index.search(searchQuery("pulse surveys")).items[0].id, 2);
  });
});
