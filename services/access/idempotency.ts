/**
 * Idempotency-Key: scoped to the caller and operation, kept 24 hours. The same key with the same
 * request replays the first response (status and body); with a different request it is a 400
 * idempotency_key_reused; a request still in flight under the key is waited for, then 409.
 * The response is stored in the same atomic operation as the request's effect (see
 * `IdempotencySeal`), so a crash can never leave an effect without its stored response.
 */
import {
  claimIdempotency,
  finishIdempotency,
  type IdempotencyRecord,
  readIdempotency,
  releaseIdempotency,
  stageIdempotencyRecord,
} from "../../kv/idempotency.ts";
import type { StagedValue } from "../../kv/split_values.ts";
import type { Deps } from "../platform/deps.ts";
import { ApiError, badRequest, conflict } from "../platform/errors.ts";
import { sha256Hex } from "../platform/secrets.ts";

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** How long a request waits for another request of this process under the same key. */
const WAIT_MS = 10_000;
/** An in-flight claim older than this is taken to be abandoned (its process died). */
const ABANDONED_MS = 120_000;

/** A response as stored and replayed. */
export interface StoredResponse {
  status: number;
  body: unknown;
  replayed: boolean;
}

/** JSON with object keys sorted, so equal requests give equal fingerprints. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) =>
      v !== undefined
    )
      .sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Checks an Idempotency-Key value: 1 to 255 visible ASCII characters. */
export function validateIdempotencyKey(key: string): void {
  if (!KEY_PATTERN.test(key)) {
    throw badRequest(
      "Invalid Idempotency-Key: use 1 to 255 visible ASCII characters, e.g. a UUID",
      [
        { path: "Idempotency-Key", message: "1 to 255 visible ASCII characters" },
      ],
    );
  }
}

function stillRunning(key: string): ApiError {
  return conflict(
    `A request with Idempotency-Key "${key}" is still being processed: retry shortly`,
  );
}

function replay(record: IdempotencyRecord): StoredResponse {
  return { status: record.status!, body: record.body, replayed: true };
}

/**
 * Adds to a request's own atomic operation (the one that commits its effect) the check that the
 * request still holds its Idempotency-Key and the set of its final response (`body`, with the
 * operation's success status). Call it in the last commit of the effect; earlier commits must be
 * safe to repeat. May be called on every attempt of a retried commit.
 */
export type IdempotencySeal = (op: Deno.AtomicOperation, body: unknown) => Promise<void>;

/** Requests of this process under a claimed key, to wait for (per store). */
const running = new WeakMap<Deno.Kv, Map<string, Promise<unknown>>>();

function runningIn(kv: Deno.Kv): Map<string, Promise<unknown>> {
  let map = running.get(kv);
  if (!map) running.set(kv, map = new Map());
  return map;
}

/** Waits for `promise` (whatever its outcome) at most `ms`. */
function settleWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise.then(() => {}, () => {}),
    new Promise<void>((resolve) => timer = setTimeout(resolve, ms)),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Runs `run` at most once for a key: the first request runs it; later ones with the same input
 * get the stored response. `run` gets a seal that commits the response with the effect; when it
 * does not use it, the response is stored right after. Failures on our side (5xx) release the key
 * so a retry can run again. A request that finds the key held by a request of this process waits
 * for it; one held by another process (or by a process that died less than two minutes ago) is a
 * 409 at once.
 */
export async function withIdempotency(
  deps: Deps,
  scope: { caller: string; operationId: string; key: string },
  request: unknown,
  status: number,
  run: (seal: IdempotencySeal) => Promise<unknown>,
): Promise<StoredResponse> {
  validateIdempotencyKey(scope.key);
  const fingerprint = await sha256Hex(canonicalJson(request));
  const local = runningIn(deps.kv);
  const localKey = JSON.stringify([scope.caller, scope.operationId, scope.key]);
  const deadline = Date.now() + WAIT_MS;
  const gate = Promise.withResolvers<void>();
  let claimVersion: string | null = null;
  while (claimVersion === null) {
    const entry = await readIdempotency(deps.kv, scope);
    const record = entry.value;
    if (record && record.fingerprint !== fingerprint) {
      throw new ApiError(
        400,
        "idempotency_key_reused",
        `Idempotency-Key "${scope.key}" was already used with a different request`,
        [{ path: "Idempotency-Key", message: "Use a new key for a different request" }],
      );
    }
    if (record?.state === "done") return replay(record);
    const inProcess = local.get(localKey);
    if (inProcess) {
      // A request of this process holds (or is claiming) the key: wait for its answer.
      if (Date.now() > deadline) throw stillRunning(scope.key);
      await settleWithin(inProcess, deadline - Date.now());
      continue;
    }
    const abandoned = record?.state === "in_flight" &&
      deps.now().getTime() - Date.parse(record.started_at) > ABANDONED_MS;
    if (record && !abandoned) throw stillRunning(scope.key);
    const claim: IdempotencyRecord = {
      state: "in_flight",
      fingerprint,
      status: null,
      body: null,
      started_at: deps.now().toISOString(),
    };
    local.set(localKey, gate.promise);
    claimVersion = await claimIdempotency(deps.kv, scope, entry, claim).catch((err) => {
      local.delete(localKey);
      gate.resolve();
      throw err;
    });
    if (claimVersion === null) {
      local.delete(localKey);
      gate.resolve();
    }
  }
  const done = (body: unknown, answer = status): IdempotencyRecord => ({
    state: "done",
    fingerprint,
    status: answer,
    body,
    started_at: deps.now().toISOString(),
  });
  const staged: StagedValue[] = [];
  const seal: IdempotencySeal = async (op, body) => {
    const current = await readIdempotency(deps.kv, scope);
    if (current.versionstamp !== claimVersion) {
      throw conflict(
        `Idempotency-Key "${scope.key}" was taken over by another request: retry to get its answer`,
      );
    }
    const record = await stageIdempotencyRecord(deps.kv, scope, claimVersion!, done(body));
    staged.push(record);
    record.sealInto(op);
  };
  try {
    const body = await run(seal);
    // Without a sealed commit (no effect to commit with, or an operation that does not seal),
    // the response is stored now; a claim that changed was sealed (or taken over) already.
    if ((await readIdempotency(deps.kv, scope)).versionstamp === claimVersion) {
      await finishIdempotency(deps.kv, scope, claimVersion, done(body));
    }
    return { status, body, replayed: false };
  } catch (err) {
    if (err instanceof ApiError && err.status < 500 && err.status !== 429) {
      await finishIdempotency(deps.kv, scope, claimVersion, done(err.toBody(), err.status));
    } else {
      await releaseIdempotency(deps.kv, scope, claimVersion);
    }
    throw err;
  } finally {
    await discardUnsealed(deps.kv, scope, staged);
    local.delete(localKey);
    gate.resolve();
  }
}

/** Deletes the parts staged for seals whose commit did not happen. */
async function discardUnsealed(
  kv: Deno.Kv,
  scope: { caller: string; operationId: string; key: string },
  staged: StagedValue[],
): Promise<void> {
  if (!staged.some((s) => s.parts)) return;
  const kept = (await readIdempotency(kv, scope)).parts?.generation;
  for (const s of staged) if (s.parts && s.parts.generation !== kept) await s.discard();
}
