import assert from "node:assert/strict";
import { SearchIndex } from "../services/directory/search/index.ts";
import type { SearchDoc } from "../services/directory/search/types.ts";
import { corpusDoc, searchQuery } from "./search_corpus.ts";
import { respellings, splitJoined, wordForms } from "../services/directory/search/text.ts";

const FILLER = "share notes with the team and track tasks from one simple board every week";

/** A listing with the given text and nothing else searchable. */
function listing(id: number, text: Partial<SearchDoc>): SearchDoc {
  return corpusDoc(id, { name: `Item${id}`, tagline: "", description: "", keywords: [], ...text });
}

/**
 * A product about "invoicing for plumbers" (id 1), and many listings that have one query word in their name and the other only deep in a long
 * description (ids 100 and up), as a large directory of generic names has.
 */
function directory(): SearchIndex {
  const index = new SearchIndex();
  index.upsert(listing(1, {
    name: "Pipebill",
    tagline: "Invoicing for plumbers",
    keywords: ["invoicing", "plumbers", "quotes"],
    description: "Pipebill sends invoices and quotes for plumbers from the van.",
  }));
  for (let id = 100; id < 140; id++) {
    index.upsert(listing(id, {
      name: `Zorb${id} Plumbers`,
      tagline: "A tool for small teams",
      description: `${FILLER} ${FILLER} and invoicing ${FILLER}`,
    }));
  }
  for (let id = 200; id < 260; id++) {
    index.upsert(listing(id, { name: `Quill${id}`, description: FILLER }));
  }
  return index;
}

function firstIds(index: SearchIndex, q: string, count = 1): number[] {
  return index.search(searchQuery(q)).items.slice(0, count).map((item) => item.id);
}

Deno.test("a product about every query word outranks one word in many names", async (t) => {
  const index = directory();
  await t.step("exact words", () => {
    assert.deepEqual(firstIds(index, "invoicing for plumbers"), [1]);
  });
  await t.step("a misspelled word corrected", () => {
    assert.deepEqual(firstIds(index, "invoicing for plumbrs"), [1]);
    assert.deepEqual(firstIds(index, "invoicng plumbers"), [1]);
  });
  await t.step("the last word typed as a prefix", () => {
    assert.deepEqual(firstIds(index, "invoicing plumb"), [1]);
  });
});

Deno.test("naming a product whole still ranks it first", () => {
  const index = directory();
  index.upsert(listing(2, {
    name: "Plumbers",
    tagline: "Find a plumber near you",
    description: "A directory of plumbers near you.",
  }));
  // Id 2's whole name is the query; id 1 is about plumbers but named otherwise.
  assert.deepEqual(firstIds(index, "plumbers"), [2]);
  assert.deepEqual(firstIds(index, "Pipebil"), [1]);
});

Deno.test("a listing write changes the answer to a query asked before (no stale variants)", () => {
  const index = directory();
  assert.equal(index.search(searchQuery("zebrafish")).total, 0);
  index.upsert(listing(3, { name: "Zebrafish", tagline: "Lab notebooks" }));
  assert.deepEqual(firstIds(index, "zebrafish"), [3]);
  // A correction appears once the vocabulary has it, and goes with it.
  assert.deepEqual(firstIds(index, "zebrafsh"), [3]);
  index.remove(3);
  assert.equal(index.search(searchQuery("zebrafish")).total, 0);
  assert.equal(index.search(searchQuery("zebrafsh")).total, 0);
});

/**
 * A product whose tagline says "newsletter platform" (id 1), and many listings named "... Newsletter"
 * whose tagline also has "platform", but not next to it: name hits alone would put them first.
 */
function newsletterDirectory(tagline: string): SearchIndex {
  const index = new SearchIndex();
  index.upsert(listing(1, { name: "Letterpress", tagline, keywords: ["writers"] }));
  for (let id = 100; id < 140; id++) {
    index.upsert(listing(id, {
      name: `Zorb${id} Newsletter`,
      tagline: "A platform that grows with small teams",
      description: FILLER,
    }));
  }
  for (let id = 200; id < 260; id++) {
    index.upsert(listing(id, { name: `Quill${id}`, description: `${FILLER} newsletter platform` }));
  }
  return index;
}

Deno.test("the query's words side by side in a tagline rank the product first", async (t) => {
  await t.step("in order, stopwords between skipped, a word misspelled", () => {
    const index = newsletterDirectory("The newsletter platform for independent writers");
    assert.deepEqual(firstIds(index, "newsletter platform"), [1]);
    assert.deepEqual(firstIds(index, "newsleter platform"), [1]);
    const crm = newsletterDirectory("Newsletter and platform tools");
    assert.deepEqual(firstIds(crm, "newsletter platform"), [1]);
  });
  await t.step("the same words apart or reversed do not count as the phrase", () => {
    const apart = newsletterDirectory("A platform for writers who send a weekly newsletter");
    assert.notDeepEqual(firstIds(apart, "newsletter platform"), [1]);
    const reversed = newsletterDirectory("Platform newsletter tools");
    assert.notDeepEqual(firstIds(reversed, "newsletter platform"), [1]);
  });
});

