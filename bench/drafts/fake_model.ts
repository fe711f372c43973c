/**
 * The benchmark's fake model: it reads the prompt the LLM drafter sends (never the answer key) and
 * answers like a careless model would: values taken from sentences near keywords, each with a
 * verbatim quote from the prompt. Its wrong values (a place that is a data centre, a name from a
 * teaser) are the verifier's to drop; the benchmark scores what is left against the truth.
 */
import { STORY_SECTIONS } from "../../services/drafting/evidence.ts";
import type { FakeChatRequest } from "../fake_openai.ts";

/** One page block of the drafter's prompt. */
export interface PromptPage {
  url: string;
  kind: string;
  /** Metadata lines ("Title: …", "Description: …", "Social links: …"). */
  meta: string[];
  text: string;
}

/** A quote as the model returns it. */
export interface Quote {
  quote: string;
  url: string;
  source?: "text" | "meta" | "jsonld";
  locator?: string;
}

/** A value with its quotes, as the model returns it. */
export interface Quoted<T = unknown> {
  value: T | null;
  quotes: Quote[];
}

/** The model's answer, in the drafter's response schema. */
export interface ModelAnswer {
  fields: Record<string, Quoted>;
  faqs: { question: string; answer: string; quotes: Quote[] }[];
  founders: { name: string; title: string | null; bio: string | null; quotes: Quote[] }[];
  company_socials: { platform: string; url: string; quotes: Quote[] }[];
  story: Record<string, Quoted>;
  milestones: {
    date: string;
    title: string;
    description: string | null;
    url: string | null;
    quotes: Quote[];
  }[];
}

/** The page blocks of the drafter's prompt. */
export function promptPages(request: FakeChatRequest): PromptPage[] {
  const content = request.body.messages?.find((m) => m.role === "user")?.content ?? "";
  const out: PromptPage[] = [];
  for (const block of content.split(/^=== PAGE /m).slice(1)) {
    const head = block.match(/^(\S+) \(([\w-]+)\) ===\n/);
    if (!head) continue;
    const body = block.slice(head[0].length);
    const at = body.indexOf("Text: ");
    out.push({
      url: head[1],
      kind: head[2],
      meta: body.slice(0, at < 0 ? body.length : at).split("\n").filter(Boolean),
      text: at < 0 ? "" : body.slice(at + 6).replace(/ …$/, "").trim(),
    });
  }
  return out;
}

/** A metadata line's value ("Title: x" → "x"), or null. */
export function metaValue(page: PromptPage, label: string): string | null {
  const line = page.meta.find((l) => l.startsWith(`${label}: `));
  return line ? line.slice(label.length + 2) : null;
}

/** The sentences of a page's text (at most 300 characters each, as quotes must be). */
export function sentences(page: PromptPage): string[] {
  return page.text.split(/(?<=[.!?])\s+/).map((s) => s.trim())
    .filter((s) => s.length >= 4 && s.length <= 300);
}

/** The first sentence of any page matching `re`, with its page. */
export function findSentence(
  pages: PromptPage[],
  re: RegExp,
): { sentence: string; page: PromptPage; match: RegExpMatchArray } | null {
  for (const page of pages) {
    for (const sentence of sentences(page)) {
      const match = sentence.match(re);
      if (match) return { sentence, page, match };
    }
  }
  return null;
}

/** A quote of a text span of a page. */
export function textQuote(page: PromptPage, quote: string): Quote {
  return { quote, url: page.url, source: "text" };
}

function metaQuote(page: PromptPage, quote: string, locator: string): Quote {
  return { quote, url: page.url, source: "meta", locator };
}

const NONE: Quoted = { value: null, quotes: [] };

/** Country names in English, from the runtime's own data (what any model knows). */
const COUNTRIES: string[] = (() => {
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  const out: string[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code);
      if (name && name !== code && !/Unknown/.test(name)) out.push(name);
    }
  }
  return out;
})();

function countryCode(name: string): string | null {
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      // A retired code (DD) canonicalises to the current one (DE).
      if (names.of(code) === name) return Intl.getCanonicalLocales(`und-${code}`)[0].slice(4);
    }
  }
  return null;
}

const PLACE_RE = new RegExp(
  `\\b((?:\\p{Lu}[\\p{L}-]+ ){0,2}\\p{Lu}[\\p{L}-]+), (${
    COUNTRIES.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")
  })\\b`,
  "u",
);

function place(pages: PromptPage[]): { city: Quoted; country: Quoted } {
  const hit = findSentence(pages, PLACE_RE);
  if (!hit) return { city: NONE, country: NONE };
  const quote = [textQuote(hit.page, hit.sentence)];
  const city = hit.match[1].split(" ").pop()!;
  const code = countryCode(hit.match[2]);
  return { city: { value: city, quotes: quote }, country: { value: code, quotes: quote } };
}

