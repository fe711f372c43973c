/**
 * Pricing on sites of kinds the rules were first written without: a device sold once (a pre-order,
 * a free companion app), a desktop app sold with a licence (free updates), French and German plan
 * cards whose prices are words ("Gratuit", "Sur devis") and trials ("Essai gratuit de 30 jours",
 * "14 Tage kostenlos testen"), prepaid credit packs, and the decoys each rule must not take.
 */
import assert from "node:assert/strict";
import type { DraftedValue } from "../services/drafting/evidence.ts";
import { draftedAndVerified, pricingPage } from "./pricing_fixture.ts";

const val = (d: DraftedValue | undefined) => d?.value ?? null;
const quotes = (d: DraftedValue | undefined) => (d?.evidence ?? []).map((q) => q.quote);

function homeDraft(body: string, lang = "en") {
  return draftedAndVerified([["/", "home", pricingPage("Product", body, lang)]]);
}

const DEVICE = `<h1>Fresh air you can see.</h1><section id="order"><h2>Airbox, second batch</h2>
  <p class="price">€249</p><p>incl. VAT · Free shipping in the EU</p>
  <p>Pre-order now and we charge your card only when your Airbox leaves the workshop.</p>`;

Deno.test("pricing model: a device on pre-order with a free companion app is One-time, quoted by the pre-order", async () => {
  const { draft, verified } = await homeDraft(
    `${DEVICE}<p>The companion app for iOS and Android is free and needs no account.</p></section>`,
  );
  assert.equal(val(draft.fields.pricing_model), "One-time");
  assert.equal(val(verified.fields.pricing_model), "One-time");
  assert.match(quotes(verified.fields.pricing_model)[0], /Pre-order now and we charge your card/);
});

Deno.test("pricing model: a pre-order is no One-time beside a monthly price or a free plan", async () => {
  const cases = [
    `${DEVICE}<p>The cloud dashboard costs €4 per month.</p></section>`,
    `${DEVICE}<p>The app is free for up to 3 rooms.</p></section>`,
    `${DEVICE}<p>The companion app is free.</p><p>Free plan: one room, forever.</p></section>`,
  ];
  for (const body of cases) {
    const { verified } = await homeDraft(body);
    assert.notEqual(val(verified.fields.pricing_model), "One-time", body);
  }
  // A pre-order with no price at all states no model.
  const { draft } = await homeDraft(`<h1>Airbox</h1><p>Pre-order opens in May.</p>`);
  assert.equal(val(draft.fields.pricing_model), null);
});

Deno.test("pricing model: an app bought once whose updates are free is One-time; a free app is not", async () => {
  const buy = `<h1>Buy once, yours forever.</h1><p>No subscription and no account.</p>
    <div class="card"><h2>Culler 3</h2><p class="price">$39</p><p>Lifetime updates for v3.</p></div>
    <h3>Do I pay again for version 4?</h3><p>Only if you want it. Every 3.x update is free.</p>`;
  const { verified } = await draftedAndVerified([
    ["/", "home", pricingPage("Culler", `<h1>Culler</h1><p>Cull photos fast.</p>`)],
    ["/buy", "pricing", pricingPage("Buy Culler", buy)],
  ]);
  assert.equal(val(verified.fields.pricing_model), "One-time");
  const free = buy.replace("Every 3.x update is free.", "The app is free to use.");
  const other = await draftedAndVerified([["/buy", "pricing", pricingPage("Buy Culler", free)]]);
  assert.notEqual(val(other.verified.fields.pricing_model), "One-time");
});

Deno.test("pricing: French cards priced in words are Freemium, with the quote-only plan and the trial in the summary", async () => {
  const cards = `<h1>Des tarifs simples</h1>
    <div class="offre"><h2>Découverte</h2><p class="prix">Gratuit</p><p>5 devis par mois.</p></div>
    <div class="offre"><h2>Artisan</h2><p class="prix">à partir de 12 € HT/mois</p><p>Illimité.</p></div>
    <div class="offre"><h2>Entreprise</h2><p class="prix">Sur devis</p><p>Plusieurs équipes.</p></div>
    <p>Essai gratuit de 30 jours de l'offre Artisan, sans carte bancaire.</p>`;
  const { verified } = await draftedAndVerified([
    ["/tarifs", "pricing", pricingPage("Tarifs", cards, "fr")],
  ]);
  assert.equal(val(verified.fields.pricing_model), "Freemium");
  assert.deepEqual(quotes(verified.fields.pricing_model), [
    "Découverte Gratuit",
    "Artisan à partir de 12 € HT/mois",
  ]);
  assert.equal(
    val(verified.fields.pricing_summary),
    "Découverte: Gratuit; Artisan: à partir de 12 € HT/mois; Entreprise: Sur devis; Essai gratuit de 30 jours",
  );
});

Deno.test("pricing: a German trial is a trial (in the summary, never a free plan)", async () => {
  const cards = `<h1>Preise</h1>
    <div class="tarif"><h2>Verein</h2><p class="preis">9 € pro Monat</p><p>Bis 200 Mitglieder.</p></div>
    <div class="tarif"><h2>Verband</h2><p class="preis">Auf Anfrage</p><p>Mehrere Vereine.</p></div>
    <p>Alle Preise zzgl. MwSt. 30 Tage kostenlos testen, ohne Kreditkarte.</p>`;
  const { verified } = await draftedAndVerified([
    ["/preise", "pricing", pricingPage("Preise", cards, "de")],
  ]);
  assert.equal(val(verified.fields.pricing_model), "Subscription");
  const summary = String(val(verified.fields.pricing_summary));
  assert.match(summary, /Verband: Auf Anfrage/);
  assert.match(summary, /30 Tage kostenlos testen/);
});

Deno.test("pricing model: a prepaid credit pack is Usage-based; a monthly pack is not", async () => {
  const pack = await homeDraft(
    `<h1>Pay as you go</h1><p>Buy credits when you need them: 1,000 credits for $10.</p>
     <p>Credits never expire.</p><a href="/signup">Start with 100 free credits</a>`,
  );
  assert.equal(val(pack.verified.fields.pricing_model), "Usage-based");
  assert.deepEqual(quotes(pack.verified.fields.pricing_model), [
    "Buy credits when you need them: 1,000 credits for $10.",
  ]);
  const monthly = await homeDraft(`<h1>Plans</h1><p>Pro: 1,000 credits for $10 a month.</p>`);
  assert.notEqual(val(monthly.verified.fields.pricing_model), "Usage-based");
});

Deno.test("pricing summary: a download button's trial is not a part", async () => {
  const { verified } = await draftedAndVerified([
    ["/", "home", pricingPage("Culler", `<h1>Culler</h1><button>Download the free trial</button>`)],
    [
      "/buy",
      "pricing",
      pricingPage("Buy", `<div class="card"><h2>Culler 3</h2><p class="price">$39</p></div>`),
    ],
  ]);
  assert.equal(val(verified.fields.pricing_summary), "Culler 3: $39");
});
