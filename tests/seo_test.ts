/**
 * What search engines read: the sitemap against the live listings (and its split), robots.txt,
 * JSON-LD on the public pages, canonical URLs and card meta, page ETags and caching for anonymous
 * and signed-in visitors, fingerprinted static files, and blog headings in order.
 */
import assert from "node:assert/strict";
import { DOMParser } from "linkedom";
import { buildFixture, type Fixture, listingInput, NOW } from "./fixtures.ts";
import { createListing, goLive } from "../kv/listings.ts";
import { putBlogPost } from "../kv/blog.ts";
import { forgetSitemap } from "../services/directory/mod.ts";
import { seoRoutes, sitePaths } from "../routes/seo/mod.ts";
import { buildDirectoryFixture } from "./directory_fixture.ts";
import { listingWritesIndexed } from "../services/directory/search/load.ts";
import { signedInBrowser } from "./accounts_fixture.ts";
import { renderMarkdown } from "../components/markdown.ts";
import { jsonLdText } from "../components/JsonLd.tsx";
import { IMMUTABLE_CACHE_CONTROL, SHORT_CACHE_CONTROL } from "../routes/static_assets.ts";

const BASE = "http://localhost:8000";

function parseXml(xml: string) {
  return new DOMParser().parseFromString(xml, "text/xml");
}

/** The `<loc>`s of an XML document. */
function locs(xml: string): string[] {
  return [...parseXml(xml).querySelectorAll("loc")].map((e) => e.textContent ?? "");
}

async function get(app: { request: Fixture["app"]["request"] }, path: string, init?: RequestInit) {
  const res = await app.request(path, init);
  return { res, text: await res.text() };
}

/** Every URL of the sitemap, read through its index. */
async function sitemapUrls(app: { request: Fixture["app"]["request"] }): Promise<string[][]> {
  const index = await get(app, "/sitemap.xml");
  assert.equal(index.res.status, 200);
  assert.match(index.res.headers.get("content-type") ?? "", /^application\/xml/);
  assert.ok(parseXml(index.text).querySelector("sitemapindex"), "a sitemap index");
  const chunks: string[][] = [];
  for (const loc of locs(index.text)) {
    assert.ok(loc.startsWith(`${BASE}/sitemaps/`), loc);
    const chunk = await get(app, loc.slice(BASE.length));
    assert.equal(chunk.res.status, 200, loc);
    assert.ok(parseXml(chunk.text).querySelector("urlset"));
    chunks.push(locs(chunk.text));
  }
  return chunks;
}

Deno.test("the sitemap lists every live listing and public page, and no unpublished listing", async () => {
  const f = await buildFixture();
  const fresh = await createListing(f.deps.kv, listingInput("Freshly Live"), NOW);
  await goLive(f.deps.kv, fresh.id, NOW);
  await createListing(f.deps.kv, listingInput("Never Published"), NOW);
  const all = (await sitemapUrls(f.app)).flat();
  for (const slug of ["invoicely", "billwise", "taskpilot", "ledgerbox", fresh.slug]) {
    assert.ok(all.includes(`${BASE}/listings/${slug}`), `${slug} is listed`);
  }
  for (const slug of ["soonapp", "draftapp", "waitapp", "never-published"]) {
    assert.ok(!all.includes(`${BASE}/listings/${slug}`), `${slug} is not listed`);
  }
  for (
    const path of ["/", "/categories", "/blog", "/rules", "/categories/invoicing", "/awards"]
  ) assert.ok(all.includes(BASE + path), `${path} is listed`);
  assert.ok(all.includes(`${BASE}/leaderboards/community-all-time`));
  assert.ok(all.some((u) => u.startsWith(`${BASE}/launches/2026-11-`)), "weeks are listed");
  assert.ok(!all.includes(`${BASE}/search`), "search results are not listed");
  assert.equal(new Set(all).size, all.length, "no URL twice");
  // lastmod of a listing is its last change, as a W3C date-time.
  const chunk = await get(f.app, "/sitemaps/listings-1.xml");
  const entry = [...parseXml(chunk.text).querySelectorAll("url")]
    .find((u) => u.querySelector("loc")?.textContent === `${BASE}/listings/${fresh.slug}`);
  assert.equal(entry?.querySelector("lastmod")?.textContent, fresh.updated_at);
  assert.equal((await get(f.app, "/sitemaps/listings-9.xml")).res.status, 404);
  assert.equal((await get(f.app, "/sitemaps/nothing.xml")).res.status, 404);
});

