/**
 * Pricing drafted from site-builder markup, precision first: plan cards whose amounts the
 * extractor could not read ("$<span>12</span><span>99</span>") tell no plan and no price, a button's
 * label is never the trial, and labels of adjacent buttons run together are read one by one.
 */
import assert from "node:assert/strict";
import type { DraftedValue } from "../services/drafting/evidence.ts";
import { draftedAndVerified, pricingPage } from "./pricing_fixture.ts";

const val = (d: DraftedValue | undefined) => d?.value ?? null;
const HERO =
  `<h1>Walks, booked</h1><p>Pawtrail schedules dog walks and sends the invoices for you.</p>`;

/** Pawtrail's home page (the hero, then `body`) and, when given, its pricing page. */
function site(body: string, pricing?: string) {
  const pages: [string, string, string][] = [[
    "/",
    "home",
    pricingPage("Pawtrail", `${HERO}${body}`),
  ]];
  if (pricing !== undefined) {
    pages.push(["/pricing", "pricing", pricingPage("Pricing – Pawtrail", pricing)]);
  }
  return draftedAndVerified(pages);
}

/** Two plan cards with readable monthly prices. */
const CARDS =
  `<div class="plans"><div class="plan"><h3>Solo</h3><p class="price">$9/month</p><ul><li>GPS walk reports</li></ul></div><div class="plan"><h3>Team</h3><p class="price">$24/month</p><ul><li>Payroll export</li></ul></div></div>`;

/** An Elementor price table: currency, whole part and cents in their own elements. */
const elementorCard = (plan: string, whole: string, cents: string) =>
  `<div class="elementor-price-table"><div class="elementor-price-table__header"><h3 class="elementor-price-table__heading">${plan}</h3><span class="elementor-price-table__subheading">For walkers</span></div><div class="elementor-price-table__price"><span class="elementor-price-table__currency">$</span><span class="elementor-price-table__integer-part">${whole}</span><div class="elementor-price-table__after-price"><span class="elementor-price-table__fractional-part">${cents}</span><span class="elementor-price-table__period">/month</span></div></div><ul class="elementor-price-table__features-list"><li>GPS walk reports</li><li>Invoices by email</li></ul><div class="elementor-price-table__footer"><a class="elementor-button" href="/signup">Start free trial</a><div class="elementor-price-table__additional_info">14-day free trial, no card needed</div></div></div>`;

Deno.test("pricing summary: cards whose cents stand apart give no plans, no '$12 99' and no button label", async () => {
  const d = await site(
    `<div class="elementor-button-wrapper"><a class="elementor-button" href="/pricing"><span>Start your free trial</span></a></div>`,
    `<h1>Simple monthly pricing</h1><p>Pick a plan for your business.</p>${
      elementorCard("Solo", "12", "99")
    }${elementorCard("Team", "29", "99")}`,
  );
  const summary = val(d.draft.fields.pricing_summary);
  assert.equal(summary, null, String(summary));
  // The model needs no amount: a price per month is a subscription, whatever its cents.
  assert.equal(val(d.verified.fields.pricing_model), "Subscription");
});

Deno.test("pricing summary: a line whose cents stand apart ('$12 99/month') is never a stated price", async () => {
  const d = await site(
    "",
    `<h1>Pricing</h1><h2>Solo</h2><p>$12 <span class="cents">99</span>/month Billed monthly</p><h2>Team</h2><p>$29 <span class="cents">99</span>/month Billed monthly</p>`,
  );
  const summary = String(val(d.draft.fields.pricing_summary));
  assert.ok(!summary.includes("12 99") && !summary.includes("29 99"), summary);
});

Deno.test("pricing summary: a button's label is never the trial; a trial sentence still is", async () => {
  const button = await site(
    `<a class="button" href="/pricing">Start your free trial</a>`,
    `<h1>Pricing</h1>${CARDS}`,
  );
  assert.equal(val(button.verified.fields.pricing_summary), "Solo: $9/month; Team: $24/month");
  const sentence = await site(
    "",
    `<h1>Pricing</h1><p>Every plan starts with a 14-day free trial.</p>${CARDS}`,
  );
  assert.equal(
    val(sentence.verified.fields.pricing_summary),
    "Solo: $9/month; Team: $24/month; Every plan starts with a 14-day free trial",
  );
});

Deno.test("pricing model: a trial button run into the next label is no free option", async () => {
  const buttons = (label: string) =>
    `<div class="flex"><a href="https://app.pawtrail.example/signup">${label}</a><a href="#features">Learn more</a></div><h2>Pricing</h2>${CARDS}`;
  const d = await site(buttons("Start your 14-day free trial"));
  assert.equal(val(d.verified.fields.pricing_model), "Subscription");
  // A free plan's button run into the next label still counts as a free option.
  const free = await site(buttons("Start free forever"));
  assert.notEqual(val(free.verified.fields.pricing_model), "Subscription");
});
