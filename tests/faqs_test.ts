/**
 * FAQs written without FAQ markup, read by the real extractor and then drafted and verified: bold
 * questions opening a paragraph, question sub-headings answered in a run, FAQ sections titled in
 * Dutch, German, French and Spanish; and what is never an FAQ (a menu item, a testimonial, a
 * marketing heading, a contact heading, a bold question under a section that is no FAQ).
 */
import assert from "node:assert/strict";
import { extractPage } from "../services/drafting/extract.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { readPages } from "./people_fixture.ts";
import { proposalWith } from "./source_pages_fixture.ts";

const ORIGIN = "https://product.example";

function page(body: string, lang = "en", brand = "Acme"): string {
  return `<!doctype html><html lang="${lang}"><head><title>${brand}</title></head><body>
    <nav><a href="/">${brand}</a> <a href="/how">How does it work?</a> <a href="/pricing">Pricing</a></nav>
    <main><h1>${brand}</h1>${body}</main></body></html>`;
}

async function faqsOf(body: string, lang = "en") {
  return (await extractPage(page(body, lang), `${ORIGIN}/`)).facts.faqs;
}

/** The FAQs a user would see: drafted by the extractive drafter and verified. */
async function verifiedFaqs(html: string) {
  const pages = await readPages(ORIGIN, [["/", "home", html]]);
  const proposal = draftExtractive(pages, { categories: [], startUrl: `${ORIGIN}/` });
  const v = verifyProposal(proposal, pages, { categories: [], year: 2026 });
  assert.equal(v.quotes.checked, v.quotes.verified, JSON.stringify(v.dropped));
  return v.proposal.faqs.map((f) => [f.question, f.answer]);
}

Deno.test("bold questions in a FAQ section: answer inline, after a line break or in the next paragraph", async () => {
  const faqs = await faqsOf(`<h2>FAQ</h2>
    <p><strong>Can members book from their phone?</strong><br>Yes. Booking works in any browser.</p>
    <p><b>Do you support gas kilns?</b> No. Only <a href="/kilns">electric kilns</a> for now.</p>
    <div class="item"><p><strong>Is there a trial?</strong></p><p>Yes, 14 days.</p><p>No card needed.</p></div>
    <p><strong>Where are you based?</strong></p>
    <p><strong>Who builds it?</strong> A team of four.</p>`);
  assert.deepEqual(faqs, [
    {
      question: "Can members book from their phone?",
      answer: "Yes. Booking works in any browser.",
    },
    { question: "Do you support gas kilns?", answer: "No. Only electric kilns for now." },
    { question: "Is there a trial?", answer: "Yes, 14 days. No card needed." },
    // "Where are you based?" has no answer of its own: the next question is not taken as one.
    { question: "Who builds it?", answer: "A team of four." },
  ]);
});

Deno.test("FAQ sections titled in Dutch, German, French and Spanish", async () => {
  const cases: [string, string, string][] = [
    ["nl", "Veelgestelde vragen", "<h3>Moet ik thuis zijn?</h3><p>Nee. Zet de fiets buiten.</p>"],
    ["de", "Häufige Fragen", "<p><b>Kann ich monatlich kündigen?</b> Ja, jederzeit.</p>"],
    [
      "fr",
      "Questions fréquentes",
      "<h3>Puis-je résilier à tout moment ?</h3><p>Oui, sans frais.</p>",
    ],
    [
      "es",
      "Preguntas frecuentes",
      "<p><strong>¿Funciona sin conexión?</strong></p><p>No. Necesita red.</p>",
    ],
  ];
  for (const [lang, title, body] of cases) {
    const faqs = await faqsOf(`<h2>Funktionen</h2><p>Text.</p><h2>${title}</h2>${body}`, lang);
    assert.equal(faqs?.length, 1, `${lang}: ${JSON.stringify(faqs)}`);
    assert.match(faqs![0].question, /\?$/);
    assert.match(faqs![0].answer, /^(Nee|Ja|Oui|No)\b/);
  }
});

Deno.test("question sub-headings answered in a run are FAQs without FAQ markup; one rhetorical heading is not", async () => {
  const faqs = await faqsOf(`
    <h2>Good to know</h2>
    <h3>Is there a free plan?</h3><p>Yes, for up to three users.</p>
    <h3>Can I cancel any time?</h3><p>Yes, from the billing page.</p>
    <h2>Features</h2>
    <h3>Why Acme?</h3><p>Because spreadsheets break.</p>
    <h3>Calendar sync</h3><p>Google and Outlook.</p>
    <h2>Team</h2>
    <h3>Ready to start?</h3><h3>Need help?</h3><p>Write to us.</p>`);
  assert.deepEqual(faqs, [
    { question: "Is there a free plan?", answer: "Yes, for up to three users." },
    { question: "Can I cancel any time?", answer: "Yes, from the billing page." },
  ]);
});

