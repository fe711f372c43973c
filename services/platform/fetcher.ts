/**
 * The guarded fetcher: every outbound fetch of a URL that a user supplied goes through
 * `guardedFetch` (OAuth client metadata documents and the crawler now; badge and claim checks later).
 *
 * Each hop is checked before it is requested: http(s) only, no credentials in the URL, and every
 * address the host resolves to must be public (loopback, private, link-local, CGNAT, multicast,
 * reserved and documentation ranges are refused, also inside IPv4-mapped, NAT64 and 6to4 IPv6),
 * unless `config.allowPrivateFetch` is set (development, tests). Redirects are followed by hand and
 * re-checked; time and size are capped.
 *
 * DNS rebinding: every request, http and https, is pinned to the addresses that were checked: the
 * name is resolved once per hop (`deps.resolveDns`, default `Deno.resolveDns`) and the request goes
 * over http1_client.ts, which connects to a checked address and sends an origin-form request
 * (`GET /path HTTP/1.1`, `Host: name[:port]`), with TLS's SNI and certificate check on the name.
 * `deps.fetchCaCerts` adds trusted certificates (tests); verification is never turned off.
 *
 * Crawls pass `robots` (see services/platform/robots.ts): `checkHop` then refuses, before requesting it,
 * any hop (the first URL or a redirect target) that the robots.txt of its origin disallows.
 * `allowHop` lets a caller refuse more hops, e.g. the crawler refuses redirects off the site.
 */
import type { Deps } from "./deps.ts";
import { http1Get, HttpProtocolError } from "./http1_client.ts";

/** Options of one guarded fetch. */
export interface GuardedFetchOptions {
  /** Largest body accepted, in bytes; a larger one is refused. */
  maxBytes: number;
  /** Time for the whole fetch (all hops and the body), in milliseconds. */
  timeoutMs: number;
  /** The Accept header. */
  accept: string;
  /** Overrides the default `LaunchDirectoryBot/1.0 (+<public URL>/bot)`. */
  userAgent?: string;
  /** Redirects followed at most (default 5; 0 refuses any redirect). */
  maxRedirects?: number;
  /** robots.txt rules: a hop they disallow is refused (RobotsDisallowedError) before it is requested. */
  robots?: RobotsPolicy;
  /** A further check of each hop (after the address checks, before robots): a reason refuses it. */
  allowHop?: (url: URL) => string | null;
}

/** robots.txt rules for any origin, as a crawl knows them (see `robotsPolicy` in robots.ts). */
export interface RobotsPolicy {
  /** Null when the robots.txt of the URL's origin lets us request it, else why not. */
  refusal(url: URL): Promise<string | null>;
}

/** What a guarded fetch answers: the final URL, status, headers and the whole body. */
export interface GuardedResponse {
  url: string;
  status: number;
  headers: Headers;
  body: Uint8Array;
  /** The body decoded as UTF-8. */
  text(): string;
}

/** The fetch was refused by policy: scheme, address, credentials, redirects or size. */
export class FetchRefusedError extends Error {
  constructor(readonly url: string, readonly reason: string) {
    super(`Refused to fetch "${url}": ${reason}`);
    this.name = "FetchRefusedError";
  }
}

/** The fetch was refused because robots.txt disallows the URL (a first URL or a redirect hop). */
export class RobotsDisallowedError extends FetchRefusedError {
  constructor(url: string, reason: string) {
    super(url, reason);
    this.name = "RobotsDisallowedError";
  }
}

