/**
 * Reviews: a signed-in person rates a live listing 1 to 5 with a text, once per listing, and may
 * edit it; the listing's owner and co-founders cannot review it, and may answer each review once,
 * publicly. Anyone signed in may flag a review once; a flagged review is hidden from the page and
 * from the community rating until the site team keeps it (visible again; later flags of the same
 * text no longer hide it) or removes it (gone; its author cannot write another for the listing);
 * either decision goes on the public moderation log in the same write, without any identity.
 * Every write counts against its author's hourly limit.
 */
import { getListing, getListingBySlug } from "../../kv/listings.ts";
import { listReviews } from "../../kv/listing_feed.ts";
import {
  commitReview,
  flaggedBy,
  getReviewById,
  getReviews,
  getUserReview,
  listFlaggedReviews,
  listReviewFlags,
  newReviewId,
  type ReviewChange,
  type StoredReview,
} from "../../kv/reviews.ts";
import { backoff } from "../../kv/retry.ts";
import type { Listing, Review, ReviewDecision, ReviewFlag, User } from "../../kv/types.ts";
import { countRequest } from "../access/rate_limit.ts";
import { isListingTeam } from "../directory/my_listings.ts";
import { PUBLIC_STATUSES } from "../directory/listings.ts";
import type { Deps } from "../platform/deps.ts";
import { ApiError, badRequest, conflict, notFound } from "../platform/errors.ts";
import { newModerationEntry, stageModerationLog } from "./moderation_log.ts";

/** The longest review text, answer and reason. */
export const REVIEW_BODY_MAX = 2_000;
export const REVIEW_ANSWER_MAX = 2_000;
export const REVIEW_REASON_MAX = 500;
/** Review writes (new, edit, flag, answer) a person may make per hour. */
export const REVIEW_WRITES_PER_HOUR = 20;
const HOUR_MS = 3_600_000;
const MAX_ATTEMPTS = 10;

/** A review's rating and text as posted. */
export interface ReviewInput {
  rating: unknown;
  body: unknown;
}

/** The person writing: their account. */
type Author = Pick<User, "id" | "name">;

/** Checks a rating (a whole number from 1 to 5) and a text (1 to 2,000 characters). */
export function validateReview(input: ReviewInput): { rating: number; body: string } {
  const rating = Number(input.rating);
  const body = typeof input.body === "string" ? input.body.trim() : "";
  const details = [];
  if (
    input.rating === "" || input.rating == null || !Number.isInteger(rating) || rating < 1 ||
    rating > 5
  ) {
    details.push({ path: "rating", message: "Choose a rating from 1 to 5 stars" });
  }
  details.push(...textProblems("body", body, REVIEW_BODY_MAX, "your review"));
  if (details.length > 0) throw badRequest(details.map((d) => d.message).join("; "), details);
  return { rating, body };
}

function textProblems(path: string, text: string, max: number, what: string, optional = false) {
  if (!optional && text.length === 0) return [{ path, message: `Write ${what}` }];
  if (text.length > max) {
    return [{ path, message: `At most ${max.toLocaleString("en")} characters (${text.length})` }];
  }
  return [];
}

function checkedText(input: unknown, path: string, max: number, what: string, optional = false) {
  const text = typeof input === "string" ? input.trim() : "";
  const details = textProblems(path, text, max, what, optional);
  if (details.length > 0) throw badRequest(details[0].message, details);
  return text;
}

function forbidden(message: string): ApiError {
  return new ApiError(403, "forbidden", message);
}

/** Counts one review write of `userId`; 429 past the hourly limit. */
async function countWrite(deps: Deps, userId: string): Promise<void> {
  const state = await countRequest(deps, `reviews:${userId}`, REVIEW_WRITES_PER_HOUR, HOUR_MS);
  if (state.allowed) return;
  const minutes = Math.ceil(state.reset / 60);
  throw new ApiError(
    429,
    "rate_limited",
    `Too many review actions: at most ${REVIEW_WRITES_PER_HOUR} an hour; try again in ` +
      `${minutes} minute${minutes === 1 ? "" : "s"}`,
    [],
    { "Retry-After": String(state.reset) },
  );
}

/** Whether a listing takes new reviews and edits: only once it is live. */
export function takesReviews(listing: Pick<Listing, "status">): boolean {
  return listing.status === "live";
}

/** Why `userId` may not write a review of `listing`, or null when they may. */
export function reviewRefusal(listing: Listing, userId: string): string | null {
  if (isListingTeam(listing, userId)) return "You cannot review your own listing";
  if (!takesReviews(listing)) return "Reviews open once the listing is live";
  return null;
}

/** The listing if its page is public, else 404. */
function publicListing(listing: Listing | null, ref: string | number): Listing {
  if (!listing || !PUBLIC_STATUSES.has(listing.status)) throw notFound("listing", ref);
  return listing;
}

