/**
 * The sources a quote can stand in: the page's visible text, a named meta value (title, meta
 * description, Open Graph) or a JSON-LD value at a path. A quote is checked against exactly the
 * source it names; a quote without a source is a text quote, except that a whole meta or JSON-LD
 * value (drafts stored before sources existed) is still recognised as that source.
 */
import type { EvidencePage, EvidenceQuote, QuoteSource } from "../evidence.ts";
import { normalizeQuoteText } from "../text.ts";

/** One named value of a page's head or structured data. */
export interface SourceValue {
  source: "meta" | "jsonld";
  /** Meta name ("title", "description", "og:title") or JSON-LD path ("founder.0.name"). */
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
  if (v.source === "meta") return quote;
  const bare = quote === `${v.key}: ${v.text}` ? v.text : quote;
  return `${v.key}: ${bare}`;
}

/** The source a quote names (absent means text); null when it names none we know. */
export function quoteSourceOf(quote: EvidenceQuote): QuoteSource | null {
  const s = quote.source ?? "text";
  return s === "text" || s === "meta" || s === "jsonld" ? s : null;
}
