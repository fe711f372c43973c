/**
 * Company facts on sites written the way real ones are, read by the real extractor, drafted and
 * verified: a founding year in an about page's timeline (the year in its own element), "Est." in a
 * footer, "since" about a person never a founding year, an e-mail written out with "[at]", a
 * mailto behind "Email us" with a subject, and the company's socials next to a founder's own link.
 */
import assert from "node:assert/strict";
import type { DraftedValue } from "../services/drafting/evidence.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { foundingYearClaims, foundingYearsIn } from "../services/drafting/founding_years.ts";
import { writtenEmails } from "../services/drafting/extract/links.ts";
import { defaultCategories } from "../services/platform/reference.ts";
import { readPages } from "./people_fixture.ts";

const CATEGORIES = defaultCategories().map((c) => ({
  slug: c.slug,
  name: c.name,
  parent: c.parent,
}));
const ORIGIN = "https://hives.example";

function page(title: string, body: string, footer = ""): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/about">Our story</a></nav></header>
    <main>${body}</main><footer>${footer}</footer></body></html>`;
}

const HOME = page(
  "Hivetally | Hive log",
  `<h1>Every hive, one log</h1><p>Hivetally keeps inspection notes for every hive on your phone.</p>`,
);

/** Drafted by the extractive drafter and verified, with every quote checked. */
async function drafted(pages: [string, string, string][]) {
  const read = await readPages(ORIGIN, pages);
  const p = draftExtractive(read, { categories: CATEGORIES, startUrl: `${ORIGIN}/` });
  const v = verifyProposal(p, read, { categories: CATEGORIES, year: 2026 });
  assert.equal(v.quotes.checked, v.quotes.verified, JSON.stringify(v.dropped));
  return { drafted: p, verified: v.proposal, dropped: v.dropped };
}

const val = (d: DraftedValue | undefined) => d?.value ?? null;

Deno.test("a timeline's founding entry gives the year; earlier years and a bio's 'since' do not", async () => {
  const { verified } = await drafted([
    ["/", "home", HOME],
    [
      "/about",
      "about",
      page(
        "Our story · Hivetally",
        `<h1>From a notebook to an app</h1>
         <ul class="team"><li><strong>Sofie Claes</strong> — Founder. Software engineer and beekeeper since 2016.</li></ul>
         <dl class="timeline">
           <dt>2016</dt><dd>Sofie takes over her grandfather's four hives and starts a notebook.</dd>
           <dt>2020</dt><dd>Sofie founds Hivetally in Ghent and ships the first version.</dd>
           <dt>2022</dt><dd>Harvest records arrive for a thousand beekeepers.</dd>
         </dl>`,
      ),
    ],
  ]);
  assert.equal(val(verified.fields.founded_year), "2020");
  const q = verified.fields.founded_year?.evidence[0]?.quote ?? "";
  assert.match(q, /^2020 Sofie founds Hivetally/, "the quote spans the year and its entry");
});

Deno.test("'Est. 2021' in a footer beats a founder's 'since 2012'; 'since' about a person alone is no year", async () => {
  const story = `<h1>Know when the water turns</h1>
    <p>Tidewise was founded by Ewan Fraser, a sea kayak guide who has led trips out of Oban since 2012.</p>`;
  const withEst = await drafted([
    ["/", "home", page("Tidewise", story, "<p>Tidewise Ltd · Est. 2021 · Oban, Scotland</p>")],
  ]);
  assert.equal(val(withEst.verified.fields.founded_year), "2021");
  const alone = await drafted([["/", "home", page("Tidewise", story)]]);
  assert.equal(
    val(alone.drafted.fields.founded_year),
    null,
    "a guide's career is not the company's",
  );
});

Deno.test("founding claims: strong cues first, weak 'since' kept unless the clause is about a person", () => {
  assert.deepEqual(foundingYearClaims("Serving bakers since 2015. Founded in 2017."), [
    { year: "2017", weak: false },
    { year: "2015", weak: true },
  ]);
  assert.deepEqual(foundingYearsIn("a guide who has led trips out of Oban since 2012"), []);
  assert.deepEqual(foundingYearsIn("Her studio has sold prints since 2019"), []);
  assert.deepEqual(foundingYearsIn("2020 Sofie founds Hivetally in Ghent"), ["2020"]);
  assert.deepEqual(foundingYearsIn("Tidewise Ltd · Est. 2021"), ["2021"]);
  assert.deepEqual(foundingYearsIn("2016 Sofie takes over four hives"), []);
});

Deno.test("an address written out with [at] and [dot] is read, quoted as written and verified", async () => {
  assert.deepEqual(writtenEmails("Mail jo (at) acme [dot] co [dot] uk or look at it.com"), [
    { email: "jo@acme.co.uk", written: "jo (at) acme [dot] co [dot] uk" },
  ]);
  const contact = page(
    "Contact · Hivetally",
    `<h1>Get in touch</h1><p>Write to us at hello [at] hivetally.example and we answer within two days.</p>`,
  );
  const { verified } = await drafted([["/", "home", HOME], ["/contact", "contact", contact]]);
  assert.equal(val(verified.fields.contact_email), "hello@hivetally.example");
  const q = verified.fields.contact_email?.evidence[0]?.quote ?? "";
  assert.ok(q.includes("hello [at] hivetally.example"), `quoted as the page writes it: ${q}`);
});

Deno.test("the verifier refuses an address its quote does not write", async () => {
  const contact = page("Contact", `<p>Write to us at hello [at] hivetally.example any day.</p>`);
  const read = await readPages(ORIGIN, [["/contact", "contact", contact]]);
  const p = draftExtractive(read, { categories: CATEGORIES, startUrl: `${ORIGIN}/` });
  p.fields.contact_email = {
    value: "sales@hivetally.example",
    evidence: [{ quote: "hello [at] hivetally.example", url: `${ORIGIN}/contact` }],
  };
  const v = verifyProposal(p, read, { categories: CATEGORIES, year: 2026 });
  assert.equal(val(v.proposal.fields.contact_email), null);
  assert.ok(v.dropped.some((d) => d.field === "contact_email"), JSON.stringify(v.dropped));
});

Deno.test("a mailto behind 'Email us' gives the address without its subject; footer socials stay the company's", async () => {
  const footer = `<div><h4>Follow Tidewise</h4><a href="https://x.com/tidewiseapp">X</a>
      <a href="https://www.youtube.com/@tidewise">YouTube</a></div>
    <p>Made in Oban by <a href="https://x.com/ewanpaddles">Ewan Fraser</a> ·
      <a href="mailto:ahoy@tidewise.example?subject=Hello%20Tidewise">Email us</a></p>`;
  const { verified } = await drafted([[
    "/",
    "home",
    page(
      "Tidewise",
      `<h1>Know when the water turns</h1><p>Tidewise was founded by Ewan Fraser in Oban, Scotland.</p>`,
      footer,
    ),
  ]]);
  assert.equal(val(verified.fields.contact_email), "ahoy@tidewise.example");
  assert.equal(val(verified.company_socials.x), "https://x.com/tidewiseapp");
  assert.equal(val(verified.company_socials.youtube), "https://www.youtube.com/@tidewise");
});

Deno.test("a county or province names the country; a teaser's 'Launched in 2019' is no founding year", async () => {
  const { verified } = await drafted([[
    "/",
    "home",
    page(
      "Pagecraft | Podcast sites",
      `<h1>Podcast websites from your feed</h1><p>Pagecraft turns a podcast feed into a website.</p>
       <aside class="more"><h2>More from Northwind</h2>
         <p><a href="https://clipjar.example">Clipjar</a> makes audiograms. Launched in 2019, now used by 3,000 shows.</p></aside>
       <p>Pagecraft is made in Falmouth, Cornwall.</p>`,
      `<p>Northwind is a studio founded by Sanne de Wit in 2021.</p>`,
    ),
  ]]);
  assert.equal(val(verified.fields.founded_year), "2021");
  assert.equal(val(verified.fields.city), "Falmouth");
  assert.equal(val(verified.fields.country), "GB");
});

Deno.test("founding words about another organisation give no year; the product's own entry does", async () => {
  const about = page(
    "Our story | Tillroll",
    `<h1>Our story</h1><p>Oakridge Growers, a family nursery founded in 1987, asked us to help.</p>
    <p>Xero has helped small businesses keep their books since 2006.</p>
    <ol><li><strong>1998</strong> The Blue Heron opens on Richmond Row.</li>
    <li><strong>2019</strong> Megan and Arjun Mehta found Tillroll in London, Ontario.</li></ol>`,
  );
  const home = page("Tillroll", `<h1>Close out the night</h1><p>Tillroll counts the till.</p>`);
  const { verified } = await drafted([["/", "home", home], ["/about", "about", about]]);
  assert.equal(val(verified.fields.founded_year), "2019");
  const others = await drafted([["/", "home", home], [
    "/about",
    "about",
    about.replace(
      /<ol>.*<\/ol>/s,
      "",
    ),
  ]]);
  assert.equal(val(others.drafted.fields.founded_year), null);
});

Deno.test("founding claims about another subject: appositives and 'X has … since' unless about the product", () => {
  const about = { product: "Tidewater" };
  const years = (t: string) => foundingYearClaims(t, about).map((c) => c.year);
  assert.deepEqual(years("Oakridge Growers, a family nursery founded in 1987, asked us"), []);
  assert.deepEqual(years("Xero has helped small businesses since 2006."), []);
  assert.deepEqual(years("Tidewater, a small company founded in 2019, makes apps."), ["2019"]);
  assert.deepEqual(years("Tidewater has kept sailors safe since 2019."), ["2019"]);
  assert.deepEqual(years("We have made tide apps since 2018."), ["2018"]);
  // Without the product (the verifier's reading), the claims stay as before.
  assert.deepEqual(foundingYearsIn("Xero has helped small businesses since 2006."), ["2006"]);
});

Deno.test("another organisation's written-out address is never the contact address; the site's own is", async () => {
  const contact = page(
    "Contact · Hivetally",
    `<h1>Get in touch</h1><p>For wax and frames, our supplier takes orders at hello [at] waxworks.example.</p>`,
  );
  const home = page(
    "Hivetally | Hive log",
    `<h1>Every hive, one log</h1><p>Hivetally keeps inspection notes for every hive.</p>`,
    `<p>Questions? <a href="mailto:team@hivetally.example">team@hivetally.example</a></p>`,
  );
  const { verified } = await drafted([["/", "home", home], ["/contact", "contact", contact]]);
  assert.equal(val(verified.fields.contact_email), "team@hivetally.example");
  // Alone, it is still someone else's address (a supplier's, a press agency's): no contact address.
  const alone = await drafted([["/", "home", HOME], ["/contact", "contact", contact]]);
  assert.equal(val(alone.verified.fields.contact_email), null);
  const press = page(
    "Press · Hivetally",
    `<h1>Press</h1><p>Our press is handled by Dana Whitfield at Northgate Communications, a Cleveland agency founded in 1998: dana [at] northgatecomms.example.</p>`,
  );
  const agency = await drafted([["/", "home", HOME], ["/press", "link", press]]);
  assert.equal(val(agency.verified.fields.contact_email), null);
  assert.equal(val(agency.verified.fields.founded_year), null);
});
