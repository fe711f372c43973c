/**
 * Public reads: cache headers, ETags and 304s for the operations anyone may call, and the fast
 * path that answers an anonymous get_listing from the bytes of a cached profile.
 *
 * - A 200 of a public GET operation carries an ETag (a hash of its body) and, without an
 *   Authorization header, `Cache-Control: public, max-age=5, stale-while-revalidate=10`, so a CDN
 *   in front can carry the load; with one, `private` (the answer is the same, but the RateLimit
 *   fields are the credential's). A matching `If-None-Match` is answered 304 with no body.
 * - Every other API answer (operations that need a person, errors, 429s) is `no-store`.
 * - An answer a shared cache may keep (`public`) carries nothing about the request it answered: no
 *   X-Request-Id and no RateLimit-* fields, as a CDN would hand one caller's remaining count to
 *   the next. Answers to a credential, errors and 429s carry them. JSON answers carry no
 *   Referrer-Policy or X-Frame-Options (there is no page to leave or to frame).
 * - Anonymous searches are kept the same way, by path and query, while the search index's version
 *   is the one they were answered at (trending sorts, which move with time, are not kept).
 * - So are the anonymous GETs of every operation that declares its `freshness` (list_categories,
 *   get_category): by path and query, while the operation's validity token is the one from before
 *   the answer was made and its end is not reached (routes/kept_reads.ts).
 * - publicJson serializes and hashes a returned object once (by identity): a value a service
 *   keeps (the category tree, a profile) costs its JSON and ETag once.
 * - `fastPublicReads` runs before the router: an anonymous GET or HEAD of
 *   get_listing whose profile is in the process's profile cache (same entry, same validity
 *   checks as the normal path) and whose address is far from its rate limit is answered at once
 *   (counted), with the headers the normal chain sends; anything else falls through to that
 *   chain, which fills the cache. The body is serialized, encoded and hashed once per cache entry.
 */
import type { Context, MiddlewareHandler } from "hono";
import { createHash } from "node:crypto";
import { type Deps, VersionedCache } from "../services/platform/mod.ts";
import { anonymousBucket, rateLimiterFor } from "../services/access/mod.ts";
import { cachedPublicListing } from "../services/directory/mod.ts";
import { requestClientIp } from "./middleware.ts";
import {
  compress,
  COMPRESS_MIN_BYTES,
  encodedAs,
  type Encoding,
  encodingFor,
} from "./compression.ts";
import { type AnswerValidity, type Freshness, SLUG_PATTERN } from "./api/v1/operation.ts";
import { KeptReads, offerAnswer } from "./kept_reads.ts";

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

/** The headers every API answer carries (set by createApp's middleware). */
export const API_STATIC_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
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
/**
 * Headers about one request (its id, the caller's rate limit state): left out of answers that a
 * shared cache may keep and hand to others.
 */
const PER_REQUEST_HEADERS = [
  "X-Request-Id",
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
  "RateLimit-Policy",
];

/** Whether an answer may be kept by a shared cache (a CDN) and handed to anyone. */
export function sharedCacheable(res: Response): boolean {
  return res.headers.get("Cache-Control")?.startsWith("public") ?? false;
}

/** Removes the headers about this request from an answer a shared cache may keep. */
export function dropPerRequestHeaders(headers: Headers): void {
  for (const name of PER_REQUEST_HEADERS) headers.delete(name);
}

