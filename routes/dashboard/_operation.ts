/**
 * The founders' pages act through the operation table: a form's input goes through the same
 * operation (its zod schemas, limits and error messages, its handler) as a REST or MCP call, for
 * the signed-in person with every scope. What a founder can do through the API, the pages do the
 * same way, and a bad value gets the API's own message.
 */
import { z } from "zod";
import { type SignedIn, webCaller } from "../../services/access/mod.ts";
import type { Deps, ErrorDetail } from "../../services/platform/mod.ts";
import { ApiError } from "../../services/platform/mod.ts";
import { OPERATIONS } from "../api/v1/mod.ts";
import { parsePart } from "../api/v1/operation.ts";
import { runOperation } from "../api/v1/run.ts";

const EMPTY = z.object({}).strict();

/** An operation's input as a page gives it: path, query and body values (typed, not strings). */
export interface PageInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

/**
 * Runs operation `operationId` for the signed-in person: validates each part with the
 * operation's schemas (400 with details, as on REST) and calls its handler. Answers the JSON the
 * REST call would answer; throws the same ApiError it would.
 */
// deno-lint-ignore no-explicit-any
export async function callOperation<T = any>(
  deps: Deps,
  who: SignedIn,
  operationId: string,
  input: PageInput = {},
): Promise<T> {
  const op = OPERATIONS.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`No operation "${operationId}"`);
  const parsed = {
    params: parsePart(op.params ?? EMPTY, input.params ?? {}, "path parameters"),
    query: parsePart(op.query ?? EMPTY, input.query ?? {}, "query parameters"),
    body: op.body ? parsePart(op.body, input.body ?? {}, "request body") : {},
  };
  const result = await runOperation(deps, op, parsed, webCaller(who.user));
  return result.body as T;
}

/** A form's outcome: the operation's answer, or the 400/409 it refused with (other errors throw). */
export type Attempt<T> = { ok: true; value: T } | { ok: false; error: ApiError };

/** Like callOperation, but a refusal (400, 409) comes back as a value for the form to show. */
// deno-lint-ignore no-explicit-any
export async function tryOperation<T = any>(
  deps: Deps,
  who: SignedIn,
  operationId: string,
  input: PageInput = {},
): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await callOperation<T>(deps, who, operationId, input) };
  } catch (err) {
    if (err instanceof ApiError && (err.status === 400 || err.status === 409)) {
      return { ok: false, error: err };
    }
    throw err;
  }
}

/** The error details about one field (`path` exactly, or under it: `faqs` covers `faqs.0.question`). */
export function detailsAt(errors: ErrorDetail[] | undefined, path: string): ErrorDetail[] {
  return (errors ?? []).filter((e) => e.path === path || e.path.startsWith(`${path}.`));
}
