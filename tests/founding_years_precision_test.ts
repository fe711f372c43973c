/**
 * Founding years on pages full of other years: a customer's "since 1987" in a testimonial, a
 * founder's earlier company, a career, an award, an office, a release, a timeline whose next entry
 * follows a separator, "found" as the past of "find", "fondata su" (based on), a negation. Each
 * unit case was drafted as a founding year before its rule; the site cases go through the real
 * extractor, the extractive drafter and the verifier.
 */
import assert from "node:assert/strict";
import type { DraftedValue } from "../services/drafting/evidence.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { foundingYearClaims, foundingYearsIn } from "../services/drafting/founding_years.ts";
import { readPages } from "./people_fixture.ts";

const ORIGIN = "https://haulbook.example";

/** Claimed years, "w" marking a weak cue, with the product's names when given. */
function years(text: string, product?: string): string[] {
  const claims = foundingYearClaims(text, product ? { product } : undefined);
  return claims.map((c) => c.year + (c.weak ? "w" : ""));
}

Deno.test("no founding in a quotation, after a negation or across a clause break", () => {
  const quote =
    "“We've run our haulage firm since 1987 and Haulbook is the first software the drivers open.” Pat Kerr";
  assert.deepEqual(years(quote), []);
  assert.deepEqual(
    years("«Fondata nel 1952, la nostra cantina ha cambiato tre registri.» Lucia"),
    [],
  );
  assert.deepEqual(years("In 2017 we had not founded anything yet."), []);
  assert.deepEqual(years("2020 — company founded, 2022 — v2 with live tracking"), ["2020"]);
  assert.deepEqual(years("Haulbook Ltd founded in Leeds · 2022 — Haulbook 2"), []);
  assert.deepEqual(years("In 2016 Jane co-founded Foo, acquired in 2018."), ["2016"]);
  assert.deepEqual(years("It was founded by Lena Voss, who had run a bakery in 2012."), []);
  // Still founding: a comma after the year, a place before it, Portuguese "em Lisboa, em 2022".
  assert.deepEqual(years("In 2019, Jane founded Acme."), ["2019"]);
  assert.deepEqual(years("Founded in Berlin, 2019"), ["2019"]);
  assert.deepEqual(years("A Calçada foi fundada por Ana Reis em Lisboa, em 2022."), ["2022"]);
});

Deno.test("no founding for a career, a release, an office, a market or 'based on'", () => {
  assert.deepEqual(years("Rosa Delgado started her career in 2005 as a night porter."), []);
  assert.deepEqual(years("Acme started shipping to Europe in 2021."), []);
  assert.deepEqual(years("Acme launched in Germany in 2022."), []);
  assert.deepEqual(years("Innkeep 3.0 launched in 2024, with the Airbnb sync."), []);
  assert.deepEqual(years("Our Berlin office was established in 2021."), []);
  assert.deepEqual(years("We established a partnership with Stripe in 2021."), []);
  assert.deepEqual(years("Versione 3, avviata dopo la riforma fondata sul decreto del 2019."), []);
  assert.deepEqual(
    years("Acme was founded on the belief that sellers deserve better, in 2018."),
    [],
  );
  // Still founding: a time word after "launched in", a date after "founded on".
  assert.deepEqual(years("Acme launched in early 2020."), ["2020"]);
  assert.deepEqual(years("Acme was founded on 3 May 2018."), ["2018"]);
});

Deno.test("'found' is the present of 'found' only in an entry that starts with its year", () => {
  assert.deepEqual(years("In 2018 we found Trafford Park's hauliers willing to test it."), []);
  assert.deepEqual(years("2019 Megan and Arjun Mehta found Tillroll in London, Ontario."), [
    "2019",
  ]);
  // A date before another organisation's founding participle is no entry.
  const dated = "8 July 2024 Stripe, founded in 2010 by Patrick and John Collison, has meters.";
  assert.deepEqual(foundingYearsIn(dated), ["2010"]);
  assert.deepEqual(years(dated, "Tokenmeter"), []);
});

