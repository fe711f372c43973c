/**
 * `/dashboard/listings/:id/reviews`: every review of the listing, newest first, hidden (flagged)
 * ones included and marked, each with its answer or the form to answer it once (posted to
 * `/reviews/:id/answer`, which comes back here).
 */
import { type Context, Hono } from "hono";
import type { ComponentChildren } from "preact";
import type { Review } from "../../kv/types.ts";
import { reviewsForTeam } from "../../services/community/mod.ts";
import type { Deps } from "../../services/platform/mod.ts";
import { RatingSummary, ReviewItem } from "../../components/listing/Reviews.tsx";
import { AnswerForm } from "../community/_review_parts.tsx";
import type { SessionEnv } from "../session.ts";
import { listingPage, openMyListing } from "./_listing_parts.tsx";
import { dashboardPaths } from "./_ui.tsx";

/** The reviews tab. */
export function listingReviewsRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/dashboard/listings/:id/reviews", (c) => renderReviews(deps, c));
  return app;
}

/** What the team reads about a review besides its text. */
function teamNote(review: Review, byTeam: Set<string>): ComponentChildren {
  if (review.flagged) {
    return (
      <>
        <span class="pill" data-hidden>Hidden</span>{" "}
        Flagged by a visitor; the site team will keep or remove it. It is not shown on your page or
        counted meanwhile.
      </>
    );
  }
  if (byTeam.has(review.id)) return "From your team: shown, not counted in the rating.";
  if (review.decision?.outcome === "kept") return "Flagged, then kept by the site team.";
  return undefined;
}

async function renderReviews(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const { who, listing } = await openMyListing(deps, c);
  const id = listing.listing_id;
  const { reviews, byTeam } = await reviewsForTeam(deps, id);
  const back = dashboardPaths.listingTab(id, "reviews");
  const hidden = reviews.filter((r) => r.flagged).length;
  return await listingPage(
    deps,
    c,
    {
      listing,
      tab: "reviews",
      title: "Reviews",
      lead: "What people wrote about the listing. You can answer each review once, publicly: " +
        "the answer shows under the review on your page.",
    },
    (
      <section class="card" aria-labelledby="team-reviews-title">
        <h2 id="team-reviews-title">
          {reviews.length} review{reviews.length === 1 ? "" : "s"}
          {hidden > 0 && `, ${hidden} hidden`}
        </h2>
        <RatingSummary rating={listing.community_rating} />
        {reviews.length === 0 ? <p class="muted">No reviews yet.</p> : (
          <ol class="reviews">
            {reviews.map((r) => (
              <ReviewItem key={r.id} review={r} note={teamNote(r, byTeam)}>
                {!r.answer && (
                  <AnswerForm review={r} csrf={who.session.csrf_token} returnTo={back} />
                )}
              </ReviewItem>
            ))}
          </ol>
        )}
      </section>
    ),
  );
}
