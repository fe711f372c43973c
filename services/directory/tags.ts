/**
 * Tags: their URL slug, the tag page's read (live listings with a tag, most voted first) and the
 * listings that share a listing's tags. Tags are filter values of the search index, next to the
 * categories: `tag:<slug>` (a category slug never holds a colon), so a tag page costs no KV scan.
 */
import {
  getListing,
  getListingBySlug,
  getListings,
  listListingIdsByStatus,
} from "../../kv/listings.ts";
import type { Listing } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { notFound } from "../platform/errors.ts";
import { toPage } from "../platform/paging.ts";
import { foldText } from "./founders.ts";
import { PUBLIC_STATUSES } from "./listings.ts";
import type { ListingSummary } from "./summary.ts";

/** Longest tag slug kept (longer tags are cut). */
const TAG_SLUG_MAX = 60;

/** A tag's URL slug: `Open Source` → `open-source`, `Éco` → `eco`; "" when nothing is left. */
export function tagSlug(tag: string): string {
  return foldText(tag).replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "")
    .slice(0, TAG_SLUG_MAX).replace(/-+$/, "");
}

/** The public path of a tag's page: `/tags/open-source`. */
export function tagPath(tag: string): string {
  return `/tags/${encodeURIComponent(tagSlug(tag))}`;
}

/** The search index's filter value of a tag slug (kept with the categories). */
export function tagFilterValue(slug: string): string {
  return `tag:${slug}`;
}

/** The index filter values of a listing's tags, without duplicates or empty slugs. */
export function tagFilterValues(tags: string[]): string[] {
  return [...new Set(tags.map(tagSlug).filter(Boolean))].map(tagFilterValue);
}

/** Listings with a tag (live: most voted first; upcoming: by vote count too), one page. */
async function taggedPage(
  deps: Deps,
  slug: string,
  query: { page: number; per_page: number; status?: "live" | "upcoming" },
) {
  await deps.search.ready;
  return deps.search.search({
    q: "",
    category: tagFilterValue(slug),
    sort: "votes",
    ...query,
    status: query.status ?? "live",
  });
}

/** How many scheduled listings a tag page shows. */
const TAG_UPCOMING_MAX = 10;

/** The tag as a listing spells it (its first tag with this slug), or the slug. */
export function spelling(listing: Listing | null, slug: string): string {
  return listing?.tags.find((t) => tagSlug(t) === slug) ?? slug;
}

/** A listing waiting for its badge (not in the search index) that carries the tag, or null. */
async function waitingWithTag(deps: Deps, slug: string): Promise<Listing | null> {
  const ids = await listListingIdsByStatus(deps.kv, "awaiting_badge");
  const listings = await getListings(deps.kv, ids);
  return listings.find((l) => l.tags.some((t) => tagSlug(t) === slug)) ?? null;
}

/**
 * The tag page: the tag as listings spell it, its live listings (most voted first, paged) and
 * up to ten scheduled ones. A slug that no public listing carries is a 404; a page past the end
 * is an empty page.
 */
export async function getTag(deps: Deps, slug: string, query: { page: number; per_page: number }) {
  if (!slug || tagSlug(slug) !== slug) throw notFound("tag", slug);
  const [live, upcoming] = await Promise.all([
    taggedPage(deps, slug, query),
    taggedPage(deps, slug, { page: 1, per_page: TAG_UPCOMING_MAX, status: "upcoming" }),
  ]);
  const sampleId =
    (live.total > 0
      ? (live.items[0] ?? (await taggedPage(deps, slug, { page: 1, per_page: 1 })).items[0])
      : upcoming.items[0])?.id;
  const sample = sampleId === undefined
    ? await waitingWithTag(deps, slug)
    : await getListing(deps.kv, sampleId);
  if (!sample) throw notFound("tag", slug);
  return {
    slug,
    name: spelling(sample, slug),
    ...toPage(live.items, live.total, query),
    upcoming: { items: upcoming.items, total: upcoming.total },
  };
}

/** How many listings sharing a listing's tags are read per tag. */
const SHARED_PER_TAG = 30;

/**
 * Live listings sharing tags with a listing (itself and `exclude` left out): most shared tags
 * first, then most voted. Each with the tags it shares.
 */
export async function listingsSharingTags(
  deps: Deps,
  slug: string,
  options: { exclude?: Iterable<string>; limit: number },
) {
  const listing = await getListingBySlug(deps.kv, slug);
  if (!listing || !PUBLIC_STATUSES.has(listing.status)) throw notFound("listing", slug);
  const skip = new Set([listing.slug, ...(options.exclude ?? [])]);
  const found = new Map<number, { listing: ListingSummary; tags: string[] }>();
  const tags = [...new Set(listing.tags.map(tagSlug).filter(Boolean))];
  for (const tag of tags) {
    const page = await taggedPage(deps, tag, { page: 1, per_page: SHARED_PER_TAG });
    for (const item of page.items) {
      if (skip.has(item.slug)) continue;
      const entry = found.get(item.id) ?? { listing: item, tags: [] };
      entry.tags.push(tag);
      found.set(item.id, entry);
    }
  }
  const items = [...found.values()].sort((a, b) =>
    b.tags.length - a.tags.length || b.listing.votes - a.listing.votes ||
    a.listing.id - b.listing.id
  ).slice(0, options.limit);
  return { listing: { slug: listing.slug, name: listing.name, tags }, items };
}
