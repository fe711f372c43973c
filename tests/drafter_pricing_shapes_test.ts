/**
 * Pricing shapes the drafter used to miss or get wrong: a pay-as-you-go rate "billed monthly", a
 * lifetime licence set out as a heading over its price, an app free to download with in-app
 * purchases, prices and trials in Portuguese and Italian; and the decoys that must not decide the
 * model (another product's free plan, an ended launch price, a per-seat price billed monthly).
 */
import assert from "node:assert/strict";
import type { DraftedValue } from "../services/drafting/evidence.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { draftedAndVerified, ORIGIN, pricingPage } from "./pricing_fixture.ts";
import { readPages } from "./people_fixture.ts";

const val = (d: DraftedValue | undefined) => d?.value ?? null;
/** The verified draft of a one-page site. */
async function homeDraft(title: string, body: string, lang = "en") {
  return (await draftedAndVerified([["/", "home", pricingPage(title, body, lang)]])).verified;
}

const HERO = `<h1>Geocoding for delivery software</h1><p>Pinfare turns addresses into points.</p>`;

Deno.test("pricing model: a pay-as-you-go rate billed monthly is Usage-based; another product's free plan is no free tier", async () => {
  const { verified } = await draftedAndVerified([
    [
      "/",
      "home",
      pricingPage(
        "Pinfare",
        `${HERO}<p>Pay as you go: you only pay for the requests you make.</p>
      <p>Our starter template runs on Vercel's free plan in minutes.</p>`,
      ),
    ],
    [
      "/pricing",
      "pricing",
      pricingPage(
        "Pricing",
        `<h1>Pricing</h1>
      <p>$0.002 per request, billed monthly, no minimum.</p>`,
      ),
    ],
  ]);
  assert.equal(val(verified.fields.pricing_model), "Usage-based");
  const summary = String(val(verified.fields.pricing_summary));
  assert.ok(summary.includes("$0.002 per request"), summary);
  assert.ok(!/vercel/i.test(summary), summary);
});

Deno.test("pricing model: a unit price billed monthly is not Usage-based without pay-as-you-go, nor a per-member price", async () => {
  for (
    const line of [
      "Each tracker costs $5 per device, billed monthly.",
      "One plan: $29 per lab member per month, billed monthly.",
    ]
  ) {
    const verified = await homeDraft("Pinfare", `${HERO}<h2>Pricing</h2><p>${line}</p>`);
    assert.notEqual(val(verified.fields.pricing_model), "Usage-based", line);
  }
});

Deno.test("pricing: a lifetime licence and an add-on set out as headings over their prices: One-time, both listed, the ended launch price left out", async () => {
  const { verified } = await draftedAndVerified([
    [
      "/",
      "home",
      pricingPage(
        "Notepad",
        `<h1>Notes in your menu bar</h1>
      <p>Notepad keeps a scratchpad one click away. Try it free for 14 days.</p>`,
      ),
    ],
    [
      "/buy",
      "other",
      pricingPage(
        "Buy",
        `<h1>Buy Notepad</h1>
      <div><h2>Lifetime licence</h2><p>€49</p><p>Yours to keep on up to three Macs.</p></div>
      <div><h2>Updates for a year (optional)</h2><p>€19</p></div>
      <p>Our launch price of €29 ended on 1 March 2025.</p>`,
      ),
    ],
  ]);
  assert.equal(val(verified.fields.pricing_model), "One-time");
  const summary = String(val(verified.fields.pricing_summary));
  assert.ok(
    summary.startsWith("Lifetime licence: €49; Updates for a year (optional): €19"),
    summary,
  );
  assert.ok(!summary.includes("€29"), summary);
});

Deno.test("pricing: prices under a products heading are no heading plans", async () => {
  const verified = await homeDraft(
    "Stall",
    `<h1>A stall for makers</h1><p>Stall sells handmade goods.</p>
      <section><h2>Trending products</h2><h3>Stoneware mug</h3><p>$24</p></section>`,
  );
  assert.ok(!/mug|\$24/i.test(String(val(verified.fields.pricing_summary))));
  assert.equal(val(verified.fields.pricing_model), null);
});

