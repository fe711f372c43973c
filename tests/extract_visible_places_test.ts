/**
 * Visible text, places and dates, each on a small site read by the real extractor, drafted by the
 * extractive drafter and verified: elements hidden by their markup are neither page text nor
 * evidence (and the verifier refuses a quote from them); postcodes after the city, addresses on
 * separate lines, place names with joiners and founding places in other languages give city and
 * country; founding years in other languages stay years; a blog post's dates are no milestones.
 */
import assert from "node:assert/strict";
import type { DraftedValue, DraftProposal } from "../services/drafting/evidence.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { extractPage } from "../services/drafting/extract.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { readPages } from "./people_fixture.ts";

const ORIGIN = "https://product.example";

function page(body: string, footer = "", lang = "en"): string {
  return `<!doctype html><html lang="${lang}"><head><title>Product</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
    <main>${body}</main><footer>${footer}</footer></body></html>`;
}

/** Drafts and verifies a site of `[path, kind, html]` pages; every quote must verify. */
async function draftSite(pages: [string, string, string][]) {
  const read = await readPages(ORIGIN, pages);
  const p = draftExtractive(read, { categories: [], startUrl: `${ORIGIN}/` });
  const v = verifyProposal(p, read, { year: 2026 });
  assert.equal(v.quotes.checked, v.quotes.verified, JSON.stringify(v.dropped));
  return { draft: v.proposal, pages: read };
}
const val = (d: DraftedValue | undefined) => d?.value ?? null;
const place = (d: DraftProposal) => [val(d.fields.city), val(d.fields.country)];

Deno.test("visible text: hidden, aria-hidden, display:none, visibility:hidden, template and noscript are not text", async () => {
  const html = page(`<p>Shown first.</p>
    <div hidden><p>Attribute hidden.</p></div>
    <p aria-hidden="true">Aria hidden.</p>
    <p style="color: red; display : none !important">Display none.</p>
    <p style="visibility:hidden">Visibility hidden.</p>
    <template><p>Template text.</p></template>
    <noscript><p>Noscript text.</p></noscript>
    <p hidden="until-found">Found by search.</p>
    <p aria-hidden="false">Aria shown.</p>
    <p style="display: block">Display block.</p>
    <details><summary>Closed question?</summary><p>Closed answer.</p></details>
    <p>Shown last.</p>`);
  const { text } = await extractPage(html, `${ORIGIN}/`);
  for (
    const gone of ["Attribute", "Aria hidden", "Display none", "Visibility", "Template", "Noscript"]
  ) {
    assert.ok(!text.includes(gone), `${gone} is not visible: ${text}`);
  }
  for (
    const kept of [
      "Shown first.",
      "Found by search.",
      "Aria shown.",
      "Display block.",
      "Closed answer.",
      "Shown last.",
    ]
  ) {
    assert.ok(text.includes(kept), `${kept} is visible: ${text}`);
  }
});

Deno.test("visible text: a collapsed panel a control opens stays (accordion answers), other hidden parts do not", async () => {
  const html = page(`<h2>FAQ</h2>
    <button aria-controls="a1 a2" aria-expanded="false">Do you ship abroad?</button>
    <div id="a1" hidden><p>Yes, to every EU country.</p><span hidden>Internal note.</span></div>
    <div id="a3" hidden><p>Nobody opens this.</p></div>`);
  const { text } = await extractPage(html, `${ORIGIN}/`);
  assert.ok(text.includes("Yes, to every EU country."), text);
  assert.ok(!text.includes("Internal note."), text);
  assert.ok(!text.includes("Nobody opens this."), text);
});

