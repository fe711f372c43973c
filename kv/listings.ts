/**
 * Listings: the record, its pointer indexes and the keys derived from it. Stats writes are in
 * listing_stats.ts, the feed of updates and reviews in listing_feed.ts, board reads in boards.ts.
 *
 * Every write recomputes the keys derived from a listing (indexes, board entries, category
 * counts) for the old and the new state and applies the difference in the same atomic
 * operation as the record, checked against the versions it read; on a conflict it re-reads and
 * retries.
 */
import * as keys from "./keys.ts";
import { getCategoryParents } from "./categories.ts";
import type { Listing, ListingStats } from "./types.ts";
import { mondayOf } from "../services/platform/weeks.ts";
import { backoff } from "./retry.ts";
import { present } from "./read.ts";
import { domainOf, slugify } from "./slugs.ts";
import { getManySplit, getSplit, type SplitEntry, stageValue } from "./split_values.ts";
import { conflict } from "../services/platform/errors.ts";
import { commitListingWrite } from "./listing_changes.ts";

export { onListingWrite } from "./listing_changes.ts";
export type { ListingWriteListener } from "./listing_changes.ts";

export type NewListing =
  & Omit<Listing, "id" | "slug" | "domain" | "created_at" | "updated_at">
  & { slug?: string; created_at?: string };

/** A listing's stats before anything was counted. */
export const EMPTY_STATS: ListingStats = {
  votes: 0,
  views: 0,
  follows: 0,
  billboard_cents: 0,
  domain_rating: null,
  mrr_cents: null,
};

const MAX_RETRIES = 30;
const U64_MINUS_ONE = (1n << 64n) - 1n;

/** The categories a listing counts in: primary, extras and each one's parent. */
export function categoriesWithParents(
  listing: Pick<Listing, "primary_category" | "extra_categories">,
  parents: Map<string, string | null>,
): string[] {
  const set = new Set<string>();
  for (const slug of [listing.primary_category, ...listing.extra_categories]) {
    set.add(slug);
    const parent = parents.get(slug);
    if (parent) set.add(parent);
  }
  return [...set];
}

/** Pointer indexes of a listing: key → id. */
function indexKeys(listing: Listing): Deno.KvKey[] {
  const out: Deno.KvKey[] = [
    keys.listingBySlugKey(listing.slug),
    keys.listingByDomainKey(listing.domain),
    keys.listingByStatusKey(listing.status, listing.id),
  ];
  if (listing.launch_week) out.push(keys.listingByWeekKey(listing.launch_week, listing.id));
  if (listing.owner_id) out.push(keys.listingByOwnerKey(listing.owner_id, listing.id));
  if (listing.featured && listing.status === "live") out.push(keys.featuredListingKey(listing.id));
  return out;
}

/** Board entries of a live listing (score in the key). */
function boardKeys(
  listing: Listing,
  stats: ListingStats,
  parents: Map<string, string | null>,
): Deno.KvKey[] {
  if (listing.status !== "live") return [];
  const id = listing.id;
  const out: Deno.KvKey[] = [
    keys.boardKey("votes_all", stats.votes, id),
    keys.boardKey("views", stats.views, id),
    keys.boardKey("follows", stats.follows, id),
  ];
  if (stats.billboard_cents > 0) out.push(keys.boardKey("billboard", stats.billboard_cents, id));
  if (stats.domain_rating !== null) {
    out.push(keys.boardKey("domain_rating", stats.domain_rating, id));
  }
  if (stats.mrr_cents !== null) out.push(keys.boardKey("revenue", stats.mrr_cents, id));
  for (const category of categoriesWithParents(listing, parents)) {
    out.push(keys.categoryBoardKey(category, stats.votes, id));
  }
  return out;
}

const keyString = (key: Deno.KvKey) => JSON.stringify(key);

