/**
 * Whether verified quotes support a value: prose by its words, lists item by item, years with
 * founding words (never a copyright line), stages and pricing models by their signals, places by
 * name, links and emails on the pages quoted, milestone dates by year, month and day.
 */
import { STAGES } from "../../../kv/types.ts";
import { type DraftFieldName, isDepartmentEmail } from "../evidence.ts";
import {
  canonicalUrl,
  containsPhrase,
  countryCodeOf,
  countryNames,
  isFavicon,
  looseText,
  monthsWithYear,
  normalizeQuoteText,
  proseSupport,
  statesFullDate,
} from "../text.ts";
import { foundingYearsIn } from "../founding_years.ts";
import { type CheckedQuote, clip, linkOnPages, type PageIndex } from "./quotes.ts";
import { hostingPlace, otherPartyName, placeFragment } from "./parties.ts";
import { writtenEmails } from "../extract/links.ts";
import {
  headlineQuoted,
  paidOnlyProblem,
  type Quoted,
  quotedText,
  spansIn,
  statedSignal,
  supportsAsSpan,
  tokens,
  valueParts,
} from "./support.ts";
import {
  categoryTerms,
  IN_APP_PURCHASES_RE,
  PRICING_MODELS,
  PRICING_SIGNALS,
  STAGE_SIGNALS,
} from "../vocabulary.ts";
import { PAGE_NAME_RE } from "../page_names.ts";
import { pricePartStated } from "./price_parts.ts";

const PAID_PRICE_RE =
  /([$€£]\s?(?:[1-9]\d*|0[.,]\d*[1-9])|\b[1-9]\d*(?:[.,]\d+)?\s?(?:usd|eur|gbp|\$|€|£)|\bprice: (?:[1-9]|0\.\d*[1-9]))/iu;

const LIST_FIELDS = new Set<DraftFieldName>(["categories", "tags", "features", "usps", "keywords"]);
const MAX_LENGTH: Partial<Record<DraftFieldName, number>> = { description: 20000 };
const VIDEO_HOST_RE =
  /(youtube\.com|youtu\.be|vimeo\.com|loom\.com|wistia\.(?:com|net)|vidyard\.com|\.mp4(?:$|\?)|\.webm(?:$|\?))/iu;

/**
 * Why prose is not supported by its quotes, or "" when it is: every part of it (each sentence;
 * each `;` item with `semicolons`) must be one run of words of ONE quote, not negated there.
 * Sharing words is not support: a part stitched from two quotes, reworded or reversed fails.
 */
export function proseProblem(value: string, quoted: Quoted[], semicolons = false): string {
  const read = quoted.filter((q) => quotedText(q).trim());
  const quotes = read.map(quotedText);
  if (quotes.length === 0) return "no verified quote outside testimonials";
  for (const part of valueParts(value, semicolons).flatMap(listItems)) {
    if (read.some((q) => supportsAsSpan(q, part))) continue;
    const { missing } = proseSupport(part, quotes.join(" | "));
    if (missing.length > 0) {
      return `the quotes do not contain ${missing.slice(0, 3).map((w) => `"${w}"`).join(", ")}`;
    }
    const reversed = quotes.some((q) => spansIn(tokens(q), tokens(part)).length > 0);
    return reversed
      ? `the quotes say the opposite of "${clip(part, 60)}" (a negation around it)`
      : `the sentence "${clip(part, 60)}" is not in any one quote`;
  }
  return "";
}

const LIST_LABEL_RE =
  /^(?:features|key features|highlights|includes|integrations|platforms|plans|pricing):\s+(.+?)\.?$/iu;

/** A part in the list form drafts write ("Features: a; b; c."): its items; else the part itself. */
function listItems(part: string): string[] {
  const m = part.match(LIST_LABEL_RE);
  if (!m || !m[1].includes(";")) return [part];
  return m[1].split(/;\s*/u).map((i) => i.replace(/\s*…$/u, "").trim()).filter(Boolean);
}

/** Why a link value is not supported, or "" when it is. */
export function linkProblem(
  value: string,
  quotes: CheckedQuote[],
  kind: "video" | "logo" | "social",
): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${clip(value)}" is not a URL`;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return `"${clip(value)}" is not a web link`;
  }
  if (value.length > 500) return "longer than 500 characters";
  const c = canonicalUrl(value);
  const pagesCited = quotes.map((q) => q.page!).filter(Boolean);
  const quoted = quotes.some((q) =>
    canonicalUrl(q.quote.quote) === c || q.quote.quote.includes(value)
  );
  if (!quoted) return `no verified quote contains "${clip(value)}"`;
  if (!linkOnPages(value, new Map(), pagesCited)) {
    return `"${clip(value)}" is not on the pages quoted`;
  }
  if (kind === "video") {
    const listed = pagesCited.some((p) =>
      p.page.facts.video_links?.some((v) => canonicalUrl(v) === c)
    );
    if (!listed && !VIDEO_HOST_RE.test(value)) return `"${clip(value)}" is not a video link`;
  }
  return "";
}

