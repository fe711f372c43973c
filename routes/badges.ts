/**
 * The badge images: `GET /badges/:slug/:kind.svg?shape=&mode=&size=`. Mount at the root of the
 * app (`app.route("/", badgeRoutes(deps))`); errors are thrown for the app's error handler.
 * Every image served (200, or 304 to a revalidation) counts as a badge load of the listing, so
 * browsers and image proxies are asked to revalidate each time (`no-cache` with an ETag).
 */
import { Hono } from "hono";
import {
  badRequest,
  type Deps,
  type ErrorDetail,
  notFound,
  sha256Hex,
} from "../services/platform/mod.ts";
import {
  BADGE_MODES,
  BADGE_SHAPES,
  BADGE_SIZES,
  type BadgeStyle,
  countBadgeLoad,
  DEFAULT_BADGE_STYLE,
  getBadgeSvg,
} from "../services/directory/mod.ts";

const CACHE_CONTROL = "public, no-cache";

/** The Hono sub-app serving badge SVG images. */
export function badgeRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.get("/badges/:slug/:file", async (c) => {
    const slug = c.req.param("slug");
    const file = c.req.param("file");
    if (!file.endsWith(".svg") || file.length <= 4) throw notFound("badge image", file);
    const style = parseBadgeStyle((name) => c.req.query(name));
    const svg = await getBadgeSvg(deps, slug, file.slice(0, -4), style);
    const etag = await etagOf(svg);
    await countBadgeLoad(deps, slug);
    const headers = {
      "Cache-Control": CACHE_CONTROL,
      "ETag": etag,
      "X-Content-Type-Options": "nosniff",
    };
    if (matchesEtag(c.req.header("If-None-Match"), etag)) {
      return c.body(null, 304, headers);
    }
    return c.body(svg, 200, { ...headers, "Content-Type": "image/svg+xml; charset=utf-8" });
  });
  return app;
}

/** Reads shape, mode and size from the query, with defaults; a bad value is a 400. */
export function parseBadgeStyle(query: (name: string) => string | undefined): BadgeStyle {
  const details: ErrorDetail[] = [];
  const pick = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = query(name);
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    details.push({
      path: name,
      message: `Invalid ${name} "${value}": expected one of ${allowed.join(", ")}`,
    });
    return fallback;
  };
  const style: BadgeStyle = {
    shape: pick("shape", BADGE_SHAPES, DEFAULT_BADGE_STYLE.shape),
    mode: pick("mode", BADGE_MODES, DEFAULT_BADGE_STYLE.mode),
    size: pick("size", BADGE_SIZES, DEFAULT_BADGE_STYLE.size),
  };
  if (details.length > 0) {
    const names = details.map((d) => `"${d.path}"`).join(", ");
    throw badRequest(`Invalid badge style: check ${names}`, details);
  }
  return style;
}

/** A strong ETag from the SHA-256 of the SVG. */
async function etagOf(body: string): Promise<string> {
  return `"${(await sha256Hex(body)).slice(0, 32)}"`;
}

/** Whether an If-None-Match header (a list, weak tags or `*`) matches the current ETag. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === etag;
  });
}
