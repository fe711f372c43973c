/**
 * Versions of owners' listing edits (who, when, and the changed fields before and after) and the
 * site team's review list of them, newest first. A version is written in the same atomic
 * operation as the listing it describes (see `addListingVersion`); a long version is stored in
 * parts (split_values.ts) like a long listing.
 */
import * as keys from "./keys.ts";
import { getManySplit, getSplit, type StagedValue, stageValue } from "./split_values.ts";
import type { Listing } from "./types.ts";

/** One edit of a listing: only the fields it changed, as they were and as they became. */
export interface ListingVersion {
  listing_id: number;
  /** 1, 2, 3… per listing. */
  version: number;
  /** The account that made the edit. */
  user_id: string;
  /** How the edit came in: the API key's or app's name. */
  via: string;
  edited_at: string;
  before: Partial<Listing>;
  after: Partial<Listing>;
}

/** An entry of the review list: a pointer to the version. */
export interface EditReviewEntry {
  listing_id: number;
  version: number;
}

/** A version staged for a commit that may be lost (its parts are discarded then). */
export interface StagedVersion {
  key: Deno.KvKey;
  staged: StagedValue;
}

/**
 * Adds to `op` the next version of a listing and its review-list entry. Call it in the listing
 * write's `extra` hook (once per attempt); afterwards pass every staged version to
 * `discardUncommittedVersions`, which deletes the parts of attempts that did not commit.
 */
export async function addListingVersion(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  version: Omit<ListingVersion, "version">,
): Promise<StagedVersion & { version: number }> {
  const id = version.listing_id;
  let last = 0;
  for await (
    const e of kv.list({ prefix: keys.listingVersionsPrefix(id) }, { reverse: true, limit: 1 })
  ) {
    last = e.key.at(-1) as number;
  }
  const number = last + 1;
  const key = keys.listingVersionKey(id, number);
  const record: ListingVersion = { ...version, version: number };
  const staged = await stageValue(kv, key, record);
  op.check({ key, versionstamp: null });
  staged.write(op, null);
  op.set(
    keys.editReviewKey(version.edited_at, id, number),
    { listing_id: id, version: number } satisfies EditReviewEntry,
  );
  return { key, staged, version: number };
}

/** Deletes the parts of staged versions whose commit did not happen. */
export async function discardUncommittedVersions(
  kv: Deno.Kv,
  staged: StagedVersion[],
): Promise<void> {
  for (const { key, staged: value } of staged) {
    if (!value.parts) continue;
    const kept = (await getSplit(kv, key).catch(() => null))?.parts?.generation;
    if (kept !== value.parts.generation) await value.discard();
  }
}

/** One version of a listing, or null. */
export async function getListingVersion(
  kv: Deno.Kv,
  id: number,
  version: number,
): Promise<ListingVersion | null> {
  return (await getSplit<ListingVersion>(kv, keys.listingVersionKey(id, version))).value;
}

/** The versions of a listing, oldest first. */
export async function listListingVersions(kv: Deno.Kv, id: number): Promise<ListingVersion[]> {
  const numbers: number[] = [];
  for await (const e of kv.list({ prefix: keys.listingVersionsPrefix(id) })) {
    numbers.push(e.key.at(-1) as number);
  }
  const versions = await getManySplit<ListingVersion>(
    kv,
    numbers.map((n) => keys.listingVersionKey(id, n)),
  );
  return versions.filter((v) => v !== null);
}

/** A page of the review list, newest first, with the versions it points to. */
export async function listEditReviews(
  kv: Deno.Kv,
  options: { limit: number; cursor?: string },
): Promise<{ items: ListingVersion[]; cursor: string | null }> {
  const iter = kv.list<EditReviewEntry>({ prefix: keys.editReviewsPrefix() }, {
    reverse: true,
    limit: options.limit,
    cursor: options.cursor,
  });
  const entries: EditReviewEntry[] = [];
  for await (const e of iter) entries.push(e.value);
  const versions = await getManySplit<ListingVersion>(
    kv,
    entries.map((e) => keys.listingVersionKey(e.listing_id, e.version)),
  );
  return {
    items: versions.filter((v) => v !== null),
    cursor: entries.length === options.limit ? iter.cursor || null : null,
  };
}
