/**
 * What a project page says about people and money that is no product fact: a maintainers list is
 * no feature, a sponsor's amount is no price, and a hero line that repeats the meta description is
 * the description, not the tagline. Read with the real extractor, drafted and verified.
 */
import assert from "node:assert/strict";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { readPages } from "./people_fixture.ts";

const ORIGIN = "https://burrow.example";

async function drafted(html: string) {
  const read = await readPages(ORIGIN, [["/", "home", html]]);
  const proposal = draftExtractive(read, { categories: [], startUrl: `${ORIGIN}/` });
  const verified = verifyProposal(proposal, read, { year: 2026 });
  assert.equal(verified.quotes.checked, verified.quotes.verified, "every quote verified");
  const fields = verified.proposal.fields;
  return {
    tagline: fields.tagline?.value as string | undefined,
    features: (fields.features?.value ?? []) as string[],
    summary: fields.pricing_summary?.value as string | undefined,
  };
}

const README = `<!doctype html><html><head><title>Burrow — encrypted backups to any bucket</title>
  <meta name="description" content="Burrow backs up your servers to any S3 bucket, encrypted. Open source.">
  </head><body><main>
  <h1>Burrow</h1>
  <p>Burrow backs up your servers to any S3 bucket, encrypted.</p>
  <h2>Features</h2>
  <ul><li>Encrypted before upload</li><li>Incremental snapshots</li><li>Restores in one command</li></ul>
  <h2>Hosted version</h2>
  <p>Burrow Cloud is run by the maintainers: from $15/month for 500 GB.</p>
  <h2>Maintainers</h2>
  <ul><li><a href="https://github.com/mkowalska">@mkowalska</a> (Marta Kowalska)</li>
  <li><a href="https://github.com/duc-tran">@duc-tran</a> (Duc Tran)</li></ul>
  <h2>Sponsor this project</h2>
  <p>Burrow is built in the evenings. Backers at $5 a month get their name in BACKERS.md.</p>
  </main></body></html>`;

Deno.test("a maintainers list is no feature, a backer's amount no price", async () => {
  const { features, summary } = await drafted(README);
  assert.ok(features.includes("Encrypted before upload"), JSON.stringify(features));
  assert.ok(!features.some((f) => /@|Kowalska|Duc Tran/.test(f)), JSON.stringify(features));
  assert.ok(summary?.includes("$15/month"), summary);
  assert.ok(!summary?.includes("$5"), summary);
});

Deno.test("the hero line that repeats the meta description leaves the tagline to the title", async () => {
  assert.equal((await drafted(README)).tagline, "encrypted backups to any bucket");
  // Without a line of the title's own, the hero line is still the tagline.
  const untitled = README.replace(
    "<title>Burrow — encrypted backups to any bucket</title>",
    "<title>Burrow</title>",
  );
  assert.equal(
    (await drafted(untitled)).tagline,
    "Burrow backs up your servers to any S3 bucket, encrypted",
  );
});
