/**
 * Founders stated in shapes the development set showed: a studio's footer that places the studio
 * before "founded by A and B" (the place is not the subject; a founding statement is no credit
 * line), a timeline entry in the historical present whose list opens with the first name of a
 * person named in full earlier ("2019 Megan and Arjun Mehta found Tillroll"), and "We are A and B",
 * which says nothing about founding. Each with the cases that must stay out: another company
 * placed the same way, "found X useful", a first name two people share, an entry with no year.
 */
import assert from "node:assert/strict";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { roleBound } from "../services/drafting/verifier/support.ts";
import { readPages } from "./people_fixture.ts";

const ORIGIN = "https://northwind.example";

/** The founders drafted from a home page (body, footer) and the founders the verifier keeps. */
async function founders(body: string, footer = "", brand = "Northwind") {
  const page = `<!doctype html><html lang="en"><head><title>Pagecraft | ${brand}</title>
    <meta property="og:site_name" content="${brand}"></head><body>
    <header><a href="/">Pagecraft</a><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
    <main><h1>Podcast websites in one click</h1><p>Pagecraft turns a feed into a website.</p>${body}</main>
    <footer>${footer}<p>© 2025 ${brand}</p></footer></body></html>`;
  const pages = await readPages(ORIGIN, [["/", "home", page]]);
  const proposal = draftExtractive(pages, { categories: [], startUrl: `${ORIGIN}/` });
  const verified = verifyProposal(proposal, pages, { year: 2026 });
  assert.equal(verified.quotes.checked, verified.quotes.verified);
  return {
    drafted: proposal.founders.map((f) => f.name),
    kept: verified.proposal.founders.map((f) => f.name),
  };
}

Deno.test("a studio placed before 'founded by' in the footer: its founders are drafted and kept", async () => {
  const got = await founders(
    "",
    "<p>Northwind Labs is a two-person studio in Utrecht, Netherlands, founded by Sanne de Wit and Joris Bakker in 2021.</p>",
  );
  assert.deepEqual(got.kept, ["Sanne de Wit", "Joris Bakker"]);
});

Deno.test("another company placed before 'founded by' stays out, and so does a credit line", async () => {
  const other = await founders(
    "<p>Harbourline is a ferry operator in Porto, Portugal, founded by Dana Whitfield in 1962.</p>",
  );
  assert.deepEqual(other.drafted, []);
  const credit = await founders("", "<p>Website design and photos by Lumen Studio, Jane Doe.</p>");
  assert.deepEqual(credit.kept, []);
});

const timeline = (entry: string, earlier = "Megan Doyle, the bar manager, writes the first app.") =>
  `<ol><li><strong>2018</strong> ${earlier}</li><li><strong>2019</strong> ${entry}</li></ol>`;

Deno.test("a timeline's '2019 Megan and Arjun Mehta found <company>' names both founders in full", async () => {
  const got = await founders(timeline("Megan and Arjun Mehta found Pagecraft in London, Ontario."));
  assert.deepEqual(got.kept, ["Megan Doyle", "Arjun Mehta"]);
  const past = await founders(timeline("Megan and Arjun Mehta founded Pagecraft."));
  assert.deepEqual(past.kept, ["Megan Doyle", "Arjun Mehta"]);
});

Deno.test("short forms stay out without a year, with 'found X useful', two Megans or another company", async () => {
  const cases = [
    `<p>Megan Doyle runs the bar.</p><p>Megan and Arjun Mehta found Pagecraft in London.</p>`,
    timeline("Megan and Arjun Mehta found Pagecraft useful."),
    timeline("Megan and Arjun Mehta found Pagecraft on a forum."),
    timeline("Megan and Arjun Mehta found Globex in London."),
    timeline(
      "Megan and Arjun Mehta found Pagecraft in London.",
      "Megan Doyle and Megan Price run the bar.",
    ),
  ];
  for (const body of cases) assert.deepEqual((await founders(body)).drafted, [], body);
});

Deno.test("'We are A and B' says nothing about founding", async () => {
  const got = await founders(
    "<p>We are Priya Natarajan and Tom Okafor. Priya has worked in propagation houses since 2009.</p>",
  );
  assert.deepEqual(got.drafted, []);
});

Deno.test("role binding: the first name opening a founding list binds the full name before it", () => {
  const q = (entry: string) =>
    `Megan Doyle, the bar manager, writes the first app. 2019 Megan and Arjun Mehta ${entry}`;
  assert.ok(roleBound(q("found Tillroll in London."), "Megan Doyle", "Tillroll"));
  assert.ok(roleBound(q("found Tillroll in London."), "Arjun Mehta", "Tillroll"));
  assert.ok(!roleBound(q("found Tillroll useful."), "Megan Doyle", "Tillroll"));
  assert.ok(!roleBound(q("found Globex in London."), "Megan Doyle", "Tillroll"));
  assert.ok(!roleBound(q("like Tillroll."), "Megan Doyle", "Tillroll"));
  const noYear = "Megan Doyle runs the bar. Megan and Arjun Mehta found Tillroll in London.";
  assert.ok(!roleBound(noYear, "Megan Doyle", "Tillroll"));
  assert.ok(!roleBound(noYear, "Arjun Mehta", "Tillroll"));
  const twoMegans =
    "Megan Doyle and Megan Price run it. 2019 Megan and Arjun Mehta found Tillroll.";
  assert.ok(!roleBound(twoMegans, "Megan Doyle", "Tillroll"));
});
