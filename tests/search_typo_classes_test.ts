import assert from "node:assert/strict";
import { SearchIndex } from "../services/directory/search/index.ts";
import type { SearchDoc } from "../services/directory/search/types.ts";
import { corpusDoc, searchQuery } from "./search_corpus.ts";
import { respellings, twoChangeRespellings } from "../services/directory/search/text.ts";

const FILLER = "share notes with the team and track tasks from one simple board every week";

/** Product 1 with the given text, among 40 listings that hold the query's words elsewhere. */
function crowded(product: Partial<SearchDoc>, rival: (id: number) => Partial<SearchDoc>) {
  const index = new SearchIndex();
  const doc = (id: number, text: Partial<SearchDoc>) =>
    corpusDoc(id, { name: `Item${id}`, tagline: "", description: "", keywords: [], ...text });
  index.upsert(doc(1, product));
  for (let id = 100; id < 140; id++) index.upsert(doc(id, rival(id)));
  return index;
}

function firstId(index: SearchIndex, q: string): number | undefined {
  return index.search(searchQuery(q)).items[0]?.id;
}

Deno.test("respellings by sound: -ite/-ight, thru/through, ur/ear, and two changes", () => {
  assert.ok(respellings("niteowl").includes("nightowl"));
  assert.ok(respellings("nightowl").includes("niteowl"));
  assert.ok(respellings("thruput").includes("throughput"));
  assert.ok(respellings("surch").includes("search"));
  assert.ok(twoChangeRespellings("surchlite").includes("searchlight"));
  // Two changes never repeat a one-change respelling nor the word itself, and are bounded.
  assert.ok(!twoChangeRespellings("surchlite").includes("searchlite"));
  assert.ok(!twoChangeRespellings("fotofix").includes("fotofix"));
  assert.ok(twoChangeRespellings("ssssssssssssssssssss").length <= 32);
});

Deno.test("a name spelt by sound finds its listing among look-alikes", async (t) => {
  const rival = (id: number) => ({ name: `Zorb${id}`, description: `${FILLER} owl night light` });
  for (
    const [q, name, tagline] of [
      ["Niteowl", "Nightowl", "Dark mode for every website"],
      ["thruput", "Throughput", "Engineering metrics without the surveillance"],
      ["Surchlite", "Searchlight", "Find what your site search misses"],
    ]
  ) {
    await t.step(`${q} → ${name}`, () => {
      assert.equal(firstId(crowded({ name, tagline }, rival), q), 1);
    });
  }
});

Deno.test("a plural word typed in two finds the listing saying it joined", () => {
  const index = crowded(
    { name: "Hookcatch", tagline: "Inspect and replay webhooks", keywords: ["testing"] },
    (id) => ({ name: `Zorb${id}`, description: `${FILLER} web page hook testing` }),
  );
  // The joined singular is a term too (in a listing without the query's other word).
  index.upsert(corpusDoc(2, { name: "Relay", tagline: "Forward every webhook", keywords: [] }));
  assert.equal(firstId(index, "web hook tester"), 1);
});
