/**
 * Prices stated only in image alt text: content images' alt texts are a named source
 * (`source: "alt"`, locator the image URL) that pricing reads and the verifier checks; logos,
 * icons, badges and images in the header, footer or testimonials are not used.
 */
import assert from "node:assert/strict";
import type { DraftProposal, EvidencePage, EvidenceQuote } from "../services/drafting/evidence.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { extractedPage, proposalWith } from "./source_pages_fixture.ts";

const BASE = "https://pinfold.example";

const PRICING_PAGE = `<!doctype html><html lang="en"><head><title>Pricing — Pinfold</title></head>
<body>
<header><a href="/"><img src="/brand/pinfold-logo.svg" alt="Pinfold Pro plan: $99 per month"></a>
  <nav><a href="/">Home</a> <a href="/pricing">Pricing</a></nav></header>
<main>
  <h1>Simple pricing</h1>
  <p>Pinfold keeps your team's pinned links in one searchable board.</p>
  <div class="plans">
    <img src="/img/plan-starter.png" alt="Starter plan: $9 per month">
    <img src="/img/plan-team.png" alt="Team plan: $29 per month">
  </div>
  <img class="feature-icon" src="/img/bolt.svg" alt="Enterprise plan: $499 per month">
  <img src="/img/badges/soc2.png" alt="SOC 2 badge for compliance">
  <section class="testimonials"><blockquote><img src="/img/ann.jpg" alt="Agency plan: $59 per month">
    <p>We moved all our bookmarks over in a day.</p></blockquote></section>
</main>
<footer><img src="/img/pay.png" alt="Pay plan: $5 per month"><p>© 2026 Pinfold</p></footer>
</body></html>`;

async function pricingPages(): Promise<EvidencePage[]> {
  return [await extractedPage(PRICING_PAGE, `${BASE}/pricing`, "pricing")];
}

function proposal(evidence: EvidenceQuote[], value: string): DraftProposal {
  return proposalWith({ fields: { pricing_summary: { value, evidence } } });
}

Deno.test("only content images' alt texts are read: not logos, icons, badges, header, footer or testimonials", async () => {
  const [page] = await pricingPages();
  assert.deepEqual(page.facts.alt_texts, [
    { src: `${BASE}/img/plan-starter.png`, text: "Starter plan: $9 per month" },
    { src: `${BASE}/img/plan-team.png`, text: "Team plan: $29 per month" },
  ]);
  assert.ok(!page.text.includes("$9"), "alt text is not visible text");
});

Deno.test("a pricing summary stated only in alt text is drafted and verified with alt quotes", async () => {
  const pages = await pricingPages();
  const v = verifyProposal(draftExtractive(pages, { categories: [] }), pages, { year: 2026 });
  assert.deepEqual(v.dropped, []);
  const summary = v.proposal.fields.pricing_summary;
  assert.equal(summary?.value, "Starter plan: $9 per month; Team plan: $29 per month");
  assert.deepEqual(summary?.evidence, [
    {
      quote: "Starter plan: $9 per month",
      url: `${BASE}/pricing`,
      source: "alt",
      locator: `${BASE}/img/plan-starter.png`,
    },
    {
      quote: "Team plan: $29 per month",
      url: `${BASE}/pricing`,
      source: "alt",
      locator: `${BASE}/img/plan-team.png`,
    },
  ]);
  assert.equal(v.proposal.fields.pricing_model?.value, "Subscription");
  for (const price of ["$99", "$499", "$59", "$5 "]) {
    assert.ok(!JSON.stringify(v.proposal).includes(price), `${price} is not drafted`);
  }
});

Deno.test("alt quotes are checked against exactly the named image's alt text", async () => {
  const pages = await pricingPages();
  const url = `${BASE}/pricing`;
  const alt = (quote: string, locator?: string): EvidenceQuote => ({
    quote,
    url,
    source: "alt",
    ...(locator ? { locator } : {}),
  });
  const starter = `${BASE}/img/plan-starter.png`;
  const cases: [string, EvidenceQuote, boolean][] = [
    ["the alt text of its image", alt("Starter plan: $9 per month", starter), true],
    ["another image's alt text", alt("Team plan: $29 per month", starter), false],
    ["no locator", alt("Starter plan: $9 per month"), false],
    ["as page text", { quote: "Starter plan: $9 per month", url }, false],
    [
      "a logo's alt text",
      alt("Pinfold Pro plan: $99 per month", `${BASE}/brand/pinfold-logo.svg`),
      false,
    ],
    ["an icon's alt text", alt("Enterprise plan: $499 per month", `${BASE}/img/bolt.svg`), false],
    ["stitched from two", alt("$9 per month Team plan", starter), false],
  ];
  for (const [label, q, kept] of cases) {
    const v = verifyProposal(proposal([q], q.quote), pages, { year: 2026 });
    assert.equal(v.proposal.fields.pricing_summary?.value != null, kept, label);
  }
});
