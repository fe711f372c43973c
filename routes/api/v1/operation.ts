/**
 * The operation table's building blocks. Each of the 41 operations is declared once with
 * `defineOperation`; the REST routes, the OpenAPI document and the MCP tools all derive from it.
 */
import { z } from "zod";
import {
  badRequest,
  type Deps,
  type ErrorDetail,
  notImplemented,
} from "../../../services/platform/mod.ts";

import { type Scope, SCOPES } from "../../../kv/types.ts";
export { SCOPES };
export type { Scope };
export type Access = "public" | Scope;
export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

import type { Caller, IdempotencySeal } from "../../../services/access/mod.ts";
export type { Caller };

export interface OperationContext {
  deps: Deps;
  caller: Caller | null;
  /** The Idempotency-Key sent with the request, if any. */
  idempotencyKey?: string;
  /**
   * With an Idempotency-Key: adds the stored response to the atomic operation that commits the
   * handler's effect (pass it to the service), so that a crash cannot separate the two.
   */
  idempotency?: IdempotencySeal;
  /** Ids of the operations that are implemented (the others answer 501), for texts that name them. */
  implementedOperations: ReadonlySet<string>;
}

// deno-lint-ignore no-explicit-any
type AnyObject = z.ZodObject<any>;
type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export interface OperationInput<P, Q, B> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
}

/** MCP tool annotations, also exported in OpenAPI as `x-mcp-annotations`. */
export interface OperationHints {
  readOnly?: boolean;
  destructive?: boolean;
  idempotent?: boolean;
  openWorld?: boolean;
}

export interface OperationSpec<
  P extends AnyObject | undefined,
  Q extends AnyObject | undefined,
  B extends AnyObject | undefined,
> {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI-style path relative to /api/v1, e.g. `/listings/{slug}`. */
  path: string;
  access: Access;
  /** Area name, used as the OpenAPI tag and to group the reference page. */
  tag: string;
  summary: string;
  /** What it does, what it needs and its limits (shown to API users and MCP agents). */
  description: string;
  params?: P;
  query?: Q;
  body?: B;
  status: 200 | 201;
  paginated?: boolean;
  /** Accepts the Idempotency-Key header (MCP: the `idempotency_key` argument). */
  idempotencyKey?: boolean;
  hints?: OperationHints;
  /**
   * Error statuses the operation answers for reasons of its own, with the reason (OpenAPI); those
   * that follow from the definition (access, parameters, body, idempotency) are derived.
   */
  errors?: Partial<Record<ErrorStatus, string>>;
  /**
   * Public GET reads only: what tells, before routing, whether an anonymous answer made earlier is
   * still current (routes/public_reads.ts keeps it and answers the same URL from it); an operation
   * without one is never kept.
   */
  freshness?: Freshness;
  /** The implementation; an operation without one answers 501. */
  handler?: (input: OperationInput<P, Q, B>, ctx: OperationContext) => Promise<unknown>;
}

/**
 * The state a public read's answer stands on now: `token` moves whenever the answer may change,
 * and an answer made now is reused until `until` (ms, the deps' clock) at the latest.
 */
export interface AnswerValidity {
  token: string | number;
  until: number;
}

/** The validity of an operation's answers now, or undefined when none may be kept. */
export type Freshness = (deps: Deps) => AnswerValidity | undefined;

/** An operation with its types erased, as the route, OpenAPI and MCP builders see it. */
export type Operation =
  & Omit<
    OperationSpec<AnyObject, AnyObject, AnyObject>,
    "params" | "query" | "body" | "paginated" | "idempotencyKey" | "hints" | "handler" | "errors"
  >
  & {
    params?: AnyObject;
    query?: AnyObject;
    body?: AnyObject;
    paginated: boolean;
    idempotencyKey: boolean;
    hints: OperationHints;
    handler: (input: RawInput, ctx: OperationContext) => Promise<unknown>;
    /** False while the operation has no handler and answers 501 not_implemented. */
    implemented: boolean;
    /** Every status the operation answers, ascending: success, derived and its own errors. */
    statuses: number[];
    /** The reasons of its own error statuses (see `OperationSpec.errors`). */
    errors: Partial<Record<ErrorStatus, string>>;
  };

