/**
 * Pricing models stated the way products really state them, without the words the older rules
 * looked for: an open-source README whose licence section reads only "Apache-2.0", a Spanish free
 * plan "Gratis para siempre" whose card the extractor cannot read as a price, and a marketplace's
 * cut ("we keep 5% of the price") stated only in an FAQ answer; and the decoys that must not
 * decide the model (a commercial licence, a paid cloud beside the licence, a discount).
 */
import assert from "node:assert/strict";
import type { DraftedValue } from "../services/drafting/evidence.ts";
import { draftedAndVerified, pricingPage } from "./pricing_fixture.ts";

const val = (d: DraftedValue | undefined) => d?.value ?? null;
const quotes = (d: DraftedValue | undefined) => (d?.evidence ?? []).map((q) => q.quote);

/** The extractive draft and its verified form of a one-page site. */
function homeDraft(title: string, body: string, lang = "en") {
  return draftedAndVerified([["/", "home", pricingPage(title, body, lang)]]);
}

const README = `<h1>tarnlog</h1><p>Structured log search for a single box.</p>
  <h2>Install</h2><pre><code>pip install tarnlog</code></pre>
  <h2>Managed hosting</h2><p>Coming soon.</p>`;

Deno.test("pricing model: a README's licence section naming an open-source licence is Free, quoted with its heading", async () => {
  for (const licence of ["Apache-2.0. See LICENSE.", "MIT", "AGPL-3.0-only"]) {
    const { draft, verified } = await homeDraft(
      "tarnlog",
      `${README}<h2>License</h2><p>${licence}</p>`,
    );
    assert.equal(val(draft.fields.pricing_model), "Free", licence);
    assert.equal(val(verified.fields.pricing_model), "Free", licence);
    const id = licence.replace(/\. See LICENSE\.$/, "");
    assert.deepEqual(quotes(verified.fields.pricing_model), [`License ${id}`]);
  }
  const line = await homeDraft("tarnlog", `${README}<p>License: BSD-3-Clause</p>`);
  assert.equal(val(line.verified.fields.pricing_model), "Free");
});

Deno.test("pricing model: a licence section that is no open-source licence, or a paid cloud beside it, is not Free", async () => {
  const cases = [
    `${README}<h2>License</h2><p>Commercial. Contact us for a licence.</p>`,
    `${README}<h2>License</h2><p>MITRE internal use only.</p>`,
    `${README}<h2>Licensing</h2><p>Apache-2.0 for the SDK samples.</p>`,
    `${README}<h2>License</h2><p>Apache-2.0</p><h2>Cloud</h2><p>Hosted tarnlog costs $19 per month.</p>`,
  ];
  for (const body of cases) {
    const { draft } = await homeDraft("tarnlog", body);
    assert.notEqual(val(draft.fields.pricing_model), "Free", body);
  }
});

const PLANES = `<h1>Precios claros</h1><div class="plans">
  <div class="plan"><h2>Plan Solo</h2><p>Gratis para siempre</p><ul><li>1 profesional</li></ul></div>
  <div class="plan"><h2>Plan Equipo</h2><p>9 € al mes por profesional</p><ul><li>Citas ilimitadas</li></ul></div>
  </div><p>IVA incluido.</p>`;

Deno.test("pricing: 'Gratis para siempre' beside a monthly plan is Freemium, and no plan gets the next card's price", async () => {
  const { draft, verified } = await draftedAndVerified([
    ["/", "home", pricingPage("Turnero", "<h1>Tu agenda se llena sola.</h1>", "es")],
    ["/precios", "pricing", pricingPage("Precios", PLANES, "es")],
  ]);
  assert.equal(val(verified.fields.pricing_model), "Freemium");
  assert.ok(quotes(verified.fields.pricing_model).includes("Gratis para siempre"));
  const summary = String(val(draft.fields.pricing_summary));
  assert.ok(summary.includes("9 € al mes"), summary);
  // The card read over both cards would have said "Plan Solo: 9 € al mes por profesional".
  assert.ok(!/Plan Solo: 9/.test(summary), summary);
});

Deno.test("pricing: a plan card whose sub-heading stands between its name and its price keeps its price", async () => {
  const { verified } = await homeDraft(
    "Tally",
    `<h1>Tally</h1><h2>Pricing</h2><div class="pricing">
      <div class="plan"><h3>Team</h3><h4>For growing teams</h4><p>$12 / month</p></div>
      <div class="plan"><h3>Business</h3><h4>For companies</h4><p>$30 / month</p></div></div>`,
  );
  const summary = String(val(verified.fields.pricing_summary));
  assert.ok(summary.includes("Team: $12 / month"), summary);
  assert.equal(val(verified.fields.pricing_model), "Subscription");
});

const FAQ = (answer: string) =>
  `<h1>Questions from designers</h1><details><summary>What does it cost to sell here?</summary><p>${answer}</p></details>`;

Deno.test("pricing model: a marketplace keeping a share of the price, stated only in an FAQ answer, is Usage-based", async () => {
  const { verified } = await draftedAndVerified([
    ["/", "home", pricingPage("Patternhaus", "<h1>Where indie pattern designers sell.</h1>")],
    [
      "/faq",
      "faq",
      pricingPage(
        "FAQ",
        FAQ(
          "Opening a shop is free. When a pattern sells, we keep 5% of the price; there is no monthly fee.",
        ),
      ),
    ],
  ]);
  assert.equal(val(verified.fields.pricing_model), "Usage-based");
  assert.deepEqual(quotes(verified.fields.pricing_model), [
    "When a pattern sells, we keep 5% of the price; there is no monthly fee.",
  ]);
});

Deno.test("pricing model: a discount or a share that nobody takes is not a commission", async () => {
  for (
    const answer of [
      "Pay yearly and save 5% of the price.",
      "Designers keep 95% of what they earn.",
    ]
  ) {
    const { draft } = await draftedAndVerified([
      ["/", "home", pricingPage("Patternhaus", "<h1>Where indie pattern designers sell.</h1>")],
      ["/faq", "faq", pricingPage("FAQ", FAQ(answer))],
    ]);
    assert.notEqual(val(draft.fields.pricing_model), "Usage-based", answer);
  }
});