Deno.test("the sitemap splits into chunks of at most the limit, covering the same URLs", async () => {
  const f = await buildFixture();
  for (let i = 0; i < 5; i++) {
    const l = await createListing(f.deps.kv, listingInput(`Split ${i}`), NOW);
    await goLive(f.deps.kv, l.id, NOW);
  }
  const whole = (await sitemapUrls(f.app)).flat().sort();
  forgetSitemap(f.deps.kv);
  const small = seoRoutes(f.deps, { maxUrls: 3 });
  const chunks = await sitemapUrls(small);
  assert.ok(chunks.every((c) => c.length >= 1 && c.length <= 3), "1 to 3 URLs per chunk");
  const listingChunks = chunks.filter((c) => c.some((u) => /\/listings\/[^/]+$/.test(u)));
  assert.equal(listingChunks.length, 3, "9 live listings in 3 chunks of 3");
  const alternatives = chunks.filter((c) => c.some((u) => u.endsWith("/alternatives")));
  assert.equal(alternatives.length, 3, "their 9 alternatives pages in 3 chunks of 3");
  assert.deepEqual(chunks.flat().sort(), whole);
});

Deno.test("the sitemap lists the directory pages: tags, alternatives, founders, upcoming", async () => {
  const f = await buildDirectoryFixture();
  const all = (await sitemapUrls(f.app)).flat();
  for (const path of ["/founders", "/launches/upcoming", "/link-policy", "/tags"]) {
    assert.ok(all.includes(BASE + path), `${path} is listed`);
  }
  // Tags of live and scheduled listings; not one carried only by a draft.
  for (const tag of ["invoicing", "open-source", "planning", "bookkeeping", "launch-soon"]) {
    assert.ok(all.includes(`${BASE}/tags/${tag}`), `${tag} is listed`);
  }
  assert.ok(!all.some((u) => u.includes("draft-only")), "a draft's tag is not listed");
  for (const slug of ["invoicely", "billwise", "taskpilot", "ledgerbox"]) {
    assert.ok(all.includes(`${BASE}/listings/${slug}/alternatives`), `${slug}'s alternatives`);
  }
  for (const slug of ["soonapp", "draftapp", "waitapp"]) {
    assert.ok(!all.includes(`${BASE}/listings/${slug}/alternatives`), `not ${slug}'s`);
  }
  assert.equal(new Set(all).size, all.length, "no URL twice");
  // A listing going live with a new tag is listed once the kept sitemap is renewed.
  const fresh = await createListing(
    f.deps.kv,
    listingInput("Fresh Tagged", { tags: ["Brand New"] }),
    NOW,
  );
  await goLive(f.deps.kv, fresh.id, NOW);
  await listingWritesIndexed(f.deps.search);
  forgetSitemap(f.deps.kv);
  const renewed = (await sitemapUrls(f.app)).flat();
  assert.ok(renewed.includes(`${BASE}/tags/brand-new`));
  assert.ok(renewed.includes(`${BASE}/listings/${fresh.slug}/alternatives`));
  // The founders directory (2 founders) and the tags index (6 tags) page by page.
  forgetSitemap(f.deps.kv);
  const paged = seoRoutes(f.deps, {
    site: { paths: sitePaths(), perPage: { founders: 1, tags: 4 } },
  });
  const pages = (await sitemapUrls(paged)).flat();
  assert.ok(pages.includes(`${BASE}/founders?page=2`));
  assert.ok(!pages.includes(`${BASE}/founders?page=3`));
  assert.ok(pages.includes(`${BASE}/tags?page=2`));
  assert.ok(!pages.includes(`${BASE}/tags?page=3`));
});

Deno.test("robots.txt opens the public pages, closes the private ones and names the sitemap", async () => {
  const f = await buildFixture();
  const { res, text } = await get(f.app, "/robots.txt");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^text\/plain/);
  const robots = (await import("robots-parser")).default as unknown as (
    url: string,
    text: string,
  ) => { isAllowed(url: string, ua: string): boolean; getSitemaps(): string[] };
  const parsed = robots(`${BASE}/robots.txt`, text);
  for (const path of ["/", "/listings/invoicely", "/categories/invoicing", "/blog/x", "/bot"]) {
    assert.ok(parsed.isAllowed(BASE + path, "Googlebot"), `${path} allowed`);
  }
  for (const path of ["/api/v1/listings", "/account", "/dashboard", "/admin", "/go/invoicely"]) {
    assert.ok(!parsed.isAllowed(BASE + path, "Googlebot"), `${path} disallowed`);
  }
  assert.deepEqual(parsed.getSitemaps(), [`${BASE}/sitemap.xml`]);
});

/** The parsed JSON-LD objects of a page, by @type. */
function jsonLdOf(html: string): Map<string, Record<string, unknown>> {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const out = new Map<string, Record<string, unknown>>();
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    const data = JSON.parse(script.textContent ?? "");
    assert.equal(data["@context"], "https://schema.org");
    out.set(data["@type"], data);
  }
  return out;
}

