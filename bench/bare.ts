/**
 * The bare handler the bench compares the service with: a Hono app answering each scenario's
 * paths from a Map of pre-serialised JSON. The bench fills the file it loads with the service's
 * own answers, so both serve the same bytes.
 *
 * Run: `deno run -A bench/bare.ts <answers.json> <port>` (answers: {"/path?query": "body"}).
 */
import { Hono } from "hono";

/** The answers file as a Map from path (with its query) to body bytes. */
export function loadAnswers(text: string): Map<string, Uint8Array> {
  const raw = JSON.parse(text) as Record<string, string>;
  const encoder = new TextEncoder();
  return new Map(Object.entries(raw).map(([path, body]) => [path, encoder.encode(body)]));
}

/** The path and query of a request URL ("http://host/p?q" -> "/p?q"). */
export function pathOf(url: string): string {
  return url.slice(url.indexOf("/", url.indexOf("//") + 2));
}

export function bareApp(answers: Map<string, Uint8Array>): Hono {
  const app = new Hono();
  app.get("*", (c) => {
    const body = answers.get(pathOf(c.req.url));
    if (!body) return c.json({ error: { code: "not_found", message: "Not found" } }, 404);
    return c.body(body as Uint8Array<ArrayBuffer>, 200, { "content-type": "application/json" });
  });
  return app;
}

if (import.meta.main) {
  const [file, port] = Deno.args;
  const app = bareApp(loadAnswers(await Deno.readTextFile(file)));
  Deno.serve({ hostname: "127.0.0.1", port: Number(port), onListen: () => {} }, app.fetch);
}
