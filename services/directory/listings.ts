/** Public reads of listings: summaries, the full profile, alternatives, comparison and search. */
import { getListingBySlug, getListings } from "../../kv/listings.ts";
import { getCategoryRecord, listCategoryRecords } from "../../kv/categories.ts";
import {
  profileHintOf,
  type ProfileRecords,
  readProfileRecords,
  readProfileRecordsBySlug,
} from "../../kv/profiles.ts";
import { categoryBoardPrefix } from "../../kv/keys.ts";
import type { Category, Listing, ListingStats, Review } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { ApiError, badRequest, notFound } from "../platform/errors.ts";
import { toPage } from "../platform/paging.ts";
import { trendingScores } from "./trending.ts";
import { isoWeekLabel } from "../platform/weeks.ts";
import { isFeatured } from "./featured.ts";
import { outboundLinkOf } from "./outbound_links.ts";
import { type ProfileCache, profileCacheFor } from "./profile_cache.ts";
import { getListingStats, getListingStatsMany } from "../../kv/listing_stats.ts";
import { readBoard } from "../../kv/boards.ts";
import { type ListingSummary, summaryOf } from "./summary.ts";
import type { SearchQuery } from "./search/types.ts";
import { keepsAnswer, searchAnswersFor } from "./search_answers.ts";

/** Statuses whose listing page is public (drafts and removed listings are not). */
export const PUBLIC_STATUSES: ReadonlySet<Listing["status"]> = new Set([
  "awaiting_badge",
  "scheduled",
  "live",
]);

/** Summaries of listings by id, in the given order (missing ones left out). */
export async function summariesOf(deps: Deps, ids: number[]): Promise<ListingSummary[]> {
  const [listings, stats] = await Promise.all([
    getListings(deps.kv, ids),
    getListingStatsMany(deps.kv, ids),
  ]);
  return listings.map((l) => summaryOf(l, stats.get(l.id)!));
}

/** Reads a listing whose page is public, or throws 404. */
export async function requirePublicListing(deps: Deps, slug: string): Promise<Listing> {
  const listing = await getListingBySlug(deps.kv, slug);
  if (!listing || !PUBLIC_STATUSES.has(listing.status)) throw notFound("listing", slug);
  return listing;
}

/**
 * The community rating from genuine reviews only: not the owner's or a co-founder's, not flagged.
 */
export function communityRating(listing: Listing, reviews: Review[]) {
  const team = new Set([listing.owner_id, ...listing.cofounder_ids].filter(Boolean));
  const genuine = reviews.filter((r) => !r.flagged && !team.has(r.user_id));
  if (genuine.length === 0) return { average: null, count: 0 };
  const average = genuine.reduce((sum, r) => sum + r.rating, 0) / genuine.length;
  return { average: Math.round(average * 10) / 10, count: genuine.length };
}

/** Domain Rating with its trend over the readings of the last 90 days. */
export function domainRatingWithTrend(history: { date: string; value: number }[], now: Date) {
  if (history.length === 0) return null;
  const latest = history[history.length - 1];
  const since = new Date(now.getTime() - 90 * 86_400_000).toISOString().slice(0, 10);
  const baseline = history.findLast((p) => p.date <= since) ?? history[0];
  const change = latest.value - baseline.value;
  return {
    value: latest.value,
    as_of: latest.date,
    trend: change > 0 ? "up" : change < 0 ? "down" : "flat",
    change_90d: change,
    history,
    source: "third-party SEO metric",
  };
}

function categoryRef(category: Category | null, slug: string) {
  return { slug, name: category?.name ?? slug };
}

/**
 * get_listing: the full public profile. Served from the process's profile cache when a copy
 * younger than its TTL (60 s) is there (dropped at once on every listing write, read again in the
 * background while in demand); see services/directory/profile_cache.ts. The value is frozen:
 * callers must not change it.
 */
export async function getPublicListing(deps: Deps, slug: string) {
  return cachedPublicListing(deps, slug) ??
    await loadPublicListing(deps, publicProfiles(deps), slug, profileVariant(deps));
}

/**
 * get_listing's profile when the process's profile cache holds a valid copy (same slug, public
 * URL and day, younger than the TTL, not written since), else undefined: no I/O, so a caller can
 * answer at once. In the last quarter of its life the copy is read again in the background.
 */
export function cachedPublicListing(deps: Deps, slug: string): Profile | undefined {
  const cache = publicProfiles(deps);
  const variant = profileVariant(deps);
  const cached = cache.get(slug, variant);
  if (cached && cache.startRefresh(slug)) {
    loadPublicListing(deps, cache, slug, variant)
      .catch((err) => {
        if (!(err instanceof ApiError)) console.error(`Cannot refresh listing "${slug}":`, err);
      })
      .finally(() => cache.endRefresh(slug));
  }
  return cached;
}

