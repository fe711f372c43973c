/** Questions and answers from the site's FAQ markup, each quoted whole or in verbatim chunks. */
import { type DraftProposal, type EvidenceQuote } from "../evidence.ts";
import type { PageView, Segment } from "./pages.ts";
import { quote, SENTENCE_END_RE } from "./pages.ts";
import { looseText, MAX_QUOTE_CHARS, normalizeQuoteText, spansOf, words } from "../text.ts";
import { inOtherZone } from "./people.ts";

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
    const marked = v.page.facts.faqs ?? [];
    for (const f of marked.length > 0 ? marked : faqsFromText(v)) {
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

/** A heading that opens a FAQ section ("FAQ", "Frequently asked questions", "Questions"). */
const FAQ_HEADING_RE =
  /^(?:faqs?|frequently asked questions|(?:common |your )?questions(?: (?:and|&) answers)?|q ?& ?a)[.:?]?$/iu;

/** The most sentences one answer runs to when read from the text. */
const MAX_ANSWER_SENTENCES = 4;

/** A sentence that asks: 3 to 30 words ending in "?", not an invitation ("Still have questions?"). */
function asks(seg: Segment): boolean {
  const n = words(seg.text).length;
  return /\?$/.test(seg.text) && n >= 3 && n <= 30 && !/\bquestions?\b/i.test(seg.text);
}

/** Whether a segment ends a FAQ section read from the text: a heading, excluded or zoned text. */
function endsSection(v: PageView, seg: Segment, frame: [number, number][]): boolean {
  return seg.heading || seg.excluded || inOtherZone(v, seg) ||
    frame.some(([s, e]) => seg.start < e && s < seg.end);
}

/** Where the page's navigation, footer and legal notices stand in its text. */
function frameSpans(v: PageView): [number, number][] {
  const zones = (v.page.facts.zones ?? []).filter((z) => /^(nav|footer|legal)$/.test(z.kind));
  return spansOf(v.text, zones.map((z) => normalizeQuoteText(z.text)));
}

/**
 * FAQs written as plain text under a FAQ heading (accordions of divs, bold-paragraph questions):
 * each question sentence, and the sentences up to the next question as its answer. The section
 * must open with a question and end at a heading, a zone or the page's end; an answer that runs
 * longer than a few sentences (the last one: than the others) ends the section unread.
 */
export function faqsFromText(v: PageView): { question: string; answer: string }[] {
  const out: { question: string; answer: string }[] = [];
  const segs = v.segments;
  const frame = frameSpans(v);
  for (let i = 0; i < segs.length; i++) {
    if (!segs[i].heading || !FAQ_HEADING_RE.test(segs[i].text)) continue;
    let j = i + 1;
    let longest = 1;
    while (j < segs.length && asks(segs[j])) {
      const question = segs[j];
      let k = j + 1;
      while (k < segs.length && !endsSection(v, segs[k], frame) && !asks(segs[k])) k++;
      const answer = segs.slice(j + 1, k);
      // The last answer has no next question to end it: no longer than the others, plus one.
      const last = k === segs.length || !asks(segs[k]);
      const most = last ? Math.min(longest + 1, MAX_ANSWER_SENTENCES) : MAX_ANSWER_SENTENCES;
      if (answer.length === 0 || answer.length > most) break;
      longest = Math.max(longest, answer.length);
      out.push({
        question: question.text,
        answer: v.text.slice(answer[0].start, answer[answer.length - 1].end),
      });
      j = k;
    }
  }
  return out;
}
