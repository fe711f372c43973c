/**
 * Public reads: cache headers, ETags and 304s for the operations anyone may call, and the fast
 * path that answers an anonymous get_listing from the bytes of a cached profile.
 *
 * - A 200 of a public GET operation carries an ETag (a hash of its body) and, without an
 *   Authorization header, `Cache-Control: public, max-age=5, stale-while-revalidate=10`, so a CDN
 *   in front can carry the load; with one, `private` (the answer is the same, but the RateLimit
 *   fields are the credential's). A matching `If-None-Match` is answered 304 with no body.
 * - Every other API answer (operations that need a person, errors, 429s) is `no-store`.
 * - `fastPublicReads` runs before every other middleware: an anonymous GET or HEAD of
 *   get_listing whose profile is in the process's profile cache (same entry, same validity
 *   checks as the normal path) and whose address is far from its rate limit is answered at once,
 *   with the headers the normal chain sends; anything else falls through to that chain, which
 *   fills the cache. The body is serialized and hashed once per cache entry.
 */
import type { Context, MiddlewareHandler } from "hono";
import { createHash } from "node:crypto";
import type { Deps } from "../services/platform/mod.ts";
import { anonymousBucket, rateLimiterFor } from "../services/access/mod.ts";
import { cachedPublicListing } from "../services/directory/mod.ts";
import { clientIp, rateLimitHeaders } from "./middleware.ts";
import { SLUG_PATTERN } from "./api/v1/operation.ts";

/** Seconds a public answer may be reused without asking (a CDN, a browser). */
export const PUBLIC_MAX_AGE_S = 5;
/** Seconds past that a cache may answer with the old copy while it asks in the background. */
export const PUBLIC_STALE_WHILE_REVALIDATE_S = 10;

/** Cache-Control of public reads without a credential. */
export const PUBLIC_CACHE_CONTROL =
  `public, max-age=${PUBLIC_MAX_AGE_S}, stale-while-revalidate=${PUBLIC_STALE_WHILE_REVALIDATE_S}`;
/** Cache-Control of public reads sent with a credential: only the caller's own cache. */
export const PRIVATE_CACHE_CONTROL = `private, max-age=${PUBLIC_MAX_AGE_S}`;
/** Cache-Control of everything else the API answers. */
export const NO_STORE = "no-store";

/** The security and CORS headers every API answer carries (set by createApp's middleware). */
export const API_STATIC_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Access-Control-Allow-Origin": "*",
};
/** The headers the API exposes to cross-origin scripts. */
export const API_EXPOSED_HEADERS = [
  "Retry-After",
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
  "ETag",
];

/** A JSON body and its entity tag. */
export interface EncodedJson {
  body: string;
  etag: string;
}

/** The strong entity tag of a body: a hash of its bytes. */
export function etagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** Serializes a value as `c.json` does, with its entity tag. */
export function encodeJson(value: unknown): EncodedJson {
  const body = JSON.stringify(value);
  return { body, etag: etagOf(body) };
}

/**
 * Whether an `If-None-Match` value matches an entity tag (weak comparison, RFC 9110 13.1.2):
 * `*`, or one of the listed tags with or without `W/`.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return (t.startsWith("W/") ? t.slice(2) : t) === etag;
  });
}

/**
 * The answer of a public GET operation: the JSON body with its ETag and Cache-Control, or 304
 * when the caller already holds it.
 */
export function publicJson(c: Context, value: unknown, status: number): Response {
  return publicAnswer(c, encodeJson(value), status);
}

/** `publicJson` for a body serialized beforehand (a document that never changes). */
export function publicAnswer(c: Context, encoded: EncodedJson, status: number): Response {
  const { body, etag } = encoded;
  c.header("ETag", etag);
  c.header(
    "Cache-Control",
    c.req.header("authorization") ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL,
  );
  if (matchesIfNoneMatch(c.req.header("if-none-match"), etag)) return c.body(null, 304);
  return c.body(body, status as 200, { "Content-Type": "application/json" });
}

/** Marks API answers that set no Cache-Control of their own `no-store`. */
export function noStoreByDefault(): MiddlewareHandler {
  return async function noStoreByDefault(c, next) {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", NO_STORE);
  };
}

/** The path of get_listing (its slug checked against SLUG_PATTERN, which needs no decoding). */
const LISTING_PATH = /^\/api\/v1\/listings\/([^/]+)$/;
/** Serialized profiles, by the cached (frozen) profile object: one encoding per cache entry. */
const encodedProfiles = new WeakMap<object, EncodedJson>();
/** X-Request-Id values taken from the request as requestId() takes them. */
const REQUEST_ID = /^[\w\-=]{1,255}$/;

const answeredByStore = new WeakMap<Deno.Kv, { count: number }>();

/** How many requests the fast path has answered on a store's app (tests, measurements). */
export function fastReadsAnswered(kv: Deno.Kv): number {
  return answeredByStore.get(kv)?.count ?? 0;
}

/**
 * Answers an anonymous GET or HEAD of get_listing from the profile cache when it can do so at once;
 * see the module documentation. Must be the app's first middleware.
 */
export function fastPublicReads(deps: Deps): MiddlewareHandler {
  const limiter = rateLimiterFor(deps.kv);
  const { anonymousPerMinute, trustProxy } = deps.config.rateLimit;
  const exposed = API_EXPOSED_HEADERS.join(",");
  const answered = { count: 0 };
  answeredByStore.set(deps.kv, answered);
  return async function fastPublicReads(c, next) {
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || c.req.header("authorization") !== undefined) {
      return await next();
    }
    const slug = LISTING_PATH.exec(c.req.path)?.[1];
    if (slug === undefined || !SLUG_PATTERN.test(slug) || c.req.url.includes("?")) {
      return await next();
    }
    const profile = cachedPublicListing(deps, slug);
    if (profile === undefined) return await next();
    const ip = clientIp(c, trustProxy);
    const state = limiter.countNow(anonymousBucket(ip), anonymousPerMinute, deps.now());
    if (state === null) return await next();
    let encoded = encodedProfiles.get(profile);
    if (!encoded) encodedProfiles.set(profile, encoded = encodeJson(profile));
    answered.count++;
    const given = c.req.header("x-request-id");
    const headers: Record<string, string> = {
      "X-Request-Id": given && REQUEST_ID.test(given) ? given : crypto.randomUUID(),
      "Content-Type": "application/json",
      ...API_STATIC_HEADERS,
      "Access-Control-Expose-Headers": exposed,
      ...rateLimitHeaders(state),
      "ETag": encoded.etag,
      "Cache-Control": PUBLIC_CACHE_CONTROL,
    };
    if (matchesIfNoneMatch(c.req.header("if-none-match"), encoded.etag)) {
      delete headers["Content-Type"];
      return new Response(null, { status: 304, headers });
    }
    return new Response(method === "HEAD" ? null : encoded.body, { status: 200, headers });
  };
}
