/**
 * Site-builder addresses whose `<br>` lines the page text joins with spaces give the city after
 * the street line and the country (the verifier still drops such a city: see the report); "free" meaning available is no free-option hint.
 */
import assert from "node:assert/strict";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { hintsFree } from "../services/drafting/vocabulary.ts";
import { readPages } from "./people_fixture.ts";

const ORIGIN = "https://product.example";

async function place(footer: string) {
  const html = `<!doctype html><html lang="en"><head><title>Tallow</title></head><body>
    <main><h1>Tallow</h1><p>Tallow plans candle batches for small makers.</p></main>
    <footer><p>Tallow Ltd<br>${footer}</p><p><a href="mailto:hi@tallow.example">hi@tallow.example</a></p></footer></body></html>`;
  const read = await readPages(ORIGIN, [["/", "home", html]]);
  const p = draftExtractive(read, { categories: [], startUrl: `${ORIGIN}/` });
  const v = verifyProposal(p, read, { year: 2026 });
  assert.equal(v.quotes.checked, v.quotes.verified, JSON.stringify(v.dropped));
  return v.proposal.fields.country?.value;
}

Deno.test("address lines: a street line then 'City, Country' gives the country", async () => {
  assert.equal(await place("22 Harbour View Quay<br>Galway, Ireland"), "IE");
});

Deno.test("address lines: a state and postcode between city and country", async () => {
  assert.equal(await place("Level 2, King William Street<br>Hobart TAS 7000, Australia"), "AU");
});

Deno.test("address lines: a UK postcode after a street name ending in a street word", async () => {
  assert.equal(await place("Unit 5, Canal Wharf<br>Leeds LS11 5PS<br>United Kingdom"), "GB");
});

Deno.test("free meaning available is no free-option hint; a free quota still is", () => {
  assert.equal(hintsFree("See which rooms are free tonight, by size."), false);
  assert.equal(hintsFree("Book free slots in seconds."), false);
  assert.equal(hintsFree("Who's free this week?"), false);
  assert.equal(hintsFree("3 free slots on the starter plan"), true);
  assert.equal(hintsFree("The app is free today"), true);
});