/**
 * Runs `plan` on the freshly read review until its change commits (a concurrent write makes it
 * read again), then returns the committed review.
 */
async function change(
  deps: Deps,
  read: () => Promise<StoredReview | null>,
  plan: (current: StoredReview | null) => Omit<ReviewChange, "at">,
): Promise<Review> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const planned = plan(await read());
    if (await commitReview(deps.kv, { ...planned, at: deps.now().toISOString() })) {
      return planned.next;
    }
    await backoff(attempt);
  }
  throw conflict("The review changed meanwhile; try again");
}

/** Writes `author`'s review of the listing `slug`; 409 when they already have one. */
export async function createReview(
  deps: Deps,
  author: Author,
  slug: string,
  input: ReviewInput,
): Promise<Review> {
  const listing = publicListing(await getListingBySlug(deps.kv, slug), slug);
  const refusal = reviewRefusal(listing, author.id);
  if (refusal) throw isListingTeam(listing, author.id) ? forbidden(refusal) : conflict(refusal);
  const { rating, body } = validateReview(input);
  await countWrite(deps, author.id);
  const at = deps.now().toISOString();
  const id = newReviewId(deps.now());
  return await change(deps, () => getUserReview(deps.kv, listing.id, author.id), (current) => {
    if (current) throw conflict("You have already reviewed this listing: edit your review");
    const next: Review = {
      id,
      listing_id: listing.id,
      user_id: author.id,
      author_name: author.name.trim() || "A member",
      rating,
      body,
      flagged: false,
      created_at: at,
      updated_at: null,
      flags: 0,
      decision: null,
      answer: null,
    };
    return { current: null, next };
  });
}

/** A review still on its listing, or 404 (also when removed). */
async function liveReview(deps: Deps, reviewId: string): Promise<StoredReview> {
  const stored = await getReviewById(deps.kv, reviewId);
  if (!stored || stored.removed) throw notFound("review", reviewId);
  return stored;
}

/** A review still on its listing, or null. */
export async function findReview(deps: Deps, reviewId: string): Promise<Review | null> {
  const stored = await getReviewById(deps.kv, reviewId);
  return stored && !stored.removed ? stored.review : null;
}

function reread(deps: Deps, reviewId: string) {
  return () => liveReview(deps, reviewId);
}

/** Edits the author's own review (kept as an edit: `updated_at`); a "kept" decision is cleared. */
export async function editReview(
  deps: Deps,
  userId: string,
  reviewId: string,
  input: ReviewInput,
): Promise<Review> {
  const { review } = await liveReview(deps, reviewId);
  if (review.user_id !== userId) throw forbidden("Only its author can edit a review");
  const listing = publicListing(await getListing(deps.kv, review.listing_id), reviewId);
  if (!takesReviews(listing)) throw conflict("Reviews open once the listing is live");
  const { rating, body } = validateReview(input);
  await countWrite(deps, userId);
  return await change(deps, reread(deps, reviewId), (current) => {
    const was = current!.review;
    const decision = was.decision?.outcome === "kept" ? null : was.decision ?? null;
    const next = { ...was, rating, body, decision, updated_at: deps.now().toISOString() };
    return { current, next };
  });
}

/**
 * Flags a review, once per person, with an optional reason; it is hidden until the site team
 * decides, unless the team already kept this text.
 */
export async function flagReview(
  deps: Deps,
  userId: string,
  reviewId: string,
  reason: unknown,
): Promise<Review> {
  const { review } = await liveReview(deps, reviewId);
  if (review.user_id === userId) throw conflict("You cannot flag your own review");
  if (await hasFlagged(deps, userId, reviewId)) throw alreadyFlagged();
  const text = checkedText(reason ?? "", "reason", REVIEW_REASON_MAX, "a reason", true);
  await countWrite(deps, userId);
  const flag: ReviewFlag = {
    review_id: reviewId,
    listing_id: review.listing_id,
    user_id: userId,
    reason: text,
    created_at: deps.now().toISOString(),
  };
  try {
    return await change(deps, reread(deps, reviewId), (current) => {
      const was = current!.review;
      const kept = was.decision?.outcome === "kept";
      const next = { ...was, flags: (was.flags ?? 0) + 1, flagged: was.flagged || !kept };
      return { current, next, flag };
    });
  } catch (err) {
    if (
      err instanceof ApiError && err.status === 409 && (await hasFlagged(deps, userId, reviewId))
    ) {
      throw alreadyFlagged();
    }
    throw err;
  }
}

function alreadyFlagged(): ApiError {
  return conflict("You have already flagged this review");
}

async function hasFlagged(deps: Deps, userId: string, reviewId: string) {
  return (await flaggedBy(deps.kv, userId, [reviewId])).has(reviewId);
}