/** Adds to `op` the difference between the derived keys of two states of a listing. */
function applyDerivedKeys(
  op: Deno.AtomicOperation,
  before: { listing: Listing; stats: ListingStats } | null,
  after: { listing: Listing; stats: ListingStats },
  parents: Map<string, string | null>,
): void {
  const oldIndexes = before ? indexKeys(before.listing) : [];
  const oldBoards = before ? boardKeys(before.listing, before.stats, parents) : [];
  const newIndexes = indexKeys(after.listing);
  const newBoards = boardKeys(after.listing, after.stats, parents);
  const oldSet = new Set([...oldIndexes, ...oldBoards].map(keyString));
  const newSet = new Set([...newIndexes, ...newBoards].map(keyString));
  for (const key of [...oldIndexes, ...oldBoards]) if (!newSet.has(keyString(key))) op.delete(key);
  for (const key of newIndexes) if (!oldSet.has(keyString(key))) op.set(key, after.listing.id);
  for (const key of newBoards) if (!oldSet.has(keyString(key))) op.set(key, after.listing.id);
  // Uniqueness of slug and domain: a new pointer must not exist yet.
  for (
    const key of [
      keys.listingBySlugKey(after.listing.slug),
      keys.listingByDomainKey(after.listing.domain),
    ]
  ) {
    if (!oldSet.has(keyString(key))) op.check({ key, versionstamp: null });
  }
  // Counters: listings per status, entries per board.
  if (before?.listing.status !== after.listing.status) {
    op.sum(keys.statusCountKey(after.listing.status), 1n);
    if (before) op.sum(keys.statusCountKey(before.listing.status), U64_MINUS_ONE);
  }
  const oldBoardNames = new Set(
    oldBoards.filter((k) => k[0] === "board").map((k) => k[1] as keys.BoardName),
  );
  const newBoardNames = new Set(
    newBoards.filter((k) => k[0] === "board").map((k) => k[1] as keys.BoardName),
  );
  for (const b of newBoardNames) if (!oldBoardNames.has(b)) op.sum(keys.boardCountKey(b), 1n);
  for (const b of oldBoardNames) {
    if (!newBoardNames.has(b)) op.sum(keys.boardCountKey(b), U64_MINUS_ONE);
  }
  // Live listing counts per category.
  const wasLive = before?.listing.status === "live";
  const isLive = after.listing.status === "live";
  const oldCats = new Set(wasLive ? categoriesWithParents(before!.listing, parents) : []);
  const newCats = new Set(isLive ? categoriesWithParents(after.listing, parents) : []);
  for (const c of newCats) if (!oldCats.has(c)) op.sum(keys.categoryCountKey(c), 1n);
  for (const c of oldCats) if (!newCats.has(c)) op.sum(keys.categoryCountKey(c), U64_MINUS_ONE);
}

/** A new listing's input with every optional field empty; pass what is known. */
export function blankListing(
  known: Pick<NewListing, "name" | "url" | "primary_category"> & Partial<NewListing>,
): NewListing {
  return {
    tagline: "",
    short_description: "",
    description: "",
    stage: null,
    pricing_model: null,
    pricing_summary: null,
    country: null,
    city: null,
    founded_year: null,
    features: [],
    usps: [],
    keywords: [],
    tags: [],
    extra_categories: [],
    founder_slugs: [],
    faqs: [],
    socials: {},
    contact_email: null,
    demo_video_url: null,
    logo_url: null,
    headline: null,
    summary: null,
    seo_title: null,
    seo_description: null,
    links: [],
    not_found_on_website: [],
    status: "draft",
    plan: null,
    launch_week: null,
    launched_at: null,
    unlocked: [],
    story: null,
    milestones: [],
    media: [],
    approved_alternatives: [],
    featured: false,
    trophy_cabinet: null,
    verified: false,
    owner_id: null,
    cofounder_ids: [],
    ...known,
  };
}

/** Writers that may race to create listings at once before one gives up (each backs off). */
const MAX_CREATE_ATTEMPTS = 100;

/**
 * Creates a listing with a new id, a unique slug (suffixed `-2`, `-3`… when taken) and zero stats.
 * Concurrent creators each take the id after the highest one committed: the new record must not
 * exist yet (checked in the commit) and the counter only grows (`max`), so two creators never get
 * the same id; the one that loses a race backs off and takes the next.
 */
