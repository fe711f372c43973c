/** A price stated only in a FAQ page's answers is drafted (after the pricing and other pages). */
import assert from "node:assert/strict";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { readPages } from "./people_fixture.ts";

const ORIGIN = "https://product.example";

Deno.test("a FAQ page's price answer gives the pricing summary when no other page states one", async () => {
  const home = `<!doctype html><html lang="en"><head><title>Ledgerly</title></head><body>
    <main><h1>Ledgerly</h1><p>Ledgerly keeps the books of small bakeries.</p></main>
    <footer><a href="/faq">Questions</a></footer></body></html>`;
  const faq = `<!doctype html><html lang="en"><head><title>Questions – Ledgerly</title></head><body>
    <main><h1>Questions</h1>
    <h3>How much does Ledgerly cost?</h3><p>Ledgerly costs $12 per month, billed monthly.</p>
    <h3>Can I export my data?</h3><p>Yes. Every report exports to CSV.</p></main></body></html>`;
  const read = await readPages(ORIGIN, [["/", "home", home], ["/faq", "faq", faq]]);
  const draft = draftExtractive(read, { categories: [], startUrl: `${ORIGIN}/` });
  const verified = verifyProposal(draft, read, { year: 2026 });
  assert.equal(verified.quotes.checked, verified.quotes.verified);
  assert.match(String(verified.proposal.fields.pricing_summary?.value ?? ""), /\$12 per month/);
});
