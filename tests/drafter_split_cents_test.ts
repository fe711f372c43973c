/**
 * An amount whose cents stand in their own element ("$12<sup>99</sup>", a cents span) reads
 * "$1299" or "$12 99" in the page text: no price is drafted from it, while a plan whose amount
 * reads as shown ("$24<sup>.99</sup>") keeps its price.
 */
import assert from "node:assert/strict";
import { draftedAndVerified, pricingPage } from "./pricing_fixture.ts";
import { extractPage } from "../services/drafting/extract.ts";

const HERO = `<h1>Notes that sync</h1><p>Quillpad keeps your notes in sync on every device.</p>`;

async function summary(cards: string): Promise<string | null> {
  const html = pricingPage(
    "Quillpad",
    `${HERO}<h2>Pricing</h2><div class="pricing">${cards}</div>`,
  );
  const r = await draftedAndVerified([["/pricing", "pricing", html]]);
  return (r.verified.fields.pricing_summary?.value as string | null) ?? null;
}

Deno.test("split cents: the amount's text is recorded as one no price is read from", async () => {
  const { facts } = await extractPage(
    `<body><p class="price">$12<sup>99</sup><span>/month</span></p>` +
      `<p class="price"><span>€9</span><span class="cents">50</span></p>` +
      `<p class="price">$24<sup>.99</sup></p><p>E = mc<sup>2</sup></p></body>`,
    "https://quillpad.example/pricing",
  );
  assert.deepEqual(facts.split_amounts, ["$1299/month", "€950"]);
});

Deno.test("split cents: no plan is drafted at a misread amount", async () => {
  const cases = [
    `<div class="plan"><h3>Pro</h3><p class="price">$12<sup>99</sup><span>/month</span></p></div>`,
    `<div class="plan"><h3>Pro</h3><p class="price"><span>$12</span><span class="cents">99</span> ` +
    `<span>/month</span></p></div>`,
    `<div class="plan"><h3>Pro</h3><p class="price">$12<sup>99</sup> per month</p></div>`,
  ];
  for (const card of cases) {
    const s = await summary(card);
    assert.ok(!s || !/\$12(?!\.99)|1299/.test(s), `${card} → ${s}`);
  }
  const kept = await summary(
    `<div class="plan"><h3>Pro</h3><p class="price">$12<sup>99</sup><span>/month</span></p></div>` +
      `<div class="plan"><h3>Team</h3><p class="price">$24<sup>.99</sup><span>/month</span></p></div>`,
  );
  assert.match(kept ?? "", /\$24\.99\/month/);
  assert.doesNotMatch(kept ?? "", /1299/);
});
