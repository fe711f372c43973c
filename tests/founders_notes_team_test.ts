/**
 * Founding lists with notes in brackets and lists under "the founding team": "founded by Ana Ruiz
 * (ex-Glovo) and Marc Vidal", "Created by @mkowalska (Marta Kowalska)", "The founding team: A, B
 * and C". Each case goes through the real extractor, the extractive drafter and the verifier; a
 * bracket never carries a stranger into the list.
 */
import assert from "node:assert/strict";
import { draftedSite } from "./people_fixture.ts";
import { roleBound } from "../services/drafting/verifier/support.ts";
import { namesOf, withoutNameNotes } from "../services/drafting/extractive/founders_patterns.ts";

const ORIGIN = "https://plantcall.example";
const TITLE = "Plantcall — Watering rounds for plant nurseries";
const HOME = `<h1>Watering rounds for plant nurseries</h1>
  <p>Plantcall plans the watering rounds of a plant nursery bench by bench.</p>`;

/** The verified founders' names an about page gives. */
async function founders(about: string): Promise<string[]> {
  const { draft } = await draftedSite(ORIGIN, TITLE, HOME, about);
  return draft.founders.map((f) => f.name);
}

Deno.test("a former employer in brackets does not end a founding list", async () => {
  const en = "<p>Plantcall was founded in 2021 by Tomás Ruiz (ex-Glovo) and Lena Ortiz.</p>";
  assert.deepEqual(await founders(en), ["Tomás Ruiz", "Lena Ortiz"]);
  const es =
    "<p>Plantcall fue fundada en 2020 por Ana Ruiz (ex-Glovo) y Marc Vidal, en Gràcia.</p>";
  assert.deepEqual(await founders(es), ["Ana Ruiz", "Marc Vidal"]);
  // A note naming a place or a company with two capitalised words is no person of the list.
  const maps = "<p>Plantcall was founded by Ana Ruiz (formerly at Google Maps) and Marc Vidal.</p>";
  assert.deepEqual(await founders(maps), ["Ana Ruiz", "Marc Vidal"]);
});

Deno.test("a bracket cannot carry a stranger into a founding list", async () => {
  const inside = "<p>Plantcall was founded by Ana Ruiz (ex-Glovo, with Marc Vidal) in 2020.</p>";
  assert.deepEqual(await founders(inside), ["Ana Ruiz"]);
  const used = "<p>Plantcall was founded by Ana Ruiz (ex-Glovo) and is used by Marc Vidal.</p>";
  assert.deepEqual(await founders(used), ["Ana Ruiz"]);
  const past = "<p>Ana Ruiz (ex-Glovo founder) joined Plantcall in 2022.</p>";
  assert.deepEqual(await founders(past), []);
  // The verifier alone: the note is dropped, never read as a list item.
  const q = "Plantcall was founded by Ana Ruiz (ex-Glovo, with Marc Vidal) in 2020.";
  assert.equal(roleBound(q, "Marc Vidal", "Plantcall"), false);
  assert.equal(roleBound(q, "Ana Ruiz", "Plantcall"), true);
  const both = "Plantcall was founded by Ana Ruiz (ex-Glovo) and Marc Vidal.";
  assert.equal(roleBound(both, "Marc Vidal", "Plantcall"), true);
  assert.deepEqual(
    namesOf("Ana Ruiz (formerly at Google Maps) and Marc Vidal").map((p) => p.name),
    [
      "Ana Ruiz",
      "Marc Vidal",
    ],
  );
});

Deno.test("a handle with the full name in brackets reads as that name", async () => {
  assert.deepEqual(await founders("<p>Created by @mkowalska (Marta Kowalska).</p>"), [
    "Marta Kowalska",
  ]);
  const linked = `<p>Created by <a href="https://github.com/mkowalska">@mkowalska</a>
    (Marta Kowalska).</p>`;
  assert.deepEqual(await founders(linked), ["Marta Kowalska"]);
  assert.equal(withoutNameNotes("by @mkowalska (Marta Kowalska)."), "by Marta Kowalska.");
  // Maintainers without a founding verb, a bracket that is no name, another project's creator.
  const maintainers = `<h2>Maintainers</h2>
    <ul><li>@mkowalska (Marta Kowalska)</li><li>@duc-tran (Duc Tran)</li></ul>`;
  assert.deepEqual(await founders(maintainers), []);
  assert.deepEqual(await founders("<p>Created by @acme (with help from Jane Doe).</p>"), []);
  assert.deepEqual(
    await founders("<p>Globex was created by @hvale (Victor Hale) in 2015.</p>"),
    [],
  );
});

Deno.test("'the founding team' binds the list after it, not a former team or a later clause", async () => {
  const team = "<p>The founding team: Ana Ruiz, Marc Vidal and Lena Ortiz.</p>";
  assert.deepEqual(await founders(team), ["Ana Ruiz", "Marc Vidal", "Lena Ortiz"]);
  const is = "<p>Our founding team is Ana Ruiz and Marc Vidal.</p>";
  assert.deepEqual(await founders(is), ["Ana Ruiz", "Marc Vidal"]);
  assert.deepEqual(await founders("<p>The former founding team: Ana Ruiz and Marc Vidal.</p>"), []);
  const advised = "<p>The founding team: Ana Ruiz, advised by Marc Vidal.</p>";
  assert.deepEqual(await founders(advised), ["Ana Ruiz"]);
  assert.equal(
    roleBound("Our former founding team: Ana Ruiz and Marc Vidal.", "Marc Vidal"),
    false,
  );
  assert.equal(
    roleBound("The founding team grew. Ana Ruiz and Marc Vidal joined.", "Ana Ruiz"),
    false,
  );
});
