/** Every public read operation: its success case, its 404s and its 400s. */
import assert from "node:assert/strict";
import { goLive } from "../kv/listings.ts";
import {
  buildFixture,
  type Fixture,
  getJson,
  LAST_WEEK,
  NEXT_WEEK,
  THIS_WEEK,
} from "./fixtures.ts";
import { castVote } from "../kv/listing_stats.ts";
import { listingWritesIndexed } from "../services/directory/search/load.ts";

const fixture: Promise<Fixture> = buildFixture();

/** `[rank, slug]` of each ranked entry. */
function rankedSlugs(entries: { rank: number; listing: { slug: string } }[]) {
  return entries.map((e) => [e.rank, e.listing.slug]);
}

async function expectError(path: string, status: number, code: string, field?: string) {
  const { app } = await fixture;
  const res = await getJson(app, path);
  assert.equal(res.status, status, `${path}: ${JSON.stringify(res.body)}`);
  assert.match(res.type, /application\/json/);
  assert.equal(res.body.error.code, code);
  assert.equal(typeof res.body.error.message, "string");
  assert.ok(Array.isArray(res.body.error.details));
  if (field) {
    assert.ok(
      res.body.error.details.some((d: { path: string }) => d.path === field),
      JSON.stringify(res.body),
    );
  }
}

async function ok(path: string) {
  const { app } = await fixture;
  const res = await getJson(app, path);
  assert.equal(res.status, 200, `${path}: ${JSON.stringify(res.body)}`);
  assert.match(res.type, /application\/json/);
  return res.body;
}

const slugsOf = (items: { slug?: string; listing?: { slug: string } }[]) =>
  items.map((i) => i.slug ?? i.listing!.slug);

Deno.test("get_site_info", async () => {
  const body = await ok("/api/v1/site");
  assert.equal(body.name, "Launch Directory");
  assert.equal(body.counts.live_listings, 4);
  assert.equal(body.counts.upcoming_listings, 1);
  assert.ok(body.counts.categories > 40);
  assert.equal(body.urls.openapi, "http://localhost:8000/api/v1/openapi.json");
  assert.equal(body.urls.mcp, "http://localhost:8000/mcp");
  await expectError("/api/v1/site?x=1", 400, "invalid_request", "(root)");
});

Deno.test("search_listings", async (t) => {
  await t.step("browse lists live listings only", async () => {
    const body = await ok("/api/v1/listings?sort=votes");
    assert.deepEqual(slugsOf(body.items), ["invoicely", "ledgerbox", "billwise", "taskpilot"]);
    assert.equal(body.total, 4);
    for (const item of body.items) assert.ok("name" in item && "url" in item && "votes" in item);
  });
  await t.step("typo-tolerant text search", async () => {
    assert.equal((await ok("/api/v1/listings?q=invoicly")).items[0].slug, "invoicely");
    assert.equal((await ok("/api/v1/listings?q=taskpilto")).items[0].slug, "taskpilot");
    assert.ok(slugsOf((await ok("/api/v1/listings?q=billing")).items).includes("billwise"));
  });
  await t.step("filters", async () => {
    assert.deepEqual(slugsOf((await ok("/api/v1/listings?category=finance&sort=votes")).items), [
      "invoicely",
      "ledgerbox",
      "billwise",
    ]);
    assert.deepEqual(slugsOf((await ok("/api/v1/listings?country=us")).items), ["taskpilot"]);
    assert.deepEqual(slugsOf((await ok("/api/v1/listings?stage=mvp")).items), ["taskpilot"]);
    assert.deepEqual(slugsOf((await ok("/api/v1/listings?pricing_model=subscription")).items), [
      "billwise",
    ]);
    assert.deepEqual(
      slugsOf((await ok("/api/v1/listings?domain=https://www.invoicely.example/pricing")).items),
      [
        "invoicely",
      ],
    );
    assert.deepEqual(slugsOf((await ok("/api/v1/listings?status=upcoming")).items), ["soonapp"]);
  });
  await t.step("sorts and pages", async () => {
    const newest = await ok("/api/v1/listings?sort=newest&per_page=2&page=2");
    assert.deepEqual(slugsOf(newest.items), ["invoicely", "ledgerbox"]);
    assert.equal(newest.total, 4);
    assert.equal(newest.total_pages, 2);
    assert.equal(newest.has_more, false);
    const trending = await ok("/api/v1/listings?sort=trending");
    assert.equal(trending.items[0].slug, "invoicely");
    for (const sort of ["relevance", "most_viewed", "most_followed"]) {
      await ok(`/api/v1/listings?sort=${sort}`);
    }
  });
  await t.step("400s", async () => {
    await expectError("/api/v1/listings?sort=best", 400, "invalid_request", "sort");
    await expectError("/api/v1/listings?status=draft", 400, "invalid_request", "status");
    await expectError("/api/v1/listings?country=USA", 400, "invalid_request", "country");
    await expectError("/api/v1/listings?category=Bad_Slug", 400, "invalid_request", "category");
    await expectError(
      "/api/v1/listings?category=no-such-category",
      400,
      "invalid_request",
      "category",
    );
    await expectError("/api/v1/listings?page=0", 400, "invalid_request", "page");
    await expectError("/api/v1/listings?per_page=abc", 400, "invalid_request", "per_page");
    await expectError("/api/v1/listings?q=a&q=b", 400, "invalid_request", "q");
    await expectError("/api/v1/listings?colour=red", 400, "invalid_request", "(root)");
  });
});

