/**
 * Claims: the record under its integer id and the keys derived from it. Every write recomputes
 * the derived keys for the old and the new state (like listings) and applies the difference in
 * the same atomic operation as the record, checked against the version read:
 *
 * - `claims_by_user` and `claims_by_listing` (always; ids grow, so reversed lists are newest first);
 * - `claims_pending` (user, listing) while the claim is pending: at most one per person and listing;
 * - `claim_links` (SHA-256 of the mailed link's secret) while an email claim is pending;
 * - `claim_reviews` while the site team's review is open.
 */
import * as keys from "./keys.ts";
import { getManyValues, present } from "./read.ts";
import { backoff } from "./retry.ts";
import type { Claim } from "./types.ts";
import { conflict } from "../services/platform/errors.ts";

/** A new claim's fields (its id is given when it is stored). */
export type NewClaim = Omit<Claim, "id">;

const keyString = (key: Deno.KvKey) => JSON.stringify(key);

/** The keys derived from a claim: key → claim id. */
function derivedKeys(claim: Claim): Deno.KvKey[] {
  const out: Deno.KvKey[] = [
    keys.claimByUserKey(claim.user_id, claim.id),
    keys.claimByListingKey(claim.listing_id, claim.id),
  ];
  if (claim.status === "pending") {
    out.push(keys.pendingClaimKey(claim.user_id, claim.listing_id));
    if (claim.link_sha256) out.push(keys.claimLinkKey(claim.link_sha256));
  }
  if (claim.review?.state === "open") out.push(keys.claimReviewKey(claim.id));
  return out;
}

/**
 * Adds to `op` the write of a claim read as `before` (checked: the commit fails if it changed)
 * and the difference of its derived keys. A pending index that the new state adds must not be
 * there yet (one pending claim per person and listing).
 */
export function stageClaimWrite(
  op: Deno.AtomicOperation,
  before: Deno.KvEntryMaybe<Claim>,
  after: Claim,
): void {
  const old = before.value ? derivedKeys(before.value) : [];
  const next = derivedKeys(after);
  const oldSet = new Set(old.map(keyString));
  const newSet = new Set(next.map(keyString));
  op.check(before).set(keys.claimKey(after.id), after);
  for (const key of old) if (!newSet.has(keyString(key))) op.delete(key);
  for (const key of next) {
    if (oldSet.has(keyString(key))) continue;
    op.check({ key, versionstamp: null }).set(key, after.id);
  }
}

/**
 * Stores a new claim with the next id, unless the person already has a pending claim on the
 * listing: then that claim is returned (`created: false`). `seal` adds to the creating commit
 * (e.g. the Idempotency-Key's answer).
 */
export async function createClaim(
  kv: Deno.Kv,
  input: NewClaim,
  seal?: (op: Deno.AtomicOperation, claim: Claim) => Promise<void>,
): Promise<{ claim: Claim; created: boolean }> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const [counter, pending] = await kv.getMany<[Deno.KvU64, number]>([
      keys.claimIdCounterKey(),
      keys.pendingClaimKey(input.user_id, input.listing_id),
    ]);
    if (pending.value !== null) {
      const existing = await getClaim(kv, pending.value);
      if (existing?.status === "pending") return { claim: existing, created: false };
      // A pointer whose claim is no longer pending (never left by this module's writes): drop it.
      await kv.atomic().check(pending).delete(pending.key).commit();
      continue;
    }
    const id = Number(counter.value?.value ?? 0n) + 1;
    const claim: Claim = { id, ...input };
    const op = kv.atomic().max(keys.claimIdCounterKey(), BigInt(id));
    stageClaimWrite(op, { key: keys.claimKey(id), value: null, versionstamp: null }, claim);
    await seal?.(op, claim);
    if ((await op.commit()).ok) return { claim, created: true };
    await backoff(attempt);
  }
  throw conflict("Could not create the claim: too many concurrent writes, retry");
}

/** A claim with its versionstamp (value null when there is none). */
export function getClaimEntry(kv: Deno.Kv, id: number): Promise<Deno.KvEntryMaybe<Claim>> {
  return kv.get<Claim>(keys.claimKey(id));
}

/** A claim, or null. */
export async function getClaim(kv: Deno.Kv, id: number): Promise<Claim | null> {
  return (await getClaimEntry(kv, id)).value;
}

/** Several claims by id, in order (missing ones left out). */
export async function getClaims(kv: Deno.Kv, ids: number[]): Promise<Claim[]> {
  return present(await getManyValues<Claim>(kv, ids.map(keys.claimKey)));
}

async function listIds(kv: Deno.Kv, prefix: Deno.KvKey, reverse = false): Promise<number[]> {
  const out: number[] = [];
  for await (const e of kv.list<number>({ prefix }, { reverse })) out.push(e.value);
  return out;
}

/** A person's claim ids, newest first. */
export function listClaimIdsByUser(kv: Deno.Kv, userId: string): Promise<number[]> {
  return listIds(kv, keys.claimsByUserPrefix(userId), true);
}

/** A listing's claim ids, newest first. */
export function listClaimIdsByListing(kv: Deno.Kv, listingId: number): Promise<number[]> {
  return listIds(kv, keys.claimsByListingPrefix(listingId), true);
}

/** Ids of every pending claim (for the expiry sweep). */
export function listPendingClaimIds(kv: Deno.Kv): Promise<number[]> {
  return listIds(kv, keys.pendingClaimsPrefix());
}

/** Ids of the claims whose review is open, oldest first. */
export function listReviewClaimIds(kv: Deno.Kv): Promise<number[]> {
  return listIds(kv, keys.claimReviewsPrefix());
}

/** The id of the pending email claim whose link secret hashes to `sha256`, or null. */
export async function findClaimIdByLink(kv: Deno.Kv, sha256: string): Promise<number | null> {
  return (await kv.get<number>(keys.claimLinkKey(sha256))).value;
}

/**
 * Replaces a claim read as `entry` (one atomic write with its derived keys); `extra` adds to the
 * same commit. False when the claim changed since it was read.
 */
export async function putClaim(
  kv: Deno.Kv,
  entry: Deno.KvEntryMaybe<Claim>,
  next: Claim,
  extra?: (op: Deno.AtomicOperation) => Promise<void> | void,
): Promise<boolean> {
  const op = kv.atomic();
  stageClaimWrite(op, entry, next);
  await extra?.(op);
  return (await op.commit()).ok;
}
