/**
 * Featured listings: the Featured badge and the home page's featured row. A bought Featured period
 * ends at `featured_until`; whatever shows "featured" asks `isFeatured` when it reads, so the
 * badge goes without a write. Live listings with the flag on are indexed (kv/listings.ts).
 */
import { getListings, listFeaturedListingIds } from "../../kv/listings.ts";
import { getListingStatsMany } from "../../kv/listing_stats.ts";
import type { Listing } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { summaryOf } from "./summary.ts";

/** Whether a listing shows as featured at `now` (a flag with no end date stays on). */
export function isFeatured(listing: Pick<Listing, "featured" | "featured_until">, now: Date) {
  if (!listing.featured) return false;
  return !listing.featured_until || Date.parse(listing.featured_until) > now.getTime();
}

/** The listing as shown at `now`: `featured` false once its period ended. */
export function withFeaturedNow<T extends Pick<Listing, "featured" | "featured_until">>(
  listing: T,
  now: Date,
): T {
  return isFeatured(listing, now) === listing.featured ? listing : { ...listing, featured: false };
}

/** The live listings featured now, most recently launched first, as listing summaries. */
export async function listFeatured(deps: Deps, limit: number) {
  const now = deps.now();
  const listings = (await getListings(deps.kv, await listFeaturedListingIds(deps.kv)))
    .filter((l) => l.status === "live" && isFeatured(l, now))
    .sort((a, b) => (b.launched_at ?? "").localeCompare(a.launched_at ?? "") || a.id - b.id)
    .slice(0, limit);
  const stats = await getListingStatsMany(deps.kv, listings.map((l) => l.id));
  return listings.map((l) => summaryOf(l, stats.get(l.id)!));
}
