/** The year the site says it was founded: a sentence or a timeline entry, else JSON-LD. */
import type { DraftedValue } from "../evidence.ts";
import type { PageView } from "./pages.ts";
import { inOtherZone, ownNames } from "./people.ts";
import { jsonLdObjects, NONE, quote, value, windowAround } from "./pages.ts";
import { looseText, normalizeQuoteText } from "../text.ts";
import { foundingYearClaims } from "../founding_years.ts";
import { isPostPage } from "./story.ts";

/** A timeline's year standing alone before its entry ("2020" in `<dt>`, "2020 —"). */
const TIMELINE_YEAR_RE = /^\s*(?:18|19|20)\d\d\s*[:–—-]?\s*$/u;

/** A segment's text, with the timeline year before it when the segment states none. */
function withTimelineYear(v: PageView, i: number): string {
  const seg = v.segments[i];
  const prev = v.segments[i - 1];
  if (!prev || prev.excluded || /\b(?:18|19|20)\d\d\b/.test(seg.text)) return seg.text;
  return TIMELINE_YEAR_RE.test(prev.text) ? v.text.slice(prev.start, seg.end) : seg.text;
}

/** A founding year found on a page, with the quote that states it. */
interface Found {
  year: string;
  drafted: DraftedValue;
}

/**
 * The year the site says it was founded: sentences and timeline entries with a strong cue on any
 * page ("founded in", "Est.", a timeline's "2020 — … founds …"), else those with a weak one
 * ("since"), else JSON-LD foundingDate; never from a teaser or sidebar about another product
 * ("Clipjar … Launched in 2019"). Statements that disagree leave the year unstated: two strong
 * cues with different years, or a text year that JSON-LD contradicts (one of them speaks of
 * something else, and which one cannot be told).
 */
export function draftFoundedYear(views: PageView[], product: string | null = null): DraftedValue {
  const stated = textYears(views, product);
  // Posts (a guest post names its author's company) are read only when no other page states one,
  // and only where they name the site.
  const tiers = [false, true].flatMap((post) =>
    [false, true].map((weak) => stated.filter((f) => f.post === post && f.weak === weak))
  );
  const fromText = agreed(tiers.find((t) => t.length > 0) ?? []);
  const fromJsonLd = jsonLdYear(views);
  if (fromText === "disagree") return NONE;
  if (fromText && fromJsonLd && fromText.year !== fromJsonLd.year) return NONE;
  return (fromText ?? fromJsonLd)?.drafted ?? NONE;
}

/** A year a page's text states: whether only a weak cue states it, whether the page is a post. */
interface Stated extends Found {
  weak: boolean;
  post: boolean;
}

/** Whether a text writes one of the site's names. */
function namesSite(text: string, names: (string | null)[]): boolean {
  return names.some((n) => n !== null && n.trim() !== "" && looseText(text).includes(looseText(n)));
}

/** The one year all statements give (the first one's quote), "disagree", or null for none. */
function agreed(found: Found[]): Found | "disagree" | null {
  if (found.length === 0) return null;
  return found.every((f) => f.year === found[0].year) ? found[0] : "disagree";
}

/** Every founding year the pages' visible text states. */
function textYears(views: PageView[], product: string | null): Stated[] {
  // The site's own name (often its maker's: "Northwind Labs" for Pagecraft) speaks of the company.
  const home = views.find((v) => v.kind === "home") ?? views[0];
  const maker = home?.page.facts.og?.["og:site_name"] ?? home?.page.facts.og?.["site_name"] ?? null;
  const siteUsesName = product !== null &&
    views.some((v) => looseText(v.text).includes(looseText(product)));
  const aliases = ownNames(views);
  const out: Stated[] = [];
  for (const v of views) {
    const post = isPostPage(v);
    for (const [i, seg] of v.segments.entries()) {
      if (seg.excluded || inOtherZone(v, seg)) continue;
      const text = withTimelineYear(v, i);
      // A post's "we" may be its guest author's company: there the sentence must name the site.
      if (post && !namesSite(text, [product, maker])) continue;
      for (const claim of foundingYearClaims(text, { product, maker, siteUsesName, aliases })) {
        const drafted = value(claim.year, [quote(v, windowAround(text, claim.year, 240))]);
        out.push({ year: claim.year, weak: claim.weak, post, drafted });
      }
    }
  }
  return out;
}

/** The year of the first JSON-LD foundingDate quoted at its path. */
function jsonLdYear(views: PageView[]): Found | null {
  for (const v of views) {
    for (const { o, path } of jsonLdNested(v)) {
      const d = o.foundingDate;
      if (typeof d !== "string" && typeof d !== "number") continue;
      const y = String(d).match(/^(\d{4})/)?.[1];
      const line = v.extras.find((e) =>
        e === `${path}foundingDate: ${normalizeQuoteText(String(d))}`
      );
      if (y && line) return { year: y, drafted: value(y, [quote(v, line)]) };
    }
  }
  return null;
}

/**
 * JSON-LD objects with the path their values' lines carry: top-level objects and `@graph`
 * members (path ""), and the organisation nested in them (a product's `publisher`, `brand`,
 * `manufacturer`, `provider`, `author`: path "publisher.").
 */
export function jsonLdNested(v: PageView): { o: Record<string, unknown>; path: string }[] {
  const out: { o: Record<string, unknown>; path: string }[] = [];
  for (const o of jsonLdObjects(v)) {
    out.push({ o, path: "" });
    for (const k of ["publisher", "brand", "manufacturer", "provider", "author"]) {
      const inner = o[k];
      if (inner && typeof inner === "object" && !Array.isArray(inner)) {
        out.push({ o: inner as Record<string, unknown>, path: `${k}.` });
      }
    }
  }
  return out;
}
