/**
 * The sitemap's contents: the site's own pages, the further pages of the founders directory and
 * the tags index, categories with live listings, tag pages of live and scheduled listings, boards
 * and launch weeks (one "pages" part), then every live listing, its alternatives page, every
 * founder and blog post, each part split into chunks of at most `size` URLs. The store is read a
 * chunk at a time (kv/sitemap.ts); the chunk list and each chunk are kept for SITEMAP_CACHE_MS.
 */
import {
  SITEMAP_SOURCES,
  sitemapChunk,
  sitemapChunkCursors,
  type SitemapScan,
  type SitemapSource,
} from "../../kv/sitemap.ts";
import type { Deps } from "../platform/deps.ts";
import { addWeeks, mondayOf } from "../platform/weeks.ts";
import { BOARDS } from "./boards.ts";
import { calendarRange } from "./calendar.ts";
import { listCategories } from "./categories.ts";
import { tagCounts } from "./tag_index.ts";
import { tagPath } from "./tags.ts";

/** URLs one sitemap may list (the sitemaps.org limit). */
export const SITEMAP_MAX_URLS = 50_000;
/** How long the chunk list and each chunk are kept. */
export const SITEMAP_CACHE_MS = 5 * 60_000;

/** The highest `?page=` a paged page accepts (routes/pages/_page.tsx). */
const LAST_PAGE = 1000;

/** The site's own pages as the sitemap lists them. */
export interface SitemapSite {
  /** The pages without parameters (home, directories, rules…). */
  paths: readonly string[];
  /** Page sizes of the directories listed page by page: `/founders` and `/tags`. */
  perPage: { founders: number; tags: number };
}

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
  alternatives: (slug) => `/listings/${slug}/alternatives`,
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

/** `path?page=2` up to the last page of `total` entries at `perPage` a page. */
function laterPages(path: string, total: number, perPage: number): SitemapUrl[] {
  const pages = Math.min(LAST_PAGE, Math.ceil(total / perPage));
  return Array.from({ length: Math.max(0, pages - 1) }, (_, i) => ({
    path: `${path}?page=${i + 2}`,
    lastmod: null,
  }));
}

/**
 * The pages part: the given site pages, the founders directory's and tags index's further pages,
 * categories with live listings, tag pages, boards and weeks.
 */
async function pageUrls(deps: Deps, site: SitemapSite, founders: number): Promise<SitemapUrl[]> {
  const [categories, range, tags] = await Promise.all([
    listCategories(deps, false),
    calendarRange(deps),
    tagCounts(deps),
  ]);
  const urls: SitemapUrl[] = site.paths.map((path) => ({ path, lastmod: null }));
  urls.push(...laterPages("/founders", founders, site.perPage.founders));
  urls.push(...laterPages("/tags", tags.length, site.perPage.tags));
  for (const top of categories.items) {
    for (const c of [top, ...top.subcategories]) {
      urls.push({ path: `/categories/${c.slug}`, lastmod: null });
    }
  }
  for (const tag of tags) urls.push({ path: tagPath(tag.slug), lastmod: null });
  for (const board of BOARDS) urls.push({ path: `/leaderboards/${board}`, lastmod: null });
  const current = mondayOf(deps.now());
  for (let week = range.first; week <= current; week = addWeeks(week, 1)) {
    // A finished week's page changes no more after its rollover, at the next Monday.
    const lastmod = week < current ? `${addWeeks(week, 1)}T00:00:00.000Z` : null;
    urls.push({ path: `/launches/${week}`, lastmod });
  }
  return urls;
}

/**
 * Each stored source's chunk cursors; the alternatives pages, one per live listing, share the
 * listings' cursors.
 */
async function scanSources(deps: Deps, size: number): Promise<Map<SitemapSource, SitemapScan>> {
  const scans = new Map<SitemapSource, SitemapScan>();
  for (const source of SITEMAP_SOURCES) {
    const same = source === "alternatives" ? scans.get("listings") : undefined;
    scans.set(source, same ?? await sitemapChunkCursors(deps.kv, source, size));
  }
  return scans;
}

/** The chunk list (built or kept), with the pages part. */
async function keptChunks(deps: Deps, site: SitemapSite, size: number): Promise<Kept> {
  const now = deps.now().getTime();
  const held = kept.get(deps.kv);
  if (held && held.size === size && now - held.at < SITEMAP_CACHE_MS) return held;
  const scans = await scanSources(deps, size);
  const pages = await pageUrls(deps, site, scans.get("founders")?.total ?? 0);
  const chunks = new Map<string, ChunkRef>();
  for (let offset = 0, n = 1; offset < pages.length; offset += size, n++) {
    chunks.set(`pages-${n}`, { source: "pages", offset });
  }
  for (const [source, scan] of scans) {
    scan.cursors.forEach((cursor, i) => chunks.set(`${source}-${i + 1}`, { source, cursor }));
  }
  const fresh: Kept = { at: now, size, chunks, pages, urls: new Map() };
  kept.set(deps.kv, fresh);
  return fresh;
}

/** The names of the sitemap's chunks (`pages-1`, `listings-1`, `listings-2`…), in order. */
export async function sitemapChunkNames(
  deps: Deps,
  site: SitemapSite,
  size = SITEMAP_MAX_URLS,
): Promise<string[]> {
  return [...(await keptChunks(deps, site, size)).chunks.keys()];
}

/** The URLs of one chunk by name, or null when there is no such chunk. */
export async function sitemapChunkUrls(
  deps: Deps,
  site: SitemapSite,
  name: string,
  size = SITEMAP_MAX_URLS,
): Promise<SitemapUrl[] | null> {
  const held = await keptChunks(deps, site, size);
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
