/** What the listing page's parts receive: the public profile and the listing's alternatives. */
import type { getAlternatives, getPublicListing } from "../../services/directory/mod.ts";

/** A listing's public profile, as the directory serves it. */
export type Profile = Awaited<ReturnType<typeof getPublicListing>>;

/** The listing's alternatives, as the directory serves them. */
export type Alternatives = Awaited<ReturnType<typeof getAlternatives>>;

/** Rel for links to a listing's own sites: user-submitted, so not endorsed unless ownership is verified. */
export function outboundRel(verified: boolean): string {
  return verified ? "noopener ugc" : "noopener ugc nofollow";
}
