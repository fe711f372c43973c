/**
 * Question/answer pairs: details/summary, dt/dd, question headings in a FAQ section, bold
 * questions opening a paragraph in a FAQ section, runs of question sub-headings each answered,
 * then FAQPage JSON-LD. A FAQ section is one whose class or id says so, a page whose path does, or
 * one under a heading such as "FAQ", "Veelgestelde vragen", "Häufige Fragen", "Questions
 * fréquentes", "Preguntas frecuentes" or "Got questions?".
 */
import { normalizeWhitespace } from "../evidence.ts";
import { ancestorsAndSelf, classAndId, visibleText } from "./dom.ts";
import { isRecord, jsonLdTypes } from "./json_ld.ts";

const MAX_FAQS = 30;

const MAX_ANSWER = 1500;

const FAQ_CONTEXT = /faq|question|accordion|vragen|fragen|pregunta|pergunta|domande/i;
const FAQ_TITLE =
  /\bfaqs?\b|frequently asked|questions|\bq\s*&\s*a\b|vragen|fragen|preguntas|perguntas|domande/i;
const FAQ_PATH = /faq|help|support|questions|vragen|fragen|preguntas|perguntas|domande/i;
const ARTICLE_PATH = /\/(?:blog|news|journal|posts?|articles?|p)\//i;
const HEADINGS = "h1, h2, h3, h4, h5, h6";
const isHeading = (el: Element) => /^h[1-6]$/.test(el.localName);
const isQuestion = (text: string) => /\?\s*$/.test(text);

/** Whether a heading's text names a FAQ section ("FAQ", "Häufige Fragen", "Got questions?"). */
const isFaqTitle = (text: string) => FAQ_TITLE.test(text);

/** The page's question/answer pairs, each question once (at most 30). */
export function readFaqs(
  doc: Document,
  base: string,
  jsonLd: Record<string, unknown>[],
): { question: string; answer: string }[] {
  const onFaqPage = FAQ_PATH.test(new URL(base).pathname);
  const inContext = (el: Element) =>
    onFaqPage || ancestorsAndSelf(el).some((a) => FAQ_CONTEXT.test(classAndId(a)));
  const out: { question: string; answer: string }[] = [];
  const seen = new Set<string>();
  const add: Add = (question, answer) => {
    const q = normalizeWhitespace(question);
    const a = normalizeWhitespace(answer).slice(0, MAX_ANSWER);
    const key = q.toLowerCase();
    if (!q || !a || q.length > 300 || seen.has(key) || out.length >= MAX_FAQS) return;
    seen.add(key);
    out.push({ question: q, answer: a });
  };

  const bold = new Set(boldQuestions(doc));
  markupFaqs(doc, inContext, add);
  headingFaqs(doc, base, inContext, bold, add);
  for (const el of bold) {
    if (el.closest("nav, blockquote") !== null) continue;
    if (!inContext(el) && !isFaqTitle(titleBefore(el))) continue;
    add(visibleText(el.firstElementChild!), boldAnswer(el, bold));
  }
  jsonLdFaqs(jsonLd, add);
  return out;
}

type Add = (question: string, answer: string) => void;

/** details/summary and dt/dd pairs: a question, or any pair in a FAQ section. */
function markupFaqs(doc: Document, inContext: (el: Element) => boolean, add: Add) {
  for (const details of doc.querySelectorAll("details")) {
    const summary = [...details.children].find((c) => c.localName === "summary");
    if (!summary) continue;
    const question = visibleText(summary);
    if (!question.endsWith("?") && !inContext(details)) continue;
    const answer = [...details.childNodes].filter((n) => n !== summary).map(visibleText).join(" ");
    add(question, answer);
  }
  for (const dt of doc.querySelectorAll("dt")) {
    const question = visibleText(dt);
    if (!question.endsWith("?") && !inContext(dt)) continue;
    const answers: string[] = [];
    for (
      let next = dt.nextElementSibling;
      next?.localName === "dd";
      next = next.nextElementSibling
    ) {
      answers.push(visibleText(next));
    }
    add(question, answers.join(" "));
  }
}

/**
 * Question headings (or accordion buttons) in a FAQ section or in an answered run, each answered
 * by what follows it up to the next question.
 */
function headingFaqs(
  doc: Document,
  base: string,
  inContext: (el: Element) => boolean,
  bold: Set<Element>,
  add: Add,
) {
  const headings = [...doc.querySelectorAll(HEADINGS)];
  const questionEls = [
    ...doc.querySelectorAll("h2, h3, h4, h5, h6, button, [class*='question']"),
  ].filter((el) => isQuestion(visibleText(el)) && el.closest("details, dt, summary") === null);
  // Articles ask questions of their own ("What is a heat pump?"): their runs are no FAQ.
  const onArticle = ARTICLE_PATH.test(new URL(base).pathname);
  const answeredRuns = questionRuns(onArticle ? [] : headings.filter((h) => !h.closest("article")));
  for (const el of questionEls) {
    const section = isHeading(el) ? sectionTitle(headings, el) : null;
    const faqSection = section !== null && isFaqTitle(section);
    if (!inContext(el) && !faqSection && !answeredRuns.has(el)) continue;
    add(visibleText(el), answerAfter(el, (n) => bold.has(n)));
  }
}

