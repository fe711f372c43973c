/** The server-rendered pages: status, content type and real content, errors and escaping. */
import assert from "node:assert/strict";
import {
  buildFixture,
  type Fixture,
  LAST_WEEK,
  listingInput,
  NEXT_WEEK,
  NOW,
  THIS_WEEK,
} from "./fixtures.ts";
import { createListing, goLive } from "../kv/listings.ts";
import { getOrCreateUser } from "../kv/users.ts";
import { createSession } from "../services/access/sessions.ts";
import { SESSION_COOKIE } from "../routes/session.ts";
import { testConfig } from "../services/platform/config.ts";
import { putBlogPost } from "../kv/blog.ts";
import { OPERATIONS } from "../routes/api/v1/mod.ts";
import { getBadges } from "../services/directory/badges.ts";
import { renderMarkdown } from "../components/markdown.ts";
import { constraintsOf, schemaRows, typeOf } from "../components/api_schema.ts";
import { getListingStats } from "../kv/listing_stats.ts";
import {
  BADGE_MODES,
  BADGE_SHAPES,
  BADGE_SIZES,
  DEFAULT_BADGE_STYLE,
} from "../services/directory/badge_types.ts";
import { badgeEmbedHtml } from "../services/directory/badge_embed.ts";
import { badgeBuilderProps } from "../components/listing/Badges.tsx";

const XSS_NAME = "<script>alert(1)</script>";
const OWNER_EMAIL = "ada@invoicely.example";
const HOSTILE_OWNER = "owner@hostile.example";

/**
 * The API fixture plus a listing with a hostile name and a blog post with raw HTML, served as
 * behind a reverse proxy: visitors are told apart by their X-Forwarded-For address.
 */
async function buildPagesFixture(): Promise<Fixture> {
  const fixture = await buildFixture({
    rateLimit: { ...testConfig().rateLimit, trustProxy: true },
  });
  const { kv } = fixture.deps;
  const hostileOwner = await getOrCreateUser(kv, HOSTILE_OWNER, "Hostile Owner", NOW);
  const hostile = await createListing(
    kv,
    listingInput(XSS_NAME, {
      slug: "hostile",
      url: "https://hostile.example",
      primary_category: "privacy",
      tagline: `"><img src=x onerror=alert(2)>`,
      description: "First <b>paragraph</b>.\n\nSecond & last.",
      features: ["<iframe src=javascript:alert(3)>"],
      socials: { x: "javascript:alert(4)", github: "https://github.com/hostile" },
      links: [{ label: "Docs", url: "javascript:alert(5)" }],
      owner_id: hostileOwner.id,
    }),
    new Date("2026-11-01T00:00:00Z"),
  );
  await goLive(kv, hostile.id, new Date("2026-11-17T09:00:00Z"));
  await putBlogPost(kv, {
    slug: "raw-html",
    title: "Raw HTML in Markdown",
    summary: "Escaped, not run.",
    body: [
      "## Section one",
      "",
      "Text with <script>alert(6)</script> inline and a [bad link](javascript:alert(7)).",
      "",
      '<div onclick="alert(8)">block html</div>',
      "",
      "A [good link](https://example.com/docs) and **bold**.",
    ].join("\n"),
    faqs: [{ question: "Is HTML run?", answer: "No." }],
    author: "The team",
    tags: ["safety"],
    published_at: "2026-11-10T00:00:00Z",
    updated_at: "2026-11-10T00:00:00Z",
  });
  return fixture;
}

const fixture = buildPagesFixture();

async function page(path: string, init?: RequestInit) {
  const { app } = await fixture;
  const res = await app.request(path, init);
  return {
    status: res.status,
    type: res.headers.get("content-type") ?? "",
    html: await res.text(),
  };
}

