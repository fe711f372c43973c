/** Listing views: one per visitor per day, a visitor known only by a hash of address and browser. */
import { recordView } from "../../kv/listing_stats.ts";
import type { Deps } from "../platform/deps.ts";
import { sha256Hex } from "../platform/secrets.ts";

/** Who viewed a page: the client's address and user agent, as the request gave them. */
export interface Visitor {
  ip: string;
  userAgent: string;
}

/** A SHA-256 hex of the visitor's address and user agent: tells visitors apart without keeping the address. */
export async function visitorKey(visitor: Visitor): Promise<string> {
  return await sha256Hex(`${visitor.ip || "unknown"}\n${visitor.userAgent}`);
}

/**
 * Counts a view of a listing once per visitor per day. Returns true when it was counted; a
 * failure to count is logged, never thrown, so that the page it came from still renders.
 */
export async function countListingView(
  deps: Deps,
  listingId: number,
  visitor: Visitor,
): Promise<boolean> {
  try {
    return await recordView(deps.kv, listingId, await visitorKey(visitor), deps.now());
  } catch (err) {
    console.error(`Cannot record a view of listing ${listingId}:`, err);
    return false;
  }
}
