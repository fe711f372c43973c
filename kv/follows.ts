/**
 * Follows beyond kv/listing_stats.ts's `followListing`: unfollowing a listing (the exact reverse,
 * in one atomic write) and following founder profiles. A founder's follower count is a KvU64 sum
 * moved in the same commit as the follow record, so concurrent follows never conflict on it and
 * the count stays exact; an unfollow adds 2^64 - 1 (a wrapping decrement).
 */
import * as keys from "./keys.ts";
import { updateListingState } from "./listings.ts";
import { getManyValues } from "./read.ts";
import { isoDate } from "../services/platform/weeks.ts";
import { backoff } from "./retry.ts";

/** Attempts of an unfollow whose follow record changed meanwhile. */
const MAX_RETRIES = 10;
/** Adding this to a KvU64 takes one away (sums wrap). */
const MINUS_ONE = new Deno.KvU64(0xFFFF_FFFF_FFFF_FFFFn);

/**
 * Makes a person stop following a listing, undoing everything `followListing` wrote in one
 * atomic write: the follow record, the count (and the follows board entry it ranks), the day's
 * follow count and the mails-off mark. Returns false when they did not follow it.
 */
export async function unfollowListing(kv: Deno.Kv, id: number, userId: string): Promise<boolean> {
  const key = keys.followKey(id, userId);
  let removed = false;
  await updateListingState(
    kv,
    id,
    async ({ listing, stats }) => {
      removed = (await kv.get(key)).value !== null;
      return removed ? { listing, stats: { ...stats, follows: stats.follows - 1 } } : null;
    },
    async (op) => {
      const follow = await kv.get<{ at: string }>(key);
      op.check(follow).delete(key).delete(keys.followMailOffKey(id, userId));
      if (follow.value) {
        const day = isoDate(new Date(follow.value.at));
        op.sum(keys.listingDailyKey(id, "follows", day), MINUS_ONE.value);
      }
    },
  );
  return removed;
}

/** Makes a person follow a founder profile; false when they already did. */
export async function followFounder(
  kv: Deno.Kv,
  slug: string,
  userId: string,
  at: Date,
): Promise<boolean> {
  const key = keys.founderFollowKey(slug, userId);
  const res = await kv.atomic().check({ key, versionstamp: null })
    .set(key, { at: at.toISOString() })
    .sum(keys.founderFollowCountKey(slug), 1n)
    .commit();
  return res.ok;
}

/**
 * Makes a person stop following a founder profile (count and mails-off mark too); false when they
 * did not follow it.
 */
export async function unfollowFounder(kv: Deno.Kv, slug: string, userId: string): Promise<boolean> {
  const key = keys.founderFollowKey(slug, userId);
  for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
    const follow = await kv.get(key);
    if (follow.versionstamp === null) return false;
    const res = await kv.atomic().check(follow).delete(key)
      .delete(keys.founderMailOffKey(slug, userId))
      .sum(keys.founderFollowCountKey(slug), MINUS_ONE.value)
      .commit();
    if (res.ok) return true;
    await backoff(attempt);
  }
  return false;
}

/** Whether a person follows a founder profile. */
export async function isFollowingFounder(
  kv: Deno.Kv,
  slug: string,
  userId: string,
): Promise<boolean> {
  return (await kv.get(keys.founderFollowKey(slug, userId))).versionstamp !== null;
}

/** The follower counts of founder profiles, in the order of `slugs`. */
export async function founderFollowerCounts(kv: Deno.Kv, slugs: string[]): Promise<number[]> {
  const values = await getManyValues<Deno.KvU64>(kv, slugs.map(keys.founderFollowCountKey));
  return values.map((v) => Number(v?.value ?? 0n));
}

/** Up to `limit` followers (user ids, in key order) of a founder after the user id `after`. */
export async function listFounderFollowersAfter(
  kv: Deno.Kv,
  slug: string,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const prefix = keys.founderFollowsPrefix(slug);
  const selector: Deno.KvListSelector = after === null
    ? { prefix }
    : { prefix, start: [...keys.founderFollowKey(slug, after), ""] };
  const out: string[] = [];
  for await (const e of kv.list(selector, { limit })) out.push(e.key[2] as string);
  return out;
}

/** Whether a founder's follower unsubscribed from mails about the founder's listings. */
export async function isFounderMailOff(kv: Deno.Kv, slug: string, userId: string) {
  return (await kv.get(keys.founderMailOffKey(slug, userId))).versionstamp !== null;
}

/** Stops a founder's follower's mails (the follow stays counted); false when already stopped. */
export async function turnFounderMailOff(kv: Deno.Kv, slug: string, userId: string, at: Date) {
  const key = keys.founderMailOffKey(slug, userId);
  const res = await kv.atomic().check({ key, versionstamp: null })
    .set(key, { at: at.toISOString() }).commit();
  return res.ok;
}