/** A JSON body, as text and as the UTF-8 bytes sent, and its entity tag. */
export interface EncodedJson {
  body: string;
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** The strong entity tag of a body: a hash of its bytes. */
export function etagOf(body: string | Uint8Array): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** Serializes a value as `c.json` does, with its entity tag. */
export function encodeJson(value: unknown): EncodedJson {
  return encodeBody(JSON.stringify(value));
}

/** A JSON text with its bytes and entity tag. */
function encodeBody(body: string): EncodedJson {
  return { body, bytes: new TextEncoder().encode(body), etag: etagOf(body) };
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

/** Bodies by the object returned (a kept tree, a cached page): serialized and hashed once. */
const encodedValues = new WeakMap<object, EncodedJson>();

/** encodeJson, once per object (what public reads return is never changed afterwards). */
function encodeOnce(value: unknown): EncodedJson {
  if (typeof value !== "object" || value === null) return encodeJson(value);
  let encoded = encodedValues.get(value);
  if (!encoded) encodedValues.set(value, encoded = encodeJson(value));
  return encoded;
}

/**
 * The answer of a public GET operation: the JSON body with its ETag and Cache-Control, or 304
 * when the caller already holds it. With `keep` (the operation's freshness and its validity from
 * before the answer was made), an anonymous 200 is offered to the fast path (`fastPublicReads`).
 */
export function publicJson(
  c: Context,
  value: unknown,
  status: number,
  keep?: { freshness: Freshness; validity: AnswerValidity },
): Response {
  const encoded = encodeOnce(value);
  if (keep && status === 200) offerAnswer(c.req.raw, { encoded, ...keep });
  return publicAnswer(c, encoded, status);
}

/** `publicJson` for a body serialized beforehand (a document that never changes). */
export function publicAnswer(c: Context, encoded: EncodedJson, status: number): Response {
  const { bytes, etag } = encoded;
  c.header("ETag", etag);
  c.header(
    "Cache-Control",
    c.req.header("authorization") ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL,
  );
  if (matchesIfNoneMatch(c.req.header("if-none-match"), etag)) return c.body(null, 304);
  return c.body(bytes, status as 200, { "Content-Type": "application/json" });
}

/**
 * Cache-Control of anonymous pages, feeds and sitemaps: a browser asks again each time (answered
 * 304 while unchanged), a shared cache (a CDN) keeps them a minute and may answer a little longer
 * while it asks again in the background.
 */
export const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=30";

/**
 * An answer with an entity tag (a hash of its body) and the given Cache-Control, or 304 when
 * the caller already holds it: pages, feeds, sitemaps and images.
 */
export function taggedAnswer(
  c: Context,
  body: string | Uint8Array<ArrayBuffer>,
  contentType: string,
  cacheControl: string,
  status = 200,
): Response {
  const etag = etagOf(body);
  c.header("ETag", etag);
  c.header("Cache-Control", cacheControl);
  if (matchesIfNoneMatch(c.req.header("if-none-match"), etag)) return c.body(null, 304);
  return c.body(body, status as 200, { "Content-Type": contentType });
}

/** Marks API answers that set no Cache-Control of their own `no-store`. */
export function noStoreByDefault(): MiddlewareHandler {
  return async function noStoreByDefault(c, next) {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", NO_STORE);
  };
}

/** A search_listings URL with its query (the whole URL is the key of its kept answer). */
const SEARCH_URL = /^[a-z]+:\/\/[^/?#]+(\/api\/v1\/listings\?[^#]*)$/;
/** Search answers kept at most (the oldest out first): a few thousand pages, a few tens of MB. */
const MAX_SEARCH_ANSWERS = 4_096;

/**
 * A get_listing URL without a query whose slug matches SLUG_PATTERN (so no decoding is needed), in
 * one match.
 */
const LISTING_URL = new RegExp(
  `^[a-z]+:\\/\\/[^/?#]+\\/api\\/v1\\/listings\\/(${SLUG_PATTERN.source.slice(1, -1)})$`,
);
/**
 * The answers of a cached body, built once and cloned per request (a clone costs far less), as
 * they leave the app: compressed by Accept-Encoding like every other answer (routes/compression.ts),
 * each encoding's bytes made on its first request.
 */
interface KeptAnswers {
  etag: string;
  bytes: Uint8Array<ArrayBuffer>;
  ok: Response;
  head: Response;
  notModified: Response;
  compressed: Partial<Record<Encoding, Response>>;
}

/** Answers by the cached (frozen) profile object: built once per cache entry. */
const profileAnswers = new WeakMap<object, KeptAnswers>();

const answeredByStore = new WeakMap<Deno.Kv, { count: number }>();

/** How many requests the fast path has answered on a store's app (tests, measurements). */
export function fastReadsAnswered(kv: Deno.Kv): number {
  return answeredByStore.get(kv)?.count ?? 0;
}

/**
 * Answers a request at once, or returns null to leave it to the app's routes; `keep` is given the
 * routes' answer (and the search index's version from before it was made) to answer the same
 * request at once next time.
 */
export type FastRead = ((request: Request, info: unknown) => Response | null) & {
  keep(request: Request, version: number, response: Response): Promise<void>;
};

/**
 * The 200, HEAD and 304 answers of a JSON body, with the headers the normal chain and the
 * compression after it send (a typed answer says `Vary: Accept-Encoding`; a 304 has no type).
 */
function answersOf(encoded: EncodedJson): KeptAnswers {
  const { bytes, etag } = encoded;
  const answer = (body: Uint8Array<ArrayBuffer> | null, status: number, typed: boolean) => {
    const response = new Response(body, { status });
    // Set one by one: a Response built with several headers in its init costs far more here.
    const headers = response.headers;
    if (typed) headers.set("Content-Type", "application/json");
    for (const name in API_STATIC_HEADERS) headers.set(name, API_STATIC_HEADERS[name]);
    headers.set("Access-Control-Expose-Headers", API_EXPOSED_HEADERS.join(","));
    headers.set("ETag", etag);
    headers.set("Cache-Control", PUBLIC_CACHE_CONTROL);
    if (typed) headers.set("Vary", "Accept-Encoding");
    return response;
  };
  return {
    etag,
    bytes,
    ok: answer(bytes, 200, true),
    head: answer(null, 200, true),
    notModified: answer(null, 304, false),
    compressed: {},
  };
}

/** The 200 of kept answers in `encoding`: the same headers, a weak ETag (made once). */
function compressedAnswer(answers: KeptAnswers, encoding: Encoding): Response {
  return answers.compressed[encoding] ??= encodedAs(
    answers.ok,
    compress(answers.bytes, encoding),
    encoding,
  );
}

/** The kept answer to a GET or HEAD, as sent: 304, HEAD, or the body as the request accepts it. */
function keptAnswerTo(request: Request, answers: KeptAnswers): Response {
  const given = request.headers;
  if (matchesIfNoneMatch(given.get("if-none-match") ?? undefined, answers.etag)) {
    return answers.notModified;
  }
  if (request.method === "HEAD") return answers.head;
  const encoding = answers.bytes.length < COMPRESS_MIN_BYTES
    ? null
    : encodingFor(given.get("accept-encoding"));
  return encoding ? compressedAnswer(answers, encoding) : answers.ok;
}

/**
 * The fast path, run before routing (createApp puts it in front of the router): an anonymous GET
 * or HEAD of get_listing whose profile is cached and whose address is far from its limit is
 * answered from the cached bytes; see the module documentation. Its answer carries what the normal
 * chain's answer to the same request carries (a public answer has no per-request headers).
 */
export function fastPublicReads(deps: Deps): FastRead {
  const limiter = rateLimiterFor(deps.kv);
  const { anonymousPerMinute, trustProxy } = deps.config.rateLimit;
  const answered = { count: 0 };
  answeredByStore.set(deps.kv, answered);
  // Anonymous search answers by path and query, served while the search index's version is the
  // one they were answered at (any upsert, removal, count change or snapshot load moves it).
  const searches = new VersionedCache<KeptAnswers>(MAX_SEARCH_ANSWERS);
  // Answers of the operations that declare their freshness, by path and query (kept_reads.ts).
  const reads = new KeptReads(deps, answersOf);
  /** Counts an anonymous request at once (null: it must take the normal chain). */
  const admitted = (request: Request, info: unknown) =>
    limiter.admitNow(
      anonymousBucket(requestClientIp(request, info, trustProxy)),
      anonymousPerMinute,
      deps.now().getTime(),
    );
  /** The kept answer of an anonymous GET or HEAD, if any. */
  const keptAnswers = (request: Request): KeptAnswers | undefined => {
    const url = request.url;
    const slug = LISTING_URL.exec(url)?.[1];
    if (slug !== undefined) {
      const profile = cachedPublicListing(deps, slug);
      if (profile === undefined) return undefined;
      let answers = profileAnswers.get(profile);
      if (!answers) profileAnswers.set(profile, answers = answersOf(encodeJson(profile)));
      return answers;
    }
    const search = SEARCH_URL.exec(url)?.[1];
    if (search !== undefined) return searches.get(search, deps.search.version);
    return reads.get(url);
  };
  const fastRead = function fastPublicRead(request: Request, info: unknown) {
    const method = request.method;
    if (method !== "GET" && method !== "HEAD") return null;
    if (request.headers.has("authorization")) return null;
    const answers = keptAnswers(request);
    if (answers === undefined || !admitted(request, info)) return null;
    answered.count++;
    return keptAnswerTo(request, answers).clone();
  };
  /** Keeps an anonymous search's 200 for the next identical request, if the index is unchanged. */
  const keep = async (request: Request, version: number, response: Response) => {
    if (response.status === 200 && sharedCacheable(response) && reads.keep(request)) return;
    const search = SEARCH_URL.exec(request.url)?.[1];
    if (
      search === undefined || request.method !== "GET" || response.status !== 200 ||
      request.headers.has("authorization") || !sharedCacheable(response) ||
      new URL(request.url).searchParams.get("sort") === "trending" // moves with time
    ) return;
    const body = await response.clone().text();
    if (deps.search.version === version) searches.set(search, version, answersOf(encodeBody(body)));
  };
  return Object.assign(fastRead, { keep });
}
