/**
 * The cluster job: finds suspicious clusters among recent votes and flags them for the site team.
 * Flagged votes stay counted; only the site team's voiding (voiding.ts) takes them off. A vote is
 * "suspect" when its voter's account was younger than a day or had no other activity (no other
 * votes, no listings) when it voted; only suspect votes are ever flagged.
 *
 * Rules (each a named constant below):
 * - `network_burst`: at least CLUSTER_MIN_VOTES suspect votes for one listing from one network
 *   prefix (IPv4 /24, IPv6 /48) within CLUSTER_WINDOW_MIN minutes.
 * - `baseline_burst`: at least BURST_MIN_VOTES suspect votes for one listing within
 *   BURST_WINDOW_MIN minutes from any networks, and at least BURST_FACTOR times the listing's own
 *   usual rate (its votes per BURST_WINDOW_MIN over the BASELINE_DAYS days before).
 * Re-running flags nothing twice: a flagged vote carries its cluster and is skipped.
 */
import {
  listVotesBetween,
  putCluster,
  type RecentVote,
  sumDailyVotes,
} from "../../kv/vote_moderation.ts";
import type { VoteCluster, VoteClusterRule } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { isoDate } from "../platform/weeks.ts";

/** How far back each run looks (the job runs every 10 minutes, so windows overlap generously). */
export const SCAN_WINDOW_HOURS = 2;
/** A voter younger than this (seconds) at the time of the vote is a new account. */
export const NEW_ACCOUNT_S = 86_400;
/** network_burst: this many suspect votes from one prefix for one listing ... */
export const CLUSTER_MIN_VOTES = 10;
/** ... within this many minutes. */
export const CLUSTER_WINDOW_MIN = 10;
/** baseline_burst: this many suspect votes for one listing from any networks ... */
export const BURST_MIN_VOTES = 15;
/** ... within this many minutes ... */
export const BURST_WINDOW_MIN = 10;
/** ... and this many times the listing's usual votes in such a window ... */
export const BURST_FACTOR = 10;
/** ... the usual rate being its votes over this many days before the scan. */
export const BASELINE_DAYS = 7;
/** At most this many votes per cluster record (one atomic write); a bigger ring makes several. */
const CLUSTER_VOTES_MAX = 90;

const MINUTE = 60_000;

/** Whether a vote's voter was new or had no other activity when voting (never flag otherwise). */
function suspect(v: RecentVote): boolean {
  const s = v.vote.signals;
  return s !== null && (s.account_age_s < NEW_ACCOUNT_S || !s.other_activity);
}

/** Scans the last SCAN_WINDOW_HOURS of votes and flags new clusters; returns the clusters made. */
export async function flagVoteClusters(deps: Deps): Promise<VoteCluster[]> {
  const now = deps.now();
  const from = new Date(now.getTime() - SCAN_WINDOW_HOURS * 3_600_000);
  const recent = (await listVotesBetween(deps.kv, from, new Date(now.getTime() + 1)))
    .filter((v) => !v.vote.flag && suspect(v));
  const byListing = groupBy(recent, (v) => String(v.vote.listing_id));
  const made: VoteCluster[] = [];
  for (const votes of byListing.values()) {
    const taken = new Set<RecentVote>();
    for (const [prefix, group] of groupBy(votes, (v) => v.vote.signals!.network_prefix ?? "")) {
      if (prefix === "") continue;
      for (const run of bursts(group, CLUSTER_WINDOW_MIN, CLUSTER_MIN_VOTES)) {
        run.forEach((v) => taken.add(v));
        made.push(...await flag(deps, now, "network_burst", run, prefix));
      }
    }
    const rest = votes.filter((v) => !taken.has(v));
    if (rest.length < BURST_MIN_VOTES) continue;
    const usual = await usualRate(deps, rest[0].vote.listing_id, from);
    const least = Math.max(BURST_MIN_VOTES, Math.ceil(BURST_FACTOR * usual));
    for (const run of bursts(rest, BURST_WINDOW_MIN, least)) {
      made.push(...await flag(deps, now, "baseline_burst", run, null, usual));
    }
  }
  return made;
}

/** A listing's usual votes per BURST_WINDOW_MIN over the BASELINE_DAYS days before `before`. */
async function usualRate(deps: Deps, id: number, before: Date): Promise<number> {
  const days = Array.from(
    { length: BASELINE_DAYS },
    (_, i) => isoDate(new Date(before.getTime() - (i + 1) * 86_400_000)),
  );
  const total = await sumDailyVotes(deps.kv, id, days);
  return total / (BASELINE_DAYS * 24 * 60 / BURST_WINDOW_MIN);
}

/** Runs of at least `least` votes (oldest first) falling within `minutes` of the run's first. */
function bursts(votes: RecentVote[], minutes: number, least: number): RecentVote[][] {
  const sorted = [...votes].sort((a, b) => a.vote.at.localeCompare(b.vote.at));
  const runs: RecentVote[][] = [];
  let i = 0;
  while (i < sorted.length) {
    const start = Date.parse(sorted[i].vote.at);
    let j = i;
    while (j < sorted.length && Date.parse(sorted[j].vote.at) - start <= minutes * MINUTE) j++;
    if (j - i >= least) {
      runs.push(sorted.slice(i, j));
      i = j;
    } else i++;
  }
  return runs;
}

/** Writes a run as one or more clusters (each with its votes' flags); skips a part that changed. */
async function flag(
  deps: Deps,
  now: Date,
  rule: VoteClusterRule,
  run: RecentVote[],
  prefix: string | null,
  usual = 0,
): Promise<VoteCluster[]> {
  const made: VoteCluster[] = [];
  for (let i = 0; i < run.length; i += CLUSTER_VOTES_MAX) {
    const part = run.slice(i, i + CLUSTER_VOTES_MAX);
    const cluster = clusterOf(now, rule, part, prefix, usual);
    if (await putCluster(deps.kv, cluster, part)) made.push(cluster);
  }
  return made;
}

function clusterOf(
  now: Date,
  rule: VoteClusterRule,
  part: RecentVote[],
  prefix: string | null,
  usual: number,
): VoteCluster {
  const first = part[0].vote;
  const last = part[part.length - 1].vote;
  const minutes = Math.max(1, Math.ceil((Date.parse(last.at) - Date.parse(first.at)) / MINUTE));
  const n = part.length;
  const detail = rule === "network_burst"
    ? `${n} votes from ${prefix} within ${minutes} min by new or otherwise inactive accounts`
    : `${n} votes within ${minutes} min by new or otherwise inactive accounts, against a usual ${
      usual.toFixed(1)
    } per ${BURST_WINDOW_MIN} min`;
  return {
    id: `${first.listing_id}-${Date.parse(first.at).toString(36)}-${first.user_id.slice(0, 8)}`,
    listing_id: first.listing_id,
    rule,
    detail,
    network_prefix: prefix,
    votes: part.map(({ vote }) => ({
      user_id: vote.user_id,
      at: vote.at,
      account_age_s: vote.signals!.account_age_s,
      other_activity: vote.signals!.other_activity,
      network_prefix: vote.signals!.network_prefix,
    })),
    first_at: first.at,
    last_at: last.at,
    flagged_at: now.toISOString(),
    status: "open",
    decision: null,
  };
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    out.set(key, [...out.get(key) ?? [], item]);
  }
  return out;
}
