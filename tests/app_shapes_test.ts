/**
 * Client-rendered apps written in other shapes than Next.js: data as a JavaScript object literal,
 * sections under the state's own top-level keys, a tagline key without a headline, prices held
 * as numbers, button and navigation labels; and plan images whose alt text goes on after the
 * price. Real extractor, extractive drafter and verifier.
 */
import assert from "node:assert/strict";
import type { EvidencePage } from "../services/drafting/evidence.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { parseObjectLiteral } from "../services/drafting/extract/app_json.ts";
import { withExtraContent } from "../services/drafting/extract/app_page.ts";
import { extractedPage } from "./source_pages_fixture.ts";

const URL_ = "https://beakerly.example/";

function shell(state: string): string {
  return `<!doctype html><html lang="en"><head><title>Beakerly</title>
<script type="module" src="/assets/index-4f9a.js"></script></head>
<body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div>
<script>window.__INITIAL_STATE__ = ${state};</script></body></html>`;
}

async function drafted(html: string) {
  const page: EvidencePage = await extractedPage(html, URL_, "home");
  const v = verifyProposal(draftExtractive([page], { categories: [] }), [page], { year: 2026 });
  assert.deepEqual(v.dropped, [], "every drafted value is supported");
  return { page, proposal: v.proposal };
}

// The state as a bundler or a formatter writes it: bare keys, single quotes, trailing commas.
const LITERAL_STATE = `{
  site: {
    brand: 'Beakerly',
    tagline: 'The lab notebook your whole bench can search',
    intro: "Beakerly is an electronic lab notebook for small research labs, signed and time-stamped.",
    nav: [{ label: 'Pricing', href: '\\u002Fpricing' }, { label: 'About', href: '/about' },],
  },
  // sections
  features: [
    { title: 'Versioned protocols', body: 'Every change to a protocol is kept.' },
    { title: 'Sample tracking', body: "Scan a tube's barcode to see where it lives." },
  ],
  faq: [
    { q: 'Can I import my old notebooks?', a: 'Yes. Word, PDF and Markdown files are imported.' },
  ],
  loggedIn: !1,
  user: undefined,
}`;

Deno.test("a data-only object literal is read as JSON; anything that is code is not", () => {
  assert.deepEqual(parseObjectLiteral(`{a: 'it\\'s "x"', b: [1, -2.5e3, !0,], c: undefined,}`), {
    a: `it's "x"`,
    b: [1, -2500, true],
    c: null,
  });
  for (
    const code of [
      "{a: someVariable}",
      "{a: f(1)}",
      "{a: `template ${x}`}",
      "{a: 1 + 2}",
      "{a: function () {}}",
      "{a: 'unterminated}",
    ]
  ) assert.equal(parseObjectLiteral(code), undefined, code);
});

Deno.test("an app's object-literal state is drafted: tagline key, top-level sections, no nav labels", async () => {
  const { page, proposal } = await drafted(shell(LITERAL_STATE));
  const texts = (page.facts.app_json ?? []).map((s) => s.text);
  assert.ok(!texts.includes("Pricing") && !texts.includes("About"), "navigation labels are chrome");
  assert.equal(proposal.fields.tagline?.value, "The lab notebook your whole bench can search");
  assert.equal(proposal.fields.tagline?.evidence[0].source, "app");
  assert.equal(proposal.fields.tagline?.evidence[0].locator, "__INITIAL_STATE__:site.tagline");
  assert.deepEqual(proposal.faqs.map((f) => f.question), ["Can I import my old notebooks?"]);
  assert.deepEqual(proposal.fields.features?.value, ["Versioned protocols", "Sample tracking"]);
});

Deno.test("a headline key stays the app's h1 when a tagline key follows it", async () => {
  const state = `{"content":{"headline":"Beakerly","tagline":"Lab notes for small labs"}}`;
  const { page } = await drafted(shell(state));
  const h1 = (p: EvidencePage) =>
    withExtraContent(p).page.facts.headings.filter((h) => h.level === 1).map((h) => h.text);
  assert.deepEqual(h1(page), ["Beakerly"]);
  const pitchOnly = await drafted(shell(`{"site":{"brand":"Beakerly","tagline":"Lab notes"}}`));
  assert.deepEqual(h1(pitchOnly.page), ["Lab notes"]);
});

Deno.test("plans whose prices are numbers are not summarised from the one with a price text", async () => {
  const state = `{"pricing":{"currency":"USD","plans":[
    {"name":"Starter","price":0,"blurb":"Free for labs of up to 3 people","cta":"Start free"},
    {"name":"Lab","price":12,"interval":"month","unit":"per user","cta":"Start 30-day trial"}]}}`;
  const { page, proposal } = await drafted(shell(state));
  assert.deepEqual(
    page.facts.pricing,
    [],
    "the Lab plan's price cannot be quoted: no partial list",
  );
  assert.equal(proposal.fields.pricing_model?.value ?? null, null);
  assert.equal(proposal.fields.pricing_summary?.value ?? null, null);
  const texts = (page.facts.app_json ?? []).map((s) => s.text);
  assert.ok(!texts.includes("Start free"), "button labels are not statements");
});

Deno.test("a named plan's alt text that goes on after the price is a plan; an unnamed one is not", async () => {
  const html = `<!doctype html><html lang="en"><head><title>Pricing — Formly</title></head><body>
<main><h1>Simple pricing</h1><p>Formly builds branching forms on a visual canvas for small teams.</p>
<div class="plans">
  <img src="/img/pricing/free.png" alt="Free plan: $0 forever. 3 forms and 100 responses a month.">
  <img src="/img/pricing/pro.png" alt="Pro plan: $15 per user per month. Unlimited forms, file uploads.">
</div>
<img src="/img/chart.png" alt="Revenue: $40 per month. Up from $10 a year ago.">
</main></body></html>`;
  const page = await extractedPage(html, `${URL_}pricing`, "pricing");
  const v = verifyProposal(draftExtractive([page], { categories: [] }), [page], { year: 2026 });
  assert.deepEqual(v.dropped, []);
  assert.deepEqual(withExtraContent(page).page.facts.pricing, [
    { plan: "Free plan", price: "$0 forever", features: [] },
    { plan: "Pro plan", price: "$15 per user per month", features: [] },
  ]);
  const summary = String(v.proposal.fields.pricing_summary?.value ?? "");
  assert.match(summary, /Pro plan: \$15 per user per month/);
  assert.doesNotMatch(summary, /Revenue|\$40/);
  assert.ok(v.proposal.fields.pricing_summary?.evidence.every((q) => q.source === "alt"));
});