function pricing(pages: PromptPage[]): { summary: Quoted; model: Quoted } {
  const found: { s: string; page: PromptPage }[] = [];
  for (const page of pages) {
    for (const s of sentences(page)) {
      if (/[$€£]\s?\d|\d\s?€/.test(s) && !found.some((f) => f.s === s)) found.push({ s, page });
    }
  }
  if (!found.length) return { summary: NONE, model: NONE };
  const quotes = found.slice(0, 4).map((f) => textQuote(f.page, f.s));
  const all = found.map((f) => f.s).join(" ");
  const model = /free trial|trial/i.test(all)
    ? "Free trial"
    : /\bfree\b/i.test(all)
    ? "Freemium"
    : /month|year|annual/i.test(all)
    ? "Subscription"
    : "One-time";
  return {
    summary: { value: found.slice(0, 4).map((f) => f.s.replace(/\.$/, "")).join("; "), quotes },
    model: { value: model, quotes },
  };
}

const PERSON = "(\\p{Lu}\\p{Ll}+(?: (?:de |van |da )?\\p{Lu}\\p{Ll}+)+)";

function founders(pages: PromptPage[]): ModelAnswer["founders"] {
  const out: ModelAnswer["founders"] = [];
  const by = new RegExp(
    `(?:founded|started|created)[^.]{0,30}? by ${PERSON}(?:[^.]{0,40}? and ${PERSON})?`,
    "u",
  );
  const titled = new RegExp(`${PERSON},? (Co-founder[^.,]{0,12}|Founder[^.,]{0,12})`, "u");
  for (const page of pages) {
    for (const s of sentences(page)) {
      const m = s.match(by);
      const t = s.match(titled);
      const names = m ? [m[1], m[2]] : t ? [t[1]] : [];
      for (const name of names.filter(Boolean)) {
        if (!out.some((f) => f.name === name)) {
          out.push({
            name,
            title: t?.[2]?.trim() ?? null,
            bio: null,
            quotes: [textQuote(page, s)],
          });
        }
      }
    }
  }
  return out;
}

function faqs(pages: PromptPage[]): ModelAnswer["faqs"] {
  const out: ModelAnswer["faqs"] = [];
  for (const page of pages) {
    for (
      const m of page.text.matchAll(/([¿\p{Lu}][^?.!]{8,140}\?) ((?:[^?]{2,200}?)[.!])(?= |$)/gu)
    ) {
      if (out.length >= 6) break;
      out.push({
        question: m[1].replace(/^¿/, "¿"),
        answer: m[2],
        quotes: [textQuote(page, `${m[1]} ${m[2]}`)],
      });
    }
  }
  return out;
}

function links(page: PromptPage | undefined, label: string): string[] {
  const value = page ? metaValue(page, label) : null;
  return value ? value.split(", ").map((v) => v.trim()).filter(Boolean) : [];
}

/** The careless model's answer for the pages of one prompt. */
export function carelessAnswer(pages: PromptPage[]): ModelAnswer {
  const home = pages[0];
  const title = home ? metaValue(home, "Title") : null;
  const parts = title?.split(/\s+[—–|·:-]\s+/) ?? [];
  const description = home ? metaValue(home, "Description") : null;
  const titleQuote = home && title ? [metaQuote(home, title, "title")] : [];
  const email = pages.flatMap((p) => links(p, "Emails").map((e) => ({ e, p })))[0];
  const year = findSentence(
    pages,
    /\b(?:founded|started|since|established|opgericht|nació)\b\D{0,40}((?:19|20)\d\d)/i,
  );
  const { city, country } = place(pages);
  const price = pricing(pages);
  const socials = pages.flatMap((p) =>
    links(p, "Social links").map((entry) => {
      const [platform, url] = entry.split(" ");
      return { platform, url, quotes: [{ quote: url, url: p.url }] };
    })
  ).filter((s, i, all) => all.findIndex((o) => o.platform === s.platform) === i);
  const logo = home ? metaValue(home, "Logo") : null;
  const video = links(home, "Video links")[0];
  const fields: Record<string, Quoted> = {
    name: parts[0] ? { value: parts[0], quotes: titleQuote } : NONE,
    tagline: parts[1] ? { value: parts[1], quotes: titleQuote } : NONE,
    short_description: description
      ? { value: description, quotes: [metaQuote(home, description, "description")] }
      : NONE,
    description: description
      ? { value: description, quotes: [metaQuote(home, description, "description")] }
      : NONE,
    stage: NONE,
    categories: NONE,
    tags: NONE,
    pricing_model: price.model,
    pricing_summary: price.summary,
    country,
    city,
    founded_year: year
      ? { value: year.match[1], quotes: [textQuote(year.page, year.sentence)] }
      : NONE,
    features: NONE,
    usps: NONE,
    keywords: NONE,
    contact_email: email
      ? { value: email.e, quotes: [{ quote: email.e, url: email.p.url }] }
      : NONE,
    demo_video_url: video ? { value: video, quotes: [{ quote: video, url: home.url }] } : NONE,
    logo_url: logo ? { value: logo, quotes: [{ quote: logo, url: home.url }] } : NONE,
  };
  return {
    fields,
    faqs: faqs(pages),
    founders: founders(pages),
    company_socials: socials,
    story: Object.fromEntries(STORY_SECTIONS.map((s) => [s, NONE])),
    milestones: [],
  };
}