/** The fetch was allowed but failed: DNS, connection, TLS or timeout. */
export class FetchFailedError extends Error {
  constructor(readonly url: string, readonly reason: string) {
    super(`Could not fetch "${url}": ${reason}`);
    this.name = "FetchFailedError";
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Redirects a guarded fetch follows unless its options say otherwise. */
export const DEFAULT_MAX_REDIRECTS = 5;

/** The path of the page about the bot, which its user agent names. */
export const BOT_PAGE_PATH = "/bot";

/** The named user agent of every outbound fetch. */
export function botUserAgent(publicUrl: string): string {
  return `LaunchDirectoryBot/1.0 (+${publicUrl}${BOT_PAGE_PATH})`;
}

/**
 * Fetches a user-supplied URL with GET under the guards above. Non-2xx answers are returned, not
 * thrown. Throws FetchRefusedError or FetchFailedError.
 */
export async function guardedFetch(
  deps: Deps,
  url: string | URL,
  options: GuardedFetchOptions,
): Promise<GuardedResponse> {
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const signal = AbortSignal.timeout(options.timeoutMs);
  let current = parseUrl(String(url));
  for (let hop = 0;; hop++) {
    const addresses = await checkHop(deps, current, options, signal);
    const res = await request(deps, current, addresses, options, signal);
    if (REDIRECT_STATUSES.has(res.status) && res.headers.has("location")) {
      await res.body?.cancel();
      if (hop >= maxRedirects) {
        throw new FetchRefusedError(
          current.href,
          maxRedirects === 0 ? "redirects are not followed" : `more than ${maxRedirects} redirects`,
        );
      }
      current = parseUrl(new URL(res.headers.get("location")!, current).href);
      continue;
    }
    const body = await readCapped(current.href, res, options, signal);
    return {
      url: current.href,
      status: res.status,
      headers: res.headers,
      body,
      text: () => new TextDecoder().decode(body),
    };
  }
}

function parseUrl(text: string): URL {
  try {
    return new URL(text);
  } catch {
    throw new FetchRefusedError(text, "not an absolute URL");
  }
}

/** Checks one hop before it is requested and returns the checked addresses to connect to. */
async function checkHop(
  deps: Deps,
  url: URL,
  options: GuardedFetchOptions,
  signal: AbortSignal,
): Promise<string[]> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FetchRefusedError(url.href, `the scheme "${url.protocol}" is not http or https`);
  }
  if (url.username || url.password) {
    throw new FetchRefusedError(url.href, "URLs with credentials are not fetched");
  }
  const addresses = await resolveHost(deps, url, signal, options.timeoutMs);
  if (!deps.config.allowPrivateFetch) {
    for (const address of addresses) {
      const reason = nonPublicReason(address);
      if (reason) throw new FetchRefusedError(url.href, `${address} is ${reason}`);
    }
  }
  const refused = options.allowHop?.(url);
  if (refused) throw new FetchRefusedError(url.href, refused);
  const disallowed = await options.robots?.refusal(url);
  if (disallowed) throw new RobotsDisallowedError(url.href, disallowed);
  return addresses;
}

/** The addresses of a URL's host: the literal IP, or its A and AAAA records. */
async function resolveHost(
  deps: Deps,
  url: URL,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<string[]> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (parseIpv4(host) || parseIpv6(host)) return [host];
  // resolveDns does not read /etc/hosts: names that are loopback by definition (RFC 6761).
  if (host === "localhost" || host.endsWith(".localhost")) return ["127.0.0.1"];
  const resolve = deps.resolveDns ??
    ((name, type, signal) => Deno.resolveDns(name, type, { signal }));
  const settled = await Promise.allSettled([
    resolve(host, "A", signal),
    resolve(host, "AAAA", signal),
  ]);
  if (signal.aborted) throw failure(url.href, signal.reason, timeoutMs);
  const addresses = settled.flatMap((r) => r.status === "fulfilled" ? r.value : []);
  if (addresses.length === 0) {
    const failure = settled.find((r) => r.status === "rejected");
    const why = failure?.status === "rejected"
      ? String(failure.reason?.message ?? failure.reason)
      : "";
    throw new FetchFailedError(
      url.href,
      `the host "${host}" did not resolve${why ? `: ${why}` : ""}`,
    );
  }
  return addresses;
}

/** One GET over HTTP/1.1 to a checked address (see http1_client.ts); redirects are returned. */
async function request(
  deps: Deps,
  url: URL,
  addresses: string[],
  options: GuardedFetchOptions,
  signal: AbortSignal,
): Promise<Response> {
  try {
    return await http1Get({
      url,
      addresses,
      signal,
      caCerts: deps.fetchCaCerts,
      headers: {
        "User-Agent": options.userAgent ?? botUserAgent(deps.config.publicUrl),
        Accept: options.accept,
      },
    });
  } catch (err) {
    throw failure(url.href, err, options.timeoutMs);
  }
}

