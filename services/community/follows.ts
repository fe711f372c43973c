/**
 * Follows: a signed-in person follows a listing or a founder profile, and may stop.
 *
 * - A live listing: its followers are mailed its updates. An upcoming one (scheduled, or awaiting
 *   its badge) is "notify me": the followers' notice of the week it goes live mails them then.
 * - A founder profile: its followers are mailed when one of the founder's listings goes live or
 *   its makers post an update (publishing/followers.ts walks them after the listing's own
 *   followers; one mail per person per event either way).
 * - Owners and co-founders cannot follow their own listing, nor a founder their own profile:
 *   follows rank listings (most_followed), so only other people count.
 * - Unfollowing is the exact reverse of following, in one atomic write (kv/follows.ts).
 */
import { followListing, getListingStats } from "../../kv/listing_stats.ts";
import { isFollowing } from "../../kv/follower_mail.ts";
import { getFounderRecord } from "../../kv/founders.ts";
import {
  followFounder,
  founderFollowerCounts,
  isFollowingFounder,
  unfollowFounder,
  unfollowListing,
} from "../../kv/follows.ts";
import { getListing } from "../../kv/listings.ts";
import type { Founder } from "../../kv/types.ts";
import { isListingTeam } from "../directory/my_listings.ts";
import { requirePublicListing } from "../directory/listings.ts";
import type { Deps } from "../platform/deps.ts";
import { ApiError, badRequest, notFound } from "../platform/errors.ts";

/** Follow actions (follows and unfollows, listings and founders together) per person per minute. */
export const FOLLOW_ACTIONS_PER_MINUTE = 30;

/** What can be followed. */
export type FollowKind = "listing" | "founder";
export type FollowAction = "follow" | "unfollow";

/** A person's follow of one listing or founder after an action, with its follower count. */
export interface FollowOutcome {
  following: boolean;
  followers: number;
}

/** What a person sees of a follow button: whether they follow, and whether it is their own. */
export interface FollowState {
  following: boolean;
  /** Their own listing or profile: the count is shown without a button. */
  own: boolean;
}

/** Reads a posted `action`: "follow" or "unfollow", else 400. */
export function followActionOf(value: unknown): FollowAction {
  if (value === "follow" || value === "unfollow") return value;
  throw badRequest(`Invalid action "${String(value ?? "")}": expected "follow" or "unfollow"`, [
    { path: "action", message: 'Expected "follow" or "unfollow"' },
  ]);
}

function ownRefusal(kind: FollowKind): ApiError {
  return new ApiError(
    403,
    "forbidden",
    kind === "listing"
      ? "You cannot follow your own listing: followers count only other people"
      : "You cannot follow your own founder profile",
  );
}

async function requireFounder(deps: Deps, slug: string): Promise<Founder> {
  const founder = await getFounderRecord(deps.kv, slug);
  if (!founder) throw notFound("founder", slug);
  return founder;
}

const ownsProfile = (founder: Founder, userId: string) => founder.user_id === userId;

/** Follows or unfollows a public listing (live or upcoming) for a person. */
export async function setListingFollow(
  deps: Deps,
  userId: string,
  slug: string,
  action: FollowAction,
): Promise<FollowOutcome> {
  const listing = await requirePublicListing(deps, slug);
  if (isListingTeam(listing, userId)) throw ownRefusal("listing");
  if (action === "follow") await followListing(deps.kv, listing.id, userId, deps.now());
  else await unfollowListing(deps.kv, listing.id, userId);
  const stats = await getListingStats(deps.kv, listing.id);
  return { following: action === "follow", followers: stats.follows };
}

/** Follows or unfollows a founder profile for a person. */
export async function setFounderFollow(
  deps: Deps,
  userId: string,
  slug: string,
  action: FollowAction,
): Promise<FollowOutcome> {
  const founder = await requireFounder(deps, slug);
  if (ownsProfile(founder, userId)) throw ownRefusal("founder");
  if (action === "follow") await followFounder(deps.kv, slug, userId, deps.now());
  else await unfollowFounder(deps.kv, slug, userId);
  const [followers] = await founderFollowerCounts(deps.kv, [slug]);
  return { following: action === "follow", followers };
}

/** A person's follow state of a listing (signed out, `userId` null: not following, not own). */
export async function listingFollowState(
  deps: Deps,
  userId: string | null,
  listingId: number,
): Promise<FollowState> {
  if (userId === null) return { following: false, own: false };
  const [listing, following] = await Promise.all([
    getListing(deps.kv, listingId),
    isFollowing(deps.kv, listingId, userId),
  ]);
  return { following, own: listing !== null && isListingTeam(listing, userId) };
}

/** A person's follow state of a founder profile. */
export async function founderFollowState(
  deps: Deps,
  userId: string | null,
  slug: string,
): Promise<FollowState> {
  if (userId === null) return { following: false, own: false };
  const [founder, following] = await Promise.all([
    getFounderRecord(deps.kv, slug),
    isFollowingFounder(deps.kv, slug, userId),
  ]);
  return { following, own: founder !== null && ownsProfile(founder, userId) };
}

/** Whether a listing's follow button is "notify me" (not live yet) rather than "follow". */
export function isUpcoming(listing: { status: string }): boolean {
  return listing.status === "scheduled" || listing.status === "awaiting_badge";
}