Deno.test("a name of a few words is found typed as one word", () => {
  const index = directory();
  index.upsert(
    listing(5, { name: "Recipe Box", tagline: "Your recipes, organised", status: "live" }),
  );
  index.upsert(listing(6, { name: "One Two Three Four", tagline: "Counting", status: "live" }));
  assert.deepEqual(firstIds(index, "Recipebox"), [5]);
  assert.deepEqual(firstIds(index, "recipe box"), [5]);
  assert.deepEqual(firstIds(index, "Recipebx"), [5]);
  // Longer names are not joined.
  assert.equal(index.search(searchQuery("onetwothreefour")).total, 0);
});

Deno.test("a word typed in two matches it joined, and a word spelt by sound finds its listing", () => {
  const index = directory();
  index.upsert(listing(7, { name: "Metricly", tagline: "Dashboard for startups", status: "live" }));
  index.upsert(
    listing(8, { name: "Photofix", tagline: "Fix photos in one click", status: "live" }),
  );
  // Has each typed word on its own, but is not a dashboard.
  index.upsert(listing(9, {
    name: "Sprintly",
    tagline: "A dash of planning on a board, for startups",
    status: "live",
  }));
  assert.deepEqual(firstIds(index, "dash board for startups"), [7]);
  assert.deepEqual(firstIds(index, "Fotofix"), [8]);
  assert.deepEqual(firstIds(index, "fotofix photos"), [8]);
  // A respelling is only tried when nothing is spelt like the word.
  assert.equal(index.search(searchQuery("zzqxv")).total, 0);
});

Deno.test("respellings change one sound at a time, both ways", () => {
  assert.ok(respellings("fotofix").includes("photofix"));
  assert.ok(respellings("kloud").includes("cloud"));
  assert.ok(respellings("photo").includes("foto"));
  assert.ok(!respellings("fotofix").includes("fotofix"));
  assert.ok(respellings("ssssssssssssssssssss").length <= 16);
});

/** Product 1 with the given text, among 40 listings that hold the query's words elsewhere. */
function crowded(product: Partial<SearchDoc>, rival: (id: number) => Partial<SearchDoc>) {
  const index = new SearchIndex();
  index.upsert(listing(1, product));
  for (let id = 100; id < 140; id++) index.upsert(listing(id, rival(id)));
  return index;
}

Deno.test("another form of a query word matches: plural, -ing, -er", async (t) => {
  await t.step("the forms of a word", () => {
    assert.ok(wordForms("apis").includes("api"));
    assert.ok(wordForms("tracker").includes("tracking"));
    assert.ok(wordForms("planners").includes("planning"));
    assert.ok(wordForms("categories").includes("category"));
    assert.ok(!wordForms("tracker").includes("tracker"));
    // The bare stem is a word of its own.
    assert.ok(!wordForms("tracker").includes("track"));
  });
  await t.step("a product saying the singular outranks names with the plural only", () => {
    const index = crowded(
      { name: "Lingopipe", tagline: "Translation API for product teams", keywords: ["api"] },
      (id) => ({ name: `Zorb${id} APIs`, description: `${FILLER} translation ${FILLER}` }),
    );
    assert.deepEqual(firstIds(index, "translation apis"), [1]);
  });
});

Deno.test("two words typed without a space are split into known words", async (t) => {
  await t.step("the split whose rarer half is the most frequent; stopwords are no half", () => {
    const df = new Map([["uptime", 5], ["monitor", 9], ["up", 50], ["teams", 9]]);
    const frequency = (word: string) => df.get(word) ?? 0;
    assert.deepEqual(splitJoined("uptimemonitor", frequency), ["uptime", "monitor"]);
    assert.equal(splitJoined("forteams", frequency), null);
    assert.equal(splitJoined("zzqxvw", frequency), null);
  });
  await t.step("an unknown joined word finds the product saying both", () => {
    const index = crowded(
      { name: "Pulsewatch", tagline: "Uptime monitor with SMS alerts" },
      (id) => ({ name: `Zorb${id}`, description: `${FILLER} uptime` }),
    );
    assert.deepEqual(firstIds(index, "uptimemonitor"), [1]);
    // A known word is never split.
    index.upsert(listing(2, { name: "Uptimemonitor", tagline: "Pings" }));
    assert.deepEqual(firstIds(index, "uptimemonitor", 2), [2]);
  });
});

Deno.test("generic words (app, tool) are optional next to other content words", () => {
  const index = crowded(
    { name: "Umcut", tagline: "The podcast editor that cuts filler words" },
    (id) => ({ name: `Zorb${id}`, description: `${FILLER} podcast editor tool` }),
  );
  assert.deepEqual(firstIds(index, "podcast editor tool"), [1]);
  // Alone, a generic word is required.
  const alone = index.search({ ...searchQuery("tool"), per_page: 100 });
  assert.ok(alone.total > 0 && alone.items.every((item) => item.id !== 1));
});

Deno.test("a name respelt by sound is also corrected by one edit", () => {
  const index = directory();
  index.upsert(listing(3, { name: "Quickpost", tagline: "Post to every network at once" }));
  assert.deepEqual(firstIds(index, "Kwikpost"), [3]);
});

Deno.test("a word typed in two counts once in a name that holds it joined", () => {
  const index = crowded(
    { name: "Metricly", tagline: "Dashboard for startups" },
    (id) => ({ name: `Midash${id} Dashboard`, description: `${FILLER} for startups` }),
  );
  assert.deepEqual(firstIds(index, "dash board for startups"), [1]);
});
