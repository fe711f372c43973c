/**
 * Reads one HTML page into evidence: its visible text (what quotes are checked against) and the
 * structured facts drafters start from (see PageFacts in evidence.ts). Parsing is linkedom's
 * DOMParser, loaded on first use; nothing here fetches.
 *
 * Where facts come from: the HTML only, except `json_ld` itself, `logo_url` (JSON-LD
 * Organization.logo first), `socials` (JSON-LD `sameAs` of the organisation or product first) and
 * `faqs` (FAQPage JSON-LD after the FAQ markup). Everything but the JSON-LD and app JSON is read
 * after `removeUnseen` (extract/dom.ts): no script, style, noscript, template or svg, and no element
 * hidden by its markup, except a collapsed panel a control on the page opens (an accordion answer).
 */
import { parseHtml } from "../platform/lazy.ts";
import { normalizeWhitespace, type PageFacts } from "./evidence.ts";
import { baseUrl, removeUnseen, visibleText, visibleTextAt, withBody } from "./extract/dom.ts";
import { findTestimonials, readCopyright, testimonialText } from "./extract/excluded.ts";
import { readFaqs } from "./extract/faqs.ts";
import { readJsonLd } from "./extract/json_ld.ts";
import { readEmails, readLinks, readLogo, readSocials, readVideoLinks } from "./extract/links.ts";
import { readAltTexts } from "./extract/alt_text.ts";
import { readAppJson } from "./extract/app_json.ts";
import { readPricing, readSplitAmounts } from "./extract/pricing.ts";
import { readProfileLinks } from "./extract/profiles.ts";
import { readZones } from "./extract/zones.ts";

/** What `extractPage` reads from one page. */
export interface ExtractedPage {
  /** The `<title>` (else og:title, else the first h1), or "". */
  title: string;
  /** Visible text, whitespace-normalised, blocks separated by a space. */
  text: string;
  facts: PageFacts;
}

const MAX_HEADINGS = 200;

/** Reads a page's title, visible text and facts; `pageUrl` resolves relative links. */
export async function extractPage(html: string, pageUrl: string): Promise<ExtractedPage> {
  const doc = await parseHtml(withBody(html));
  const base = baseUrl(doc, pageUrl);
  const jsonLd = readJsonLd(doc);
  const appJson = readAppJson(doc);
  removeUnseen(doc);
  const root: Element = doc.body?.firstChild ? doc.body : doc.documentElement;
  const headingEls = readHeadings(doc);
  const listEls = readLists(doc);
  const placed = visibleTextAt(root ?? doc, [...headingEls.map((h) => h.el), ...listEls.flat()]);
  const text = root ? placed.text : "";
  const headings = headingEls.map(({ level, text }) => ({ level, text }));

  const titleText = normalizeWhitespace(doc.querySelector("title")?.textContent ?? "");
  const og = readOpenGraph(doc);
  const title = titleText || og.title || headings.find((h) => h.level === 1)?.text || "";
  const testimonialEls = findTestimonials(doc);
  const facts: PageFacts = {
    title: titleText || null,
    meta_description: metaContent(doc, 'meta[name="description" i]'),
    og,
    json_ld: jsonLd,
    headings,
    heading_offsets: placed.at.slice(0, headings.length),
    pricing: readPricing(doc, base),
    split_amounts: readSplitAmounts(doc),
    faqs: readFaqs(doc, base, jsonLd),
    socials: readSocials(doc, base, jsonLd, testimonialEls),
    emails: readEmails(doc, text),
    video_links: readVideoLinks(doc, base),
    logo_url: readLogo(doc, base, jsonLd),
    links: readLinks(doc, base),
    copyright: readCopyright(root),
    testimonials: testimonialEls.map(testimonialText).filter(Boolean),
    lists: listEls.map((items) => items.map(visibleText)),
    list_offsets: offsetsOfLists(listEls, placed.at.slice(headings.length)),
    profile_links: withAppProfiles(readProfileLinks(doc, base, testimonialEls), appJson.profiles),
    lang: doc.documentElement?.getAttribute("lang")?.trim().toLowerCase() || null,
    zones: readZones(doc, text),
    app_json: appJson.strings,
    alt_texts: readAltTexts(doc, base),
  };
  return { title, text, facts };
}

/** The page's profile links, then those its app JSON carries (each URL once). */
function withAppProfiles<T extends { url: string }>(links: T[], fromApp: T[]): T[] {
  return [...links, ...fromApp.filter((a) => !links.some((l) => l.url === a.url))];
}

function metaContent(doc: Document, selector: string): string | null {
  const content = doc.querySelector(selector)?.getAttribute("content");
  const text = content ? normalizeWhitespace(content) : "";
  return text || null;
}

/** OpenGraph properties by name without the `og:` prefix (title, description, image, site_name, ...). */
function readOpenGraph(doc: Document): Record<string, string> {
  const og: Record<string, string> = {};
  for (const meta of doc.querySelectorAll("meta[property], meta[name]")) {
    const key = (meta.getAttribute("property") ?? meta.getAttribute("name") ?? "").trim();
    if (!/^og:/i.test(key)) continue;
    const name = key.slice(3).toLowerCase();
    const content = normalizeWhitespace(meta.getAttribute("content") ?? "");
    if (name && content && !(name in og)) og[name] = content;
  }
  return og;
}

function readHeadings(doc: Document): { level: number; text: string; el: Element }[] {
  const out: { level: number; text: string; el: Element }[] = [];
  for (const h of doc.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
    const text = visibleText(h);
    if (text) out.push({ level: Number(h.localName.slice(1)), text, el: h });
    if (out.length >= MAX_HEADINGS) break;
  }
  return out;
}

/** The content lists (ul/ol outside header, nav and footer), each its non-empty items. */
function readLists(doc: Document): Element[][] {
  const out: Element[][] = [];
  for (const list of doc.querySelectorAll("ul, ol")) {
    if (list.closest("header, nav, footer, [role='navigation']")) continue;
    const items = [...list.children].filter((c) => c.localName === "li" && visibleText(c));
    if (items.length > 0) out.push(items);
    if (out.length >= 50) break;
  }
  return out;
}

/** The flat offsets of the lists' items cut back into one array per list. */
function offsetsOfLists(lists: Element[][], flat: number[]): number[][] {
  let i = 0;
  return lists.map((items) => items.map(() => flat[i++]));
}
