/**
 * Founders who speak for themselves: "Hi, I'm Tomás Ruiz, the founder of Plantcall" (the
 * self-introduction is no part of the name) and "We're Tomás Ruiz and Lena Ortiz. We started
 * Plantcall in 2022" (a list introduced in the first person, then a first-person founding of the
 * product). Each case goes through the real extractor, the extractive drafter and the verifier.
 */
import assert from "node:assert/strict";
import { draftedSite } from "./people_fixture.ts";
import { roleBound } from "../services/drafting/verifier/support.ts";

const ORIGIN = "https://plantcall.example";
const TITLE = "Plantcall — Watering rounds for plant nurseries";
const HOME = `<h1>Watering rounds for plant nurseries</h1>
  <p>Plantcall plans the watering rounds of a plant nursery bench by bench.</p>`;

/** The verified founders' names (and titles) an about page gives. */
async function founders(about: string): Promise<[string, string | null][]> {
  const { draft } = await draftedSite(ORIGIN, TITLE, HOME, about);
  return draft.founders.map((f) => [f.name, f.title ?? null]);
}

Deno.test("a self-introduction is no part of the founder's name", async () => {
  const hi = "<p>Hi, I'm Tomás Ruiz, the founder of Plantcall. I grew up in a nursery.</p>";
  assert.deepEqual(await founders(hi), [["Tomás Ruiz", "Founder"]]);
  assert.deepEqual(await founders("<p>I’m Tomás Ruiz, founder of Plantcall.</p>"), [
    ["Tomás Ruiz", "Founder"],
  ]);
});

Deno.test("'We're A and B' and 'we started <the product>' name both founders", async () => {
  const we = "<p>We're Tomás Ruiz and Lena Ortiz. We started Plantcall in 2022 in Valencia.</p>";
  assert.deepEqual(await founders(we), [["Tomás Ruiz", null], ["Lena Ortiz", null]]);
  const split = `<p>We are Tomás Ruiz, Lena Ortiz and Kwame Boateng.</p>
    <p>We founded Plantcall in 2022.</p>`;
  assert.deepEqual((await founders(split)).map(([n]) => n), [
    "Tomás Ruiz",
    "Lena Ortiz",
    "Kwame Boateng",
  ]);
});

Deno.test("no founders without a founding of the product by full names", async () => {
  const intro = "<p>We're Tomás Ruiz and Lena Ortiz.";
  // A feature of the product, using it, another venture: no founding of the product.
  assert.deepEqual(await founders(`${intro} We built Plantcall's new sync in a week.</p>`), []);
  assert.deepEqual(await founders(`${intro} We started using Plantcall in 2022.</p>`), []);
  assert.deepEqual(await founders(`${intro} We started Greenleaf in 2015.</p>`), []);
  // First names only, or words after the list: not a list of people introducing themselves.
  const first = "<p>We're Ruth and Caleb Ashworth. We started Plantcall in 2022.</p>";
  assert.deepEqual(await founders(first), []);
  const from = "<p>We're Tomás Ruiz and Lena Ortiz from Greenleaf. We started Plantcall.</p>";
  assert.deepEqual(await founders(from), []);
});

Deno.test("the verifier binds a 'we're' list only to a founding of the named product", () => {
  const we = "We're Tomás Ruiz and Lena Ortiz. We started Plantcall in 2022.";
  assert.equal(roleBound(we, "Lena Ortiz", "Plantcall"), true);
  assert.equal(roleBound(we, "Tomás Ruiz", "Plantcall"), true);
  assert.equal(roleBound(we, "Lena Ortiz", "Greenleaf"), false);
  const feature = "We're Tomás Ruiz and Lena Ortiz. We built Plantcall's new sync.";
  assert.equal(roleBound(feature, "Lena Ortiz", "Plantcall"), false);
  const again = "We're Tomás Ruiz and Lena Ortiz. We are Kwame. We started Plantcall.";
  assert.equal(roleBound(again, "Lena Ortiz", "Plantcall"), false);
});
