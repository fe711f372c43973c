/** Idempotency records: the first response to a key, kept 24 hours. */
import { idempotencyKey } from "./keys.ts";

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

/** Reads a key's record with its version. */
export function readIdempotency(kv: Deno.Kv, s: Scope) {
  return kv.get<IdempotencyRecord>(idempotencyKey(s.caller, s.operationId, s.key));
}

/** Claims a key for a request if the record is still `expected` (null: unused). */
export async function claimIdempotency(
  kv: Deno.Kv,
  s: Scope,
  expected: Deno.KvEntryMaybe<IdempotencyRecord>,
  record: IdempotencyRecord,
): Promise<boolean> {
  const key = idempotencyKey(s.caller, s.operationId, s.key);
  return (await kv.atomic().check(expected).set(key, record, { expireIn: RETENTION_MS }).commit())
    .ok;
}

/** Stores the final response of a key. */
export async function finishIdempotency(
  kv: Deno.Kv,
  s: Scope,
  record: IdempotencyRecord,
): Promise<void> {
  await kv.set(idempotencyKey(s.caller, s.operationId, s.key), record, { expireIn: RETENTION_MS });
}

/** Forgets a key (its request failed on our side and may be retried). */
export async function releaseIdempotency(kv: Deno.Kv, s: Scope): Promise<void> {
  await kv.delete(idempotencyKey(s.caller, s.operationId, s.key));
}
