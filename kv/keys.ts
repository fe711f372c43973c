/**
 * The key layout of Deno KV. No other module writes a key literal.
 *
 * Records live under a primary key; indexes hold the primary id (a pointer), never a copy.
 * Ranked boards put the score in the key, so `kv.list({ prefix }, { reverse: true })` reads them
 * best first: `["board", "votes_all", votes, listingId]`.
 */

type Id = number;

// Listings and their indexes.
export const listingKey = (id: Id) => ["listings", id] as const;
export const listingsPrefix = () => ["listings"] as const;
export const listingIdCounterKey = () => ["counters", "listing_id"] as const;
export const listingBySlugKey = (slug: string) => ["listings_by_slug", slug] as const;
export const listingByDomainKey = (domain: string) => ["listings_by_domain", domain] as const;
export const listingByStatusKey = (status: string, id: Id) =>
  ["listings_by_status", status, id] as const;
export const listingsByStatusPrefix = (status: string) => ["listings_by_status", status] as const;
export const listingByWeekKey = (week: string, id: Id) => ["listings_by_week", week, id] as const;
export const listingsByWeekPrefix = (week: string) => ["listings_by_week", week] as const;
export const listingsByWeekRoot = () => ["listings_by_week"] as const;
export const listingByOwnerKey = (userId: string, id: Id) =>
  ["listings_by_owner", userId, id] as const;
export const listingsByOwnerPrefix = (userId: string) => ["listings_by_owner", userId] as const;
/** Live listings with the Featured flag on (their period is checked when read). */
export const featuredListingKey = (id: Id) => ["listings_featured", id] as const;
export const featuredListingsPrefix = () => ["listings_featured"] as const;
export const listingStatsKey = (id: Id) => ["listing_stats", id] as const;
export const listingStatsPrefix = () => ["listing_stats"] as const;

// Ranked boards (score in the key). Only live listings appear on them.
export type BoardName =
  | "votes_all"
  | "billboard"
  | "domain_rating"
  | "revenue"
  | "views"
  | "follows";
export const boardKey = (board: BoardName, score: number, id: Id) =>
  ["board", board, score, id] as const;
export const boardPrefix = (board: BoardName) => ["board", board] as const;
/** Weekly community board: launches of `week` by votes cast during that week. */
export const weekBoardKey = (week: string, votes: number, id: Id) =>
  ["board_week", week, votes, id] as const;
export const weekBoardPrefix = (week: string) => ["board_week", week] as const;
export const weekVotesKey = (week: string, id: Id) => ["week_votes", week, id] as const;
/** Live listings of a category (and of its parent) by all-time votes. */
export const categoryBoardKey = (category: string, votes: number, id: Id) =>
  ["board_category", category, votes, id] as const;
export const categoryBoardPrefix = (category: string) => ["board_category", category] as const;
export const categoryCountKey = (category: string) => ["category_live_count", category] as const;
/** Number of listings in a status, and of entries on a board, kept with every listing write. */
export const statusCountKey = (status: string) => ["status_count", status] as const;
export const boardCountKey = (board: BoardName) => ["board_count", board] as const;

// Votes, views, follows.
export const voteKey = (id: Id, userId: string) => ["votes", id, userId] as const;
export const votesPrefix = (id: Id) => ["votes", id] as const;
/** Votes per listing per UTC day, for the time-decayed trending score. */
export const dailyVotesKey = (day: string, id: Id) => ["votes_by_day", day, id] as const;
export const dailyVotesPrefix = (day: string) => ["votes_by_day", day] as const;
/** Every vote by the time it was cast (ISO string), for the jobs that judge recent votes. */
export const voteByTimeKey = (at: string, id: Id, userId: string) =>
  ["votes_by_time", at, id, userId] as const;
