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
