/** Small product sites about pricing, read by the real extractor, drafted and verified. */
import assert from "node:assert/strict";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { readPages } from "./people_fixture.ts";

export const ORIGIN = "https://product.example";

/** A page with a navigation to the pricing page and an empty footer. */
export function pricingPage(title: string, body: string, lang = "en"): string {
  return `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/pricing">Pricing</a></nav></header>
    <main>${body}</main><footer></footer></body></html>`;
}

/** The extractive draft of pages `[path, kind, html]` and what the verifier keeps (all quotes hold). */
export async function draftedAndVerified(pages: [string, string, string][]) {
  const read = await readPages(ORIGIN, pages);
  const draft = draftExtractive(read, { categories: [], startUrl: `${ORIGIN}/` });
  const v = verifyProposal(draft, read, { categories: [], year: 2026 });
  assert.equal(v.quotes.checked, v.quotes.verified, JSON.stringify(v.dropped));
  return { draft, verified: v.proposal };
}
