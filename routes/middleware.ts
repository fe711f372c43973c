/**
 * Middleware shared by the routes: the client's address, the rate limit (whose answers carry the
 * IETF RateLimit fields and, past the limit, a 429 with Retry-After) and `no-store` answers.
 */
import type { Context, MiddlewareHandler } from "hono";
import { getConnInfo } from "hono/deno";
import { ApiError, type Deps } from "../services/platform/mod.ts";
import {
  rateLimitBucket,
  type RateLimiter,
  rateLimiterFor,
  type RateLimitState,
} from "../services/access/mod.ts";

/** The client's address: the first X-Forwarded-For hop behind a trusted proxy, else the socket's. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // requests made in-process (tests) have no socket
  }
}

/**
 * Counts each request against its credential's or address's per-minute limit; 429 past it.
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
    { ...rateLimitHeaders(state), "Retry-After": String(state.reset) },
  );
}

/** Marks every answer `Cache-Control: no-store` (pages about one person, forms with tokens). */
export function noStore(): MiddlewareHandler {
  return async function noStore(c, next) {
    await next();
    c.header("Cache-Control", "no-store");
  };
}
