/**
 * The site team's flagged reviews (ADMIN_EMAILS signed in; a 404 for anyone else).
 * `GET /admin/reviews`: the hidden reviews, oldest flag first, each with its flags' reasons.
 * `POST /admin/reviews/:id/decide` (`outcome` keep or remove, `reason` required; CSRF-checked):
 * a kept review shows and counts again; a removed one is gone from the page and the rating.
 */
import { type Context, Hono } from "hono";
import {
  decideReviewFlag,
  flaggedReviewQueue,
  REVIEW_REASON_MAX,
} from "../../services/community/mod.ts";
import { type ListingRef, listingRefs } from "../../services/commerce/mod.ts";
import type { ApiError, Deps } from "../../services/platform/mod.ts";
import { recordAudit } from "../../services/admin/mod.ts";
import { ReviewItem } from "../../components/listing/Reviews.tsx";
import { CsrfField, DateTime } from "../account/_ui.tsx";
import { readForm } from "../pages/_forms.ts";
import { CSRF_FIELD, type SessionEnv, verifyCsrf } from "../session.ts";
import { ErrorNotice, ListingLink, teamMember, teamPage, tryAction } from "./_team.tsx";

type Queue = Awaited<ReturnType<typeof flaggedReviewQueue>>;

/** The flagged reviews' routes. */
export function adminReviewRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/admin/reviews", async (c) => {
    if (!teamMember(deps, c)) return c.notFound();
    return await renderQueue(deps, c, null);
  });
  app.post("/admin/reviews/:id/decide", async (c) => {
    const who = teamMember(deps, c);
    if (!who) return c.notFound();
    const form = await readForm(c);
    verifyCsrf(deps, c, who.session, form.get(CSRF_FIELD));
    const id = c.req.param("id");
    const outcome = form.get("outcome");
    const error = await tryAction(async () => {
      const review = await decideReviewFlag(deps, id, {
        outcome,
        by: who.user.email,
        reason: form.get("reason"),
      });
      // decideReviewFlag has no hook into its commit: the entry follows it.
      await recordAudit(deps, {
        by: who.user.email,
        action: "review.decide",
        target: { type: "review", id },
        reason: review.decision?.reason ?? null,
        detail: { outcome: review.decision?.outcome ?? outcome, listing_id: review.listing_id },
      });
    });
    if (error) return await renderQueue(deps, c, { id, error }, error.status);
    return c.redirect(`/admin/reviews?done=${outcome === "keep" ? "kept" : "removed"}`, 303);
  });
  return app;
}

async function renderQueue(
  deps: Deps,
  c: Context<SessionEnv>,
  failed: { id: string; error: ApiError } | null,
  status = 200,
) {
  const who = teamMember(deps, c)!;
  const queue = await flaggedReviewQueue(deps);
  const listings = await listingRefs(deps, queue.map((q) => q.listing_id));
  const done = c.req.query("done");
  return teamPage(
    deps,
    c,
    "Flagged reviews",
    <section>
      <header class="page-header">
        <h1>Flagged reviews</h1>
        <p class="lead">
          Reviews people flagged, hidden from their listing and its rating until you keep or remove
          them. <a href="/admin/tasks">Tasks</a> · <a href="/admin/orders">Orders</a>
        </p>
      </header>
      {done && <p class="notice notice-ok" role="status">Review {done}.</p>}
      {failed && !queue.some((q) => q.review_id === failed.id) && (
        <ErrorNotice error={failed.error} />
      )}
      <FlaggedList
        queue={queue}
        listings={listings}
        csrf={who.session.csrf_token}
        failed={failed}
      />
    </section>,
    status,
  );
}

function FlaggedList(
  { queue, listings, csrf, failed }: {
    queue: Queue;
    listings: Map<number, ListingRef>;
    csrf: string;
    failed: { id: string; error: ApiError } | null;
  },
) {
  if (queue.length === 0) return <p class="muted">No flagged reviews.</p>;
  return (
    <ol class="reviews card">
      {queue.map((q) => (
        <ReviewItem
          key={q.review_id}
          review={q.review}
          note={
            <>
              On <ListingLink id={q.listing_id} listings={listings} />, hidden since{" "}
              <DateTime iso={q.since} />
            </>
          }
        >
          <FlagReasons flags={q.flags} />
          {failed?.id === q.review_id && <ErrorNotice error={failed.error} />}
          <DecideForm reviewId={q.review_id} csrf={csrf} />
        </ReviewItem>
      ))}
    </ol>
  );
}

function FlagReasons({ flags }: { flags: Queue[number]["flags"] }) {
  const reasons = flags.filter((f) => f.reason !== "");
  return (
    <p class="small">
      {flags.length} flag{flags.length === 1 ? "" : "s"}
      {reasons.length > 0 && `: ${reasons.map((f) => `“${f.reason}”`).join(", ")}`}
    </p>
  );
}

function DecideForm({ reviewId, csrf }: { reviewId: string; csrf: string }) {
  const field = `reason-${reviewId.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  return (
    <form
      method="post"
      action={`/admin/reviews/${encodeURIComponent(reviewId)}/decide`}
      class="form-stack"
    >
      <CsrfField token={csrf} />
      <div class="field">
        <label for={field}>Reason (required; kept with the decision)</label>
        <input id={field} name="reason" required maxLength={REVIEW_REASON_MAX} />
      </div>
      <div class="button-row">
        <button type="submit" name="outcome" value="keep" class="button button-small">Keep</button>
        {" "}
        <button
          type="submit"
          name="outcome"
          value="remove"
          class="button button-ghost button-small"
        >
          Remove
        </button>
      </div>
    </form>
  );
}