Deno.test("visible text: hidden facts are not drafted, and the verifier refuses a text quote from them", async () => {
  const home = page(
    `<h1>Newsletters for bookshops</h1><p>Hollowlark sends the weekly newsletter of bookshops.</p>
     <div hidden><p>Hollowlark was founded in 2009 in Manchester, England.</p></div>
     <p style="display:none">Our office is in Bristol, United Kingdom.</p>`,
    `Hollowlark Ltd · 4 Park Row, Leeds LS1 5HD, United Kingdom`,
  );
  const about = page(`<h1>About</h1><p>Priya Shah and Tom Reeve founded Hollowlark in 2019.</p>`);
  const { draft, pages } = await draftSite([["/", "home", home], ["/about", "about", about]]);
  assert.deepEqual(place(draft), ["Leeds", "GB"]);
  assert.equal(val(draft.fields.founded_year), "2019");
  // A careless model quoting the hidden sentence as page text: dropped.
  const careless: DraftProposal = {
    ...draft,
    fields: {
      ...draft.fields,
      founded_year: {
        value: "2009",
        evidence: [{
          quote: "Hollowlark was founded in 2009 in Manchester, England.",
          url: `${ORIGIN}/`,
          source: "text",
        }],
      },
    },
  };
  const v = verifyProposal(careless, pages, { year: 2026 });
  assert.equal(val(v.proposal.fields.founded_year), null);
  assert.ok(v.dropped.some((d) => d.field.startsWith("founded_year")), JSON.stringify(v.dropped));
});

Deno.test("places: a UK postcode after the city, in prose and in a footer with a copyright notice", async () => {
  const prose = await draftSite([[
    "/",
    "home",
    page(`<h1>Ledgers</h1><p>Our office: 20 Farringdon Road, London EC1M 3HE, United Kingdom.</p>`),
  ]]);
  assert.deepEqual(place(prose.draft), ["London", "GB"]);
  const footer = await draftSite([[
    "/",
    "home",
    page(
      `<h1>Ledgers</h1><p>Ledgers for leases.</p>`,
      `Ledgerline Ltd · 2 Park Square, Leeds LS1 2NE, UK · © 2025 Ledgerline Ltd`,
    ),
  ]]);
  assert.deepEqual(place(footer.draft), ["Leeds", "GB"]);
});

Deno.test("places: postcode before the city (Dutch, German lines), joiners in city names", async () => {
  const nl = await draftSite([[
    "/contact",
    "contact",
    page(
      `<h1>Contact</h1><p>Fietsfix B.V.<br>Keizersgracht 1<br>1012 AB Amsterdam<br>Nederland</p>`,
    ),
  ]]);
  assert.deepEqual(place(nl.draft), ["Amsterdam", "NL"]);
  const de = await draftSite([[
    "/impressum",
    "contact",
    page(
      `<h1>Impressum</h1><p>Lagerfuchs GmbH<br>Karl-Liebknecht-Straße 54<br>04275 Leipzig<br>Deutschland</p>
      <p>Geschäftsführerin: Lea Vogt</p>`,
      "",
      "de",
    ),
  ]]);
  assert.deepEqual(place(de.draft), ["Leipzig", "DE"]);
  const joined = await draftSite([[
    "/",
    "home",
    page(`<h1>Grids</h1><p>Grid planning.</p>`, `Gridwell GmbH · Freiburg im Breisgau, Germany`),
  ]]);
  assert.deepEqual(place(joined.draft), ["Freiburg im Breisgau", "DE"]);
});

Deno.test("places: founding sentences (a founder's apposition, 'from', a cue starting the sentence, other languages); others' places are not ours", async () => {
  const cases: [string, string, (string | null)[]][] = [
    ["en", "Kilnbook was started in 2023 by Amara Nwosu, a potter in Portland, Oregon.", [
      "Portland",
      "US",
    ]],
    ["en", "In 2022 she and Ben started Quietroom from Copenhagen, Denmark.", ["Copenhagen", "DK"]],
    ["es", "Huertia fue fundada en 2022 en Valencia, España, por Lucía Ferrer.", [
      "Valencia",
      "ES",
    ]],
    ["fr", "Notre équipe est basée à Lyon, France.", ["Lyon", "FR"]],
    ["nl", "Wij zijn gevestigd in Gent, België.", ["Gent", "BE"]],
    ["en", "Made in Leeds, England by M. J. Hartley and Priya-Anne O. Baptiste, two knitters.", [
      "Leeds",
      "GB",
    ]],
    ["en", "Every order is shipped from Shenzhen, China, within a day.", [null, null]],
  ];
  for (const [lang, sentence, want] of cases) {
    const { draft } = await draftSite([[
      "/about",
      "about",
      page(`<h1>About</h1><p>${sentence}</p>`, "", lang),
    ]]);
    assert.deepEqual(place(draft), want, sentence);
  }
});

