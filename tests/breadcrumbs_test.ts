/**
 * Breadcrumbs: every public page that shows a trail has exactly one BreadcrumbList, built from the
 * trail itself (components/Breadcrumbs.tsx), whose items are the visible steps: the same names, each
 * link's URL, and the page's canonical URL for the last step.
 */
import assert from "node:assert/strict";
import { DOMParser } from "linkedom";
import { buildDirectoryFixture } from "./directory_fixture.ts";
import { THIS_WEEK } from "./fixtures.ts";

const BASE = "http://localhost:8000";

const fixture = buildDirectoryFixture();

/** Pages that show a trail: the directory pages and those that had JSON-LD breadcrumbs. */
const PAGES = [
  "/founders",
  "/founders/ada-lovelace",
  "/tags",
  "/tags/invoicing",
  "/launches/upcoming",
  "/compare",
  "/compare?a=invoicely&b=billwise",
  "/listings/invoicely/alternatives",
  "/listings/invoicely",
  `/launches/${THIS_WEEK}`,
  "/leaderboards/community-all-time",
  "/categories/invoicing",
  "/blog/how-to-launch",
];

interface Step {
  name: string;
  item: string;
}

/** The visible trail (links resolved against the page) and every BreadcrumbList of a page. */
async function trailAndJsonLd(path: string) {
  const res = await (await fixture).app.request(path);
  assert.equal(res.status, 200, path);
  const doc = new DOMParser().parseFromString(await res.text(), "text/html");
  const canonical = doc.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? "";
  const navs = doc.querySelectorAll('nav[aria-label="Breadcrumbs"]');
  assert.equal(navs.length, 1, `${path}: one visible trail`);
  const visible: Step[] = [...navs[0].querySelectorAll(":scope > span")].map((span) => {
    const link = span.querySelector("a");
    const name = (link ?? span.querySelector("span"))?.textContent ?? "";
    return { name, item: link ? new URL(link.getAttribute("href")!, canonical).href : canonical };
  });
  const lists = [...doc.querySelectorAll('script[type="application/ld+json"]')]
    .map((s) => JSON.parse(s.textContent ?? ""))
    .filter((d) => d["@type"] === "BreadcrumbList");
  return { visible, lists, canonical };
}

Deno.test("each page with breadcrumbs has one BreadcrumbList, equal to its visible trail", async () => {
  for (const path of PAGES) {
    const { visible, lists, canonical } = await trailAndJsonLd(path);
    assert.equal(lists.length, 1, `${path}: exactly one BreadcrumbList`);
    assert.ok(canonical.startsWith(BASE), path);
    const items = lists[0].itemListElement as ({ position: number } & Step)[];
    assert.deepEqual(
      items.map((i) => ({ name: i.name, item: i.item })),
      visible,
      `${path}: the JSON-LD is the visible trail`,
    );
    assert.deepEqual(items.map((i) => i.position), items.map((_, k) => k + 1));
    assert.equal(items[0].item, `${BASE}/`, `${path}: starts at home`);
    assert.equal(items.at(-1)!.item, canonical, `${path}: ends at the page`);
  }
});

Deno.test("the breadcrumbs of a listing and a category name their steps", async () => {
  const listing = await trailAndJsonLd("/listings/invoicely");
  assert.deepEqual(listing.visible.map((s) => s.item), [
    `${BASE}/`,
    `${BASE}/categories/invoicing`,
    `${BASE}/listings/invoicely`,
  ]);
  const tag = await trailAndJsonLd("/tags/invoicing?page=2");
  assert.deepEqual(tag.visible, [
    { name: "Home", item: `${BASE}/` },
    { name: "Tags", item: `${BASE}/tags` },
    { name: "#Invoicing", item: `${BASE}/tags/invoicing?page=2` },
  ]);
});

Deno.test("pages without a trail have no BreadcrumbList", async () => {
  for (const path of ["/", "/categories", "/blog"]) {
    const res = await (await fixture).app.request(path);
    const html = await res.text();
    assert.doesNotMatch(html, /aria-label="Breadcrumbs"/, path);
    assert.doesNotMatch(html, /BreadcrumbList/, path);
  }
});
