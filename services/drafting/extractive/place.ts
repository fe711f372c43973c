/**
 * Where and since when: the country and city the site says it is based in (structured address,
 * postal addresses, "based in" sentences), and the year it says it was founded (founded_year.ts).
 */
import { type DraftedValue, type EvidenceQuote } from "../evidence.ts";
import type { PageView, Segment } from "./pages.ts";
import { ownNames } from "./people.ts";
import { bornPlaces } from "./place_born.ts";
import { NONE, quote, quoteFor, value, windowAround } from "./pages.ts";
import { countryCodeOf, looseText, MIN_QUOTE_CHARS, normalizeQuoteText, words } from "../text.ts";

import { jsonLdNested } from "./founded_year.ts";

export { draftFoundedYear } from "./founded_year.ts";

const CAP = String.raw`\p{Lu}[\p{L}'.-]*`;
/** Lower-case words inside place names: "Freiburg im Breisgau", "Frankfurt am Main", "Stratford-upon-Avon". */
const JOINER = String.raw`(?:im|am|an|der|upon|on|sur|de|del|la|le|di)`;
const PLACE = String.raw`${CAP}(?:(?:[ -]${JOINER})?[ -]${CAP}){0,3}`;
/** A list of names: "Aoife Byrne and Declan Walsh", "A, B and C". */
const NAMES = String.raw`${CAP}(?: ${CAP}){0,2}(?:(?:,| and) ${CAP}(?: ${CAP}){0,2}){0,3}`;
const YEAR = String.raw`(?:19|20)\d\d`;
/**
 * The same cues in Spanish, French, Dutch, German, Portuguese and Italian: "fundada en 2022 en
 * Valencia", "basée à Lyon", "gevestigd in Gent", "mit Sitz in Graz", "com sede em Porto".
 */
const OTHER_LANGUAGE_CUES = String
  .raw`(?:con sede en|ubicad[ao]s? en|(?:fundad[ao]|cread[ao])(?: en ${YEAR})? en|basée? à|située? à|fondée?(?: en ${YEAR})? à|gevestigd in|opgericht(?: in ${YEAR})? in|(?:mit )?Sitz in|ansässig in|sediad[ao] em|com sede em|fundad[ao](?: em ${YEAR})? em|con sede a|fondat[ao](?: nel ${YEAR})? a)`;
/**
 * "based in Berlin, Germany", "headquartered in Austin", "founded in 2021 in Utrecht", "was founded
 * in 2020 by A and B in Galway" (not an aside about another company: "Stripe, founded … by … in"), "entstand 2021 in Leipzig", "started Quietroom from Copenhagen", "began in 2021 in
 * Leeds" (with its year: "began in" alone starts many things). The cue words
 * match at a sentence's start too ("Made in Leeds, England by …", "Based in Lisbon").
 */
const PLACE_CUE_RE = new RegExp(
  String
    .raw`\b(?:(?i:(?:are |is )?based (?:in|out of)|headquartered in|headquarters in|located in|offices? in|hq in|our office in|made (?:with [^ ]+ )?in|team in|studio in|(?:founded|started|launched)(?: in (?:19|20)\d\d)? in|began in (?:19|20)\d\d in)|(?:was|were) (?:founded|started|launched)(?: in (?:19|20)\d\d)? by ${NAMES}(?:, an? [\p{Ll} -]{2,40})? in|(?:entstand|entstanden|gegründet|gestartet)(?: (?:19|20)\d\d)? in|(?:founded|started|launched) ${CAP}(?: ${CAP})? from|(?i:${OTHER_LANGUAGE_CUES}))\s+((?:the )?${PLACE}(?:,\s*(?:the )?${PLACE}){0,2})`,
  "gu",
);
/** "Utrecht, the Netherlands" (the second part must be a country). */
const CITY_COUNTRY_RE = new RegExp(String.raw`(${PLACE}),\s*(?:the\s+)?(${PLACE})`, "gu");
/**
 * A postal address with the postcode before the city: "3511 AV Utrecht the Netherlands", "10115
 * Berlin, Germany", "04275 Leipzig Deutschland" (the words after the code are split into city and
 * country by placeAfterCode).
 */
