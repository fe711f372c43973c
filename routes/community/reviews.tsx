/**
 * Reviews on the site (signed-in people; CSRF-checked; rate limited per person by the service):
 *
 * - `GET /listings/:slug/review`: write or edit your review on its own page (signed out: sign in
 *   and come back here). `POST` writes it (or, with `review_id`, edits it) and answers 303 to the
 *   review on the listing page; a refused post shows this page again with the message at its field.
 * - `POST /reviews/:id/flag` (optional `reason`): hides the review until the site team decides.
 * - `POST /reviews/:id/answer`: the listing team's one public answer.
 *
 * Flag and answer posts carry `return_to`, a path on this site (the listing page or the founder
 * dashboard) to come back to.
 */
import { type Context, Hono } from "hono";
import {
  answerReview,
  createReview,
  editReview,
  findReview,
  flagReview,
  reviewsForPage,
} from "../../services/community/mod.ts";
import { safeNextPath } from "../../services/access/mod.ts";
import { getPublicListing } from "../../services/directory/mod.ts";
import { ApiError, type Deps } from "../../services/platform/mod.ts";
import { RatingSummary, reviewAnchor, ReviewItem } from "../../components/listing/Reviews.tsx";
import { noStore } from "../middleware.ts";
import { privatePage, readForm } from "../pages/_forms.ts";
import {
  assertSignedIn,
  CSRF_FIELD,
  currentSession,
  type SessionEnv,
  verifyCsrf,
} from "../session.ts";
import { AnswerForm, type ListingReviews, ReviewForm, reviewPaths } from "./_review_parts.tsx";

/** The reviews' routes; the app mounts them before the public pages. */
export function reviewRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.use("/listings/:slug/review", noStore());
  app.use("/reviews/*", noStore());
  app.get("/listings/:slug/review", async (c) => {
    const who = assertSignedIn(c);
    return await writePage(deps, c, who.user.id, who.session.csrf_token, {});
  });
  app.post("/listings/:slug/review", (c) => postReview(deps, c));
  app.post("/reviews/:id/flag", async (c) => {
    const { who, form, back } = await checkedPost(deps, c);
    const review = await flagReview(deps, who.user.id, c.req.param("id"), form.get("reason"));
    // A hidden review has no anchor any more: back to the list it was in.
    const anchor = review.flagged ? "reviews" : reviewAnchor(review.id);
    return c.redirect(`${back}#${anchor}`, 303);
  });
  app.post("/reviews/:id/answer", (c) => postAnswer(deps, c));
  return app;
}

/** The listing page's Reviews section data for the signed-in person (or none). */
export async function listingReviews(
  deps: Deps,
  c: Context,
  listing: { id: number },
): Promise<ListingReviews> {
  const who = currentSession(c);
  const data = await reviewsForPage(deps, listing.id, who?.user.id ?? null);
  return { data, viewer: who && { id: who.user.id, csrf: who.session.csrf_token } };
}

/** A signed-in person's checked form post, with where to come back to. */
async function checkedPost(deps: Deps, c: Context<SessionEnv>) {
  const form = await readForm(c);
  const back = safeNextPath(form.get("return_to"));
  const who = assertSignedIn(c, { next: back });
  verifyCsrf(deps, c, who.session, form.get(CSRF_FIELD));
  return { who, form, back };
}

/** An ApiError a form shows to the person (4xx but the CSRF and rate limit ones), else rethrown. */
function shownError(err: unknown): ApiError {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429) {
    return err;
  }
  throw err;
}

async function postReview(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const slug = c.req.param("slug") ?? "";
  const form = await readForm(c);
  const who = assertSignedIn(c, { next: reviewPaths.write(slug) });
  verifyCsrf(deps, c, who.session, form.get(CSRF_FIELD));
  const input = { rating: form.get("rating") ?? "", body: form.get("body") ?? "" };
  const reviewId = form.get("review_id");
  try {
    const review = reviewId
      ? await editReview(deps, who.user.id, reviewId, input)
      : await createReview(deps, who.user, slug, input);
    return c.redirect(reviewPaths.at(reviewPaths.listing(slug), review.id), 303);
  } catch (err) {
    const error = shownError(err);
    return await writePage(deps, c, who.user.id, who.session.csrf_token, { input, error });
  }
}

/** The page with the write (or edit) form; with a refused post's input and message. */
async function writePage(
  deps: Deps,
  c: Context<SessionEnv>,
  userId: string,
  csrf: string,
  { input, error }: { input?: { rating: string; body: string }; error?: ApiError },
): Promise<Response> {
  const listing = await getPublicListing(deps, c.req.param("slug") ?? "");
  const data = await reviewsForPage(deps, listing.id, userId);
  const mine = data.mine && !data.mine.removed ? data.mine.review : undefined;
  const title = `${mine ? "Edit your review" : "Review"} of ${listing.name}`;
  const closed = data.mine?.removed
    ? "Your review of this listing was removed by the site team"
    : data.refusal && !mine
    ? data.refusal
    : !data.open
    ? "Reviews open once the listing is live"
    : null;
  const fieldError = error?.details.some((d) => d.path === "rating" || d.path === "body");
  return privatePage(
    deps,
    c,
    {
      title,
      description: `Rate ${listing.name} and say what you think of it.`,
      status: error?.status ?? (closed ? 409 : 200),
    },
    (
      <section class="narrow">
        <header class="page-header">
          <h1>{title}</h1>
          <RatingSummary rating={listing.community_rating} />
          <p>
            <a href={reviewPaths.listing(listing.slug)}>Back to {listing.name}</a>
          </p>
        </header>
        {error && !fieldError && <p class="notice notice-error" role="alert">{error.message}</p>}
        {closed ? <p class="notice" role="status">{closed}.</p> : (
          <ReviewForm
            slug={listing.slug}
            csrf={csrf}
            review={mine}
            input={input}
            errors={error?.details}
          />
        )}
      </section>
    ),
  );
}

async function postAnswer(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const { who, form, back } = await checkedPost(deps, c);
  const reviewId = c.req.param("id") ?? "";
  const body = form.get("answer") ?? "";
  try {
    const review = await answerReview(deps, who.user, reviewId, body);
    return c.redirect(reviewPaths.at(back, review.id), 303);
  } catch (err) {
    const error = shownError(err);
    if (error.status === 404 || error.status === 403) throw error;
    return await answerPage(deps, c, { csrf: who.session.csrf_token, back, reviewId, body, error });
  }
}

/** A refused answer: the review, the message and the form again, on a page of its own. */
async function answerPage(
  deps: Deps,
  c: Context<SessionEnv>,
  page: { csrf: string; back: string; reviewId: string; body: string; error: ApiError },
): Promise<Response> {
  const review = await findReview(deps, page.reviewId);
  const atField = page.error.details.some((d) => d.path === "answer");
  return privatePage(
    deps,
    c,
    {
      title: "Answer a review",
      description: "Your public answer to a review of your listing.",
      status: page.error.status,
    },
    (
      <section class="narrow">
        <header class="page-header">
          <h1>Answer a review</h1>
          <p>
            <a href={page.back}>Back</a>
          </p>
        </header>
        {!atField && <p class="notice notice-error" role="alert">{page.error.message}</p>}
        {review && (
          <ol class="reviews">
            <ReviewItem review={review}>
              {!review.answer && (
                <AnswerForm
                  review={review}
                  csrf={page.csrf}
                  returnTo={page.back}
                  value={page.body}
                  error={atField ? page.error.message : undefined}
                />
              )}
            </ReviewItem>
          </ol>
        )}
      </section>
    ),
  );
}
