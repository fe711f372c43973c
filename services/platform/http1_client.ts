/**
 * A small HTTP/1.1 client for the guarded fetcher: one GET over a new connection to an address
 * that was already checked, so the name is never resolved again (no DNS-rebinding gap).
 *
 * The request is in origin form (`GET /path?query HTTP/1.1`) with a `Host` header naming the host
 * (and its port when not the scheme's default), as a browser sends it. For https the TCP
 * connection goes to the address while TLS (SNI and the certificate check) uses the URL's name.
 * Bodies framed by Content-Length, chunked transfer-encoding or the end of the connection are
 * streamed; gzip and deflate bodies are decoded. The answer is a standard `Response` whose body
 * streams from the socket; the socket is closed when the body ends, is cancelled, or `signal`
 * aborts (a pending read then fails with the signal's reason).
 */
import { ConnReader, HttpProtocolError } from "./http1_reader.ts";

export { HttpProtocolError };

/** One GET request over HTTP/1.1. */
export interface Http1Request {
  url: URL;
  /** The checked addresses to connect to, tried in order until one accepts the connection. */
  addresses: string[];
  /** Further request headers (e.g. Accept, User-Agent), sent as given. */
  headers: Record<string, string>;
  signal: AbortSignal;
  /** PEM certificates trusted besides the default roots (https only). */
  caCerts?: string[];
}

/** Largest response head (status line and headers) read, in bytes. */
export const MAX_HEAD_BYTES = 64 * 1024;
/** Codings this client decodes, as it announces them. */
const ACCEPT_ENCODING = "gzip, deflate";
/** Interim (1xx) answers skipped at most before the final one. */
const MAX_INTERIM_HEADS = 5;
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** Sends one GET and answers the response head with a streaming body. Rejects on abort. */
export async function http1Get(req: Http1Request): Promise<Response> {
  const conn = await connect(req);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    req.signal.removeEventListener("abort", close);
    try {
      conn.close();
    } catch {
      // Already closed.
    }
  };
  req.signal.addEventListener("abort", close);
  try {
    await writeAll(conn, requestHead(req.url, req.headers));
    const reader = new ConnReader(conn.readable.getReader(), req.signal);
    const head = await readHead(reader);
    return toResponse(head, reader, close);
  } catch (err) {
    close();
    throw req.signal.aborted ? req.signal.reason : err;
  }
}

/** The request head: origin form, Host, the caller's headers, our codings, Connection: close. */
export function requestHead(url: URL, headers: Record<string, string>): Uint8Array {
  const target = `${url.pathname || "/"}${url.search}`;
  const lines = [`GET ${target} HTTP/1.1`, `Host: ${url.host}`];
  for (const [name, value] of Object.entries(headers)) {
    if (/[\r\n]/.test(name + value)) throw new TypeError(`a header "${name}" spans lines`);
    lines.push(`${name}: ${value}`);
  }
  lines.push(`Accept-Encoding: ${ACCEPT_ENCODING}`, "Connection: close", "", "");
  return new TextEncoder().encode(lines.join("\r\n"));
}

/** A connection to the first address that accepts, TLS on top for https (name from the URL). */
async function connect(req: Http1Request): Promise<Deno.Conn> {
  const { url, signal } = req;
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  let lastError: unknown = new Error("no address to connect to");
  for (const address of req.addresses) {
    if (signal.aborted) throw signal.reason;
    let tcp: Deno.TcpConn;
    try {
      tcp = await untilAborted(
        Deno.connect({ hostname: address.replace(/^\[|\]$/g, ""), port }),
        signal,
      );
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      lastError = err;
      continue;
    }
    if (url.protocol !== "https:") return tcp;
    const tls = Deno.startTls(tcp, {
      hostname: url.hostname.replace(/^\[|\]$/g, ""),
      caCerts: req.caCerts,
      alpnProtocols: ["http/1.1"],
    });
    // Aborting mid-handshake closes the TCP connection, which fails the handshake.
    const abort = () => closeQuietly(tcp);
    signal.addEventListener("abort", abort);
    try {
      return await untilAborted(tls, signal);
    } finally {
      signal.removeEventListener("abort", abort);
    }
  }
  throw lastError;
}

/** The promise's value, or the signal's reason once it aborts (a late value is then closed). */
function untilAborted<T extends Deno.Conn>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.then(closeQuietly, () => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      promise.then(closeQuietly, () => {});
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        if (signal.aborted) closeQuietly(value);
        else resolve(value);
      },
      (err) => {
        signal.removeEventListener("abort", onAbort);
        reject(err);
      },
    );
  });
}

function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // Already closed.
  }
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  for (let written = 0; written < bytes.byteLength;) {
    written += await conn.write(bytes.subarray(written));
  }
}

/** A response head: status, reason phrase and headers in the order received. */
interface Head {
  status: number;
  statusText: string;
  headers: Headers;
}

/** Reads the final response head (interim 1xx answers such as 103 Early Hints are skipped). */
async function readHead(reader: ConnReader): Promise<Head> {
  for (let interim = 0; interim <= MAX_INTERIM_HEADS; interim++) {
    const lines = await reader.readHeadLines(MAX_HEAD_BYTES);
    if (lines === null) {
      throw new HttpProtocolError("the server closed the connection without an answer");
    }
    const head = parseHead(lines);
    if (head.status >= 200) return head;
  }
  throw new HttpProtocolError(`more than ${MAX_INTERIM_HEADS} interim (1xx) answers`);
}

