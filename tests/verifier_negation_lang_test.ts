/**
 * Negations are read in the quote's page language: Portuguese "no"/"na"/"nos" ("in the") negate
 * nothing, the negations of Portuguese, Spanish, Italian, French, German, Dutch and Polish reverse
 * a value, English stays as strict, and a page of unstated language reads English plus the
 * negations no English text uses as a word.
 */
import assert from "node:assert/strict";
import type { DraftedValue, EvidencePage } from "../services/drafting/evidence.ts";
import type { CheckedQuote } from "../services/drafting/verifier/quotes.ts";
import { statedSignal, supportsAsSpan } from "../services/drafting/verifier/support.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { extractedPage, proposalWith } from "./source_pages_fixture.ts";

/** A checked quote of a page in `lang` (null: the page states none). */
function onPage(usable: string, lang: string | null, path = "/"): CheckedQuote {
  const page = {
    url: `https://acme.example${path}`,
    kind: "home",
    text: usable,
    facts: { lang },
  } as unknown as EvidencePage;
  return { usable, page: { page } } as unknown as CheckedQuote;
}

Deno.test("Portuguese 'no', 'na' and 'nos' are 'in the', not negations", () => {
  assert.ok(supportsAsSpan(onPage("Nascemos no Porto em 2019.", "pt-PT"), "Porto"));
  assert.ok(supportsAsSpan(onPage("Estamos na Maia e nos Açores.", "pt"), "Maia"));
  assert.ok(supportsAsSpan(onPage("Nascemos no Porto em 2019.", null, "/pt/sobre"), "Porto"));
});

Deno.test("negations of other languages reverse the value on their pages", () => {
  const cases: [string, string, string, string][] = [
    ["pt", "Não temos plano gratuito.", "plano gratuito", "Temos plano gratuito."],
    [
      "pt",
      "Nunca vendemos os seus dados.",
      "vendemos os seus dados",
      "Nós vendemos os seus dados.",
    ],
    ["es", "No ofrecemos plan gratuito.", "plan gratuito", "Ofrecemos plan gratuito."],
    [
      "es",
      "Funciona sin conexión a internet.",
      "conexión a internet",
      "Funciona con conexión a internet.",
    ],
    ["it", "Non offriamo un piano gratuito.", "piano gratuito", "Offriamo un piano gratuito."],
    [
      "fr",
      "Nous ne proposons pas de version gratuite.",
      "version gratuite",
      "Une version gratuite.",
    ],
    ["fr", "Jamais de publicité.", "publicité", "De la publicité."],
    [
      "de",
      "Wir bieten keinen kostenlosen Plan.",
      "kostenlosen Plan",
      "Wir bieten einen kostenlosen Plan.",
    ],
    ["de", "Die App ist nicht kostenlos.", "kostenlos", "Die App ist kostenlos."],
    ["nl", "Geen creditcard nodig.", "creditcard nodig", "Alleen een creditcard nodig."],
    ["pl", "Aplikacja nie jest darmowa.", "jest darmowa", "Aplikacja jest darmowa."],
  ];
  for (const [lang, negated, value, stated] of cases) {
    assert.ok(!supportsAsSpan(onPage(negated, lang), value), `${lang}: ${negated}`);
    assert.ok(supportsAsSpan(onPage(stated, lang), value), `${lang}: ${stated}`);
  }
  assert.ok(!statedSignal(/plano gratuito/iu, onPage("Não há plano gratuito.", "pt")));
  assert.ok(statedSignal(/plano gratuito/iu, onPage("Há um plano gratuito.", "pt")));
});

Deno.test("English negation is as strict as before, on English and unstated pages", () => {
  for (const lang of ["en", "en-GB", null]) {
    assert.ok(!supportsAsSpan(onPage("There is no free plan.", lang), "free plan"));
    assert.ok(!supportsAsSpan(onPage("Acme doesn't support SSO.", lang), "support SSO"));
    assert.ok(!supportsAsSpan(onPage("The free plan is not available.", lang), "The free plan"));
  }
  assert.ok(!supportsAsSpan("There is no free plan.", "free plan"));
  assert.ok(!supportsAsSpan(onPage("Não temos plano gratuito.", null), "plano gratuito"));
  assert.ok(
    !supportsAsSpan(onPage("Sem plano gratuito. There is no free plan.", "pt"), "free plan"),
  );
});

Deno.test("a Portuguese page's city after 'no' is kept by the verifier", async () => {
  const html = `<!doctype html><html lang="pt"><head><title>Caderno</title></head><body>` +
    `<h1>Caderno</h1><p>Nascemos no Porto em 2019. O Caderno não tem plano gratuito.</p></body></html>`;
  const page = await extractedPage(html, "https://caderno.example/", "home");
  const field = (value: string, quote: string): DraftedValue => ({
    value,
    evidence: [{ quote, url: page.url }],
  });
  const r = await verifyProposal(
    proposalWith({
      fields: {
        city: field("Porto", "Nascemos no Porto em 2019."),
        features: {
          value: ["plano gratuito"],
          evidence: [{ quote: "O Caderno não tem plano gratuito.", url: page.url }],
        },
      },
    }),
    [page],
    { year: 2026 },
  );
  assert.equal(r.proposal.fields.city?.value, "Porto");
  assert.equal(r.proposal.fields.features?.value, null, "a negated feature is dropped");
});
