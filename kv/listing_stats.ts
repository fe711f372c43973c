/**
 * A listing's stats and what moves them: votes, views, follows, billboard money, Domain Rating and
 * revenue. Each write goes through `updateListingState`, so the stats, the board entries they
 * rank and the record that proves the event (a vote, a view) move in one atomic operation.
 */
import * as keys from "./keys.ts";
import type { ListingStats } from "./types.ts";
import { isoDate, mondayOf } from "../services/platform/weeks.ts";
import { EMPTY_STATS, updateListingState } from "./listings.ts";
import { getManyValues } from "./read.ts";
import { addDaily } from "./listing_daily.ts";

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

/**
 * Records one person's vote for a live listing at `at`: all-time and category boards move, the
 * daily count grows, and if `at` falls in the listing's launch week its weekly board entry moves.
 * Returns false when the person had already voted or the listing is not live.
 */
export async function castVote(
  kv: Deno.Kv,
  id: number,
  userId: string,
  at: Date,
): Promise<boolean> {
  const week = mondayOf(at);
  const voteKey = keys.voteKey(id, userId);
  let counted = false;
  await updateListingState(
    kv,
    id,
    async ({ listing, stats }) => {
      counted = listing.status === "live" && (await kv.get(voteKey)).value === null;
      return counted ? { listing, stats: { ...stats, votes: stats.votes + 1 } } : null;
    },
    async (op, _before, after) => {
      const weekVotes = await kv.get<number>(keys.weekVotesKey(week, id));
      op.check({ key: voteKey, versionstamp: null }).check(weekVotes)
        .set(voteKey, { at: at.toISOString() })
        .sum(keys.dailyVotesKey(isoDate(at), id), 1n);
      if (after.listing.launch_week === week && weekVotes.value !== null) {
        op.delete(keys.weekBoardKey(week, weekVotes.value, id))
          .set(keys.weekVotesKey(week, id), weekVotes.value + 1)
          .set(keys.weekBoardKey(week, weekVotes.value + 1, id), id);
      }
    },
  );
  return counted;
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
): Promise<void> {
  await updateListingState(
    kv,
    id,
    async ({ listing, stats }) => {
      const newest = await newestKeyPart(kv, figure.prefix);
      return { listing, stats: newest === null || figure.date >= newest ? apply(stats) : stats };
    },
    (op) => {
      op.set(figure.key, figure.value);
    },
  );
}

/** Records a Domain Rating reading for a date; the newest reading becomes the listing's rating. */
export async function recordDomainRating(
  kv: Deno.Kv,
  id: number,
  date: string,
  value: number,
): Promise<void> {
  const figure = { prefix: keys.domainRatingPrefix(id), key: keys.domainRatingKey(id, date) };
  await recordDatedFigure(kv, id, { ...figure, date, value }, (stats) => ({
    ...stats,
    domain_rating: value,
  }));
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

/** Records a month's revenue figure; the newest month becomes the listing's revenue. */
export async function recordRevenue(
  kv: Deno.Kv,
  id: number,
  figure: { month: string; mrr_cents: number; source: "self_reported" | "verified" },
): Promise<void> {
  const where = { prefix: keys.revenuePrefix(id), key: keys.revenueKey(id, figure.month) };
  await recordDatedFigure(kv, id, { ...where, date: figure.month, value: figure }, (stats) => ({
    ...stats,
    mrr_cents: figure.mrr_cents,
  }));
}

/** Revenue figures, oldest month first. */
export async function listRevenue(
  kv: Deno.Kv,
  id: number,
): Promise<{ month: string; mrr_cents: number; source: string }[]> {
  const out = [];
  for await (
    const e of kv.list<{ month: string; mrr_cents: number; source: string }>({
      prefix: keys.revenuePrefix(id),
    })
  ) {
    out.push(e.value);
  }
  return out;
}
