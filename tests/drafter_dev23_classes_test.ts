/**
 * Wrong values of the development set's round 23, each class on a small site of its own read by the
 * real extractor, drafted by the extractive drafter and verified: a site whose home page is in
 * Italian and whose press kit is in English is drafted from its home page; a team table's "Based
 * in" column never gives a person's first name as the city; a page's name ("Press kit") is never
 * the product's name; a person's bio is never the product's description; a press or careers
 * address is never the contact email.
 */
import assert from "node:assert/strict";
import type { DraftedValue, EvidencePage } from "../services/drafting/evidence.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { readPages } from "./people_fixture.ts";
import { proposalWith } from "./source_pages_fixture.ts";

const ORIGIN = "https://product.example";

function html(lang: string, title: string, body: string, footer = ""): string {
  return `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body>
    <header><a href="/">Home</a></header>
    <main>${body}</main><footer>${footer}</footer></body></html>`;
}

async function drafted(pages: [string, string, string][]) {
  const read = await readPages(ORIGIN, pages);
  const p = draftExtractive(read, { categories: [], startUrl: `${ORIGIN}/` });
  const v = verifyProposal(p, read, { categories: [], year: 2026 });
  assert.equal(v.quotes.checked, v.quotes.verified, JSON.stringify(v.dropped));
  return { raw: p, draft: v.proposal, read };
}
const val = (d: DraftedValue | undefined) => d?.value ?? null;

/** Verifies one field's value quoted from the first page read. */
function verifyField(read: EvidencePage[], field: string, value: string, quote: string) {
  const proposal = proposalWith({
    fields: { [field]: { value, evidence: [{ quote, url: read[0].url }] } },
  });
  return verifyProposal(proposal, read, { year: 2026 });
}

const PRESS_KIT = html(
  "en",
  "Press kit — Cantinella",
  `<h1>Press kit</h1><h2>Fact sheet</h2>
   <ul><li>Headquarters: Bologna, Italy</li><li>Founded: 2020</li></ul>
   <h2>Founder bios</h2>
   <div><h3>Lorenzo De Santis</h3><p>CTO. Built logistics software in Milan for eight years.</p></div>
   <h2>Press contact</h2><p>Chiara Ferri, Communications — press@cantinella.example</p>`,
);

Deno.test("language: an English press kit of an Italian site never replaces its home page", async () => {
  const home = html(
    "it",
    "Cantinella — Il registro di cantina digitale",
    `<h1>Il registro di cantina digitale</h1>
     <p>Cantinella tiene il registro di cantina e i lotti in un'unica app per piccole cantine.</p>`,
    `<p>Cantinella S.r.l. · Bologna · info@cantinella.example</p>`,
  );
  const { draft } = await drafted([["/", "home", home], ["/press", "link", PRESS_KIT]]);
  assert.equal(val(draft.fields.name), "Cantinella");
  assert.equal(val(draft.fields.contact_email), "info@cantinella.example");
  const description = String(val(draft.fields.description));
  assert.match(description, /^Cantinella tiene il registro/);
  assert.doesNotMatch(description, /logistics/);
  // The English page's facts still count, after the home page's.
  assert.equal(val(draft.fields.city), "Bologna");
});

Deno.test("name: a page's name (Press kit, Careers, Chi siamo) is never the product's name", async () => {
  const { draft } = await drafted([["/press", "home", PRESS_KIT]]);
  assert.notEqual(val(draft.fields.name), "Press kit");
  const read = await readPages(ORIGIN, [["/press", "home", PRESS_KIT]]);
  for (const name of ["Press kit", "Careers", "Chi siamo", "Our team", "Media kit"]) {
    const v = verifyField(read, "name", name, "Press kit");
    assert.equal(val(v.proposal.fields.name), null, name);
    assert.ok(v.dropped.some((d) => /names a page/.test(d.reason)), JSON.stringify(v.dropped));
  }
});

Deno.test("description: a person's bio card on the home page is not the product's description", async () => {
  const home = html(
    "en",
    "Lotwise — Lot tracking for small wineries",
    `<h1>Lot tracking for small wineries</h1>
     <h2>Lorenzo De Santis</h2>
     <p>CTO. Built logistics software in Milan for eight years before joining.</p>
     <h2>What it does</h2>
     <p>Lotwise traces every lot from the vineyard to the bottle in one register.</p>`,
  );
  const { draft } = await drafted([["/", "home", home]]);
  const description = String(val(draft.fields.description));
  assert.match(description, /Lotwise traces every lot/);
  assert.doesNotMatch(description, /logistics software/);
});

Deno.test("contact email: a press or careers address is never the site's contact", async () => {
  const only = html(
    "en",
    "Lotwise — Lot tracking for small wineries",
    `<h1>Lot tracking for small wineries</h1>
     <p>Lotwise traces every lot from the vineyard to the bottle in one register.</p>
     <p>Press: press@lotwise.example. Jobs: careers@lotwise.example</p>`,
  );
  const { draft, raw, read } = await drafted([["/", "home", only]]);
  assert.equal(val(raw.fields.contact_email), null);
  assert.equal(val(draft.fields.contact_email), null);
  const v = verifyField(read, "contact_email", "press@lotwise.example", "press@lotwise.example");
  assert.equal(val(v.proposal.fields.contact_email), null);
  assert.ok(v.dropped.some((d) => /press, careers/.test(d.reason)), JSON.stringify(v.dropped));
  const both = only.replace("</main>", "<p>Questions? hello@lotwise.example</p></main>");
  const second = await drafted([["/", "home", both]]);
  assert.equal(val(second.draft.fields.contact_email), "hello@lotwise.example");
});

const TEAM = html(
  "en",
  "Team — Sheetcheck",
  `<h1>The people behind Sheetcheck</h1>
   <table><thead><tr><th>Name</th><th>Role</th><th>Based in</th></tr></thead>
   <tbody><tr><td>Jan van der Berg</td><td>Co-founder, CEO</td><td>Utrecht</td></tr>
   <tr><td>Pieter Smit</td><td>Head of Design</td><td>Utrecht</td></tr></tbody></table>`,
  `<p>Sheetcheck B.V. · Utrecht, Netherlands</p>`,
);

Deno.test("city: a team table's Based in column never gives a person's first name", async () => {
  const home = html(
    "en",
    "Sheetcheck — Spreadsheets that check themselves",
    `<h1>Spreadsheets that check themselves</h1>
     <p>Sheetcheck flags broken formulas in your team's spreadsheets before anyone reads them.</p>`,
  );
  const { draft, raw } = await drafted([["/", "home", home], ["/team", "team", TEAM]]);
  assert.notEqual(val(raw.fields.city), "Jan");
  assert.equal(val(draft.fields.city), "Utrecht");
  assert.equal(val(draft.fields.country), "NL");
});

Deno.test("verifier: a city that is a person's first name in the quote is refused", async () => {
  const read = await readPages(ORIGIN, [["/team", "team", TEAM]]);
  const cell = "Based in Jan van der Berg Co-founder, CEO Utrecht";
  const v = verifyField(read, "city", "Jan", cell);
  assert.equal(val(v.proposal.fields.city), null);
  assert.ok(v.dropped.some((d) => /longer place name/.test(d.reason)), JSON.stringify(v.dropped));
  // The real city in the same quote stays.
  const ok = verifyField(read, "city", "Utrecht", cell);
  assert.equal(val(ok.proposal.fields.city), "Utrecht");
});
