/**
 * Ordinary side pages of a product site (a changelog, a careers page, a press page, a comparison
 * with competitors, a status page, an integrations list) read by the real extractor, drafted by the
 * extractive drafter and verified: none of them may give a wrong founding year, country, contact
 * address or price. Also the founding-claim rules behind them, one case each.
 */
import assert from "node:assert/strict";
import type { DraftedValue } from "../services/drafting/evidence.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { foundingYearClaims, foundingYearsIn } from "../services/drafting/founding_years.ts";
import { readPages, sitePage } from "./people_fixture.ts";

const ORIGIN = "https://spokes.example";
const page = (title: string, body: string) => sitePage("Spokes", title, body);
const val = (d: DraftedValue | undefined) => d?.value ?? null;

/** The verified draft of the pages; every quote it keeps is verified. */
async function verifiedDraft(pages: [string, string, string][]) {
  const read = await readPages(ORIGIN, pages);
  const proposal = draftExtractive(read, { categories: [], startUrl: `${ORIGIN}/` });
  const verified = verifyProposal(proposal, read, { categories: [], year: 2026 });
  assert.equal(verified.quotes.checked, verified.quotes.verified);
  return { drafted: proposal.fields, verified: verified.proposal.fields };
}

const home = (extra = "") =>
  [
    "/",
    "home",
    page(
      "Spokes — service scheduling for bike shops",
      `<h1>The service calendar your workshop will use</h1>
       <p>Spokes books repairs and texts riders when their bike is ready.</p>${extra}`,
    ),
  ] as [string, string, string];

const years = (text: string, maker: string | null = null) =>
  foundingYearClaims(text, { product: "Spokes", maker }).map((c) => c.year);

Deno.test("side pages: a changelog's year headings, a press agency and 'Kent, Ohio' give no wrong value", async () => {
  const changelog = page(
    "Changelog — Spokes",
    `<h1>Changelog</h1><h2>2024</h2><ul><li>Found and fixed a bug that doubled some bookings.</li>
     <li>Riders can reschedule from the reminder text.</li></ul>
     <h2>2023</h2><ul><li>Incorporated the parts list into the repair ticket.</li></ul>`,
  );
  const press = page(
    "Press — Spokes",
    `<h1>Press</h1><p>Our press is handled by Dana Whitfield at Northgate Communications, a Cleveland agency founded in 1998: dana [at] northgatecomms.example.</p>`,
  );
  const { drafted, verified } = await verifiedDraft([
    home(
      `<p>We are a team of six based in Kent, Ohio, next to the shop where we used to work.</p>`,
    ),
    ["/changelog", "link", changelog],
    ["/press", "link", press],
  ]);
  assert.equal(val(drafted.founded_year), null);
  assert.equal(val(drafted.contact_email), null);
  assert.equal(val(verified.country), "US");
  assert.equal(val(verified.city), "Kent");
});

Deno.test("side pages: a comparison with competitors and a careers page's perks are no prices", async () => {
  const compare = page(
    "Spokes vs Wrenchly vs Gearbook",
    `<h1>How Spokes compares</h1><table><thead><tr><th></th><th>Spokes</th><th>Wrenchly</th><th>Gearbook</th></tr></thead>
     <tbody><tr><td>Price</td><td>$12</td><td>$15.99</td><td>$0</td></tr>
     <tr><td>Billed per</td><td>shop</td><td>shop</td><td>mechanic</td></tr></tbody></table>`,
  );
  const careers = page(
    "Careers — Spokes",
    `<h1>Work with us</h1><h2>How we work</h2><ul>
     <li>Learning budget: $1,500 a year for books, courses and conferences of your choosing, no form to fill in.</li>
     <li>Four-day weeks: everyone is off on Fridays, and nobody answers messages on a day off.</li></ul>`,
  );
  const { drafted } = await verifiedDraft([
    home(`<h2>Pricing</h2><p>Spokes costs $29 per month per shop.</p>`),
    ["/compare", "link", compare],
    ["/careers", "link", careers],
  ]);
  assert.equal(val(drafted.pricing_model), "Subscription");
  assert.equal(val(drafted.pricing_summary), "Spokes costs $29 per month per shop");
});

Deno.test("pricing: a 'Billed per' column naming who holds the plan (team, shop) is not usage-based", async () => {
  const pricing = page(
    "Pricing · Spokes",
    `<h1>Pricing</h1><table><thead><tr><th>Plan</th><th>Billed per</th><th>Price</th></tr></thead>
     <tbody><tr><td>Workshop</td><td>shop</td><td>$29</td></tr><tr><td>Chain</td><td>location</td><td>$24</td></tr></tbody></table>`,
  );
  const { drafted } = await verifiedDraft([home(), ["/pricing", "pricing", pricing]]);
  assert.notEqual(val(drafted.pricing_model), "Usage-based");
});

Deno.test("pricing: 'kostenlos bis 31. März' is a promotion, not a free tier", async () => {
  const priced = (free: string) =>
    verifiedDraft([[
      "/",
      "home",
      page("Spokes", `<h1>Werkstatt</h1><h2>Preise</h2><p>${free} Profi kostet 9 € pro Monat.</p>`),
    ]]);
  const promo = await priced("Aktion: alle Tarife kostenlos bis 31. März.");
  assert.notEqual(val(promo.drafted.pricing_model), "Freemium");
  const quota = await priced("Kostenlos bis 3 Projekte.");
  assert.equal(val(quota.drafted.pricing_model), "Freemium");
});

Deno.test("founding claims: a changelog entry after a year heading is no founding", () => {
  assert.deepEqual(foundingYearsIn("2024 Found and fixed a bug in offline sync."), []);
  assert.deepEqual(foundingYearsIn("2023 Incorporated the parts list into the ticket."), []);
  assert.deepEqual(foundingYearsIn("2021 Incorporated in Delaware as Spokes Inc."), ["2021"]);
  assert.deepEqual(foundingYearsIn("2019 Megan and Arjun Mehta found Spokes in Ohio."), ["2019"]);
});

Deno.test("founding claims: relative clauses, participles and appositives about another organisation", () => {
  assert.deepEqual(years("what we learned from the league that started in 1972"), []);
  assert.deepEqual(years("Spokes, which was founded in 2019, makes shop software."), ["2019"]);
  assert.deepEqual(
    years("DATEV Unternehmen online: die Plattform der Nürnberger Genossenschaft, gegründet 1966."),
    [],
  );
  assert.deepEqual(
    years("Our press is handled by Northgate Communications, a Cleveland agency founded in 1998."),
    [],
  );
  const studio =
    "Northwind Labs is a two-person studio in Utrecht, Netherlands, founded by Sanne de Wit in 2021.";
  assert.deepEqual(years(studio, "Northwind Labs"), ["2021"]);
  assert.deepEqual(years(studio), []);
});

Deno.test("founding claims: 'since' after a figure or after another subject's perfect is no founding", () => {
  assert.deepEqual(years("Belegerkennung: 99,97 % seit Januar 2024"), []);
  assert.deepEqual(years("Uptime 99.98 % since 2021."), []);
  assert.deepEqual(years("Spond is free for clubs; TeamSnap has sold team plans since 2009."), []);
  assert.deepEqual(years("Built in Montréal, Canada by a small team since 2022"), ["2022"]);
});