Deno.test("with the product known: another venture, a labelled name, a person's 'since'", () => {
  assert.deepEqual(
    years("Dave Ortiz co-founded Palletly in 2012 (acquired in 2016).", "Haulbook"),
    [],
  );
  assert.deepEqual(years("Before Innkeep, Rosa co-founded Tablefor in 2012.", "Innkeep"), []);
  const prima = "Prima di Cantinota ha fondato nel 2014 un'enoteca online, venduta nel 2018.";
  assert.deepEqual(years(prima, "Cantinota"), []);
  assert.deepEqual(years("Sunrise Bakery — est. 1987", "Acme"), []);
  assert.deepEqual(years("Kerr & Sons Transport (founded 1952) runs Acme.", "Acme"), []);
  assert.deepEqual(years("2021 — Northgate established", "Acme"), []);
  assert.deepEqual(
    years("Since 2015 our founder has worked nights in a transport office.", "Acme"),
    [],
  );
  assert.deepEqual(
    years("Payments go through Stripe, trusted since 2010 by millions.", "Acme"),
    [],
  );
  assert.deepEqual(years("Software engineer and beekeeper since 2016.", "Hivetally"), []);
  // Still founding: the product's own words.
  assert.deepEqual(years("Tidewise Ltd · Est. 2021", "Tidewise"), ["2021"]);
  assert.deepEqual(years("2020 — Haulbook Ltd founded in Leeds", "Haulbook"), ["2020"]);
  assert.deepEqual(years("Dave founded Haulbook in 2020.", "Haulbook"), ["2020"]);
  // A site that never writes the name drafted (a title "Product"): the object may be the product.
  const named = "Priya Shah and Tom Reeve founded Hollowlark in 2019.";
  assert.deepEqual(years(named, "Product"), []);
  assert.deepEqual(
    foundingYearClaims(named, { product: "Product", siteUsesName: false }).map((c) => c.year),
    ["2019"],
  );
  assert.deepEqual(years("We have made tide apps since 2018.", "Tidewater"), ["2018w"]);
  assert.deepEqual(years("Built in Montréal by a small team since 2022", "Relaykit"), ["2022w"]);
});

function page(title: string, body: string, footer = ""): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
    <main>${body}</main><footer>${footer}</footer></body></html>`;
}

const HOME = page(
  "Haulbook — dispatch for small haulage firms",
  `<h1>Dispatch without the whiteboard</h1>
   <p>Haulbook plans the day's loads and sends each job to the driver's phone.</p>
   <p>Since 2015 our founder has worked nights in a Wakefield transport office.</p>
   <p>“We've run our haulage firm since 1987 and Haulbook is the first software the drivers open.” Pat Kerr, Kerr &amp; Sons</p>`,
  "<p>Best Freight Tech Startup 2019 · © 2020–2026 Haulbook Ltd</p>",
);

/** The founding year drafted by the extractive drafter, after the verifier. */
async function foundedYear(about: string): Promise<DraftedValue | undefined> {
  const read = await readPages(ORIGIN, [["/", "home", HOME], ["/about", "about", about]]);
  const p = draftExtractive(read, { categories: [], startUrl: `${ORIGIN}/` });
  const v = verifyProposal(p, read, { categories: [], year: 2026 });
  assert.equal(v.quotes.checked, v.quotes.verified, JSON.stringify(v.dropped));
  return v.proposal.fields.founded_year;
}

Deno.test("a site full of other years drafts the one founding statement, or none", async () => {
  const about = (story: string) =>
    page(
      "About | Haulbook",
      `<h1>About Haulbook</h1>
       <p>Dave Ortiz co-founded Palletly in 2012 (acquired by a freight network in 2016).</p>
       <p>Rosa Delgado started her career in 2005 as a night porter.</p>
       <p>Our Manchester office opened in 2023.</p>${story}`,
    );
  const withStory = await foundedYear(about("<p>Haulbook was founded in 2020 in Leeds.</p>"));
  assert.equal(withStory?.value, "2020");
  assert.match(withStory?.evidence[0]?.quote ?? "", /founded in 2020/);
  assert.equal((await foundedYear(about("")))?.value ?? null, null);
});
