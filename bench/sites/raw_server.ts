/**
 * A tiny HTTP/1.1 server on a raw TCP socket (Deno.listen), for fixture sites that must see the
 * request line as sent. It plays a server that routes on the path, as Python's http.server does:
 * a request line in absolute form (`GET http://host/path HTTP/1.1`, what a proxy-style client
 * sends) is answered 404; an origin-form line (`GET /path HTTP/1.1`) is answered by `handle`.
 * One request per connection (`Connection: close`).
 */

/** A running raw server. */
export interface RawServer {
  port: number;
  close(): Promise<void>;
}

/** What the raw server saw: the request line's target and the Host header. */
export interface RawRequest {
  target: string;
  host: string;
}

const NOT_FOUND = "<!doctype html><title>Error response</title><p>Error code: 404</p>" +
  "<p>Message: File not found.</p>";

/** Starts the server on 127.0.0.1, port 0. `seen` is told of every request line. */
export function serveRaw(
  handle: (path: string, host: string) => Promise<Response>,
  seen: (request: RawRequest) => void,
): RawServer {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const open = new Set<Deno.Conn>();
  const loop = (async () => {
    for await (const conn of listener) {
      open.add(conn);
      answer(conn, handle, seen).catch(() => {}).finally(() => {
        open.delete(conn);
        try {
          conn.close();
        } catch {
          // Already closed.
        }
      });
    }
  })().catch(() => {});
  return {
    port: (listener.addr as Deno.NetAddr).port,
    async close() {
      listener.close();
      for (const conn of open) {
        try {
          conn.close();
        } catch {
          // Already closed.
        }
      }
      await loop;
    },
  };
}

async function readHead(conn: Deno.Conn): Promise<string | null> {
  const buf = new Uint8Array(16_384);
  let head = "";
  while (!head.includes("\r\n\r\n")) {
    const n = await conn.read(buf);
    if (n === null) return null;
    head += new TextDecoder().decode(buf.subarray(0, n));
    if (head.length > 65_536) return null;
  }
  return head;
}

async function answer(
  conn: Deno.Conn,
  handle: (path: string, host: string) => Promise<Response>,
  seen: (request: RawRequest) => void,
): Promise<void> {
  const head = await readHead(conn);
  if (!head) return;
  const [line, ...headers] = head.split("\r\n");
  const [, target = ""] = line.split(" ");
  const host = headers.find((h) => /^host:/i.test(h))?.slice(5).trim() ?? "";
  seen({ target, host });
  const response = target.startsWith("/")
    ? await handle(target, host)
    : new Response(NOT_FOUND, { status: 404, headers: { "content-type": "text/html" } });
  const body = new Uint8Array(await response.arrayBuffer());
  const lines = [`HTTP/1.1 ${response.status} ${response.statusText || "OK"}`];
  response.headers.forEach((value, name) => lines.push(`${name}: ${value}`));
  lines.push(`content-length: ${body.length}`, "connection: close", "", "");
  await writeAll(conn, new TextEncoder().encode(lines.join("\r\n")));
  await writeAll(conn, body);
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  let at = 0;
  while (at < bytes.length) at += await conn.write(bytes.subarray(at));
}
