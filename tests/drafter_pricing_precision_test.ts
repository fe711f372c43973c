/**
 * Pricing drafted precision first, on small sites of their own read by the real extractor,
 * drafted by the extractive drafter and verified: a paid-only model (Subscription, One-time) only
 * when nothing on the site suggests a free option, and a pricing summary only from lines that
 * state the product's own prices (never a newsletter's headlines, a changelog, a marketplace's
 * items or a price hidden behind a billing toggle).
 */
import assert from "node:assert/strict";
import type { DraftedValue } from "../services/drafting/evidence.ts";
import { hintsFree, PRICING_SIGNALS } from "../services/drafting/vocabulary.ts";
import { draftedAndVerified, ORIGIN, pricingPage } from "./pricing_fixture.ts";
import { readPages } from "./people_fixture.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";

const page = pricingPage;
const drafted = async (pages: [string, string, string][]) =>
  (await draftedAndVerified(pages)).verified;

const home = (title: string, body: string) => drafted([["/", "home", page(title, body)]]);
const val = (d: DraftedValue | undefined) => d?.value ?? null;
const HERO = `<h1>Notes that sync</h1><p>Quillpad keeps your notes in sync on every device.</p>`;

Deno.test("pricing model: recurring paid prices with a free option worded any way are never Subscription", async () => {
  const wordings = [
    "Get started free, no credit card.",
    "Quillpad is gratis voor persoonlijk gebruik.",
    "Die Basisversion ist kostenlos.",
    "La version de base est gratuite.",
    "Solo: 0 € al mes.",
    "Always free for students.",
  ];
  for (const w of wordings) {
    const d = await home(
      "Quillpad",
      `${HERO}<h2>Pricing</h2><p>${w}</p><p>Quillpad Pro costs $6 per month, billed monthly.</p>`,
    );
    assert.notEqual(val(d.fields.pricing_model), "Subscription", w);
  }
});

Deno.test("pricing model: a free tier that is only a 'Hobby' card at $0 behind a monthly/yearly toggle is Freemium", async () => {
  const card = (name: string, month: string, year: string) =>
    `<div class="plan"><h3>${name}</h3><p class="price"><span class="monthly">${month}</span><span class="yearly" hidden>${year}</span></p><ul><li>Web push</li></ul></div>`;
  const d = await drafted([
    ["/", "home", page("Beacon", `<h1>Push without plumbing</h1><p>Beacon sends push.</p>`)],
    [
      "/pricing",
      "pricing",
      page(
        "Pricing – Beacon",
        `<h1>Plans</h1><div class="plans">${card("Hobby", "$0/month", "$0/year")}${
          card("Pro", "$12/month", "$115/year")
        }</div>`,
      ),
    ],
  ]);
  assert.equal(val(d.fields.pricing_model), "Freemium");
  assert.equal(val(d.fields.pricing_summary), "Hobby: $0/month; Pro: $12/month");
});

Deno.test("pricing model: a plain subscription with only a free trial is still Subscription; free shipping or a free call-out is no free tier", async () => {
  const trial = await home(
    "Quillpad",
    `${HERO}<h2>Pricing</h2><p>Quillpad costs $6 per month. Start your 14-day free trial today.</p>`,
  );
  assert.equal(val(trial.fields.pricing_model), "Subscription");
  for (
    const t of ["Free shipping on every order.", "Voorrijkosten zijn altijd gratis.", "Ad-free."]
  ) {
    assert.ok(!hintsFree(t), t);
  }
  for (const t of ["Get started free", "Die App ist kostenlos", "$0/month", "costs nothing"]) {
    assert.ok(hintsFree(t), t);
  }
});

Deno.test("pricing model: a lifetime deal that has ended, in a changelog, is not One-time", async () => {
  const d = await home(
    "Clipwise",
    `<h1>Clip any page</h1><p>Clipwise saves what you select as a note.</p>
     <a class="cta" href="https://chromewebstore.google.com/detail/clipwise/abc">Add to Chrome, it's free</a>
     <h2>Clipwise Pro</h2><p>Pro syncs your clips for $3/month.</p>
     <h2>What's new</h2><ul><li>2.3: The old $5 lifetime deal has ended; owners keep Pro.</li><li>2.2: Faster search.</li></ul>`,
  );
  assert.equal(val(d.fields.pricing_model), "Freemium");
  const summary = String(val(d.fields.pricing_summary));
  assert.ok(summary.includes("$3/month"), summary);
  assert.ok(!summary.includes("$5"), summary);
});

