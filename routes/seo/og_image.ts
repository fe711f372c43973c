/**
 * OpenGraph card images (1200×630 PNG) for link previews: `/og/listings/{slug}.png` (name,
 * tagline, the name's initial on a tile, the site's name) and `/og/weeks/{YYYY-MM-DD}.png` (the
 * week's label and its top launches). A card is an SVG drawn to PNG by og_render.ts, loaded on
 * first use. Pages link `…png?v=<hash of the card's text>`: that URL's PNG never changes, so it
 * is cached for a year; any other `v` (or none) gets the current card with a short cache. PNGs are
 * kept in memory by the hash of their text.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { createHash } from "node:crypto";
import { getLaunchWeek, getPublicListing } from "../../services/directory/mod.ts";
import { type Deps, getSettings, notFound, VersionedCache } from "../../services/platform/mod.ts";
import { loadOnce } from "../../services/platform/lazy.ts";
import { inEarlyHours } from "../../services/community/mod.ts";
import { taggedAnswer } from "../public_reads.ts";
import { IMMUTABLE_CACHE_CONTROL, SHORT_CACHE_CONTROL } from "../static_assets.ts";
import { xmlText } from "./xml.ts";

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** Launches named on a week's card. */
const WEEK_CARD_LISTINGS = 5;

const renderer = loadOnce(() => import("./og_render.ts"));
/** PNGs by the hash of their card (one version each). */
const pngs = new VersionedCache<Uint8Array<ArrayBuffer>>(256);

/** What a card shows: its lines, from which its SVG and its version follow. */
type Card =
  | { kind: "listing"; site: string; name: string; tagline: string }
  | { kind: "week"; site: string; label: string; names: string[]; total: number };

/** The card's version: a hash of what it shows. */
function versionOf(card: Card): string {
  return createHash("sha256").update(JSON.stringify(card)).digest("hex").slice(0, 12);
}

/** A text cut to `max` characters (an ellipsis where cut). */
function cut(text: string, max: number): string {
  const t = text.trim().replace(/\s+/g, " ");
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
}

/** Words wrapped into at most `lines` lines of about `width` characters. */
function wrap(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.trim().split(/\s+/)) {
    if (line && (line + " " + word).length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  if (out.length <= lines) return out.map((l) => cut(l, width));
  return [...out.slice(0, lines - 1), cut(out.slice(lines - 1).join(" "), width - 1) + "…"]
    .map((l) => l.replace(/……$/, "…"));
}

function text(x: number, y: number, size: number, content: string, extra = ""): string {
  return `<text x="${x}" y="${y}" font-size="${size}" ${extra}>${xmlText(content)}</text>`;
}

/** The SVG of a card. */
export function cardSvg(card: Card): string {
  const parts: string[] = [
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#0f172a"/>`,
    `<rect x="0" y="${CARD_HEIGHT - 12}" width="${CARD_WIDTH}" height="12" fill="#4f46e5"/>`,
    text(80, 560, 32, card.site, `fill="#c7d2fe" font-weight="bold"`),
  ];
  if (card.kind === "listing") {
    const initial = (card.name.trim()[0] ?? "?").toUpperCase();
    parts.push(
      `<rect x="80" y="80" width="160" height="160" rx="32" fill="#4f46e5"/>`,
      text(160, 200, 96, initial, `fill="#fff" font-weight="bold" text-anchor="middle"`),
      text(80, 350, 72, cut(card.name, 26), `fill="#fff" font-weight="bold"`),
      ...wrap(card.tagline, 44, 2).map((l, i) => text(80, 420 + i * 52, 40, l, `fill="#cbd5e1"`)),
    );
  } else {
    parts.push(text(80, 150, 60, cut(card.label, 32), `fill="#fff" font-weight="bold"`));
    card.names.forEach((name, i) => {
      parts.push(text(80, 240 + i * 56, 40, `${i + 1}. ${cut(name, 44)}`, `fill="#cbd5e1"`));
    });
    if (card.names.length === 0) {
      const count = card.total === 1 ? "1 product" : `${card.total} products`;
      parts.push(text(80, 240, 40, count, `fill="#cbd5e1"`));
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" ` +
    `viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="DejaVu Sans">${parts.join("")}</svg>`;
}

function listingCard(site: string, listing: { name: string; tagline: string }): Card {
  return { kind: "listing", site, name: listing.name, tagline: listing.tagline };
}

/**
 * A week's card: its top launches once ranked; while it is not (ahead, or in its first hours,
 * when the order is random and counts are hidden) only how many there are.
 */
function weekCard(site: string, isoWeek: string, listings: { name: string }[], ranked: boolean) {
  return {
    kind: "week",
    site,
    label: `Launches of ${isoWeek}`,
    names: ranked ? listings.slice(0, WEEK_CARD_LISTINGS).map((l) => l.name) : [],
    total: listings.length,
  } satisfies Card;
}

/** The card image URL of a listing page (absolute, with its version). */
export function listingCardUrl(
  base: string,
  site: string,
  listing: { slug: string; name: string; tagline: string },
): string {
  return `${base}/og/listings/${listing.slug}.png?v=${versionOf(listingCard(site, listing))}`;
}

/** The card image URL of a launch week page (absolute, with its version). */
export function weekCardUrl(
  base: string,
  site: string,
  week: string,
  isoWeek: string,
  listings: { name: string }[],
  ranked: boolean,
): string {
  return `${base}/og/weeks/${week}.png?v=${versionOf(weekCard(site, isoWeek, listings, ranked))}`;
}

/** A card's PNG answer: rendered once per version, cached long when asked by its version. */
async function cardAnswer(c: Context, card: Card): Promise<Response> {
  const version = versionOf(card);
  let png = pngs.get(version, 0);
  if (!png) {
    png = (await renderer()).svgToPng(cardSvg(card));
    pngs.set(version, 0, png);
  }
  const cache = c.req.query("v") === version ? IMMUTABLE_CACHE_CONTROL : SHORT_CACHE_CONTROL;
  return taggedAnswer(c, png, "image/png", cache);
}

/** The name in `{name}.png`, or null. */
const pngName = (file: string) => /^([a-z0-9-]{1,100})\.png$/.exec(file)?.[1] ?? null;

export function ogImageRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.get("/og/listings/:file", async (c) => {
    const slug = pngName(c.req.param("file"));
    if (!slug) throw notFound("card", c.req.param("file"));
    const [listing, { name }] = await Promise.all([
      getPublicListing(deps, slug),
      getSettings(deps.kv),
    ]);
    return cardAnswer(c, listingCard(name, listing));
  });
  app.get("/og/weeks/:file", async (c) => {
    const week = /^(\d{4}-\d{2}-\d{2})\.png$/.exec(c.req.param("file"))?.[1];
    if (!week) throw notFound("card", c.req.param("file"));
    const [data, { name }] = await Promise.all([getLaunchWeek(deps, week), getSettings(deps.kv)]);
    const ranked = data.state !== "upcoming" && !inEarlyHours(data.week, deps.now());
    const listings = data.launches.map((e) => e.listing);
    return cardAnswer(c, weekCard(name, data.iso_week, listings, ranked));
  });
  return app;
}
