/** Pages read by the real extractor, and empty proposals, for the quote-source tests. */
import { extractPage } from "../services/drafting/extract.ts";
import type { DraftProposal, EvidencePage } from "../services/drafting/evidence.ts";

/** One page as the crawler stores it, extracted from `html`. */
export async function extractedPage(
  html: string,
  url: string,
  kind: string,
): Promise<EvidencePage> {
  const e = await extractPage(html, url);
  return {
    url,
    fetched_at: "2026-11-25T00:00:00Z",
    status: 200,
    kind,
    title: e.title,
    text: e.text,
    facts: e.facts,
  };
}

/** A proposal with nothing but `over`. */
export function proposalWith(over: Partial<DraftProposal>): DraftProposal {
  return {
    fields: {},
    faqs: [],
    founders: [],
    company_socials: {},
    story: {},
    milestones: [],
    ...over,
  };
}
