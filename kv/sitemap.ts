/**
 * Paged reads for the sitemap: live listings (their pages and their alternatives pages), founders
 * and blog posts in chunks of at most a given number, each chunk started from a store cursor, so
 * that no read holds every record.
 */
import * as keys from "./keys.ts";
import { getListings } from "./listings.ts";
import { getManyValues, present } from "./read.ts";
import type { BlogPost, Founder } from "./types.ts";

/** What a sitemap lists from the store. */
export const SITEMAP_SOURCES = ["listings", "alternatives", "founders", "blog"] as const;
export type SitemapSource = typeof SITEMAP_SOURCES[number];

/** One page's slug and when it last changed (ISO date-time), if known. */
export interface SitemapRecord {
  slug: string;
  updated_at: string | null;
}

/** Records read from the store per round trip while a chunk is read. */
const BATCH = 500;

const PREFIXES: Record<SitemapSource, () => Deno.KvKey> = {
  listings: () => keys.listingsByStatusPrefix("live"),
  alternatives: () => keys.listingsByStatusPrefix("live"),
  founders: keys.foundersPrefix,
  blog: keys.blogByDatePrefix,
};

/** Where a source's chunks start, and how many entries its index holds. */
export interface SitemapScan {
  /** The cursor where each chunk starts ("" for the first); a source with nothing has none. */
  cursors: string[];
  total: number;
}

/**
 * The cursor where each chunk of `size` entries of a source starts, and its number of entries.
 * Reads the source's index keys once, `size` at a time.
 */
export async function sitemapChunkCursors(
  kv: Deno.Kv,
  source: SitemapSource,
  size: number,
): Promise<SitemapScan> {
  const scan: SitemapScan = { cursors: [], total: 0 };
  let cursor = "";
  for (;;) {
    const iter = kv.list({ prefix: PREFIXES[source]() }, {
      limit: size,
      cursor: cursor || undefined,
      batchSize: Math.min(size, BATCH),
    });
    let count = 0;
    for await (const _ of iter) count++;
    if (count === 0) return scan;
    scan.cursors.push(cursor);
    scan.total += count;
    if (count < size) return scan;
    cursor = iter.cursor;
  }
}

/** The records of one chunk: at most `size` entries of a source from `cursor`. */
export async function sitemapChunk(
  kv: Deno.Kv,
  source: SitemapSource,
  cursor: string,
  size: number,
): Promise<SitemapRecord[]> {
  const out: SitemapRecord[] = [];
  let next = cursor;
  while (out.length < size) {
    const limit = Math.min(BATCH, size - out.length);
    const iter = kv.list<unknown>({ prefix: PREFIXES[source]() }, {
      limit,
      cursor: next || undefined,
      batchSize: limit,
    });
    const values: unknown[] = [];
    for await (const e of iter) values.push(e.value);
    out.push(...await recordsOf(kv, source, values));
    if (values.length < limit) break;
    next = iter.cursor;
  }
  return out;
}

/** The slugs and dates behind one batch of a source's index values. */
async function recordsOf(
  kv: Deno.Kv,
  source: SitemapSource,
  values: unknown[],
): Promise<SitemapRecord[]> {
  if (source === "listings" || source === "alternatives") {
    // An alternatives page changes with other listings: its own last change says nothing.
    return (await getListings(kv, values as number[]))
      .filter((l) => l.status === "live")
      .map((l) => ({ slug: l.slug, updated_at: source === "listings" ? l.updated_at : null }));
  }
  if (source === "founders") {
    return (values as Founder[]).map((f) => ({ slug: f.slug, updated_at: f.created_at }));
  }
  const posts = present(
    await getManyValues<BlogPost>(kv, (values as string[]).map(keys.blogPostKey)),
  );
  return posts.map((p) => ({ slug: p.slug, updated_at: p.updated_at }));
}