Deno.test("get_listing", async (t) => {
  await t.step("full profile with unlocked sections and genuine rating", async () => {
    const body = await ok("/api/v1/listings/invoicely");
    assert.equal(body.name, "Invoicely");
    assert.deepEqual(body.categories.primary, { slug: "invoicing", name: "Invoicing" });
    assert.deepEqual(body.features, ["Recurring invoices", "Payment reminders", "Multi-currency"]);
    assert.equal(body.founders[0].slug, "ada-lovelace");
    assert.deepEqual(body.community_rating, { average: 4.5, count: 2 });
    assert.equal(body.domain_rating.value, 36);
    assert.equal(body.domain_rating.trend, "up");
    assert.equal(body.latest_updates[0].title, "v2");
    assert.deepEqual(body.not_found_on_website, ["founded_year"]);
    assert.equal(body.story.title, "Why we built Invoicely");
    assert.equal(body.milestones.length, 1);
    assert.equal("media" in body, false, "media is not unlocked");
    assert.equal(body.votes, 5);
  });
  await t.step("paid sections stay hidden when not unlocked", async () => {
    const body = await ok("/api/v1/listings/billwise");
    assert.equal("story" in body || "milestones" in body || "media" in body, false);
  });
  await t.step("upcoming and awaiting_badge listings are public, drafts are not", async () => {
    await ok("/api/v1/listings/soonapp");
    await ok("/api/v1/listings/waitapp");
    await expectError("/api/v1/listings/draftapp", 404, "not_found");
    await expectError("/api/v1/listings/nope", 404, "not_found");
    await expectError("/api/v1/listings/Not_A_Slug", 400, "invalid_request", "slug");
  });
});

Deno.test("get_alternatives", async () => {
  const body = await ok("/api/v1/listings/invoicely/alternatives");
  assert.deepEqual(body.items[0], { approved: true, listing: body.items[0].listing });
  assert.equal(body.items[0].listing.slug, "billwise");
  assert.equal(body.items.filter((i: { approved: boolean }) => i.approved).length, 1);
  assert.ok(!slugsOf(body.items).includes("invoicely"));
  const other = await ok("/api/v1/listings/billwise/alternatives");
  assert.deepEqual(other.items, [{ approved: false, listing: other.items[0].listing }]);
  assert.equal(other.items[0].listing.slug, "invoicely");
  await expectError("/api/v1/listings/nope/alternatives", 404, "not_found");
  await expectError("/api/v1/listings/-bad/alternatives", 400, "invalid_request", "slug");
});

Deno.test("compare_listings", async () => {
  const body = await ok("/api/v1/compare?a=invoicely&b=billwise");
  assert.equal(body.a.slug, "invoicely");
  assert.equal(body.same_category, true);
  const pricing = body.rows.find((r: { key: string }) => r.key === "pricing_model");
  assert.deepEqual([pricing.a, pricing.b], ["Freemium", "Subscription"]);
  const founded = body.rows.find((r: { key: string }) => r.key === "founded_year");
  assert.deepEqual([founded.a, founded.b], [null, 2024]);
  assert.deepEqual(body.features.shared, ["Recurring invoices"]);
  assert.deepEqual(body.features.only_b, ["Time tracking"]);
  await expectError("/api/v1/compare?a=invoicely", 400, "invalid_request", "b");
  await expectError("/api/v1/compare?a=invoicely&b=soonapp", 400, "invalid_request", "b");
  await expectError("/api/v1/compare?a=invoicely&b=invoicely", 400, "invalid_request", "b");
});

