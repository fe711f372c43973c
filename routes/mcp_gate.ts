/**
 * The HTTP gate of /mcp before the SDK answers: JSON-RPC refusals carrying the request's id, the
 * rate limit counted per tool call, and the params of a 2025-era `initialize`.
 */
import type { Context } from "hono";
import type { Deps } from "../services/platform/mod.ts";
import { mcpServerSdk } from "../services/platform/lazy.ts";
import { rateLimitBucket, rateLimiterFor, type RateLimitState } from "../services/access/mod.ts";
import { clientIp } from "./middleware.ts";

/**
 * Protocol requests that call no tool (initialize, notifications, tools/list, ping, ...) count in a
 * bucket of their own with this many times the caller's limit: a client that keeps no connection
 * spends four or five of them on every tool call, which counts once in the API's bucket.
 */
export const PROTOCOL_LIMIT_FACTOR = 10;
/** JSON-RPC error codes of the HTTP-level refusals (implementation-defined server errors). */
export const SERVER_ERROR = -32000;
export const AUTH_ERROR = -32001;
const INVALID_PARAMS = -32602;

/** A JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A JSON-RPC error answer with an HTTP status. */
export function jsonRpcError(
  status: number,
  id: unknown,
  code: number,
  message: string,
  data?: unknown,
) {
  return Response.json(
    { jsonrpc: "2.0", id: id ?? null, error: { code, message, ...(data ? { data } : {}) } },
    { status },
  );
}

/** Whether a JSON-RPC message is a tools/call request. */
export function isToolCall(
  message: unknown,
): message is { method: "tools/call"; params?: unknown } {
  return isPlainObject(message) && message.method === "tools/call";
}

/**
 * Counts an MCP request against the rate limit: each tool call once in the caller's API bucket
 * (credential or address, as on REST); a request that calls no tool in the protocol bucket, at
 * `PROTOCOL_LIMIT_FACTOR` times the limit. Answers the last state (refused as soon as one is).
 */
export async function countMcpRequest(
  deps: Deps,
  c: Context,
  messages: unknown[],
): Promise<RateLimitState> {
  const { bucket, anonymous } = await rateLimitBucket(
    c.req.header("authorization"),
    clientIp(c, deps.config.rateLimit.trustProxy),
    deps,
  );
  const { anonymousPerMinute, perMinute } = deps.config.rateLimit;
  const limit = anonymous ? anonymousPerMinute : perMinute;
  const limiter = rateLimiterFor(deps.kv);
  const calls = messages.filter(isToolCall).length;
  if (calls === 0) {
    return await limiter.count(`mcp-protocol:${bucket}`, limit * PROTOCOL_LIMIT_FACTOR, deps.now());
  }
  let state = await limiter.count(bucket, limit, deps.now());
  for (let i = 1; i < calls && state.allowed; i++) {
    state = await limiter.count(bucket, limit, deps.now());
  }
  return state;
}

/**
 * The first 2025-era `initialize` request whose params are invalid, as a -32602 answer; else null.
 * (In the 2026-07-28 era `initialize` is no method at all: the SDK answers that.)
 */
export async function invalidInitialize(
  req: Request,
  messages: unknown[],
): Promise<Response | null> {
  const initialize = messages.some((m) => isPlainObject(m) && m.method === "initialize");
  if (!initialize) return null;
  const { isLegacyRequest, specTypeSchemas } = await mcpServerSdk();
  if (
    !(await isLegacyRequest(req, messages.length === 1 ? messages[0] : messages))
  ) {
    return null;
  }
  for (const message of messages) {
    if (!isPlainObject(message) || message.method !== "initialize") continue;
    const checked = specTypeSchemas.InitializeRequest["~standard"].validate(message);
    if (checked instanceof Promise || !checked.issues) continue;
    const problems = checked.issues.map((issue) => {
      const path = (issue.path ?? []).map((p) => typeof p === "object" ? p.key : p).join(".");
      return `${path || "(message)"}: ${issue.message}`;
    });
    return jsonRpcError(
      400,
      message.id,
      INVALID_PARAMS,
      `Invalid params for initialize: ${problems.join("; ")}`,
    );
  }
  return null;
}
