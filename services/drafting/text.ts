/**
 * Text as drafts and pages are compared: normalised quotes, loose word matching, crude stems,
 * founding years and dated months, country names, canonical URLs, and the statements a page makes
 * besides its visible text. Shared by the drafters and the verifier.
 */
import { type EvidencePage, normalizeWhitespace } from "./evidence.ts";

/** Quotes shorter than this (after normalisation) prove nothing. */
export const MIN_QUOTE_CHARS = 4;
/** Quotes longer than this are refused: a quote is a passage, not the page. */
export const MAX_QUOTE_CHARS = 500;

/**
 * The form quotes and pages are compared in: NFKC, typographic quotes, dashes and ellipses as
 * ASCII, invisible characters removed, whitespace collapsed. Case is kept.
 */
export function normalizeQuoteText(text: string): string {
  return normalizeWhitespace(
    text.normalize("NFKC")
      .replace(/[\u00AD\u200B-\u200D\u2060\uFEFF]/gu, "")
      .replace(/[\u2018\u2019\u201A\u201B\u2032]/gu, "'")
      .replace(/[\u201C\u201D\u201E\u201F\u2033]/gu, '"')
      .replace(/[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/gu, "-")
      .replace(/\u2026/gu, "..."),
  );
}

/** Lower case, letters and digits only, single spaces: for word-level matching. */
export function looseText(text: string): string {
  return normalizeQuoteText(text).toLowerCase().replace(/[^\p{L}\p{N}@]+/gu, " ").trim();
}

/** Whether `needle` occurs in `haystack` as whole words (case and punctuation ignored). */
export function containsPhrase(haystack: string, needle: string): boolean {
  const n = looseText(needle);
  if (!n) return false;
  return ` ${looseText(haystack)} `.includes(` ${n} `);
}

/** Words too common to show what a text is about. */
export const STOPWORDS = new Set(
  ("a an and are as at be been but by can do does for from has have how i if in into is it its " +
    "it's of on or our ours so than that the their them then there these they this to us was we " +
    "what when where which while who why will with you your yours all any more most no not one " +
    "just also very get gets got out up over about after before each every other same such only " +
    "own too s t don't isn't")
    .split(" "),
);

/** A crude stem: lower case, a plural or -ing/-ed ending removed. */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith("ies")) w = w.slice(0, -3) + "y";
  else if (w.length > 4 && w.endsWith("es") && /(ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  if (w.length > 4 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}

/** Words of a text (letters/digits runs). */
export function words(text: string): string[] {
  return normalizeQuoteText(text).match(
    /[\p{L}\p{N}][\p{L}\p{N}'.@-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu,
  ) ??
    [];
}

/** The meaningful words of a text, stemmed (no stopwords). */
export function contentStems(text: string): string[] {
  return words(text).map((w) => w.toLowerCase()).filter((w) => !STOPWORDS.has(w)).map(stem);
}

/**
 * How well quoted text supports a prose value: the share of the value's meaningful words found
 * in the quotes, and the numbers and names (capitalised words inside a sentence) missing from
 * them, which must all be present.
 */
export function proseSupport(value: string, quoted: string): { share: number; missing: string[] } {
  const have = new Set(contentStems(quoted));
  const haveLoose = ` ${looseText(quoted)} `;
  const tokens = words(value);
  const content = tokens.map((w) => w.toLowerCase()).filter((w) => !STOPWORDS.has(w));
  const found = content.filter((w) => have.has(stem(w))).length;
  const missing: string[] = [];
  tokens.forEach((w, i) => {
    const sentenceStart = i === 0 || /[.!?:]$/.test(tokens[i - 1]) ||
      /[.!?:]\s+$/.test(value.slice(0, value.indexOf(w)));
    const strict = /\p{N}/u.test(w) || (!sentenceStart && /^\p{Lu}/u.test(w));
    if (!strict || STOPWORDS.has(w.toLowerCase())) return;
    if (!have.has(stem(w)) && !haveLoose.includes(` ${looseText(w)} `)) missing.push(w);
  });
  return { share: content.length === 0 ? 1 : found / content.length, missing };
}

/** A name of a word list with its spaces back ("New_York" → "New York"). */
function spaced(name: string): string {
  return name.replace(/_/g, " ");
}

/** US states (without Georgia, which is also a country): naming one states the country. */
const US_STATES =
  ("Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida " +
    "Hawaii Idaho Illinois Indiana Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts " +
    "Michigan Minnesota Mississippi Missouri Montana Nebraska Nevada New_Hampshire New_Jersey " +
    "New_Mexico New_York North_Carolina North_Dakota Ohio Oklahoma Oregon Pennsylvania Rhode_Island " +
    "South_Carolina South_Dakota Tennessee Texas Utah Vermont Virginia Washington West_Virginia " +
    "Wisconsin Wyoming").split(" ").map(spaced);

/**
 * Regions that name their country as a state does ("Falmouth, Cornwall", "Halifax, Nova Scotia"):
 * English counties, Canadian provinces and Australian states. Read only where a place is stated
 * ("City, Region", "based in …"), so a surname such as Kent names no country.
 */
const GB_COUNTIES = ("Cornwall Devon Dorset Somerset Kent Sussex Essex Norfolk Suffolk Yorkshire " +
  "North_Yorkshire West_Yorkshire Lancashire Cheshire Cumbria Northumberland Shropshire " +
  "Herefordshire Oxfordshire Gloucestershire Wiltshire Hampshire Derbyshire").split(" ")
  .map(spaced);
const CA_PROVINCES = ("Ontario Québec Quebec British_Columbia Alberta Manitoba Saskatchewan " +
  "Nova_Scotia New_Brunswick Newfoundland Prince_Edward_Island Yukon").split(" ")
  .map(spaced);
const AU_STATES = [
  "New South Wales",
  "Queensland",
  "Tasmania",
  "Western Australia",
  "South Australia",
];

const COUNTRY_ALIASES: Record<string, string[]> = {
  US: ["USA", "U.S.", "U.S.A.", "United States of America", "America", ...US_STATES],
  GB: [
    "UK",
    "U.K.",
    "Britain",
    "Great Britain",
    "England",
    "Scotland",
    "Wales",
    "Northern Ireland",
    ...GB_COUNTIES,
  ],
  CA: CA_PROVINCES,
  AU: AU_STATES,
  NL: ["Holland", "The Netherlands"],
  KR: ["Korea", "Republic of Korea"],
  CZ: ["Czech Republic"],
  TR: ["Turkey"],
  AE: ["UAE"],
  DE: ["Deutschland"],
  CH: ["Schweiz", "Suisse"],
};
/** Withdrawn codes the runtime still names after a current country (DD is "Germany", now DE). */
const WITHDRAWN_CODES = new Set(
  "AN HV DY BU ZR CS YU DD FX UK NH RH SU TP VD YD".split(" "),
);
/** Languages whose country names are recognised besides English. */
const COUNTRY_NAME_LANGUAGES = ["de", "fr", "es", "nl", "it", "pt"];
let countryTable: { byCode: Map<string, string[]>; byName: Map<string, string> } | null = null;

function countries() {
  if (countryTable) return countryTable;
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  const byCode = new Map<string, string[]>();
  const byName = new Map<string, string>();
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  for (const a of letters) {
    for (const b of letters) {
      const code = a + b;
      let name: string | undefined;
      try {
        name = names.of(code);
      } catch {
        continue;
      }
      if (
        !name || name === code || name === "Unknown Region" || code === "EU" || code === "UN" ||
        WITHDRAWN_CODES.has(code)
      ) {
        continue;
      }
      const all = [name, ...(COUNTRY_ALIASES[code] ?? [])];
      byCode.set(code, all);
      for (const n of all) byName.set(looseText(n), code);
    }
  }
  // Names in the site languages drafting reads ("España", "Duitsland"), after the English ones:
  // a name an English name or alias already holds keeps its English meaning.
  for (const lang of COUNTRY_NAME_LANGUAGES) {
    const local = new Intl.DisplayNames([lang], { type: "region" });
    for (const [code, all] of byCode) {
      const name = local.of(code);
      if (!name || name.length < 4 || byName.has(looseText(name))) continue;
      all.push(name);
      byName.set(looseText(name), code);
    }
  }
  countryTable = { byCode, byName };
  return countryTable;
}

/** The ISO code for a country code or a country name ("Germany", "España" → "ES"), or null. */
export function countryCodeOf(value: string): string | null {
  const text = value.trim();
  if (/^[A-Za-z]{2}$/.test(text)) {
    const code = text.toUpperCase();
    const fixed = code === "UK" ? "GB" : code;
    return countries().byCode.has(fixed) && !WITHDRAWN_CODES.has(fixed) ? fixed : null;
  }
  return countries().byName.get(looseText(text)) ?? null;
}

/** Names of a country code: the English name first, then aliases and names in other languages. */
export function countryNames(code: string): string[] {
  return countries().byCode.get(code.toUpperCase()) ?? [];
}

/** Every country code whose name appears in a text, in order of appearance. */
export function countriesIn(text: string): string[] {
  const loose = ` ${looseText(text)} `;
  const found: { code: string; at: number }[] = [];
  for (const [name, code] of countries().byName) {
    const at = loose.indexOf(` ${name} `);
    if (at >= 0) found.push({ code, at });
  }
  return [...new Set(found.sort((a, b) => a.at - b.at).map((f) => f.code))];
}

/** A URL in the form pages are matched by: no fragment, no trailing slash on a path. */
export function canonicalUrl(url: string): string {
  try {
    const u = new URL(url.trim());
    u.hash = "";
    if (u.pathname.length > 1 && u.pathname.endsWith("/")) u.pathname = u.pathname.slice(0, -1);
    return u.href;
  } catch {
    return url.trim();
  }
}

/** Every [start, end) span of `text` where one of the needles (long enough to quote) stands. */
export function spansOf(text: string, needles: string[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const n of needles) {
    if (n.length < MIN_QUOTE_CHARS) continue;
    let at = text.indexOf(n);
    while (at >= 0) {
      spans.push([at, at + n.length]);
      at = text.indexOf(n, at + 1);
    }
  }
  return spans;
}

/** Appends a JSON-LD value's texts to `out`, each also as `key: value` under its dotted key. */
export function jsonLdLines(value: unknown, key: string, out: string[], depth = 0): void {
  if (depth > 6 || out.length > 400) return;
  if (typeof value === "string" || typeof value === "number") {
    // JSON-LD texts sometimes carry HTML (FAQ answers): quotes are compared with the words only.
    const text = normalizeQuoteText(String(value).replace(/<[^>]*>/g, " "));
    if (!text) return;
    out.push(text);
    if (key && !key.startsWith("@")) out.push(`${key}: ${text}`);
  } else if (Array.isArray(value)) {
    for (const v of value) jsonLdLines(v, key, out, depth + 1);
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      jsonLdLines(v, key && !k.startsWith("@") ? `${key}.${k}` : k, out, depth + 1);
    }
  }
}

/** The statements of a page besides its visible text (head, FAQ markup, JSON-LD). */
export function pageExtras(page: EvidencePage): string[] {
  const f = page.facts;
  const out: string[] = [];
  if (f.title) out.push(f.title);
  if (page.title) out.push(page.title);
  if (f.meta_description) out.push(f.meta_description);
  for (const v of Object.values(f.og ?? {})) out.push(v);
  for (const q of f.faqs ?? []) out.push(q.question, q.answer);
  const ld: string[] = [];
  for (const obj of f.json_ld ?? []) jsonLdLines(obj, "", ld);
  return [...out.map(normalizeQuoteText), ...ld].filter((s) => s.length > 0);
}

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** Months (1-12) named in a text next to a year: "March 2024", "Mar 2024", "2024-03". */
export function monthsWithYear(text: string, year: string): number[] {
  const out = new Set<number>();
  const loose = looseText(text);
  MONTHS.forEach((m, i) => {
    if (new RegExp(`\\b(?:${m}|${m.slice(0, 3)})\\b(?: \\d{1,2})? ${year}\\b`).test(loose)) {
      out.add(i + 1);
    }
  });
  for (const m of text.matchAll(new RegExp(`\\b${year}-(\\d{2})\\b`, "g"))) out.add(Number(m[1]));
  return [...out];
}

/**
 * Whether a text states the full date `YYYY-MM-DD` ("14 March 2024", "March 14th, 2024",
 * "2024-03-14"): a year, or a month and year, states no day.
 */
export function statesFullDate(text: string, date: string): boolean {
  const m = date.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (!m) return false;
  if (text.includes(date)) return true;
  const [, y, mo, d] = m;
  const month = MONTHS[Number(mo) - 1];
  if (!month) return false;
  const name = `(?:${month}|${month.slice(0, 3)})`;
  const day = `0?${Number(d)}(?:st|nd|rd|th)?`;
  return new RegExp(`\\b(?:${day} ${name}|${name} ${day}) ${y}\\b`).test(looseText(text));
}

/** A browser-tab icon (favicon.ico, an .ico file, a 16-48 px icon): never the logo. */
export function isFavicon(url: string): boolean {
  const path = (() => {
    try {
      return new URL(url).pathname.toLowerCase();
    } catch {
      return url.toLowerCase();
    }
  })();
  return /\.ico$/.test(path) || /(?:^|\/)favicon[^/]*$/.test(path) ||
    /(?:^|[^\d])(?:16|32|48)x(?:16|32|48)(?:[^\d]|$)/.test(path);
}