export const votesByTimePrefix = () => ["votes_by_time"] as const;
/** A person's votes by listing. */
export const voteByUserKey = (userId: string, id: Id) => ["votes_by_user", userId, id] as const;
export const votesByUserPrefix = (userId: string) => ["votes_by_user", userId] as const;
/** Suspicious vote clusters (by id), the open ones for the site team, voided votes, the log. */
export const voteClusterKey = (id: string) => ["vote_clusters", id] as const;
export const openVoteClusterKey = (id: string) => ["vote_clusters_open", id] as const;
export const openVoteClustersPrefix = () => ["vote_clusters_open"] as const;
export const voidedVoteKey = (id: Id, userId: string) => ["votes_voided", id, userId] as const;
export const voidedVotesPrefix = (id: Id) => ["votes_voided", id] as const;
export const moderationLogKey = (at: string, id: string) => ["moderation_log", at, id] as const;
export const moderationLogPrefix = () => ["moderation_log"] as const;
export const moderationLogCountKey = () => ["counters", "moderation_log"] as const;
export const followKey = (id: Id, userId: string) => ["follows", id, userId] as const;
export const followsPrefix = (id: Id) => ["follows", id] as const;
/** A follower who unsubscribed from a listing's mails (the follow itself stays counted). */
export const followMailOffKey = (id: Id, userId: string) =>
  ["follow_mail_off", id, userId] as const;
/** One mailing of a listing's followers about one event, with the cursor of its progress. */
export const followerNoticeKey = (id: Id, event: string, eventId: string) =>
  ["follower_notices", id, event, eventId] as const;
export const followerNoticesPrefix = (id: Id) => ["follower_notices", id] as const;
export const viewSeenKey = (id: Id, day: string, visitor: string) =>
  ["view_seen", id, day, visitor] as const;
/** A listing's count of one metric on one UTC day (a KvU64 sum), for its stats page. */
export const listingDailyKey = (id: Id, metric: string, day: string) =>
  ["listing_daily", id, metric, day] as const;
/** A listing's all-time count of a metric that ListingStats does not keep (a KvU64 sum). */
export const listingTotalKey = (id: Id, metric: string) => ["listing_total", id, metric] as const;
/** A visitor (a hash, expiring) already counted for a listing's metric on a day. */
export const dailySeenKey = (id: Id, metric: string, day: string, visitor: string) =>
  ["daily_seen", id, metric, day, visitor] as const;

// Per-listing collections.
export const updateKey = (id: Id, updateId: string) => ["listing_updates", id, updateId] as const;
export const updatesPrefix = (id: Id) => ["listing_updates", id] as const;
export const reviewKey = (id: Id, reviewId: string) => ["reviews", id, reviewId] as const;
export const reviewsPrefix = (id: Id) => ["reviews", id] as const;
// Reviews' indexes (outside the listing's reviews prefix, which holds reviews only): the listing of
// a review id, a person's one review of a listing, the flags of a review (one per person), the
// site team's queue of flagged reviews, and reviews the team removed (kept for the record).
export const reviewListingKey = (reviewId: string) => ["review_listing", reviewId] as const;
export const reviewByUserKey = (id: Id, userId: string) => ["review_by_user", id, userId] as const;
export const reviewFlagKey = (reviewId: string, userId: string) =>
  ["review_flags", reviewId, userId] as const;
export const reviewFlagsPrefix = (reviewId: string) => ["review_flags", reviewId] as const;
export const flaggedReviewKey = (reviewId: string) => ["flagged_reviews", reviewId] as const;
export const flaggedReviewsPrefix = () => ["flagged_reviews"] as const;
export const removedReviewKey = (id: Id, reviewId: string) =>
  ["removed_reviews", id, reviewId] as const;
export const domainRatingKey = (id: Id, date: string) => ["domain_rating", id, date] as const;
export const domainRatingPrefix = (id: Id) => ["domain_rating", id] as const;
export const revenueKey = (id: Id, month: string) => ["revenue", id, month] as const;
export const revenuePrefix = (id: Id) => ["revenue", id] as const;
export const billboardKey = (id: Id, contributionId: string) =>
  ["billboard", id, contributionId] as const;
export const billboardPrefix = (id: Id) => ["billboard", id] as const;

// Categories.
export const categoryKey = (slug: string) => ["categories", slug] as const;
export const categoriesPrefix = () => ["categories"] as const;

