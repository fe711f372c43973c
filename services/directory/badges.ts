/**
 * Embeddable badges: which badges a listing has earned (from its status, awards and category rank)
 * and get_badges, with image URLs and embed code for every style. Only `getBadges` and
 * `getBadgeSvg` read KV; the images are drawn by badge_svg.ts.
 */
import type { Deps } from "../platform/deps.ts";
import { ApiError, notFound } from "../platform/errors.ts";
import type { Award, Category, Listing, SiteSettings } from "../../kv/types.ts";
import {
  awardsByListingPrefix,
  categoryBoardPrefix,
  categoryKey,
  listingBySlugKey,
  listingKey,
  siteSettingsKey,
} from "../../kv/keys.ts";
import { withFeaturedNow } from "./featured.ts";
import { badgeEmbedHtml } from "./badge_embed.ts";
import { badgeDimensions, renderBadgeSvg } from "./badge_svg.ts";
import {
  BADGE_MODES,
  BADGE_SHAPES,
  BADGE_SIZES,
  type BadgeImages,
  type BadgeShape,
  type BadgeSize,
  type BadgeStyle,
  type EarnedBadge,
} from "./badge_types.ts";

/** The site name used when the site settings have none. */
export const DEFAULT_SITE_NAME = "Launch Directory";

/** One badge of a badge set, with embed code for the chosen style. */
export interface BadgeSetItem {
  kind: string;
  label: string;
  title: string;
  detail?: string;
  alt: string;
  image_url: string;
  embed_html: string;
  width: number;
  height: number;
  images: BadgeImages;
}

/** The get_badges response. */
export interface BadgeSet {
  listing: { slug: string; name: string; url: string };
  style: BadgeStyle;
  badges: BadgeSetItem[];
}

/** Extra facts for `earnedBadges` that are not on the listing itself. */
export interface EarnedBadgeExtra {
  /** 1-based rank by votes among live listings of the primary category. */
  categoryRank?: number;
  categoryName?: string;
  /** Defaults to "Launch Directory". */
  siteName?: string;
}

const PUBLISHED_STATUSES = new Set<string>(["awaiting_badge", "scheduled", "live"]);
const HIDDEN_STATUSES = new Set<string>(["draft", "removed"]);
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEK_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The badges a listing has earned (pure, from the listing, its awards and category rank). */
export function earnedBadges(
  listing: Listing,
  awards: Award[],
  extra: EarnedBadgeExtra,
): EarnedBadge[] {
  if (!PUBLISHED_STATUSES.has(listing.status)) return [];
  const site = extra.siteName || DEFAULT_SITE_NAME;
  const out: EarnedBadge[] = [];
  const onSite = (kind: string, label: string, detail?: string) =>
    out.push({ kind, label, title: site, alt: `${listing.name} - ${label} ${site}`, detail });

  onSite("listed", "Listed on");
  if (listing.status === "live") onSite("launched", "Launched on", launchedDetail(listing));
  if (listing.featured) onSite("featured", "Featured on");
  if (listing.verified) onSite("verified", "Verified on", "Ownership verified");

  const rank = extra.categoryRank;
  if (listing.status === "live" && rank !== undefined && isPlace(rank)) {
    const category = extra.categoryName || listing.primary_category;
    const title = `#${rank} in ${category}`;
    out.push({
      kind: "top-in-category",
      label: site,
      title,
      detail: "By community votes",
      alt: `${listing.name} - ${title} on ${site}`,
      place: rank,
    });
  }

  const seen = new Set<string>();
  const ordered = awards
    .filter((a) => a.listing_id === listing.id && isPlace(a.place) && WEEK_PATTERN.test(a.week))
    .sort((a, b) => b.week.localeCompare(a.week) || a.place - b.place);
  for (const award of ordered) {
    const kind = `lotw-${award.week}-${award.place}`;
    if (seen.has(kind)) continue;
    seen.add(kind);
    const title = `#${award.place} Launch of the Week`;
    const detail = `Week of ${formatDay(award.week)}`;
    out.push({
      kind,
      label: site,
      title,
      detail,
      alt: `${listing.name} - ${title} on ${site}, ${detail.toLowerCase()}`,
      place: award.place,
    });
  }
  return out;
}

/** get_badges: the badges a listing has earned, each with embed HTML and SVG URLs. 404 (notFound("listing", slug)) unless the listing exists and is not draft/removed. */
export async function getBadges(deps: Deps, slug: string, style: BadgeStyle): Promise<BadgeSet> {
  const { listing, badges } = await loadEarnedBadges(deps, slug);
  const base = deps.config.publicUrl.replace(/\/+$/, "");
  const page = listingPageUrl(base, listing.slug);
  return {
    listing: { slug: listing.slug, name: listing.name, url: page },
    style: { shape: style.shape, mode: style.mode, size: style.size },
    badges: badges.map((badge) => {
      const imageUrl = badgeImageUrl(base, listing.slug, badge.kind, style);
      const { width, height } = badgeDimensions(badge, style);
      const item: BadgeSetItem = {
        kind: badge.kind,
        label: badge.label,
        title: badge.title,
        alt: badge.alt,
        image_url: imageUrl,
        embed_html: badgeEmbedHtml(`${page}?ref=badge`, {
          src: imageUrl,
          alt: badge.alt,
          width,
          height,
        }),
        width,
        height,
        images: allImageUrls(base, listing.slug, badge.kind),
      };
      if (badge.detail !== undefined) item.detail = badge.detail;
      return item;
    }),
  };
}

