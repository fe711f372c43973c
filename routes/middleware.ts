/**
 * Middleware shared by the routes: the client's address, body limits (413), the rate limit (whose
 * answers carry the IETF RateLimit fields and, past the limit, a 429 with Retry-After) and
 * `no-store` answers.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ApiError, type Deps } from "../services/platform/mod.ts";
import {
  rateLimitBucket,
  type RateLimiter,
  rateLimiterFor,
  type RateLimitState,
} from "../services/access/mod.ts";

/** The body limit of form posts (sign-in, account forms, invites), in bytes. */
export const FORM_BODY_LIMIT = 64 * 1024;

/** Whether an address is the machine's own: 127.0.0.0/8, ::1, or 127.x.x.x mapped into IPv6. */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.toLowerCase().replace(/^::ffff:/, "");
  return /^127(\.\d{1,3}){3}$/.test(v4) || /^(0{0,4}:){7}0{0,3}1$|^::1$/.test(address);
}

/** The address of the request's socket; "unknown" for requests made in-process (no socket). */
export function socketAddress(c: Context): string {
  return remoteAddressOf(c.env);
}

/** The socket's address from Deno.serve's handler info (`c.env` in Hono); "unknown" without one. */
function remoteAddressOf(info: unknown): string {
  const address = (info as { remoteAddr?: { hostname?: string } } | undefined)?.remoteAddr;
  return address?.hostname ?? "unknown";
}

/** The first address of an X-Forwarded-For value ("203.0.113.7, 10.0.0.2" → "203.0.113.7"). */
function firstHop(value: string | null): string {
  if (!value) return "";
  const comma = value.indexOf(",");
  return (comma < 0 ? value : value.slice(0, comma)).trim();
}

/**
 * The client's address of a request and its Deno.serve info: the first X-Forwarded-For hop behind
 * a trusted proxy, else the socket's.
 */
export function requestClientIp(request: Request, info: unknown, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = firstHop(request.headers.get("x-forwarded-for"));
    if (forwarded) return forwarded;
  }
  return remoteAddressOf(info);
}

/** The client's address: the first X-Forwarded-For hop behind a trusted proxy, else the socket's. */
export function clientIp(c: Context, trustProxy: boolean): string {
  return requestClientIp(c.req.raw, c.env, trustProxy);
}

/** Whether the request came from this machine, by its socket's address (headers are not read). */
export function fromLoopback(c: Context): boolean {
  return isLoopbackAddress(socketAddress(c));
}

/**
 * Refuses a request body over `maxSize` bytes with 413 payload_too_large before anything reads
 * it: by Content-Length when sent, else by counting the stream up to the limit.
 */
export function limitBody(options: { maxSize: number }): MiddlewareHandler {
  const { maxSize } = options;
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(
        413,
        "payload_too_large",
        `Request body too large: at most ${maxSize} bytes are accepted here`,
      );
    },
  });
}

/** `limitBody` whose limit is worked out (once) on the first request that carries a body. */
export function limitBodyLazily(maxSize: () => number): MiddlewareHandler {
  let limit: MiddlewareHandler | null = null;
  return function limitBodyLazily(c, next) {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    limit ??= limitBody({ maxSize: maxSize() });
    return limit(c, next);
  };
}

/**
 * Counts each request against its valid credential's or else its address's per-minute limit;
 * 429 past it.
 * `limiter` defaults to the process's limiter for the store (one per instance, shared by every
 * route it guards); tests pass their own to play several instances.
 */
export function rateLimit(options: { deps: Deps; limiter?: RateLimiter }): MiddlewareHandler {
  const { deps } = options;
  const limiter = options.limiter ?? rateLimiterFor(deps.kv);
  return async function rateLimit(c, next) {
    if (c.req.method === "OPTIONS") return await next();
    const { bucket, anonymous } = await rateLimitBucket(
      c.req.header("authorization"),
      clientIp(c, deps.config.rateLimit.trustProxy),
      deps,
    );
    const limit = anonymous
      ? deps.config.rateLimit.anonymousPerMinute
      : deps.config.rateLimit.perMinute;
    const state = await limiter.count(bucket, limit, deps.now());
    if (!state.allowed) throw rateLimited(state);
    await next();
    for (const [name, value] of Object.entries(rateLimitHeaders(state))) {
      c.res.headers.set(name, value);
    }
  };
}

/** Response headers describing a rate limit state (IETF RateLimit fields). */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    "RateLimit-Limit": String(state.limit),
    "RateLimit-Remaining": String(state.remaining),
    "RateLimit-Reset": String(state.reset),
    "RateLimit-Policy": `${state.limit};w=${state.window}`,
  };
}

/** 429 rate_limited with Retry-After and the RateLimit-* headers. */
export function rateLimited(state: RateLimitState): ApiError {
  return new ApiError(
    429,
    "rate_limited",
    `Too many requests: at most ${state.limit} per minute; retry in ${state.reset} s`,
    [],
    { ...rateLimitHeaders(state), "Retry-After": String(state.reset), "Cache-Control": "no-store" },
  );
}

/** Marks every answer `Cache-Control: no-store` (pages about one person, forms with tokens). */
export function noStore(): MiddlewareHandler {
  return async function noStore(c, next) {
    await next();
    c.header("Cache-Control", "no-store");
  };
}
