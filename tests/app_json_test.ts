/**
 * Client-rendered apps: content kept in JSON (`__NEXT_DATA__`, JSON scripts, `window.X = {...}`)
 * read by the real extractor, drafted by the extractive drafter and checked by the verifier as
 * `source: "app"` quotes located by their JSON path.
 */
import assert from "node:assert/strict";
import type { EvidencePage, EvidenceQuote } from "../services/drafting/evidence.ts";
import { extractedPage, proposalWith } from "./source_pages_fixture.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { parseDraftAnswer } from "../services/drafting/drafter_llm.ts";
import { pagesForPrompt } from "../services/drafting/drafter_llm_prompt.ts";

const URL_ = "https://tallyhop.example/";
const P = "__NEXT_DATA__:props.pageProps.page";

const NEXT_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<title>Tallyhop</title><link rel="preload" href="/_next/static/css/a1.css" as="style"></head>
<body><div id="__next"><div class="loader" aria-busy="true"></div></div>
<script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"page":{
  "headline":"Tallyhop",
  "subtitle":"Expense reports your accountant will actually like",
  "intro":"Tallyhop turns receipts photographed on a phone into expense reports, sorted by project and ready for your accountant.",
  "blocks":[
    {"__typename":"FeatureGrid","className":"grid-3","items":[
      {"id":"f1","title":"Receipt scanning","text":"Snap a receipt and the amount, date and VAT are read for you."},
      {"id":"f2","title":"Project tagging","text":"Every expense lands on the right project."},
      {"id":"f3","title":"Accountant export","text":"Send a clean CSV or a DATEV file at month end."}]},
    {"__typename":"Plans","plans":[
      {"name":"Solo","price":"€8","period":"per month"},
      {"name":"Team","price":"€24","period":"per month"}]},
    {"__typename":"Team","people":[
      {"name":"Marta Kowalski","role":"Co-founder & CEO","avatar":"/img/marta.jpg",
       "links":{"linkedin":"https://www.linkedin.com/in/marta-kowalski-th"}},
      {"name":"Jonas Berg","role":"Co-founder & CTO","links":{"github":"https://github.com/jonasberg"}}]},
    {"__typename":"Faq","faqs":[
      {"question":"Does Tallyhop work offline?","answer":"Yes, receipts are queued and uploaded when you are back online."}]}
  ],
  "seoHash":"9f86d081884c7d659a2feaa0c55ad015",
  "theme":"dark",
  "variant":"heroLeft",
  "onClick":"function(){return track('cta')}",
  "cdn":"https://cdn.tallyhop.example/assets/app.js",
  "contact":"hello@tallyhop.example"
}}},"page":"/","query":{},"buildId":"Xk29aLq81mZ","isFallback":false}</script>
<script src="/_next/static/chunks/main.js" defer></script></body></html>`;

async function pages(html: string): Promise<EvidencePage[]> {
  return [await extractedPage(html, URL_, "home")];
}

const proposal = proposalWith;

function appQuote(quote: string, locator: string): EvidenceQuote {
  return { quote, url: URL_, source: "app", locator };
}

Deno.test("an app's JSON strings are facts with their paths; code, ids, URLs and build data are not", async () => {
  const [page] = await pages(NEXT_PAGE);
  assert.equal(page.text, "", "the body shows nothing");
  const texts = (page.facts.app_json ?? []).map((s) => s.text);
  const paths = new Map((page.facts.app_json ?? []).map((s) => [s.text, s.path]));
  assert.equal(paths.get("Expense reports your accountant will actually like"), `${P}.subtitle`);
  assert.equal(paths.get("Marta Kowalski"), `${P}.blocks.2.people.0.name`);
  for (
    const code of [
      "9f86d081884c7d659a2feaa0c55ad015",
      "dark",
      "heroLeft",
      "function(){return track('cta')}",
      "https://cdn.tallyhop.example/assets/app.js",
      "Xk29aLq81mZ",
      "FeatureGrid",
      "grid-3",
      "f1",
      "/img/marta.jpg",
      "/",
    ]
  ) assert.ok(!texts.includes(code), `${code} is not a fact`);
  assert.deepEqual(
    (page.facts.profile_links ?? []).map((l) => [l.platform, l.context]),
    [["linkedin", "Marta Kowalski Co-founder & CEO"], ["github", "Jonas Berg Co-founder & CTO"]],
  );
});

Deno.test("an empty Next.js page drafts name, tagline, features, pricing, founders and FAQ from its JSON", async () => {
  const ps = await pages(NEXT_PAGE);
  const v = verifyProposal(draftExtractive(ps, { categories: [] }), ps, { year: 2026 });
  assert.deepEqual(v.dropped, [], "every drafted quote verifies in its stated source");
  const f = v.proposal.fields;
  assert.equal(f.name?.value, "Tallyhop");
  assert.equal(f.tagline?.value, "Expense reports your accountant will actually like");
  assert.deepEqual(f.tagline?.evidence, [
    appQuote("Expense reports your accountant will actually like", `${P}.subtitle`),
  ]);
  assert.deepEqual(f.features?.value, ["Receipt scanning", "Project tagging", "Accountant export"]);
  assert.equal(f.pricing_summary?.value, "Solo: €8 per month; Team: €24 per month");
  assert.deepEqual(f.pricing_summary?.evidence.map((q) => q.locator), [
    `${P}.blocks.1.plans.0`,
    `${P}.blocks.1.plans.1`,
  ]);
  assert.deepEqual(
    v.proposal.founders.map((x) => [x.name, x.title, x.evidence[0].source, x.evidence[0].locator]),
    [
      ["Marta Kowalski", "Co-founder & CEO", "app", `${P}.blocks.2.people.0`],
      ["Jonas Berg", "Co-founder & CTO", "app", `${P}.blocks.2.people.1`],
    ],
  );
  assert.equal(
    v.proposal.founders[0].links?.linkedin?.value,
    "https://www.linkedin.com/in/marta-kowalski-th",
  );
  assert.deepEqual(v.proposal.founders[0].links?.linkedin?.evidence, [
    appQuote("Marta Kowalski Co-founder & CEO", `${P}.blocks.2.people.0`),
    appQuote(
      "https://www.linkedin.com/in/marta-kowalski-th",
      `${P}.blocks.2.people.0.links.linkedin`,
    ),
  ]);
  assert.equal(v.proposal.founders[1].links?.github?.value, "https://github.com/jonasberg");
  assert.deepEqual(v.proposal.faqs.map((q) => q.question), ["Does Tallyhop work offline?"]);
  assert.deepEqual(v.proposal.fields.contact_email?.evidence, [
    appQuote("hello@tallyhop.example", `${P}.contact`),
  ]);
  const all = JSON.stringify(v.proposal);
  assert.ok(!all.includes('"source":"text"'), "no app string is passed off as page text");
});

Deno.test("app quotes are checked against exactly the JSON value they name", async () => {
  const ps = await pages(NEXT_PAGE);
  const tagline = "Expense reports your accountant will actually like";
  const cases: [string, EvidenceQuote, boolean][] = [
    ["the string at its path", appQuote(tagline, `${P}.subtitle`), true],
    ["a span of it", appQuote("Expense reports your accountant", `${P}.subtitle`), true],
    ["a real string at another path", appQuote(tagline, `${P}.intro`), false],
    ["no locator", { quote: tagline, url: URL_, source: "app" }, false],
    ["as page text", { quote: tagline, url: URL_ }, false],
    ["stitched from two strings", appQuote(`Tallyhop ${tagline}`, `${P}.subtitle`), false],
    ["made up", appQuote("Expense reports everyone loves", `${P}.subtitle`), false],
    ["a build id", appQuote("Xk29aLq81mZ", "__NEXT_DATA__:buildId"), false],
  ];
  for (const [label, q, kept] of cases) {
    const v = verifyProposal(
      proposal({
        fields: { tagline: { value: "Expense reports your accountant", evidence: [q] } },
      }),
      ps,
      { year: 2026 },
    );
    assert.equal(v.proposal.fields.tagline?.value != null, kept, label);
  }
});

Deno.test("a founder needs the person's own card: names joined across two cards are dropped", async () => {
  const ps = await pages(NEXT_PAGE);
  const people = `${P}.blocks.2.people`;
  const founder = (name: string, q: EvidenceQuote) =>
    verifyProposal(
      proposal({ founders: [{ name, title: "Co-founder & CTO", bio: null, evidence: [q] }] }),
      ps,
      { year: 2026 },
    ).proposal.founders.map((x) => x.name);
  assert.deepEqual(
    founder("Jonas Berg", appQuote("Jonas Berg Co-founder & CTO", `${people}.1`)),
    ["Jonas Berg"],
  );
  assert.deepEqual(founder("Jonas Berg", appQuote("Jonas Berg", `${people}.1.name`)), []);
  assert.deepEqual(
    founder("Jonas Berg", appQuote("Co-founder & CEO Jonas Berg", `${people}`)),
    [],
    "strings of two people's cards are not one card",
  );
  assert.deepEqual(
    founder("Receipt scanning", appQuote("Receipt scanning", `${P}.blocks.0.items.0`)),
    [],
  );
});

Deno.test("window.__INITIAL_STATE__ as plain JSON is read; a script that is code is not", async () => {
  const html = `<!doctype html><html><head><title>Quillo</title></head><body><div id="app"></div>