Deno.test("public pages describe themselves with JSON-LD", async () => {
  const f = await buildFixture();
  const listing = jsonLdOf((await get(f.app, "/listings/invoicely")).text);
  const app = listing.get("SoftwareApplication")!;
  assert.equal(app.name, "Invoicely");
  assert.equal(app.url, `${BASE}/listings/invoicely`);
  assert.equal(app.applicationCategory, "Invoicing");
  assert.deepEqual(app.offers, {
    "@type": "Offer",
    price: "0",
    priceCurrency: "USD",
    description: "Free for one user",
  });
  const crumbs = listing.get("BreadcrumbList")!.itemListElement as { item: string }[];
  assert.deepEqual(crumbs.map((c) => c.item), [
    `${BASE}/`,
    `${BASE}/categories/invoicing`,
    `${BASE}/listings/invoicely`,
  ]);
  // A listing without genuine reviews has no rating.
  assert.equal(
    jsonLdOf((await get(f.app, "/listings/taskpilot")).text)
      .get("SoftwareApplication")!.aggregateRating,
    undefined,
  );

  const board = jsonLdOf((await get(f.app, "/leaderboards/community-all-time")).text);
  const ranked = board.get("ItemList")!.itemListElement as { position: number; url: string }[];
  assert.equal(ranked[0].position, 1);
  assert.equal(ranked[0].url, `${BASE}/listings/invoicely`);
  assert.ok(board.get("BreadcrumbList"));
  const week = jsonLdOf((await get(f.app, "/launches/this")).text);
  assert.ok((week.get("ItemList")!.itemListElement as unknown[]).length >= 3);
  assert.ok(jsonLdOf((await get(f.app, "/categories/invoicing")).text).get("BreadcrumbList"));
});

Deno.test("the rating in JSON-LD comes from genuine reviews only", async () => {
  const f = await buildFixture();
  const html = (await get(f.app, "/listings/invoicely")).text;
  const rating = jsonLdOf(html).get("SoftwareApplication")!.aggregateRating as
    | Record<string, number>
    | undefined;
  const api = await (await f.app.request("/api/v1/listings/invoicely")).json();
  if (api.community_rating.count === 0) assert.equal(rating, undefined);
  else {
    assert.equal(rating?.ratingValue, api.community_rating.average);
    assert.equal(rating?.ratingCount, api.community_rating.count);
  }
});

Deno.test("JSON-LD cannot end its script early", () => {
  const text = jsonLdText({ name: "</script><script>alert(1)</script>", x: "\u2028" });
  assert.ok(!text.includes("</"), text);
  assert.ok(!text.includes("<"), text);
  assert.deepEqual(JSON.parse(text), { name: "</script><script>alert(1)</script>", x: "\u2028" });
});

Deno.test("a blog post is a BlogPosting and its headings never skip a level", async () => {
  const f = await buildFixture();
  await putBlogPost(f.deps.kv, {
    slug: "levels",
    title: "Heading levels",
    summary: "In order.",
    body: "### Starts deep\n\nText.\n\n##### Deeper still\n\n### Back\n\n# Top\n",
    faqs: [],
    author: "Site team",
    tags: ["seo"],
    published_at: "2026-11-10T10:00:00.000Z",
    updated_at: "2026-11-12T10:00:00.000Z",
  });
  const html = (await get(f.app, "/blog/levels")).text;
  const post = jsonLdOf(html).get("BlogPosting")!;
  assert.equal(post.headline, "Heading levels");
  assert.equal(post.datePublished, "2026-11-10T10:00:00.000Z");
  assert.equal(post.dateModified, "2026-11-12T10:00:00.000Z");
  const doc = new DOMParser().parseFromString(html, "text/html");
  const levels = [...doc.querySelectorAll("main h1, main h2, main h3, main h4, main h5, main h6")]
    .map((h) => Number(h.tagName[1]));
  assert.equal(levels[0], 1);
  assert.equal(levels.filter((l) => l === 1).length, 1, "one h1");
  for (let i = 1; i < levels.length; i++) {
    assert.ok(levels[i] <= levels[i - 1] + 1, `h${levels[i - 1]} then h${levels[i]}`);
  }
  assert.equal(
    renderMarkdown("## A\n\n#### B\n\n## C").replace(/ id="[^"]*"/g, ""),
    "<h2>A</h2>\n<h3>B</h3>\n<h2>C</h2>\n",
  );
});

