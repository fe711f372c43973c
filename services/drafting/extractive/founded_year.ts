/** The year the site says it was founded: a sentence or a timeline entry, else JSON-LD. */
import type { DraftedValue } from "../evidence.ts";
import type { PageView } from "./pages.ts";
import { inOtherZone } from "./people.ts";
import { jsonLdObjects, NONE, quote, value, windowAround } from "./pages.ts";
import { looseText, normalizeQuoteText } from "../text.ts";
import { foundingYearClaims } from "../founding_years.ts";

/** A timeline's year standing alone before its entry ("2020" in `<dt>`, "2020 —"). */
const TIMELINE_YEAR_RE = /^\s*(?:18|19|20)\d\d\s*[:–—-]?\s*$/u;

/** A segment's text, with the timeline year before it when the segment states none. */
function withTimelineYear(v: PageView, i: number): string {
  const seg = v.segments[i];
  const prev = v.segments[i - 1];
  if (!prev || prev.excluded || /\b(?:18|19|20)\d\d\b/.test(seg.text)) return seg.text;
  return TIMELINE_YEAR_RE.test(prev.text) ? v.text.slice(prev.start, seg.end) : seg.text;
}

/**
 * The year a sentence (or JSON-LD foundingDate) says the company was founded: a strong cue on any
 * page ("founded in", "Est.", a timeline's "2020 — … founds …") before a weak one ("since"), never
 * from a teaser or sidebar about another product ("Clipjar … Launched in 2019").
 */
export function draftFoundedYear(views: PageView[], product: string | null = null): DraftedValue {
  // The site's own name (often its maker's: "Northwind Labs" for Pagecraft) speaks of the company.
  const home = views.find((v) => v.kind === "home") ?? views[0];
  const maker = home?.page.facts.og?.["og:site_name"] ?? home?.page.facts.og?.["site_name"] ?? null;
  const siteUsesName = product !== null &&
    views.some((v) => looseText(v.text).includes(looseText(product)));
  for (const weak of [false, true]) {
    for (const v of views) {
      for (const [i, seg] of v.segments.entries()) {
        if (seg.excluded || inOtherZone(v, seg)) continue;
        const text = withTimelineYear(v, i);
        const claim = foundingYearClaims(text, { product, maker, siteUsesName }).find((c) =>
          c.weak === weak
        );
        if (claim) return value(claim.year, [quote(v, windowAround(text, claim.year, 240))]);
      }
    }
  }
  for (const v of views) {
    for (const { o, path } of jsonLdNested(v)) {
      const d = o.foundingDate;
      if (typeof d !== "string" && typeof d !== "number") continue;
      const y = String(d).match(/^(\d{4})/)?.[1];
      const line = v.extras.find((e) =>
        e === `${path}foundingDate: ${normalizeQuoteText(String(d))}`
      );
      if (y && line) return value(y, [quote(v, line)]);
    }
  }
  return NONE;
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
