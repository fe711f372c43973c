/**
 * Idempotency-Key: scoped to the caller and operation, kept 24 hours. The same key with the same
 * request replays the first response (status and body); with a different request it is a 400
 * idempotency_key_reused; a request still in flight under the key is waited for, then 409.
 */
import {
  claimIdempotency,
  finishIdempotency,
  type IdempotencyRecord,
  readIdempotency,
  releaseIdempotency,
} from "../../kv/idempotency.ts";
import type { Deps } from "../platform/deps.ts";
import { ApiError, badRequest, conflict } from "../platform/errors.ts";
import { sha256Hex } from "../platform/secrets.ts";

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const WAIT_MS = 10_000;
const POLL_MS = 50;
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

function replay(record: IdempotencyRecord): StoredResponse {
  return { status: record.status!, body: record.body, replayed: true };
}

/**
 * Runs `run` at most once for a key: the first request runs it; later ones with the same input
 * get the stored response. Failures on our side (5xx) release the key so a retry can run again.
 */
export async function withIdempotency(
  deps: Deps,
  scope: { caller: string; operationId: string; key: string },
  request: unknown,
  run: () => Promise<{ status: number; body: unknown }>,
): Promise<StoredResponse> {
  validateIdempotencyKey(scope.key);
  const fingerprint = await sha256Hex(canonicalJson(request));
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
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
    const abandoned = record?.state === "in_flight" &&
      deps.now().getTime() - Date.parse(record.started_at) > ABANDONED_MS;
    if (!record || abandoned) {
      const claim: IdempotencyRecord = {
        state: "in_flight",
        fingerprint,
        status: null,
        body: null,
        started_at: deps.now().toISOString(),
      };
      if (await claimIdempotency(deps.kv, scope, entry, claim)) break;
      continue;
    }
    if (Date.now() > deadline) {
      throw conflict(
        `A request with Idempotency-Key "${scope.key}" is still being processed: retry shortly`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    const result = await run();
    await finishIdempotency(deps.kv, scope, { ...doneRecord(fingerprint, deps), ...result });
    return { ...result, replayed: false };
  } catch (err) {
    if (err instanceof ApiError && err.status < 500 && err.status !== 429) {
      await finishIdempotency(deps.kv, scope, {
        ...doneRecord(fingerprint, deps),
        status: err.status,
        body: err.toBody(),
      });
    } else {
      await releaseIdempotency(deps.kv, scope);
    }
    throw err;
  }
}

function doneRecord(fingerprint: string, deps: Deps): IdempotencyRecord {
  return {
    state: "done",
    fingerprint,
    status: null,
    body: null,
    started_at: deps.now().toISOString(),
  };
}
