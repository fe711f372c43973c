/**
 * A listing's stats and what moves them: votes, views, follows, billboard money, Domain Rating and
 * revenue. Each write goes through `updateListingState`, so the stats, the board entries they
 * rank and the record that proves the event (a vote, a view) move in one atomic operation.
 */
import * as keys from "./keys.ts";
import type { ListingStats, RevenueFigure, Vote, VoteSignals } from "./types.ts";
import { isoDate, mondayOf } from "../services/platform/weeks.ts";
import { EMPTY_STATS, updateListingState } from "./listings.ts";
import { getManyValues } from "./read.ts";
import { addDaily } from "./listing_daily.ts";

const U64_MINUS_ONE = (1n << 64n) - 1n;

/** Reads a listing's stats (zero stats when none were written). */
export async function getListingStats(kv: Deno.Kv, id: number): Promise<ListingStats> {
  return (await kv.get<ListingStats>(keys.listingStatsKey(id))).value ?? EMPTY_STATS;
}

/** Reads the stats of several listings, keyed by id. */
export async function getListingStatsMany(
  kv: Deno.Kv,
  ids: number[],
): Promise<Map<number, ListingStats>> {
  const values = await getManyValues<ListingStats>(kv, ids.map(keys.listingStatsKey));
  return new Map(ids.map((id, i) => [id, values[i] ?? EMPTY_STATS]));
}

/** Whether a user has voted for a listing. */
export async function hasVoted(kv: Deno.Kv, id: number, userId: string): Promise<boolean> {
  return (await kv.get(keys.voteKey(id, userId))).value !== null;
}

/** Ids (of `ids`) of the listings a user has voted for, read in one batch. */
export async function votedListingIds(
  kv: Deno.Kv,
  userId: string,
  ids: number[],
): Promise<Set<number>> {
  const values = await getManyValues<Vote>(kv, ids.map((id) => keys.voteKey(id, userId)));
  return new Set(ids.filter((_, i) => values[i] !== null));
}

/** A person's votes for listings other than `exceptId`, counted up to `max`. */
export async function countOtherVotes(
  kv: Deno.Kv,
  userId: string,
  exceptId: number,
  max: number,
): Promise<number> {
  let n = 0;
  for await (const e of kv.list({ prefix: keys.votesByUserPrefix(userId) }, { limit: max + 1 })) {
    if (e.key[2] !== exceptId) n++;
  }
  return Math.min(n, max);
}

/** A listing's all-time votes and its votes in its launch week (null before it has one). */
export async function getVoteCounts(
  kv: Deno.Kv,
  id: number,
  launchWeek: string | null,
): Promise<{ votes: number; week_votes: number | null }> {
  const [stats, week] = await Promise.all([
    getListingStats(kv, id),
    launchWeek ? kv.get<number>(keys.weekVotesKey(launchWeek, id)) : null,
  ]);
  return { votes: stats.votes, week_votes: week ? week.value ?? 0 : null };
}

const turns = new WeakMap<Deno.Kv, Map<number, Promise<unknown>>>();

/**
 * Runs the vote writes of one listing in this process one after the other. Every write is still
 * checked in its atomic commit (other processes race as before); queuing them here only spares a
 * crowd voting at once from colliding on the listing's stats and retrying.
 */
function inTurn<T>(kv: Deno.Kv, id: number, write: () => Promise<T>): Promise<T> {
  let queues = turns.get(kv);
  if (!queues) turns.set(kv, queues = new Map());
  const previous = queues.get(id) ?? Promise.resolve();
  const result = previous.then(write, write);
  const settled = result.then(() => {}, () => {});
  queues.set(id, settled);
  settled.then(() => {
    if (queues.get(id) === settled) queues.delete(id);
  });
  return result;
}

/** Moves a listing's entry on a week's board by `delta` votes, checked against the count read. */
async function moveWeekBoard(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  week: string,
  id: number,
  delta: 1 | -1,
): Promise<void> {
  const weekVotes = await kv.get<number>(keys.weekVotesKey(week, id));
  op.check(weekVotes);
  const votes = weekVotes.value;
  if (votes === null || votes + delta < 0) return;
  op.delete(keys.weekBoardKey(week, votes, id))
    .set(keys.weekVotesKey(week, id), votes + delta)
    .set(keys.weekBoardKey(week, votes + delta, id), id);
}

/**
 * Records one person's vote for a live listing at `at`, with the signals to judge it by: the
 * vote, its time and person indexes, the all-time and category boards, the daily count and, if
 * `at` falls in the listing's launch week, its weekly board entry move in one atomic write.
 * Returns false when the person had already voted or the listing is not live.
 */