Deno.test("founded_year: founding years in other languages are years, and no day is made up", async () => {
  const cases: [string, string][] = [
    ["de", "Lagerfuchs entstand 2021 in Leipzig, als Lea Vogt keine Lagerverwaltung fand."],
    ["nl", "Fietsfix is in 2019 opgericht door Bram de Jong."],
    ["nl", "Fietsfix werd opgericht in 2019 door Bram de Jong."],
    ["fr", "Pâtemain a été fondée en 2018 par deux boulangers."],
    ["es", "Huertia fue fundada en 2020 por Lucía Ferrer."],
  ];
  for (const [lang, sentence] of cases) {
    const { draft } = await draftSite([[
      "/about",
      "about",
      page(`<h1>Über uns</h1><p>${sentence}</p>`, "", lang),
    ]]);
    const year = sentence.match(/\d{4}/)![0];
    assert.equal(val(draft.fields.founded_year), year, sentence);
    assert.deepEqual(draft.milestones, [], sentence);
  }
});

Deno.test("milestones: a blog post's dates and a byline are never company milestones", async () => {
  const post =
    `<article><h1>Spring update</h1><p class="byline">Posted on 14 March 2024 by Tom Reeve</p>
    <p>On 14 March 2024 we launched event listings for every shop.</p></article>`;
  const blog = await draftSite([["/blog/spring-update", "link", page(post)]]);
  assert.deepEqual(blog.draft.milestones, []);
  const article = page(post).replace(
    "<title>",
    `<meta property="og:type" content="article"><title>`,
  );
  const byType = await draftSite([["/spring-update", "link", article]]);
  assert.deepEqual(byType.draft.milestones, []);
  // A dated sentence on the about page is the company's milestone; a byline there still is not.
  const about = await draftSite([[
    "/about",
    "about",
    page(`<h1>About</h1>
    <p>Posted on 2 June 2024 by Tom Reeve.</p>
    <p>On 14 March 2024 we launched event listings for every shop.</p>`),
  ]]);
  assert.deepEqual(about.draft.milestones.map((m) => m.date), ["2024-03-14"]);
  assert.match(about.draft.milestones[0].title, /launched event listings/);
});

Deno.test("places: the verifier keeps a city after 'started X from' and drops one things are shipped from", async () => {
  const about = page(`<h1>About</h1><p>In 2022 Nora started Quietroom from Copenhagen, Denmark.</p>
    <p>Every order is shipped from Shenzhen, China.</p>`);
  const { draft, pages } = await draftSite([["/about", "about", about]]);
  assert.deepEqual(place(draft), ["Copenhagen", "DK"]);
  const city = (quote: string, value: string): DraftProposal => ({
    ...draft,
    fields: { ...draft.fields, city: { value, evidence: [{ quote, url: `${ORIGIN}/about` }] } },
  });
  const shipped = verifyProposal(
    city("Every order is shipped from Shenzhen, China.", "Shenzhen"),
    pages,
    { year: 2026 },
  );
  assert.equal(val(shipped.proposal.fields.city), null);
  const started = verifyProposal(
    city("In 2022 Nora started Quietroom from Copenhagen, Denmark.", "Copenhagen"),
    pages,
    { year: 2026 },
  );
  assert.equal(val(started.proposal.fields.city), "Copenhagen");
});
