/**
 * The Atom feeds: well-formed XML (parsed with linkedom's XML parser), the elements RFC 4287
 * requires, RFC 3339 dates, escaped text, the right entries, and the links pages carry to them.
 */
import assert from "node:assert/strict";
import { DOMParser } from "linkedom";
import { buildFixture, type Fixture, listingInput, NOW } from "./fixtures.ts";
import { createListing, goLive } from "../kv/listings.ts";
import { putBlogPost } from "../kv/blog.ts";
import { listingWritesIndexed } from "../services/directory/search/load.ts";

const BASE = "http://localhost:8000";
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** A feed's document after checking what every Atom feed must have. */
async function readFeed(f: Fixture, path: string) {
  const res = await f.app.request(path);
  assert.equal(res.status, 200, path);
  assert.match(res.headers.get("content-type") ?? "", /^application\/atom\+xml/);
  const text = await res.text();
  assert.ok(text.startsWith(`<?xml version="1.0" encoding="UTF-8"?>`));
  const doc = new DOMParser().parseFromString(text, "text/xml");
  const feed = doc.querySelector("feed");
  assert.ok(feed, `${path} has a feed element`);
  assert.equal(feed.getAttribute("xmlns"), "http://www.w3.org/2005/Atom");
  const child = (el: Element, name: string) =>
    [...el.children].filter((c) => c.tagName.toLowerCase() === name);
  for (const name of ["id", "title", "updated", "author"]) {
    assert.equal(child(feed, name).length, 1, `${path}: one feed <${name}>`);
  }
  assert.match(child(feed, "updated")[0].textContent ?? "", RFC3339);
  const self = child(feed, "link").find((l) => l.getAttribute("rel") === "self");
  assert.equal(self?.getAttribute("href"), BASE + path);
  const entries = child(feed, "entry").map((entry) => {
    for (const name of ["id", "title", "updated", "link", "summary"]) {
      assert.equal(child(entry, name).length, 1, `${path}: one entry <${name}>`);
    }
    assert.match(child(entry, "updated")[0].textContent ?? "", RFC3339);
    return {
      id: child(entry, "id")[0].textContent ?? "",
      title: child(entry, "title")[0].textContent ?? "",
      href: child(entry, "link")[0].getAttribute("href"),
    };
  });
  return { entries, text };
}

Deno.test("the launches feed lists live launches, newest first, with escaped text", async () => {
  const f = await buildFixture();
  const hostile = await createListing(
    f.deps.kv,
    listingInput("Tom & Jerry <Tools>", { tagline: `Quotes " and ' and ]]> and \u0001 too` }),
    NOW,
  );
  await goLive(f.deps.kv, hostile.id, new Date(NOW.getTime() + 60_000));
  await listingWritesIndexed(f.deps.search);
  const { entries } = await readFeed(f, "/feeds/launches.xml");
  assert.equal(entries[0].href, `${BASE}/listings/${hostile.slug}`);
  assert.equal(entries[0].title, `Tom & Jerry <Tools>: Quotes " and ' and ]]> and  too`);
  const slugs = entries.map((e) => e.href?.split("/").pop());
  for (const slug of ["invoicely", "billwise", "taskpilot", "ledgerbox"]) {
    assert.ok(slugs.includes(slug), `${slug} is in the feed`);
  }
  for (const slug of ["soonapp", "draftapp", "waitapp"]) assert.ok(!slugs.includes(slug));
  assert.equal(new Set(entries.map((e) => e.id)).size, entries.length, "ids are unique");
});

Deno.test("a category's feed has that category's launches only; an unknown one is a 404", async () => {
  const f = await buildFixture();
  const { entries } = await readFeed(f, "/feeds/categories/invoicing.xml");
  const slugs = entries.map((e) => e.href?.split("/").pop()).sort();
  assert.deepEqual(slugs, ["billwise", "invoicely"]);
  assert.equal((await f.app.request("/feeds/categories/nope.xml")).status, 404);
  assert.equal((await f.app.request("/feeds/categories/../x.xml")).status, 404);
});

Deno.test("the blog feed has posts newest first with authors and dates", async () => {
  const f = await buildFixture();
  await putBlogPost(f.deps.kv, {
    slug: "newest",
    title: "Newest <post>",
    summary: "A & B",
    body: "Text",
    faqs: [],
    author: "Site team",
    tags: [],
    published_at: "2026-11-17T08:00:00.000Z",
    updated_at: "2026-11-17T09:00:00.000Z",
  });
  const { entries, text } = await readFeed(f, "/feeds/blog.xml");
  assert.equal(entries[0].href, `${BASE}/blog/newest`);
  assert.equal(entries[0].title, "Newest <post>");
  assert.match(text, /<updated>2026-11-17T09:00:00.000Z<\/updated>/);
  assert.match(text, /<author><name>Site team<\/name><\/author>/);
});

Deno.test("pages link their feeds in the head", async () => {
  const f = await buildFixture();
  const links = async (path: string) => {
    const html = await (await f.app.request(path)).text();
    const doc = new DOMParser().parseFromString(html, "text/html");
    return [...doc.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]')]
      .map((l) => l.getAttribute("href"));
  };
  assert.deepEqual(await links("/"), ["/feeds/launches.xml", "/feeds/blog.xml"]);
  assert.deepEqual(await links("/launches/this"), ["/feeds/launches.xml"]);
  assert.deepEqual(await links("/blog"), ["/feeds/blog.xml"]);
  assert.deepEqual(await links("/categories/invoicing"), ["/feeds/categories/invoicing.xml"]);
  for (
    const href of ["/feeds/launches.xml", "/feeds/blog.xml", "/feeds/categories/invoicing.xml"]
  ) {
    const res = await f.app.request(href);
    assert.equal(res.status, 200, href);
    await res.body?.cancel();
  }
});

Deno.test("a feed answers 304 to its ETag", async () => {
  const f = await buildFixture();
  const first = await f.app.request("/feeds/launches.xml");
  await first.body?.cancel();
  const etag = first.headers.get("etag")!;
  assert.ok(etag);
  const again = await f.app.request("/feeds/launches.xml", { headers: { "if-none-match": etag } });
  assert.equal(again.status, 304);
});