<script>window.__INITIAL_STATE__ = {"hero":{"title":"Quillo","lead":"Shared notes for small newsrooms"}};</script>
<script>window.__NUXT__=(function(a){return {data:[{title:"Injected by code"}]}}(1));</script>
<script type="application/json" id="site-data">{"about":"Quillo is based in Ghent, Belgium."}</script>
</body></html>`;
  const [page] = await pages(html);
  assert.deepEqual(page.facts.app_json, [
    { path: "__INITIAL_STATE__:hero.title", text: "Quillo" },
    { path: "__INITIAL_STATE__:hero.lead", text: "Shared notes for small newsrooms" },
    { path: "site-data:about", text: "Quillo is based in Ghent, Belgium." },
  ]);
  const v = verifyProposal(draftExtractive([page], { categories: [] }), [page], { year: 2026 });
  assert.deepEqual(v.dropped, []);
  assert.equal(v.proposal.fields.tagline?.value, "Shared notes for small newsrooms");
  assert.equal(v.proposal.fields.city?.value, "Ghent");
  assert.equal(v.proposal.fields.city?.evidence[0].locator, "site-data:about");
});

Deno.test("a server-rendered page keeps drafting from its visible text, not its JSON copy", async () => {
  const body = "<h1>Tallyhop</h1><p>Expense reports your accountant will actually like.</p>" +
    "<p>".concat("Tallyhop turns receipts into expense reports. ".repeat(8), "</p>");
  const html = NEXT_PAGE.replace('<div class="loader" aria-busy="true"></div>', body);
  const ps = await pages(html);
  const v = verifyProposal(draftExtractive(ps, { categories: [] }), ps, { year: 2026 });
  assert.deepEqual(v.dropped, []);
  assert.deepEqual(v.proposal.founders, [], "the JSON's people are not on this rendered page");
  assert.equal(v.proposal.fields.tagline?.evidence[0].source, undefined, "a text quote");
});

Deno.test("the LLM drafter is shown an app's strings by path and its app quotes are verified as such", async () => {
  const page = await pages(NEXT_PAGE);
  const prompt = pagesForPrompt(page, 20_000);
  assert.match(prompt, new RegExp(`App data \\(locator: value\\): .*${P}\\.subtitle: Expense`));
  const subtitle = "Expense reports your accountant will actually like";
  const answer = (source: string) =>
    JSON.stringify({
      fields: {
        tagline: {
          value: subtitle,
          quotes: [{ quote: subtitle, url: URL_, source, locator: `${P}.subtitle` }],
        },
      },
    });
  const kept = verifyProposal(parseDraftAnswer(answer("app")), page);
  assert.equal(kept.proposal.fields.tagline?.value, subtitle);
  assert.equal(kept.proposal.fields.tagline?.evidence[0].source, "app");
  // The same string cited as page text is not on the page's visible text: dropped.
  const asText = verifyProposal(parseDraftAnswer(answer("text")), page);
  assert.equal(asText.proposal.fields.tagline?.value ?? null, null);
});
