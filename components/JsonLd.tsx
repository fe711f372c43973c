/**
 * Structured data (schema.org as JSON-LD) for search engines: the script element, serialised so
 * that nothing in the data can end it early, and the objects the public pages describe
 * themselves with.
 */

import { createContext } from "preact";

/**
 * The canonical URL of the page being rendered (given by the layout), for structured data that
 * parts of the page build themselves (components/Breadcrumbs.tsx); undefined on error pages.
 */
export const PageUrl = createContext<string | undefined>(undefined);

/** JSON for a `<script>` element: `<` (so "</script>" and "<!--"), U+2028 and U+2029 escaped. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** One `<script type="application/ld+json">`. */
export default function JsonLd({ data }: { data: unknown }) {
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />
  );
}

const CONTEXT = "https://schema.org";

/** A breadcrumb trail: names with absolute URLs, the page itself last. */
export function breadcrumbList(crumbs: { name: string; url: string }[]) {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

/** A ranked or ordered list of pages (a board, a launch week), positions from `start`. */
export function itemList(name: string, items: { name: string; url: string }[], start = 1) {
  return {
    "@context": CONTEXT,
    "@type": "ItemList",
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: start + i,
      name: item.name,
      url: item.url,
    })),
  };
}

/** A price stated in a pricing summary: "$9/month", "€12", "£5.50". */
const STATED_PRICE = /([$€£])\s?(\d{1,6}(?:\.\d{1,2})?)/;
const CURRENCIES: Record<string, string> = { "$": "USD", "€": "EUR", "£": "GBP" };

/** The Offer a listing's pricing states, if it states one: free plans, or a price in its text. */
export function offerOf(pricing: { model: string | null; summary: string | null }) {
  const price = pricing.summary ? STATED_PRICE.exec(pricing.summary) : null;
  const free = /^(free|freemium)$/i.test(pricing.model ?? "");
  if (!price && !free) return undefined;
  return {
    "@type": "Offer",
    price: price ? price[2] : "0",
    priceCurrency: price ? CURRENCIES[price[1]] : "USD",
    ...(pricing.summary ? { description: pricing.summary } : {}),
  };
}

/** What SoftwareApplication needs of a listing's profile. */
export interface ApplicationFacts {
  name: string;
  description: string;
  url: string;
  page_url: string;
  logo_url: string | null;
  category: string;
  pricing: { model: string | null; summary: string | null };
  /** From genuine reviews only (the profile's community rating). */
  community_rating: { average: number | null; count: number };
}

/** A listing as a SoftwareApplication: its rating only when genuine reviews give one. */
export function softwareApplication(app: ApplicationFacts) {
  const offers = offerOf(app.pricing);
  const rating = app.community_rating;
  return {
    "@context": CONTEXT,
    "@type": "SoftwareApplication",
    name: app.name,
    description: app.description,
    url: app.page_url,
    sameAs: app.url,
    applicationCategory: app.category,
    ...(app.logo_url ? { image: app.logo_url } : {}),
    ...(offers ? { offers } : {}),
    ...(rating.count > 0 && rating.average !== null
      ? {
        aggregateRating: {
          "@type": "AggregateRating",
          ratingValue: rating.average,
          ratingCount: rating.count,
          bestRating: 5,
          worstRating: 1,
        },
      }
      : {}),
  };
}

/** A blog post as a BlogPosting. */
export function blogPosting(post: {
  title: string;
  summary: string;
  url: string;
  author: string;
  published_at: string;
  updated_at: string;
  tags: string[];
}, publisher: string) {
  return {
    "@context": CONTEXT,
    "@type": "BlogPosting",
    headline: post.title,
    description: post.summary,
    url: post.url,
    mainEntityOfPage: post.url,
    datePublished: post.published_at,
    dateModified: post.updated_at,
    author: { "@type": "Person", name: post.author },
    publisher: { "@type": "Organization", name: publisher },
    ...(post.tags.length ? { keywords: post.tags.join(", ") } : {}),
  };
}
