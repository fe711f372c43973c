/**
 * Compression of answers by Accept-Encoding: brotli or gzip for text types (HTML, CSS,
 * JavaScript, JSON, XML and feeds, SVG, plain text) of at least COMPRESS_MIN_BYTES; never for
 * images other than SVG, event streams, answers already encoded or marked `no-transform`.
 *
 * - Every answer of a compressible type says `Vary: Accept-Encoding` (shared caches keep one copy
 *   per encoding), compressed or not.
 * - A compressed answer's strong ETag becomes weak (`W/"…"`): the bytes differ, the content does
 *   not, and If-None-Match compares weakly, so the 304s of the API and pages keep working.
 * - Compressed bytes are kept by ETag and encoding (pages and searches answer the same bodies
 *   again and again), so a body is compressed once per version. The API's fast path
 *   (routes/public_reads.ts) keeps its own answers compressed and does not come through here.
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { VersionedCache } from "../services/platform/mod.ts";

/** Bodies smaller than this are sent as they are (compression would save little or grow them). */
export const COMPRESS_MIN_BYTES = 1024;
/** Brotli quality: well compressed and quick enough to run per request. */
const BROTLI_QUALITY = 5;

const COMPRESSIBLE =
  /^(text\/(html|css|javascript|plain|xml)|application\/(json|xml|atom\+xml|rss\+xml|javascript|manifest\+json|ld\+json)|image\/svg\+xml)\s*(;|$)/i;

export type Encoding = "br" | "gzip";

/** Compressed bodies by encoding and ETag. */
const kept = new VersionedCache<Uint8Array<ArrayBuffer>>(512);

/** The encoding to answer with: brotli, else gzip, when the request accepts it (q > 0). */
export function chooseEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const star = accepted.get("*") ?? 0;
  for (const encoding of ["br", "gzip"] as const) {
    if ((accepted.get(encoding) ?? star) > 0) return encoding;
  }
  return null;
}

/** Encodings chosen by Accept-Encoding value: a handful of distinct values in practice. */
const chosenByHeader = new Map<string, Encoding | null>();
const MAX_CHOSEN = 256;

/** `chooseEncoding`, remembered per header value (parsed once, not on every request). */
export function encodingFor(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  let chosen = chosenByHeader.get(acceptEncoding);
  if (chosen === undefined) {
    chosen = chooseEncoding(acceptEncoding);
    if (chosenByHeader.size >= MAX_CHOSEN) chosenByHeader.clear();
    chosenByHeader.set(acceptEncoding, chosen);
  }
  return chosen;
}

/** A body compressed with `encoding`. */
export function compress(bytes: Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  const out = encoding === "br"
    ? brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    })
    : gzipSync(bytes);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength) as Uint8Array<ArrayBuffer>;
}

/** Adds a token to a header's comma-separated list (once). */
function appendVary(headers: Headers, token: string): void {
  const vary = headers.get("Vary");
  if (!vary) return headers.set("Vary", token);
  if (!vary.split(",").some((v) => v.trim().toLowerCase() === token.toLowerCase())) {
    headers.set("Vary", `${vary}, ${token}`);
  }
}

/** The answer as sent: compressed when the request, its type and its size allow. */
export function compressAnswer(request: Request, response: Response): Response | Promise<Response> {
  const type = response.headers.get("Content-Type");
  if (!type || !COMPRESSIBLE.test(type)) return response;
  appendVary(response.headers, "Accept-Encoding");
  const encoding = encodingFor(request.headers.get("Accept-Encoding"));
  if (
    !encoding || response.body === null || request.method === "HEAD" ||
    response.headers.has("Content-Encoding") ||
    /\bno-transform\b/i.test(response.headers.get("Cache-Control") ?? "")
  ) return response;
  const length = Number(response.headers.get("Content-Length") ?? NaN);
  if (length < COMPRESS_MIN_BYTES) return response;
  return compressed(response, encoding);
}

async function compressed(response: Response, encoding: Encoding): Promise<Response> {
  const etag = response.headers.get("ETag");
  const key = etag && !etag.startsWith("W/") ? `${encoding}:${etag}` : null;
  let body = key ? kept.get(key, 0) : undefined;
  if (body) {
    await response.body?.cancel();
  } else {
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length < COMPRESS_MIN_BYTES) return withBody(response, bytes);
    body = compress(bytes, encoding);
    if (key) kept.set(key, 0, body);
  }
  return encodedAs(response, body, encoding);
}

/**
 * `response`'s status and headers with `body`, its bytes in `encoding`: Content-Encoding set and a
 * strong ETag made weak (the same content in other bytes). `response`'s body is not read.
 */
export function encodedAs(
  response: Response,
  body: Uint8Array<ArrayBuffer>,
  encoding: Encoding,
): Response {
  const answer = withBody(response, body);
  answer.headers.set("Content-Encoding", encoding);
  const etag = response.headers.get("ETag");
  if (etag && !etag.startsWith("W/")) answer.headers.set("ETag", `W/${etag}`);
  return answer;
}

/** The same status and headers with another body. */
function withBody(response: Response, body: Uint8Array<ArrayBuffer>): Response {
  const answer = new Response(body, { status: response.status, statusText: response.statusText });
  response.headers.forEach((value, name) => {
    if (name !== "content-length" && name !== "set-cookie") answer.headers.set(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) answer.headers.append("Set-Cookie", cookie);
  return answer;
}
