/**
 * Prices next to their rows and offers, on small sites of their own read by the real extractor,
 * drafted by the extractive drafter and verified: a usage price list whose unit stands in its own
 * column, a price whose next table cell is not part of it, a card's billing note, a toggle's other
 * billing period stated only in JSON-LD offers, a free quota in Spanish or German, and feature
 * list items written as "Title — why" or as cards with a heading.
 */
import assert from "node:assert/strict";
import type { DraftedValue } from "../services/drafting/evidence.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { isWholeTail, PRICE_TAIL_RE } from "../services/drafting/extractive/pricing_rows.ts";
import { readPages, sitePage } from "./people_fixture.ts";

const ORIGIN = "https://api.example";

const page = (title: string, body: string) => sitePage("Parsely", title, body);

/** The verified draft of the pages; every quote it keeps is verified. */
async function verifiedDraft(pages: [string, string, string][]) {
  const read = await readPages(ORIGIN, pages);
  const proposal = draftExtractive(read, { categories: [], startUrl: `${ORIGIN}/` });
  const verified = verifyProposal(proposal, read, { categories: [], year: 2026 });
  assert.equal(verified.quotes.checked, verified.quotes.verified);
  return verified;
}

const val = (d: DraftedValue | undefined) => d?.value ?? null;
const HOME: [string, string, string] = [
  "/",
  "home",
  page("Parsely", `<h1>Paper in, JSON out</h1><p>Parsely reads receipts for you.</p>`),
];

const priceList = (unitHeader: string) =>
  page(
    "Pricing · Parsely",
    `<h1>Pay for what you parse</h1>
    <table><thead><tr><th>Endpoint</th><th>${unitHeader}</th><th>Price per unit</th></tr></thead>
    <tbody><tr><td><code>/v2/receipts</code> Receipts</td><td>page</td><td>$0.01</td></tr>
    <tr><td><code>/v2/ids</code> ID checks</td><td>document</td><td>$0.40</td></tr></tbody></table>
    <h2>Volume</h2><p>Above 200,000 pages a month, talk to us.</p>`,
  );

Deno.test("pricing: a price list with a unit column is usage-based, each row with its unit", async () => {
  const v = await verifiedDraft([HOME, ["/pricing", "pricing", priceList("Unit")]]);
  const f = v.proposal.fields;
  assert.equal(val(f.pricing_model), "Usage-based");
  assert.equal(
    val(f.pricing_summary),
    "/v2/receipts Receipts: $0.01 (Unit: page); /v2/ids ID checks: $0.40 (Unit: document)",
  );
  // "a month" under the next heading is not the last row's period: never Subscription.
  assert.ok(!v.dropped.some((d) => d.field === "pricing_model"), JSON.stringify(v.dropped));
});

Deno.test("pricing: a column that is not a unit adds nothing, and the next cell never joins a price", async () => {
  const v = await verifiedDraft([HOME, ["/pricing", "pricing", priceList("Region")]]);
  const f = v.proposal.fields;
  assert.equal(val(f.pricing_summary), "/v2/receipts Receipts: $0.01; /v2/ids ID checks: $0.40");
  assert.equal(val(f.pricing_model), null);
  assert.equal(v.dropped.filter((d) => d.field.startsWith("pricing")).length, 0);
});

const card = (name: string, shown: string, other: string) =>
  `<article class="card"><h3>${name}</h3><p class="price"><sup>$</sup><span class="amount"
  data-monthly="${other}">${shown}</span><span class="per">/user/mo</span></p>
  <p class="billed">billed annually</p><ul><li>Unlimited meetings</li></ul></article>`;

const offer = (name: string, price: string) =>
  `{"@type": "Offer", "name": "${name}", "price": "${price}", "priceCurrency": "USD"}`;

Deno.test("pricing: annual cards keep their billing note; JSON-LD offers add only the other period's amounts", async () => {
  const ld = `<script type="application/ld+json">{"@context": "https://schema.org",
    "@type": "SoftwareApplication", "name": "Minutes", "offers": [${offer("Free", "0")}, ${
    offer("Team", "10.00")
  }, ${offer("Business", "15")}]}</script>`;
  const v = await verifiedDraft([[
    "/",
    "home",
    page(
      "Minutes",
      `<h1>Notes that write themselves</h1><p>Minutes writes your meeting notes.</p>${ld}
      <section id="pricing"><h2>Simple pricing</h2><div class="cards">
      <article class="card"><h3>Free</h3><p class="price"><sup>$</sup><span>0</span></p></article>
      ${card("Team", "8", "10")}${card("Business", "15", "15")}</div></section>`,
    ),
  ]]);
  assert.equal(
    val(v.proposal.fields.pricing_summary),
    "Free: $0; Team: $8/user/mo billed annually; Business: $15/user/mo billed annually; Team: USD 10.00",
  );
  assert.equal(val(v.proposal.fields.pricing_model), "Freemium");
});

