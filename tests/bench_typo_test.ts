import assert from "node:assert/strict";
import { typo } from "../bench/words.ts";
import { hitRates, loadTypoSets, parseTypoSet, typoProductListing } from "../bench/typo_sets.ts";
import { defaultCategories } from "../services/platform/reference.ts";
import { seededRng } from "../demo/rng.ts";

/** Edit distance with adjacent transpositions (optimal string alignment). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}

Deno.test("typo: one edit after the first letter, the same for the same seed", () => {
  const words = ["invoice", "tracker", "calendar", "meditation", "kanban"];
  const rand = seededRng(7);
  const made = [];
  for (let k = 0; k < 400; k++) {
    const word = words[k % words.length];
    const wrong = typo(rand, word);
    made.push(wrong);
    assert.equal(wrong[0], word[0], `${word} -> ${wrong}`);
    assert.ok(distance(word, wrong) <= 1, `${word} -> ${wrong}`);
  }
  assert.ok(made.filter((w, k) => w !== words[k % words.length]).length > 350);
  const again = seededRng(7);
  assert.deepEqual(made.slice(0, 20), made.slice(0, 20).map((_, k) => typo(again, words[k % 5])));
});

Deno.test("typo sets: 20 entries each, real categories, distinct products, each query a typo", async () => {
  const sets = await loadTypoSets();
  const leaves = new Set(defaultCategories().filter((c) => c.parent).map((c) => c.slug));
  const all = [...sets.heldout, ...sets.dev];
  assert.equal(sets.heldout.length, 20);
  assert.equal(sets.dev.length, 20);
  assert.equal(new Set(all.map((e) => e.product.url)).size, 40);
  assert.equal(new Set(all.map((e) => e.product.name.toLowerCase())).size, 40);
  for (const entry of all) {
    assert.ok(leaves.has(entry.product.category), entry.product.category);
    const text = [entry.product.name, entry.product.tagline, ...entry.product.keywords]
      .join(" ").toLowerCase();
    assert.ok(!text.includes(entry.query.toLowerCase()), `"${entry.query}" has no typo`);
    const listing = typoProductListing(entry);
    assert.equal(listing.status, "live");
    assert.equal(listing.primary_category, entry.product.category);
  }
  const heldout = JSON.parse(await Deno.readTextFile("bench/typo_heldout.json"));
  assert.match(heldout.note, /never tuned/);
});

Deno.test("parseTypoSet: names the malformed entry", () => {
  assert.throws(() => parseTypoSet(`{"entries": []}`, "x.json"), /x.json: expected/);
  const entry = { query: "q", mistake: "m", product: { name: "N", url: "u", tagline: "" } };
  assert.throws(
    () => parseTypoSet(JSON.stringify({ note: "n", entries: [entry] }), "x.json"),
    /entry 0 needs/,
  );
});

Deno.test("hitRates: counts the intended id ranked first, per set", () => {
  const probes = [{ set: "heldout", id: 1 }, { set: "heldout", id: 2 }, { set: "dev", id: 3 }];
  assert.deepEqual(hitRates(probes, [1, 5, 3]), {
    heldout: { hits: 1, total: 2 },
    dev: { hits: 1, total: 1 },
  });
  assert.deepEqual(hitRates(probes, [null, null, null]).dev, { hits: 0, total: 1 });
});
