/** Questions and answers from the site's FAQ markup, each quoted whole or in verbatim chunks. */
import { type DraftProposal, type EvidenceQuote } from "../evidence.ts";
import type { PageView } from "./pages.ts";
import { quote, SENTENCE_END_RE } from "./pages.ts";
import { looseText, MAX_QUOTE_CHARS, normalizeQuoteText } from "../text.ts";

/** Quotes covering a long text: the text itself when short, else verbatim chunks of it. */
function chunkQuotes(views: PageView[], text: string, prefer: PageView): EvidenceQuote[] | null {
  const t = normalizeQuoteText(text);
  const onPage = (v: PageView) => v.text.includes(t) || v.extras.some((e) => e.includes(t));
  const v = onPage(prefer) ? prefer : views.find(onPage);
  if (!v) return null;
  if (t.length <= MAX_QUOTE_CHARS) return [quote(v, t)];
  const out: EvidenceQuote[] = [];
  const sentences = t.split(SENTENCE_END_RE);
  let current = "";
  for (const s of sentences) {
    if (current && (current + " " + s).length > MAX_QUOTE_CHARS) {
      out.push(quote(v, current));
      current = "";
    }
    current = current ? `${current} ${s}` : s;
    if (current.length > MAX_QUOTE_CHARS) return null;
  }
  if (current) out.push(quote(v, current));
  return out;
}

/** Up to 10 FAQs from the pages' FAQ markup, FAQ page first. */
export function draftFaqs(views: PageView[]): DraftProposal["faqs"] {
  const out: DraftProposal["faqs"] = [];
  const ordered = [
    ...views.filter((v) => v.kind === "faq"),
    ...views.filter((v) => v.kind !== "faq"),
  ];
  for (const v of ordered) {
    for (const f of v.page.facts.faqs ?? []) {
      if (out.length >= 10) return out;
      const question = normalizeQuoteText(f.question ?? "");
      const answer = normalizeQuoteText(f.answer ?? "");
      if (!question || !answer || question.length > 300 || answer.length > 1500) continue;
      if (out.some((o) => looseText(o.question) === looseText(question))) continue;
      const qq = chunkQuotes(views, question, v);
      const aq = chunkQuotes(views, answer, v);
      if (!qq || !aq) continue;
      out.push({ question, answer, evidence: [...qq, ...aq] });
    }
  }
  return out;
}
