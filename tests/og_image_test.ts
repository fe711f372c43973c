/**
 * OpenGraph cards: a real PNG of 1200×630 per listing and per week, linked from the pages with
 * their version, immutable under that version, new when the tagline changes, 404 for listings
 * that are not public.
 */
import assert from "node:assert/strict";
import { buildFixture, type Fixture } from "./fixtures.ts";
import { updateListing } from "../kv/listings.ts";
import { cardSvg } from "../routes/seo/og_image.ts";
import { IMMUTABLE_CACHE_CONTROL, SHORT_CACHE_CONTROL } from "../routes/static_assets.ts";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  assert.deepEqual([...bytes.slice(0, 8)], PNG_SIGNATURE, "a PNG signature");
  assert.equal(new TextDecoder().decode(bytes.slice(12, 16)), "IHDR");
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The card URL a page names in og:image, as a path. */
async function cardOf(f: Fixture, page: string): Promise<string> {
  const html = await (await f.app.request(page)).text();
  const url = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  assert.ok(url, `${page} names a card`);
  return new URL(url.replaceAll("&amp;", "&")).pathname + new URL(url).search;
}

async function png(f: Fixture, path: string) {
  const res = await f.app.request(path);
  assert.equal(res.status, 200, path);
  assert.equal(res.headers.get("content-type"), "image/png");
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

Deno.test("a listing's card is a 1200×630 PNG that changes with its tagline", async () => {
  const f = await buildFixture();
  const path = await cardOf(f, "/listings/invoicely");
  assert.match(path, /^\/og\/listings\/invoicely\.png\?v=[0-9a-f]{12}$/);
  const first = await png(f, path);
  assert.deepEqual(pngSize(first.bytes), { width: 1200, height: 630 });
  assert.equal(first.res.headers.get("cache-control"), IMMUTABLE_CACHE_CONTROL);
  const unversioned = await png(f, "/og/listings/invoicely.png");
  assert.equal(unversioned.res.headers.get("cache-control"), SHORT_CACHE_CONTROL);
  assert.deepEqual(unversioned.bytes, first.bytes);
  const held = await f.app.request(path, {
    headers: { "if-none-match": first.res.headers.get("etag")! },
  });
  assert.equal(held.status, 304);

  await updateListing(
    f.deps.kv,
    f.listings.invoicely.id,
    (l) => ({ ...l, tagline: "A new tagline for the card" }),
    new Date(),
  );
  const changed = await cardOf(f, "/listings/invoicely");
  assert.notEqual(changed, path, "a new version in the URL");
  const second = await png(f, changed);
  assert.deepEqual(pngSize(second.bytes), { width: 1200, height: 630 });
  assert.notDeepEqual(second.bytes, first.bytes, "a new picture");
  // The old version's URL now gets the current card, short-cached.
  const old = await png(f, path);
  assert.equal(old.res.headers.get("cache-control"), SHORT_CACHE_CONTROL);
  assert.deepEqual(old.bytes, second.bytes);
});

Deno.test("a week's card names its top launches; unknown cards are 404s", async () => {
  const f = await buildFixture();
  const path = await cardOf(f, "/launches/2026-11-09");
  assert.match(path, /^\/og\/weeks\/2026-11-09\.png\?v=[0-9a-f]{12}$/);
  const card = await png(f, path);
  assert.deepEqual(pngSize(card.bytes), { width: 1200, height: 630 });
  assert.equal(card.res.headers.get("cache-control"), IMMUTABLE_CACHE_CONTROL);
  for (const missing of ["/og/listings/draftapp.png", "/og/listings/nope.png", "/og/weeks/x.png"]) {
    const res = await f.app.request(missing);
    assert.equal(res.status, 404, missing);
    await res.body?.cancel();
  }
});

Deno.test("a card's SVG escapes its text and ranks only ranked weeks", () => {
  const svg = cardSvg({ kind: "listing", site: "S", name: "<b>&", tagline: "a < b" });
  assert.ok(svg.includes("&lt;b&gt;&amp;") && svg.includes("a &lt; b"));
  assert.ok(!svg.includes("<b>"));
  const week = cardSvg({ kind: "week", site: "S", label: "W", names: [], total: 3 });
  assert.match(week, />3 products</);
});
