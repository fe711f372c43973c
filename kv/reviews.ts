/**
 * Reviews and their indexes. A review lives under its listing (`reviewKey`, read by the profile);
 * beside it: the listing of each review id, each person's one review of a listing, the flags of a
 * review (one per person), the site team's queue of hidden (flagged) reviews, and the reviews the
 * team removed. Every change is one atomic write checked against what was read, and drops the
 * listing's cached profile (`commitListingWrite`).
 */
import * as keys from "./keys.ts";
import { commitListingWrite } from "./listing_changes.ts";
import { getManyValues } from "./read.ts";
import type { Review, ReviewFlag } from "./types.ts";

/** A review as read, with what a change must check: its versionstamp, and whether it was removed. */
export interface StoredReview {
  review: Review;
  versionstamp: string;
  removed: boolean;
}

/** A queued hidden review: its listing and since when it is hidden. */
export interface FlaggedEntry {
  listing_id: number;
  since: string;
}

/** A new review id: sorts by time of writing. */
export function newReviewId(at: Date): string {
  return `${at.toISOString()}_${crypto.randomUUID().slice(0, 8)}`;
}

/** Writes a review with its indexes as it is (demo data, fixtures). */
export async function putReview(kv: Deno.Kv, review: Review): Promise<void> {
  const op = kv.atomic()
    .set(keys.reviewKey(review.listing_id, review.id), review)
    .set(keys.reviewListingKey(review.id), review.listing_id)
    .set(keys.reviewByUserKey(review.listing_id, review.user_id), review.id);
  if (review.flagged) {
    op.set(keys.flaggedReviewKey(review.id), flaggedEntry(review, review.created_at));
  }
  await commitListingWrite(kv, op, [review.listing_id]);
}

function flaggedEntry(review: Review, since: string): FlaggedEntry {
  return { listing_id: review.listing_id, since };
}

/** A review by id (also a removed one), or null. */
export async function getReviewById(kv: Deno.Kv, reviewId: string): Promise<StoredReview | null> {
  const listingId = (await kv.get<number>(keys.reviewListingKey(reviewId))).value;
  if (listingId === null) return null;
  return await readStored(kv, listingId, reviewId);
}

async function readStored(
  kv: Deno.Kv,
  listingId: number,
  reviewId: string,
): Promise<StoredReview | null> {
  const [live, removed] = await kv.getMany<[Review, Review]>([
    keys.reviewKey(listingId, reviewId),
    keys.removedReviewKey(listingId, reviewId),
  ]);
  if (live.value) return { review: live.value, versionstamp: live.versionstamp, removed: false };
  if (removed.value) {
    return { review: removed.value, versionstamp: removed.versionstamp, removed: true };
  }
  return null;
}

/** A person's review of a listing (also a removed one), or null. */
export async function getUserReview(
  kv: Deno.Kv,
  listingId: number,
  userId: string,
): Promise<StoredReview | null> {
  const reviewId = (await kv.get<string>(keys.reviewByUserKey(listingId, userId))).value;
  return reviewId === null ? null : await readStored(kv, listingId, reviewId);
}

/** A change of one review, committed atomically by `commitReview`. */
export interface ReviewChange {
  /** The review as read; null for a new review (its author must have none of this listing). */
  current: StoredReview | null;
  next: Review;
  /** A new flag (the person must not have flagged this review yet). */
  flag?: ReviewFlag;
  /** Moves the review out of the listing into the removed reviews. */
  remove?: boolean;
  /** When the change happens (a newly hidden review is queued since then). */
  at: string;
  /** Adds writes that belong with the change to its atomic write (a moderation log entry). */
  stage?: (op: Deno.AtomicOperation) => void;
}

/**
 * Commits a change of a review with its indexes and the team's queue, or returns false when
 * something it read changed meanwhile (the caller reads again and retries).
 */
export async function commitReview(kv: Deno.Kv, change: ReviewChange): Promise<boolean> {
  const { current, next } = change;
  const key = keys.reviewKey(next.listing_id, next.id);
  const op = kv.atomic().check({ key, versionstamp: current?.versionstamp ?? null });
  if (!current) {
    const byUser = keys.reviewByUserKey(next.listing_id, next.user_id);
    op.check({ key: byUser, versionstamp: null }).set(byUser, next.id)
      .set(keys.reviewListingKey(next.id), next.listing_id);
  }
  if (change.flag) {
    const flagKey = keys.reviewFlagKey(next.id, change.flag.user_id);
    op.check({ key: flagKey, versionstamp: null }).set(flagKey, change.flag);
  }
  if (change.remove) {
    op.delete(key).set(keys.removedReviewKey(next.listing_id, next.id), next)
      .delete(keys.flaggedReviewKey(next.id));
  } else {
    op.set(key, next);
    if (!next.flagged) op.delete(keys.flaggedReviewKey(next.id));
    else if (!current?.review.flagged) {
      op.set(keys.flaggedReviewKey(next.id), flaggedEntry(next, change.at));
    }
  }
  change.stage?.(op);
  return (await commitListingWrite(kv, op, [next.listing_id])).ok;
}

/** The flags of a review, in the order of their authors' ids. */
export async function listReviewFlags(kv: Deno.Kv, reviewId: string): Promise<ReviewFlag[]> {
  const out: ReviewFlag[] = [];
  for await (const e of kv.list<ReviewFlag>({ prefix: keys.reviewFlagsPrefix(reviewId) })) {
    out.push(e.value);
  }
  return out;
}

/** Which of `reviewIds` the person flagged (one batched read). */
export async function flaggedBy(
  kv: Deno.Kv,
  userId: string,
  reviewIds: string[],
): Promise<Set<string>> {
  const values = await getManyValues(kv, reviewIds.map((id) => keys.reviewFlagKey(id, userId)));
  return new Set(reviewIds.filter((_, i) => values[i] !== null));
}

/** The hidden reviews waiting for the team (at most `limit`), with their listing and since when. */
export async function listFlaggedReviews(
  kv: Deno.Kv,
  limit: number,
): Promise<(FlaggedEntry & { review_id: string })[]> {
  const out: (FlaggedEntry & { review_id: string })[] = [];
  for await (const e of kv.list<FlaggedEntry>({ prefix: keys.flaggedReviewsPrefix() }, { limit })) {
    out.push({ ...e.value, review_id: String(e.key[1]) });
  }
  return out;
}

/** Reviews by listing and id (those that are still there). */
export async function getReviews(
  kv: Deno.Kv,
  refs: { listing_id: number; review_id: string }[],
): Promise<(Review | null)[]> {
  return await getManyValues<Review>(
    kv,
    refs.map((r) => keys.reviewKey(r.listing_id, r.review_id)),
  );
}
