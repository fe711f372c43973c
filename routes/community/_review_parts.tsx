/**
 * The reviews' forms (write or edit, flag, answer) and the listing page's Reviews section. Every
 * form is a plain post with the session's CSRF token; the server answers with a 303 back to the
 * review's anchor, so everything works without JavaScript (the text fields count as you type).
 */
import type { ComponentChildren } from "preact";
import { island } from "../../components/island.tsx";
import { RatingSummary, reviewAnchor, ReviewItem } from "../../components/listing/Reviews.tsx";
import Section from "../../components/listing/Section.tsx";
import type { Profile } from "../../components/listing/profile.ts";
import LimitedField from "../../islands/LimitedField.tsx";
import type { Review } from "../../kv/types.ts";
import {
  type PageReviews,
  REVIEW_ANSWER_MAX,
  REVIEW_BODY_MAX,
  REVIEW_REASON_MAX,
} from "../../services/community/mod.ts";
import type { ErrorDetail } from "../../services/platform/mod.ts";
import { CsrfField } from "../account/_ui.tsx";

const Limited = island("LimitedField", LimitedField);

/** The paths of the reviews' pages and form posts. */
export const reviewPaths = {
  listing: (slug: string) => `/listings/${encodeURIComponent(slug)}`,
  /** GET: the write/edit page (sign-in first); POST: write or edit. */
  write: (slug: string) => `/listings/${encodeURIComponent(slug)}/review`,
  flag: (reviewId: string) => `/reviews/${encodeURIComponent(reviewId)}/flag`,
  answer: (reviewId: string) => `/reviews/${encodeURIComponent(reviewId)}/answer`,
  /** A page path with the review's anchor. */
  at: (path: string, reviewId: string) => `${path}#${reviewAnchor(reviewId)}`,
};

const RATING_WORDS = ["", "poor", "fair", "good", "very good", "excellent"];

function messageAt(errors: ErrorDetail[] | undefined, path: string): string | undefined {
  const mine = (errors ?? []).filter((e) => e.path === path).map((e) => e.message);
  return mine.length > 0 ? mine.join("; ") : undefined;
}

/** The write (or, given `review`, edit) form: five labelled rating buttons and the text. */
export function ReviewForm(
  { slug, csrf, review, input, errors }: {
    slug: string;
    csrf: string;
    review?: Review;
    input?: { rating: string; body: string };
    errors?: ErrorDetail[];
  },
) {
  const rating = input?.rating ?? (review ? String(review.rating) : "");
  const ratingError = messageAt(errors, "rating");
  return (
    <form method="post" action={reviewPaths.write(slug)} class="form-stack review-form">
      <CsrfField token={csrf} />
      {review && <input type="hidden" name="review_id" value={review.id} />}
      <fieldset class="review-rating" aria-describedby={ratingError ? "rating-error" : undefined}>
        <legend>Your rating</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} class="review-rating-choice">
            <input type="radio" name="rating" value={n} checked={rating === String(n)} required />
            {n} star{n === 1 ? "" : "s"}: {RATING_WORDS[n]}
          </label>
        ))}
        {ratingError && (
          <p class="notice notice-error" id="rating-error" role="alert">{ratingError}</p>
        )}
      </fieldset>
      <Limited
        name="body"
        label="Your review"
        kind="area"
        max={REVIEW_BODY_MAX}
        value={input?.body ?? review?.body ?? ""}
        error={messageAt(errors, "body")}
        hint="What you used it for, what worked and what did not. Shown with your name."
        required
        rows={5}
      />
      <div>
        <button type="submit" class="button">{review ? "Save changes" : "Post review"}</button>
      </div>
    </form>
  );
}

/** Flag a review (optional reason): it is hidden until the site team looks at it. */
export function FlagForm(
  { review, csrf, returnTo }: { review: Review; csrf: string; returnTo: string },
) {
  const id = `flag-${reviewAnchor(review.id)}`;
  return (
    <details class="review-flag">
      <summary>Flag this review</summary>
      <form method="post" action={reviewPaths.flag(review.id)} class="form-stack">
        <CsrfField token={csrf} />
        <input type="hidden" name="return_to" value={returnTo} />
        <div class="field">
          <label for={id}>Why (optional)</label>
          <input id={id} name="reason" maxLength={REVIEW_REASON_MAX} />
        </div>
        <div>
          <button type="submit" class="button button-ghost button-small">Flag review</button>
        </div>
      </form>
    </details>
  );
}