Deno.test("pricing summary: a newsletter's recent issues with dollar amounts are headlines, not prices", async () => {
  const d = await home(
    "Grid Notes – a weekly newsletter",
    `<h1>Energy news in plain numbers</h1><p>Grid Notes explains home energy every week.</p>
     <h2>Recent issues</h2><ul>
       <li><a href="/p/112">#112: Heat pumps get a $2,000 rebate per home</a></li>
       <li><a href="/p/111">#111: Solar now costs $1.10 per watt</a></li></ul>
     <h2>Subscribe</h2><p>The Sunday edition costs nothing.</p>
     <p>The Deep Dive is for paying readers: $8 a month or $80 a year.</p>`,
  );
  const summary = String(val(d.fields.pricing_summary));
  assert.ok(summary.includes("$8 a month") && summary.includes("$80 a year"), summary);
  assert.ok(!/\$2,000|\$1\.10|#11/.test(summary), summary);
  assert.equal(val(d.fields.pricing_model), "Freemium");
});

Deno.test("pricing summary: a marketplace's item prices are not its pricing; its own commission is usage-based", async () => {
  const d = await home(
    "Craftstall",
    `<h1>A market stall for makers</h1><p>Craftstall lets makers sell handmade goods.</p>
     <section class="products"><h2>Trending now</h2>
       <div class="product-card"><h3>Stoneware mug</h3><span class="product-price">$24</span></div>
       <div class="product-card"><h3>Tea towel set</h3><span class="product-price">$19 / set</span></div>
     </section>
     <h2>Sell with us</h2><p>Listing is free. We take an 8% commission and a $0.30 payment fee per sale.</p>`,
  );
  const summary = String(val(d.fields.pricing_summary));
  assert.ok(summary.includes("$0.30"), summary);
  assert.ok(!/\$24|\$19|mug/i.test(summary), summary);
  assert.equal(val(d.fields.pricing_model), "Usage-based");
});

Deno.test("pricing summary: an amount with no price word is not a price line", async () => {
  const d = await home(
    "Quillpad",
    `${HERO}<p>We raised $2 million from friends.</p><p>Quillpad Pro is $6 per month.</p>`,
  );
  const summary = String(val(d.fields.pricing_summary));
  assert.ok(summary.includes("$6 per month"), summary);
  assert.ok(!summary.includes("$2 million"), summary);
});

Deno.test("the verifier's Freemium signal reads a free tier worded without 'free'", () => {
  for (const t of ["Hobby $0/month", "costs nothing", "0 € im Monat", "gratis", "kostenlos"]) {
    assert.ok(PRICING_SIGNALS.Freemium.test(t), t);
  }
  assert.ok(!PRICING_SIGNALS.Freemium.test("$0.30 per sale"));
});

Deno.test("verifier: a model's Subscription quoted next to a free plan, or a summary quoted from a headline, is dropped", async () => {
  const read = await readPages(ORIGIN, [[
    "/",
    "home",
    page(
      "Quillpad",
      `${HERO}<h2>Issue 112</h2><p>#112: Heat pumps get a $2,000 rebate</p>
       <h2>Pricing</h2><p>Free plan for one device. Pro is $6 per month.</p>`,
    ),
  ]]);
  const p = draftExtractive(read, { categories: [], startUrl: `${ORIGIN}/` });
  const at = (quote: string) => [{ quote, url: `${ORIGIN}/` }];
  p.fields.pricing_model = {
    value: "Subscription",
    evidence: at("Free plan for one device. Pro is $6 per month."),
  };
  p.fields.pricing_summary = {
    value: "Heat pumps get a $2,000 rebate",
    evidence: at("#112: Heat pumps get a $2,000 rebate"),
  };
  const v = verifyProposal(p, read, { categories: [], year: 2026 });
  assert.equal(val(v.proposal.fields.pricing_model), null, "a free plan is in the quote");
  assert.equal(val(v.proposal.fields.pricing_summary), null, "a headline is not a price");
  const reasons = JSON.stringify(v.dropped);
  assert.ok(reasons.includes("free option") && reasons.includes("headline"), reasons);
  // Quoted only from the paid line, it is still dropped: the site states a free plan elsewhere.
  p.fields.pricing_model = { value: "Subscription", evidence: at("Pro is $6 per month.") };
  const site = verifyProposal(p, read, { categories: [], year: 2026 });
  assert.equal(val(site.proposal.fields.pricing_model), null);
  assert.ok(JSON.stringify(site.dropped).includes("the site shows a free option"));
  // The same site, drafted by the extractive drafter, is Freemium with the real plan line.
  const own = verifyProposal(
    draftExtractive(read, { categories: [], startUrl: `${ORIGIN}/` }),
    read,
    { categories: [], year: 2026 },
  );
  assert.equal(val(own.proposal.fields.pricing_model), "Freemium");
  assert.ok(!String(val(own.proposal.fields.pricing_summary)).includes("2,000"));
});

Deno.test("pricing model: a free quota before a monthly price is Freemium", async () => {
  for (
    const line of [
      "Free for 5 invoices a month, then $9 per month.",
      "Free for the first 3 projects; $12/month after that.",
    ]
  ) {
    const d = await home("Quillpad", `${HERO}<h2>Pricing</h2><p>${line}</p>`);
    assert.equal(val(d.fields.pricing_model), "Freemium", line);
  }
});