Deno.test("pricing model: an app free on the App Store with in-app purchases is Freemium, in English and Portuguese", async () => {
  const cases: [string, string, string][] = [
    ["en", "Free on the App Store, with in-app purchases.", ""],
    [
      "pt",
      "Grátis na App Store e no Google Play, com compras no app.",
      "<p>O Premium custa R$ 14,90/mês ou R$ 119,90 por ano.</p><p>Os primeiros 7 dias de Premium são grátis.</p>",
    ],
  ];
  for (const [lang, line, more] of cases) {
    const body = `<h1>Caderno</h1><p>Bills in one place, with reminders.</p><p>${line}</p>${more}`;
    const verified = await homeDraft("Caderno", body, lang);
    assert.equal(val(verified.fields.pricing_model), "Freemium", lang);
  }
});

Deno.test("pricing model: a monthly price with a trial in Portuguese or Italian is Subscription", async () => {
  const cases: [string, string][] = [
    [
      "pt",
      "<h2>Preços</h2><p>19 € por mês por estabelecimento. Todos os planos incluem 30 dias de experiência gratuita.</p>",
    ],
    [
      "it",
      "<p>Cantina costa 29 € al mese per azienda, IVA esclusa.</p><p>Prova gratuita di 14 giorni.</p>",
    ],
    ["it", "<h2>Prezzi</h2><p>Circolo piccolo: 19 € al mese fino a 60 soci.</p>"],
  ];
  for (const [lang, body] of cases) {
    const verified = await homeDraft(
      "Cantina",
      `<h1>Cantina</h1><p>The cellar book.</p>${body}`,
      lang,
    );
    assert.equal(val(verified.fields.pricing_model), "Subscription", body);
  }
});

Deno.test("verifier: in-app purchases are the paid part of Freemium; a free line alone is not", async () => {
  const html = pricingPage(
    "Caderno",
    `<h1>Caderno</h1><p>Free on the App Store, with in-app purchases.</p><p>Caderno is free to use.</p>`,
  );
  const pages = await readPages(ORIGIN, [["/", "home", html]]);
  const proposal = (quote: string) => ({
    fields: {
      pricing_model: { value: "Freemium", evidence: [{ quote, url: `${ORIGIN}/` }] },
    },
    faqs: [],
    founders: [],
  });
  const kept = verifyProposal(
    proposal("Free on the App Store, with in-app purchases.") as never,
    pages,
    { categories: [], year: 2026 },
  );
  assert.equal(val(kept.proposal.fields.pricing_model), "Freemium");
  const refused = verifyProposal(proposal("Caderno is free to use.") as never, pages, {
    categories: [],
    year: 2026,
  });
  assert.equal(val(refused.proposal.fields.pricing_model), null);
});

Deno.test("pricing summary: a launch price that ended is not a price of the product", async () => {
  const verified = await homeDraft(
    "Notepad",
    `<h1>Notes in your menu bar</h1>
      <h2>Pricing</h2><p>Notepad Pro costs $12 a month.</p>
      <p>Our launch price of $8 a month ended on 1 March 2025.</p>`,
  );
  const summary = String(val(verified.fields.pricing_summary));
  assert.ok(summary.includes("$12 a month") && !summary.includes("$8"), summary);
  assert.equal(val(verified.fields.pricing_model), "Subscription");
});

Deno.test("pricing model: a compact 'Free · Pro $3/month' line is Freemium; a lone 'Free' word is not", async () => {
  const hero =
    `<h1>Stop autoplay. Mute noisy tabs.</h1><p>Hushtab pauses videos that start on their own.</p>`;
  const compact = await homeDraft("Hushtab", `${hero}<p>Free · Pro $3/month</p>`);
  assert.equal(val(compact.fields.pricing_model), "Freemium");
  // "Free" as one of a few adjectives, a price elsewhere: no free plan is stated.
  const adjectives = await homeDraft(
    "Hushtab",
    `${hero}<p>Free · Private · Fast</p><p>Hushtab Pro costs $3/month.</p>`,
  );
  assert.notEqual(val(adjectives.fields.pricing_model), "Freemium");
  // An ended plan beside "Free" is no paid plan.
  const ended = await homeDraft("Hushtab", `${hero}<p>Free · Pro $3/month (no longer offered)</p>`);
  assert.notEqual(val(ended.fields.pricing_model), "Freemium");
});
