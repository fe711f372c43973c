/**
 * Question/answer pairs: details/summary, dt/dd, question headings in a FAQ section, then
 * FAQPage JSON-LD.
 */
import { normalizeWhitespace } from "../evidence.ts";
import { ancestorsAndSelf, classAndId, visibleText } from "./dom.ts";
import { isRecord, jsonLdTypes } from "./json_ld.ts";

const MAX_FAQS = 30;

const MAX_ANSWER = 1500;

const FAQ_CONTEXT = /faq|question|accordion/i;
const FAQ_TITLE = /\bfaqs?\b|frequently asked|questions/i;

/** The page's question/answer pairs, each question once (at most 30). */
export function readFaqs(
  doc: Document,
  base: string,
  jsonLd: Record<string, unknown>[],
): { question: string; answer: string }[] {
  const onFaqPage = /faq|help|support|questions/i.test(new URL(base).pathname);
  const inContext = (el: Element) =>
    onFaqPage || ancestorsAndSelf(el).some((a) => FAQ_CONTEXT.test(classAndId(a)));
  const out: { question: string; answer: string }[] = [];
  const seen = new Set<string>();
  const add = (question: string, answer: string) => {
    const q = normalizeWhitespace(question);
    const a = normalizeWhitespace(answer).slice(0, MAX_ANSWER);
    const key = q.toLowerCase();
    if (!q || !a || q.length > 300 || seen.has(key) || out.length >= MAX_FAQS) return;
    seen.add(key);
    out.push({ question: q, answer: a });
  };

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

  // Question headings (or accordion buttons) in a FAQ section, answered by what follows them.
  const headings = [...doc.querySelectorAll("h1, h2, h3, h4, h5, h6")];
  const questionEls = [
    ...doc.querySelectorAll("h2, h3, h4, h5, h6, button, [class*='question']"),
  ].filter((el) => visibleText(el).endsWith("?") && el.closest("details, dt, summary") === null);
  for (const el of questionEls) {
    const isHeading = /^h[1-6]$/.test(el.localName);
    const section = isHeading ? sectionTitle(headings, el) : null;
    if (!inContext(el) && !(section && FAQ_TITLE.test(section))) continue;
    add(visibleText(el), answerAfter(el));
  }

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
  return out;
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

function answerAfter(el: Element): string {
  const isBoundary = (n: Element) =>
    /^h[1-6]$/.test(n.localName) || n.localName === "button" ||
    n.querySelector("h1, h2, h3, h4, h5, h6, button") !== null;
  for (let from: Element | null = el, depth = 0; from && depth < 3; depth++) {
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
