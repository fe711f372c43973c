/**
 * What anyone may see of the site team's decisions on votes: the public moderation log (which
 * listing, how many votes, when, why; never who) and, for a listing's team, its counted votes and
 * voided votes by reason.
 */
import { getListingStats } from "../../kv/listing_stats.ts";
import { listVoidedVotes, readModerationLog } from "../../kv/vote_moderation.ts";
import type { ModerationEntry } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { type Page, toPage } from "../platform/paging.ts";

/** Entries per page of the moderation log. */
export const MODERATION_LOG_PER_PAGE = 25;

/** One page (from 1) of the moderation log, newest first. */
export async function moderationLog(deps: Deps, page: number): Promise<Page<ModerationEntry>> {
  const per_page = MODERATION_LOG_PER_PAGE;
  const { entries, total } = await readModerationLog(deps.kv, (page - 1) * per_page, per_page);
  return toPage(entries, total, { page, per_page });
}

/** A listing's votes as its team sees them: counted, and voided grouped by reason (most first). */
export interface ListingVoteModeration {
  counted: number;
  voided: { reason: string; votes: number }[];
}

export async function listingVoteModeration(
  deps: Deps,
  listingId: number,
): Promise<ListingVoteModeration> {
  const [stats, voided] = await Promise.all([
    getListingStats(deps.kv, listingId),
    listVoidedVotes(deps.kv, listingId),
  ]);
  const byReason = new Map<string, number>();
  for (const v of voided) byReason.set(v.reason, (byReason.get(v.reason) ?? 0) + 1);
  return {
    counted: stats.votes,
    voided: [...byReason].map(([reason, votes]) => ({ reason, votes }))
      .sort((a, b) => b.votes - a.votes || a.reason.localeCompare(b.reason)),
  };
}