export async function createListing(
  kv: Deno.Kv,
  input: NewListing,
  now = new Date(),
): Promise<Listing> {
  const parents = await getCategoryParents(kv);
  const base = input.slug ?? slugify(input.name);
  const domain = domainOf(input.url);
  const domainTaken = async () => (await kv.get(keys.listingByDomainKey(domain))).value !== null;
  if (await domainTaken()) {
    throw new ListingConflictError(`A listing for "${domain}" already exists`);
  }
  let slugAttempt = 0;
  for (let attempt = 0; attempt < MAX_CREATE_ATTEMPTS; attempt++) {
    // acme, acme-2 … acme-5, then a random suffix so that a common name never runs out.
    const suffix = slugAttempt === 0
      ? ""
      : slugAttempt < 5
      ? `-${slugAttempt + 1}`
      : `-${crypto.randomUUID().slice(0, 6)}`;
    const slug = `${base.slice(0, 200)}${suffix}`;
    const [counter, slugEntry] = await kv.getMany<[Deno.KvU64, number]>([
      keys.listingIdCounterKey(),
      keys.listingBySlugKey(slug),
    ]);
    if (slugEntry.value !== null) {
      slugAttempt++;
      continue;
    }
    const id = Number(counter.value?.value ?? 0n) + 1;
    const listing = newListingRecord(input, id, slug, now);
    const op = kv.atomic();
    const staged = await stageNewListing(kv, op, listing, parents);
    if ((await commitListingWrite(kv, op, [id])).ok) return listing;
    await staged.discard();
    if (await domainTaken()) {
      throw new ListingConflictError(`A listing for "${domain}" already exists`);
    }
    if ((await kv.get(keys.listingBySlugKey(slug))).value !== null) slugAttempt++;
    await backoff(attempt);
  }
  throw conflict(`Could not create listing "${input.name}": too many concurrent writes, retry`);
}

/** The record of a new listing: its id, slug and domain, created and updated at once. */
function newListingRecord(input: NewListing, id: number, slug: string, now: Date): Listing {
  const stamp = input.created_at ?? now.toISOString();
  return {
    ...input,
    id,
    slug,
    domain: domainOf(input.url),
    created_at: stamp,
    updated_at: stamp,
  } as Listing;
}

/**
 * Adds a new listing to `op`: the record (which must not exist yet), the id counter, zero stats and
 * every derived key (slug and domain checked free). Returns the staged record, to discard its
 * parts if the write fails.
 */
async function stageNewListing(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  listing: Listing,
  parents: Map<string, string | null>,
) {
  const staged = await stageValue(kv, keys.listingKey(listing.id), listing);
  op.check({ key: keys.listingKey(listing.id), versionstamp: null })
    .max(keys.listingIdCounterKey(), BigInt(listing.id))
    .set(keys.listingStatsKey(listing.id), EMPTY_STATS);
  staged.write(op, null);
  applyDerivedKeys(op, null, { listing, stats: EMPTY_STATS }, parents);
  return staged;
}

/**
 * New listings written per atomic operation by `importListings`: each takes 3 checks (record, slug,
 * domain), the id counter one more, and an atomic operation allows 100.
 */
export const IMPORT_BATCH = 33;

/**
 * Creates many new listings quickly (imports, benchmarks): `IMPORT_BATCH` per atomic write, with
 * consecutive ids after the highest committed, each slug (given, or from the name) and domain
 * checked free in the same write. A batch that fails (a slug or domain taken, or another writer
 * took its ids) is created one listing at a time by `createListing` instead, which numbers taken
 * slugs and refuses taken domains (ListingConflictError). Returns the listings in input order.
 */
