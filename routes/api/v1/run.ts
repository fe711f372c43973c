/** Runs an operation for a caller: the one path shared by the REST routes and the MCP tools. */
import { type Caller, type StoredResponse, withIdempotency } from "../../../services/access/mod.ts";
import type { Deps } from "../../../services/platform/mod.ts";
import type { Operation, RawInput } from "./operation.ts";

/**
 * Calls the operation's handler; with an idempotency key (on operations that take one) the first
 * response is stored and replayed for retries.
 */
export async function runOperation(
  deps: Deps,
  op: Operation,
  input: RawInput,
  caller: Caller | null,
  idempotencyKey?: string,
): Promise<StoredResponse> {
  const execute = async () => ({
    status: op.status as number,
    body: await op.handler(input, { deps, caller, idempotencyKey }),
  });
  if (!op.idempotencyKey || idempotencyKey === undefined || !caller) {
    return { ...(await execute()), replayed: false };
  }
  return await withIdempotency(
    deps,
    { caller: caller.userId, operationId: op.operationId, key: idempotencyKey },
    input,
    execute,
  );
}
