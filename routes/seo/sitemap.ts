/**
 * `/sitemap.xml`: a sitemap index naming every chunk (`/sitemaps/{name}.xml`), each a sitemap of
 * at most `maxUrls` URLs with their last change where it is known. See services/directory/sitemap.ts.
 */
import { Hono } from "hono";
import {
  SITEMAP_MAX_URLS,
  sitemapChunkNames,
  sitemapChunkUrls,
  type SitemapSite,
  type SitemapUrl,
} from "../../services/directory/mod.ts";
import { type Deps, notFound } from "../../services/platform/mod.ts";
import { xmlAnswer, xmlElement } from "./xml.ts";

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
/** A chunk's name in its URL: its part and number. */
const CHUNK_NAME = /^([a-z]+-\d{1,6})\.xml$/;

export interface SitemapOptions {
  /** The site's own pages (services/directory/sitemap.ts). */
  site: SitemapSite;
  /** URLs per sitemap (tests lower it to see the split). */
  maxUrls?: number;
}

/** One `<url>` entry. */
function urlEntry(publicUrl: string, url: SitemapUrl): string {
  const lastmod = url.lastmod ? xmlElement("lastmod", url.lastmod) : "";
  return `<url>${xmlElement("loc", publicUrl + url.path)}${lastmod}</url>`;
}

/** The sitemap index and its chunks. */
export function sitemapRoutes(deps: Deps, options: SitemapOptions): Hono {
  const app = new Hono();
  const size = options.maxUrls ?? SITEMAP_MAX_URLS;
  const base = deps.config.publicUrl;
  app.get("/sitemap.xml", async (c) => {
    const names = await sitemapChunkNames(deps, options.site, size);
    const entries = names.map((name) =>
      `<sitemap>${xmlElement("loc", `${base}/sitemaps/${name}.xml`)}</sitemap>`
    );
    return xmlAnswer(
      c,
      `<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join("\n")}\n</sitemapindex>\n`,
      "application/xml",
    );
  });
  app.get("/sitemaps/:file", async (c) => {
    const file = c.req.param("file");
    const name = CHUNK_NAME.exec(file)?.[1];
    const urls = name ? await sitemapChunkUrls(deps, options.site, name, size) : null;
    if (!urls) throw notFound("sitemap", file);
    const entries = urls.map((url) => urlEntry(base, url));
    return xmlAnswer(
      c,
      `<urlset xmlns="${SITEMAP_NS}">\n${entries.join("\n")}\n</urlset>\n`,
      "application/xml",
    );
  });
  return app;
}
