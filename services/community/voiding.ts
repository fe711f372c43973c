/**
 * The site team's decisions on suspicious votes. Voiding takes votes off every count through
 * `retractVote` (the vote's effects and its private voided record in one atomic write each) and
 * writes one entry on the public moderation log (listing, number of votes, when, why; never who).
 * A voided person cannot vote for that listing again. Clearing keeps the votes and closes the flag.
 * Launch of the Week awards already decided are not recomputed; the log entry says so.
 */
import { listAwardRecords } from "../../kv/awards.ts";
import { retractVote } from "../../kv/listing_stats.ts";
import { getListing } from "../../kv/listings.ts";
import type { Listing, ModerationEntry, Vote, VoteCluster } from "../../kv/types.ts";
import {
  closeCluster,
  getCluster,
  getVotes,
  listOpenClusters,
  recordVoiding,
} from "../../kv/vote_moderation.ts";
import type { Deps } from "../platform/deps.ts";
import { newModerationEntry } from "./moderation_log.ts";
import { badRequest, conflict, notFound } from "../platform/errors.ts";

/** A decision's reason: required, at most this many characters. */
export const MODERATION_REASON_MAX = 500;

/** Which votes to void: a flagged cluster's, or named people's votes for one listing. */
export type VoidTarget = { clusterId: string } | { listingId: number; userIds: string[] };

/** The decision's reason, trimmed: 1 to 500 characters, else a 400 on `reason`. */
function reasonOf(reason: unknown): string {
  const text = typeof reason === "string" ? reason.trim() : "";
  if (text.length === 0 || text.length > MODERATION_REASON_MAX) {
    throw badRequest(`A reason of 1 to ${MODERATION_REASON_MAX} characters is required`, [
      { path: "reason", message: `1 to ${MODERATION_REASON_MAX} characters` },
    ]);
  }
  return text;
}

async function openCluster(deps: Deps, id: string): Promise<VoteCluster> {
  const cluster = await getCluster(deps.kv, id);
  if (!cluster) throw notFound("vote cluster", id);
  if (cluster.status !== "open") throw conflict(`Cluster ${id} was already ${cluster.status}`);
  return cluster;
}

/**
 * Voids votes with a reason: each vote leaves every counter and board in its own atomic write,
 * with its voided record and the voiding's log entry (counting the votes voided so far), so the
 * log is exact even if the run stops halfway. Returns the log entry; 409 when no vote remains.
 */
export async function voidVotes(
  deps: Deps,
  input: VoidTarget & { reason: unknown; by: string },
): Promise<ModerationEntry> {
  const reason = reasonOf(input.reason);
  const cluster = "clusterId" in input ? await openCluster(deps, input.clusterId) : null;
  const listingId = cluster ? cluster.listing_id : (input as { listingId: number }).listingId;
  const userIds = cluster ? cluster.votes.map((v) => v.user_id) : [
    ...new Set((input as { userIds: string[] }).userIds),
  ];
  const listing = await getListing(deps.kv, listingId);
  if (!listing) throw notFound("listing", listingId);
  const votes = await getVotes(deps.kv, listingId, userIds);
  if (votes.every((v) => v === null)) {
    throw conflict(`None of these votes for ${listing.name} is counted any more`);
  }
  const entry = newModerationEntry(deps, "votes_voided", listing, {
    reason,
    awards_note: await awardsNote(deps, listing, votes),
  });
  const at = entry.at;
  for (const userId of userIds) {
    const taken = await retractVote(deps.kv, listingId, userId, (op, vote) => {
      recordVoiding(
        op,
        {
          listing_id: listingId,
          user_id: userId,
          at: vote.at,
          week: vote.week,
          signals: vote.signals,
          cluster_id: cluster?.id ?? null,
          voided_at: at,
          reason,
          by: input.by,
          log_id: entry.id,
        },
        { ...entry, votes: entry.votes + 1 },
        entry.votes === 0,
      );
    });
    if (taken) entry.votes++;
  }
  if (cluster) {
    await closeCluster(deps.kv, cluster, "voided", { at, by: input.by, reason });
  }
  return entry;
}

/** Closes a cluster's flag with a reason and keeps its votes counted. */
export async function clearCluster(
  deps: Deps,
  clusterId: string,
  input: { reason: unknown; by: string },
): Promise<VoteCluster> {
  const reason = reasonOf(input.reason);
  const cluster = await openCluster(deps, clusterId);
  const decision = { at: deps.now().toISOString(), by: input.by, reason };
  if (!await closeCluster(deps.kv, cluster, "cleared", decision)) {
    throw conflict(`Cluster ${clusterId} was decided meanwhile`);
  }
  return { ...cluster, status: "cleared", decision };
}

/** The open clusters for the site team, oldest flag first. */
export function openVoteClusters(deps: Deps): Promise<VoteCluster[]> {
  return listOpenClusters(deps.kv);
}

/**
 * When voided votes counted for a launch week whose Launch of the Week was already decided, what
 * the log says: the awards stand as decided (they are not recomputed) and the listing's place.
 */
async function awardsNote(
  deps: Deps,
  listing: Listing,
  votes: (Vote | null)[],
): Promise<string | null> {
  const week = listing.launch_week;
  const inWeek = votes.filter((v) => v !== null && v.week === week).length;
  if (!week || inWeek === 0) return null;
  const awards = (await listAwardRecords(deps.kv)).filter((a) => a.week === week);
  if (awards.length === 0) return null;
  const own = awards.find((a) => a.listing_id === listing.id);
  const place = own
    ? `${listing.name} was #${own.place} with ${own.votes} votes, ${inWeek} of them voided here`
    : `${listing.name} was not among them`;
  return `Launch of the Week for the week of ${week} was decided on ${
    awards[0].awarded_at.slice(0, 10)
  }, before this voiding; the awards stand as decided and are not recomputed (${place}).`;
}
