/**
 * Whether the public listing page offers "Claim this listing": to signed-out visitors (the form
 * sends them to sign in and back) and to signed-in people who are not on the listing's team.
 */
import type { Context } from "hono";
import { getListing } from "../../kv/listings.ts";
import { isListingTeam } from "../../services/directory/my_listings.ts";
import type { Deps } from "../../services/platform/mod.ts";
import { currentSession } from "../session.ts";
import { claimPaths } from "./_claim_parts.tsx";

/** The claim form's path for this listing, or null when the person already runs it. */
export async function claimOffer(
  deps: Deps,
  c: Context,
  listing: { id: number; slug: string },
): Promise<string | null> {
  const who = currentSession(c);
  if (who) {
    const stored = await getListing(deps.kv, listing.id);
    if (stored && isListingTeam(stored, who.user.id)) return null;
  }
  return claimPaths.start(listing.slug);
}
