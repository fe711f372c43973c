/**
 * Atom feeds (RFC 4287): `/feeds/launches.xml` (the latest live launches), one per category
 * (`/feeds/categories/{slug}.xml`) and `/feeds/blog.xml`. Dates are RFC 3339; every text is
 * escaped. FEED_LINKS gives the `<link rel="alternate">` that pages put in their head.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { categoryNames, listBlogPosts, searchListings } from "../../services/directory/mod.ts";
import { type Deps, getSettings, notFound } from "../../services/platform/mod.ts";
import { xmlAnswer, xmlElement, xmlText } from "./xml.ts";

/** Entries per feed. */
export const FEED_ENTRIES = 30;

/** A feed a page links to in its head. */
export interface FeedLink {
  title: string;
  href: string;
}

/** The feeds' paths and the titles pages link them with. */
export const FEED_LINKS = {
  launches: { title: "Latest launches", href: "/feeds/launches.xml" } as FeedLink,
  blog: { title: "Blog", href: "/feeds/blog.xml" } as FeedLink,
  category: (slug: string, name: string): FeedLink => ({
    title: `Latest launches in ${name}`,
    href: `/feeds/categories/${slug}.xml`,
  }),
};

/** One entry of a feed. */
interface FeedEntry {
  /** Path of the page the entry is about. */
  path: string;
  title: string;
  summary: string;
  /** ISO date-times. */
  published: string;
  updated: string;
  author?: string;
}

/** A feed's own facts. */
interface FeedHead {
  title: string;
  subtitle: string;
  /** The feed's path and the page it follows. */
  self: string;
  page: string;
}

/** An ISO date-time as RFC 3339 in UTC (the epoch for a missing or unreadable one). */
function rfc3339(iso: string | null | undefined): string {
  const date = new Date(iso ?? 0);
  return (Number.isNaN(date.getTime()) ? new Date(0) : date).toISOString();
}

function link(href: string, rel: string, type?: string): string {
  return `<link rel="${rel}"${type ? ` type="${type}"` : ""} href="${xmlText(href)}"/>`;
}

/** The Atom document of a feed. */
function atom(base: string, site: string, head: FeedHead, entries: FeedEntry[]): string {
  const updated = entries.reduce((max, e) => e.updated > max ? e.updated : max, rfc3339(null));
  const body = entries.map((e) =>
    [
      "<entry>",
      xmlElement("id", base + e.path),
      xmlElement("title", e.title),
      link(base + e.path, "alternate", "text/html"),
      xmlElement("published", e.published),
      xmlElement("updated", e.updated),
      e.author ? `<author>${xmlElement("name", e.author)}</author>` : "",
      xmlElement("summary", e.summary),
      "</entry>",
    ].join("")
  );
  return [
    `<feed xmlns="http://www.w3.org/2005/Atom">`,
    xmlElement("id", base + head.self),
    xmlElement("title", `${head.title} · ${site}`),
    xmlElement("subtitle", head.subtitle),
    xmlElement("updated", updated),
    link(base + head.self, "self", "application/atom+xml"),
    link(base + head.page, "alternate", "text/html"),
    `<author>${xmlElement("name", site)}</author>`,
    ...body,
    "</feed>\n",
  ].join("\n");
}

/** The latest live launches, optionally of one category, as feed entries. */
async function launchEntries(deps: Deps, category?: string): Promise<FeedEntry[]> {
  const found = await searchListings(deps, {
    q: "",
    status: "live",
    sort: "newest",
    category,
    page: 1,
    per_page: FEED_ENTRIES,
  });
  return found.items.map((l) => ({
    path: `/listings/${l.slug}`,
    title: `${l.name}: ${l.tagline}`,
    summary: l.tagline,
    published: rfc3339(l.launched_at),
    updated: rfc3339(l.launched_at),
  }));
}

async function blogEntries(deps: Deps): Promise<FeedEntry[]> {
  const posts = await listBlogPosts(deps, { page: 1, per_page: FEED_ENTRIES });
  return posts.items.map((p) => ({
    path: `/blog/${p.slug}`,
    title: p.title,
    summary: p.summary,
    published: rfc3339(p.published_at),
    updated: rfc3339(p.updated_at),
    author: p.author,
  }));
}

export function feedRoutes(deps: Deps): Hono {
  const app = new Hono();
  const base = deps.config.publicUrl;
  const answer = async (c: Context, head: FeedHead, entries: FeedEntry[]) => {
    const { name } = await getSettings(deps.kv);
    return xmlAnswer(c, atom(base, name, head, entries), "application/atom+xml");
  };
  app.get("/feeds/launches.xml", async (c) =>
    answer(c, {
      title: FEED_LINKS.launches.title,
      subtitle: "Products as they go live, newest first.",
      self: FEED_LINKS.launches.href,
      page: "/launches/this",
    }, await launchEntries(deps)));
  app.get("/feeds/blog.xml", async (c) =>
    answer(c, {
      title: FEED_LINKS.blog.title,
      subtitle: "Guides and news for founders launching products.",
      self: FEED_LINKS.blog.href,
      page: "/blog",
    }, await blogEntries(deps)));
  app.get("/feeds/categories/:file", async (c) => {
    const file = c.req.param("file");
    const slug = /^([a-z0-9-]{1,80})\.xml$/.exec(file)?.[1];
    const name = slug && (await categoryNames(deps))[slug];
    if (!slug || !name) throw notFound("category feed", file);
    const feed = FEED_LINKS.category(slug, name);
    return answer(c, {
      title: feed.title,
      subtitle: `Live ${name} products as they launch, newest first.`,
      self: feed.href,
      page: `/categories/${slug}`,
    }, await launchEntries(deps, slug));
  });
  return app;
}
