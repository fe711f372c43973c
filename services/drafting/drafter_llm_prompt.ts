/**
 * The prompt of the LLM drafter: the rules, and each page read (its metadata with their locators,
 * its structured data by JSON-LD path, testimonials marked, and its visible text) within a budget.
 */
import type { EvidencePage } from "./evidence.ts";
import type { LlmOptions } from "./drafter_llm.ts";
import { normalizeQuoteText } from "./text.ts";
import { altValues, appValues, jsonLdValues, metaValues } from "./verifier/sources.ts";

/** The rules the model is given. */
export const RULES = `You draft a product directory listing from the product's own website.
Rules:
- Use only what the pages below state. Never invent, guess or infer a fact. When a page does not state something, its value is null (or an empty list).
- Every value carries quotes: passages copied character for character, each with the URL of its page and its source. source "text": a span of the page's Text (one contiguous passage, never joined from two places), locator null. source "meta": (a span of) a metadata value, locator its name ("title" for the Title line, "description" for the Description line, or the og: name). source "jsonld": (a span of) a structured data value, locator its path exactly as listed (e.g. "founder.0.name"). source "app": (a span of) a string of the page's app data, locator its path exactly as listed. source "alt": (a span of) an image's alt text, locator the image URL as listed. A text quote is 4 to 300 characters long.
- The value must be said in its quotes: its words as one run of a quote, with the same numbers, currencies and negations ("not", "no longer", "never"). A person is a founder only where the quote calls that person a founder, co-founder or CEO, next to the name.
- Navigation menus, cookie and legal lines, logo walls ("trusted by"), blog teasers and mentions of other companies (vendors, partners, trademark holders, data centres) are not facts about the product; a footer may give the company's address.
- Dates: a milestone needs a date the page states with its day; a year alone is not a date.
- A copyright notice (e.g. "© 2019-2026 Acme") is not a founding year. A founding year needs words like founded, since, started or established.
- Testimonials and customer quotes are about customers: a company or person named there is not the product and not a founder.
- Categories: choose names from the given list only.
- Links (video, logo, socials) and emails: copy them exactly as listed for the page, and quote the link or email itself.`;

const KIND_ORDER = ["home", "about", "features", "pricing", "faq", "team", "contact"];

function clip(text: string, max: number): string {
  const t = normalizeQuoteText(text);
  return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
}

/** The page texts for the prompt, each under its URL, within a character budget. */
export function pagesForPrompt(pages: EvidencePage[], maxChars: number): string {
  const ordered = [...pages].sort((a, b) => rank(a.kind) - rank(b.kind));
  const blocks: string[] = [];
  let left = maxChars;
  ordered.forEach((page, i) => {
    if (left <= 200) return;
    const share = Math.max(1500, Math.floor(left / (ordered.length - i)) * (i === 0 ? 2 : 1));
    const f = page.facts;
    const meta: string[] = [];
    if (f.title ?? page.title) meta.push(`Title: ${f.title ?? page.title}`);
    if (f.meta_description) meta.push(`Description: ${normalizeQuoteText(f.meta_description)}`);
    if (f.emails?.length) meta.push(`Emails: ${f.emails.join(", ")}`);
    if (f.video_links?.length) meta.push(`Video links: ${f.video_links.join(", ")}`);
    if (f.logo_url) meta.push(`Logo: ${f.logo_url}`);
    const socials = Object.entries(f.socials ?? {});
    if (socials.length) {
      meta.push(`Social links: ${socials.map(([k, v]) => `${k} ${v}`).join(", ")}`);
    }
    for (const l of (f.profile_links ?? []).slice(0, 12)) {
      meta.push(`Profile link: ${l.platform} ${l.url} (next to: "${clip(l.context, 160)}")`);
    }
    if (f.testimonials?.length) {
      meta.push(
        `Testimonials (customers' words, not facts about the product): ${
          f.testimonials.map((t) => `"${normalizeQuoteText(t)}"`).join(" ")
        }`,
      );
    }
    const pageText = normalizeQuoteText(page.text ?? "");
    const hiddenFaqs = (f.faqs ?? []).filter((q) =>
      !pageText.includes(normalizeQuoteText(q.answer)) ||
      !pageText.includes(normalizeQuoteText(q.question))
    ).slice(0, 10);
    for (const q of hiddenFaqs) {
      meta.push(`FAQ question: ${normalizeQuoteText(q.question)}`);
      meta.push(`FAQ answer: ${normalizeQuoteText(q.answer)}`);
    }
    const og = metaValues(page).filter((v) => v.locator.startsWith("og:") && v.text.length > 1);
    for (const v of og.slice(0, 6)) meta.push(`Meta ${v.locator}: ${v.text}`);
    const ld = jsonLdValues(page).slice(0, 40).map((v) => `${v.locator}: ${v.text}`);
    if (ld.length) meta.push(`Structured data (locator: value): ${ld.join(" ; ")}`);
    const app = appValues(page).slice(0, 60).map((v) => `${v.locator}: ${v.text}`);
    if (app.length) meta.push(`App data (locator: value): ${app.join(" ; ")}`);
    for (const v of altValues(page).slice(0, 12)) meta.push(`Image alt ${v.locator}: ${v.text}`);
    let text = pageText;
    const budget = Math.min(share, left) - meta.join("\n").length;
    if (text.length > budget) {
      text = text.slice(0, Math.max(0, budget)).replace(/\s\S*$/, "") + " …";
    }
    const block = `=== PAGE ${page.url} (${page.kind}) ===\n${meta.join("\n")}\nText: ${text}`;
    blocks.push(block);
    left -= block.length;
  });
  return blocks.join("\n\n");
}

function rank(kind: string): number {
  const i = KIND_ORDER.indexOf(kind);
  return i < 0 ? KIND_ORDER.length : i;
}

/** The chat messages for one draft. */
export function draftMessages(
  pages: EvidencePage[],
  options: LlmOptions,
): { role: "system" | "user"; content: string }[] {
  const names = options.categories.map((c) => c.name);
  const ask = options.only
    ? `Draft only these fields: ${options.only.join(", ")}.`
    : "Draft every field, the FAQs, founders (with their own profile links), company socials, story sections and milestones.";
  return [
    { role: "system", content: RULES },
    {
      role: "user",
      content: `${ask}\n\nCategory names: ${names.join(", ")}\n\n${
        pagesForPrompt(pages, options.maxChars ?? 48_000)
      }`,
    },
  ];
}