/** A page as the signed-in person with `email` sees it (200 expected). */
async function ownPage(path: string, email: string): Promise<string> {
  const { deps } = await fixture;
  const user = await getOrCreateUser(deps.kv, email, email, NOW);
  const { secret } = await createSession(deps, user.id);
  const res = await page(path, { headers: { cookie: `${SESSION_COOKIE}=${secret}` } });
  assert.equal(res.status, 200, `${path} answered ${res.status}`);
  return res.html;
}

async function okPage(path: string): Promise<string> {
  const res = await page(path);
  assert.equal(res.status, 200, `${path} answered ${res.status}: ${res.html.slice(0, 2000)}`);
  assert.match(res.type, /^text\/html/);
  assert.ok(res.html.startsWith("<!DOCTYPE html>"), `${path} is not a full document`);
  return res.html;
}

async function errorPage(path: string, status: number, message?: RegExp): Promise<string> {
  const res = await page(path);
  assert.equal(res.status, status, `${path} answered ${res.status}`);
  assert.match(res.type, /^text\/html/);
  assert.ok(res.html.startsWith("<!DOCTYPE html>"));
  assert.match(res.html, new RegExp(`Error ${status}`));
  assert.match(res.html, /<meta name="robots" content="noindex"/);
  assert.match(res.html, /href="\/"/);
  if (message) assert.match(res.html, message);
  return res.html;
}

/** The text between an element with `marker` and the next `</section>`. */
function sectionOf(html: string, marker: string): string {
  const start = html.indexOf(marker);
  assert.ok(start >= 0, `No ${marker} in the page`);
  return html.slice(start, html.indexOf("</section>", start));
}

function titleOf(html: string): string {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
}

Deno.test("shared layout", async () => {
  const html = await okPage("/categories");
  assert.equal(titleOf(html), "Categories · Launch Directory");
  assert.match(html, /<link rel="canonical" href="http:\/\/localhost:8000\/categories"\/?>/);
  assert.match(html, /<meta name="description" content="[^"]+"/);
  assert.match(html, /<meta property="og:title" content="Categories · Launch Directory"/);
  assert.match(html, /<meta property="og:url" content="http:\/\/localhost:8000\/categories"/);
  assert.match(html, /<link rel="stylesheet" href="\/static\/styles\.[0-9a-f]{12}\.css"/);
  assert.match(html, /<script type="module" src="\/static\/islands\.[0-9a-f]{12}\.js"><\/script>/);
  assert.match(html, /<header class="site-header">/);
  assert.match(html, /<main id="main"/);
  assert.match(html, /<nav class="site-nav" aria-label="Main">/);
  for (const href of ["/launches/this", "/categories", "/leaderboards", "/blog", "/docs/api"]) {
    assert.ok(html.includes(`href="${href}"`), `nav link ${href}`);
  }
  assert.match(html, /<a href="\/categories" aria-current="page">Categories<\/a>/);
  assert.match(html, /data-island="SearchBox"/);
  assert.match(html, /role="combobox"/);
  assert.match(html, /href="\/api\/v1\/openapi.json"/);
  assert.match(html, /href="\/mcp"/);
  assert.match(html, /Billboard placements are paid and always\s+labelled/);
});

