/** What the vote tests share: people made on the spot, and every counter a vote moves. */
import assert from "node:assert/strict";
import * as keys from "../kv/keys.ts";
import { ApiError } from "../services/platform/errors.ts";
import { getListingStats } from "../kv/listing_stats.ts";
import { getListing } from "../kv/listings.ts";
import type { User } from "../kv/types.ts";
import type { Fixture } from "./fixtures.ts";

/** A person who signed up `ageDays` before `now` (not stored: the vote service needs no more). */
export function person(id: string, now: Date, ageDays = 30): User {
  return {
    id,
    email: `${id}@people.example`,
    name: id,
    created_at: new Date(now.getTime() - ageDays * 86_400_000).toISOString(),
  };
}

/** A visitor's address and browser. */
export const CONTEXT = { ip: "203.0.113.77", userAgent: "VoteTest/1.0" };

async function scoresOf(kv: Deno.Kv, prefix: Deno.KvKey, id: number): Promise<number[]> {
  const out: number[] = [];
  for await (const e of kv.list({ prefix })) {
    if (e.key[e.key.length - 1] === id) out.push(Number(e.key[e.key.length - 2]));
  }
  return out;
}

async function countWhere(kv: Deno.Kv, prefix: Deno.KvKey, keep: (key: Deno.KvKey) => boolean) {
  let n = 0;
  for await (const e of kv.list({ prefix })) if (keep(e.key)) n++;
  return n;
}

/**
 * Every count a vote moves for a listing: its stats, its entries on the all-time, category and
 * launch-week boards (each a list of the scores found: exactly one when consistent), its launch
 * week's count, the day's count, and the vote records with their time and person indexes.
 */
export async function counters(f: Fixture, slug: string, day = "2026-11-18") {
  const kv = f.deps.kv;
  const listing = (await getListing(kv, f.listings[slug].id))!;
  const id = listing.id;
  const week = listing.launch_week!;
  const daily = await kv.get<Deno.KvU64>(keys.dailyVotesKey(day, id));
  return {
    votes: (await getListingStats(kv, id)).votes,
    allTime: await scoresOf(kv, keys.boardPrefix("votes_all"), id),
    category: await scoresOf(kv, keys.categoryBoardPrefix(listing.primary_category), id),
    week: await scoresOf(kv, keys.weekBoardPrefix(week), id),
    weekVotes: (await kv.get<number>(keys.weekVotesKey(week, id))).value,
    day: Number(daily.value?.value ?? 0n),
    records: await countWhere(kv, keys.votesPrefix(id), () => true),
    byTime: await countWhere(kv, keys.votesByTimePrefix(), (k) => k[2] === id),
  };
}

/** `counters` of a listing in its launch week when everything agrees on `votes` (`day` today). */
export function consistent(votes: number, day: number) {
  return {
    votes,
    allTime: [votes],
    category: [votes],
    week: [votes],
    weekVotes: votes,
    day,
    records: votes,
    byTime: votes,
  };
}

/** Asserts that `promise` is refused with an ApiError of `status` whose message matches. */
export async function refused(promise: Promise<unknown>, status: number, message: RegExp) {
  await assert.rejects(promise, (err: unknown) => {
    assert.ok(err instanceof ApiError, String(err));
    assert.equal(err.status, status);
    assert.match(err.message, message);
    return true;
  });
}
