/**
 * ai_review: a written review of the listing's wording and gaps, quoting the listing's website,
 * made at fulfilment from the listing and the draft it came from (see review_text.ts). The review
 * is the line's `result`, which the founder reads in get_order and on the receipt. When no quote of
 * the website is on record (the listing was not drafted from it), the site team gets a task to add
 * the quotes, and the line stays unfulfilled until it is done.
 */
import { getDrafts, listDraftIdsByUser } from "../../../kv/drafts.ts";
import type { Draft, Listing } from "../../../kv/types.ts";
import type { Deps } from "../../platform/deps.ts";
import type { LineContext, LineOutcome } from "../fulfilment.ts";
import { reviewListing } from "./review_text.ts";

/** The draft a listing was made from (the newest of its owner's drafts for it), or null. */
async function draftOf(deps: Deps, listing: Listing): Promise<Draft | null> {
  if (!listing.owner_id) return null;
  const drafts = await getDrafts(deps.kv, await listDraftIdsByUser(deps.kv, listing.owner_id));
  return drafts.filter((d) => d.listing_id === listing.id)
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0] ?? null;
}

/** The review on the line; a task when it could quote nothing. */
export async function fulfilAiReview(ctx: LineContext): Promise<LineOutcome> {
  const listing = ctx.state!.listing;
  const review = reviewListing(listing, await draftOf(ctx.deps, listing));
  if (review.quotes.length > 0) return { result: review.text };
  return {
    result: review.text,
    tasks: [{
      title: "Add website quotes to an AI review",
      details:
        `Order ${ctx.order.number}, line ${ctx.index + 1}: the review of "${listing.name}" ` +
        `(id ${listing.id}) has no quote of ${listing.url} on record. Read the site and send the ` +
        "founder the quotes that back or contradict the listing's wording.",
    }],
  };
}
