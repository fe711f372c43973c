/**
 * What the site team's console keeps beside the records it acts on: its decision on each owner
 * edit (one per version, never replaced) and, for a listing it removed, the status to restore.
 * Both are written in the same atomic operation as the action and its audit entry.
 */
import * as keys from "./keys.ts";
import type { ListingStatus } from "./types.ts";

/** The team's decision on one version of a listing. */
export interface EditDecision {
  listing_id: number;
  version: number;
  /** accepted: kept as it is; reverted: put back; team: a version the team made (a revert). */
  decision: "accepted" | "reverted" | "team";
  by: string;
  at: string;
  reason: string | null;
  /** For a revert: the version that put the fields back. */
  revert_version?: number;
}

/** A listing the team removed, with the status it had before. */
export interface ListingRemoval {
  listing_id: number;
  previous_status: ListingStatus;
  by: string;
  at: string;
  reason: string;
}

/** Adds a decision to `op`; the commit fails when the version was already decided. */
export function stageEditDecision(op: Deno.AtomicOperation, decision: EditDecision): void {
  const key = keys.editDecisionKey(decision.listing_id, decision.version);
  op.check({ key, versionstamp: null }).set(key, decision);
}

/** The decisions on the given versions, by `listing_id:version` (undecided ones left out). */
export async function getEditDecisions(
  kv: Deno.Kv,
  versions: { listing_id: number; version: number }[],
): Promise<Map<string, EditDecision>> {
  const out = new Map<string, EditDecision>();
  for (let i = 0; i < versions.length; i += 10) {
    const chunk = versions.slice(i, i + 10);
    const entries = await kv.getMany<EditDecision[]>(
      chunk.map((v) => keys.editDecisionKey(v.listing_id, v.version)),
    );
    for (const e of entries) if (e.value) out.set(editRef(e.value), e.value);
  }
  return out;
}

/** How a version is named in maps and audit targets: "12:3". */
export function editRef(v: { listing_id: number; version: number }): string {
  return `${v.listing_id}:${v.version}`;
}

/** How many edits still wait for a decision: versions on the review list minus decisions. */
export async function countUndecidedEdits(kv: Deno.Kv): Promise<number> {
  const count = async (prefix: Deno.KvKey) => {
    let n = 0;
    for await (const _ of kv.list({ prefix }, { batchSize: 1000 })) n++;
    return n;
  };
  const [versions, decided] = await Promise.all([
    count(keys.editReviewsPrefix()),
    count(keys.editDecisionsPrefix()),
  ]);
  return Math.max(0, versions - decided);
}

/** The removal record of a listing (null when the team did not remove it). */
export function getListingRemoval(
  kv: Deno.Kv,
  id: number,
): Promise<Deno.KvEntryMaybe<ListingRemoval>> {
  return kv.get<ListingRemoval>(keys.listingRemovalKey(id));
}

/** Adds a removal record to `op` (there must be none). */
export function stageListingRemoval(op: Deno.AtomicOperation, removal: ListingRemoval): void {
  const key = keys.listingRemovalKey(removal.listing_id);
  op.check({ key, versionstamp: null }).set(key, removal);
}

/** Deletes the removal record read as `entry` in `op` (checked unchanged). */
export function stageRemovalCleared(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntryMaybe<ListingRemoval>,
): void {
  op.check(entry).delete(entry.key);
}
