import { z } from "zod";
import { countryCode, defineOperation, pageFields, slug } from "./operation.ts";
import {
  compareListings,
  getAlternatives,
  getPublicListing,
  searchListings,
} from "../../../services/directory/mod.ts";

const slugParams = z.object({ slug: slug() }).strict();

export const SEARCH_SORTS = [
  "relevance",
  "newest",
  "votes",
  "trending",
  "most_viewed",
  "most_followed",
] as const;

export const listingOperations = [
  defineOperation({
    operationId: "search_listings",
    method: "get",
    path: "/listings",
    access: "public",
    tag: "Listings",
    summary: "Search listings",
    description:
      "Typo-tolerant full-text search over name, tagline, description and keywords (`q`, at most 200 characters; empty means browse). Filters: category (includes its subcategories), stage, country, pricing_model, domain (finds a website's listing) and status (live, or upcoming for listings scheduled for a future launch week). Results are summaries with name, url and votes.",
    query: z.object({
      q: z.string().max(200).default("").describe("Search text; empty means browse"),
      category: slug().optional().describe("Category slug; includes its subcategories"),
      stage: slug().optional().describe("Business stage slug, e.g. idea, mvp, launched, growing"),
      country: countryCode().optional(),
      pricing_model: z.string().max(40).optional().describe("e.g. Free, Freemium, Subscription"),
      domain: z.string().max(253).optional().describe("A website's domain; finds its listing"),
      status: z.enum(["live", "upcoming"]).default("live"),
      sort: z.enum(SEARCH_SORTS).default("relevance"),
      ...pageFields,
    }).strict(),
    status: 200,
    paginated: true,
    handler: ({ query }, { deps }) => searchListings(deps, query),
  }),
  defineOperation({
    operationId: "get_listing",
    method: "get",
    path: "/listings/{slug}",
    access: "public",
    tag: "Listings",
    summary: "Get a listing's full profile",
    description:
      "The full public profile: description, features, pricing, categories, founders, FAQs, socials, latest updates, community rating (genuine reviews only), Domain Rating with trend, links and not_found_on_website (facts the company's own site did not state). Story, milestones and media appear only when unlocked.",
    params: slugParams,
    status: 200,
    handler: ({ params }, { deps }) => getPublicListing(deps, params.slug),
  }),
  defineOperation({
    operationId: "get_alternatives",
    method: "get",
    path: "/listings/{slug}/alternatives",
    access: "public",
    tag: "Listings",
    summary: "Alternatives to a listing",
    description:
      "Alternatives the owner approved first (approved=true), then other live listings in the same primary category, most voted first.",
    params: slugParams,
    status: 200,
    handler: ({ params }, { deps }) => getAlternatives(deps, params.slug),
  }),
  defineOperation({
    operationId: "compare_listings",
    method: "get",
    path: "/compare",
    access: "public",
    tag: "Listings",
    summary: "Compare two listings",
    description:
      "Side-by-side comparison of two live listings `a` and `b` by category attributes (stage, pricing, features and more). An empty cell means the fact is on neither listing.",
    query: z.object({ a: slug(), b: slug() }).strict(),
    status: 200,
    handler: ({ query }, { deps }) => compareListings(deps, query.a, query.b),
  }),
];
