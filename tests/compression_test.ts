/**
 * Compression by Accept-Encoding: pages, API JSON (the fast path's too), CSS and JS come back
 * brotli or gzip and decode to the same bytes; tiny bodies, images, HEAD and requests that accept
 * no encoding are sent as they are; Vary: Accept-Encoding throughout; 304s keep working.
 */
import assert from "node:assert/strict";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { buildFixture, type Fixture } from "./fixtures.ts";
import { chooseEncoding, COMPRESS_MIN_BYTES } from "../routes/compression.ts";
import { fastReadsAnswered } from "../routes/public_reads.ts";

async function fetchAs(f: Fixture, path: string, encoding?: string, headers: HeadersInit = {}) {
  const res = await f.app.request(path, {
    headers: { ...(encoding ? { "accept-encoding": encoding } : {}), ...headers },
  });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

function decode(bytes: Uint8Array, encoding: string | null): string {
  const raw = encoding === "gzip"
    ? gunzipSync(bytes)
    : encoding === "br"
    ? brotliDecompressSync(bytes)
    : bytes;
  return new TextDecoder().decode(raw);
}

Deno.test("the encoding follows Accept-Encoding and its q-values", () => {
  assert.equal(chooseEncoding(null), null);
  assert.equal(chooseEncoding("identity"), null);
  assert.equal(chooseEncoding("gzip, deflate, br"), "br");
  assert.equal(chooseEncoding("gzip"), "gzip");
  assert.equal(chooseEncoding("br;q=0, gzip;q=0.5"), "gzip");
  assert.equal(chooseEncoding("*"), "br");
  assert.equal(chooseEncoding("*;q=0"), null);
});

Deno.test("pages, CSS and JavaScript are compressed and decode to the same content", async () => {
  const f = await buildFixture();
  for (const path of ["/", "/categories/invoicing", "/static/styles.css", "/feeds/launches.xml"]) {
    const plain = await fetchAs(f, path);
    assert.equal(plain.res.headers.get("content-encoding"), null, `${path} plain`);
    assert.match(plain.res.headers.get("vary") ?? "", /Accept-Encoding/, `${path} varies`);
    assert.ok(plain.bytes.length >= COMPRESS_MIN_BYTES, `${path} is large enough`);
    const expected = new TextDecoder().decode(plain.bytes);
    for (const encoding of ["gzip", "br"]) {
      const packed = await fetchAs(f, path, encoding);
      assert.equal(packed.res.headers.get("content-encoding"), encoding, `${path} ${encoding}`);
      assert.match(packed.res.headers.get("vary") ?? "", /Accept-Encoding/);
      assert.ok(packed.bytes.length < plain.bytes.length, `${path} ${encoding} is smaller`);
      assert.equal(decode(packed.bytes, encoding), expected, `${path} ${encoding} decodes`);
    }
  }
});

Deno.test("the API's JSON is compressed, its ETag turns weak and still answers 304", async () => {
  const f = await buildFixture();
  // The first read fills the profile cache; the second is answered by the fast path.
  const plain = await fetchAs(f, "/api/v1/listings/invoicely");
  const before = fastReadsAnswered(f.deps.kv);
  const packed = await fetchAs(f, "/api/v1/listings/invoicely", "gzip");
  assert.equal(fastReadsAnswered(f.deps.kv), before + 1, "answered by the fast path");
  assert.equal(packed.res.headers.get("content-encoding"), "gzip");
  const etag = plain.res.headers.get("etag")!;
  assert.equal(packed.res.headers.get("etag"), `W/${etag}`);
  assert.deepEqual(JSON.parse(decode(packed.bytes, "gzip")), JSON.parse(decode(plain.bytes, null)));
  for (const tag of [etag, `W/${etag}`]) {
    const held = await fetchAs(f, "/api/v1/listings/invoicely", "gzip", { "if-none-match": tag });
    assert.equal(held.res.status, 304, tag);
    assert.equal(held.bytes.length, 0);
  }
  const search = await fetchAs(f, "/api/v1/listings?per_page=50", "br");
  assert.equal(search.res.headers.get("content-encoding"), "br");
  assert.ok(JSON.parse(decode(search.bytes, "br")).items.length > 0);
});

Deno.test("tiny bodies, images, HEAD and identity are sent as they are", async () => {
  const f = await buildFixture();
  const tiny = await fetchAs(f, "/robots.txt", "gzip");
  assert.ok(tiny.bytes.length < COMPRESS_MIN_BYTES);
  assert.equal(tiny.res.headers.get("content-encoding"), null);
  assert.match(tiny.bytes.length ? decode(tiny.bytes, null) : "", /^User-agent/);
  const head = await f.app.request("/", { method: "HEAD", headers: { "accept-encoding": "gzip" } });
  assert.equal(head.headers.get("content-encoding"), null);
  const identity = await fetchAs(f, "/", "identity");
  assert.equal(identity.res.headers.get("content-encoding"), null);
  const png = await fetchAs(f, "/og/listings/invoicely.png", "gzip, br");
  assert.equal(png.res.status, 200);
  assert.equal(png.res.headers.get("content-encoding"), null, "PNGs are already compressed");
  assert.equal(png.res.headers.get("vary"), null);
});

Deno.test("the fast path's compressed answers are the normal chain's, header for header", async () => {
  const f = await buildFixture();
  const path = "/api/v1/listings/invoicely";
  for (const encoding of ["br", "gzip", "br;q=0, gzip"]) {
    const f2 = await buildFixture();
    const normal = await fetchAs(f2, path, encoding); // a miss: the routes answer and compress it
    const before = fastReadsAnswered(f2.deps.kv);
    const fast = await fetchAs(f2, path, encoding);
    assert.equal(fastReadsAnswered(f2.deps.kv), before + 1, `${encoding}: answered fast`);
    assert.deepEqual(Object.fromEntries(fast.res.headers), Object.fromEntries(normal.res.headers));
    const used = fast.res.headers.get("content-encoding");
    assert.equal(used, encoding === "br" ? "br" : "gzip");
    assert.equal(decode(fast.bytes, used), decode(normal.bytes, used));
  }
  // Without Accept-Encoding the fast path sends the bytes as they are, still with Vary.
  await fetchAs(f, path);
  const plain = await fetchAs(f, path);
  assert.equal(plain.res.headers.get("content-encoding"), null);
  assert.equal(plain.res.headers.get("vary"), "Accept-Encoding");
  const head = await f.app.request(path, { method: "HEAD", headers: { "accept-encoding": "br" } });
  assert.equal(head.headers.get("content-encoding"), null, "HEAD is never compressed");
  assert.equal(head.headers.get("vary"), "Accept-Encoding");
});
