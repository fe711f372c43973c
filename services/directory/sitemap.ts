/**
 * The sitemap's contents: the site's own pages, categories with live listings, boards and launch
 * weeks (one "pages" part), then every live listing, founder and blog post, each part split into
 * chunks of at most `size` URLs. The store is read a chunk at a time (kv/sitemap.ts); the chunk
 * list and each chunk are kept for SITEMAP_CACHE_MS.
 */
import {
  SITEMAP_SOURCES,
  sitemapChunk,
  sitemapChunkCursors,
  type SitemapSource,
} from "../../kv/sitemap.ts";
import type { Deps } from "../platform/deps.ts";
import { addWeeks, mondayOf } from "../platform/weeks.ts";
import { BOARDS } from "./boards.ts";
import { calendarRange } from "./calendar.ts";
import { listCategories } from "./categories.ts";

/** URLs one sitemap may list (the sitemaps.org limit). */
export const SITEMAP_MAX_URLS = 50_000;
/** How long the chunk list and each chunk are kept. */
export const SITEMAP_CACHE_MS = 5 * 60_000;

/** One URL of a sitemap: a path of the site and when it last changed (ISO), if known. */
export interface SitemapUrl {
  path: string;
  lastmod: string | null;
}

/** Where a chunk starts: the pages part by offset, a stored source by cursor. */
type ChunkRef = { source: "pages"; offset: number } | { source: SitemapSource; cursor: string };

/** The path of each stored source's page. */
const PATHS: Record<SitemapSource, (slug: string) => string> = {
  listings: (slug) => `/listings/${slug}`,
  founders: (slug) => `/founders/${slug}`,
  blog: (slug) => `/blog/${slug}`,
};

interface Kept {
  at: number;
  size: number;
  chunks: Map<string, ChunkRef>;
  pages: SitemapUrl[];
  urls: Map<string, SitemapUrl[]>;
}

const kept = new WeakMap<Deno.Kv, Kept>();

/** The pages part: the given site pages, categories with live listings, boards and weeks. */
async function pageUrls(deps: Deps, sitePaths: readonly string[]): Promise<SitemapUrl[]> {
  const [categories, range] = await Promise.all([listCategories(deps, false), calendarRange(deps)]);
  const urls: SitemapUrl[] = sitePaths.map((path) => ({ path, lastmod: null }));
  for (const top of categories.items) {
    for (const c of [top, ...top.subcategories]) {
      urls.push({ path: `/categories/${c.slug}`, lastmod: null });
    }
  }
  for (const board of BOARDS) urls.push({ path: `/leaderboards/${board}`, lastmod: null });
  const current = mondayOf(deps.now());
  for (let week = range.first; week <= current; week = addWeeks(week, 1)) {
    // A finished week's page changes no more after its rollover, at the next Monday.
    const lastmod = week < current ? `${addWeeks(week, 1)}T00:00:00.000Z` : null;
    urls.push({ path: `/launches/${week}`, lastmod });
  }
  return urls;
}

/** The chunk list (built or kept), with the pages part. */
async function keptChunks(deps: Deps, sitePaths: readonly string[], size: number): Promise<Kept> {
  const now = deps.now().getTime();
  const held = kept.get(deps.kv);
  if (held && held.size === size && now - held.at < SITEMAP_CACHE_MS) return held;
  const pages = await pageUrls(deps, sitePaths);
  const chunks = new Map<string, ChunkRef>();
  for (let offset = 0, n = 1; offset < pages.length; offset += size, n++) {
    chunks.set(`pages-${n}`, { source: "pages", offset });
  }
  for (const source of SITEMAP_SOURCES) {
    const cursors = await sitemapChunkCursors(deps.kv, source, size);
    cursors.forEach((cursor, i) => chunks.set(`${source}-${i + 1}`, { source, cursor }));
  }
  const fresh: Kept = { at: now, size, chunks, pages, urls: new Map() };
  kept.set(deps.kv, fresh);
  return fresh;
}

/** The names of the sitemap's chunks (`pages-1`, `listings-1`, `listings-2`…), in order. */
export async function sitemapChunkNames(
  deps: Deps,
  sitePaths: readonly string[],
  size = SITEMAP_MAX_URLS,
): Promise<string[]> {
  return [...(await keptChunks(deps, sitePaths, size)).chunks.keys()];
}

/** The URLs of one chunk by name, or null when there is no such chunk. */
export async function sitemapChunkUrls(
  deps: Deps,
  sitePaths: readonly string[],
  name: string,
  size = SITEMAP_MAX_URLS,
): Promise<SitemapUrl[] | null> {
  const held = await keptChunks(deps, sitePaths, size);
  const ref = held.chunks.get(name);
  if (!ref) return null;
  let urls = held.urls.get(name);
  if (urls) return urls;
  if (ref.source === "pages") {
    urls = held.pages.slice(ref.offset, ref.offset + size);
  } else {
    const path = PATHS[ref.source];
    urls = (await sitemapChunk(deps.kv, ref.source, ref.cursor, size))
      .map((r) => ({ path: path(r.slug), lastmod: r.updated_at }));
  }
  held.urls.set(name, urls);
  return urls;
}

/** Forgets the kept sitemap of a store (tests that change the directory and read it again). */
export function forgetSitemap(kv: Deno.Kv): void {
  kept.delete(kv);
}
