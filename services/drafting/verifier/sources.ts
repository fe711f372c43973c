/**
 * The sources a quote can stand in: the page's visible text, a named meta value (title, meta
 * description, Open Graph), a JSON-LD value at a path, a string of the page's app JSON at its path
 * (or the direct strings of one app JSON object, joined by a space, at the object's path: a card
 * the app shows together), or a content image's alt text (located by the image URL). A quote is checked against exactly the
 * source it names; a quote without a source is a text quote, except that a whole meta or JSON-LD
 * value (drafts stored before sources existed) is still recognised as that source.
 *
 * App strings read from a resource the app fetches (crawler/app_data.ts) have locators that start
 * with the resource's path (`/content.json:hero.title`, `/assets/app.js#CONTENT:hero.title`): the
 * quote stands on the page's URL and is checked against that one resource's value at that path
 * (an app quote always needs its locator, see verifier/quotes.ts), never another resource's.
 */
import type { EvidencePage, EvidenceQuote, QuoteSource } from "../evidence.ts";
import { appCards } from "../extract/app_json.ts";
import { normalizeQuoteText } from "../text.ts";

/** One named value of a page's head or structured data. */
export interface SourceValue {
  source: "meta" | "jsonld" | "app" | "alt";
  /**
   * Meta name ("title", "description", "og:title"), JSON-LD path ("founder.0.name"), app JSON
   * path ("__NEXT_DATA__:props.pageProps.tagline") or image URL.
   */
  locator: string;
  /** The JSON-LD path without array indexes ("founder.name"); the meta name for meta. */
  key: string;
  text: string;
}

/** The page's meta values by name: title, description and every Open Graph property. */
export function metaValues(page: EvidencePage): SourceValue[] {
  const f = page.facts;
  const out: SourceValue[] = [];
  const add = (locator: string, raw: string | null | undefined) => {
    const text = raw ? normalizeQuoteText(raw) : "";
    if (text && !out.some((v) => v.locator === locator && v.text === text)) {
      out.push({ source: "meta", locator, key: locator, text });
    }
  };
  add("title", f.title);
  add("title", page.title);
  add("description", f.meta_description);
  for (const [k, v] of Object.entries(f.og ?? {})) add(k.startsWith("og:") ? k : `og:${k}`, v);
  return out;
}

/** Every text or number of the page's JSON-LD with its path ("@graph" members by their own path too). */
export function jsonLdValues(page: EvidencePage): SourceValue[] {
  const out: SourceValue[] = [];
  const walk = (value: unknown, path: string[], depth: number) => {
    if (depth > 8 || out.length > 600) return;
    if (typeof value === "string" || typeof value === "number") {
      // JSON-LD texts sometimes carry HTML (FAQ answers): only the words count.
      const text = normalizeQuoteText(String(value).replace(/<[^>]*>/g, " "));
      const locator = path.join(".");
      if (!text || !locator || path.some((p) => p.startsWith("@"))) return;
      const key = path.filter((p) => !/^\d+$/.test(p)).join(".");
      out.push({ source: "jsonld", locator, key, text });
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, [...path, String(i)], depth + 1));
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        if (k === "@graph") walk(v, [], depth + 1);
        else walk(v, [...path, k], depth + 1);
      }
    }
  };
  for (const obj of page.facts.json_ld ?? []) walk(obj, [], 0);
  return out;
}

/**
 * The page's app JSON strings at their paths, then each object's direct strings joined by a space
 * at the object's path (only where there are two or more): a string is found before its card.
 * Profile links the JSON carries are values too (a link quoted as itself, at its path).
 */
export function appValues(page: EvidencePage): SourceValue[] {
  const strings = page.facts.app_json ?? [];
  const value = (locator: string, raw: string): SourceValue => ({
    source: "app",
    locator,
    key: locator,
    text: normalizeQuoteText(raw),
  });
  const cards = appCards(strings).filter((c) => c.texts.length >= 2);
  const links = (page.facts.profile_links ?? []).filter((l) => l.locator);
  return [
    ...strings.map((s) => value(s.path, s.text)),
    ...cards.map((c) => value(c.path, c.texts.join(" "))),
    ...links.map((l) => value(l.locator!, l.url)),
  ].filter((v) => v.text);
}

/** The page's content image alt texts, located by the image URL. */
export function altValues(page: EvidencePage): SourceValue[] {
  return (page.facts.alt_texts ?? []).map((a): SourceValue => ({
    source: "alt",
    locator: a.src,
    key: a.src,
    text: normalizeQuoteText(a.text),
  })).filter((v) => v.text);
}

/** Whether a locator names this value: its full path, or its path without array indexes. */
function locates(value: SourceValue, locator: string): boolean {
  const l = locator.trim().replace(/^og:/i, value.source === "meta" ? "og:" : "");
  return value.locator === l || value.key === l ||
    (value.source === "meta" && value.locator === `og:${l}`);
}

/** Where a quote stands among the named values, or null: the value it is a span of. */
export function findInValues(
  values: SourceValue[],
  quote: string,
  locator: string | undefined,
  whole: boolean,
): SourceValue | null {
  for (const v of values) {
    if (locator !== undefined && !locates(v, locator)) continue;
    if (whole ? v.text === quote : v.text.includes(quote)) return v;
    // The form drafts once used for JSON-LD: "key: value".
    if (v.source === "jsonld" && quote === `${v.key}: ${v.text}`) return v;
  }
  return null;
}

/** The text a value from a named source may support: a JSON-LD value comes with its key. */
export function sourceText(v: SourceValue, quote: string): string {
  if (v.source !== "jsonld") return quote;
  const bare = quote === `${v.key}: ${v.text}` ? v.text : quote;
  return `${v.key}: ${bare}`;
}

/** The source a quote names (absent means text); null when it names none we know. */
export function quoteSourceOf(quote: EvidenceQuote): QuoteSource | null {
  const s = quote.source ?? "text";
  return s === "text" || s === "meta" || s === "jsonld" || s === "app" || s === "alt" ? s : null;
}