// Founders.
export const founderKey = (slug: string) => ["founders", slug] as const;
export const foundersPrefix = () => ["founders"] as const;
/** A person's interview answers (one record per account, shown on their founder profiles). */
export const interviewAnswersKey = (userId: string) => ["interview_answers", userId] as const;
/** A person following a founder profile, its follower count (a KvU64 sum), and mails turned off. */
export const founderFollowKey = (slug: string, userId: string) =>
  ["founder_follows", slug, userId] as const;
export const founderFollowsPrefix = (slug: string) => ["founder_follows", slug] as const;
export const founderFollowCountKey = (slug: string) => ["founder_follow_count", slug] as const;
export const founderMailOffKey = (slug: string, userId: string) =>
  ["founder_mail_off", slug, userId] as const;

// Owners' edits of listings: each kept as a version, and listed for the site team's review.
export const listingVersionKey = (id: Id, version: number) =>
  ["listing_versions", id, version] as const;
export const listingVersionsPrefix = (id: Id) => ["listing_versions", id] as const;
/** The site team's review list of edits, by time (read newest first); holds a version pointer. */
export const editReviewKey = (editedAt: string, id: Id, version: number) =>
  ["edit_reviews", editedAt, id, version] as const;
export const editReviewsPrefix = () => ["edit_reviews"] as const;

// Blog.
export const blogPostKey = (slug: string) => ["blog_posts", slug] as const;
export const blogByDateKey = (publishedAt: string, slug: string) =>
  ["blog_by_date", publishedAt, slug] as const;
export const blogByDatePrefix = () => ["blog_by_date"] as const;

// Awards.
export const awardKey = (week: string, place: number) => ["awards", week, place] as const;
export const awardsPrefix = () => ["awards"] as const;
export const awardByListingKey = (id: Id, week: string, place: number) =>
  ["awards_by_listing", id, week, place] as const;
export const awardsByListingPrefix = (id: Id) => ["awards_by_listing", id] as const;

// The weekly rollover: one record per week (its Monday), claimed before the week is rolled over.
export const rolloverKey = (week: string) => ["rollovers", week] as const;
export const rolloversPrefix = () => ["rollovers"] as const;
/** A signing key kept in KV, shared by every instance (e.g. for unsubscribe links). */
export const signingKeyKey = (name: string) => ["signing_keys", name] as const;

// The free queue and badge checks.
/** A week's free-plan slots taken and its next reservation number, checked by each reservation. */
export const freeWeekKey = (week: string) => ["free_weeks", week] as const;
/** A week's free-plan reservations in reservation order (a pointer to the listing). */
export const freeWeekQueueKey = (week: string, seq: number, id: Id) =>
  ["free_week_queue", week, seq, id] as const;
export const freeWeekQueuePrefix = (week: string) => ["free_week_queue", week] as const;
/** A listing's free plan: its week reservation and its last badge check. */
export const freePlanKey = (id: Id) => ["free_plans", id] as const;

// Orders.
export const orderKey = (number: string) => ["orders", number] as const;
export const ordersPrefix = () => ["orders"] as const;
/** A user's orders by creation time (a pointer to the number): read newest first. */
export const orderByUserKey = (userId: string, createdAt: string, number: string) =>
  ["orders_by_user", userId, createdAt, number] as const;
export const ordersByUserPrefix = (userId: string) => ["orders_by_user", userId] as const;
/** Paid orders whose lines are not all applied yet (for the fulfilment sweep). */
export const fulfillingOrderKey = (number: string) => ["orders_fulfilling", number] as const;
export const fulfillingOrdersPrefix = () => ["orders_fulfilling"] as const;
/** A task of the site team (e.g. a done_for_you line's writing), by id. */
export const siteTaskKey = (id: string) => ["site_tasks", id] as const;
export const siteTasksPrefix = () => ["site_tasks"] as const;
/** Every order by creation time (a pointer to the number): the site team's list, newest first. */
export const orderByTimeKey = (createdAt: string, number: string) =>
  ["orders_by_time", createdAt, number] as const;
