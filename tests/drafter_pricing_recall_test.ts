/**
 * Pricing models stated plainly in ways the drafter used to leave not_found or get wrong: a
 * one-time price in Spanish, German or French, a "£19 / month" table with a trial and a "no free
 * plan" FAQ, a pilot "at no cost", a one-time add-on next to a subscription; and the decoys that
 * must not decide the model (a competitor's price, a comparison page, a partner's free plan).
 */
import assert from "node:assert/strict";
import type { DraftedValue } from "../services/drafting/evidence.ts";
import { hintsFree, PRICING_SIGNALS } from "../services/drafting/vocabulary.ts";
import { draftedAndVerified, pricingPage } from "./pricing_fixture.ts";

const page = pricingPage;
const drafted = draftedAndVerified;

const val = (d: DraftedValue | undefined) => d?.value ?? null;
const HERO = `<h1>Scores that print</h1><p>Notaclara turns what you play into clean notation.</p>`;

Deno.test("pricing model: a one-time price in Spanish, German or French is One-time, whatever competitors charge", async () => {
  const cases: [string, string, string][] = [
    [
      "es",
      "Sin suscripciones: pagas una vez y es tuya para siempre.",
      "Otros editores cobran 12 € al mes.",
    ],
    [
      "de",
      "Einmalzahlung von 49 €, Updates für Version 3 inklusive.",
      "Andere Programme verlangen 12 € pro Monat.",
    ],
    [
      "fr",
      "Paiement unique de 49 €, mises à jour de la version 3 comprises.",
      "La plupart des logiciels coûtent 12 € par mois.",
    ],
  ];
  for (const [lang, own, others] of cases) {
    const body = `${HERO}<h2>Precios</h2><p>${own}</p><p>${others}</p>`;
    const { verified } = await drafted([["/", "home", page("Notaclara", body, lang)]]);
    assert.equal(val(verified.fields.pricing_model), "One-time", lang);
  }
  // A competitor's monthly price alone never makes the product a subscription.
  const only = await drafted([[
    "/",
    "home",
    page("Notaclara", `${HERO}<h2>Pricing</h2><p>Other editors charge $12 a month.</p>`),
  ]]);
  assert.equal(val(only.verified.fields.pricing_model), null);
  assert.equal(PRICING_SIGNALS["One-time"].test("Pago único."), true);
});

Deno.test("pricing model: a '£19 / month' plan table with a trial, an annual '2 months free' and a 'no free plan' FAQ is Subscription", async () => {
  const body = `<h1>Pricing</h1><p>Start your 14-day free trial.</p>
    <div><button aria-pressed="true">Monthly</button><button>Annual (2 months free)</button></div>
    <table class="pricing-table"><thead><tr><th>Plan</th><th>Essentials</th><th>Business</th></tr></thead>
    <tbody><tr><td>Price</td><td>£19 / month</td><td>£49 / month</td></tr>
    <tr><td>Responders</td><td>Up to 5</td><td>Up to 25</td></tr></tbody></table>
    <h2>Pricing questions</h2><h3>Is there a free plan?</h3>
    <p>No, but every plan starts with a 14-day free trial.</p>
    <h3>Can I pay yearly?</h3><p>Yes. Annual billing gives you two months at no charge.</p>`;
  const { verified } = await drafted([["/pricing", "pricing", page("Pricing", body)]]);
  assert.equal(val(verified.fields.pricing_model), "Subscription");
  assert.equal(hintsFree("Annual (2 months free)"), false);
  assert.equal(hintsFree("Free plan at no cost."), true);
});

Deno.test("pricing model: a pilot at no cost is a trial, not a free tier", async () => {
  const body = `${HERO}<h2>Pricing</h2><p>Every ward starts with a 60-day pilot at no cost.</p>
    <p>Notaclara costs £90 per ward per month, billed each year.</p>`;
  const { verified } = await drafted([["/", "home", page("Notaclara", body)]]);
  assert.equal(val(verified.fields.pricing_model), "Subscription");
  assert.equal(hintsFree("Every ward starts with a 60-day pilot at no cost."), false);
});

Deno.test("pricing model: a one-time add-on next to a monthly price is Subscription, with or without an add-ons heading", async () => {
  const bodies = [
    `<h3>Add-ons</h3><ul><li>Receipt printer bundle - $249 once</li></ul>`,
    `<p>Receipt printer bundle: $249 once.</p>`,
  ];
  for (const addOn of bodies) {
    const body = `${HERO}<h2>Pricing</h2><p>Notaclara is $39 per location per month.</p>${addOn}`;
    const { verified } = await drafted([["/", "home", page("Notaclara", body)]]);
    assert.equal(val(verified.fields.pricing_model), "Subscription", addOn);
    assert.equal(
      String(val(verified.fields.pricing_summary)).includes("249"),
      addOn.includes("<p>"),
    );
  }
});