/** Parses a status line and header lines (obsolete line folding joined, bad lines skipped). */
export function parseHead(lines: string[]): Head {
  const match = /^HTTP\/1\.[01] (\d{3})(?: (.*))?$/.exec(lines[0] ?? "");
  if (!match) {
    throw new HttpProtocolError(
      `not an HTTP/1.x status line: ${JSON.stringify((lines[0] ?? "").slice(0, 80))}`,
    );
  }
  const status = Number(match[1]);
  if (status < 100 || status > 599 || status === 101) {
    throw new HttpProtocolError(`unexpected HTTP status ${status}`);
  }
  const fields: [string, string][] = [];
  for (const line of lines.slice(1)) {
    if (/^[ \t]/.test(line) && fields.length > 0) {
      fields[fields.length - 1][1] += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(":");
    if (colon > 0) fields.push([line.slice(0, colon), line.slice(colon + 1).trim()]);
  }
  const headers = new Headers();
  for (const [name, value] of fields) {
    try {
      headers.append(name, value);
    } catch {
      // A header name or value no browser would accept: ignored, as browsers do.
    }
  }
  // Only the characters a reason phrase may have (Response refuses others).
  const statusText = (match[2] ?? "").replace(/[^\t\x20-\x7e\x80-\xff]/g, "");
  return { status, statusText, headers };
}

/** The head as a Response whose body streams the framed (and decoded) bytes. */
function toResponse(head: Head, reader: ConnReader, close: () => void): Response {
  const { status, statusText, headers } = head;
  if (NULL_BODY_STATUSES.has(status)) {
    close();
    return new Response(null, { status, statusText, headers });
  }
  const framed = bodyStream(headers, reader, close);
  const body = decodeStream(headers, framed);
  return new Response(body, { status, statusText, headers });
}

/** The body as framed by Transfer-Encoding, Content-Length or the end of the connection. */
function bodyStream(headers: Headers, reader: ConnReader, close: () => void) {
  const codings = (headers.get("transfer-encoding") ?? "").toLowerCase().split(",")
    .map((c) => c.trim()).filter(Boolean);
  let next: () => Promise<Uint8Array | null>;
  if (codings.length > 0) {
    // Transfer-Encoding wins over Content-Length (RFC 9112 6.3); the length no longer applies.
    headers.delete("content-length");
    next = codings.at(-1) === "chunked" ? reader.chunkedReader() : () => reader.take();
  } else if (headers.has("content-length")) {
    next = reader.lengthReader(contentLength(headers.get("content-length")!));
  } else {
    next = () => reader.take();
  }
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = await next();
        if (chunk === null) {
          close();
          controller.close();
        } else {
          controller.enqueue(chunk);
        }
      } catch (err) {
        close();
        controller.error(err);
      }
    },
    cancel: close,
  });
}

/** A Content-Length value (repeated equal values allowed), or a protocol error. */
function contentLength(value: string): number {
  const values = new Set(value.split(",").map((v) => v.trim()));
  const [only] = values;
  if (values.size !== 1 || !/^\d{1,15}$/.test(only)) {
    throw new HttpProtocolError(`a bad Content-Length: ${JSON.stringify(value.slice(0, 40))}`);
  }
  return Number(only);
}

/**
 * Decodes gzip and deflate bodies (zlib-wrapped or raw deflate, as servers send both); other
 * codings are refused. Input is fed in small pieces so that no single output chunk is huge.
 */
function decodeStream(
  headers: Headers,
  body: ReadableStream<Uint8Array>,
): ReadableStream<Uint8Array> {
  const codings = (headers.get("content-encoding") ?? "").toLowerCase().split(",")
    .map((c) => c.trim()).filter((c) => c && c !== "identity");
  if (codings.length === 0) return body;
  for (const coding of codings) {
    if (!["gzip", "x-gzip", "deflate"].includes(coding)) {
      throw new HttpProtocolError(`the body is encoded with "${coding}", which is not supported`);
    }
  }
  headers.delete("content-encoding");
  headers.delete("content-length");
  let stream = body;
  for (const coding of codings.reverse()) {
    stream = stream.pipeThrough(slicer()).pipeThrough(
      coding === "deflate" ? deflateDecoder() : decompressor("gzip"),
    );
  }
  return stream;
}

function decompressor(format: CompressionFormat): TransformStream<Uint8Array, Uint8Array> {
  return new DecompressionStream(format) as unknown as TransformStream<Uint8Array, Uint8Array>;
}

/** Splits chunks into pieces of at most 4 KiB. */
function slicer(): TransformStream<Uint8Array, Uint8Array> {
  return new TransformStream({
    transform(chunk, controller) {
      for (let i = 0; i < chunk.byteLength; i += 4096) {
        controller.enqueue(chunk.subarray(i, i + 4096));
      }
    },
  });
}

/** HTTP "deflate": zlib-wrapped per the spec, raw deflate from some servers; told by the header. */
function deflateDecoder(): TransformStream<Uint8Array, Uint8Array> {
  let inner: TransformStream<Uint8Array, Uint8Array> | undefined;
  let writer: WritableStreamDefaultWriter<Uint8Array>;
  let pumped: Promise<void>;
  return new TransformStream({
    async transform(chunk, controller) {
      if (!inner) {
        const zlib = chunk.byteLength >= 2 && (chunk[0] & 0x0f) === 8 &&
          ((chunk[0] << 8) | chunk[1]) % 31 === 0;
        inner = decompressor(zlib ? "deflate" : "deflate-raw");
        writer = inner.writable.getWriter();
        pumped = inner.readable.pipeTo(
          new WritableStream({ write: (out) => controller.enqueue(out) }),
        );
        // A decoding error also fails the write below; `flush` awaits this one again.
        pumped.catch(() => {});
      }
      await writer.write(chunk);
    },
    async flush() {
      if (!inner) return;
      await writer.close();
      await pumped;
    },
  });
}
