/**
 * What anyone may see of the site team's decisions: the public moderation log (votes voided,
 * reviews removed or kept, listings removed or restored: which listing, when, why and how many;
 * never who) and, for a listing's team, its counted votes and voided votes by reason. This module
 * is the one writer of log entries: each decision builds its entry here and stages it into its own
 * atomic write (`stageModerationLog`).
 */
import { getListingStats } from "../../kv/listing_stats.ts";
import {
  listVoidedVotes,
  moderationKind,
  readModerationLog,
  stageModerationEntry,
} from "../../kv/vote_moderation.ts";
import type { Listing, ModerationEntry, ModerationKind } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { type Page, toPage } from "../platform/paging.ts";

export { moderationKind };

/** Entries per page of the moderation log. */
export const MODERATION_LOG_PER_PAGE = 25;

/** Every kind of entry, in the order the log's filter lists them. */
export const MODERATION_KINDS: readonly ModerationKind[] = [
  "votes_voided",
  "review_removed",
  "review_kept",
  "listing_removed",
  "listing_restored",
];

/** `value` as a kind of entry, or null (no filter) when it is none. */
export function parseModerationKind(value: string | null | undefined): ModerationKind | null {
  return MODERATION_KINDS.find((k) => k === value) ?? null;
}

/** One page (from 1) of the moderation log, newest first; only `kind` when given. */
export async function moderationLog(
  deps: Deps,
  page: number,
  kind: ModerationKind | null = null,
): Promise<Page<ModerationEntry>> {
  const per_page = MODERATION_LOG_PER_PAGE;
  const offset = (page - 1) * per_page;
  const { entries, total } = await readModerationLog(deps.kv, offset, per_page, kind ?? undefined);
  return toPage(entries, total, { page, per_page });
}

/** What a decision's entry says beyond its kind and listing. */
export interface ModerationFacts {
  reason: string;
  votes?: number;
  flags?: number;
  awards_note?: string | null;
}

/** A new log entry for a decision on `listing`, now: only the listing, never a person. */
export function newModerationEntry(
  deps: Deps,
  kind: ModerationKind,
  listing: Pick<Listing, "id" | "slug" | "name">,
  facts: ModerationFacts,
): ModerationEntry {
  return {
    id: crypto.randomUUID(),
    kind,
    at: deps.now().toISOString(),
    listing_id: listing.id,
    slug: listing.slug,
    name: listing.name,
    votes: facts.votes ?? 0,
    ...(facts.flags === undefined ? {} : { flags: facts.flags }),
    reason: facts.reason,
    awards_note: facts.awards_note ?? null,
  };
}

/** Stages `entry` into a decision's atomic write (`first`: counted; see stageModerationEntry). */
export function stageModerationLog(
  op: Deno.AtomicOperation,
  entry: ModerationEntry,
  first = true,
): void {
  stageModerationEntry(op, entry, first);
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