Deno.test("list_categories", async () => {
  const all = await ok("/api/v1/categories");
  const finance = all.items.find((c: { slug: string }) => c.slug === "finance");
  assert.equal(finance.live_listing_count, 3);
  assert.equal(
    finance.subcategories.find((c: { slug: string }) => c.slug === "invoicing").live_listing_count,
    2,
  );
  const nonEmpty = await ok("/api/v1/categories?include_empty=false");
  assert.deepEqual(nonEmpty.items.map((c: { slug: string }) => c.slug), [
    "productivity",
    "finance",
  ]);
  await expectError(
    "/api/v1/categories?include_empty=maybe",
    400,
    "invalid_request",
    "include_empty",
  );
});

Deno.test("get_category", async () => {
  const body = await ok("/api/v1/categories/finance?per_page=2");
  assert.equal(body.name, "Finance");
  assert.equal(body.parent, null);
  assert.ok(body.subcategories.some((c: { slug: string }) => c.slug === "invoicing"));
  assert.equal(body.live_listing_count, 3);
  assert.deepEqual(slugsOf(body.items), ["invoicely", "ledgerbox"]);
  assert.equal(body.has_more, true);
  const sub = await ok("/api/v1/categories/invoicing");
  assert.deepEqual(sub.parent, { slug: "finance", name: "Finance" });
  assert.ok(sub.faqs !== undefined);
  await expectError("/api/v1/categories/nope", 404, "not_found");
  await expectError("/api/v1/categories/finance?page=1001", 400, "invalid_request", "page");
});

Deno.test("get_launch_week", async (t) => {
  await t.step("this week ranked by votes", async () => {
    const body = await ok("/api/v1/launches/weeks/this");
    assert.equal(body.week, THIS_WEEK);
    assert.equal(body.ends, "2026-11-22");
    assert.equal(body.iso_week, "2026-W47");
    assert.deepEqual(
      rankedSlugs(body.launches),
      [
        [1, "invoicely"],
        [2, "billwise"],
        [3, "taskpilot"],
      ],
    );
  });
  await t.step("a date snaps to its Monday; last week", async () => {
    assert.equal((await ok("/api/v1/launches/weeks/2026-11-12")).week, LAST_WEEK);
    const last = await ok("/api/v1/launches/weeks/last");
    assert.equal(last.launches[0].listing.slug, "ledgerbox");
    assert.equal(last.launches[0].week_votes, 4);
  });
  await t.step("a future week lists its scheduled launches", async () => {
    const next = await ok("/api/v1/launches/weeks/next");
    assert.equal(next.week, NEXT_WEEK);
    assert.equal(next.state, "upcoming");
    assert.deepEqual(slugsOf(next.launches), ["soonapp"]);
  });
  await t.step("404 outside the calendar, 400 for bad weeks", async () => {
    await expectError("/api/v1/launches/weeks/2020-01-01", 404, "not_found");
    await expectError("/api/v1/launches/weeks/2031-01-06", 404, "not_found");
    await expectError("/api/v1/launches/weeks/2026-02-30", 400, "invalid_request", "week");
    await expectError("/api/v1/launches/weeks/tomorrow", 400, "invalid_request", "week");
    await expectError("/api/v1/launches/weeks/2026-11-166", 400, "invalid_request", "week");
  });
});

