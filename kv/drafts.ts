/** Drafts, their evidence pages and co-founder invites. */
import { present } from "./read.ts";
import { getManySplit, getSplit, type SplitEntry, stageValue } from "./split_values.ts";
import * as keys from "./keys.ts";
import type { CofounderInvite, Draft } from "./types.ts";
import type { EvidencePage } from "../services/drafting/evidence.ts";

/** The queue message that moves a draft along (crawl, then draft). */
export interface DraftJob {
  type: "draft";
  draft_id: string;
}

/** The queue message that reads and compares a competitor. */
export interface CompetitorJob {
  type: "competitor";
  draft_id: string;
  url: string;
}

/** Retry delays of a draft job; after the last one the stalled-draft sweep takes over. */
export const DRAFT_JOB_BACKOFF_MS = [2_000, 10_000, 60_000];

/**
 * Creates a draft with its owner index, its pending marker and its first job message, in one
 * atomic operation: the draft never exists without the job that builds it.
 */
/** Adds more checks and mutations to a draft write's atomic operation. */
export type DraftWriteHook = (op: Deno.AtomicOperation) => void | Promise<void>;

/**
 * Creates a draft with its owner index, its pending marker and its first job message, in one
 * atomic operation: the draft never exists without the job that builds it. `extra` adds to it.
 */
export async function createDraft(
  kv: Deno.Kv,
  draft: Draft,
  extra?: DraftWriteHook,
): Promise<void> {
  const job: DraftJob = { type: "draft", draft_id: draft.id };
  const staged = await stageValue(kv, keys.draftKey(draft.id), draft);
  const op = kv.atomic()
    .check({ key: keys.draftKey(draft.id), versionstamp: null })
    .set(keys.draftsByUserKey(draft.user_id, draft.created_at, draft.id), draft.id)
    .set(keys.pendingDraftKey(draft.id), draft.created_at)
    .enqueue(job, { backoffSchedule: DRAFT_JOB_BACKOFF_MS });
  staged.write(op, null);
  await extra?.(op);
  if (!(await op.commit()).ok) {
    await staged.discard();
    throw new Error(`Draft ${draft.id} already exists`);
  }
}

/** Reads a draft with its version. */
export function getDraftEntry(kv: Deno.Kv, id: string): Promise<SplitEntry<Draft>> {
  return getSplit<Draft>(kv, keys.draftKey(id));
}

/**
 * Replaces a draft if it is still at the version read; `extra` adds more mutations (e.g. the
 * next job message) to the same atomic operation. Returns false on a conflict.
 */
export async function saveDraft(
  kv: Deno.Kv,
  entry: SplitEntry<Draft>,
  next: Draft,
  extra?: DraftWriteHook,
): Promise<boolean> {
  const staged = await stageValue(kv, keys.draftKey(next.id), next);
  const op = kv.atomic().check(entry);
  staged.write(op, entry.parts);
  if (next.status === "ready") op.delete(keys.pendingDraftKey(next.id));
  await extra?.(op);
  if ((await op.commit()).ok) return true;
  await staged.discard();
  return false;
}

/** Adds a job message to an atomic operation. */
export function enqueueJob(op: Deno.AtomicOperation, job: DraftJob | CompetitorJob): void {
  op.enqueue(job, { backoffSchedule: DRAFT_JOB_BACKOFF_MS });
}

/** Ids of a user's drafts, newest first. */
export async function listDraftIdsByUser(kv: Deno.Kv, userId: string): Promise<string[]> {
  const ids: string[] = [];
  for await (
    const e of kv.list<string>({ prefix: keys.draftsByUserPrefix(userId) }, { reverse: true })
  ) {
    ids.push(e.value);
  }
  return ids;
}

/** Reads several drafts by id, in order. */
export async function getDrafts(kv: Deno.Kv, ids: string[]): Promise<Draft[]> {
  return present(await getManySplit<Draft>(kv, ids.map(keys.draftKey)));
}

