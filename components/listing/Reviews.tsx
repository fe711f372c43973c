/** Reviews as people read them: the rating, each review with its rating, text and the team's answer. */
import type { ComponentChildren } from "preact";
import type { Review } from "../../kv/types.ts";
import Paragraphs from "../Paragraphs.tsx";
import { formatDate } from "../format.ts";
import type { Profile } from "./profile.ts";

/** A rating as five stars, with its words for screen readers. */
export function RatingStars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <span class="review-stars" role="img" aria-label={`${rating} out of 5 stars`}>
      <span class="stars">{"★".repeat(full)}</span>
      <span class="stars-empty">{"★".repeat(5 - full)}</span>
    </span>
  );
}

/** The community rating: average and count of genuine reviews. */
export function RatingSummary({ rating }: { rating: Profile["community_rating"] }) {
  if (rating.average === null) {
    return <p class="muted" data-rating="none">No rating yet: be the first to review it.</p>;
  }
  return (
    <p class="review-summary" data-rating={rating.average} data-count={rating.count}>
      <RatingStars rating={rating.average} /> <strong>{rating.average}</strong> out of 5 from{" "}
      {rating.count} review{rating.count === 1 ? "" : "s"}
    </p>
  );
}

/** The anchor id of a review on a page. */
export function reviewAnchor(reviewId: string): string {
  return `review-${reviewId.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

/** When a review was last edited. */
function Edited({ at }: { at: string }) {
  return (
    <span class="muted small review-edited">
      <span aria-hidden="true">·</span> edited <time dateTime={at}>{formatDate(at)}</time>
    </span>
  );
}

/** One review: author, rating, date (edited), text, notes, the team's answer, then `children`. */
export function ReviewItem(
  { review, note, children }: {
    review: Review;
    note?: ComponentChildren;
    children?: ComponentChildren;
  },
) {
  return (
    <li class="review" id={reviewAnchor(review.id)} data-review={review.id}>
      <p class="review-head">
        <strong>{review.author_name}</strong> <RatingStars rating={review.rating} />{" "}
        <time class="muted small" dateTime={review.created_at}>
          {formatDate(review.created_at)}
        </time>
        {review.updated_at && <Edited at={review.updated_at} />}
      </p>
      {note && <p class="review-note small">{note}</p>}
      <div class="review-body">
        <Paragraphs text={review.body} />
      </div>
      {review.answer && (
        <div class="review-answer" data-answer>
          <p class="small">
            <strong>Answer from {review.answer.author_name}</strong>{" "}
            <time class="muted" dateTime={review.answer.created_at}>
              {formatDate(review.answer.created_at)}
            </time>
          </p>
          <Paragraphs text={review.answer.body} />
        </div>
      )}
      {children}
    </li>
  );
}