Deno.test("list_launches", async (t) => {
  const section = async (name: string) =>
    slugsOf((await ok(`/api/v1/launches?section=${name}`)).items);
  await t.step("each section", async () => {
    assert.deepEqual(await section("this-week"), ["invoicely", "billwise", "taskpilot"]);
    assert.deepEqual(await section("today"), ["taskpilot"]);
    assert.deepEqual(await section("most-voted"), [
      "invoicely",
      "ledgerbox",
      "billwise",
      "taskpilot",
    ]);
    assert.deepEqual(await section("recent"), ["taskpilot", "billwise", "invoicely", "ledgerbox"]);
    assert.deepEqual(await section("upcoming"), ["soonapp"]);
    assert.equal((await section("trending"))[0], "invoicely");
    assert.equal((await section("most-viewed")).length, 4);
    assert.equal((await section("most-followed")).length, 4);
    assert.equal((await ok("/api/v1/launches")).section, "this-week");
  });
  await t.step("400s", async () => {
    await expectError("/api/v1/launches?section=yesterday", 400, "invalid_request", "section");
    await expectError("/api/v1/launches?per_page=101", 400, "invalid_request", "per_page");
  });
});

Deno.test("get_leaderboard", async (t) => {
  await t.step("all five boards", async () => {
    const weekly = await ok("/api/v1/leaderboards/community-weekly?week=last");
    assert.equal(weekly.week, LAST_WEEK);
    assert.deepEqual(weekly.items[0].metric, { name: "week_votes", value: 4 });
    assert.equal(weekly.items[0].rank, 1);
    const allTime = await ok("/api/v1/leaderboards/community-all-time?per_page=2&page=2");
    assert.deepEqual(
      rankedSlugs(allTime.items),
      [
        [3, "billwise"],
        [4, "taskpilot"],
      ],
    );
    assert.equal(allTime.total, 4);
    const billboard = await ok("/api/v1/leaderboards/billboard");
    assert.equal(billboard.paid, true);
    assert.deepEqual(slugsOf(billboard.items), ["billwise", "invoicely"]);
    for (const item of billboard.items) assert.equal(item.paid, true);
    assert.deepEqual(billboard.items[0].metric, { name: "contributed_cents", value: 2000 });
    const dr = await ok("/api/v1/leaderboards/domain-rating");
    assert.deepEqual(slugsOf(dr.items), ["billwise", "invoicely"]);
    const revenue = await ok("/api/v1/leaderboards/revenue");
    assert.deepEqual(revenue.items[0].metric, { name: "mrr_cents", value: 120000 });
  });
  await t.step("400s and 404s", async () => {
    await expectError("/api/v1/leaderboards/best", 400, "invalid_request", "board");
    await expectError("/api/v1/leaderboards/billboard?week=last", 400, "invalid_request", "week");
    await expectError("/api/v1/leaderboards/community-weekly?week=2019-01-01", 404, "not_found");
  });
});

Deno.test("list_founders and get_founder", async () => {
  const all = await ok("/api/v1/founders");
  assert.deepEqual(slugsOf(all.items), ["ada-lovelace", "zoe-muller"]);
  assert.deepEqual(all.items[0].companies, [{ slug: "invoicely", name: "Invoicely" }]);
  assert.deepEqual(slugsOf((await ok("/api/v1/founders?q=zoe")).items), ["zoe-muller"]);
  assert.deepEqual(slugsOf((await ok("/api/v1/founders?country=gb")).items), ["ada-lovelace"]);
  await expectError(`/api/v1/founders?q=${"a".repeat(121)}`, 400, "invalid_request", "q");
  await expectError("/api/v1/founders?country=G", 400, "invalid_request", "country");
  const ada = await ok("/api/v1/founders/ada-lovelace");
  assert.equal(ada.companies[0].slug, "invoicely");
  assert.equal(ada.stories[0].title, "Why we built Invoicely");
  await expectError("/api/v1/founders/nobody", 404, "not_found");
  await expectError("/api/v1/founders/A", 400, "invalid_request", "slug");
});