export function castVote(
  kv: Deno.Kv,
  id: number,
  userId: string,
  at: Date,
  signals: VoteSignals | null = null,
): Promise<boolean> {
  const week = mondayOf(at);
  const voteKey = keys.voteKey(id, userId);
  return inTurn(kv, id, async () => {
    let counted = false;
    await updateListingState(
      kv,
      id,
      async ({ listing, stats }) => {
        counted = listing.status === "live" && (await kv.get(voteKey)).value === null;
        return counted ? { listing, stats: { ...stats, votes: stats.votes + 1 } } : null;
      },
      async (op, _before, after) => {
        const inLaunchWeek = after.listing.launch_week === week;
        const vote: Vote = {
          listing_id: id,
          user_id: userId,
          at: at.toISOString(),
          week: inLaunchWeek ? week : null,
          signals,
          voided: null,
        };
        op.check({ key: voteKey, versionstamp: null })
          .set(voteKey, vote)
          .set(keys.voteByTimeKey(vote.at, id, userId), true)
          .set(keys.voteByUserKey(userId, id), vote.at)
          .sum(keys.dailyVotesKey(isoDate(at), id), 1n);
        if (inLaunchWeek) await moveWeekBoard(kv, op, week, id, 1);
      },
    );
    return counted;
  });
}

/**
 * Takes back one person's vote for a listing, the exact reverse of `castVote` in one atomic
 * write: the vote and its indexes, the listing's count, the daily count, the all-time and
 * category boards and, when the vote counted for the launch week, the weekly board. `extra` adds
 * to the same write (e.g. the site team's record of a voiding). Works in any listing status.
 * Returns the vote taken back, or null when there was none.
 */
export function retractVote(
  kv: Deno.Kv,
  id: number,
  userId: string,
  extra?: (op: Deno.AtomicOperation, vote: Vote) => void | Promise<void>,
): Promise<Vote | null> {
  const voteKey = keys.voteKey(id, userId);
  return inTurn(kv, id, async () => {
    let entry: Deno.KvEntryMaybe<Vote> | null = null;
    const state = await updateListingState(
      kv,
      id,
      async ({ listing, stats }) => {
        entry = await kv.get<Vote>(voteKey);
        if (entry.value === null) return null;
        return { listing, stats: { ...stats, votes: Math.max(0, stats.votes - 1) } };
      },
      async (op, before) => {
        const vote = storedVote(entry!.value!, id, userId, before.listing.launch_week);
        op.check(entry!)
          .delete(voteKey)
          .delete(keys.voteByTimeKey(vote.at, id, userId))
          .delete(keys.voteByUserKey(userId, id))
          .sum(keys.dailyVotesKey(isoDate(new Date(vote.at)), id), U64_MINUS_ONE);
        if (vote.week) await moveWeekBoard(kv, op, vote.week, id, -1);
        if (extra) await extra(op, vote);
      },
    );
    const taken = (entry as Deno.KvEntryMaybe<Vote> | null)?.value ?? null;
    return state && taken ? storedVote(taken, id, userId, state.listing.launch_week) : null;
  });
}

/** A stored vote in today's shape (older records kept only `at`; their week is derived). */
function storedVote(
  stored: Partial<Vote> & { at: string },
  id: number,
  userId: string,
  launchWeek: string | null,
): Vote {
  if (stored.week !== undefined && stored.listing_id !== undefined) return stored as Vote;
  const week = mondayOf(new Date(stored.at));
  return {
    listing_id: id,
    user_id: userId,
    at: stored.at,
    week: stored.week !== undefined ? stored.week : launchWeek === week ? week : null,
    signals: stored.signals ?? null,
    voided: stored.voided ?? null,
  };
}

/** Counts a view once per visitor per day (and in the day's count). Returns true when counted. */
export async function recordView(
  kv: Deno.Kv,
  id: number,
  visitor: string,
  at: Date,
): Promise<boolean> {
  const seenKey = keys.viewSeenKey(id, isoDate(at), visitor);
  let counted = false;
  await updateListingState(
    kv,
    id,
    async ({ listing, stats }) => {
      counted = (await kv.get(seenKey)).value === null;
      return counted ? { listing, stats: { ...stats, views: stats.views + 1 } } : null;
    },
    (op) => {
      op.check({ key: seenKey, versionstamp: null }).set(seenKey, true, {
        expireIn: 2 * 86_400_000,
      });
      addDaily(op, id, "views", at);
    },
  );
  return counted;
}

/** Makes a user follow a listing (idempotent); a new follow counts in the day of `at`. */
export async function followListing(
  kv: Deno.Kv,
  id: number,
  userId: string,
  at: Date,
): Promise<void> {
  await updateListingState(
    kv,
    id,
    async ({ listing, stats }) =>
      (await kv.get(keys.followKey(id, userId))).value !== null
        ? null
        : { listing, stats: { ...stats, follows: stats.follows + 1 } },
    (op) => {
      op.check({ key: keys.followKey(id, userId), versionstamp: null })
        .set(keys.followKey(id, userId), { at: at.toISOString() });
      addDaily(op, id, "follows", at);
    },
  );
}

