/**
 * Votes: people on the site vote for live listings, one vote each, and may take it back. Owners
 * and co-founders cannot vote for their own listing. Each vote keeps the signals a later review of
 * suspicious clusters needs (account age, other activity, network prefix, user agent hash,
 * timing); the counting itself is in kv/listing_stats.ts.
 */
import {
  castVote,
  countOtherVotes,
  getVoteCounts,
  retractVote,
  votedListingIds,
} from "../../kv/listing_stats.ts";
import { getListingBySlug, getListings, listListingIdsByOwner } from "../../kv/listings.ts";
import type { Listing, User, VoteSignals } from "../../kv/types.ts";
import { countRequest } from "../access/rate_limit.ts";
import { isListingTeam } from "../directory/my_listings.ts";
import { PUBLIC_STATUSES } from "../directory/listings.ts";
import type { Visitor } from "../directory/views.ts";
import type { Deps } from "../platform/deps.ts";
import { ApiError, conflict, notFound } from "../platform/errors.ts";
import { sha256Hex } from "../platform/secrets.ts";
import { networkPrefix } from "./network.ts";
import { wasVoided } from "../../kv/vote_moderation.ts";

/** Vote actions (votes and undos) a person may take per minute. */
export const VOTE_ACTIONS_PER_MINUTE = 60;
/** Other votes and owned listings are counted up to this many in a vote's signals. */
const ACTIVITY_COUNT_MAX = 10;

/** A person's vote on a listing after an action, with the listing's counts. */
export interface VoteOutcome {
  voted: boolean;
  /** All-time votes. */
  votes: number;
  /** Votes in the listing's launch week (null before it has one). */
  week_votes: number | null;
}

/** What a person may do with a listing's vote button. */
export interface VoteState {
  voted: boolean;
  /** The person is on the listing's team: they see the count without a button. */
  own: boolean;
}

/** Records a person's vote for a live listing (a second vote changes nothing). */
export async function vote(
  deps: Deps,
  user: User,
  slug: string,
  context: Visitor,
): Promise<VoteOutcome> {
  const listing = await votableListing(deps, user, slug);
  if (await wasVoided(deps.kv, listing.id, user.id)) {
    throw new ApiError(
      403,
      "forbidden",
      `Your vote for ${listing.name} was voided by the site team (see the moderation log): you cannot vote for it again`,
    );
  }
  const at = deps.now();
  await castVote(deps.kv, listing.id, user.id, at, await voteSignals(deps, user, listing, context));
  return { voted: true, ...await getVoteCounts(deps.kv, listing.id, listing.launch_week) };
}

/** Takes back a person's vote for a live listing (nothing happens when there is none). */
export async function undoVote(deps: Deps, user: User, slug: string): Promise<VoteOutcome> {
  const listing = await votableListing(deps, user, slug);
  await retractVote(deps.kv, listing.id, user.id);
  return { voted: false, ...await getVoteCounts(deps.kv, listing.id, listing.launch_week) };
}

/**
 * The vote states of a person for several listings, by id, read in two batches. Signed out
 * (`userId` null), nothing is voted and nothing is their own.
 */
export async function voteStates(
  deps: Deps,
  userId: string | null,
  ids: number[],
): Promise<Map<number, VoteState>> {
  if (userId === null || ids.length === 0) {
    return new Map(ids.map((id) => [id, { voted: false, own: false }]));
  }
  const [voted, listings] = await Promise.all([
    votedListingIds(deps.kv, userId, ids),
    getListings(deps.kv, ids),
  ]);
  const own = new Set(listings.filter((l) => isListingTeam(l, userId)).map((l) => l.id));
  return new Map(ids.map((id) => [id, { voted: voted.has(id), own: own.has(id) }]));
}

/** The listing a person may vote on now: 404 unknown, 429 too many actions, 409, 403. */
async function votableListing(deps: Deps, user: User, slug: string): Promise<Listing> {
  const listing = await getListingBySlug(deps.kv, slug);
  if (!listing || !PUBLIC_STATUSES.has(listing.status)) throw notFound("listing", slug);
  await countVoteAction(deps, user.id);
  if (listing.status !== "live") {
    throw conflict(
      `${listing.name} is not live: votes open when it launches and close when it leaves the directory`,
    );
  }
  if (isListingTeam(listing, user.id)) {
    throw new ApiError(
      403,
      "forbidden",
      `You are on the team of ${listing.name}: you cannot vote for your own listing`,
    );
  }
  return listing;
}

/** Counts a vote action against the person's per-minute limit; 429 with Retry-After past it. */
async function countVoteAction(deps: Deps, userId: string): Promise<void> {
  const state = await countRequest(deps, `votes:${userId}`, VOTE_ACTIONS_PER_MINUTE);
  if (state.allowed) return;
  throw new ApiError(
    429,
    "rate_limited",
    `Too many votes: at most ${VOTE_ACTIONS_PER_MINUTE} vote actions a minute; retry in ${state.reset} s`,
    [],
    { "Retry-After": String(state.reset) },
  );
}

/** The signals a vote is recorded with: never the full address, the user agent only hashed. */
async function voteSignals(
  deps: Deps,
  user: User,
  listing: Listing,
  context: Visitor,
): Promise<VoteSignals> {
  const at = deps.now().getTime();
  const [otherVotes, owned] = await Promise.all([
    countOtherVotes(deps.kv, user.id, listing.id, ACTIVITY_COUNT_MAX),
    listListingIdsByOwner(deps.kv, user.id),
  ]);
  const ownedListings = Math.min(owned.length, ACTIVITY_COUNT_MAX);
  const seconds = (from: string) => Math.max(0, Math.floor((at - Date.parse(from)) / 1000));
  return {
    account_age_s: seconds(user.created_at),
    other_votes: otherVotes,
    owned_listings: ownedListings,
    other_activity: otherVotes > 0 || ownedListings > 0,
    network_prefix: networkPrefix(context.ip),
    user_agent_sha256: context.userAgent ? await sha256Hex(context.userAgent) : null,
    since_live_s: listing.launched_at ? seconds(listing.launched_at) : null,
  };
}
