/**
 * The directory pages a visitor looks for: founders, upcoming launches, a listing's alternatives,
 * compare by name, and tag pages; each linked from the pages that lead to it.
 */
import assert from "node:assert/strict";
import { NEXT_WEEK } from "./fixtures.ts";
import { buildDirectoryFixture } from "./directory_fixture.ts";
import { tagPath, tagSlug } from "../services/directory/tags.ts";

const fixture = buildDirectoryFixture();

async function get(path: string) {
  const { app } = await fixture;
  const res = await app.request(path);
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

/** The page's headings as `h1:text`, in order. */
function headings(html: string): string[] {
  return [...html.matchAll(/<h([1-6])[^>]*>(.*?)<\/h\1>/gs)]
    .map(([, level, text]) => `h${level}:${text.replace(/<[^>]+>/g, "").trim()}`);
}

Deno.test("founders directory", async (t) => {
  await t.step("lists founders in name order with their companies, linked both ways", async () => {
    const { status, html } = await get("/founders");
    assert.equal(status, 200);
    assert.match(html, /<title>Founders · /);
    assert.deepEqual(headings(html).filter((h) => h.startsWith("h1")), ["h1:Founders"]);
    assert.match(html, /aria-label="Breadcrumbs"/);
    const ada = html.indexOf('href="/founders/ada-lovelace"');
    const zoe = html.indexOf('href="/founders/zoe-muller"');
    assert.ok(ada > 0 && zoe > ada, "Ada before Zoë");
    assert.match(html, /href="\/listings\/invoicely">Invoicely<\/a>/);
    assert.match(html, /United Kingdom/);
    assert.match(html, /<span [^>]*aria-hidden="true"[^>]*>AL<\/span>/, "Ada's initials");
    assert.match(html, /<a href="\/founders" aria-current="page">Founders<\/a>/);
  });
  await t.step("finds by name, says when nobody matches, refuses a bad page", async () => {
    const found = await get("/founders?q=zoe");
    assert.match(found.html, /zoe-muller/);
    assert.doesNotMatch(found.html, /ada-lovelace/);
    const none = await get("/founders?q=nobody-here");
    assert.equal(none.status, 200);
    assert.match(none.html, /No founder is named “nobody-here”/);
    assert.equal((await get("/founders?page=x")).status, 400);
    assert.match((await get("/founders?page=9")).html, /No founders on this page/);
  });
  await t.step("a founder's page leads back to the directory", async () => {
    const { html } = await get("/founders/ada-lovelace");
    assert.match(html, /<a href="\/founders">Founders<\/a>/);
  });
});

Deno.test("upcoming launches by week", async (t) => {
  await t.step("lists scheduled launches under their week, with the week's page", async () => {
    const { status, html } = await get("/launches/upcoming");
    assert.equal(status, 200);
    assert.match(html, /<h1>Upcoming launches<\/h1>/);
    assert.match(html, new RegExp(`href="/launches/${NEXT_WEEK}"`));
    assert.match(html, /href="\/listings\/soonapp"/);
    assert.doesNotMatch(html, /href="\/listings\/invoicely"/);
    assert.ok(headings(html).some((h) => h.startsWith("h2:Week of Nov 23")), headings(html).join());
  });
  await t.step("weeks still resolve, and a bad week is still a 400", async () => {
    assert.equal((await get(`/launches/${NEXT_WEEK}`)).status, 200);
    assert.equal((await get("/launches/someday")).status, 400);
  });
  await t.step("linked from the home page and the footer", async () => {
    const { html } = await get("/");
    assert.match(html, /href="\/launches\/upcoming"[^>]*>All upcoming launches/);
    assert.match(html, /href="\/launches\/upcoming"[^>]*>Upcoming launches/);
  });
});

Deno.test("a listing's alternatives page", async (t) => {
  await t.step("ranks as get_alternatives does, then listings sharing tags", async () => {
    const { status, html } = await get("/listings/invoicely/alternatives");
    assert.equal(status, 200);
    assert.match(html, /<h1>Alternatives to Invoicely<\/h1>/);
    const billwise = html.indexOf('href="/listings/billwise"');
    assert.ok(billwise > 0);
    assert.match(html, /Suggested by the team/);
    assert.match(html, /href="\/compare\?a=invoicely&amp;b=billwise"/);
    // Ledgerbox is in another category but shares the "invoicing" tag.
    const shared = html.slice(html.indexOf("Sharing its tags"));
    assert.match(shared, /href="\/listings\/ledgerbox"/);
    assert.match(shared, /href="\/tags\/invoicing"/);
    assert.doesNotMatch(shared, /href="\/listings\/billwise"/, "listed once");
  });
  await t.step("linked from the listing page", async () => {
    const { html } = await get("/listings/invoicely");
    assert.match(html, /href="\/listings\/invoicely\/alternatives"/);
  });
  await t.step("unknown and unpublished listings are 404 pages", async () => {
    for (const slug of ["nope", "draftapp"]) {
      const { status, html } = await get(`/listings/${slug}/alternatives`);
      assert.equal(status, 404);
      assert.match(html, /<!DOCTYPE html>/);
    }
  });
});

Deno.test("compare by name, domain or slug", async (t) => {
  await t.step("a name and a domain resolve and redirect to the canonical URL", async () => {
    const { status, location } = await get("/compare?a=Invoicely&b=billwise.example");
    assert.equal(status, 302);
    assert.equal(location, "/compare?a=invoicely&b=billwise");
    const page = await get(location!);
    assert.equal(page.status, 200);
    assert.match(page.html, /<h1>\s*Invoicely vs Billwise\s*<\/h1>/);
  });
  await t.step("a misspelt name is found through search", async () => {
    const { status, location } = await get("/compare?a=Invoicly&b=taskpilot");
    assert.equal(status, 302);
    assert.equal(location, "/compare?a=invoicely&b=taskpilot");
  });
  await t.step("an ambiguous name offers the matches", async () => {
    const { status, html } = await get("/compare?a=invoice&b=taskpilot");
    assert.equal(status, 200);
    assert.match(html, /Several products match “invoice”/);
    assert.match(html, /href="\/compare\?a=invoicely&amp;b=taskpilot"/);
    assert.match(html, /href="\/compare\?a=billwise&amp;b=taskpilot"/);
  });
  await t.step("a name that matches nothing says so", async () => {
    const { status, html } = await get("/compare?a=zzzqqq&b=taskpilot");
    assert.equal(status, 404);
    assert.match(html, /No live product matches “zzzqqq”/);
    assert.match(html, /name="a" value="zzzqqq"/);
  });
  await t.step("the same product twice, and an unpublished one", async () => {
    const same = await get("/compare?a=invoicely&b=Invoicely");
    assert.equal(same.status, 200);
    assert.match(same.html, /pick two different products/);
    const draft = await get("/compare?a=draftapp&b=invoicely");
    assert.equal(draft.status, 404);
    assert.match(draft.html, /No live product matches “draftapp”/);
  });
  await t.step("one side given: the form, with that side found", async () => {
    const { status, html } = await get("/compare?a=invoicely");
    assert.equal(status, 200);
    assert.match(html, /Found <a href="\/listings\/invoicely">Invoicely<\/a>/);
  });
});

Deno.test("tag slugs", () => {
  assert.equal(tagSlug("Open Source"), "open-source");
  assert.equal(tagSlug("  Éco--Friendly! "), "eco-friendly");
  assert.equal(tagSlug("#"), "");
  assert.equal(tagPath("AI Tools"), "/tags/ai-tools");
});

Deno.test("tag pages", async (t) => {
  await t.step("live listings with the tag, most voted first, and scheduled ones", async () => {
    const { status, html } = await get("/tags/invoicing");
    assert.equal(status, 200);
    assert.match(html, /<h1>Products tagged #Invoicing<\/h1>/);
    const order = ["invoicely", "ledgerbox", "billwise"].map((s) =>
      html.indexOf(`href="/listings/${s}"`)
    );
    assert.ok(order.every((i, k) => i > 0 && (k === 0 || i > order[k - 1])), String(order));
    assert.doesNotMatch(html, /href="\/listings\/taskpilot"/);
    assert.match(html.slice(html.indexOf("Launching soon")), /href="\/listings\/soonapp"/);
  });
  await t.step("another spelling redirects to the slug", async () => {
    const { status, location } = await get("/tags/Open%20Source?page=2");
    assert.equal(status, 301);
    assert.equal(location, "/tags/open-source?page=2");
    assert.match((await get("/tags/open-source")).html, /href="\/listings\/invoicely"/);
  });
  await t.step("a tag of a listing waiting for its badge has a page, empty", async () => {
    const { status, html } = await get("/tags/waiting-list");
    assert.equal(status, 200);
    assert.match(html, /No live product is tagged #waiting-list yet/);
  });
  await t.step("unknown tags and drafts' tags are 404 pages", async () => {
    for (const tag of ["no-such-tag", "draft-only"]) {
      const { status, html } = await get(`/tags/${tag}`);
      assert.equal(status, 404);
      assert.match(html, /<!DOCTYPE html>/);
    }
  });
  await t.step("paged", async () => {
    assert.equal((await get("/tags/invoicing?page=0")).status, 400);
    assert.match((await get("/tags/invoicing?page=5")).html, /No products on this page/);
  });
});

/** The tags of a tags index page in order, as `#name count`. */
function tagChips(html: string): string[] {
  return [...html.matchAll(/<a class="chip" href="\/tags\/([^"]+)" rel="tag">(.*?)<\/a>/gs)]
    .map(([, , text]) => text.replace(/<[^>]+>/g, "").replace(/\s+/g, " ").trim());
}

Deno.test("the tags index", async (t) => {
  await t.step("every tag of a live or scheduled listing with its count, A to Z", async () => {
    const { status, html } = await get("/tags");
    assert.equal(status, 200);
    assert.match(html, /<title>Tags · /);
    assert.deepEqual(headings(html).slice(0, 3), [
      "h1:Tags",
      "h2:Tags from A to Z",
      "h2:Developers",
    ]);
    // invoicing: three live listings and soonapp, scheduled; spelled as Invoicely (most voted).
    assert.deepEqual(tagChips(html), [
      "#bookkeeping 1",
      "#Invoicing 4",
      "#launch-soon 1",
      "#Open Source 1",
      "#planning 1",
    ]);
    assert.doesNotMatch(html, /draft-only/, "a draft's tag is not listed");
  });
  await t.step("most used first, paged, and a bad sort is a 400", async () => {
    const { html } = await get("/tags?sort=count");
    assert.equal(tagChips(html)[0], "#Invoicing 4");
    assert.match(html, /<meta name="robots" content="noindex"/, "another order is not indexed");
    assert.doesNotMatch((await get("/tags")).html, /name="robots"/);
    assert.deepEqual(headings(html).slice(0, 2), ["h1:Tags", "h2:Most used tags"]);
    assert.equal((await get("/tags?sort=votes")).status, 400);
    assert.equal((await get("/tags?page=0")).status, 400);
    assert.match((await get("/tags?page=2")).html, /No tags on this page/);
  });
  await t.step("linked from every tag page's breadcrumb and from the footer", async () => {
    const { html } = await get("/tags/invoicing");
    const trail = html.slice(html.indexOf('aria-label="Breadcrumbs"'));
    assert.match(trail.slice(0, trail.indexOf("</nav>")), /<a href="\/tags">Tags<\/a>/);
    const footer = (await get("/founders")).html;
    assert.match(footer.slice(footer.indexOf("<footer")), /href="\/tags"/);
  });
});
