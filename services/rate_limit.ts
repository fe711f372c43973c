/**
 * Rate limits: fixed one-minute windows counted in KV (so several instances share them), per API
 * key or token (by the hash of the credential) or, without credentials, per client IP.
 */
import { rateLimitKey } from "../kv/keys.ts";
import type { Deps } from "./deps.ts";
import { ApiError } from "./errors.ts";
import { sha256Hex } from "./secrets.ts";

const WINDOW_MS = 60_000;

/** The outcome of counting one request. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  reset: number;
  allowed: boolean;
}

/** The bucket a request counts in: its bearer credential, else its client address. */
export async function rateLimitBucket(
  authorization: string | undefined,
  clientIp: string,
): Promise<{ bucket: string; anonymous: boolean }> {
  const token = authorization?.match(/^Bearer\s+(\S+)/i)?.[1];
  if (token) {
    return { bucket: `credential:${(await sha256Hex(token)).slice(0, 32)}`, anonymous: false };
  }
  return { bucket: `ip:${clientIp}`, anonymous: true };
}

/** Counts one request in its bucket's current window. */
export async function countRequest(
  deps: Deps,
  bucket: string,
  limit: number,
): Promise<RateLimitState> {
  const now = deps.now().getTime();
  const window = Math.floor(now / WINDOW_MS);
  const key = rateLimitKey(bucket, window);
  let count = 0;
  for (let attempt = 0; attempt < 10; attempt++) {
    const entry = await deps.kv.get<number>(key);
    count = (entry.value ?? 0) + 1;
    const res = await deps.kv.atomic().check(entry).set(key, count, { expireIn: 2 * WINDOW_MS })
      .commit();
    if (res.ok) break;
  }
  const reset = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
  return { limit, remaining: Math.max(0, limit - count), reset, allowed: count <= limit };
}

/** Response headers describing a rate limit state (IETF RateLimit fields). */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    "RateLimit-Limit": String(state.limit),
    "RateLimit-Remaining": String(state.remaining),
    "RateLimit-Reset": String(state.reset),
    "RateLimit-Policy": `${state.limit};w=60`,
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