Deno.test("never FAQs: a menu item, a testimonial, a marketing heading, bold questions outside a FAQ section", async () => {
  const faqs = await faqsOf(`
    <h2>Why Acme?</h2><p>Because spreadsheets break.</p>
    <h2>Pricing</h2><p><strong>Why wait?</strong> Start today for $9 a month.</p>
    <h2>Frequently asked questions</h2>
    <blockquote class="testimonial"><p><strong>Back to paper?</strong> Never again.</p><cite>Marta Gil</cite></blockquote>
    <p><strong>Can I export my data?</strong> Yes, as CSV.</p>
    <h2>Contact</h2>
    <p><strong>Want a demo?</strong> Book a call.</p>`);
  assert.deepEqual(faqs, [{ question: "Can I export my data?", answer: "Yes, as CSV." }]);
});

Deno.test("drafted and verified: a question opening with the product's name (also a menu item) is kept, Yes/No kept", async () => {
  const html = page(
    `<p>Cartouche fait vos devis depuis le chantier.</p>
    <h2>Questions fréquentes</h2>
    <h3>Cartouche est-il compatible avec la facture électronique ?</h3><p>Oui. Cartouche est immatriculé.</p>
    <p><strong>Puis-je résilier à tout moment ?</strong> Oui, sans frais ni préavis.</p>`,
    "fr",
    "Cartouche",
  );
  assert.deepEqual(await verifiedFaqs(html), [
    [
      "Cartouche est-il compatible avec la facture électronique ?",
      "Oui. Cartouche est immatriculé.",
    ],
    ["Puis-je résilier à tout moment ?", "Oui, sans frais ni préavis."],
  ]);
});

Deno.test("verifier: a question quoted verbatim across blocks is dropped (glued heading, list item, teaser link, text after its ?)", async () => {
  const html = page(`<ul><li>Shelf booking per firing</li><li>Automatic member billing</li></ul>
    <h2>Frequently asked questions</h2>
    <h3>Can members book from their phone?</h3><p>Yes. Booking works in any browser.</p>
    <h2>From the journal</h2>
    <ul><li><a href="/p/110">#110: Is a geothermal loop worth it?</a></li>
    <li><a href="/p/109">#109: The draft stopper that beat my insulation.</a></li></ul>`);
  const pages = await readPages(ORIGIN, [["/", "home", html]]);
  const faq = (question: string, answer: string, quoted = `${question} ${answer}`) => ({
    question,
    answer,
    evidence: [{ quote: quoted, url: `${ORIGIN}/` }],
  });
  const answer = "Yes. Booking works in any browser.";
  const r = verifyProposal(
    proposalWith({
      faqs: [
        faq("Can members book from their phone?", answer),
        faq("Frequently asked questions Can members book from their phone?", answer),
        faq(
          "Automatic member billing Frequently asked questions Can members book from their phone?",
          answer,
        ),
        faq("Is a geothermal loop worth it?", "#109: The draft stopper that beat my insulation."),
        faq("Can members book from their phone? Yes.", "Booking works in any browser."),
      ],
    }),
    pages,
    { categories: [], year: 2026 },
  );
  assert.deepEqual(r.proposal.faqs.map((f) => f.question), ["Can members book from their phone?"]);
  for (const i of [1, 2, 3, 4]) {
    assert.ok(
      r.dropped.some((d) => d.field === `faqs[${i}]` && /navigation/.test(d.reason)),
      `faqs[${i}]: ${JSON.stringify(r.dropped)}`,
    );
  }
});

Deno.test("question sub-headings of an article or a blog post are no FAQ", async () => {
  const run = `<h2>Heat pumps</h2><h3>What is a heat pump?</h3><p>A fridge in reverse.</p>
    <h3>How much does one cost?</h3><p>About $9,000 installed.</p>`;
  assert.deepEqual(await faqsOf(`<article>${run}</article>`), []);
  const post = await extractPage(page(run), `${ORIGIN}/blog/heat-pumps`);
  assert.deepEqual(post.facts.faqs, []);
  assert.equal((await faqsOf(run))?.length, 2, "the same run on a product page is an FAQ");
});
