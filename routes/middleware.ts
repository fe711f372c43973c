/** Middleware shared by the API, MCP and OAuth routes. */
import type { Context, MiddlewareHandler } from "hono";
import { getConnInfo } from "hono/deno";
import type { Deps } from "../services/platform/mod.ts";
import {
  rateLimitBucket,
  rateLimited,
  type RateLimiter,
  rateLimiterFor,
  rateLimitHeaders,
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