Deno.test("pricing: a comparison page's table and a partner's free plan never decide the model", async () => {
  const own = page(
    "Notaclara",
    `<h1>Plans</h1><div class="plan-card"><h3>Team</h3><p class="price">$12 / month</p></div>`,
  );
  const compare = page(
    "Compare",
    `<h1>How Notaclara compares</h1><table><tr><th></th><th>Notaclara</th><th>Rivalapp</th></tr>
    <tr><td>Price</td><td>$12</td><td>$0</td></tr></table>`,
  );
  const partners = page(
    "Integrations",
    `<h1>Integrations</h1><h2>Slack</h2><p>Works on Slack's free plan too.</p>`,
  );
  const { draft, verified } = await drafted([
    ["/pricing", "pricing", own],
    ["/compare", "other", compare],
    ["/integrations", "other", partners],
  ]);
  // Drafter and verifier read only the product's own plan: a partner's free plan and a
  // competitor's $0 do not refuse the paid-only model.
  assert.equal(val(draft.fields.pricing_model), "Subscription");
  assert.equal(val(verified.fields.pricing_model), "Subscription");
  assert.ok(!String(val(verified.fields.pricing_summary)).includes("$0"));
});

Deno.test("pricing model: 'a year', 'gratis hasta', a dated promotion and a platform's cut are read; a price list's next section is not its period", async () => {
  const cases: [string, string | null][] = [
    [`<p>Notaclara costs £24 a year for every region.</p>`, "Subscription"],
    [`<p>Gratis hasta 20 parcelas. Notaclara Plus cuesta 12 € al mes.</p>`, "Freemium"],
    [`<p>Kostenlos bis zu 3 Projekte. Notaclara Pro kostet 9 € pro Monat.</p>`, "Freemium"],
    [
      `<p>Solo: 9 € pro Monat.</p><p>Aktion zum Jahresstart: alle Tarife kostenlos bis 31. März, danach monatlich kündbar.</p>`,
      "Subscription",
    ],
    [`<p>Marinas pay nothing up front. Notaclara keeps 4% of each booking.</p>`, "Usage-based"],
  ];
  for (const [line, model] of cases) {
    const { verified } = await drafted([[
      "/",
      "home",
      page("Notaclara", `${HERO}<h2>Pricing</h2>${line}`),
    ]]);
    assert.equal(val(verified.fields.pricing_model), model, line);
  }
  // A free quota "until N users" is not a dated promotion: still a free option, never paid-only.
  const quota = await drafted([[
    "/",
    "home",
    page(
      "Notaclara",
      `${HERO}<h2>Pricing</h2><p>Free until 10 users. Team costs $6 per month.</p>`,
    ),
  ]]);
  assert.notEqual(val(quota.verified.fields.pricing_model), "Subscription");
  // "a month" in the section after a per-unit price list is not the list's billing period.
  const list = `<h1>Pay for what you parse</h1><table><thead><tr><th>Endpoint</th><th>Unit</th>
    <th>Price per unit</th></tr></thead><tbody><tr><td>Receipts</td><td>page</td><td>$0.01</td></tr>
    <tr><td>ID documents</td><td>document</td><td>$0.40</td></tr></tbody></table>
    <h2>Volume</h2><p>Above 200,000 pages a month, talk to us.</p>`;
  const { draft } = await drafted([["/pricing", "pricing", page("Pricing", list)]]);
  assert.notEqual(val(draft.fields.pricing_model), "Subscription");
});

Deno.test("pricing model: open source with a paid hosted service beside it is not Free", async () => {
  const sold = await drafted([[
    "/",
    "Ferry",
    page(
      "Ferry",
      `${HERO}<section><h2>Pricing</h2><p>The agent is open source under the Apache 2.0 licence and free to use. Ferry Cloud, the hosted collector, costs €4 per device per month.</p></section>`,
    ),
  ]]);
  assert.notEqual(val(sold.draft.fields.pricing_model), "Free");
  assert.notEqual(val(sold.verified.fields.pricing_model), "Free");
  // With nothing sold beside it, an open-source product is Free.
  const given = await drafted([[
    "/",
    "Ferry",
    page(
      "Ferry",
      `${HERO}<section><h2>Pricing</h2><p>The agent is open source under the Apache 2.0 licence and free to use.</p></section>`,
    ),
  ]]);
  assert.equal(val(given.draft.fields.pricing_model), "Free");
});

Deno.test("pricing model: a free plan stated only in the FAQ beside a paid plan card is Freemium; a trial, a denial or a partner's free plan is not", async () => {
  const card =
    `<h1>Plans</h1><div class="plan-card"><h3>Pro</h3><p class="price">$6 / month</p></div>`;
  const faq = (question: string, answer: string) =>
    page("Pricing", `${card}<h2>FAQ</h2><h3>${question}</h3><p>${answer}</p>`);
  const free = await drafted([[
    "/pricing",
    "pricing",
    faq("Is there a free plan?", "Yes, free forever for up to 3 users."),
  ]]);
  assert.equal(val(free.verified.fields.pricing_model), "Freemium");
  const quotes = free.verified.fields.pricing_model!.evidence.map((q) => q.quote).join(" | ");
  assert.ok(quotes.includes("free forever for up to 3 users") && quotes.includes("$6"), quotes);
  const decoys = [
    ["Is there a free plan?", "No, but every plan starts with a 14-day trial."],
    ["Is there a free plan?", "We don't have a free plan."],
    ["Which Slack plans work?", "It works on Slack's free plan too."],
    ["Is there a free plan?", "The free plan was retired in 2025."],
  ];
  for (const [question, answer] of decoys) {
    const { draft } = await drafted([["/pricing", "pricing", faq(question, answer)]]);
    assert.notEqual(val(draft.fields.pricing_model), "Freemium", answer);
  }
});