/** Ids of drafts whose job has not finished, with when they were created. */
export async function listPendingDrafts(
  kv: Deno.Kv,
): Promise<{ id: string; created_at: string }[]> {
  const out: { id: string; created_at: string }[] = [];
  for await (const e of kv.list<string>({ prefix: keys.pendingDraftsPrefix() })) {
    out.push({ id: String(e.key[1]), created_at: e.value });
  }
  return out;
}

/** Enqueues a job again (the stalled-draft sweep). */
export async function requeueDraftJob(kv: Deno.Kv, job: DraftJob): Promise<void> {
  await kv.enqueue(job, { backoffSchedule: DRAFT_JOB_BACKOFF_MS });
}

const MAX_PAGE_BYTES = 60_000;
const encoder = new TextEncoder();

/** Trims a page so that it fits in one KV value (64 KiB): links and text are cut first. */
export function fitPage(page: EvidencePage): EvidencePage {
  const size = (p: EvidencePage) => encoder.encode(JSON.stringify(p)).length;
  let fitted: EvidencePage = {
    ...page,
    facts: { ...page.facts, links: page.facts.links.slice(0, 200) },
  };
  while (size(fitted) > MAX_PAGE_BYTES) {
    const excess = size(fitted) - MAX_PAGE_BYTES;
    const text = fitted.text.slice(0, Math.max(0, fitted.text.length - Math.max(excess, 1000)));
    if (text.length === 0) {
      fitted = {
        ...fitted,
        text,
        facts: { ...fitted.facts, links: [], headings: fitted.facts.headings.slice(0, 50) },
      };
      if (size(fitted) > MAX_PAGE_BYTES) {
        fitted = { ...fitted, facts: { ...fitted.facts, json_ld: [] } };
      }
      break;
    }
    fitted = { ...fitted, text };
  }
  return fitted;
}

/** Stores the evidence pages of a draft (replacing any earlier set). */
export async function putDraftPages(
  kv: Deno.Kv,
  id: string,
  set: "site" | "competitor",
  pages: EvidencePage[],
): Promise<void> {
  for await (const e of kv.list({ prefix: keys.draftPagesPrefix(id, set) })) await kv.delete(e.key);
  for (const [index, page] of pages.entries()) {
    await kv.set(keys.draftPageKey(id, set, index), fitPage(page));
  }
}

/** The evidence pages of a draft, in crawl order. */
export async function getDraftPages(
  kv: Deno.Kv,
  id: string,
  set: "site" | "competitor",
): Promise<EvidencePage[]> {
  const out: EvidencePage[] = [];
  for await (const e of kv.list<EvidencePage>({ prefix: keys.draftPagesPrefix(id, set) })) {
    out.push(e.value);
  }
  return out;
}

const INVITE_TTL_MS = 14 * 86_400_000;

/** Stores a co-founder invite under its token's hash, with the draft's updated invite list, atomically. */
export function putInvite(
  kv: Deno.Kv,
  hash: string,
  invite: CofounderInvite,
  draftEntry: SplitEntry<Draft>,
  draft: Draft,
  extra?: DraftWriteHook,
): Promise<boolean> {
  return saveDraft(kv, draftEntry, draft, async (op) => {
    op.set(keys.inviteKey(hash), invite, { expireIn: INVITE_TTL_MS });
    await extra?.(op);
  });
}

/** Reads an invite with its version. */
export function getInviteEntry(
  kv: Deno.Kv,
  hash: string,
): Promise<Deno.KvEntryMaybe<CofounderInvite>> {
  return kv.get<CofounderInvite>(keys.inviteKey(hash));
}

/** Marks an invite accepted and saves the draft, in one atomic operation checked against both. */
export function acceptInvite(
  kv: Deno.Kv,
  inviteEntry: Deno.KvEntryMaybe<CofounderInvite>,
  draftEntry: SplitEntry<Draft>,
  draft: Draft,
): Promise<boolean> {
  const acceptedBy = draft.invites.find((i) => i.email === inviteEntry.value!.email)?.accepted_by ??
    null;
  return saveDraft(kv, draftEntry, draft, (op) => {
    op.check(inviteEntry).set(inviteEntry.key, { ...inviteEntry.value!, accepted_by: acceptedBy }, {
      expireIn: INVITE_TTL_MS,
    });
  });
}