function publicProfiles(deps: Deps): ProfileCache<Profile> {
  return profileCacheFor(deps.kv) as ProfileCache<Profile>;
}

/** Reads, assembles and caches a public profile; 404 (and out of the cache) when not public. */
async function loadPublicListing(
  deps: Deps,
  cache: ProfileCache<Profile>,
  slug: string,
  variant: string,
): Promise<Profile> {
  const ticket = cache.ticket();
  const records = await readProfileRecordsBySlug(deps.kv, slug, cache.hint(slug));
  if (records) cache.setHint(slug, profileHintOf(records));
  if (!records || !PUBLIC_STATUSES.has(records.listing.status)) {
    cache.delete(slug);
    throw notFound("listing", slug);
  }
  const profile = assembleProfile(deps, records);
  cache.set(slug, records.listing.id, variant, profile, ticket);
  return profile;
}

/** The full public profile of a listing, whatever its status (paid sections only when unlocked). */
export async function profileOf(deps: Deps, listing: Listing) {
  return assembleProfile(deps, await readProfileRecords(deps.kv, listing));
}

type Profile = ReturnType<typeof assembleProfile>;

/** What a profile depends on besides its records: the public URL and the day (Domain Rating trend). */
function profileVariant(deps: Deps): string {
  const day = Math.floor(deps.now().getTime() / 86_400_000);
  const url = deps.config.publicUrl;
  // Built once a day (every anonymous profile read asks): a fresh string each time costs a
  // noticeable share of a cached read.
  if (day !== lastVariant.day || url !== lastVariant.url) {
    lastVariant = { day, url, value: `${url} ${day}` };
  }
  return lastVariant.value;
}

let lastVariant = { day: -1, url: "", value: "" };

/** Builds the profile from its records (no I/O). */
function assembleProfile(deps: Deps, records: ProfileRecords) {
  const { config } = deps;
  const { listing, stats, founders, categories, updates, reviews, awards } = records;
  const unlocked = new Set(listing.unlocked);
  const latestRevenue = records.revenue.at(-1);
  return {
    id: listing.id,
    slug: listing.slug,
    name: listing.name,
    url: listing.url,
    domain: listing.domain,
    page_url: `${config.publicUrl}/listings/${listing.slug}`,
    status: listing.status,
    launch_week: listing.launch_week,
    launched_at: listing.launched_at,
    tagline: listing.tagline,
    short_description: listing.short_description,
    description: listing.description,
    headline: listing.headline,
    summary: listing.summary,
    features: listing.features,
    usps: listing.usps,
    keywords: listing.keywords,
    tags: listing.tags,
    stage: listing.stage,
    pricing: { model: listing.pricing_model, summary: listing.pricing_summary },
    categories: {
      primary: categoryRef(categories[0], listing.primary_category),
      extra: listing.extra_categories.map((s, i) => categoryRef(categories[i + 1], s)),
    },
    country: listing.country,
    city: listing.city,
    founded_year: listing.founded_year,
    founders: founders.map((f) => ({
      slug: f.slug,
      name: f.name,
      bio: f.bio,
      avatar_url: f.avatar_url,
      socials: f.socials,
    })),
    faqs: listing.faqs,
    socials: listing.socials,
    contact_email: listing.contact_email,
    demo_video_url: listing.demo_video_url,
    logo_url: listing.logo_url,
    latest_updates: updates.map((u) => ({
      title: u.title,
      body: u.body,
      created_at: u.created_at,
    })),
    community_rating: communityRating(listing, reviews),
    domain_rating: domainRatingWithTrend(records.domainRatings, deps.now()),
    revenue: latestRevenue
      ? {
        mrr_cents: latestRevenue.mrr_cents,
        month: latestRevenue.month,
        source: latestRevenue.source,
      }
      : null,
    votes: stats.votes,
    views: stats.views,
    follows: stats.follows,
    awards: awards.map((a) => ({ week: a.week, iso_week: isoWeekLabel(a.week), place: a.place })),
    featured: isFeatured(listing, deps.now()),
    verified: listing.verified,
    outbound_link: outboundLinkOf(
      { listing, stats, awards, freePlan: records.freePlan },
      deps.now(),
    ),
    links: listing.links,
    not_found_on_website: listing.not_found_on_website,
    seo: { title: listing.seo_title, description: listing.seo_description },
    unlocked_sections: listing.unlocked,
    ...(unlocked.has("story") && listing.story ? { story: listing.story } : {}),
    ...(unlocked.has("milestones") ? { milestones: listing.milestones } : {}),
    ...(unlocked.has("media") ? { media: listing.media } : {}),
    badges_url: `${config.publicUrl}/api/v1/listings/${listing.slug}/badges`,
  };
}

const ALTERNATIVES_LIMIT = 10;

