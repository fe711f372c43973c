/** What the listing page's parts receive: the public profile and the listing's alternatives. */
import type { getAlternatives, getPublicListing } from "../../services/directory/mod.ts";

/** A listing's public profile, as the directory serves it. */
export type Profile = Awaited<ReturnType<typeof getPublicListing>>;

/** The listing's alternatives, as the directory serves them. */
export type Alternatives = Awaited<ReturnType<typeof getAlternatives>>;

/**
 * Rel for links to a listing's own sites (website, socials, links, media): sponsored when paid,
 * followed when earned, nofollow otherwise, as the directory decides (services/directory
 * outbound_links.ts).
 */
export function outboundRel(listing: Pick<Profile, "outbound_link">): string {
  return listing.outbound_link.rel;
}