export async function importListings(
  kv: Deno.Kv,
  inputs: NewListing[],
  now = new Date(),
): Promise<Listing[]> {
  const parents = await getCategoryParents(kv);
  const created: Listing[] = [];
  for (let from = 0; from < inputs.length; from += IMPORT_BATCH) {
    const batch = inputs.slice(from, from + IMPORT_BATCH);
    const counter = await kv.get<Deno.KvU64>(keys.listingIdCounterKey());
    const first = Number(counter.value?.value ?? 0n) + 1;
    const listings = batch.map((input, k) =>
      newListingRecord(input, first + k, (input.slug ?? slugify(input.name)).slice(0, 200), now)
    );
    const op = kv.atomic().check(counter);
    const staged = [];
    for (const listing of listings) staged.push(await stageNewListing(kv, op, listing, parents));
    if ((await commitListingWrite(kv, op, listings.map((l) => l.id))).ok) {
      created.push(...listings);
      continue;
    }
    await Promise.all(staged.map((s) => s.discard()));
    for (const input of batch) created.push(await createListing(kv, input, now));
  }
  return created;
}

/** Raised when a listing's website or slug is already taken. */
export class ListingConflictError extends Error {
  override name = "ListingConflictError";
}

/** Reads a listing by id. */
export async function getListing(kv: Deno.Kv, id: number): Promise<Listing | null> {
  return (await getSplit<Listing>(kv, keys.listingKey(id))).value;
}

/** Reads a listing by id with its versionstamp, for a write that must check it has not changed. */
export function getListingEntry(kv: Deno.Kv, id: number): Promise<SplitEntry<Listing>> {
  return getSplit<Listing>(kv, keys.listingKey(id));
}

/** Reads several listings by id, in order (missing ones are left out). */
export async function getListings(kv: Deno.Kv, ids: number[]): Promise<Listing[]> {
  return present(await getManySplit<Listing>(kv, ids.map(keys.listingKey)));
}

/** Reads a listing by slug. */
export async function getListingBySlug(kv: Deno.Kv, slug: string): Promise<Listing | null> {
  const id = (await kv.get<number>(keys.listingBySlugKey(slug))).value;
  return id === null ? null : await getListing(kv, id);
}

/** Reads the listing of a website by its domain (any URL form is accepted). */
export async function getListingByDomain(
  kv: Deno.Kv,
  urlOrDomain: string,
): Promise<Listing | null> {
  const id = (await kv.get<number>(keys.listingByDomainKey(domainOf(urlOrDomain)))).value;
  return id === null ? null : await getListing(kv, id);
}

/** Ids of the listings with a status, in id order. */
export async function listListingIdsByStatus(
  kv: Deno.Kv,
  status: Listing["status"],
): Promise<number[]> {
  const ids: number[] = [];
  for await (const e of kv.list<number>({ prefix: keys.listingsByStatusPrefix(status) })) {
    ids.push(e.value);
  }
  return ids;
}

/** Ids of the listings whose launch week is `week` (any status). */
export async function listListingIdsByWeek(kv: Deno.Kv, week: string): Promise<number[]> {
  const ids: number[] = [];
  for await (const e of kv.list<number>({ prefix: keys.listingsByWeekPrefix(week) })) {
    ids.push(e.value);
  }
  return ids;
}

/** Ids of the listings a user owns. */
/** Ids of the live listings with the Featured flag on (periods are checked by the reader). */
export async function listFeaturedListingIds(kv: Deno.Kv): Promise<number[]> {
  const ids: number[] = [];
  for await (const e of kv.list<number>({ prefix: keys.featuredListingsPrefix() })) {
    ids.push(e.value);
  }
  return ids;
}

export async function listListingIdsByOwner(kv: Deno.Kv, userId: string): Promise<number[]> {
  const ids: number[] = [];
  for await (const e of kv.list<number>({ prefix: keys.listingsByOwnerPrefix(userId) })) {
    ids.push(e.value);
  }
  return ids;
}

/** Result of a listing write: the new state. */
export interface ListingState {
  listing: Listing;
  stats: ListingStats;
}

/**
 * Changes a listing and/or its stats atomically with every derived key. `change` gets the
 * current state and returns the next (or null to leave it as is); `extra` adds more mutations
 * and checks to the same atomic operation.
 */
