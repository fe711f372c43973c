/** The caller's own listings: reading them, posting updates, milestones and the founder story. */
import {
  getListing,
  getListings,
  listListingIdsByOwner,
  updateListing,
} from "../../kv/listings.ts";
import type { FounderStory, Listing, Milestone } from "../../kv/types.ts";
import type { Caller } from "../access/access.ts";
import type { Deps } from "../platform/deps.ts";
import { notFound } from "../platform/errors.ts";
import { pageOf } from "../platform/paging.ts";
import { profileOf } from "./listings.ts";
import { getListingStatsMany } from "../../kv/listing_stats.ts";
import { addListingUpdate } from "../../kv/listing_feed.ts";
import { summaryOf } from "./summary.ts";
import type { IdempotencySeal } from "../access/idempotency.ts";
import { stageUpdateNotice } from "../publishing/followers.ts";
import { freePlanView } from "../publishing/view.ts";

/** Whether a person owns a listing or is one of its co-founders. */
export function isListingTeam(listing: Listing, userId: string): boolean {
  return listing.owner_id === userId || listing.cofounder_ids.includes(userId);
}

/** The caller's listing, or 404 (another account's listing is not revealed). */
export async function requireOwnListing(deps: Deps, caller: Caller, id: number): Promise<Listing> {
  const listing = await getListing(deps.kv, id);
  if (!listing || listing.status === "removed" || !isListingTeam(listing, caller.userId)) {
    throw notFound("listing", id);
  }
  return listing;
}

/**
 * The owner's view of a listing: everything public at the top level (the public profile's fields,
 * built by the same code as get_listing), with the publishing state beside it. The paid sections
 * (story, milestones, media) are shown to the owner whether or not they are unlocked;
 * `unlocked_sections` says which ones the public sees.
 */
export async function myListingView(deps: Deps, listing: Listing) {
  const profile = await profileOf(deps, listing);
  return {
    ...profile,
    listing_id: listing.id,
    status: listing.status,
    plan: listing.plan,
    launch_week: listing.launch_week,
    unlocked_sections: listing.unlocked,
    story: listing.story,
    milestones: listing.milestones,
    media: listing.media,
    ...await publishingState(deps, listing),
  };
}

/**
 * Where the listing stands in the free queue: its place in the week's queue and the last badge
 * check at the top level (null when not on the free plan), and the whole free plan (reserved
 * week, queue position, badge embed code, what the check looks for) as `free_plan`.
 */
async function publishingState(deps: Deps, listing: Listing) {
  const freePlan = listing.plan === "free" ? await freePlanView(deps, listing) : null;
  return {
    queue_position: freePlan?.queue_position ?? null,
    badge_check: freePlan?.badge_check ?? null,
    free_plan: freePlan,
  };
}

/** list_my_listings: every listing the caller owns, any status, newest first. */
export async function listMyListings(
  deps: Deps,
  caller: Caller,
  query: { page: number; per_page: number },
) {
  const ids = (await listListingIdsByOwner(deps.kv, caller.userId)).sort((a, b) => b - a);
  const page = pageOf(ids, query);
  const listings = await getListings(deps.kv, page.items);
  const stats = await getListingStatsMany(deps.kv, page.items);
  return {
    ...page,
    items: listings.filter((l) => l.status !== "removed").map((l) => ({
      listing_id: l.id,
      plan: l.plan,
      unlocked_sections: l.unlocked,
      ...summaryOf(l, stats.get(l.id)!),
    })),
  };
}

/** get_my_listing. */
export async function getMyListing(deps: Deps, caller: Caller, id: number) {
  return await myListingView(deps, await requireOwnListing(deps, caller, id));
}

/** post_listing_update: adds an update to the listing's feed (followers are told by a job). */
export async function postListingUpdate(
  deps: Deps,
  caller: Caller,
  id: number,
  update: { title: string; body: string },
  seal?: IdempotencySeal,
) {
  await requireOwnListing(deps, caller, id);
  return await addListingUpdate(
    deps.kv,
    id,
    update,
    deps.now(),
    (op, record) => {
      // The followers' mailing is queued in the update's own commit.
      stageUpdateNotice(op, record);
      return seal?.(op, record);
    },
  );
}

/** add_milestone: a new milestone with the next id of the listing. */
export async function addMilestone(
  deps: Deps,
  caller: Caller,
  id: number,
  input: { date: string; title: string; description?: string; url?: string },
  seal?: IdempotencySeal,
) {
  await requireOwnListing(deps, caller, id);
  let added: Milestone | null = null;
  const answer = (listing: Listing) => ({
    listing_id: id,
    milestone: added!,
    shown_publicly: listing.unlocked.includes("milestones"),
  });
  const updated = await updateListing(
    deps.kv,
    id,
    (listing) => {
      const nextId = Math.max(0, ...listing.milestones.map((m) => m.id)) + 1;
      added = { id: nextId, ...input };
      const milestones = [...listing.milestones, added].sort((a, b) =>
        a.date.localeCompare(b.date) || a.id - b.id
      );
      return { milestones };
    },
    deps.now(),
    seal && ((op, after) => seal(op, answer(after))),
  );
  if (!updated) throw notFound("listing", id);
  return answer(updated);
}

/** delete_milestone: removes one milestone, or 404 when the listing has no such milestone. */
export async function deleteMilestone(
  deps: Deps,
  caller: Caller,
  id: number,
  milestoneId: number,
  seal?: IdempotencySeal,
) {
  const listing = await requireOwnListing(deps, caller, id);
  if (!listing.milestones.some((m) => m.id === milestoneId)) {
    throw notFound("milestone", milestoneId);
  }
  const answer = { listing_id: id, deleted: milestoneId };
  await updateListing(
    deps.kv,
    id,
    (l) => ({ milestones: l.milestones.filter((m) => m.id !== milestoneId) }),
    deps.now(),
    seal && ((op) => seal(op, answer)),
  );
  return answer;
}

/** set_founder_story: replaces the founder story published with the listing. */
export async function setFounderStory(
  deps: Deps,
  caller: Caller,
  id: number,
  story: FounderStory,
  seal?: IdempotencySeal,
) {
  await requireOwnListing(deps, caller, id);
  const answer = (listing: Listing) => ({
    listing_id: id,
    story: listing.story,
    shown_publicly: listing.unlocked.includes("story"),
  });
  const updated = await updateListing(
    deps.kv,
    id,
    () => ({ story }),
    deps.now(),
    seal && ((op, after) => seal(op, answer(after))),
  );
  if (!updated) throw notFound("listing", id);
  return answer(updated);
}
