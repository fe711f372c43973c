/**
 * The tags index: every tag that a live or scheduled listing carries, with how many of each, read
 * from the search index's filter values (`tag:<slug>`) in one pass over its slots, so it costs no
 * KV scan. A tag carried only by listings waiting for their badge (not in the search index) is
 * left out here, though its tag page exists.
 */
import { getListings } from "../../kv/listings.ts";
import type { Deps } from "../platform/deps.ts";
import { pageOf } from "../platform/paging.ts";
import { spelling, tagFilterValue } from "./tags.ts";

/** How the tags index is ordered: by name (A to Z) or by count (most listings first). */
export const TAG_SORTS = ["name", "count"] as const;
export type TagSort = typeof TAG_SORTS[number];

/** A tag, how many live and scheduled listings carry it, and its most voted listing's id. */
export interface TagCount {
  slug: string;
  live: number;
  scheduled: number;
  top_id: number;
}

const PREFIX = tagFilterValue("");

/** The last tally of each index, kept until the index changes (its version). */
const kept = new WeakMap<Deps["search"], { version: number; tags: readonly TagCount[] }>();

/** Every tag of a live or scheduled listing, by slug (A to Z); a fresh array each call. */
export async function tagCounts(deps: Deps): Promise<TagCount[]> {
  await deps.search.ready;
  const held = kept.get(deps.search);
  if (held?.version === deps.search.version) return [...held.tags];
  const version = deps.search.version;
  const tags = tallyTags(deps);
  kept.set(deps.search, { version, tags });
  return [...tags];
}

/** One pass over the search index's slots. */
function tallyTags(deps: Deps): TagCount[] {
  return deps.search.tally(PREFIX)
    .map((t) => ({
      slug: t.value.slice(PREFIX.length),
      live: t.live,
      scheduled: t.scheduled,
      top_id: t.top_id,
    }))
    .sort((a, b) => a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
}

/** Most listings first, then by slug. */
function byCount(a: TagCount, b: TagCount): number {
  return (b.live + b.scheduled) - (a.live + a.scheduled) || (a.slug < b.slug ? -1 : 1);
}

/**
 * One page of the tags index: each tag spelled as its most voted listing spells it, with its
 * counts. A page past the end is an empty page.
 */
export async function listTags(
  deps: Deps,
  query: { page: number; per_page: number; sort: TagSort },
) {
  const all = await tagCounts(deps);
  if (query.sort === "count") all.sort(byCount);
  const page = pageOf(all, query);
  const listings = await getListings(deps.kv, page.items.map((t) => t.top_id));
  const byId = new Map(listings.map((l) => [l.id, l]));
  const items = page.items.map((t) => ({
    slug: t.slug,
    name: spelling(byId.get(t.top_id) ?? null, t.slug),
    live: t.live,
    scheduled: t.scheduled,
  }));
  return { ...page, items, sort: query.sort };
}