/** The error statuses an operation can declare. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 501;

/**
 * The statuses that follow from a definition: 304 (public reads: the If-None-Match ETag is
 * current), 400 (invalid input), 401 (a bad credential, even on
 * public operations), 403 (missing scope), 404 (path parameters), 409 (an Idempotency-Key still in
 * use), 413 (a body over the limit), 429 (rate limit) and 501 (no handler yet).
 */
function derivedStatuses(
  spec: {
    access: Access;
    method: HttpMethod;
    params?: unknown;
    body?: unknown;
    idempotencyKey?: boolean;
  },
  implemented: boolean,
): number[] {
  return [
    ...(spec.access === "public" && spec.method === "get" ? [304] : []),
    400,
    401,
    ...(spec.access !== "public" ? [403] : []),
    ...(spec.params ? [404] : []),
    ...(spec.idempotencyKey ? [409] : []),
    ...(spec.body ? [413] : []),
    429,
    ...(implemented ? [] : [501]),
  ];
}

/** Validated input as the type-erased table passes it on. */
export interface RawInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

/** Declares one operation. Bodies must be strict objects (unknown keys are a 400). */
export function defineOperation<
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends AnyObject | undefined = undefined,
>(spec: OperationSpec<P, Q, B>): Operation {
  if (spec.freshness && (spec.access !== "public" || spec.method !== "get")) {
    throw new Error(
      `Operation "${spec.operationId}": only a public GET read may declare freshness`,
    );
  }
  const handler = spec.handler ??
    (() => Promise.reject(notImplemented(spec.operationId)));
  const own = Object.keys(spec.errors ?? {}).map(Number);
  const statuses = [spec.status, ...derivedStatuses(spec, spec.handler !== undefined), ...own];
  return {
    ...spec,
    paginated: spec.paginated ?? false,
    idempotencyKey: spec.idempotencyKey ?? false,
    hints: spec.hints ?? { readOnly: spec.method === "get" },
    handler: handler as Operation["handler"],
    implemented: spec.handler !== undefined,
    statuses: [...new Set(statuses)].sort((a, b) => a - b),
    errors: spec.errors ?? {},
  } as Operation;
}

// Shared schema pieces, with the spec's patterns and bounds.

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,219}$/;
export const slug = () =>
  z.string().regex(
    SLUG_PATTERN,
    "Expected a slug: lowercase letters, digits and hyphens, at most 220",
  )
    .describe("Slug: ^[a-z0-9][a-z0-9-]{0,219}$");
export const countryCode = () =>
  z.string().regex(/^[A-Za-z]{2}$/, "Expected a two-letter country code").describe(
    "ISO 3166-1 alpha-2 code",
  );
export const positiveId = (what: string) =>
  z.number().int().min(1).describe(`${what} (integer >= 1)`);

/** page and per_page, as every paginated operation takes them. */
export const pageFields = {
  page: z.number().int().min(1).max(1000).default(1).describe("Page number, 1 to 1000"),
  per_page: z.number().int().min(1).max(100).default(20).describe("Items per page, 1 to 100"),
};
export const pageQuery = z.object(pageFields).strict();

/** Converts zod issues into error details naming each offending field. */
export function issuesToDetails(issues: z.core.$ZodIssue[], prefix = ""): ErrorDetail[] {
  return issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    const unknown = issue.code === "unrecognized_keys"
      ? `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${
        issue.keys.map((k) => `"${k}"`).join(", ")
      }`
      : null;
    return { path: path || prefix || "(root)", message: unknown ?? issue.message };
  });
}

/** Parses one part of a request (path, query or body) or throws a 400 naming the fields. */
export function parsePart<S extends z.ZodType>(
  schema: S,
  value: unknown,
  part: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw badRequest(`Invalid ${part}`, issuesToDetails(result.error.issues));
}
