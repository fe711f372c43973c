/** One problem with one input field, as shown in the error body's `details`. */
export interface ErrorDetail {
  path: string;
  message: string;
}

/** Stable error codes of the shared error body: the HTTP status each comes with and its meaning. */
export const ERROR_CODES = {
  invalid_request: [
    400,
    "A parameter or body field is missing or invalid; details name each field.",
  ],
  idempotency_key_reused: [400, "The same Idempotency-Key was sent with a different request."],
  unauthorized: [401, "No credentials, or a key or token that is unknown, revoked or expired."],
  insufficient_scope: [403, "Valid credentials without the operation's scope."],
  forbidden: [403, "The request was refused, e.g. a form post without a valid CSRF token."],
  not_found: [404, "No such resource, or it is not yours (existence is not revealed)."],
  method_not_allowed: [405, "The path exists but not with this HTTP method."],
  conflict: [409, "The resource changed, or a request with the same key is still running."],
  payload_too_large: [413, "The request body is over the size limit the message names."],
  rate_limited: [429, "Too many requests: wait for Retry-After seconds."],
  internal: [500, "Something failed on our side; the request can be retried."],
  not_implemented: [501, "The operation is declared but not available yet."],
} as const satisfies Record<string, readonly [number, string]>;
export type ErrorCode = keyof typeof ERROR_CODES;

/** An error that maps to an HTTP status and the shared error body. Services throw these. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** The shared error body: `{"error": {"code", "message", "details"}}`. */
  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, details: this.details } };
  }
}

/** The shared error body of every 4xx and 5xx answer. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details: ErrorDetail[] };
}

/** 400 invalid_request, with the offending fields in `details`. */
export function badRequest(message: string, details: ErrorDetail[] = []): ApiError {
  return new ApiError(400, "invalid_request", message, details);
}

/** 404 not_found, e.g. `notFound("listing", "acme")` → `No listing "acme"`. */
export function notFound(what: string, id: string | number): ApiError {
  return new ApiError(404, "not_found", `No ${what} "${id}"`);
}

/** 409 conflict. */
export function conflict(message: string): ApiError {
  return new ApiError(409, "conflict", message);
}

/** 501 not_implemented: the operation is declared but not yet available. */
export function notImplemented(operationId: string): ApiError {
  return new ApiError(501, "not_implemented", `Operation "${operationId}" is not available yet`);
}

/** Turns any thrown value into an ApiError (unknown errors become a 500 that hides internals). */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  return new ApiError(500, "internal", "Internal error: the request could not be completed");
}
