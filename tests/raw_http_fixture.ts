/**
 * A raw HTTP/1.1 server on 127.0.0.1 (plain or TLS) for the fetcher's and crawler's wire tests:
 * unlike Deno.serve it records each request head exactly as sent (the request line, the headers)
 * and lets a handler write any bytes (chunked framing, trickled heads, bad status lines, stalls).
 */
import type { Deps } from "../services/platform/deps.ts";

/** One request as the server received it. */
export interface RawRequest {
  /** The request line, e.g. "GET /about HTTP/1.1". */
  line: string;
  /** The request target (origin form "/about", or absolute form "http://host/about"). */
  target: string;
  headers: Headers;
  /** The Host header, lower case. */
  host: string;
}

/**
 * Answers one request by writing to the connection; the server closes it afterwards.
 * `untilClientCloses` waits until the client closes the connection (and records that it did).
 */
export type RawHandler = (
  req: RawRequest,
  conn: Deno.Conn,
  untilClientCloses: () => Promise<void>,
) => Promise<void>;

/** A running raw server. */
export interface RawServer {
  port: number;
  requests: RawRequest[];
  /** Resolves when the client closed the connection of this target (a handler waiting for it). */
  closedByClient(target: string): Promise<void>;
  close(): Promise<void>;
}

/** The certificate and key of tls.test, www.tls.test and rebind.test, and the CA that signed it. */
export const TLS_FIXTURE = {
  cert: Deno.readTextFileSync(new URL("./fixtures/tls/cert.pem", import.meta.url)),
  key: Deno.readTextFileSync(new URL("./fixtures/tls/key.pem", import.meta.url)),
  ca: Deno.readTextFileSync(new URL("./fixtures/tls/ca.pem", import.meta.url)),
};

/** Starts a raw server; `tls` serves https with the fixture certificate. */
export function startRawServer(
  handler: RawHandler,
  options: { hostname?: string; port?: number; tls?: boolean } = {},
): RawServer {
  const listenOptions = { hostname: options.hostname ?? "127.0.0.1", port: options.port ?? 0 };
  const listener: Deno.Listener = options.tls
    ? Deno.listenTls({ ...listenOptions, cert: TLS_FIXTURE.cert, key: TLS_FIXTURE.key })
    : Deno.listen(listenOptions);
  const requests: RawRequest[] = [];
  const closed = new Map<string, PromiseWithResolvers<void>>();
  const closedFor = (target: string) => {
    if (!closed.has(target)) closed.set(target, Promise.withResolvers<void>());
    return closed.get(target)!;
  };
  const conns = new Set<Deno.Conn>();
  const serveConn = async (conn: Deno.Conn) => {
    conns.add(conn);
    try {
      const req = await readRequest(conn);
      if (!req) return;
      requests.push(req);
      await handler(req, conn, async () => {
        while ((await conn.read(new Uint8Array(64))) !== null) {
          // Bytes after the request are ignored.
        }
        closedFor(req.target).resolve();
      });
    } catch {
      // A client that went away mid-answer.
    } finally {
      conns.delete(conn);
      closeQuietly(conn);
    }
  };
  const accepting = (async () => {
    for await (const conn of listener) serveConn(conn);
  })().catch(() => {});
  return {
    port: (listener.addr as Deno.NetAddr).port,
    requests,
    closedByClient: (target) => closedFor(target).promise,
    async close() {
      listener.close();
      conns.forEach(closeQuietly);
      await accepting;
    },
  };
}

function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // Already closed.
  }
}

async function readRequest(conn: Deno.Conn): Promise<RawRequest | null> {
  let text = "";
  const buf = new Uint8Array(4096);
  while (!text.includes("\r\n\r\n")) {
    const n = await conn.read(buf);
    if (n === null) return null;
    text += new TextDecoder().decode(buf.subarray(0, n));
  }
  const [line, ...rest] = text.slice(0, text.indexOf("\r\n\r\n")).split("\r\n");
  const headers = new Headers();
  for (const field of rest) {
    const colon = field.indexOf(":");
    headers.append(field.slice(0, colon), field.slice(colon + 1).trim());
  }
  return { line, target: line.split(" ")[1] ?? "", headers, host: headers.get("host") ?? "" };
}

/** Writes text or bytes to a connection. */
export async function send(conn: Deno.Conn, data: string | Uint8Array): Promise<void> {
  let bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  while (bytes.byteLength > 0) bytes = bytes.subarray(await conn.write(bytes));
}

/** Writes a whole response with a Content-Length. */
export async function respond(
  conn: Deno.Conn,
  status: number,
  headers: Record<string, string>,
  body: string | Uint8Array = "",
): Promise<void> {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const fields = Object.entries({ ...headers, "content-length": String(bytes.byteLength) })
    .map(([name, value]) => `${name}: ${value}\r\n`).join("");
  await send(conn, `HTTP/1.1 ${status} X\r\n${fields}\r\n`);
  await send(conn, bytes);
}

/** A resolver for deps.resolveDns: each name's A records; unknown names and AAAA fail. */
export function fakeResolver(records: Record<string, string[]>) {
  const lookups: string[] = [];
  const resolveDns: NonNullable<Deps["resolveDns"]> = (host, type) => {
    lookups.push(`${type} ${host}`);
    const found = type === "A" ? records[host] : undefined;
    return found ? Promise.resolve(found) : Promise.reject(new Error(`no ${type} record`));
  };
  return { resolveDns, lookups };
}