/** A date given as YYYY, YYYY-MM or YYYY-MM-DD as a full YYYY-MM-DD, or null. */
export function normalizeDate(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const m = value.trim().match(/^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/);
  if (!m) return null;
  const date = `${m[1]}-${m[2] ?? "01"}-${m[3] ?? "01"}`;
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== date) return null;
  return date;
}

/**
 * Why a milestone date is not supported by the quoted text, or "": the quotes must state the
 * whole date, day included (a year or a month stays as precise as the site gives it).
 */
export function dateProblem(date: string, quoted: string): string {
  const [y, mo] = date.split("-");
  if (!new RegExp(`\\b${y}\\b`).test(quoted)) return `year ${y} is not in the quotes`;
  const months = monthsWithYear(quoted, y);
  if (months.length === 0) return `the quotes state only the year ${y}, not the date ${date}`;
  if (!months.includes(Number(mo))) return `month of ${date} is not the one quoted`;
  if (!statesFullDate(quoted, date)) return `the quotes state no day for ${date}`;
  return "";
}

const DATE_RE = new RegExp(
  String
    .raw`\b(?:(?:\d{1,2}(?:st|nd|rd|th)? )?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(?: \d{1,2}(?:st|nd|rd|th)?,?)? )?(?:in |on )?(?:18|19|20)\d\d(?:-\d\d(?:-\d\d)?)?\b,?`,
  "giu",
);

/** A quote with its dates taken out: what a milestone's title and description are cut from. */
export function withoutDates(text: string): string {
  return text.replace(DATE_RE, " ").replace(/\s+/g, " ").trim();
}

interface FieldContext {
  categories?: { name: string; description?: string }[];
  year: number;
  drop: (reason: string, item?: string) => void;
  /** The site's pages: a paid-only model is refused when any of them suggests a free option. */
  pages?: Map<string, PageIndex>;
}

