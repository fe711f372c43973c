import assert from "node:assert/strict";
import { SearchIndex } from "../services/directory/search/index.ts";
import type { SearchDoc } from "../services/directory/search/types.ts";
import {
  digitReadings,
  sameSqueezed,
  squeezedRepeats,
} from "../services/directory/search/misshapen.ts";
import { corpusDoc, searchQuery } from "./search_corpus.ts";

const FILLER = "share notes with the team and track tasks from one simple board every week";

/** An index of `products` (ids 1, 2, ...) among 40 rivals. */
function indexOf(products: Partial<SearchDoc>[], rival: (id: number) => Partial<SearchDoc>) {
  const index = new SearchIndex();
  const doc = (id: number, text: Partial<SearchDoc>) =>
    corpusDoc(id, { name: `Item${id}`, tagline: "", description: "", keywords: [], ...text });
  products.forEach((product, k) => index.upsert(doc(k + 1, product)));
  for (let id = 100; id < 140; id++) index.upsert(doc(id, rival(id)));
  return index;
}

function firstName(index: SearchIndex, q: string): string | undefined {
  return index.search(searchQuery(q)).items[0]?.name;
}

Deno.test("repeated letters squeezed; words differing only in doubles", () => {
  assert.deepEqual(squeezedRepeats("kanbbbo"), ["kanbo", "kanbbo"]);
  assert.deepEqual(squeezedRepeats("appolo"), ["apolo"]);
  assert.deepEqual(squeezedRepeats("kanbo"), []);
  assert.ok(sameSqueezed("bilvo", "billvo"));
  assert.ok(!sameSqueezed("bilvo", "bitvo"));
});

Deno.test("digits and letters read for each other, bounded", () => {
  assert.ok(digitReadings("4leaf").includes("fourleaf"));
  assert.ok(digitReadings("10fold").includes("tenfold"));
  assert.ok(digitReadings("zer0mail").includes("zeromail"));
  assert.ok(digitReadings("allydesk").includes("a11ydesk"));
  assert.ok(!digitReadings("zeromail").includes("zeromail"));
  assert.ok(digitReadings("4".repeat(30) + "lo".repeat(20)).length <= 24);
});

Deno.test("a name typed with repeated letters finds its listing", async (t) => {
  const products = [
    { name: "Kanbo", tagline: "Kanban boards for small teams" },
    { name: "Apollo", tagline: "Status pages and uptime checks" },
  ];
  const index = indexOf(products, (id) => ({ name: `Zorb${id}`, description: FILLER }));
  for (const [q, name] of [["Kanbbbo", "Kanbo"], ["Appolo", "Apollo"], ["Kannbbo", "Kanbo"]]) {
    await t.step(`${q} → ${name}`, () => assert.equal(firstName(index, q), name));
  }
});

Deno.test("digits for letters and letters for digits find the name", async (t) => {
  const products = [
    { name: "Fourleaf", tagline: "Savings goals for families" },
    { name: "Tenfold", tagline: "Growth experiments for marketing teams" },
    { name: "Zeromail", tagline: "Inbox zero for Gmail" },
    { name: "A11ydesk", tagline: "Accessibility audits for design teams" },
  ];
  const index = indexOf(products, (id) => ({ name: `Zorb${id}`, description: FILLER }));
  const cases = [["4leaf", "Fourleaf"], ["10fold", "Tenfold"], ["Zer0mail", "Zeromail"], [
    "Allydesk",
    "A11ydesk",
  ]];
  for (const [q, name] of cases) {
    await t.step(`${q} → ${name}`, () => assert.equal(firstName(index, q), name));
  }
});

Deno.test("a name cut short before another word is completed", () => {
  const index = indexOf(
    [{ name: "Calibrio", tagline: "Visual regression tests" }],
    // A sound-alike one edit away ("calib" → "kalib" → "kalin") that also says "tests".
    (id) => ({ name: id < 105 ? "Kalin" : `Zorb${id}`, description: `${FILLER} tests` }),
  );
  assert.equal(firstName(index, "calib tests"), "Calibrio");
  assert.equal(firstName(index, "Calib"), "Calibrio");
});

Deno.test("an unknown word's correction also matches its other forms", () => {
  const index = indexOf(
    [{ name: "Payroo", tagline: "Invoices for freelancers", keywords: ["invoices"] }],
    (id) => ({ name: `Zorb${id}`, description: `${FILLER} invoice for freelancers` }),
  );
  assert.equal(firstName(index, "invoise freelancers"), "Payroo");
});

Deno.test("a dropped double letter beats a more frequent one-letter change", () => {
  const index = indexOf(
    [{ name: "Billvo", tagline: "Invoices for freelancers" }],
    (id) => ({ name: id < 104 ? "Bitvo" : `Zorb${id}`, description: FILLER }),
  );
  assert.equal(firstName(index, "Bilvo"), "Billvo");
});