Deno.test("home page", async () => {
  const html = await okPage("/");
  assert.equal(titleOf(html), "Launch Directory: Discover new products, launched every week");
  assert.match(html, /<link rel="canonical" href="http:\/\/localhost:8000\/"/);
  const launches = sectionOf(html, 'id="launches"');
  assert.match(launches, /data-island="LaunchTabs"/);
  // This week's ranking: Invoicely (5 votes), Billwise (3), Taskpilot (1), the hostile listing (0).
  const order = ["Invoicely", "Billwise", "Taskpilot"].map((name) =>
    launches.indexOf(`>${name}</a>`)
  );
  assert.ok(
    order.every((i) => i > 0) && order[0] < order[1] && order[1] < order[2],
    `ranking ${order}`,
  );
  assert.ok(launches.includes("Invoices that get paid on time"));
  assert.match(launches, /aria-label="Rank 1">1</);
  assert.match(launches, /votes-count">5</);
  assert.match(sectionOf(html, 'aria-labelledby="trending-title"'), />Invoicely</);
  assert.match(sectionOf(html, 'aria-labelledby="upcoming-title"'), />Soonapp</);
  const billboard = sectionOf(html, 'aria-labelledby="board-billboard"');
  assert.match(billboard, /class="paid-label"[^>]*>Paid</);
  assert.match(billboard, />Billwise<[\s\S]*\$20[\s\S]*>Invoicely<[\s\S]*\$10/);
  assert.match(sectionOf(html, 'aria-labelledby="board-community-all-time"'), />Invoicely</);
  assert.match(sectionOf(html, 'aria-labelledby="board-domain-rating"'), />Billwise<[\s\S]*>50</);
  assert.match(sectionOf(html, 'aria-labelledby="board-revenue"'), />Invoicely<[\s\S]*\$1,200/);
  const awards = sectionOf(html, 'aria-labelledby="awards-title"');
  assert.match(awards, /#1<\/span><a href="\/listings\/ledgerbox">Ledgerbox<\/a>/);
  assert.match(awards, /href="\/launches\/last"/);
  assert.match(awards, /href="\/awards"/);
});

Deno.test("home page sections without JavaScript", async () => {
  const html = await okPage("/?section=recent");
  assert.match(html, /aria-selected="true"[^>]*>Newest</);
  assert.match(html, /data-section="recent"/);
  // An unknown section falls back to this week.
  assert.match(await okPage("/?section=nope"), /data-section="this-week"/);
});

Deno.test("listing page", async (t) => {
  const html = await okPage("/listings/invoicely");
  await t.step("head", () => {
    assert.equal(titleOf(html), "Invoicely: Invoices that get paid on time · Launch Directory");
    assert.match(html, /<link rel="canonical" href="http:\/\/localhost:8000\/listings\/invoicely"/);
  });
  await t.step("profile", () => {
    assert.match(html, /<h1[^>]*>Invoicely/);
    assert.ok(html.includes("Invoices that get paid on time"));
    // The website link goes through the counted redirect; a paid listing's links are sponsored
    // (tests/pages_links_test.ts has every kind).
    assert.match(html, /<link itemprop="url" href="https:\/\/invoicely.example\/"/);
    assert.match(
      html,
      /<a class="button" href="\/go\/invoicely" rel="sponsored noopener" target="_blank"/,
    );
    assert.match(html, /href="\/categories\/invoicing">Invoicing</);
    for (
      const text of [
        "Recurring invoices",
        "Reminders in the client's language",
        "Free for one user",
      ]
    ) {
      assert.ok(html.includes(text), text);
    }
    assert.match(
      html,
      /<p>Invoicely sends invoices and reminders so freelancers get paid faster.<\/p>/,
    );
    assert.match(html, /href="\/founders\/ada-lovelace">Ada Lovelace</);
    assert.match(html, /<summary>Is there a free plan\?<\/summary>/);
    assert.match(
      html,
      /href="https:\/\/x.com\/invoicely" rel="sponsored noopener" target="_blank">X</,
    );
    assert.match(sectionOf(html, 'id="updates"'), /v2[\s\S]*Dark mode/);
    assert.match(html, /<strong>4.5<\/strong> \/ 5 from 2 reviews/);
    assert.match(html, /<strong class="big">36<\/strong>/);
    assert.match(html, /trend-up/);
    assert.match(html, /\+6 in 90 days/);
    assert.match(html, /\$1,200<\/strong> MRR/);
    assert.match(sectionOf(html, 'id="notfound-title"'), /Founded year/);
    assert.match(html, /Why we built Invoicely/);
    assert.match(sectionOf(html, 'id="milestones"'), /Beta/);
    assert.ok(!html.includes('id="media"'), "media is not unlocked");
    assert.match(html, /<form method="post" action="\/listings\/invoicely\/vote"/);
    assert.match(html, /Sign in to vote for Invoicely/);
    assert.match(html, /href="\/compare\?a=invoicely">/);
  });
  await t.step("alternatives", () => {
    const alternatives = sectionOf(html, 'id="alternatives"');
    assert.match(alternatives, />Billwise</);
    assert.match(alternatives, /Suggested by the team/);
    assert.match(alternatives, /href="\/compare\?a=invoicely&amp;b=billwise"/);
  });
  await t.step("badge builder (for the listing's team only)", async () => {
    assert.ok(!html.includes('data-island="BadgeBuilder"'), "no builder for a visitor");
    const badges = sectionOf(await ownPage("/listings/invoicely", OWNER_EMAIL), 'id="badges"');
    assert.match(badges, /data-island="BadgeBuilder"/);
    assert.match(
      badges,
      /<img id="badge-preview" src="http:\/\/localhost:8000\/badges\/invoicely\/listed.svg\?shape=standard&amp;mode=auto&amp;size=m"/,
    );
    assert.match(badges, /<textarea id="badge-code"[^>]*>&lt;a href=/);
    for (const shape of BADGE_SHAPES) {
      assert.match(badges, new RegExp(`name="badge-shape" value="${shape}"`));
    }
  });
  await t.step("awards and earned links", async () => {
    const ledgerbox = await okPage("/listings/ledgerbox");
    assert.match(ledgerbox, /#1<\/span> Launch of the Week · 2026-W46/);
    assert.match(ledgerbox, /href="\/go\/ledgerbox" rel="noopener"/);
  });
  await t.step("scheduled and awaiting listings are public, drafts are not", async () => {
    assert.match(
      await okPage("/listings/soonapp"),
      new RegExp(`Launching in the week of <a href="/launches/${NEXT_WEEK}">`),
    );
    assert.match(await okPage("/listings/waitapp"), /once the badge is found/);
    await errorPage("/listings/draftapp", 404, /No listing &quot;draftapp&quot;/);
  });
});

Deno.test("listing page records one view per visitor per day", async () => {
  const { deps, listings } = await fixture;
  const id = listings.taskpilot.id;
  const before = (await getListingStats(deps.kv, id)).views;
  const visit = (ip: string, ua = "Test browser") =>
    page("/listings/taskpilot", {
      headers: { "x-forwarded-for": `${ip}, 10.0.0.1`, "user-agent": ua },
    });
  await visit("203.0.113.7");
  await visit("203.0.113.7");
  assert.equal((await getListingStats(deps.kv, id)).views, before + 1);
  await visit("203.0.113.8");
  await visit("203.0.113.7", "Another browser");
  assert.equal((await getListingStats(deps.kv, id)).views, before + 3);
  // No address at all (app.request has no connection info) still renders and counts as "unknown".
  assert.equal((await page("/listings/taskpilot")).status, 200);
});

Deno.test("listing views trust X-Forwarded-For only behind a trusted proxy", async (t) => {
  for (const [trustProxy, counted] of [[false, 1], [true, 3]] as const) {
    await t.step(`TRUST_PROXY ${trustProxy ? "on" : "unset"}: ${counted} view(s)`, async () => {
      const f = await buildFixture({ rateLimit: { ...testConfig().rateLimit, trustProxy } });
      const id = f.listings.taskpilot.id;
      const before = (await getListingStats(f.deps.kv, id)).views;
      const socket = { remoteAddr: { hostname: "192.0.2.9", port: 40_000, transport: "tcp" } };
      for (const forwarded of ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) {
        const res = await f.app.request("/listings/taskpilot", {
          headers: { "x-forwarded-for": forwarded, "user-agent": "Same browser" },
        }, socket);
        assert.equal(res.status, 200);
        await res.body?.cancel();
      }
      assert.equal((await getListingStats(f.deps.kv, id)).views, before + counted);
      f.deps.kv.close();
    });
  }
});

Deno.test("a hostile listing is escaped everywhere", async () => {
  const html = await okPage("/listings/hostile");
  assert.ok(!html.includes(XSS_NAME), "raw script tag in the page");
  assert.ok(!html.includes("<img src=x"), "raw img tag in the page");
  assert.ok(!html.includes("<iframe"), "raw iframe in the page");
  assert.ok(!html.includes("<b>paragraph"), "raw HTML from the description");
  assert.ok(!/href="javascript:/i.test(html), "javascript: link");
  // Text escapes `<` and `&` (enough for HTML text); attributes also escape quotes.
  assert.match(html, /<h1[^>]*>&lt;script>alert\(1\)&lt;\/script><\/h1>/);
  assert.match(titleOf(html), /^&lt;script>alert\(1\)&lt;\/script>: &quot;>&lt;img /);
  assert.match(html, /<p>First &lt;b>paragraph&lt;\/b>.<\/p><p>Second &amp; last.<\/p>/);
  assert.match(html, /href="https:\/\/github.com\/hostile" rel="nofollow noopener"/);
  // The island props are JSON inside an attribute: quotes and brackets are entities there (the
  // badge builder shows to the listing's owner).
  const own = await ownPage("/listings/hostile", HOSTILE_OWNER);
  const props = /data-island="BadgeBuilder" data-props="([^"]*)"/.exec(own)?.[1] ?? "";
  assert.ok(
    props.includes("&quot;listingName&quot;:&quot;&lt;script>alert(1)&lt;/script>&quot;"),
    props.slice(0, 200),
  );
  // Lists that show the name escape it too.
  const home = await okPage("/");
  assert.ok(!home.includes(XSS_NAME));
  assert.ok(home.includes(">&lt;script>alert(1)&lt;/script></a>"));
});

Deno.test("badge embed code built in the browser matches get_badges", async () => {
  const { deps } = await fixture;
  const props = badgeBuilderProps(await getBadges(deps, "invoicely", DEFAULT_BADGE_STYLE));
  assert.ok(props.badges.length >= 3, "listed, launched, featured, verified…");
  for (const shape of BADGE_SHAPES) {
    for (const mode of BADGE_MODES) {
      for (const size of BADGE_SIZES) {
        const server = await getBadges(deps, "invoicely", { shape, mode, size });
        server.badges.forEach((badge, i) => {
          const b = props.badges[i];
          const [width, height] = b.dimensions[shape][size];
          const src = b.images[shape][mode][size];
          assert.equal(
            badgeEmbedHtml(props.linkUrl, { src, alt: b.alt, width, height }),
            badge.embed_html,
          );
        });
      }
    }
  }
});

Deno.test("categories", async (t) => {
  await t.step("tree with counts", async () => {
    const html = await okPage("/categories");
    const finance = sectionOf(html, 'aria-labelledby="cat-finance"');
    assert.match(finance, /href="\/categories\/finance">Finance<\/a> <span class="count"[^>]*>3</);
    assert.match(finance, /href="\/categories\/invoicing">Invoicing <span class="count">2</);
  });
  await t.step("category page, most voted first, paginated", async () => {
    const html = await okPage("/categories/finance");
    assert.equal(titleOf(html), "Best Finance products · Launch Directory");
    assert.match(html, />Invoicely<[\s\S]*>Ledgerbox<[\s\S]*>Billwise</);
    assert.match(html, /href="\/categories\/invoicing">Invoicing/);
    const second = await okPage("/categories/finance?page=2");
    assert.match(second, /No products on this page/);
    assert.match(
      second,
      /<link rel="canonical" href="http:\/\/localhost:8000\/categories\/finance\?page=2"/,
    );
    const invoicing = await okPage("/categories/invoicing");
    assert.match(invoicing, /<a href="\/categories\/finance">Finance<\/a>/);
  });
  await t.step("errors", async () => {
    await errorPage("/categories/nope", 404, /No category &quot;nope&quot;/);
    await errorPage("/categories/finance?page=abc", 400, /Invalid page/);
    await errorPage("/categories/finance?page=0", 400);
  });
});

Deno.test("launch weeks", async (t) => {
  await t.step("this week, ranked, with navigation", async () => {
    const html = await okPage("/launches/this");
    assert.match(titleOf(html), /^Launches of 2026-W47 \(Nov 16 – 22, 2026\)/);
    assert.match(
      html,
      /<link rel="canonical" href="http:\/\/localhost:8000\/launches\/2026-11-16"/,
    );
    assert.match(
      html,
      /Rank 1">1<[\s\S]*>Invoicely<[\s\S]*Rank 2">2<[\s\S]*>Billwise<[\s\S]*Rank 3">3<[\s\S]*>Taskpilot</,
    );
    assert.match(html, new RegExp(`href="/launches/${LAST_WEEK}" rel="prev"`));
    assert.match(html, new RegExp(`href="/launches/${NEXT_WEEK}" rel="next"`));
  });
  await t.step("a past week by date, and next week's scheduled launches", async () => {
    const last = await okPage(`/launches/${LAST_WEEK}`);
    assert.match(last, />Ledgerbox</);
    assert.match(last, /votes-count">4</);
    const next = await okPage("/launches/next");
    assert.match(next, />Soonapp</);
    assert.match(next, /scheduled\. Ranking starts when the week begins/);
    assert.equal(
      await okPage(`/launches/${THIS_WEEK}`).then(titleOf),
      titleOf(await okPage("/launches/this")),
    );
  });
  await t.step("errors", async () => {
    await errorPage("/launches/1999-01-04", 404, /the calendar covers/);
    await errorPage("/launches/someday", 400, /Invalid week/);
  });
  await t.step("/launches goes to this week", async () => {
    const res = await page("/launches");
    assert.equal(res.status, 302);
  });
});

Deno.test("leaderboards", async (t) => {
  await t.step("all boards", async () => {
    const html = await okPage("/leaderboards");
    for (
      const board of [
        "community-weekly",
        "community-all-time",
        "billboard",
        "domain-rating",
        "revenue",
      ]
    ) {
      assert.match(html, new RegExp(`aria-labelledby="board-${board}"`));
    }
    assert.match(sectionOf(html, 'aria-labelledby="board-billboard"'), />Paid</);
  });
  await t.step("the billboard is labelled paid", async () => {
    const html = await okPage("/leaderboards/billboard");
    assert.match(titleOf(html), /^Billboard \(paid ranking\)/);
    assert.match(html, /class="paid-label"[^>]*>Paid</);
    assert.match(html, /Paid ranking: positions are bought/);
    assert.match(html, />Billwise<[\s\S]*\$20[\s\S]*contributed/);
  });
  await t.step("other boards", async () => {
    assert.match(
      await okPage("/leaderboards/domain-rating"),
      />Billwise<[\s\S]*>50<[\s\S]*>Invoicely<[\s\S]*>36</,
    );
    assert.match(await okPage(`/leaderboards/community-weekly?week=${LAST_WEEK}`), />Ledgerbox</);
    assert.ok(!(await okPage("/leaderboards/revenue")).includes("paid-label"));
  });
  await t.step("errors", async () => {
    await errorPage("/leaderboards/nope", 404, /No leaderboard &quot;nope&quot;/);
    await errorPage("/leaderboards/community-weekly?week=1999-01-04", 404);
  });
});

Deno.test("blog", async (t) => {
  await t.step("index", async () => {
    const html = await okPage("/blog");
    assert.match(
      html,
      />Raw HTML in Markdown<[\s\S]*>Domain Rating explained<[\s\S]*>How to launch well</,
    );
    assert.match(await okPage("/blog?q=domain"), />Domain Rating explained</);
  });
  await t.step("post with Markdown", async () => {
    const html = await okPage("/blog/how-to-launch");
    assert.equal(titleOf(html), "How to launch well · Launch Directory");
    assert.match(html, /<h2 id="launch-week">Launch week<\/h2>/);
    assert.match(html, /<p>Prepare your listing.<\/p>/);
    assert.match(html, /<summary>When\?<\/summary>/);
  });
  await t.step("raw HTML in Markdown is escaped", async () => {
    const html = await okPage("/blog/raw-html");
    assert.ok(!html.includes("<script>alert(6)"));
    assert.ok(!html.includes("<div onclick"));
    assert.ok(!/href="javascript:/i.test(html));
    assert.match(html, /&lt;script&gt;alert\(6\)&lt;\/script&gt;/);
    assert.match(html, /<a href="https:\/\/example.com\/docs" rel="noopener">good link<\/a>/);
    assert.match(html, /<strong>bold<\/strong>/);
  });
  await t.step(
    "errors",
    () => errorPage("/blog/nope", 404, /No blog post &quot;nope&quot;/).then(() => {}),
  );
});

Deno.test("founder page", async () => {
  const html = await okPage("/founders/ada-lovelace");
  assert.match(titleOf(html), /^Ada Lovelace, founder of Invoicely/);
  assert.match(html, /Builds Invoicely\./);
  assert.match(html, /href="\/listings\/invoicely">Invoicely</);
  assert.match(html, /Why we built Invoicely/);
  assert.match(html, /href="https:\/\/linkedin.com\/in\/ada" rel="noopener ugc nofollow"/);
  assert.match(await okPage("/founders/zoe-muller"), /Zoë Müller/);
  await errorPage("/founders/nope", 404, /No founder &quot;nope&quot;/);
});

Deno.test("search page", async () => {
  const html = await okPage("/search?q=invoicly");
  assert.match(titleOf(html), /^Search results for “invoicly”/);
  assert.match(html, /<meta name="robots" content="noindex"/);
  assert.match(html, /href="\/listings\/invoicely">Invoicely</);
  assert.match(html, /<input id="site-search"[^>]*value="invoicly"/);
  assert.match(await okPage("/search?q=zzzzqqqq"), /No products match “zzzzqqqq”/);
  assert.match(await okPage("/search"), /<h1>Search<\/h1>/);
  await errorPage(`/search?q=${"a".repeat(201)}`, 400, /too long/);
});

Deno.test("compare and awards pages", async () => {
  const html = await okPage("/compare?a=invoicely&b=billwise");
  assert.match(titleOf(html), /^Invoicely vs Billwise/);
  assert.match(html, /<th scope="row">Pricing model<\/th><td>Freemium<\/td><td>Subscription<\/td>/);
  assert.match(html, /Both have: Recurring invoices/);
  assert.match(await okPage("/compare?a=invoicely"), /<input name="a" value="invoicely"/);
  // A side that names nothing: the form again, saying so (tests/pages_directory_test.ts).
  const unmatched = await page("/compare?a=invoicely&b=nope");
  assert.equal(unmatched.status, 404);
  assert.match(unmatched.html, /No live product matches “nope”/);
  const awards = await okPage("/awards");
  assert.match(awards, /href="\/launches\/2026-11-09">2026-W46</);
  assert.match(awards, /#1<\/span><a href="\/listings\/ledgerbox">Ledgerbox</);
});

Deno.test("API reference", async (t) => {
  const html = await okPage("/docs/api");
  await t.step("every operation with an anchor and a table of contents entry", () => {
    assert.equal(OPERATIONS.length, 41);
    for (const op of OPERATIONS) {
      assert.ok(html.includes(`id="${op.operationId}"`), `anchor ${op.operationId}`);
      assert.ok(html.includes(`href="#${op.operationId}"`), `contents entry ${op.operationId}`);
    }
    assert.equal(html.match(/class="api-op card"/g)?.length, 41);
  });
  await t.step("introduction", () => {
    for (
      const text of [
        "http://localhost:8000/api/v1",
        "Authorization: Bearer",
        "account:read",
        "listings:write",
      ]
    ) {
      assert.ok(html.includes(text), text);
    }
    for (
      const text of [
        "insufficient_scope",
        "rate_limited",
        "total_pages",
        "has_more",
        "Idempotency-Key",
      ]
    ) {
      assert.ok(html.includes(text), text);
    }
    assert.match(html, /http:\/\/localhost:8000\/mcp/);
    assert.match(html, /2026-07-28/);
  });
  await t.step("operations: method, path, access, parameters, body, responses", () => {
    const search = sectionOf(html, 'id="search_listings"');
    assert.match(search, /method-get">GET<\/span><code>\/api\/v1\/listings<\/code>/);
    assert.match(search, /Public: no credentials needed/);
    assert.match(
      search,
      /<code>per_page<\/code><\/td><td>query<\/td><td>integer<\/td><td>no<\/td><td><ul class="constraints"><li>1 to 100<\/li><li>default: 20<\/li>/,
    );
    assert.match(search, /one of: relevance, newest, votes, trending, most_viewed, most_followed/);
    assert.match(search, /pattern <code>\^\[a-z0-9\]\[a-z0-9-\]\{0,219\}\$<\/code>/);
    const quote = sectionOf(html, 'id="quote_order"');
    assert.match(quote, /Requires scope <code>orders:write<\/code>/);
    assert.match(
      quote,
      /<code>items\[\]\.product<\/code><\/td><td>string<\/td><td><strong>yes<\/strong>/,
    );
    assert.match(quote, /1 to 20 items/);
    assert.match(quote, /status-error">401<\/dt>/);
    assert.doesNotMatch(quote, /Accepts Idempotency-Key/);
    assert.match(sectionOf(html, 'id="create_checkout"'), /Accepts Idempotency-Key/);
    const update = sectionOf(html, 'id="update_my_listing"');
    assert.match(update, /<code>fields\.founded_year<\/code><\/td><td>integer or null<\/td>/);
    assert.match(
      update,
      /<code>fields\.tagline<\/code><\/td><td>string<\/td><td>no<\/td><td><ul class="constraints"><li>at most 200 characters/,
    );
  });
});

Deno.test("unknown pages are HTML 404s, the API keeps JSON", async () => {
  await errorPage("/no/such/page", 404, /Page not found/);
  const api = await page("/api/v1/nope");
  assert.equal(api.status, 404);
  assert.match(api.type, /application\/json/);
});

Deno.test("markdown and schema helpers", () => {
  assert.equal(renderMarkdown("<b>x</b>"), "<p>&lt;b&gt;x&lt;/b&gt;</p>\n");
  assert.equal(renderMarkdown("![a](javascript:alert(1))"), "<p>a</p>\n");
  assert.equal(typeOf({ anyOf: [{ type: "integer" }, { type: "null" }] }), "integer or null");
  assert.equal(typeOf({ type: "array", items: { type: "string" } }), "array of string");
  assert.deepEqual(
    constraintsOf({ type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    ["at least 1"],
  );
  assert.deepEqual(
    schemaRows({}, {
      type: "object",
      required: ["a"],
      properties: {
        a: {
          type: "object",
          properties: { b: { type: "string", maxLength: 3 } },
          additionalProperties: false,
        },
      },
    }).map((r) => [r.path, r.type, r.required, r.constraints.join("; ")]),
    [["a", "object", true, "no other fields"], ["a.b", "string", false, "at most 3 characters"]],
  );
});

// The fixture's clock is fixed; keep the import used so a changed fixture date is noticed here.
assert.equal(NOW.toISOString().slice(0, 10), "2026-11-18");