/** Verifies one draft field; returns the value to keep with its supporting quotes, or null. */
export function verifyField(
  name: DraftFieldName,
  raw: unknown,
  quotes: CheckedQuote[],
  ctx: FieldContext,
): { value: unknown; quotes: CheckedQuote[] } | null {
  const fail = (reason: string) => {
    ctx.drop(reason);
    return null;
  };
  if (quotes.length === 0) return fail("none of its quotes verified");

  if (LIST_FIELDS.has(name)) {
    if (!Array.isArray(raw)) return fail("not a list");
    const kept: string[] = [];
    const used = new Set<CheckedQuote>();
    for (const item of raw) {
      if (typeof item !== "string" || !item.trim()) {
        ctx.drop("not text", String(item));
        continue;
      }
      let value = normalizeQuoteText(item);
      if (value.length > 200) {
        ctx.drop("longer than 200 characters", value);
        continue;
      }
      if (kept.length >= 20) {
        ctx.drop("more than 20 items", value);
        continue;
      }
      if (name === "categories") {
        const known = ctx.categories?.find((c) => looseText(c.name) === looseText(value));
        if (ctx.categories && !known) {
          ctx.drop("not a category name from list_categories", value);
          continue;
        }
        if (known) value = known.name;
        const terms = categoryTerms(value);
        const q = quotes.find((q) => terms.some((t) => containsPhrase(q.usable, t)));
        if (!q) {
          ctx.drop("no quote mentions what the category is about", value);
          continue;
        }
        used.add(q);
      } else {
        // Features and selling points are claims: one run of a quote's words. Tags and keywords
        // are topics: their words in one quote.
        const claim = name === "features" || name === "usps";
        const q = quotes.find((q) =>
          claim ? supportsAsSpan(q, value) : containsPhrase(q.usable, value) ||
            (proseSupport(value, q.usable).share >= 1 &&
              proseSupport(value, q.usable).missing.length === 0)
        );
        if (!q) {
          ctx.drop("not supported by any quote", value);
          continue;
        }
        used.add(q);
      }
      if (kept.some((k) => looseText(k) === looseText(value))) continue;
      kept.push(value);
    }
    if (kept.length === 0) return fail("no item is supported by the quotes");
    return { value: kept, quotes: quotes.filter((q) => used.has(q)) };
  }

  if (typeof raw !== "string" && typeof raw !== "number") return fail("not text");
  const value = normalizeQuoteText(String(raw));
  if (!value) return fail("empty");
  if (value.length > (MAX_LENGTH[name] ?? 500)) {
    return fail(`longer than ${MAX_LENGTH[name] ?? 500} characters`);
  }
  const having = (test: (q: CheckedQuote) => boolean) => quotes.filter(test);

  switch (name) {
    case "founded_year": {
      if (!/^\d{4}$/.test(value)) return fail(`"${value}" is not a year`);
      const y = Number(value);
      if (y < 1800 || y > ctx.year) return fail(`${value} is not a plausible founding year`);
      const ok = having((q) => foundingYearsIn(q.noCopyright).includes(value));
      if (ok.length > 0) return { value, quotes: ok };
      const anywhere = quotes.some((q) => new RegExp(`\\b${value}\\b`).test(q.usable));
      const onlyCopyright = anywhere &&
        !quotes.some((q) => new RegExp(`\\b${value}\\b`).test(q.noCopyright));
      return fail(
        onlyCopyright
          ? `${value} appears only in a copyright notice, which is not a founding year`
          : `no quote states founding in ${value}`,
      );
    }
    case "stage": {
      const stage = value.toLowerCase();
      if (!(STAGES as readonly string[]).includes(stage)) return fail(`"${value}" is not a stage`);
      const ok = having((q) => statedSignal(STAGE_SIGNALS[stage as typeof STAGES[number]], q));
      return ok.length > 0
        ? { value: stage, quotes: ok }
        : fail(`no quote says the product is at stage ${stage}`);
    }
    case "pricing_model": {
      const model = PRICING_MODELS.find((m) => looseText(m) === looseText(value));
      if (!model) return fail(`"${value}" is not a pricing model`);
      if (model === "Freemium") {
        const free = having((q) => statedSignal(PRICING_SIGNALS.Freemium, q));
        // In-app purchases are the paid part of an app free to download.
        const paid = having((q) =>
          statedSignal(PAID_PRICE_RE, q) || statedSignal(IN_APP_PURCHASES_RE, q)
        );
        if (free.length === 0 || paid.length === 0) {
          return fail("Freemium needs quotes of a free plan and of a paid price");
        }
        return { value: model, quotes: [...new Set([...free, ...paid])] };
      }
      const paidOnly = paidOnlyProblem(model, quotes, ctx.pages);
      if (paidOnly) return fail(paidOnly);
      const ok = having((q) => statedSignal(PRICING_SIGNALS[model], q));
      return ok.length > 0 ? { value: model, quotes: ok } : fail(`no quote shows ${model} pricing`);
    }
    case "country": {
      const code = countryCodeOf(value);
      if (!code) return fail(`"${value}" is not a country`);
      const names = countryNames(code);
      const named = having((q) =>
        names.some((n) => containsPhrase(q.usable, n)) ||
        new RegExp(`\\baddressCountry: ${code}\\b`).test(q.usable)
      );
      const ok = named.filter((q) =>
        !names.some((n) => containsPhrase(q.usable, n) && hostingPlace(q.usable, n))
      );
      if (ok.length > 0) return { value: code, quotes: ok };
      return fail(
        named.length > 0
          ? `the quotes name ${names[0]} as where data or servers are, not the company`
          : `no quote names ${names[0] ?? code}`,
      );
    }
    case "city":
    case "name": {
      if (name === "name" && PAGE_NAME_RE.test(value.trim())) {
        return fail(`"${clip(value)}" names a page of the site, not the product`);
      }
      const named = having((q) => supportsAsSpan(q, value));
      const ok = named.filter((q) =>
        !otherPartyName(q.usable, value, name === "city") &&
        !(name === "city" && (hostingPlace(q.usable, value) || placeFragment(q.usable, value)))
      );
      if (ok.length > 0) return { value, quotes: ok };
      if (named.length > 0) {
        return fail(
          otherPartyName(named[0].usable, value, name === "city") ||
            (placeFragment(named[0].usable, value)
              ? `"${clip(value)}" is only part of a longer place name in the quotes`
              : `the quotes name "${clip(value)}" as where data or servers are, not the company`),
        );
      }
      return fail(
        quotes.some((q) => containsPhrase(q.quote.quote, value))
          ? `"${clip(value)}" appears only in testimonial text`
          : `"${clip(value)}" is not in the quotes`,
      );
    }
    case "contact_email": {
      const email = value.replace(/^mailto:/i, "");
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
        return fail(`"${clip(value)}" is not an email`);
      }
      if (isDepartmentEmail(email)) {
        return fail(`"${email}" is a press, careers or investor address, not the site's contact`);
      }
      const ok = having((q) =>
        q.usable.toLowerCase().includes(email.toLowerCase()) ||
        writtenEmails(q.usable).some((w) => w.email.toLowerCase() === email.toLowerCase())
      );
      return ok.length > 0 ? { value: email, quotes: ok } : fail(`"${email}" is not in the quotes`);
    }
    case "demo_video_url":
    case "logo_url": {
      if (name === "logo_url" && isFavicon(value)) return fail("a browser-tab icon is not a logo");
      const why = linkProblem(value, quotes, name === "demo_video_url" ? "video" : "logo");
      if (why) return fail(why);
      const c = canonicalUrl(value);
      return {
        value,
        quotes: having((q) => canonicalUrl(q.quote.quote) === c || q.quote.quote.includes(value)),
      };
    }
    case "pricing_summary": {
      // A numbered headline ("#112: Heat pumps get a $2,000 rebate") is an article, not a price.
      if (headlineQuoted(quotes)) {
        return fail("a quote is a numbered headline or changelog entry, not a price");
      }
      const parts = valueParts(value, true);
      const bad = parts.find((p) => !pricePartStated(p, quotes));
      if (bad !== undefined) return fail(proseProblem(bad, quotes));
      return { value, quotes };
    }
    default: {
      const why = proseProblem(value, quotes);
      if (why) return fail(why);
      const relevant = having((q) => proseSupport(q.usable, value).share > 0);
      return { value, quotes: relevant.length > 0 ? relevant : quotes };
    }
  }
}