const ADDRESS_RE = new RegExp(
  String.raw`\b\d{4,5}(?: ?[A-Z]{2})?\s+(${PLACE}(?:,?\s+(?:the\s+)?${PLACE})?)`,
  "gu",
);
const UK_POSTCODE = String.raw`[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b`;
/** A UK postcode after the city: "London EC1M 3HE, United Kingdom", "Leeds LS1 5HD, UK". */
const UK_ADDRESS_RE = new RegExp(
  String
    .raw`(${PLACE}),?\s+${UK_POSTCODE},?\s+(?:the\s+)?(${PLACE})`,
  "gu",
);
/**
 * A UK postcode after the city, with no country after it ("Roastround Ltd, 8 Mill Yard, Leeds LS9
 * 8DT"): the city starts the line or follows a comma or a separator, so a street's words are never
 * part of it. The country is not stated.
 */
const UK_CITY_POSTCODE_RE = new RegExp(
  String.raw`(?:^|,\s*|\s[·|•]\s)(${CAP}(?:[ -]${CAP})?)\s+${UK_POSTCODE}`,
  "gu",
);
const US_ADDRESS_RE = new RegExp(
  String
    .raw`\b(${CAP}(?: ${CAP}){0,2}),\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?(?:,?\s*(USA|U\.S\.A\.|United States))?`,
  "gu",
);
/** The last word of a street line: "14 Lapp's Quay", "North Terrace", "Sutton Harbour". */
const STREET = String
  .raw`(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Quay|Terrace|Harbour|Harbor|Wharf|Drive|Boulevard|Blvd|Way|Place|Square|Parade|Crescent|Close|Court|Row|Centre|Center|Building|House|Straße|Strasse)\.?`;
const STREET_RE = new RegExp(`^${STREET}$`, "u");
/**
 * A postal address whose lines a page joins with spaces (their `<br>`s are gone): the street line,
 * then the city, a state and postcode or a UK postcode, and the country ("14 Lapp's Quay Cork,
 * Ireland", "North Terrace Adelaide SA 5000, Australia", "Sutton Harbour Plymouth PL4 0DW United
 * Kingdom"). The street word bounds the city, so the street's name is never part of it.
 */
const POSTAL_LINES_RE = new RegExp(
  String
    .raw`${CAP}\s+${STREET},?\s+(${PLACE})(?:,?\s+[A-Z]{2,3}\s+\d{4,5}|,?\s+${UK_POSTCODE})?,?\s+(?:the\s+)?(${PLACE})`,
  "gu",
);