Deno.test("canonical URLs drop queries that do not change content; OpenGraph and Twitter meta", async () => {
  const f = await buildFixture();
  const html = (await get(f.app, "/listings/invoicely?ref=badge&utm_source=x")).text;
  const doc = new DOMParser().parseFromString(html, "text/html");
  const meta = (sel: string) => doc.querySelector(sel)?.getAttribute("content");
  assert.equal(
    doc.querySelector('link[rel="canonical"]')?.getAttribute("href"),
    `${BASE}/listings/invoicely`,
  );
  assert.equal(meta('meta[property="og:url"]'), `${BASE}/listings/invoicely`);
  assert.match(meta('meta[property="og:image"]') ?? "", /\/og\/listings\/invoicely\.png\?v=/);
  assert.equal(meta('meta[name="twitter:card"]'), "summary_large_image");
  assert.ok(meta('meta[name="twitter:title"]'));
  const category = (await get(f.app, "/categories/invoicing?page=1&sort=x")).text;
  assert.match(
    category,
    /<link rel="canonical" href="http:\/\/localhost:8000\/categories\/invoicing"/,
  );
  for (const path of ["/", "/blog", "/categories", "/rules", "/launches/this"]) {
    const page = new DOMParser().parseFromString((await get(f.app, path)).text, "text/html");
    assert.ok(page.querySelector('link[rel="canonical"]'), `${path} has a canonical URL`);
    assert.ok(page.querySelector('meta[property="og:title"]'), `${path} has og:title`);
    assert.ok(page.querySelector('meta[name="twitter:card"]'), `${path} has twitter:card`);
  }
});

Deno.test("anonymous pages carry an ETag and a public cache, 304 when held; signed-in pages do not", async () => {
  const f = await buildFixture();
  const first = await f.app.request("/categories/invoicing");
  const etag = first.headers.get("etag");
  assert.ok(etag, "an ETag");
  assert.match(
    first.headers.get("cache-control") ?? "",
    /^public, .*max-age=\d+.*stale-while-revalidate=\d+/,
  );
  assert.match(first.headers.get("vary") ?? "", /Cookie/);
  assert.equal(first.headers.get("x-request-id"), null, "nothing about the request");
  const again = await f.app.request("/categories/invoicing", {
    headers: { "if-none-match": etag },
  });
  assert.equal(again.status, 304);
  assert.equal(await again.text(), "");

  const person = await signedInBrowser(f, "ada@invoicely.example");
  const mine = await person.get("/categories/invoicing");
  assert.equal(mine.status, 200);
  assert.equal(mine.headers.get("cache-control"), "private, no-store");
  assert.equal(mine.headers.get("etag"), null);
  // A page with a form token is never public, even anonymous (the sign-in form).
  const signIn = await f.app.request("/signin");
  assert.doesNotMatch(signIn.headers.get("cache-control") ?? "", /public/);
  // Errors are not kept.
  const missing = await f.app.request("/listings/nope");
  assert.equal(missing.status, 404);
  assert.doesNotMatch(missing.headers.get("cache-control") ?? "", /public/);
});

Deno.test("static files: fingerprinted names are immutable, plain names short-cached", async () => {
  const f = await buildFixture();
  const html = (await get(f.app, "/")).text;
  const href = /<link rel="stylesheet" href="(\/static\/styles\.([0-9a-f]{12})\.css)"/.exec(html);
  assert.ok(href, "the layout links the fingerprinted stylesheet");
  const css = await Deno.readFile(new URL("../static/styles.css", import.meta.url));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", css));
  const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
  assert.equal(href[2], hex.slice(0, 12), "the name carries the content's hash");
  const fingerprinted = await f.app.request(href[1]);
  assert.equal(fingerprinted.status, 200);
  assert.equal(fingerprinted.headers.get("cache-control"), IMMUTABLE_CACHE_CONTROL);
  assert.match(fingerprinted.headers.get("content-type") ?? "", /^text\/css/);
  assert.deepEqual(new Uint8Array(await fingerprinted.arrayBuffer()), css);
  const plain = await f.app.request("/static/styles.css");
  assert.equal(plain.status, 200);
  assert.equal(plain.headers.get("cache-control"), SHORT_CACHE_CONTROL);
  await plain.body?.cancel();
  const outdated = await f.app.request("/static/styles.000000000000.css");
  assert.equal(outdated.status, 200);
  assert.equal(outdated.headers.get("cache-control"), SHORT_CACHE_CONTROL, "never pinned");
  await outdated.body?.cancel();
  const held = await f.app.request(href[1], {
    headers: { "if-none-match": fingerprinted.headers.get("etag")! },
  });
  assert.equal(held.status, 304);
  for (const path of ["/static/nothing.css", "/static/..%2Fdeno.json", "/static/.hidden"]) {
    const res = await f.app.request(path);
    assert.equal(res.status, 404, path);
    await res.body?.cancel();
  }
  assert.match(html, /<script type="module" src="\/static\/islands\.[0-9a-f]{12}\.js">/);
});
