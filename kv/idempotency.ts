/**
 * Idempotency records: the first response to a key, kept 24 hours. A large response body is stored
 * in parts (split_values.ts), so that no record passes the store's value cap.
 */
import { idempotencyKey } from "./keys.ts";
import { getSplit, type SplitEntry, type StagedValue, stageValue } from "./split_values.ts";

export interface IdempotencyRecord {
  state: "in_flight" | "done";
  /** SHA-256 of the request the key was first used with. */
  fingerprint: string;
  status: number | null;
  body: unknown;
  started_at: string;
}

const RETENTION_MS = 24 * 3_600_000;

type Scope = { caller: string; operationId: string; key: string };

const keyOf = (s: Scope) => idempotencyKey(s.caller, s.operationId, s.key);

/** Reads a key's record with its version. */
export function readIdempotency(kv: Deno.Kv, s: Scope): Promise<SplitEntry<IdempotencyRecord>> {
  return getSplit<IdempotencyRecord>(kv, keyOf(s));
}

/**
 * Claims a key for a request if the record is still `expected` (null: unused). Returns the claim's
 * versionstamp, or null when another request changed the record first.
 */
export async function claimIdempotency(
  kv: Deno.Kv,
  s: Scope,
  expected: SplitEntry<IdempotencyRecord>,
  record: IdempotencyRecord,
): Promise<string | null> {
  const staged = await stageValue(kv, keyOf(s), record, { expireIn: RETENTION_MS });
  const op = kv.atomic().check(expected);
  staged.write(op, expected.parts);
  const res = await op.commit();
  return res.ok ? res.versionstamp : null;
}

/**
 * Prepares a final record for a key: its large body is stored in parts now; `write` adds to an
 * atomic operation the check that the claim (`claimVersion`) still holds and the set of the record.
 */
export async function stageIdempotencyRecord(
  kv: Deno.Kv,
  s: Scope,
  claimVersion: string,
  record: IdempotencyRecord,
): Promise<StagedValue & { sealInto(op: Deno.AtomicOperation): void }> {
  const staged = await stageValue(kv, keyOf(s), record, { expireIn: RETENTION_MS });
  return {
    ...staged,
    sealInto(op) {
      op.check({ key: keyOf(s), versionstamp: claimVersion });
      staged.write(op, null);
    },
  };
}

/** Stores the final record of a key if the claim still holds; false when it does not. */
export async function finishIdempotency(
  kv: Deno.Kv,
  s: Scope,
  claimVersion: string,
  record: IdempotencyRecord,
): Promise<boolean> {
  const staged = await stageIdempotencyRecord(kv, s, claimVersion, record);
  const op = kv.atomic();
  staged.sealInto(op);
  if ((await op.commit()).ok) return true;
  await staged.discard();
  return false;
}

/** Forgets a key if the claim still holds (its request failed on our side and may be retried). */
export async function releaseIdempotency(
  kv: Deno.Kv,
  s: Scope,
  claimVersion: string,
): Promise<void> {
  await kv.atomic().check({ key: keyOf(s), versionstamp: claimVersion }).delete(keyOf(s)).commit();
}