/** The SVG of one earned badge of a listing; 404 when the listing is hidden or lacks the badge. */
export async function getBadgeSvg(
  deps: Deps,
  slug: string,
  kind: string,
  style: BadgeStyle,
): Promise<string> {
  const { badges, siteName } = await loadEarnedBadges(deps, slug);
  const badge = badges.find((b) => b.kind === kind);
  if (!badge) {
    throw new ApiError(404, "not_found", `No badge "${kind}" for listing "${slug}"`);
  }
  return renderBadgeSvg(badge, style, siteName);
}

/** The absolute image URL of a badge, e.g. `https://x.test/badges/acme/launched.svg?shape=...`. */
export function badgeImageUrl(
  publicUrl: string,
  slug: string,
  kind: string,
  style: BadgeStyle,
): string {
  const query = `shape=${style.shape}&mode=${style.mode}&size=${style.size}`;
  return `${publicUrl}/badges/${encodeURIComponent(slug)}/${encodeURIComponent(kind)}.svg?${query}`;
}

/** Reads a visible listing, its awards, category rank and the site name, and derives its badges. */
async function loadEarnedBadges(
  deps: Deps,
  slug: string,
): Promise<{ listing: Listing; badges: EarnedBadge[]; siteName: string }> {
  const { kv } = deps;
  const id = (await kv.get<number>(listingBySlugKey(slug))).value;
  const listing = id === null ? null : (await kv.get<Listing>(listingKey(id))).value;
  if (!listing || HIDDEN_STATUSES.has(listing.status)) throw notFound("listing", slug);

  const [settings, awards, rank] = await Promise.all([
    kv.get<SiteSettings>(siteSettingsKey()),
    readAwards(kv, listing.id),
    listing.status === "live" ? readCategoryRank(kv, listing) : Promise.resolve(undefined),
  ]);
  const siteName = settings.value?.name || DEFAULT_SITE_NAME;
  let categoryName: string | undefined;
  if (rank !== undefined) {
    categoryName = (await kv.get<Category>(categoryKey(listing.primary_category))).value?.name;
  }
  const shown = withFeaturedNow(listing, deps.now());
  const badges = earnedBadges(shown, awards, { categoryRank: rank, categoryName, siteName });
  return { listing, badges, siteName };
}

/** The awards of a listing; week and place come from the key, so a pointer value also works. */
async function readAwards(kv: Deno.Kv, id: number): Promise<Award[]> {
  const out: Award[] = [];
  for await (const entry of kv.list<Award>({ prefix: awardsByListingPrefix(id) })) {
    const [, , week, place] = entry.key;
    const value = typeof entry.value === "object" && entry.value !== null ? entry.value : null;
    if (typeof week !== "string" || typeof place !== "number" || !isPlace(place)) continue;
    out.push({
      week,
      place,
      listing_id: id,
      votes: value?.votes ?? 0,
      awarded_at: value?.awarded_at ?? "",
    });
  }
  return out;
}

/** Rank 1 to 3 of a live listing in its primary category by votes, when it has any votes. */
async function readCategoryRank(kv: Deno.Kv, listing: Listing): Promise<number | undefined> {
  if (!listing.primary_category) return undefined;
  let rank = 0;
  const prefix = categoryBoardPrefix(listing.primary_category);
  for await (const entry of kv.list({ prefix }, { reverse: true, limit: 3 })) {
    rank++;
    const [, , votes, id] = entry.key;
    if (id === listing.id) return typeof votes === "number" && votes > 0 ? rank : undefined;
  }
  return undefined;
}

function isPlace(n: number): n is 1 | 2 | 3 {
  return n === 1 || n === 2 || n === 3;
}

/** `2026-11-09` → `Nov 9, 2026`. */
function formatDay(isoDay: string): string {
  const [year, month, day] = isoDay.split("-").map(Number);
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

function launchedDetail(listing: Listing): string | undefined {
  const day = listing.launched_at?.slice(0, 10) ?? listing.launch_week ?? "";
  return WEEK_PATTERN.test(day) ? formatDay(day) : undefined;
}

function listingPageUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/listings/${encodeURIComponent(slug)}`;
}

function allImageUrls(publicUrl: string, slug: string, kind: string): BadgeImages {
  const images = {} as BadgeImages;
  for (const shape of BADGE_SHAPES) {
    images[shape] = {} as BadgeImages[BadgeShape];
    for (const mode of BADGE_MODES) {
      images[shape][mode] = {} as Record<BadgeSize, string>;
      for (const size of BADGE_SIZES) {
        images[shape][mode][size] = badgeImageUrl(publicUrl, slug, kind, { shape, mode, size });
      }
    }
  }
  return images;
}
