/** Runs an operation for a caller: the one path shared by the REST routes and the MCP tools. */
import { type Caller, type StoredResponse, withIdempotency } from "../../../services/access/mod.ts";
import type { Deps } from "../../../services/platform/mod.ts";
import type { Operation, RawInput } from "./operation.ts";
import { IMPLEMENTED_OPERATION_IDS } from "./mod.ts";

/**
 * Calls the operation's handler; with an idempotency key (on operations that take one) the first
 * response is stored, in the same atomic operation as the handler's effect when the handler seals
 * it (`ctx.idempotency`), and replayed for retries.
 */
export async function runOperation(
  deps: Deps,
  op: Operation,
  input: RawInput,
  caller: Caller | null,
  idempotencyKey?: string,
): Promise<StoredResponse> {
  const status = op.status as number;
  const ctx = { deps, caller, idempotencyKey, implementedOperations: IMPLEMENTED_OPERATION_IDS };
  if (!op.idempotencyKey || idempotencyKey === undefined || !caller) {
    return { status, body: await op.handler(input, ctx), replayed: false };
  }
  return await withIdempotency(
    deps,
    { caller: caller.userId, operationId: op.operationId, key: idempotencyKey },
    input,
    status,
    (seal) => op.handler(input, { ...ctx, idempotency: seal }),
  );
}