Deno.test("list_blog_posts and get_blog_post", async () => {
  assert.deepEqual(slugsOf((await ok("/api/v1/blog")).items), [
    "domain-rating-explained",
    "how-to-launch",
  ]);
  assert.deepEqual(slugsOf((await ok("/api/v1/blog?q=launch")).items), ["how-to-launch"]);
  assert.equal((await ok("/api/v1/blog")).items[0].body, undefined);
  const post = await ok("/api/v1/blog/how-to-launch");
  assert.match(post.body, /^# Launch week/);
  assert.equal(post.faqs.length, 1);
  await expectError("/api/v1/blog/nope", 404, "not_found");
  await expectError(`/api/v1/blog?q=${"q".repeat(201)}`, 400, "invalid_request", "q");
  await expectError("/api/v1/blog/UPPER", 400, "invalid_request", "slug");
});

Deno.test("list_awards", async () => {
  const all = await ok("/api/v1/awards");
  assert.equal(all.items.length, 1);
  assert.equal(all.items[0].place, 1);
  assert.equal(all.items[0].week, LAST_WEEK);
  assert.equal(all.items[0].listing.slug, "ledgerbox");
  assert.equal(all.items[0].title, "Launch of the Week #1");
  assert.equal((await ok("/api/v1/awards?listing=invoicely")).items.length, 0);
  await expectError("/api/v1/awards?listing=nope", 400, "invalid_request", "listing");
});

Deno.test("get_badges", async () => {
  const body = await ok("/api/v1/listings/invoicely/badges?shape=pill&mode=dark&size=l");
  const kinds = body.badges.map((b: { kind: string }) => b.kind);
  for (const kind of ["listed", "launched", "featured", "verified"]) {
    assert.ok(kinds.includes(kind), kind);
  }
  assert.match(body.badges[0].image_url, /shape=pill/);
  assert.match(body.badges[0].embed_html, /<a href="http:\/\/localhost:8000\/listings\/invoicely/);
  const upcoming = await ok("/api/v1/listings/soonapp/badges");
  assert.deepEqual(upcoming.badges.map((b: { kind: string }) => b.kind), ["listed"]);
  await expectError("/api/v1/listings/draftapp/badges", 404, "not_found");
  await expectError(
    "/api/v1/listings/invoicely/badges?shape=round",
    400,
    "invalid_request",
    "shape",
  );
  await expectError("/api/v1/listings/invoicely/badges?size=xl", 400, "invalid_request", "size");
});

Deno.test("list_interview_questions and list_products", async () => {
  const questions = await ok("/api/v1/interview-questions");
  assert.equal(questions.items[0].id, 1);
  assert.ok(questions.items.length >= 5);
  const products = await ok("/api/v1/products");
  const byCode = new Map(products.items.map((p: { code: string }) => [p.code, p]));
  for (
    const code of [
      "launch",
      "skip_queue",
      "featured",
      "done_for_you",
      "launch_bundle",
      "extra_categories",
      "relaunch",
      "ai_review",
      "billboard_min",
    ]
  ) {
    assert.ok(byCode.has(code), code);
  }
  // deno-lint-ignore no-explicit-any
  const launch = byCode.get("launch") as any;
  assert.equal(launch.needs_listing, true);
  assert.equal(launch.weeks[0], NEXT_WEEK);
  assert.equal(launch.weeks.length, 12);
  // deno-lint-ignore no-explicit-any
  const skip = byCode.get("skip_queue") as any;
  assert.equal(skip.weeks.length, 5);
  // deno-lint-ignore no-explicit-any
  assert.equal((byCode.get("featured") as any).weeks, undefined);
  // deno-lint-ignore no-explicit-any
  assert.ok((byCode.get("trophy_cabinet") as any).options.length > 0);
  await expectError("/api/v1/products?all=1", 400, "invalid_request", "(root)");
});

Deno.test("unknown routes and methods answer the error body", async () => {
  await expectError("/api/v1/nothing-here", 404, "not_found");
  const { app } = await fixture;
  const res = await getJson(app, "/api/v1/site", { method: "DELETE" });
  assert.equal(res.status, 405);
  assert.equal(res.body.error.code, "method_not_allowed");
});

Deno.test("search follows writes: votes reorder results, a listing going live appears", async () => {
  const { app, deps, listings } = await buildFixture();
  const settle = () => listingWritesIndexed(deps.search);
  for (let i = 0; i < 10; i++) {
    await castVote(deps.kv, listings.taskpilot.id, `late-${i}`, deps.now());
  }
  await settle();
  const byVotes = await getJson(app, "/api/v1/listings?sort=votes");
  assert.equal(byVotes.body.items[0].slug, "taskpilot");
  assert.equal(byVotes.body.items[0].votes, 11);
  await goLive(deps.kv, listings.soonapp.id, deps.now());
  await settle();
  const found = await getJson(app, "/api/v1/listings?q=soonapp");
  assert.equal(found.body.items[0]?.slug, "soonapp");
  assert.equal((await getJson(app, "/api/v1/listings?status=upcoming")).body.total, 0);
});
