import assert from "node:assert/strict";
import { Hono } from "hono";
import { blankListing } from "../kv/listings.ts";
import { badgeRoutes } from "../routes/badges.ts";
import { earnedBadges, getBadges } from "../services/directory/badges.ts";
import { testConfig } from "../services/platform/config.ts";
import type { Deps } from "../services/platform/deps.ts";
import { ApiError, toApiError } from "../services/platform/errors.ts";
import {
  awardByListingKey,
  categoryBoardKey,
  categoryKey,
  listingBySlugKey,
  listingKey,
  siteSettingsKey,
} from "../kv/keys.ts";
import type { Award, Category, Listing, ListingStatus } from "../kv/types.ts";
import {
  BADGE_MODES,
  BADGE_SHAPES,
  BADGE_SIZES,
  type BadgeStyle,
} from "../services/directory/badge_types.ts";
import { measureText, renderBadgeSvg } from "../services/directory/badge_svg.ts";

const NASTY = `Tom & Jerry's <script>"Cats"</script>`;

function makeListing(id: number, slug: string, status: ListingStatus, more: Partial<Listing> = {}) {
  const listing: Listing = {
    ...blankListing({
      name: slug[0].toUpperCase() + slug.slice(1),
      url: `https://${slug}.example`,
      tagline: "A product",
      primary_category: "analytics",
      status,
      plan: "free",
      launch_week: status === "live" || status === "scheduled" ? "2026-11-09" : null,
      launched_at: status === "live" ? "2026-11-09T00:00:00Z" : null,
    }),
    id,
    slug,
    domain: `${slug}.example`,
    created_at: "2026-10-01T00:00:00Z",
    updated_at: "2026-10-01T00:00:00Z",
  };
  return { ...listing, ...more };
}

function award(listingId: number, week: string, place: 1 | 2 | 3): Award {
  return { week, place, listing_id: listingId, votes: 40 - place, awarded_at: week + "T00:00:00Z" };
}

/** A KV with: acme (live, featured, verified, two awards, #2 in Analytics), beta (scheduled),
 * wait (awaiting_badge), sketch (draft), gone (removed) and a nasty-named live listing. */
async function setup(): Promise<{ deps: Deps; app: Hono }> {
  const kv = await Deno.openKv(":memory:");
  const listings = [
    makeListing(1, "acme", "live", { featured: true, verified: true }),
    makeListing(2, "beta", "scheduled"),
    makeListing(3, "wait", "awaiting_badge"),
    makeListing(4, "sketch", "draft"),
    makeListing(5, "gone", "removed"),
    makeListing(6, "nasty", "live", { name: NASTY }),
    makeListing(7, "leader", "live"),
  ];
  for (const l of listings) {
    await kv.set(listingBySlugKey(l.slug), l.id);
    await kv.set(listingKey(l.id), l);
  }
  for (
    const a of [award(1, "2026-11-09", 1), award(1, "2026-10-26", 3), award(6, "2026-11-09", 2)]
  ) {
    await kv.set(awardByListingKey(a.listing_id, a.week, a.place), a);
  }
  const category: Category = {
    slug: "analytics",
    name: "Analytics",
    description: "",
    faqs: [],
    parent: null,
    position: 1,
  };
  await kv.set(categoryKey("analytics"), category);
  await kv.set(categoryBoardKey("analytics", 120, 7), 7);
  await kv.set(categoryBoardKey("analytics", 80, 1), 1);
  await kv.set(categoryBoardKey("analytics", 0, 6), 6);
  const deps: Deps = {
    kv,
    config: testConfig(),
    search: undefined as never,
    now: () => new Date("2026-11-18T12:00:00Z"),
  };
  const app = new Hono();
  app.route("/", badgeRoutes(deps));
  app.onError((err, c) => {
    const e = toApiError(err);
    return c.json(e.toBody(), e.status as 400);
  });
  return { deps, app };
}