export const ordersByTimePrefix = () => ["orders_by_time"] as const;
/** Orders by status and creation time (a pointer to the number); moved on each status change. */
export const orderByStatusKey = (status: string, createdAt: string, number: string) =>
  ["orders_by_status", status, createdAt, number] as const;
export const ordersByStatusPrefix = (status: string) => ["orders_by_status", status] as const;
/** Orders with a line for a listing, by creation time (a pointer to the number). */
export const orderByListingKey = (listingId: number, createdAt: string, number: string) =>
  ["orders_by_listing", listingId, createdAt, number] as const;
export const ordersByListingPrefix = (listingId: number) =>
  ["orders_by_listing", listingId] as const;
/** The version of the order indexes every stored order has (set by the backfill). */
export const orderIndexVersionKey = () => ["orders_index_version"] as const;
/** Orders whose status is `pending` (for the expiry sweep). */
export const pendingOrderKey = (number: string) => ["orders_pending", number] as const;
export const pendingOrdersPrefix = () => ["orders_pending"] as const;
/** Slots of a week held by unpaid and unfulfilled orders, per capacity pool. */
export const weekHoldsKey = (pool: "free" | "paid", week: string) =>
  ["week_holds", pool, week] as const;

// Reference data.
export const interviewQuestionKey = (id: Id) => ["interview_questions", id] as const;
export const interviewQuestionsPrefix = () => ["interview_questions"] as const;
export const productKey = (code: string) => ["products", code] as const;
export const productsPrefix = () => ["products"] as const;
export const siteSettingsKey = () => ["site_settings"] as const;
export const seedMarkerKey = (name: string) => ["seeded", name] as const;

// Users.
export const userKey = (id: string) => ["users", id] as const;
export const userByEmailKey = (email: string) => ["users_by_email", email] as const;

// Sign-in and sessions (secrets are keyed by their SHA-256, never stored).
export const sessionKey = (hash: string) => ["sessions", hash] as const;
export const signInTokenKey = (hash: string) => ["signin_tokens", hash] as const;

// API keys.
export const apiKeyKey = (hash: string) => ["api_keys", hash] as const;
export const apiKeyByIdKey = (id: string) => ["api_keys_by_id", id] as const;
export const apiKeysByUserKey = (userId: string, id: string) =>
  ["api_keys_by_user", userId, id] as const;
export const apiKeysByUserPrefix = (userId: string) => ["api_keys_by_user", userId] as const;

// OAuth authorization server.
export const oauthClientKey = (clientId: string) => ["oauth_clients", clientId] as const;
export const oauthCodeKey = (hash: string) => ["oauth_codes", hash] as const;
export const oauthTokenKey = (hash: string) => ["oauth_tokens", hash] as const;
export const tokenFamilyKey = (id: string) => ["oauth_families", id] as const;
export const tokenFamiliesByUserKey = (userId: string, id: string) =>
  ["oauth_families_by_user", userId, id] as const;
export const tokenFamiliesByUserPrefix = (userId: string) =>
  ["oauth_families_by_user", userId] as const;
/** Tokens of a family, so that revoking the family can delete them all. */
export const familyTokenKey = (familyId: string, hash: string) =>
  ["oauth_family_tokens", familyId, hash] as const;
export const familyTokensPrefix = (familyId: string) => ["oauth_family_tokens", familyId] as const;

// Mail.
export const mailKey = (id: string) => ["mail", id] as const;
export const mailPrefix = () => ["mail"] as const;
/** Where the queue puts a mail job whose retries ran out. */
export const mailUndeliveredKey = (id: string) => ["mail_undelivered", id] as const;

// Claims of listings: the record by id, a user's claims and a listing's claims (by id, so read
// newest first in reverse), the one pending claim per person and listing, the SHA-256 of an
// email claim's pending link, and the site team's open reviews.
export const claimKey = (id: Id) => ["claims", id] as const;
export const claimIdCounterKey = () => ["counters", "claim_id"] as const;
export const claimByUserKey = (userId: string, id: Id) => ["claims_by_user", userId, id] as const;
export const claimsByUserPrefix = (userId: string) => ["claims_by_user", userId] as const;
export const claimByListingKey = (listingId: Id, id: Id) =>
  ["claims_by_listing", listingId, id] as const;