/** get_alternatives: owner-approved alternatives first, then live listings of the same primary category. */
export async function getAlternatives(deps: Deps, slug: string) {
  const listing = await requirePublicListing(deps, slug);
  const approvedListings = (await Promise.all(
    listing.approved_alternatives.map((a) => getListingBySlug(deps.kv, a.slug)),
  )).filter((l): l is Listing => l !== null && l.status === "live" && l.id !== listing.id);
  const seen = new Set([listing.id, ...approvedListings.map((l) => l.id)]);
  const board = await readBoard(deps.kv, categoryBoardPrefix(listing.primary_category), {
    offset: 0,
    limit: ALTERNATIVES_LIMIT + seen.size,
  });
  const others = board.map((e) => e.id).filter((id) => !seen.has(id))
    .slice(0, Math.max(0, ALTERNATIVES_LIMIT - approvedListings.length));
  const approved = await summariesOf(deps, approvedListings.map((l) => l.id));
  const similar = await summariesOf(deps, others);
  return {
    listing: { slug: listing.slug, name: listing.name },
    items: [
      ...approved.map((s) => ({ approved: true, listing: s })),
      ...similar.map((s) => ({ approved: false, listing: s })),
    ],
  };
}

/** The attributes compared side by side, in order. */
const COMPARE_ROWS: {
  key: string;
  label: string;
  value: (l: Listing, s: ListingStats) => unknown;
}[] = [
  { key: "tagline", label: "Tagline", value: (l) => l.tagline || null },
  { key: "stage", label: "Stage", value: (l) => l.stage },
  { key: "pricing_model", label: "Pricing model", value: (l) => l.pricing_model },
  { key: "pricing_summary", label: "Pricing", value: (l) => l.pricing_summary },
  { key: "country", label: "Country", value: (l) => l.country },
  { key: "founded_year", label: "Founded", value: (l) => l.founded_year },
  { key: "usps", label: "What sets it apart", value: (l) => l.usps.length ? l.usps : null },
  { key: "votes", label: "Community votes", value: (_l, s) => s.votes },
  { key: "domain_rating", label: "Domain Rating", value: (_l, s) => s.domain_rating },
];

/** compare_listings: two live listings side by side. */
export async function compareListings(deps: Deps, a: string, b: string) {
  if (a === b) {
    throw badRequest("Cannot compare a listing with itself", [{
      path: "b",
      message: "Must differ from a",
    }]);
  }
  const [la, lb] = await Promise.all([getListingBySlug(deps.kv, a), getListingBySlug(deps.kv, b)]);
  const missing = [[a, la, "a"], [b, lb, "b"]] as const;
  const details = missing.filter(([, l]) => !l || l.status !== "live")
    .map(([slug, , path]) => ({ path, message: `No live listing "${slug}"` }));
  if (details.length) throw badRequest("Both listings must be live listings", details);
  const [sa, sb] = await Promise.all([
    getListingStats(deps.kv, la!.id),
    getListingStats(deps.kv, lb!.id),
  ]);
  const categories = new Map((await listCategoryRecords(deps.kv)).map((c) => [c.slug, c.name]));
  const rows = [
    {
      key: "category",
      label: "Category",
      a: categories.get(la!.primary_category) ?? la!.primary_category,
      b: categories.get(lb!.primary_category) ?? lb!.primary_category,
    },
    ...COMPARE_ROWS.map((row) => ({
      key: row.key,
      label: row.label,
      a: row.value(la!, sa),
      b: row.value(lb!, sb),
    })),
  ];
  const norm = (f: string) => f.trim().toLowerCase();
  const featuresB = new Set(lb!.features.map(norm));
  const featuresA = new Set(la!.features.map(norm));
  return {
    a: summaryOf(la!, sa),
    b: summaryOf(lb!, sb),
    same_category: la!.primary_category === lb!.primary_category,
    rows: rows.map((r) => ({ ...r, a: r.a ?? null, b: r.b ?? null })),
    features: {
      shared: la!.features.filter((f) => featuresB.has(norm(f))),
      only_a: la!.features.filter((f) => !featuresB.has(norm(f))),
      only_b: lb!.features.filter((f) => !featuresA.has(norm(f))),
    },
  };
}

/** search_listings: full-text, typo-tolerant search with filters and sorts. */
export async function searchListings(deps: Deps, query: SearchQuery) {
  if (query.category && !(await getCategoryRecord(deps.kv, query.category))) {
    throw badRequest(`Unknown category "${query.category}": see list_categories`, [
      { path: "category", message: "No such category" },
    ]);
  }
  await deps.search.ready;
  if (!keepsAnswer(query)) {
    const result = deps.search.search(query, { trending: await trendingScores(deps) });
    return toPage(result.items, result.total, query);
  }
  const answers = searchAnswersFor(deps.search);
  const version = deps.search.version;
  const kept = answers.get(query, version);
  if (kept) return kept;
  const result = deps.search.search(query);
  const page = toPage(result.items, result.total, query);
  answers.set(query, version, page);
  return page;
}
