/**
 * A translated section read last: who founded the product and when, when only a page in another
 * language than the draft's says so ("/nl/over-ons"), and never over what the draft's own language
 * states. Read with the real extractor, drafted and verified.
 */
import assert from "node:assert/strict";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { readPages } from "./people_fixture.ts";

const ORIGIN = "https://beekwacht.example";

const page = (lang: string, title: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body><main>${body}</main></body></html>`;

const HOME = page(
  "en",
  "Beekwacht — water-level sensors for small streams",
  `<h1>Water-level sensors for small streams</h1>
   <p>Beekwacht sensors measure the level of a stream every five minutes. Our small team in Utrecht
   builds every sensor by hand.</p>`,
);
const ABOUT_NL = (founding: string) =>
  page("nl", "Over ons — Beekwacht", `<h1>Over ons</h1><p>${founding}</p>`);

async function drafted(pages: [string, string, string][]) {
  const read = await readPages(ORIGIN, pages);
  const proposal = draftExtractive(read, { categories: [], startUrl: `${ORIGIN}/` });
  const verified = verifyProposal(proposal, read, { year: 2026 });
  assert.equal(verified.quotes.checked, verified.quotes.verified, "every quote verified");
  return {
    founders: verified.proposal.founders.map((f) => f.name),
    year: verified.proposal.fields.founded_year?.value,
  };
}

Deno.test("founders and year stated only in a translated section are drafted from it", async () => {
  const { founders, year } = await drafted([
    ["/", "home", HOME],
    [
      "/nl/over-ons",
      "about",
      ABOUT_NL(
        "Beekwacht is in 2017 opgericht door Femke Visser en Joris Bakker, twee elektrotechnici.",
      ),
    ],
  ]);
  assert.deepEqual(founders, ["Femke Visser", "Joris Bakker"]);
  assert.equal(year, "2017");
});

Deno.test("the draft's own language wins: a translated section adds nothing it already states", async () => {
  const about = page(
    "en",
    "About — Beekwacht",
    `<h1>About</h1><p>Beekwacht was founded in 2019 by Femke Visser.</p>`,
  );
  const { founders, year } = await drafted([
    ["/", "home", HOME],
    ["/about", "about", about],
    ["/nl/over-ons", "about", ABOUT_NL("Beekwacht is in 2017 opgericht door Joris Bakker.")],
  ]);
  assert.deepEqual(founders, ["Femke Visser"]);
  assert.equal(year, "2019");
});
