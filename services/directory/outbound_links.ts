/**
 * Honest outbound links: which kind a listing's links to its own sites are, and the `rel` each
 * kind carries, decided in this one place for every page that links out.
 *
 * - `sponsored`: money placed the listing here (a paid launch, a Featured period running now, or a
 *   contribution on the paid billboard): `rel="sponsored noopener"`.
 * - `earned`: not paid, and the listing won a Launch of the Week award, or the badge check found
 *   the site's badge on its website: a followed link, `rel="noopener"`.
 * - `plain`: neither: `rel="nofollow noopener"`.
 *
 * Paid comes first: a paid listing that also won an award is still `sponsored`, as search engines
 * ask of any link that money stands behind.
 */
import type { Award, FreePlan, Listing, ListingStats } from "../../kv/types.ts";
import { isFeatured } from "./featured.ts";

/** The kinds of outbound link, in the order they are decided. */
export const OUTBOUND_LINK_KINDS = ["sponsored", "earned", "plain"] as const;
/** One kind of outbound link. */
export type OutboundLinkKind = typeof OUTBOUND_LINK_KINDS[number];

/** The `rel` of each kind (every outbound link opens in a new tab without an opener). */
export const OUTBOUND_RELS: Readonly<Record<OutboundLinkKind, string>> = {
  sponsored: "sponsored noopener",
  earned: "noopener",
  plain: "nofollow noopener",
};

/** What decides a listing's kind: its record, counters, awards and free plan. */
export interface OutboundLinkFacts {
  listing: Pick<Listing, "plan" | "featured" | "featured_until">;
  stats: Pick<ListingStats, "billboard_cents">;
  awards: readonly Pick<Award, "place">[];
  freePlan: Pick<FreePlan, "badge_check"> | null;
}

/** Why a listing's links are of their kind, in a short phrase (for the profile). */
export type OutboundLinkReason =
  | "paid_launch"
  | "featured"
  | "billboard"
  | "award"
  | "badge_found"
  | "not_paid_or_earned";

/**
 * The kind of a listing's outbound links at `now`, with the reason.
 *
 * @example
 * ```ts
 * outboundLinkKind({ listing, stats, awards: [], freePlan: null }, new Date()).kind; // "plain"
 * ```
 */
export function outboundLinkKind(
  facts: OutboundLinkFacts,
  now: Date,
): { kind: OutboundLinkKind; reason: OutboundLinkReason } {
  const { listing, stats, awards, freePlan } = facts;
  if (listing.plan === "paid") return { kind: "sponsored", reason: "paid_launch" };
  if (isFeatured(listing, now)) return { kind: "sponsored", reason: "featured" };
  if (stats.billboard_cents > 0) return { kind: "sponsored", reason: "billboard" };
  if (awards.length > 0) return { kind: "earned", reason: "award" };
  if (freePlan?.badge_check?.status === "found") return { kind: "earned", reason: "badge_found" };
  return { kind: "plain", reason: "not_paid_or_earned" };
}

/** The profile's `outbound_link`: kind, reason and the `rel` every link to the listing carries. */
export function outboundLinkOf(facts: OutboundLinkFacts, now: Date) {
  const { kind, reason } = outboundLinkKind(facts, now);
  return { kind, reason, rel: OUTBOUND_RELS[kind] };
}
