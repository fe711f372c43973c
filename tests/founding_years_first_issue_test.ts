/**
 * A newsletter's or magazine's start stated as its first issue: "First issue: March 2021.", "We
 * sent the first issue to 40 friends in March 2019", "Our first issue went out in 2021". "First
 * issue" in other senses (a bug, another publication's number) states no year. Drafted and
 * verified through the real extractor where a site is needed.
 */
import assert from "node:assert/strict";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { foundingYearsIn } from "../services/drafting/founding_years.ts";
import { readPages } from "./people_fixture.ts";

Deno.test("a publication's first issue dates its start", () => {
  assert.deepEqual(foundingYearsIn("First issue: March 2021. 190 issues since."), ["2021"]);
  assert.deepEqual(
    foundingYearsIn("We sent the first issue to 40 friends in March 2019, and never stopped."),
    ["2019"],
  );
  assert.deepEqual(foundingYearsIn("Our first issue went out in 2021."), ["2021"]);
  assert.deepEqual(foundingYearsIn("The first issue came out on 4 May 2020."), ["2020"]);
});

Deno.test("'first issue' as a bug or another publication's number states no year", () => {
  assert.deepEqual(foundingYearsIn("The first issue we fixed in 2020 was a login loop."), []);
  assert.deepEqual(foundingYearsIn("I still have the first issue of Wired from 1993."), []);
  assert.deepEqual(foundingYearsIn("We sent the first issue of Wired to a friend in 1994."), []);
  assert.deepEqual(foundingYearsIn("Wired's first issue came out in 1993."), []);
  assert.deepEqual(foundingYearsIn("Our first issue tracker integration shipped in 2020."), []);
  assert.deepEqual(foundingYearsIn("We never sent the first issue in 2020."), []);
});

const ORIGIN = "https://ledgerletter.example";

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><title>The Ledger Letter — weekly notes</title>
    </head><body><main><h1>The Ledger Letter</h1>
    <p>One email every Sunday on cash flow and pricing for small businesses.</p>${body}</main>
    </body></html>`;
}

async function foundedYear(body: string): Promise<string | null> {
  const read = await readPages(ORIGIN, [["/", "home", page(body)]]);
  const p = draftExtractive(read, { categories: [], startUrl: `${ORIGIN}/` });
  const v = verifyProposal(p, read, { categories: [], year: 2026 });
  assert.equal(v.quotes.checked, v.quotes.verified, JSON.stringify(v.dropped));
  return (v.proposal.fields.founded_year?.value as string | null | undefined) ?? null;
}

Deno.test("a newsletter's first issue is drafted; the writer's other company is not", async () => {
  const writer = `<p>Written by Priya Nair, who founded the bookkeeping firm Tallyfold in 2015 and
    sold it to Brightbooks in 2020.</p>`;
  assert.equal(
    await foundedYear(`${writer}<p>First issue: March 2021. 190 issues since.</p>`),
    "2021",
  );
  assert.equal(await foundedYear(writer), null);
  // Two first issues that disagree leave the year unstated.
  const two = "<p>First issue: March 2021.</p><p>Our first issue went out in 2019.</p>";
  assert.equal(await foundedYear(two), null);
});
