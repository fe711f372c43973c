/**
 * What the public pages tell search engines and link previews beyond their title: structured data
 * (components/JsonLd.tsx), feed links and card images, built from what the pages already read. A
 * page's BreadcrumbList comes from its visible trail (components/Breadcrumbs.tsx), not from here.
 */
import { blogPosting, itemList, softwareApplication } from "../../components/JsonLd.tsx";
import type { Profile } from "../../components/listing/profile.ts";
import { FEED_LINKS, type FeedLink } from "./feeds.ts";
import { listingCardUrl, weekCardUrl } from "./og_image.ts";

/** The head additions of a page: JSON-LD objects, feeds and a card image. */
export interface SeoMeta {
  jsonLd: unknown[];
  feeds?: FeedLink[];
  imageUrl?: string;
}

/** A listing page: SoftwareApplication and its card. */
export function listingSeo(base: string, siteName: string, listing: Profile): SeoMeta {
  const category = listing.categories.primary;
  return {
    jsonLd: [
      softwareApplication({
        ...listing,
        description: listing.short_description || listing.tagline,
        category: category.name,
      }),
    ],
    imageUrl: listingCardUrl(base, siteName, listing),
  };
}

/** A ranked list of listings (a board, a week, a category page) as an ItemList. */
export function listingsList(
  base: string,
  name: string,
  listings: { name: string; slug: string }[],
  start = 1,
) {
  return itemList(
    name,
    listings.map((l) => ({ name: l.name, url: `${base}/listings/${l.slug}` })),
    start,
  );
}

/** A launch week page: its launches as an ItemList, the launches feed and the week's card. */
export function weekSeo(
  base: string,
  siteName: string,
  week: { week: string; iso_week: string; launches: { listing: { name: string; slug: string } }[] },
  ranked: boolean,
): SeoMeta {
  const listings = week.launches.map((e) => e.listing);
  return {
    jsonLd: [
      listingsList(base, `Launches of ${week.iso_week}`, listings),
    ],
    feeds: [FEED_LINKS.launches],
    imageUrl: weekCardUrl(base, siteName, week.week, week.iso_week, listings, ranked),
  };
}

/** A blog post: BlogPosting. */
export function blogPostSeo(
  siteName: string,
  post: Parameters<typeof blogPosting>[0] & { slug: string },
): SeoMeta {
  return {
    jsonLd: [
      blogPosting(post, siteName),
    ],
    feeds: [FEED_LINKS.blog],
  };
}

/** A board's page: its ranked listings as an ItemList. */
export function boardSeo(
  base: string,
  board: { board: string; title: string; page: number; per_page: number },
  listings: { name: string; slug: string }[],
): SeoMeta {
  return {
    jsonLd: [
      listingsList(base, board.title, listings, (board.page - 1) * board.per_page + 1),
    ],
  };
}

/** A category's page: its listings as an ItemList and its launches feed. */
export function categorySeo(
  base: string,
  category: {
    slug: string;
    name: string;
    page: number;
    per_page: number;
    items: { name: string; slug: string }[];
  },
): SeoMeta {
  return {
    jsonLd: [
      listingsList(
        base,
        category.name,
        category.items,
        (category.page - 1) * category.per_page + 1,
      ),
    ],
    feeds: [FEED_LINKS.category(category.slug, category.name)],
  };
}