export async function updateListingState(
  kv: Deno.Kv,
  id: number,
  change: (state: ListingState) => ListingState | null | Promise<ListingState | null>,
  extra?: (
    op: Deno.AtomicOperation,
    before: ListingState,
    after: ListingState,
  ) => void | Promise<void>,
): Promise<ListingState | null> {
  const parents = await getCategoryParents(kv);
  for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
    const [listingEntry, statsEntry] = await Promise.all([
      getSplit<Listing>(kv, keys.listingKey(id)),
      kv.get<ListingStats>(keys.listingStatsKey(id)),
    ]);
    if (!listingEntry.value) return null;
    const before = { listing: listingEntry.value, stats: statsEntry.value ?? EMPTY_STATS };
    const after = await change(structuredClone(before));
    if (!after) return before;
    const op = kv.atomic().check(listingEntry).check(statsEntry)
      .set(keys.listingStatsKey(id), after.stats);
    // Stats-only changes (votes, views) leave the listing record and its version alone.
    const staged = JSON.stringify(after.listing) !== JSON.stringify(before.listing)
      ? await stageValue(kv, keys.listingKey(id), after.listing)
      : null;
    staged?.write(op, listingEntry.parts);
    applyDerivedKeys(op, before, after, parents);
    if (extra) await extra(op, before, after);
    if ((await commitListingWrite(kv, op, [id])).ok) return after;
    await staged?.discard();
    await backoff(attempt);
  }
  throw conflict(`Could not update listing ${id}: too many concurrent writes, retry`);
}

/**
 * Applies a patch to a listing's fields (updated_at is set); `extra` adds to the same atomic
 * operation, seeing the listing as it will be.
 */
export async function updateListing(
  kv: Deno.Kv,
  id: number,
  patch: (listing: Listing) => Partial<Listing>,
  now = new Date(),
  extra?: (op: Deno.AtomicOperation, after: Listing) => void | Promise<void>,
): Promise<Listing | null> {
  const state = await updateListingState(
    kv,
    id,
    ({ listing, stats }) => ({
      listing: { ...listing, ...patch(listing), id, updated_at: now.toISOString() },
      stats,
    }),
    extra && ((op, _before, after) => extra(op, after.listing)),
  );
  return state?.listing ?? null;
}

/** Schedules a listing for a launch week (status scheduled). */
export function scheduleListing(
  kv: Deno.Kv,
  id: number,
  week: string,
  plan: "free" | "paid",
  now = new Date(),
) {
  return updateListing(kv, id, () => ({ status: "scheduled", launch_week: week, plan }), now);
}

/**
 * Puts a listing live at `at`: status live, launched_at set, launch week = the week of `at`, and
 * an entry on that week's community board (kept with its votes when the listing was already on it).
 * With `onlyFrom`, a listing in another status is left as it is (decided on the version written).
 */
export async function goLive(
  kv: Deno.Kv,
  id: number,
  at: Date,
  options: { onlyFrom?: Listing["status"] } = {},
): Promise<Listing | null> {
  const week = mondayOf(at);
  const leaveAsIs = (status: Listing["status"]) =>
    status === "live" || (options.onlyFrom !== undefined && status !== options.onlyFrom);
  const state = await updateListingState(
    kv,
    id,
    ({ listing, stats }) =>
      leaveAsIs(listing.status) ? null : {
        listing: {
          ...listing,
          status: "live",
          launch_week: week,
          launched_at: at.toISOString(),
          updated_at: at.toISOString(),
        },
        stats,
      },
    (op) => addToWeekBoard(kv, op, week, id),
  );
  return state?.listing ?? null;
}

/**
 * Adds to `op` a listing's entry on a week's community board (kept with its votes when it is
 * already there), checked against the week's vote count read.
 */
export async function addToWeekBoard(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  week: string,
  id: number,
): Promise<void> {
  const weekVotes = await kv.get<number>(keys.weekVotesKey(week, id));
  const votes = weekVotes.value ?? 0;
  op.check(weekVotes).set(keys.weekVotesKey(week, id), votes).set(
    keys.weekBoardKey(week, votes, id),
    id,
  );
}
