/**
 * Site builders' markup read for what it is (extract/dom.ts readBuilderMarkup): Webflow and ARIA
 * headings, Tailwind's dl feature lists, Webflow dropdown FAQ panels; and an address's street word
 * before its city (verifier/parties.ts placeFragment).
 */
import assert from "node:assert/strict";
import { extractPage } from "../services/drafting/extract.ts";
import { placeFragment } from "../services/drafting/verifier/parties.ts";

const PAGE = "https://acme.example/";

function page(body: string): string {
  return `<!doctype html><html><head></head><body>${body}</body></html>`;
}

Deno.test("headings: div.heading-N and [role=heading][aria-level] are headings; other classes not", async () => {
  const body = `<div class="heading-2">What you get</div>
    <div class="heading-3 bold">Live map</div>
    <div role="heading" aria-level="4">Card payments</div>
    <div class="subheading-2">Not a heading</div>
    <div class="heading-1">Read as level 2</div>
    <div class="heading-17">A counter, not a level</div>
    <a role="heading" aria-level="3" href="/x">A link</a>`;
  const { facts } = await extractPage(page(body), PAGE);
  assert.deepEqual(facts.headings, [
    { level: 2, text: "What you get" },
    { level: 3, text: "Live map" },
    { level: 4, text: "Card payments" },
    { level: 2, text: "Read as level 2" },
  ]);
});

Deno.test("lists: dl > div > dt + dd is a list of items (each dt with its dd); a FAQ dl is not", async () => {
  const body = `<dl class="grid"><div><dt>Lesson calendar</dt><dd><p>Repeats weekly.</p></dd></div>
      <div><dt>Card invoices</dt><dd>Parents pay online.</dd></div></dl>
    <dl><div><dt>Can parents pay by card?</dt><dd>Yes.</dd></div></dl>`;
  const { facts, text } = await extractPage(page(body), PAGE);
  assert.deepEqual(facts.lists, [[
    "Lesson calendar Repeats weekly.",
    "Card invoices Parents pay online.",
  ]]);
  assert.deepEqual(facts.faqs.map((f) => f.question), ["Can parents pay by card?"]);
  assert.ok(text.includes("Lesson calendar Repeats weekly. Card invoices Parents pay online."));
});

Deno.test("zones: a Webflow dropdown whose panel answers a question is not navigation", async () => {
  const body = `<div class="heading-2">FAQ</div>
    <div class="w-dropdown"><div class="w-dropdown-toggle"><div>Do sailors need an account?</div></div>
      <nav class="w-dropdown-list"><div>No. Visitors book with an email address.</div></nav></div>
    <div class="w-dropdown"><div class="w-dropdown-toggle"><div>Products</div></div>
      <nav class="w-dropdown-list"><a href="/map">Pontoon map</a></nav></div>`;
  const { facts } = await extractPage(page(body), PAGE);
  const nav = (facts.zones ?? []).filter((z) => z.kind === "nav").map((z) => z.text);
  assert.deepEqual(nav, ["Pontoon map"]);
});

Deno.test("placeFragment: a street word before the city and a postcode after it edge the place", () => {
  assert.equal(
    placeFragment("Unit 3, Sutton Harbour Plymouth PL4 0DW United Kingdom", "Plymouth"),
    false,
  );
  assert.equal(placeFragment("Mill Lane Leeds LS6 2AB", "Leeds"), false);
  // Without a postcode after it, the word before may be part of the name.
  assert.equal(placeFragment("Sutton Harbour Plymouth is where we work", "Plymouth"), true);
  assert.equal(placeFragment("We are in Freiburg im Breisgau 79098", "Breisgau"), true);
  assert.equal(placeFragment("Sutton Harbour Plymouth Devon", "Plymouth"), true);
});