/** Adds a paid billboard contribution to a listing. */
export async function addBillboardContribution(
  kv: Deno.Kv,
  id: number,
  amountCents: number,
  at: Date,
  contributionId: string = crypto.randomUUID(),
): Promise<void> {
  await updateListingState(
    kv,
    id,
    ({ listing, stats }) => ({
      listing,
      stats: { ...stats, billboard_cents: stats.billboard_cents + amountCents },
    }),
    (op) => {
      const key = keys.billboardKey(id, contributionId);
      op.check({ key, versionstamp: null })
        .set(key, {
          id: contributionId,
          listing_id: id,
          amount_cents: amountCents,
          created_at: at.toISOString(),
        });
    },
  );
}

/** The newest date-like last key part under a prefix, or null. */
async function newestKeyPart(kv: Deno.Kv, prefix: Deno.KvKey): Promise<string | null> {
  for await (const e of kv.list({ prefix }, { reverse: true, limit: 1 })) {
    return String(e.key[e.key.length - 1]);
  }
  return null;
}

/**
 * Stores a dated figure of a listing (its date is the last part of `key`, under `prefix`); when it
 * is the newest one, `apply` copies it into the listing's stats in the same operation.
 */
async function recordDatedFigure(
  kv: Deno.Kv,
  id: number,
  figure: { prefix: Deno.KvKey; key: Deno.KvKey; date: string; value: unknown },
  apply: (stats: ListingStats) => ListingStats,
  extra?: (op: Deno.AtomicOperation) => void,
): Promise<boolean> {
  const state = await updateListingState(
    kv,
    id,
    async ({ listing, stats }) => {
      const newest = await newestKeyPart(kv, figure.prefix);
      return { listing, stats: newest === null || figure.date >= newest ? apply(stats) : stats };
    },
    (op) => {
      op.set(figure.key, figure.value);
      extra?.(op);
    },
  );
  return state !== null;
}

/**
 * Records a Domain Rating reading for a date (replacing that date's reading); the newest reading
 * becomes the listing's rating. `extra` adds to the same atomic write (e.g. an audit entry).
 * Returns false when there is no such listing.
 */
export function recordDomainRating(
  kv: Deno.Kv,
  id: number,
  date: string,
  value: number,
  extra?: (op: Deno.AtomicOperation) => void,
): Promise<boolean> {
  const figure = { prefix: keys.domainRatingPrefix(id), key: keys.domainRatingKey(id, date) };
  return recordDatedFigure(kv, id, { ...figure, date, value }, (stats) => ({
    ...stats,
    domain_rating: value,
  }), extra);
}

/** Domain Rating history, oldest first. */
export async function listDomainRatings(
  kv: Deno.Kv,
  id: number,
): Promise<{ date: string; value: number }[]> {
  const out: { date: string; value: number }[] = [];
  for await (const e of kv.list<number>({ prefix: keys.domainRatingPrefix(id) })) {
    out.push({ date: String(e.key[2]), value: e.value });
  }
  return out;
}

/**
 * Records a month's revenue figure (replacing that month's). The listing's revenue (its stats and
 * the revenue board) is the newest VERIFIED month: self-reported figures are kept and shown on
 * the profile as such, never ranked. `extra` adds to the same atomic write. Returns false when
 * there is no such listing.
 */
export async function recordRevenue(
  kv: Deno.Kv,
  id: number,
  figure: RevenueFigure,
  extra?: (op: Deno.AtomicOperation) => void,
): Promise<boolean> {
  const key = keys.revenueKey(id, figure.month);
  const state = await updateListingState(
    kv,
    id,
    async ({ listing, stats }) => {
      const others = (await listRevenue(kv, id)).filter((f) => f.month !== figure.month);
      const verified = [...others, figure].filter((f) => f.source === "verified")
        .sort((a, b) => a.month.localeCompare(b.month));
      return { listing, stats: { ...stats, mrr_cents: verified.at(-1)?.mrr_cents ?? null } };
    },
    (op) => {
      op.set(key, figure);
      extra?.(op);
    },
  );
  return state !== null;
}

/** Revenue figures, oldest month first. */
export async function listRevenue(
  kv: Deno.Kv,
  id: number,
): Promise<RevenueFigure[]> {
  const out = [];
  for await (
    const e of kv.list<RevenueFigure>({
      prefix: keys.revenuePrefix(id),
    })
  ) {
    out.push(e.value);
  }
  return out;
}
