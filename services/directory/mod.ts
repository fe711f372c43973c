/**
 * The directory: what the public reads. Listings and their profiles, search, categories, the
 * launch calendar, boards, awards, badges, founders, the blog, the interview questions and the
 * site's own info, and the owners' my-listing operations.
 */
export { decideWeekAwards, listAwards } from "./awards.ts";
export { getBadges, getBadgeSvg } from "./badges.ts";
export type { BadgeSet } from "./badges.ts";
export { badgeDimensions } from "./badge_svg.ts";
export { BADGE_MODES, BADGE_SHAPES, BADGE_SIZES, DEFAULT_BADGE_STYLE } from "./badge_types.ts";
export type { BadgeShape, BadgeSize, BadgeStyle } from "./badge_types.ts";
export { getBlogPost, listBlogPosts } from "./blog.ts";
export { BOARDS, getLeaderboard } from "./boards.ts";
export type { Board } from "./boards.ts";
export { calendarRange, getLaunchWeek, LAUNCH_SECTIONS, listLaunches } from "./calendar.ts";
export type { LaunchSection } from "./calendar.ts";
export { listInterviewQuestions } from "./catalog.ts";
export {
  categoryNames,
  categoryPageValidity,
  categoryTreeValidity,
  getCategory,
  listCategories,
} from "./categories.ts";
export { getFounder, listFounders } from "./founders.ts";
export { answerInterview } from "./interview.ts";
export {
  EDIT_REVIEWS_MAX,
  listEditReviews,
  listMyListingVersions,
  updateMyListing,
} from "./listing_edits.ts";
export {
  cachedPublicListing,
  compareListings,
  getAlternatives,
  getPublicListing,
  searchListings,
} from "./listings.ts";
export {
  addMilestone,
  deleteMilestone,
  getMyListing,
  listMyListings,
  postListingUpdate,
  setFounderStory,
} from "./my_listings.ts";
export { SearchIndex } from "./search/index.ts";
export { followListingWrites, loadSearchIndex } from "./search/load.ts";
export { saveSearchSnapshot, startSearchIndex } from "./search/snapshot.ts";
export {
  followListingChanges,
  listingChangeCursor,
  ListingChangeFollower,
} from "./listing_changes.ts";
export { API_VERSION, getSiteInfo, MCP_PROTOCOL_VERSIONS } from "./site.ts";
export { countListingView } from "./views.ts";
export {
  countBadgeClick,
  countBadgeLoad,
  countWebsiteClick,
  launchDayFigures,
  listingMeasures,
} from "./stats.ts";
export type { LaunchDayFigures, ListingMeasures, MetricSeries, Visitor } from "./stats.ts";
export { getTrophyCabinet, trophyCabinetPath } from "./trophies.ts";
export type { TrophyCabinetView } from "./trophies.ts";
export { isFeatured, listFeatured, withFeaturedNow } from "./featured.ts";
export {
  OUTBOUND_LINK_KINDS,
  OUTBOUND_RELS,
  type OutboundLinkKind,
  outboundLinkKind,
} from "./outbound_links.ts";
export { getListingPreview } from "./preview.ts";
export { getTag, listingsSharingTags, tagPath, tagSlug } from "./tags.ts";
export { listTags, TAG_SORTS, tagCounts, type TagSort } from "./tag_index.ts";
export { resolveListing } from "./resolve.ts";
export type { ResolvedListing } from "./resolve.ts";
export {
  forgetSitemap,
  SITEMAP_CACHE_MS,
  SITEMAP_MAX_URLS,
  sitemapChunkNames,
  sitemapChunkUrls,
} from "./sitemap.ts";
export type { SitemapSite, SitemapUrl } from "./sitemap.ts";