/** Reads a body up to maxBytes; a larger one (announced or actual) is refused. */
async function readCapped(
  url: string,
  res: Response,
  options: GuardedFetchOptions,
  signal: AbortSignal,
): Promise<Uint8Array> {
  const announced = Number(res.headers.get("content-length") ?? "NaN");
  if (announced > options.maxBytes) {
    await res.body?.cancel();
    throw new FetchRefusedError(url, `the body is larger than ${options.maxBytes} bytes`);
  }
  if (!res.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  try {
    for (;;) {
      if (signal.aborted) throw signal.reason;
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > options.maxBytes) {
        await reader.cancel();
        throw new FetchRefusedError(url, `the body is larger than ${options.maxBytes} bytes`);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof FetchRefusedError) throw err;
    throw failure(url, err, options.timeoutMs);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function failure(url: string, err: unknown, timeoutMs: number): FetchFailedError {
  if (err instanceof DOMException && (err.name === "TimeoutError" || err.name === "AbortError")) {
    return new FetchFailedError(url, `timed out after ${timeoutMs} ms`);
  }
  if (!(err instanceof Error)) return new FetchFailedError(url, String(err));
  // Connection and TLS errors name no step (e.g. "Connection refused (os error 111)").
  const step = err instanceof HttpProtocolError
    ? "bad answer"
    : err instanceof Deno.errors.InvalidData || /certificate|tls|handshake/i.test(err.message)
    ? "TLS error"
    : err instanceof Deno.errors.ConnectionRefused || err instanceof Deno.errors.ConnectionReset ||
        err instanceof Deno.errors.NotConnected || err instanceof Deno.errors.TimedOut ||
        /os error/.test(err.message)
    ? "connection error"
    : "";
  return new FetchFailedError(url, step ? `${step}: ${err.message}` : err.message);
}

/** Why an IP address is not a public one (e.g. "a loopback address"), or null when it is public. */
export function nonPublicReason(address: string): string | null {
  const v4 = parseIpv4(address);
  if (v4) return ipv4Reason(v4);
  const v6 = parseIpv6(address.replace(/^\[|\]$/g, ""));
  if (!v6) return "not an IP address";
  return ipv6Reason(v6);
}

function ipv4Reason([a, b, c]: number[]): string | null {
  if (a === 0) return "in 0.0.0.0/8 (this network)";
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) {
    return "a private address";
  }
  if (a === 127) return "a loopback address";
  if (a === 169 && b === 254) return "a link-local address";
  if (a === 100 && b >= 64 && b <= 127) return "a shared (CGNAT) address";
  if (a === 192 && b === 0 && c === 0) return "an IETF protocol address";
  if (
    (a === 192 && b === 0 && c === 2) || (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113)
  ) {
    return "a documentation address";
  }
  if (a === 198 && (b === 18 || b === 19)) return "a benchmarking address";
  if (a >= 224 && a <= 239) return "a multicast address";
  if (a >= 240) return "a reserved address";
  return null;
}

function ipv6Reason(g: number[]): string | null {
  const embeddedV4 = (i: number) => [g[i] >> 8, g[i] & 255, g[i + 1] >> 8, g[i + 1] & 255];
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return "the unspecified address";
  if (zeroUpTo(7) && g[7] === 1) return "a loopback address";
  if (zeroUpTo(5) && g[5] === 0xffff) return ipv4Reason(embeddedV4(6)) ?? null; // ::ffff:a.b.c.d
  if (zeroUpTo(6)) return "an IPv4-compatible address"; // ::a.b.c.d (deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b) return ipv4Reason(embeddedV4(6)); // NAT64
  if (g[0] === 0x2002) return ipv4Reason(embeddedV4(1)); // 6to4
  if ((g[0] & 0xfe00) === 0xfc00) return "a unique local address";
  if ((g[0] & 0xffc0) === 0xfe80) return "a link-local address";
  if ((g[0] & 0xffc0) === 0xfec0) return "a site-local address";
  if ((g[0] & 0xff00) === 0xff00) return "a multicast address";
  if (g[0] === 0x2001 && g[1] === 0x0db8) return "a documentation address";
  if (g[0] === 0x0100 && zeroUpTo(4)) return "a discard address";
  return null;
}

/** Dotted-quad IPv4 (as URL parsing normalises it) → four bytes, or null. */
function parseIpv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) {
    return null;
  }
  return parts.map(Number);
}

/** IPv6 text (with `::`, an embedded IPv4 tail or a zone) → eight 16-bit groups, or null. */
function parseIpv6(text: string): number[] | null {
  if (!text.includes(":")) return null;
  let rest = text.replace(/%.*$/, "").toLowerCase();
  const tail: number[] = [];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(rest);
  if (v4) {
    const bytes = parseIpv4(v4[1]);
    if (!bytes) return null;
    tail.push((bytes[0] << 8) | bytes[1], (bytes[2] << 8) | bytes[3]);
    rest = rest.slice(0, -v4[1].length);
    if (rest.endsWith(":") && !rest.endsWith("::")) rest = rest.slice(0, -1);
  }
  const halves = rest.split("::");
  if (halves.length > 2) return null;
  const parse = (s: string) => s === "" ? [] : s.split(":");
  const head = parse(halves[0]);
  const back = halves.length === 2 ? parse(halves[1]) : [];
  if (![...head, ...back].every((h) => /^[0-9a-f]{1,4}$/.test(h))) return null;
  const known = head.length + back.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const groups = [
    ...head.map((h) => parseInt(h, 16)),
    ...Array(8 - known).fill(0),
    ...back.map((h) => parseInt(h, 16)),
    ...tail,
  ];
  return groups;
}
