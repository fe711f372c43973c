/**
 * The community: people on the site vote for listings (never through the API or MCP), review them,
 * follow listings and founders, and flag what looks wrong; fraud signals are kept with each vote,
 * suspicious clusters are flagged for the site team, and voided votes are written to a public
 * moderation log.
 */
export { undoVote, vote, VOTE_ACTIONS_PER_MINUTE, voteStates } from "./votes.ts";
export type { VoteOutcome, VoteState } from "./votes.ts";
export {
  answerReview,
  createReview,
  decideReviewFlag,
  editReview,
  findReview,
  flaggedReviewQueue,
  flagReview,
  REVIEW_ANSWER_MAX,
  REVIEW_BODY_MAX,
  REVIEW_REASON_MAX,
  REVIEW_WRITES_PER_HOUR,
  reviewRefusal,
  reviewsForPage,
  reviewsForTeam,
  takesReviews,
} from "./reviews.ts";
export type { PageReviews, ReviewInput } from "./reviews.ts";
export {
  FOLLOW_ACTIONS_PER_MINUTE,
  followActionOf,
  founderFollowState,
  isUpcoming,
  listingFollowState,
  setFounderFollow,
  setListingFollow,
} from "./follows.ts";
export type { FollowAction, FollowKind, FollowOutcome, FollowState } from "./follows.ts";
export {
  BASELINE_DAYS,
  BURST_FACTOR,
  BURST_MIN_VOTES,
  BURST_WINDOW_MIN,
  CLUSTER_MIN_VOTES,
  CLUSTER_WINDOW_MIN,
  flagVoteClusters,
  NEW_ACCOUNT_S,
  SCAN_WINDOW_HOURS,
} from "./fraud.ts";
export { clearCluster, MODERATION_REASON_MAX, openVoteClusters, voidVotes } from "./voiding.ts";
export type { VoidTarget } from "./voiding.ts";
export {
  listingVoteModeration,
  MODERATION_KINDS,
  MODERATION_LOG_PER_PAGE,
  moderationKind,
  moderationLog,
  newModerationEntry,
  parseModerationKind,
  stageModerationLog,
} from "./moderation_log.ts";
export type { ListingVoteModeration, ModerationFacts } from "./moderation_log.ts";
export { EARLY_WEEK_HOURS, inEarlyHours, shuffled } from "./early_week.ts";
