/** A listing's feed: the updates its owners post and the reviews people write. */
import * as keys from "./keys.ts";
import type { ListingUpdate, Review } from "./types.ts";
import { commitListingWrite } from "./listing_changes.ts";
import { conflict } from "../services/platform/errors.ts";
import { putReview } from "./reviews.ts";

/**
 * Adds an update to a listing's feed. Ids sort by time. `extra` adds to the same atomic operation
 * (given the record it writes).
 */
export async function addListingUpdate(
  kv: Deno.Kv,
  id: number,
  update: { title: string; body: string },
  at: Date,
  extra?: (op: Deno.AtomicOperation, record: ListingUpdate) => void | Promise<void>,
): Promise<ListingUpdate> {
  const updateId = `${at.toISOString()}_${crypto.randomUUID().slice(0, 8)}`;
  const record: ListingUpdate = {
    id: updateId,
    listing_id: id,
    ...update,
    created_at: at.toISOString(),
  };
  const op = kv.atomic().check({ key: keys.updateKey(id, updateId), versionstamp: null })
    .set(keys.updateKey(id, updateId), record);
  await extra?.(op, record);
  if (!(await commitListingWrite(kv, op, [id])).ok) {
    throw conflict(`Could not post the update to listing ${id}: the request changed meanwhile`);
  }
  return record;
}

/** The latest updates of a listing, newest first. */
export async function listListingUpdates(
  kv: Deno.Kv,
  id: number,
  limit = 5,
): Promise<ListingUpdate[]> {
  const out: ListingUpdate[] = [];
  for await (
    const e of kv.list<ListingUpdate>({ prefix: keys.updatesPrefix(id) }, { reverse: true, limit })
  ) {
    out.push(e.value);
  }
  return out;
}

/** Adds a review as it is, with its indexes (kv/reviews.ts writes people's reviews). */
export function addReview(kv: Deno.Kv, review: Review): Promise<void> {
  return putReview(kv, review);
}

/** Every review of a listing, oldest first. */
export async function listReviews(kv: Deno.Kv, id: number): Promise<Review[]> {
  const out: Review[] = [];
  for await (const e of kv.list<Review>({ prefix: keys.reviewsPrefix(id) })) out.push(e.value);
  return out;
}
