/**
 * Suspicious vote clusters, voided votes and the public moderation log. Votes themselves move only
 * through kv/listing_stats.ts (`castVote`, `retractVote`); this module flags them, keeps the site
 * team's decisions and the public moderation log (every kind of decision, staged into its write).
 */
import * as keys from "./keys.ts";
import type { ModerationEntry, ModerationKind, VoidedVote, Vote, VoteCluster } from "./types.ts";
import { getManyValues, present } from "./read.ts";

/** A recent vote as the `votes_by_time` index and its record give it, with the record's version. */
export interface RecentVote {
  entry: Deno.KvEntry<Vote>;
  vote: Vote;
}

/** Votes cast from `from` (inclusive) to `to` (exclusive), oldest first, with their records. */
export async function listVotesBetween(kv: Deno.Kv, from: Date, to: Date): Promise<RecentVote[]> {
  const refs: Deno.KvKey[] = [];
  const iter = kv.list({
    start: [...keys.votesByTimePrefix(), from.toISOString()],
    end: [...keys.votesByTimePrefix(), to.toISOString()],
  });
  for await (const e of iter) refs.push(keys.voteKey(e.key[2] as number, e.key[3] as string));
  const out: RecentVote[] = [];
  for (let i = 0; i < refs.length; i += 10) {
    for (const entry of await kv.getMany<Vote[]>(refs.slice(i, i + 10))) {
      if (entry.versionstamp !== null) {
        out.push({ entry: entry as Deno.KvEntry<Vote>, vote: entry.value });
      }
    }
  }
  return out;
}

/**
 * Writes a new cluster and the flag on each of its votes in one atomic operation, each vote
 * checked unchanged since it was read (an undone vote makes the write fail: false).
 */
export async function putCluster(
  kv: Deno.Kv,
  cluster: VoteCluster,
  votes: RecentVote[],
): Promise<boolean> {
  const op = kv.atomic()
    .check({ key: keys.voteClusterKey(cluster.id), versionstamp: null })
    .set(keys.voteClusterKey(cluster.id), cluster)
    .set(keys.openVoteClusterKey(cluster.id), cluster.flagged_at);
  const flag = { cluster_id: cluster.id, reason: cluster.rule, flagged_at: cluster.flagged_at };
  for (const { entry, vote } of votes) {
    op.check(entry).set(entry.key, { ...vote, flag });
  }
  return (await op.commit()).ok;
}

export async function getCluster(kv: Deno.Kv, id: string): Promise<VoteCluster | null> {
  return (await kv.get<VoteCluster>(keys.voteClusterKey(id))).value;
}

/** The open clusters, oldest flag first. */
export async function listOpenClusters(kv: Deno.Kv): Promise<VoteCluster[]> {
  const ids: string[] = [];
  for await (const e of kv.list({ prefix: keys.openVoteClustersPrefix() })) {
    ids.push(e.key[1] as string);
  }
  const clusters = present(await getManyValues<VoteCluster>(kv, ids.map(keys.voteClusterKey)));
  return clusters.sort((a, b) => a.flagged_at.localeCompare(b.flagged_at));
}

/** Closes an open cluster with the site team's decision; false when it was decided meanwhile. */
export async function closeCluster(
  kv: Deno.Kv,
  cluster: VoteCluster,
  status: "voided" | "cleared",
  decision: VoteCluster["decision"],
): Promise<boolean> {
  const entry = await kv.get<VoteCluster>(keys.voteClusterKey(cluster.id));
  if (entry.value?.status !== "open") return false;
  const res = await kv.atomic().check(entry)
    .set(entry.key, { ...entry.value, status, decision })
    .delete(keys.openVoteClusterKey(cluster.id))
    .commit();
  return res.ok;
}

/** Adds a voided vote's private record and its voiding's log entry to a vote's retraction. */
export function recordVoiding(
  op: Deno.AtomicOperation,
  voided: VoidedVote,
  entry: ModerationEntry,
  first: boolean,
): void {
  op.set(keys.voidedVoteKey(voided.listing_id, voided.user_id), voided);
  stageModerationEntry(op, entry, first);
}

/**
 * Adds a log entry to a decision's atomic write; `first` counts it (false when the write replaces
 * an entry already counted, as a voiding does vote by vote).
 */
export function stageModerationEntry(
  op: Deno.AtomicOperation,
  entry: ModerationEntry,
  first = true,
): void {
  op.set(keys.moderationLogKey(entry.at, entry.id), entry);
  if (first) op.sum(keys.moderationLogCountKey(), 1n);
}

/** Whether a person's vote for a listing was voided. */
export async function wasVoided(kv: Deno.Kv, id: number, userId: string): Promise<boolean> {
  return (await kv.get(keys.voidedVoteKey(id, userId))).value !== null;
}

/** A listing's voided votes. */
export async function listVoidedVotes(kv: Deno.Kv, id: number): Promise<VoidedVote[]> {
  const out: VoidedVote[] = [];
  for await (const e of kv.list<VoidedVote>({ prefix: keys.voidedVotesPrefix(id) })) {
    out.push(e.value);
  }
  return out;
}

/** An entry's kind: entries written before kinds existed are voidings of votes. */
export function moderationKind(entry: ModerationEntry): ModerationKind {
  return entry.kind ?? "votes_voided";
}

/**
 * One page of the moderation log, newest first, and the number of entries; with `kind`, only
 * entries of that kind (read through the whole log: decisions are few).
 */
export async function readModerationLog(
  kv: Deno.Kv,
  offset: number,
  limit: number,
  kind?: ModerationKind,
): Promise<{ entries: ModerationEntry[]; total: number }> {
  if (kind) {
    const all: ModerationEntry[] = [];
    const iter = kv.list<ModerationEntry>({ prefix: keys.moderationLogPrefix() }, {
      reverse: true,
    });
    for await (const e of iter) if (moderationKind(e.value) === kind) all.push(e.value);
    return { entries: all.slice(offset, offset + limit), total: all.length };
  }
  const entries: ModerationEntry[] = [];
  const iter = kv.list<ModerationEntry>({ prefix: keys.moderationLogPrefix() }, {
    reverse: true,
    limit: offset + limit,
  });
  let i = 0;
  for await (const e of iter) if (i++ >= offset) entries.push(e.value);
  const count = await kv.get<Deno.KvU64>(keys.moderationLogCountKey());
  return { entries, total: Number(count.value?.value ?? 0n) };
}

/** A listing's votes on each of `days` (UTC dates), summed. */
export async function sumDailyVotes(kv: Deno.Kv, id: number, days: string[]): Promise<number> {
  const values = await getManyValues<Deno.KvU64>(kv, days.map((d) => keys.dailyVotesKey(d, id)));
  return values.reduce((sum, v) => sum + Number(v?.value ?? 0n), 0);
}

/** The votes of several people for one listing, in order (null where there is none). */
export function getVotes(kv: Deno.Kv, id: number, userIds: string[]): Promise<(Vote | null)[]> {
  return getManyValues<Vote>(kv, userIds.map((u) => keys.voteKey(id, u)));
}