Deno.test("price tails: period and unit words and a billing note, never the next cell or row label", () => {
  const tail = (s: string) => s.match(PRICE_TAIL_RE)?.[0] ?? "";
  assert.equal(tail(" / month, billed yearly. Cancel"), " / month, billed yearly");
  assert.equal(tail(" /v2/invoices Invoices"), "");
  assert.equal(tail(" per seat"), " per seat");
  assert.equal(tail(" Billed yearly $31 per month"), "");
  assert.ok(isWholeTail("billed annually"));
  assert.ok(isWholeTail("/ month, billed yearly"));
  assert.ok(!isWholeTail("billed annually at $96"));
});

Deno.test("features: list items titled 'Title — why' or by a heading give their titles; names do not", async () => {
  const v = await verifiedDraft([[
    "/",
    "home",
    page(
      "Minutes",
      `<h1>Notes that write themselves</h1><p>Minutes writes your meeting notes.</p>
      <h2>How it works</h2><ul>
      <li><strong>Joins Zoom, Meet and Teams calls</strong> — add it to your calendar once and it shows up on time.</li>
      <li><strong>Summaries in your team's language</strong> — 30 languages, with the jargon you teach it.</li></ul>
      <h2>Offline</h2><ul><li><h3>Works with no signal</h3><p>Download a region once and plan on the beach where you are.</p></li>
      <li><h3>Tide arrows on the chart</h3><p>Rates and directions for every hour, drawn where you paddle today.</p></li></ul>
      <ul><li>Jane Doe — CEO, spent ten years building payroll software at two banks.</li>
      <li>Omar Haddad — CTO, wrote the first version of the parser on a train.</li></ul>`,
    ),
  ]]);
  assert.deepEqual(val(v.proposal.fields.features), [
    "Joins Zoom, Meet and Teams calls",
    "Summaries in your team's language",
    "Works with no signal",
    "Tide arrows on the chart",
  ]);
});

Deno.test("pricing model: a free quota written 'gratis hasta' or 'kostenlos bis' next to a paid price is Freemium", async () => {
  for (
    const [free, paid] of [
      ["Gratis hasta 20 parcelas.", "Huerto Plus cuesta 12 € al mes."],
      ["Kostenlos bis 3 Projekte.", "Profi kostet 9 € pro Monat."],
    ]
  ) {
    const v = await verifiedDraft([[
      "/",
      "home",
      page("Parsely", `<h1>Huertos</h1><h2>Precios</h2><p>${free} ${paid}</p>`),
    ]]);
    assert.equal(val(v.proposal.fields.pricing_model), "Freemium", free);
  }
});

Deno.test("pricing: JSON-LD offers and a list of add-ons are not plans, nor features", async () => {
  const ld = `<script type="application/ld+json">{"@context": "https://schema.org",
    "@type": "Product", "name": "Parsely add-ons", "offers": [${offer("Scanner bundle", "249")},
    ${offer("Extra inbox", "15")}]}</script>`;
  const v = await verifiedDraft([[
    "/",
    "home",
    page(
      "Parsely",
      `<h1>Paper in, JSON out</h1><p>Parsely reads receipts for you.</p>${ld}
      <h2>Features</h2><ul><li>Receipts read in seconds</li><li>Totals checked twice</li></ul>
      <section id="pricing"><h2>One plan</h2><p>Parsely is $39 per workspace per month.</p>
      <h3>Add-ons</h3><ul><li>Scanner bundle — $249 once</li><li>Extra inbox — $15 a month</li></ul>
      <p>Add-ons: a label pack is $25 once.</p></section>`,
    ),
  ]]);
  const f = v.proposal.fields;
  assert.equal(val(f.pricing_model), "Subscription");
  assert.equal(val(f.pricing_summary), "Parsely is $39 per workspace per month");
  assert.deepEqual(val(f.features), ["Receipts read in seconds", "Totals checked twice"]);
});

const remarkTable = page(
  "Pricing · Parsely",
  `<h1>Simple pricing</h1>
  <table><thead><tr><th></th><th>Free</th><th>Pro</th></tr></thead>
  <tbody><tr><td>Price</td><td>$0</td><td>$3 / month<br><small>or $24 / year (save 33%)</small></td></tr>
  <tr><td>Receipts a month</td><td>50</td><td>Unlimited</td></tr></tbody></table>`,
);

Deno.test("pricing: a price cell's closing remark in parentheses is kept after a comma and verified", async () => {
  const v = await verifiedDraft([HOME, ["/pricing", "pricing", remarkTable]]);
  assert.equal(
    val(v.proposal.fields.pricing_summary),
    "Free: $0; Pro: $3 / month or $24 / year, save 33%",
  );
  assert.ok(!v.dropped.some((d) => d.field === "pricing_summary"), JSON.stringify(v.dropped));
});

Deno.test("pricing: a card's remark in parentheses stays supported by the card's own text", async () => {
  const cards = page(
    "Pricing · Parsely",
    `<h1>Pricing</h1><div class="pricing">
    <div class="plan"><h3>Starter</h3><p class="price">$0</p><ul><li>50 receipts</li></ul></div>
    <div class="plan"><h3>Team</h3><p class="price">$10/month (billed yearly)</p><ul><li>Unlimited receipts</li></ul></div></div>`,
  );
  const v = await verifiedDraft([HOME, ["/pricing", "pricing", cards]]);
  assert.equal(
    val(v.proposal.fields.pricing_summary),
    "Starter: $0; Team: $10/month, billed yearly",
  );
});