/** The owner's (or a co-founder's) public answer to a review of their listing, once. */
export async function answerReview(
  deps: Deps,
  author: Author,
  reviewId: string,
  body: unknown,
): Promise<Review> {
  const { review } = await liveReview(deps, reviewId);
  const listing = await getListing(deps.kv, review.listing_id);
  if (!listing || !isListingTeam(listing, author.id)) {
    throw forbidden("Only the listing's owner and co-founders can answer its reviews");
  }
  const text = checkedText(body, "answer", REVIEW_ANSWER_MAX, "your answer");
  await countWrite(deps, author.id);
  return await change(deps, reread(deps, reviewId), (current) => {
    const was = current!.review;
    if (was.answer) throw conflict("This review has already been answered");
    const answer = {
      body: text,
      user_id: author.id,
      author_name: author.name.trim() || listing.name,
      created_at: deps.now().toISOString(),
    };
    return { current, next: { ...was, answer } };
  });
}

/** The site team's decision on a flagged review: keep it (shown again) or remove it, with a reason. */
export async function decideReviewFlag(
  deps: Deps,
  reviewId: string,
  decision: { outcome: unknown; by: string; reason: unknown },
): Promise<Review> {
  const outcome: ReviewDecision["outcome"] | null = decision.outcome === "keep"
    ? "kept"
    : decision.outcome === "remove"
    ? "removed"
    : null;
  if (!outcome) {
    throw badRequest("Choose keep or remove", [{ path: "outcome", message: "keep or remove" }]);
  }
  const reason = checkedText(decision.reason, "reason", REVIEW_REASON_MAX, "a reason");
  const { review } = await liveReview(deps, reviewId);
  const listing = await getListing(deps.kv, review.listing_id);
  if (!listing) throw notFound("listing", review.listing_id);
  return await change(deps, reread(deps, reviewId), (current) => {
    const was = current!.review;
    if (!was.flagged) throw conflict("This review is not waiting for a decision");
    const at = deps.now().toISOString();
    const next = { ...was, flagged: false, decision: { outcome, by: decision.by, reason, at } };
    const kind = outcome === "removed" ? "review_removed" : "review_kept";
    const entry = newModerationEntry(deps, kind, listing, { reason, flags: was.flags ?? 0 });
    const stage = (op: Deno.AtomicOperation) => stageModerationLog(op, entry);
    return { current, next, remove: outcome === "removed", stage };
  });
}

/**
 * What the listing page shows of its reviews, for the person reading it (null: signed out): the
 * reviews not hidden, oldest first (those by the listing's team marked: they are not counted), the
 * person's own review (also hidden or removed), which reviews they flagged, and whether they are on
 * the listing's team or may not write a review (and why).
 */
export async function reviewsForPage(deps: Deps, listingId: number, viewerId: string | null) {
  const [listing, all, mine] = await Promise.all([
    getListing(deps.kv, listingId),
    listReviews(deps.kv, listingId),
    viewerId ? getUserReview(deps.kv, listingId, viewerId) : null,
  ]);
  if (!listing) throw notFound("listing", listingId);
  const shown = all.filter((r) => !r.flagged);
  const flagged = viewerId
    ? await flaggedBy(deps.kv, viewerId, shown.map((r) => r.id))
    : new Set<string>();
  return {
    reviews: shown,
    byTeam: new Set(shown.filter((r) => isListingTeam(listing, r.user_id)).map((r) => r.id)),
    mine,
    flagged,
    viewerIsTeam: viewerId !== null && isListingTeam(listing, viewerId),
    refusal: viewerId ? reviewRefusal(listing, viewerId) : null,
    open: takesReviews(listing),
  };
}

/** `reviewsForPage`'s answer. */
export type PageReviews = Awaited<ReturnType<typeof reviewsForPage>>;

/** Every review of a listing for its team, hidden ones included, newest first. */
export async function reviewsForTeam(deps: Deps, listingId: number) {
  const [listing, all] = await Promise.all([
    getListing(deps.kv, listingId),
    listReviews(deps.kv, listingId),
  ]);
  if (!listing) throw notFound("listing", listingId);
  const reviews = all.reverse();
  return {
    reviews,
    byTeam: new Set(reviews.filter((r) => isListingTeam(listing, r.user_id)).map((r) => r.id)),
  };
}

/** The hidden reviews waiting for the site team, oldest first, each with its flags. */
export async function flaggedReviewQueue(deps: Deps, limit = 100) {
  const entries = await listFlaggedReviews(deps.kv, limit);
  const reviews = await getReviews(deps.kv, entries);
  const rows = await Promise.all(entries.map(async (e, i) => ({
    ...e,
    review: reviews[i],
    flags: await listReviewFlags(deps.kv, e.review_id),
  })));
  return rows.filter((r): r is typeof r & { review: Review } => r.review !== null)
    .sort((a, b) => a.since.localeCompare(b.since));
}
