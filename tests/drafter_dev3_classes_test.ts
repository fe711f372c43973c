/**
 * Failure classes of the development set fixed in round 19 by engineer G5, each on a small site of
 * its own read by the real extractor, drafted by the extractive drafter and verified: founders
 * stated only in a footer sentence (and a footer's credit line that is not), and places stated as
 * "founded in 2020 by A and B in Galway", "entstand 2021 in Leipzig" or "started X from Copenhagen".
 */
import assert from "node:assert/strict";
import type { DraftedValue } from "../services/drafting/evidence.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { defaultCategories } from "../services/platform/reference.ts";
import { readPages } from "./people_fixture.ts";
import { proposalWith } from "./source_pages_fixture.ts";

const CATEGORIES = defaultCategories().map((c) => ({
  slug: c.slug,
  name: c.name,
  parent: c.parent,
}));
const ORIGIN = "https://product.example";

function page(title: string, body: string, footer: string): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/pricing">Pricing</a></nav></header>
    <main>${body}</main><footer>${footer}</footer></body></html>`;
}

async function home(title: string, body: string, footer: string) {
  const read = await readPages(ORIGIN, [["/", "home", page(title, body, footer)]]);
  const p = draftExtractive(read, { categories: CATEGORIES, startUrl: `${ORIGIN}/` });
  const v = verifyProposal(p, read, { categories: CATEGORIES, year: 2026 });
  assert.equal(v.quotes.checked, v.quotes.verified, JSON.stringify(v.dropped));
  return { draft: v.proposal, dropped: v.dropped };
}
const val = (d: DraftedValue | undefined) => d?.value ?? null;

Deno.test("founders: a footer sentence that binds the founding to the names states the founders", async () => {
  const { draft } = await home(
    "Tidepool — a newsletter about coastal towns",
    `<h1>Coastal towns, every Friday</h1><p>Tidepool is a weekly newsletter about coastal towns.</p>`,
    `<p>Tidepool was founded in 2020 by Aoife Byrne and Declan Walsh in Galway, Ireland.</p>
     <p><a href="mailto:hello@tidepool.example">hello@tidepool.example</a></p>`,
  );
  assert.deepEqual(draft.founders.map((f) => f.name), ["Aoife Byrne", "Declan Walsh"]);
  assert.equal(val(draft.fields.city), "Galway");
  assert.equal(val(draft.fields.country), "IE");
  assert.equal(val(draft.fields.founded_year), "2020");
  const single = await home(
    "Heatsum",
    `<h1>Heat pumps, explained</h1><p>Heatsum compares heat pumps for your house.</p>`,
    `<p>Heatsum was founded by Priya Raman in 2022. Based in Halifax, Canada.</p>`,
  );
  assert.deepEqual(single.draft.founders.map((f) => f.name), ["Priya Raman"]);
});

Deno.test("founders: a footer's credit line for the website or a mere name in the footer is no founder", async () => {
  const { draft } = await home(
    "Loomly Notes",
    `<h1>Notes that link themselves</h1><p>Loomly Notes links your notes as you write.</p>`,
    `<p>Website designed and built by Jane Doe.</p><p>Photos by Tom Baker · Contact Ana Lima</p>`,
  );
  assert.deepEqual(draft.founders, []);
});

Deno.test("place: 'entstand 2021 in Leipzig' and 'started X from Copenhagen, Denmark' state the city", async () => {
  const de = await home(
    "Kistenwerk – Lagerverwaltung",
    `<h1>Lagerverwaltung für kleine Shops</h1><p>Kistenwerk zählt deinen Bestand für dich.</p>
     <h2>Über uns</h2><p>Kistenwerk entstand 2021 in Leipzig, als unser Shop keine passende Software fand.</p>`,
    "",
  );
  assert.equal(val(de.draft.fields.city), "Leipzig");
  const en = await home(
    "Stillhour",
    `<h1>Quiet hours for busy teams</h1><p>Stillhour books focus time into calendars.</p>
     <h2>Our story</h2><p>In 2022 our team started Stillhour from Copenhagen, Denmark.</p>`,
    "",
  );
  assert.equal(val(en.draft.fields.country), "DK");
  const other = await home(
    "Routewise",
    `<h1>Delivery routes in minutes</h1><p>Routewise plans delivery routes for small fleets.</p>
     <p>Our servers are hosted in Frankfurt, Germany.</p>`,
    "",
  );
  assert.equal(val(other.draft.fields.city), null, "a server's place is not the company's");
});

Deno.test("founders: a model's founder quoted from a footer credit line is dropped as such", async () => {
  const credit = "Site made by Jane Doe and Tom Baker.";
  const read = await readPages(ORIGIN, [[
    "/",
    "home",
    page("Loomly Notes", "<h1>Notes that link themselves</h1>", `<p>${credit}</p>`),
  ]]);
  const founder = (name: string) => ({
    name,
    title: null,
    bio: null,
    evidence: [{ quote: credit, url: `${ORIGIN}/` }],
  });
  const v = verifyProposal(
    proposalWith({ founders: [founder("Jane Doe"), founder("Tom Baker")] }),
    read,
    { year: 2026 },
  );
  assert.deepEqual(v.proposal.founders, []);
  assert.ok(v.dropped.some((d) => /credit line/.test(d.reason)), JSON.stringify(v.dropped));
});