/** "in Hamburg, Germany", "in Portland, Oregon". */
const IN_CITY_COUNTRY_RE = new RegExp(
  String.raw`\bin (${CAP}(?:[ -]${CAP})?),\s*(?:the\s+)?(${PLACE})`,
  "gu",
);
/** A sentence in which the site speaks about itself. */
const SELF_RE =
  /\b(we|we're|our|us|team|office|offices|based|built|developer|company|studio|headquarters)\b/iu;

/** "<site's name> was started by …": the sentence tells the site's own founding. */
const FOUNDED_RE = / (?:was|were|has been|is) (?:founded|started|launched|created|born)\b/u;

/** Whether a sentence tells the founding of the site itself (its subject is one of its names). */
function foundingOfOwn(text: string, own: string[]): boolean {
  const loose = ` ${looseText(text)}`;
  return own.some((o) => {
    const at = loose.indexOf(` ${o} `);
    return o !== "" && at >= 0 &&
      FOUNDED_RE.test(loose.slice(at + o.length + 1, at + o.length + 40));
  });
}

/**
 * Places that are not the company's: its servers', data centres', customers' or events'. Tested
 * on the words right before the place.
 */
const OTHERS_PLACE_RE =
  /\b(data ?cent(?:er|re)s?|servers?|server farm|hosted|hosting|region|cloud|customers?|clients?|users?|partners?|investors?|conference|meetup|event|hackathon|warehouse|shipped from|ships from|stored|storage|support|sales team|service team|(?:satellite|branch|second|regional) office|with an? [a-z]+ team)\b[^.!?]{0,30}$/iu;

/** Whether the place at `at` in `text` belongs to someone else (see OTHERS_PLACE_RE). */
function notOurs(text: string, at: number): boolean {
  return OTHERS_PLACE_RE.test(text.slice(Math.max(0, at - 50), at));
}

/**
 * Whether a capitalised cue stands right after a word, as a table's column label does ("Name Role
 * Based in Jan van der Berg …"): what follows is the first row's cells (a person's name), not a
 * place. In a sentence the cue is lower case, or opens it after a full stop.
 */
function columnLabel(text: string, at: number): boolean {
  return /^\p{Lu}/u.test(text[at] ?? "") && /[\p{L}\p{N}]\s*$/u.test(text.slice(0, at));
}

interface PlaceCandidate {
  city: string | null;
  country: string | null;
  quote: EvidenceQuote;
  rank: number;
}

/** A copyright notice inside a footer line: its pieces state no place of the company. */
const NOTICE_RE = /©|\(c\)|\bcopyright\b|\ball rights reserved\b/iu;

/**
 * "City, Country" only in short lines (footers, addresses), not in running prose. A footer line is
 * cut at its separators ("Vaultrow Ltd, Cork, Ireland · sales@… · © 2022 Vaultrow Ltd."), so the
 * address piece counts even when the line ends in a copyright notice; the notice piece never does.
 */
function shortLinePlaces(v: PageView, seg: Segment, rank: number): PlaceCandidate[] {
  const out: PlaceCandidate[] = [];
  for (const piece of seg.text.split(/\s[·|•]\s/)) {
    if (words(piece).length > 12 || NOTICE_RE.test(piece)) continue;
    if (seg.excluded && piece === seg.text) continue;
    for (const m of [...cityCountryPairs(piece), ...piece.matchAll(UK_ADDRESS_RE)]) {
      const country = ukCountry(m[2]);
      const city = asCity(trailingPlace(m[1]));
      if (country && !notOurs(piece, piece.indexOf(m[0]))) {
        out.push({ city, country, quote: quote(v, piece), rank });
      }
    }
  }
  return out;
}

/**
 * "City, Country" pairs of a short line, also after a company name ("Vaultrow Ltd, Cork,
 * Ireland"): each comma-separated run is tried from every comma, so an unmatched first part does
 * not hide the pair after it.
 */
function cityCountryPairs(text: string): RegExpMatchArray[] {
  const out: RegExpMatchArray[] = [];
  const starts = [0, ...[...text.matchAll(/,\s*/g)].map((c) => c.index! + c[0].length)];
  const seen = new Set<number>();
  for (const from of starts) {
    const re = new RegExp(CITY_COUNTRY_RE.source, "u");
    const m = text.slice(from).match(re);
    if (!m || seen.has(from + m.index!)) continue;
    seen.add(from + m.index!);
    if (asCountry(m[2])) out.push(m);
  }
  return out;
}

/**
 * City and country from the words after a postcode: the first split where the rest starts with a
 * country ("Leipzig Deutschland Geschäftsführerin" → Leipzig, DE).
 */
function placeAfterCode(text: string): { city: string | null; country: string } | null {
  const parts = text.replace(/,/g, " ").split(/\s+/).filter(Boolean);
  for (let i = 1; i < parts.length; i++) {
    const country = asCountry(parts.slice(i).join(" "));
    if (country) return { city: asCity(parts.slice(0, i).join(" ")), country };
  }
  return null;
}

const JOINER_RE = new RegExp(`^${JOINER}$`, "u");

/**
 * The place name a run of words ends with: its last two capitalised words with the joiners
 * between them ("Freiburg im Breisgau", "San Francisco").
 */
function trailingPlace(text: string): string {
  const parts = afterStreet(text.split(" "));
  let at = parts.length - 1;
  for (let caps = 1; at > 0 && caps < 2; caps++) {
    const joined = JOINER_RE.test(parts[at - 1]) && at > 1 && /^\p{Lu}/u.test(parts[at - 2]);
    if (joined) at -= 2;
    else if (/^\p{Lu}/u.test(parts[at - 1])) at--;
    else break;
  }
  return parts.slice(at).join(" ");
}

/**
 * The words after a street line's last word ("Sutton Harbour Plymouth" → "Plymouth"); a street
 * word needs a name before it and a city after it, else the words are kept ("Harbour Grace").
 */
function afterStreet(parts: string[]): string[] {
  for (let i = parts.length - 2; i >= 1; i--) {
    if (STREET_RE.test(parts[i])) return parts.slice(i + 1);
  }
  return parts;
}

/** The country after a UK postcode, where a bare "UK" is one too. */
function ukCountry(text: string): string | null {
  return asCountry(text) ?? (/^UK\b/.test(text) ? "GB" : null);
}

/** The leading words of a place that are a country (as a code), trailing words trimmed. */
function asCountry(text: string): string | null {
  const t = text.replace(/^the\s+/i, "").replace(/[.,]$/, "");
  const parts = t.split(" ");
  for (let n = parts.length; n >= 1; n--) {
    const code = countryCodeOf(parts.slice(0, n).join(" "));
    if (code && parts.slice(0, n).join(" ").length > 2) return code;
  }
  return null;
}

/** A town named like a region elsewhere ("Kent" in "Kent, Ohio"): one or two capitalised words. */
function cityNamedLikeRegion(text: string): string | null {
  const t = text.replace(/[.,]$/, "").trim();
  return /^\p{Lu}\p{L}+(?: \p{Lu}\p{L}+)?$/u.test(t) ? t : null;
}

function asCity(text: string): string | null {
  const t = text.replace(/^the\s+/i, "").replace(/[.,]$/, "").trim();
  if (!t || asCountry(t) || /^[A-Z]{2,3}$/.test(t) || words(t).length > 3) return null;
  if (/^(We|Our|Us|You|It|This|The|A|An|I)$/u.test(t)) return null;
  return t;
}

/** The country and city the site says it is based in, best-ranked statement first. */
export function draftPlace(views: PageView[]): { country: DraftedValue; city: DraftedValue } {
  const found: PlaceCandidate[] = [];
  const pageRank = (v: PageView) => (v.kind === "contact" ? 0 : v.kind === "about" ? 1 : 2);
  const own = ownNames(views);
  // Structured address first.
  for (const v of views) {
    for (const { o, path } of jsonLdNested(v)) {
      const addr = o.address as Record<string, unknown> | undefined;
      if (!addr || typeof addr !== "object") continue;
      const loc = typeof addr.addressLocality === "string"
        ? normalizeQuoteText(addr.addressLocality)
        : null;
      const rawCountry = addr.addressCountry;
      const cty = typeof rawCountry === "string"
        ? normalizeQuoteText(rawCountry)
        : typeof (rawCountry as Record<string, unknown>)?.name === "string"
        ? normalizeQuoteText((rawCountry as Record<string, string>).name)
        : null;
      const line = (k: string, val: string) =>
        v.extras.find((e) => e === `${path}address.${k}: ${val}` || e === `${k}: ${val}`);
      if (loc) {
        const l = line("addressLocality", loc);
        const q = quoteFor(views, loc) ?? (l ? quote(v, l) : null);
        if (q) found.push({ city: loc, country: null, quote: q, rank: 0 });
      }
      if (cty) {
        const code = countryCodeOf(cty);
        let q: EvidenceQuote | null = null;
        for (const n of code ? [cty, ...countryNamesFor(code)] : [cty]) {
          if (!q && n.length >= MIN_QUOTE_CHARS) q = quoteFor(views, n);
        }
        const l = line("addressCountry", cty);
        if (!q && l) q = quote(v, l);
        if (q && code) found.push({ city: null, country: code, quote: q, rank: 0 });
      }
    }
  }
  for (const v of views) {
    for (const seg of v.segments) {
      if (seg.excluded) continue;
      const q = (m: RegExpMatchArray) => quote(v, windowAround(seg.text, m[0], 240));
      for (const m of seg.text.matchAll(PLACE_CUE_RE)) {
        const parts = m[1].split(/,\s*/);
        const founded = /^(founded|started|began)/i.test(m[0]);
        let city: string | null = null;
        let country: string | null = null;
        // The widest unit comes last ("Kent, Ohio", "Ontario, California"): the last part that
        // names a country gives it, and a first part that names another is a city of that name.
        country = parts.map(asCountry).filter((c) => c !== null).pop() ?? null;
        for (const [i, part] of parts.entries()) {
          const named = asCountry(part);
          if (!named) city ??= asCity(part);
          else if (i === 0 && named !== country) city ??= cityNamedLikeRegion(part);
        }
        if (/^made/i.test(m[0]) && parts.length === 1) city = null;
        if (notOurs(seg.text, m.index!) || columnLabel(seg.text, m.index!)) continue;
        found.push({ city, country, quote: q(m), rank: founded ? 4 : 1 + pageRank(v) / 10 });
      }
      for (const m of bornPlaces(seg.text, own)) {
        const city = notOurs(seg.text, m.index!) ? null : asCity(m[2]);
        if (city) found.push({ city, country: null, quote: q(m), rank: 4 });
      }
      for (const m of seg.text.matchAll(ADDRESS_RE)) {
        const place = placeAfterCode(m[1]);
        if (place) found.push({ ...place, quote: q(m), rank: 0.5 + pageRank(v) / 10 });
      }
      for (const m of seg.text.matchAll(POSTAL_LINES_RE)) {
        const country = ukCountry(m[2]);
        if (country && !notOurs(seg.text, m.index!)) {
          // The country only: the verifier reads the joined lines as one longer place name.
          found.push({ city: null, country, quote: q(m), rank: 0.5 + pageRank(v) / 10 });
        }
      }
      for (const m of seg.text.matchAll(UK_ADDRESS_RE)) {
        const country = ukCountry(m[2]);
        const city = asCity(trailingPlace(m[1]));
        if (country) found.push({ city, country, quote: q(m), rank: 0.5 + pageRank(v) / 10 });
      }
      for (const m of seg.text.matchAll(UK_CITY_POSTCODE_RE)) {
        const city = asCity(m[1]);
        if (city && !notOurs(seg.text, m.index!)) {
          found.push({ city, country: null, quote: q(m), rank: 0.5 + pageRank(v) / 10 });
        }
      }
      for (const m of seg.text.matchAll(US_ADDRESS_RE)) {
        found.push({ city: asCity(m[1]), country: m[2] ? "US" : null, quote: q(m), rank: 0.5 });
      }
      // "… in Hamburg, Germany" where the site speaks about itself (an about page always does).
      if (SELF_RE.test(seg.text) || v.kind === "about" || foundingOfOwn(seg.text, own)) {
        for (const m of seg.text.matchAll(IN_CITY_COUNTRY_RE)) {
          const country = asCountry(m[2]);
          if (country && !notOurs(seg.text, m.index!)) {
            found.push({ city: asCity(m[1]), country, quote: q(m), rank: 1.5 + pageRank(v) / 10 });
          }
        }
      }
    }
    for (const seg of v.segments) found.push(...shortLinePlaces(v, seg, 2 + pageRank(v) / 10));
  }
  found.sort((a, b) => a.rank - b.rank);
  const cityPick = found.find((c) => c.city);
  const countryPick = (cityPick?.country ? cityPick : null) ?? found.find((c) => c.country);
  return {
    city: cityPick ? value(cityPick.city, [cityPick.quote]) : NONE,
    country: countryPick ? value(countryPick.country, [countryPick.quote]) : NONE,
  };
}

function countryNamesFor(code: string): string[] {
  const names = new Intl.DisplayNames(["en"], { type: "region" }).of(code);
  return names ? [names] : [];
}