/** FAQPage JSON-LD: each Question's name and its (first) accepted answer, markup removed. */
function jsonLdFaqs(jsonLd: Record<string, unknown>[], add: Add) {
  for (const item of jsonLd) {
    if (!jsonLdTypes(item).includes("FAQPage")) continue;
    const entities = Array.isArray(item.mainEntity) ? item.mainEntity : [item.mainEntity];
    for (const q of entities) {
      if (!isRecord(q) || typeof q.name !== "string") continue;
      const accepted = Array.isArray(q.acceptedAnswer) ? q.acceptedAnswer[0] : q.acceptedAnswer;
      const text = isRecord(accepted) && typeof accepted.text === "string" ? accepted.text : "";
      add(stripTags(q.name), stripTags(text));
    }
  }
}

/** The text of the nearest heading above `el` with a lower level, if any. */
function sectionTitle(headings: Element[], el: Element): string | null {
  const index = headings.indexOf(el);
  const level = Number(el.localName.slice(1));
  for (let i = index - 1; i >= 0; i--) {
    if (Number(headings[i].localName.slice(1)) < level) return visibleText(headings[i]);
  }
  return null;
}

/**
 * Question sub-headings (h3 to h6) answered outside any FAQ markup: every heading of one level
 * under the same parent heading is a question, there are two or more, and each is answered by a
 * paragraph right after it ("Is there a free plan?" / "Yes, …"; never one rhetorical "Why X?").
 */
function questionRuns(headings: Element[]): Set<Element> {
  const groups = new Map<string, Element[]>();
  headings.forEach((h, i) => {
    const level = Number(h.localName.slice(1));
    if (level < 3) return;
    let parent = i - 1;
    while (parent >= 0 && Number(headings[parent].localName.slice(1)) >= level) parent--;
    const key = `${parent}:${level}`;
    groups.set(key, [...(groups.get(key) ?? []), h]);
  });
  const out = new Set<Element>();
  for (const group of groups.values()) {
    const answered = (h: Element) =>
      isQuestion(visibleText(h)) && h.nextElementSibling?.localName === "p" &&
      visibleText(h.nextElementSibling) !== "";
    if (group.length >= 2 && group.every(answered)) group.forEach((h) => out.add(h));
  }
  return out;
}

/** Paragraphs and items opening with a bold question: `<p><strong>Q?</strong> A</p>`. */
function boldQuestions(doc: Document): Element[] {
  return [...doc.querySelectorAll("p, li, div")].filter((el) => {
    const first = el.firstElementChild;
    if (!first || !["strong", "b"].includes(first.localName)) return false;
    const before = [...el.childNodes].slice(0, [...el.childNodes].indexOf(first));
    return before.every((n) => n.nodeType === 3 && !(n.nodeValue ?? "").trim()) &&
      isQuestion(visibleText(first));
  });
}

/**
 * A bold question's answer: the rest of its paragraph, else the paragraphs after it up to the next
 * bold question (never text beyond its parent).
 */
function boldAnswer(el: Element, bold: Set<Element>): string {
  const question = visibleText(el.firstElementChild!);
  const rest = visibleText(el).slice(question.length).trim();
  return rest || answerAfter(el, (n) => bold.has(n), 1);
}

/**
 * The text of the nearest heading before `el` in document order, or "". Question sub-headings
 * (h3 to h6, "Is there a trial?") are items of the section above and are passed over; a section's
 * own question heading ("Still have questions?", "Why Acme?") is not.
 */
function titleBefore(el: Element): string {
  const isItem = (h: Element) =>
    Number(h.localName.slice(1)) >= 3 && isQuestion(visibleText(h)) &&
    !FAQ_TITLE.test(visibleText(h));
  for (let at: Element | null = el; at && at.localName !== "body"; at = at.parentElement) {
    for (let s = at.previousElementSibling; s; s = s.previousElementSibling) {
      const found = (isHeading(s) ? [s] : [...s.querySelectorAll(HEADINGS)]).filter((h) =>
        !isItem(h)
      );
      if (found.length) return visibleText(found[found.length - 1]);
    }
  }
  return "";
}

/**
 * The text of the siblings after `el` up to a heading or button (or `alsoBoundary`); when there is
 * none, the same after its wrapper, up to `levels` elements up.
 */
function answerAfter(
  el: Element,
  alsoBoundary: (n: Element) => boolean = () => false,
  levels = 3,
): string {
  const isBoundary = (n: Element) =>
    isHeading(n) || n.localName === "button" || alsoBoundary(n) ||
    n.querySelector("h1, h2, h3, h4, h5, h6, button") !== null;
  for (let from: Element | null = el, depth = 0; from && depth < levels; depth++) {
    const parts: string[] = [];
    for (
      let next = from.nextElementSibling;
      next && !isBoundary(next);
      next = next.nextElementSibling
    ) {
      parts.push(visibleText(next));
    }
    const answer = normalizeWhitespace(parts.join(" "));
    if (answer) return answer;
    // `<div class="q"><h3>Q?</h3></div><div class="a">A</div>`: try the wrapper's siblings.
    from = from.parentElement;
    if (from && from.localName === "body") break;
  }
  return "";
}

function stripTags(html: string): string {
  const entities: Record<string, string> = {
    "&amp;": "&",
    "&lt;": "<",
    "&gt;": ">",
    "&quot;": '"',
    "&#39;": "'",
    "&nbsp;": " ",
  };
  return normalizeWhitespace(
    html.replace(/<[^>]*>/g, " ").replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (e) => entities[e]),
  );
}
