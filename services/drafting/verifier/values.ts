/**
 * Whether verified quotes support a value: prose by its words, lists item by item, years with
 * founding words (never a copyright line), stages and pricing models by their signals, places by
 * name, links and emails on the pages quoted, milestone dates by year, month and day.
 */
import { STAGES } from "../../../kv/types.ts";
import { type DraftFieldName } from "../evidence.ts";
import {
  canonicalUrl,
  containsPhrase,
  contentStems,
  countryCodeOf,
  countryNames,
  foundingYearsIn,
  looseText,
  monthsWithYear,
  normalizeQuoteText,
  proseSupport,
} from "../text.ts";
import { type CheckedQuote, clip, linkOnPages } from "./quotes.ts";
import { categoryTerms, PRICING_MODELS, PRICING_SIGNALS, STAGE_SIGNALS } from "../vocabulary.ts";

const PAID_PRICE_RE =
  /([$€£]\s?(?:[1-9]\d*|0[.,]\d*[1-9])|\b[1-9]\d*(?:[.,]\d+)?\s?(?:usd|eur|gbp|\$|€|£)|\bprice: (?:[1-9]|0\.\d*[1-9]))/iu;

const PROSE_FIELDS: Partial<Record<DraftFieldName, number>> = {
  tagline: 0.8,
  short_description: 0.8,
  description: 0.75,
  pricing_summary: 0.8,
};
const LIST_FIELDS = new Set<DraftFieldName>(["categories", "tags", "features", "usps", "keywords"]);
const MAX_LENGTH: Partial<Record<DraftFieldName, number>> = { description: 20000 };
const VIDEO_HOST_RE =
  /(youtube\.com|youtu\.be|vimeo\.com|loom\.com|wistia\.(?:com|net)|vidyard\.com|\.mp4(?:$|\?)|\.webm(?:$|\?))/iu;

/** Why prose is not supported by the quoted text, or "" when it is. */
export function proseProblem(value: string, quoted: string, threshold: number): string {
  if (!quoted.trim()) return "no verified quote outside testimonials";
  if (containsPhrase(quoted, value)) return "";
  const { share, missing } = proseSupport(value, quoted);
  if (missing.length > 0) {
    return `the quotes do not contain ${missing.slice(0, 3).map((w) => `"${w}"`).join(", ")}`;
  }
  if (share < threshold) {
    return `only ${Math.round(share * 100)} % of its words are in the quotes (need ${
      Math.round(threshold * 100)
    } %)`;
  }
  // No sentence may ride on the others: each one needs most of its own words quoted.
  for (const sentence of value.split(/(?<=[.!?])\s+/)) {
    if (contentStems(sentence).length < 4 || containsPhrase(quoted, sentence)) continue;
    const own = proseSupport(sentence, quoted).share;
    if (own < PROSE_SENTENCE_SHARE) {
      return `the sentence "${clip(sentence, 60)}" is not in the quotes (${
        Math.round(own * 100)
      } % of its words)`;
    }
  }
  return "";
}

/** The share of its words each sentence of a prose value needs in the quotes. */
const PROSE_SENTENCE_SHARE = 0.6;

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

/** Why a milestone date is not supported by the quoted text, or "". */
export function dateProblem(date: string, quoted: string): string {
  const [y, mo, d] = date.split("-");
  if (!new RegExp(`\\b${y}\\b`).test(quoted)) return `year ${y} is not in the quotes`;
  const months = monthsWithYear(quoted, y);
  if (months.length === 0) {
    return mo === "01" && d === "01" ? "" : `the quotes give no month for ${date}`;
  }
  if (!months.includes(Number(mo))) return `month of ${date} is not the one quoted`;
  if (d !== "01" && !new RegExp(`\\b${Number(d)}\\b`).test(looseText(quoted))) {
    return `day of ${date} is not in the quotes`;
  }
  return "";
}

interface FieldContext {
  categories?: { name: string; description?: string }[];
  year: number;
  drop: (reason: string, item?: string) => void;
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
  const joined = quotes.map((q) => q.usable).join(" | ");

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
        const threshold = name === "features" || name === "usps" ? 0.8 : 1;
        const q = quotes.find((q) =>
          containsPhrase(q.usable, value) ||
          (proseSupport(value, q.usable).share >= threshold &&
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
      const ok = having((q) => STAGE_SIGNALS[stage as typeof STAGES[number]].test(q.usable));
      return ok.length > 0
        ? { value: stage, quotes: ok }
        : fail(`no quote says the product is at stage ${stage}`);
    }
    case "pricing_model": {
      const model = PRICING_MODELS.find((m) => looseText(m) === looseText(value));
      if (!model) return fail(`"${value}" is not a pricing model`);
      if (model === "Freemium") {
        const free = having((q) => PRICING_SIGNALS.Freemium.test(q.usable));
        const paid = having((q) => PAID_PRICE_RE.test(q.usable));
        if (free.length === 0 || paid.length === 0) {
          return fail("Freemium needs quotes of a free plan and of a paid price");
        }
        return { value: model, quotes: [...new Set([...free, ...paid])] };
      }
      const ok = having((q) => PRICING_SIGNALS[model].test(q.usable));
      return ok.length > 0 ? { value: model, quotes: ok } : fail(`no quote shows ${model} pricing`);
    }
    case "country": {
      const code = countryCodeOf(value);
      if (!code) return fail(`"${value}" is not a country`);
      const names = countryNames(code);
      const ok = having((q) =>
        names.some((n) => containsPhrase(q.usable, n)) ||
        new RegExp(`\\baddressCountry: ${code}\\b`).test(q.usable)
      );
      return ok.length > 0
        ? { value: code, quotes: ok }
        : fail(`no quote names ${names[0] ?? code}`);
    }
    case "city":
    case "name": {
      const ok = having((q) => containsPhrase(q.usable, value));
      if (ok.length > 0) return { value, quotes: ok };
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
      const ok = having((q) => q.usable.toLowerCase().includes(email.toLowerCase()));
      return ok.length > 0 ? { value: email, quotes: ok } : fail(`"${email}" is not in the quotes`);
    }
    case "demo_video_url":
    case "logo_url": {
      const why = linkProblem(value, quotes, name === "demo_video_url" ? "video" : "logo");
      if (why) return fail(why);
      const c = canonicalUrl(value);
      return {
        value,
        quotes: having((q) => canonicalUrl(q.quote.quote) === c || q.quote.quote.includes(value)),
      };
    }
    default: {
      const why = proseProblem(value, joined, PROSE_FIELDS[name] ?? 1);
      if (why) return fail(why);
      const relevant = having((q) => proseSupport(q.usable, value).share > 0);
      return { value, quotes: relevant.length > 0 ? relevant : quotes };
    }
  }
}
