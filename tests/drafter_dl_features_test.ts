/**
 * A builder's description list of feature cards (dl > div > dt + dd) gives its terms as features:
 * each dt is the item's title, so the feature is the title and not the title run into its text.
 */
import assert from "node:assert/strict";
import { draftedAndVerified, pricingPage } from "./pricing_fixture.ts";

const card = (title: string, text: string) =>
  `<div class="flex flex-col"><dt class="font-semibold">${title}</dt>` +
  `<dd class="mt-4"><p>${text}</p></dd></div>`;

Deno.test("dl feature cards: each term is a feature, quoted with its description", async () => {
  const body = `<h1>Lessons without the admin</h1><p>Tempo runs a music teacher's week.</p>` +
    `<section id="features"><h2>Features</h2><p>Everything a studio of one needs</p><dl class="grid">` +
    card(
      "Recurring lesson calendar",
      "Set a weekly slot once; make-up lessons are handled for you.",
    ) +
    card(
      "Automatic parent invoices",
      "Invoices go out on the first of the month with a payment link.",
    ) +
    card(
      "Practice logs for students",
      "Students record minutes practised; you see the week at a glance.",
    ) +
    `</dl></section>`;
  const { verified } = await draftedAndVerified([["/", "home", pricingPage("Tempo", body)]]);
  assert.deepEqual(verified.fields.features?.value, [
    "Recurring lesson calendar",
    "Automatic parent invoices",
    "Practice logs for students",
  ]);
  assert.match(
    verified.fields.features!.evidence[0].quote,
    /^Recurring lesson calendar Set a weekly/,
  );
});

Deno.test("dl cards under a pricing heading are not features", async () => {
  const body = `<h1>Lessons without the admin</h1><p>Tempo runs a music teacher's week.</p>` +
    `<h2>Pricing plans</h2><dl>` + card("Solo studio plan", "One teacher, unlimited students.") +
    card("Group studio plan", "Up to five teachers in one studio.") + `</dl>`;
  const { verified } = await draftedAndVerified([["/", "home", pricingPage("Tempo", body)]]);
  assert.equal(verified.fields.features?.value ?? null, null);
});
