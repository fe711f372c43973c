/** Extraction from site builders' markup: named testimonial sections, utility classes, split prices and headings. */
import assert from "node:assert/strict";
import { extractPage } from "../services/drafting/extract.ts";

const PAGE = "https://acme.example/pricing";

function page(body: string): string {
  return `<!doctype html><html><head></head><body>${body}</body></html>`;
}

Deno.test("testimonials: a section named by data-framer-name, with cards as links", async () => {
  const body = `<section class="framer-1y6vgda" data-framer-name="Testimonials" name="Testimonials">
      <a class="framer-x3bq9h" data-framer-name="Testimonial Card" href="https://youtube.com/@m">
        <div><p>“I have not memorised a line since.”</p></div>
        <div><p><strong>Marisol Vega</strong></p></div><div><p>Founder at Marisol Cooks</p></div>
      </a></section>
    <section data-framer-name="About"><p>Lena Vogt, Founder of Acme.</p></section>`;
  const { facts } = await extractPage(page(body), PAGE);
  assert.deepEqual(facts.testimonials, [
    "“I have not memorised a line since.” Marisol Vega Founder at Marisol Cooks",
  ]);
});

Deno.test("testimonials: by aria-label, data-testid and a heading of customers' words", async () => {
  const body =
    `<div aria-label="Customer reviews"><p>“Best tool we bought.” Ana, Founder at Bolt</p></div>
    <div data-testid="testimonial-strip"><p>“Saved us a day a week.” Bo, CEO at Kite</p></div>
    <section class="s1"><h2>Loved by 2,000 bakers</h2><p>“Our bakery runs on it.” Cy, Founder at Rye</p></section>
    <section class="s2"><h2>What our customers say about us</h2><p>“Five stars.” Di, Owner at Dot</p></section>
    <section class="s3"><h2>Our team</h2><p>Eve Stone, Founder at Acme</p></section>`;
  const { facts } = await extractPage(page(body), PAGE);
  assert.deepEqual(facts.testimonials, [
    "“Best tool we bought.” Ana, Founder at Bolt",
    "“Saved us a day a week.” Bo, CEO at Kite",
    "Loved by 2,000 bakers “Our bakery runs on it.” Cy, Founder at Rye",
    "What our customers say about us “Five stars.” Di, Owner at Dot",
  ]);
});

Deno.test("pricing: utility classes (items-baseline) are not goods; products are", async () => {
  const card = (name: string, amount: string) =>
    `<div class="rounded-3xl p-8"><h3>${name}</h3><p class="mt-6 flex items-baseline gap-x-1">` +
    `<span class="text-4xl">$<!-- -->${amount}</span><span>/<!-- -->month</span></p></div>`;
  const tailwind = `<section id="pricing"><div class="grid items-center md:items-start">` +
    `${card("Solo", "9")}${card("Studio", "24")}</div></section>`;
  const { facts } = await extractPage(page(tailwind), PAGE);
  assert.deepEqual(facts.pricing, [
    { plan: "Solo", price: "$9/month", features: [] },
    { plan: "Studio", price: "$24/month", features: [] },
  ]);
  const shop = `<div class="product-card items-center"><h3>Mug</h3><p>$12</p></div>`;
  assert.deepEqual((await extractPage(page(shop), PAGE)).facts.pricing, []);
});

Deno.test("pricing: cents in their own element give no price unless the page shows the point", async () => {
  const elementor = (name: string) =>
    `<div class="elementor-price-table"><h3 class="elementor-price-table__heading">${name}</h3>` +
    `<div class="elementor-price-table__price"><span class="elementor-price-table__currency">$</span>` +
    `<span class="elementor-price-table__integer-part">12</span><div class="elementor-price-table__after-price">` +
    `<span class="elementor-price-table__fractional-part">99</span>` +
    `<span class="elementor-price-table__period">/month</span></div></div>` +
    `<ul><li>Up to 40 dogs</li></ul></div>`;
  const split = await extractPage(page(elementor("Solo")), PAGE);
  assert.deepEqual(split.facts.pricing, [{
    plan: "Solo",
    price: null,
    features: ["Up to 40 dogs"],
  }]);
  const sup = `<div class="plan"><h3>Team</h3><p class="price">$29<sup>99</sup>/mo</p></div>`;
  assert.deepEqual((await extractPage(page(sup), PAGE)).facts.pricing, [
    { plan: "Team", price: null, features: [] },
  ]);
  const point =
    `<div class="plan"><h3>Team</h3><p class="price">$12<span class="cents">.99</span>/mo</p></div>`;
  assert.deepEqual((await extractPage(page(point), PAGE)).facts.pricing, [
    { plan: "Team", price: "$12.99/mo", features: [] },
  ]);
});

Deno.test("headings: a heading split over two adjacent headings is one; two lines stay two", async () => {
  const body =
    `<div data-testid="richTextElement"><h1 class="font_0"><span>Plan your plot,</span></h1>
      <h1 class="font_0"><span>season by season</span></h1></div>
    <div><h3>Drag-and-drop</h3><h3>bed planner</h3></div>
    <div><h3>Fast</h3><h3>Secure</h3></div>
    <div><h3>Sync</h3><p>between</p><h3>devices</h3></div>`;
  const { facts } = await extractPage(page(body), PAGE);
  assert.deepEqual(facts.headings?.map((h) => h.text), [
    "Plan your plot, season by season",
    "Drag-and-drop bed planner",
    "Fast",
    "Secure",
    "Sync",
    "devices",
  ]);
});
