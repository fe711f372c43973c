/**
 * Finding a live listing from what a person typed: its page name (slug), its website's domain or
 * its product name, through search when nothing matches exactly.
 */
import { getListingByDomain, getListingBySlug } from "../../kv/listings.ts";
import { getListingStats } from "../../kv/listing_stats.ts";
import type { Listing } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { foldText } from "./founders.ts";
import { editDistance } from "./search/text.ts";
import { type ListingSummary, summaryOf } from "./summary.ts";

/** How many candidates an ambiguous name offers. */
export const RESOLVE_CHOICES = 6;
/** Longest text looked up (a longer one is cut). */
const RESOLVE_MAX_LENGTH = 200;

/** What a typed product reference resolved to. */
export type ResolvedListing =
  | { kind: "found"; listing: ListingSummary }
  | { kind: "choices"; items: ListingSummary[] }
  | { kind: "none" };

const SLUG_LIKE = /^[a-z0-9][a-z0-9-]*$/;
const DOMAIN_LIKE = /^(https?:\/\/)?[^\s/]+\.[a-z]{2,}(\/\S*)?$/i;

async function liveSummary(deps: Deps, listing: Listing | null) {
  if (!listing || listing.status !== "live") return null;
  return summaryOf(listing, await getListingStats(deps.kv, listing.id));
}

/** An exact hit: the slug as typed, then the website's domain. */
async function exactHit(deps: Deps, text: string): Promise<ListingSummary | null> {
  const lower = text.toLowerCase();
  if (SLUG_LIKE.test(lower)) {
    const bySlug = await liveSummary(deps, await getListingBySlug(deps.kv, lower));
    if (bySlug) return bySlug;
  }
  if (DOMAIN_LIKE.test(text)) {
    return await liveSummary(deps, await getListingByDomain(deps.kv, text));
  }
  return null;
}

/**
 * Resolves a product reference to one live listing: an exact slug or domain; else the search's
 * results: the only one, or the one the text names (see namedAs); else the best few as choices;
 * "none" when search finds nothing.
 */
export async function resolveListing(deps: Deps, typed: string): Promise<ResolvedListing> {
  const text = typed.trim().slice(0, RESOLVE_MAX_LENGTH);
  if (!text) return { kind: "none" };
  const exact = await exactHit(deps, text);
  if (exact) return { kind: "found", listing: exact };
  await deps.search.ready;
  const { items } = deps.search.search({
    q: text,
    status: "live",
    sort: "relevance",
    page: 1,
    per_page: RESOLVE_CHOICES,
  });
  if (items.length === 0) return { kind: "none" };
  if (items.length === 1) return { kind: "found", listing: items[0] };
  const named = namedAs(items, text);
  return named ? { kind: "found", listing: named } : { kind: "choices", items };
}

/** Typos a name may have and still name a product: none under 4 letters, 2 from 8 letters. */
function typosAllowed(text: string): number {
  return text.length >= 8 ? 2 : text.length >= 4 ? 1 : 0;
}

/**
 * The one result the text names: the only one whose name is the text (case and accents aside),
 * else the only one whose name is within a typo or two of it; null when none or several.
 */
function namedAs(items: ListingSummary[], text: string): ListingSummary | null {
  const folded = foldText(text);
  const names = items.map((l) => foldText(l.name));
  const exact = items.filter((_, i) => names[i] === folded);
  if (exact.length > 0) return exact.length === 1 ? exact[0] : null;
  const max = typosAllowed(folded);
  const close = items.filter((_, i) => editDistance(names[i], folded, max) <= max);
  return close.length === 1 ? close[0] : null;
}