/** A small XML well-formedness check: balanced tags, quoted attributes, no raw `<` or `&`. */
function assertWellFormed(svg: string): void {
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<>]*")*)\s*(\/?)>/y;
  const stack: string[] = [];
  let roots = 0;
  let i = 0;
  while (i < svg.length) {
    const lt = svg.indexOf("<", i);
    const text = svg.slice(i, lt === -1 ? svg.length : lt);
    assert.doesNotMatch(text, /&(?!(amp|lt|gt|quot|#39|#x[0-9a-f]+|#\d+);)/i, `raw & in ${text}`);
    assert.doesNotMatch(text, />/, `raw > in text ${text}`);
    if (lt === -1) break;
    tag.lastIndex = lt;
    const m = tag.exec(svg);
    assert.ok(m, `malformed tag at ${svg.slice(lt, lt + 60)}`);
    const [whole, close, name, attrs, selfClose] = m;
    assert.doesNotMatch(attrs, /&(?!(amp|lt|gt|quot|#39);)/, `raw & in attribute ${attrs}`);
    if (close) {
      assert.equal(stack.pop(), name, `unbalanced </${name}>`);
    } else if (!selfClose) {
      if (stack.length === 0) roots++;
      stack.push(name);
    }
    i = lt + whole.length;
  }
  assert.deepEqual(stack, [], "unclosed tags");
  assert.equal(roots, 1);
}

function unescape(text: string): string {
  return text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'").replace(/&amp;/g, "&");
}

/** Every text (or banner line of tspans) ends inside the image, by the same width estimate. */
function assertTextFits(svg: string): void {
  const width = Number(/^<svg[^>]* width="([\d.]+)"/.exec(svg)![1]);
  const attr = (attrs: string, n: string) => new RegExp(` ${n}="([^"]*)"`).exec(attrs)?.[1];
  const measure = (attrs: string, content: string) =>
    measureText(unescape(content), {
      size: Number(attr(attrs, "font-size")),
      bold: attr(attrs, "font-weight") !== "500",
      spacing: Number(attr(attrs, "letter-spacing") ?? 0),
    });
  for (const [, attrs, content] of svg.matchAll(/<text([^>]*)>(.*?)<\/text>/g)) {
    const x = Number(attr(attrs, "x"));
    let w = 0;
    if (content.startsWith("<tspan")) {
      for (const [, spanAttrs, text] of content.matchAll(/<tspan([^>]*)>([^<]*)<\/tspan>/g)) {
        w += Number(attr(spanAttrs, "dx") ?? 0) + measure(spanAttrs, text);
      }
    } else {
      w = measure(attrs, content);
    }
    const left = attr(attrs, "text-anchor") === "middle" ? x - w / 2 : x;
    assert.ok(left >= 0 && left + w <= width, `"${content}" overflows ${width}px`);
  }
}

Deno.test("earnedBadges per status", async (t) => {
  const kinds = (l: Listing, awards: Award[] = [], rank?: number) =>
    earnedBadges(l, awards, { categoryRank: rank, categoryName: "Analytics" }).map((b) => b.kind);

  await t.step("draft and removed get none", () => {
    assert.deepEqual(kinds(makeListing(1, "a", "draft", { featured: true })), []);
    assert.deepEqual(kinds(makeListing(1, "a", "removed", { verified: true })), []);
  });
  await t.step("awaiting_badge and scheduled get listed (+featured/verified)", () => {
    assert.deepEqual(kinds(makeListing(1, "a", "awaiting_badge")), ["listed"]);
    assert.deepEqual(kinds(makeListing(1, "a", "scheduled"), [], 1), ["listed"]);
    const flagged = makeListing(1, "a", "scheduled", { featured: true, verified: true });
    assert.deepEqual(kinds(flagged), ["listed", "featured", "verified"]);
  });
  await t.step("live gets launched, awards newest first and category rank", () => {
    const live = makeListing(1, "a", "live");
    const awards = [
      award(1, "2026-10-26", 3),
      award(1, "2026-11-09", 1),
      award(2, "2026-11-02", 1),
    ];
    assert.deepEqual(kinds(live, awards, 2), [
      "listed",
      "launched",
      "top-in-category",
      "lotw-2026-11-09-1",
      "lotw-2026-10-26-3",
    ]);
    assert.deepEqual(kinds(live, [], 4), ["listed", "launched"]);
  });
  await t.step("award and rank wording", () => {
    const live = makeListing(1, "a", "live");
    const badges = earnedBadges(live, [award(1, "2026-11-09", 1)], {
      categoryRank: 2,
      categoryName: "Analytics",
    });
    const lotw = badges.find((b) => b.kind === "lotw-2026-11-09-1")!;
    assert.equal(lotw.title, "#1 Launch of the Week");
    assert.equal(lotw.detail, "Week of Nov 9, 2026");
    assert.equal(lotw.alt, "A - #1 Launch of the Week on Launch Directory, week of nov 9, 2026");
    assert.equal(badges.find((b) => b.kind === "top-in-category")!.title, "#2 in Analytics");
    assert.equal(
      badges.find((b) => b.kind === "launched")!.alt,
      "A - Launched on Launch Directory",
    );
  });
});

Deno.test("every kind × shape × mode × size renders well-formed SVG that fits", () => {
  const live = makeListing(1, "acme", "live", { name: NASTY, featured: true, verified: true });
  const awards = [award(1, "2026-11-09", 1), award(1, "2026-11-02", 2), award(1, "2026-10-26", 3)];
  const badges = earnedBadges(live, awards, {
    categoryRank: 3,
    categoryName: "Developer Tools & <Infra>",
    siteName: `Launch "Directory" & Co`,
  });
  assert.equal(badges.length, 8);
  let count = 0;
  for (const badge of badges) {
    for (const shape of BADGE_SHAPES) {
      for (const mode of BADGE_MODES) {
        for (const size of BADGE_SIZES) {
          const style: BadgeStyle = { shape, mode, size };
          const svg = renderBadgeSvg(badge, style, `Launch "Directory" & Co`);
          assertWellFormed(svg);
          assertTextFits(svg);
          assert.match(
            svg,
            /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+"/,
          );
          assert.match(svg, /viewBox="0 0 \d+ \d+"/);
          assert.match(svg, / role="img" aria-label="[^"]+"/);
          assert.match(svg, /<title>[^<]+<\/title>/);
          assert.equal(svg.includes("prefers-color-scheme: dark"), mode === "auto");
          count++;
        }
      }
    }
  }
  assert.equal(count, 8 * 5 * 3 * 3);
});

Deno.test("renderBadgeSvg escapes text and scales by size", () => {
  const live = makeListing(1, "acme", "live", { name: NASTY });
  const [listed] = earnedBadges(live, [], { siteName: "R&D <Hub>" });
  const svg = renderBadgeSvg(listed, { shape: "standard", mode: "light", size: "m" }, "R&D <Hub>");
  assert.ok(!svg.includes("<script>"));
  assert.ok(svg.includes("Tom &amp; Jerry&#39;s &lt;script&gt;&quot;Cats&quot;&lt;/script&gt;"));
  assert.ok(svg.includes(">R&amp;D &lt;Hub&gt;</text>"));
  const size = (s: "s" | "m" | "l") => {
    const out = renderBadgeSvg(listed, { shape: "standard", mode: "dark", size: s }, "X");
    const m = /width="(\d+)" height="(\d+)"/.exec(out)!;
    return [Number(m[1]), Number(m[2])];
  };
  assert.deepEqual(size("m"), [250, 54]);
  assert.ok(size("s")[0] < 250 && size("l")[0] > 250);
  const square = renderBadgeSvg(listed, { shape: "square", mode: "light", size: "m" }, "X");
  const [, w, h] = /width="(\d+)" height="(\d+)"/.exec(square)!;
  assert.equal(w, h);
});

Deno.test("getBadges", async (t) => {
  const { deps } = await setup();
  const style: BadgeStyle = { shape: "pill", mode: "dark", size: "l" };

  await t.step("a live listing's set", async () => {
    const set = await getBadges(deps, "acme", style);
    assert.deepEqual(set.listing, {
      slug: "acme",
      name: "Acme",
      url: "http://localhost:8000/listings/acme",
    });
    assert.deepEqual(set.style, style);
    assert.deepEqual(set.badges.map((b) => b.kind), [
      "listed",
      "launched",
      "featured",
      "verified",
      "top-in-category",
      "lotw-2026-11-09-1",
      "lotw-2026-10-26-3",
    ]);
    const launched = set.badges[1];
    const url = "http://localhost:8000/badges/acme/launched.svg";
    assert.equal(launched.image_url, `${url}?shape=pill&mode=dark&size=l`);
    assert.equal(launched.images.square.light.s, `${url}?shape=square&mode=light&size=s`);
    assert.equal(Object.keys(launched.images).length, 5);
    assert.equal(launched.alt, "Acme - Launched on Launch Directory");
    assert.equal(
      launched.embed_html,
      `<a href="http://localhost:8000/listings/acme?ref=badge" target="_blank" rel="noopener">` +
        `<img src="${url}?shape=pill&amp;mode=dark&amp;size=l" alt="Acme - Launched on Launch ` +
        `Directory" width="${launched.width}" height="${launched.height}" /></a>`,
    );
    assert.equal(set.badges[4].title, "#2 in Analytics");
  });

  await t.step("site name from settings, escaped embed for a nasty name", async () => {
    await deps.kv.set(siteSettingsKey(), { name: "Rocket & Co" });
    const set = await getBadges(deps, "nasty", style);
    assert.deepEqual(set.badges.map((b) => b.kind), ["listed", "launched", "lotw-2026-11-09-2"]);
    const html = set.badges[0].embed_html;
    assert.ok(!html.includes("<script>"));
    assert.ok(
      html.includes(
        `alt="Tom &amp; Jerry&#39;s &lt;script&gt;&quot;Cats&quot;&lt;/script&gt; - Listed on Rocket &amp; Co"`,
      ),
    );
    await deps.kv.delete(siteSettingsKey());
  });

  await t.step("scheduled and awaiting_badge get only listed", async () => {
    assert.deepEqual((await getBadges(deps, "beta", style)).badges.map((b) => b.kind), ["listed"]);
    assert.deepEqual((await getBadges(deps, "wait", style)).badges.map((b) => b.kind), ["listed"]);
  });

  await t.step("404 for unknown, draft and removed", async () => {
    for (const slug of ["nope", "sketch", "gone"]) {
      await assert.rejects(getBadges(deps, slug, style), (err) => {
        assert.ok(err instanceof ApiError);
        assert.equal(err.status, 404);
        assert.equal(err.message, `No listing "${slug}"`);
        return true;
      });
    }
  });
  deps.kv.close();
});

Deno.test("badge image route", async (t) => {
  const { deps, app } = await setup();

  await t.step("200 SVG with cache headers", async () => {
    const res = await app.request("/badges/acme/launched.svg?shape=banner&mode=auto&size=s");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "image/svg+xml; charset=utf-8");
    assert.equal(res.headers.get("cache-control"), "public, no-cache");
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.match(res.headers.get("etag") ?? "", /^"[0-9a-f]{32}"$/);
    const svg = await res.text();
    assertWellFormed(svg);
    assert.ok(svg.includes("prefers-color-scheme: dark"));
  });

  await t.step("defaults, and an award badge", async () => {
    const res = await app.request("/badges/acme/lotw-2026-11-09-1.svg");
    assert.equal(res.status, 200);
    const svg = await res.text();
    assert.ok(svg.includes("#1 Launch of the Week"));
    assert.ok(svg.includes("prefers-color-scheme"));
  });

  await t.step("304 on If-None-Match", async () => {
    const first = await app.request("/badges/acme/listed.svg?mode=light");
    const etag = first.headers.get("etag")!;
    await first.body?.cancel();
    const res = await app.request("/badges/acme/listed.svg?mode=light", {
      headers: { "If-None-Match": `"other", W/${etag}` },
    });
    assert.equal(res.status, 304);
    assert.equal(res.headers.get("etag"), etag);
    assert.equal(await res.text(), "");
    const changed = await app.request("/badges/acme/listed.svg?mode=dark", {
      headers: { "If-None-Match": etag },
    });
    assert.equal(changed.status, 200);
    await changed.body?.cancel();
  });

  await t.step("400 on a bad shape", async () => {
    const res = await app.request("/badges/acme/listed.svg?shape=hexagon&size=xl");
    assert.equal(res.status, 400);
    assert.match(res.headers.get("content-type") ?? "", /application\/json/);
    const body = await res.json();
    assert.equal(body.error.code, "invalid_request");
    assert.deepEqual(body.error.details.map((d: { path: string }) => d.path), ["shape", "size"]);
    assert.match(body.error.details[0].message, /"hexagon"/);
  });

  await t.step("404 on unknown listing, draft, unearned kind or non-SVG file", async () => {
    for (
      const path of [
        "/badges/nope/listed.svg",
        "/badges/sketch/listed.svg",
        "/badges/beta/launched.svg",
        "/badges/acme/lotw-2026-11-02-1.svg",
        "/badges/acme/listed.png",
      ]
    ) {
      const res = await app.request(path);
      assert.equal(res.status, 404, path);
      assert.equal((await res.json()).error.code, "not_found");
    }
  });
  deps.kv.close();
});
