/**
 * Founding years on product sites the earlier rules were not written for: a year-first story whose
 * starting verb takes the product's name ("In 2022 she and Ben … started Quietroom"), a parent
 * company's founding ("Stampwell is built by Harbourlight Labs, founded in 2008"), a guest post's
 * dated byline before another company's founding, and statements that disagree. The site cases go
 * through the real extractor, the extractive drafter and the verifier.
 */
import assert from "node:assert/strict";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { foundingYearClaims, foundingYearsIn } from "../services/drafting/founding_years.ts";
import { readPages } from "./people_fixture.ts";

/** Claimed years with the product's (and maker's) names when given. */
function years(text: string, product?: string, maker?: string): string[] {
  return foundingYearClaims(text, product ? { product, maker } : undefined).map((c) => c.year);
}

Deno.test("a year-first story starts the product when its verb takes the product's name", () => {
  const trellis = "A year later, in 2020, we started Trellisform in Gdańsk so nobody has to.";
  assert.deepEqual(years(trellis, "Trellisform"), ["2020"]);
  const quiet =
    "In 2022 she and Ben Adeyemi, a former Headspace engineer, started Quietroom from Copenhagen.";
  assert.deepEqual(years(quiet, "Quietroom"), ["2022"]);
  const pantry = "In 2021 Thu Hà and Tomás set out to build Pantrywise after one Sunday too many.";
  assert.deepEqual(years(pantry, "Pantrywise"), ["2021"]);
  // The verifier knows no names: the same sentences state a founding to it too.
  assert.deepEqual(foundingYearsIn(quiet), ["2022"]);
  assert.deepEqual(foundingYearsIn(pantry), ["2021"]);
});

Deno.test("'started' with anything but a name standing alone states no founding", () => {
  assert.deepEqual(foundingYearsIn("In 2019 I started Spanish lessons at night."), []);
  assert.deepEqual(years("In 2024 we started Quietroom's Android beta.", "Quietroom"), []);
  assert.deepEqual(years("In 2023 we started Acme 2 with a new sync.", "Acme"), []);
  assert.deepEqual(years("In 2017 we had not started Acme yet.", "Acme"), []);
  assert.deepEqual(years("In 2011 Mia started Crumbwork with a friend.", "Quernstone"), []);
  assert.deepEqual(years("“In 2015 we started Acme in a garage,” says a customer.", "Acme"), []);
});

Deno.test("a parent company's founding is not the product's", () => {
  const parent =
    "Stampwell is built by Harbourlight Labs, founded in 2008 by Dana Whitcombe and Raj Menon.";
  assert.deepEqual(years(parent, "Stampwell"), []);
  assert.deepEqual(years("Harbourlight Labs was founded in 2008 in Cork.", "Stampwell"), []);
  // The product itself, its maker under the site's name, and an unnamed subject still are.
  assert.deepEqual(years("Stampwell was founded in 2021.", "Stampwell"), ["2021"]);
  assert.deepEqual(years("The company was founded in 2019.", "Stampwell"), ["2019"]);
  const maker = "Pagecraft is made by Northwind Labs, founded in 2021 by Sanne and Joris.";
  assert.deepEqual(years(maker, "Pagecraft", "northwindlabs"), ["2021"]);
});

Deno.test("a year before a cue that states its own year is a date, not the founding", () => {
  const guest = "12 June 2025 Fernhill was founded in 2016 in Dublin, and by 2024 we ran Redis.";
  assert.deepEqual(foundingYearsIn(guest), ["2016"]);
});

const ORIGIN = "https://stampwell.example";

function page(title: string, body: string, head = ""): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title>${head}</head><body>
    <header><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
    <main>${body}</main></body></html>`;
}

const HOME = page(
  "Stampwell — Digital loyalty cards for cafés",
  `<h1>Digital loyalty cards for cafés</h1>
   <p>Stampwell replaces paper stamp cards with a card in your customers' phone wallet.</p>`,
);

/** The founding year drafted from a home page and more `[path, kind, html]` pages, verified. */
async function foundedYear(...more: [string, string, string][]): Promise<string | null> {
  const read = await readPages(ORIGIN, [["/", "home", HOME], ...more]);
  const p = draftExtractive(read, { categories: [], startUrl: `${ORIGIN}/` });
  const v = verifyProposal(p, read, { categories: [], year: 2026 });
  assert.equal(v.quotes.checked, v.quotes.verified, JSON.stringify(v.dropped));
  return (v.proposal.fields.founded_year?.value as string | null | undefined) ?? null;
}

const about = (story: string) => ["/about", "about", page("About | Stampwell", story)] as const;

Deno.test("founding statements that disagree leave the year unstated", async () => {
  const one = "<p>Stampwell was founded in 2019 in Cork.</p>";
  assert.equal(await foundedYear([...about(one)]), "2019");
  const two = `${one}<p>Est. 2017 · Cork</p>`;
  assert.equal(await foundedYear([...about(two)]), null);
  const jsonLd = `<script type="application/ld+json">{"@context":"https://schema.org",
    "@type":"Organization","name":"Stampwell","foundingDate":"2018"}</script>`;
  const withJsonLd = page("About | Stampwell", one, jsonLd);
  assert.equal(await foundedYear(["/about", "about", withJsonLd]), null);
  const onlyJsonLd = page("About | Stampwell", "<p>We make loyalty cards.</p>", jsonLd);
  assert.equal(await foundedYear(["/about", "about", onlyJsonLd]), "2018");
});

Deno.test("a post's founding counts only when it names the site and no other page states one", async () => {
  const post = page(
    "How Fernhill moved to Stampwell",
    `<h1>How Fernhill moved to Stampwell</h1>
     <p>Our roastery was founded in 2016 in Dublin; we gave up paper cards last spring.</p>`,
  );
  const story = "<p>Stampwell was founded in 2021 in Cork.</p>";
  assert.equal(await foundedYear(["/blog/fernhill", "blog", post]), null);
  const own = page("Two years of Stampwell", "<p>Stampwell was founded in 2021 in Cork.</p>");
  assert.equal(await foundedYear(["/blog/two-years", "blog", own]), "2021");
  assert.equal(
    await foundedYear([...about(story)], ["/blog/fernhill", "blog", post]),
    "2021",
  );
});
