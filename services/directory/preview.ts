/**
 * The owner's preview of a listing that is not public yet: a submitted draft's page as it will
 * look, shown only to the people who run the listing. Everyone else gets the 404 a listing that
 * is not public gets.
 */
import { getListingBySlug } from "../../kv/listings.ts";
import type { Listing } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { profileOf } from "./listings.ts";
import { isListingTeam } from "./my_listings.ts";

/** Statuses whose page its team may preview (a removed listing is not shown, even to them). */
export const PREVIEW_STATUSES: ReadonlySet<Listing["status"]> = new Set(["draft"]);

/**
 * The full profile of a listing not public yet, when `userId` runs it (owner or co-founder);
 * null for anyone else, an unknown slug, or a listing whose status has no preview.
 */
export async function getListingPreview(deps: Deps, slug: string, userId: string) {
  const listing = await getListingBySlug(deps.kv, slug);
  if (!listing || !PREVIEW_STATUSES.has(listing.status)) return null;
  if (!isListingTeam(listing, userId)) return null;
  return await profileOf(deps, listing);
}