export const claimsByListingPrefix = (listingId: Id) => ["claims_by_listing", listingId] as const;
export const pendingClaimKey = (userId: string, listingId: Id) =>
  ["claims_pending", userId, listingId] as const;
export const pendingClaimsPrefix = () => ["claims_pending"] as const;
export const claimLinkKey = (sha256: string) => ["claim_links", sha256] as const;
export const claimReviewKey = (id: Id) => ["claim_reviews", id] as const;
export const claimReviewsPrefix = () => ["claim_reviews"] as const;

// Rate limits and idempotency.
export const rateLimitKey = (bucket: string, window: number) =>
  ["rate_limit", bucket, window] as const;
/** One instance's count of a bucket in a window (the instances' counts add up to the total). */
export const rateLimitShardKey = (bucket: string, window: number, instance: string) =>
  ["rate_limit", bucket, window, instance] as const;
export const idempotencyKey = (caller: string, operationId: string, key: string) =>
  ["idempotency", caller, operationId, key] as const;

// Values too large for one entry: the parts of the value stored at `key`, one set per write.
export const valuePartKey = (key: Deno.KvKey, generation: string, index: number) =>
  ["value_parts", ...key, generation, index] as const;

// Drafts.
export const draftKey = (id: string) => ["drafts", id] as const;
export const draftsByUserKey = (userId: string, createdAt: string, id: string) =>
  ["drafts_by_user", userId, createdAt, id] as const;
export const draftsByUserPrefix = (userId: string) => ["drafts_by_user", userId] as const;
/** Drafts whose job has not finished, for the job that resumes stalled drafts. */
export const pendingDraftKey = (id: string) => ["drafts_pending", id] as const;
export const pendingDraftsPrefix = () => ["drafts_pending"] as const;
/** The evidence base: the pages the crawler read for a draft (or its competitor). */
export const draftPageKey = (id: string, set: "site" | "competitor", index: number) =>
  ["draft_pages", id, set, index] as const;
export const draftPagesPrefix = (id: string, set: "site" | "competitor") =>
  ["draft_pages", id, set] as const;
export const inviteKey = (hash: string) => ["cofounder_invites", hash] as const;

// The site team's audit log: one entry per console action, append-only, by time-ordered id.
export const auditKey = (id: string) => ["audit", id] as const;
export const auditPrefix = () => ["audit"] as const;
// The console's decision on each owner edit (accepted, reverted, or made by the team itself).
export const editDecisionKey = (id: Id, version: number) =>
  ["edit_decisions", id, version] as const;
export const editDecisionsPrefix = () => ["edit_decisions"] as const;
// A listing the team removed: the status it had, so that a restore puts it back.
export const listingRemovalKey = (id: Id) => ["listing_removals", id] as const;

// Listing change records: one per listing write, ordered by the writer's clock, followed by every
// instance sharing the store (see kv/listing_changes.ts); the head changes with each of them.
export const listingChangeKey = (atMs: number, instance: string, sequence: number) =>
  ["listing_changes", atMs, instance, sequence] as const;
export const listingChangesPrefix = () => ["listing_changes"] as const;
export const listingChangesHeadKey = () => ["listing_changes_head"] as const;

// The search index snapshot: its chunks per snapshot id, the head naming the current one, and a
// marker per snapshot being written (a save that crashed leaves one; the next save clears it).
export const searchSnapshotChunkKey = (id: string, chunk: number) =>
  ["search_snapshot", id, chunk] as const;
export const searchSnapshotPrefix = (id: string) => ["search_snapshot", id] as const;
export const searchSnapshotHeadKey = () => ["search_snapshot_head"] as const;
export const searchSnapshotPendingKey = (id: string) => ["search_snapshot_pending", id] as const;
export const searchSnapshotPendingPrefix = () => ["search_snapshot_pending"] as const;