/** The team's one public answer to a review. */
export function AnswerForm(
  { review, csrf, returnTo, value, error }: {
    review: Review;
    csrf: string;
    returnTo: string;
    value?: string;
    error?: string;
  },
) {
  return (
    <form
      method="post"
      action={reviewPaths.answer(review.id)}
      class="form-stack review-answer-form"
    >
      <CsrfField token={csrf} />
      <input type="hidden" name="return_to" value={returnTo} />
      <Limited
        name="answer"
        id={`answer-${reviewAnchor(review.id)}`}
        label={`Answer ${review.author_name} publicly (once)`}
        kind="area"
        max={REVIEW_ANSWER_MAX}
        value={value ?? ""}
        error={error}
        required
        rows={3}
      />
      <div>
        <button type="submit" class="button button-small">Post answer</button>
      </div>
    </form>
  );
}

/** Why a review is not on the page, for its author. */
function OwnNote({ review, removed }: { review: Review; removed: boolean }) {
  if (removed) {
    return <>Removed by the site team: {review.decision?.reason}. It is not shown or counted.</>;
  }
  if (review.flagged) return <>Hidden while the site team looks at a flag on it.</>;
  return null;
}

/** The person's own place in the section: their review with its Edit form, or the write form. */
function OwnReview(
  { listing, data, csrf }: { listing: Profile; data: PageReviews; csrf: string },
) {
  if (data.viewerIsTeam) {
    return (
      <p class="muted" data-own="team">
        You are on this listing's team: you can answer its reviews, not review it.
      </p>
    );
  }
  const mine = data.mine;
  if (mine) {
    const note = <OwnNote review={mine.review} removed={mine.removed} />;
    return (
      <div class="review-own" data-own="review">
        <h3>Your review</h3>
        <ol class="reviews">
          <ReviewItem review={mine.review} note={note} />
        </ol>
        {!mine.removed && data.open && (
          <details class="review-edit">
            <summary>Edit your review</summary>
            <ReviewForm slug={listing.slug} csrf={csrf} review={mine.review} />
          </details>
        )}
      </div>
    );
  }
  if (data.refusal) return <p class="muted" data-own="closed">{data.refusal}.</p>;
  return (
    <div class="review-own" data-own="form">
      <h3>Write a review</h3>
      <ReviewForm slug={listing.slug} csrf={csrf} />
    </div>
  );
}

/** The Reviews section of the listing page; `viewer` null when signed out. */
export function ReviewsSection(
  { listing, data, viewer }: {
    listing: Profile;
    data: PageReviews;
    viewer: { id: string; csrf: string } | null;
  },
) {
  const returnTo = reviewPaths.listing(listing.slug);
  const others = data.reviews.filter((r) => r.user_id !== viewer?.id);
  return (
    <Section id="reviews" title="Reviews">
      <RatingSummary rating={listing.community_rating} />
      {viewer ? <OwnReview listing={listing} data={data} csrf={viewer.csrf} /> : data.open && (
        <p>
          <a class="button button-ghost" href={reviewPaths.write(listing.slug)}>
            Sign in to write a review
          </a>
        </p>
      )}
      {others.length === 0 ? <p class="muted">No reviews yet.</p> : (
        <ol class="reviews">
          {others.map((r) => (
            <ReviewItem
              key={r.id}
              review={r}
              note={data.byTeam.has(r.id) && "From the listing's team: not counted in the rating."}
            >
              {viewer && (
                <ReviewActions
                  review={r}
                  data={data}
                  csrf={viewer.csrf}
                  returnTo={returnTo}
                />
              )}
            </ReviewItem>
          ))}
        </ol>
      )}
    </Section>
  );
}

function ReviewActions(
  { review, data, csrf, returnTo }: {
    review: Review;
    data: PageReviews;
    csrf: string;
    returnTo: string;
  },
): ComponentChildren {
  return (
    <>
      {data.flagged.has(review.id)
        ? <p class="muted small" data-flagged-by-me>You flagged this review.</p>
        : <FlagForm review={review} csrf={csrf} returnTo={returnTo} />}
      {data.viewerIsTeam && !review.answer && (
        <AnswerForm review={review} csrf={csrf} returnTo={returnTo} />
      )}
    </>
  );
}

/** The listing page's reviews for the person reading it (read per request, never cached). */
export interface ListingReviews {
  data: PageReviews;
  viewer: { id: string; csrf: string } | null;
}
