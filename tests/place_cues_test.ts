/**
 * The city and country a site states in shapes the place drafter once missed: a founding
 * sentence with "began in <year> in", a UK address with a postcode and no country, and "<site>
 * was started … in <city>, <country>" on a page that does not otherwise speak of itself. Each
 * value goes through the verifier.
 */
import assert from "node:assert/strict";
import type { EvidencePage } from "../services/drafting/evidence.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { extractedPage } from "./source_pages_fixture.ts";

const BASE = "https://roastround.example";

const page = (body: string, title = "Roastround") =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main>${body}</main></body></html>`;

async function place(pages: [string, string, string][]) {
  const read: EvidencePage[] = [];
  for (const [path, body, kind] of pages) {
    read.push(await extractedPage(page(body), `${BASE}${path}`, kind));
  }
  const v = verifyProposal(draftExtractive(read, { categories: [] }), read, { year: 2026 });
  return {
    city: v.proposal.fields.city?.value ?? null,
    country: v.proposal.fields.country?.value ?? null,
  };
}

const HOME = `<h1>Coffee subscriptions for offices</h1>
<p>Roastround sends freshly roasted beans to offices every other week, sized to the team.</p>`;

Deno.test("a founding sentence 'began in <year> in <city>' gives the city", async () => {
  const got = await place([
    ["/", HOME, "home"],
    [
      "/company/story",
      "<h1>Our story</h1><p>Roastround began in 2021 in Leeds, in the back room of a roastery that still took orders by text message.</p>",
      "about",
    ],
  ]);
  assert.deepEqual(got, { city: "Leeds", country: null });
});

Deno.test("a UK address with a postcode and no country gives the city, not the street", async () => {
  const contact = (address: string) =>
    [
      ["/", HOME, "home"],
      ["/hello", `<h1>Say hello</h1><p>Write to us any time.</p><p>${address}</p>`, "contact"],
    ] as [string, string, string][];
  assert.deepEqual(await place(contact("Roastround Ltd, 8 Mill Yard, Leeds LS9 8DT")), {
    city: "Leeds",
    country: null,
  });
  // Without the comma, the street's words could be part of the city's: nothing is drafted.
  assert.deepEqual(await place(contact("Roastround Ltd 8 Mill Yard Leeds LS9 8DT")), {
    city: null,
    country: null,
  });
  // A customer's address is not the company's.
  assert.deepEqual(
    await place(contact("Our customers include Brewlab, Leeds LS2 7EY and many more.")),
    { city: null, country: null },
  );
});

Deno.test("'<site> was started … in <city>, <country>' on the home page gives both", async () => {
  const story = (who: string) =>
    `<h1>Coffee subscriptions for offices</h1><p>${who} was started by Ana Lima and Joe Bright in a shared kitchen in Dublin, Ireland.</p>`;
  assert.deepEqual(await place([["/", story("Roastround"), "home"]]), {
    city: "Dublin",
    country: "IE",
  });
  // Another company's founding is no place of the site's.
  assert.deepEqual(await place([["/", story("Brewlab"), "home"]]), {
    city: null,
    country: null,
  });
});
