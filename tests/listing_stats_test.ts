/**
 * Measuring a listing: the daily counters (views, votes, follows on the day the clock says),
 * website clicks through `/go/:slug` (once per visitor per day, a 302, the 404 page otherwise),
 * badge image loads and badge clicks through the embed link, the owner's stats page (numbers and
 * one SVG per metric, 404 for another account), the launch-day figures on the week page, and the
 * stats page in Chromium at 1280 and 390 pixels.
 */
import assert from "node:assert/strict";
import { buildFixture, type Fixture, LAST_WEEK, NEXT_WEEK, NOW, THIS_WEEK } from "./fixtures.ts";
import { signedInBrowser } from "./accounts_fixture.ts";
import {
  FOUNDER_EMAIL,
  screenshots,
  signInThroughPages,
  withDashboard,
} from "./dashboard_fixture.ts";
import { castVote, followListing, recordView } from "../kv/listing_stats.ts";
import { countEvent, countEventOnce } from "../kv/listing_daily.ts";
import { listingMeasures } from "../services/directory/mod.ts";
import { findServiceLink } from "../services/publishing/badge_check.ts";

const STRANGER_EMAIL = "sam@elsewhere.example";
const LOCAL = { remoteAddr: { hostname: "203.0.113.7", port: 50_000, transport: "tcp" } };

/** A GET as one visitor (told apart by their browser's user agent). */
function visit(f: Fixture, path: string, agent: string, headers: Record<string, string> = {}) {
  return f.app.request(path, { headers: { "user-agent": agent, ...headers } }, LOCAL);
}

/** The count of `metric` on `day` (from the stats reader) and its all-time total. */
async function countOf(f: Fixture, metric: string, day: string) {
  const measures = await listingMeasures(f.deps, f.listings.invoicely.id);
  const series = measures.metrics.find((m) => m.metric === metric);
  assert.ok(series, `No metric ${metric}`);
  const i = measures.days.indexOf(day);
  assert.ok(i >= 0, `${day} is not in the last 30 days`);
  return { day: series.daily[i], total: series.total, period: series.period_total };
}

const person = signedInBrowser;

function setClock(f: Fixture, iso: string) {
  const at = new Date(iso);
  f.deps.now = () => at;
}

async function withFixture(test: (f: Fixture) => Promise<void>) {
  const f = await buildFixture();
  try {
    await test(f);
  } finally {
    f.deps.kv.close();
  }
}

Deno.test("views, votes and follows land in the daily series on the clock's day", async () => {
  await withFixture(async (f) => {
    const id = f.listings.invoicely.id;
    setClock(f, "2026-11-20T10:00:00Z");
    const measures = await listingMeasures(f.deps, id);
    assert.equal(measures.days.length, 30);
    assert.equal(measures.days[0], "2026-10-22");
    assert.equal(measures.days[29], "2026-11-20");
    assert.deepEqual(await countOf(f, "votes", "2026-11-17"), { day: 5, total: 5, period: 5 });

    for (const agent of ["reader-a", "reader-a", "reader-b"]) {
      assert.equal((await visit(f, "/listings/invoicely", agent)).status, 200);
    }
    assert.ok(await castVote(f.deps.kv, id, "voter-new", f.deps.now()));
    await followListing(f.deps.kv, id, "follower-1", f.deps.now());
    await followListing(f.deps.kv, id, "follower-1", f.deps.now()); // already following
    assert.equal((await countOf(f, "views", "2026-11-20")).day, 2);
    assert.deepEqual(await countOf(f, "votes", "2026-11-20"), { day: 1, total: 6, period: 6 });
    assert.deepEqual(await countOf(f, "follows", "2026-11-20"), { day: 1, total: 1, period: 1 });

    setClock(f, "2026-11-21T00:30:00Z");
    await visit(f, "/listings/invoicely", "reader-a"); // a new day counts the same visitor again
    assert.equal((await countOf(f, "views", "2026-11-21")).day, 1);
    assert.equal((await countOf(f, "views", "2026-11-20")).day, 2);
    assert.equal((await countOf(f, "views", "2026-11-21")).total, 3);
  });
});

Deno.test("/go/:slug counts a website click once per visitor per day and redirects", async () => {
  await withFixture(async (f) => {
    setClock(f, "2026-11-20T10:00:00Z");
    for (const agent of ["clicker-a", "clicker-a", "clicker-b"]) {
      const res = await visit(f, "/go/invoicely", agent);
      assert.equal(res.status, 302);
      assert.equal(res.headers.get("location"), "https://invoicely.example/");
      assert.equal(res.headers.get("cache-control"), "no-store");
      assert.match(res.headers.get("x-robots-tag") ?? "", /noindex/);
    }
    assert.deepEqual(await countOf(f, "website_clicks", "2026-11-20"), {
      day: 2,
      total: 2,
      period: 2,
    });
    setClock(f, "2026-11-21T09:00:00Z");
    assert.equal((await visit(f, "/go/invoicely", "clicker-a")).status, 302);
    assert.equal((await countOf(f, "website_clicks", "2026-11-21")).day, 1);

    for (const slug of ["no-such-listing", "draftapp"]) {
      const res = await visit(f, `/go/${slug}`, "clicker-a");
      assert.equal(res.status, 404, slug);
      assert.match(res.headers.get("content-type") ?? "", /text\/html/);
      assert.match(await res.text(), /<h1/);
    }

    // The listing page's website button goes through the redirect (sponsored: a paid listing).
    const page = await (await visit(f, "/listings/invoicely", "clicker-a")).text();
    assert.match(page, /<a class="button" href="\/go\/invoicely" rel="sponsored noopener"/);
    assert.ok(!page.includes('href="https://invoicely.example/" rel='));

    // Nothing personal is kept: neither the address nor the user agent, in keys or values.
    for await (const entry of f.deps.kv.list({ prefix: [] })) {
      const text = JSON.stringify(entry.key) +
        JSON.stringify(entry.value, (_, v) => typeof v === "bigint" ? String(v) : v);
      assert.ok(!text.includes("203.0.113.7") && !text.includes("clicker-"), text);
    }
  });
});

Deno.test("badge image loads and badge clicks through the embed link count", async () => {
  await withFixture(async (f) => {
    setClock(f, "2026-11-20T10:00:00Z");
    const set = await (await f.app.request("/api/v1/listings/invoicely/badges")).json();
    const badge = set.badges[0];
    const image = new URL(badge.image_url);
    const first = await visit(f, image.pathname + image.search, "page-a");
    assert.equal(first.status, 200);
    assert.equal(first.headers.get("cache-control"), "public, no-cache");
    const etag = first.headers.get("etag")!;
    await first.body?.cancel();
    const again = await visit(f, image.pathname + image.search, "page-a", {
      "if-none-match": etag,
    });
    assert.equal(again.status, 304); // a revalidated image is still a load
    const missing = await visit(f, "/badges/invoicely/no-such-badge.svg", "page-a");
    assert.equal(missing.status, 404);
    await missing.body?.cancel();
    assert.deepEqual(await countOf(f, "badge_loads", "2026-11-20"), {
      day: 2,
      total: 2,
      period: 2,
    });

    // The embed code links to the listing page with ?ref=badge; the badge check accepts it.
    const href = /<a href="([^"]+)"/.exec(badge.embed_html)?.[1] ?? "";
    assert.equal(href, `${f.deps.config.publicUrl}/listings/invoicely?ref=badge`);
    const homepage = `<html><body>${badge.embed_html}</body></html>`;
    assert.equal(
      await findServiceLink(homepage, "https://invoicely.example/", f.deps.config.publicUrl),
      href,
    );
    const link = new URL(href);
    for (const agent of ["fan-a", "fan-a", "fan-b"]) {
      const res = await visit(f, link.pathname + link.search, agent);
      assert.equal(res.status, 200);
      const html = await res.text();
      assert.match(html, /<link rel="canonical" href="[^"]*\/listings\/invoicely"/);
    }
    assert.equal((await countOf(f, "badge_clicks", "2026-11-20")).day, 2);
    assert.equal((await countOf(f, "views", "2026-11-20")).day, 2);
    await visit(f, "/listings/invoicely", "fan-c"); // without ?ref, a view but no badge click
    assert.equal((await countOf(f, "badge_clicks", "2026-11-20")).total, 2);
  });
});

Deno.test("the stats page shows each metric's numbers and chart to the owner only", async () => {
  await withFixture(async (f) => {
    const id = f.listings.invoicely.id;
    const path = `/dashboard/listings/${id}/stats`;
    setClock(f, "2026-11-20T10:00:00Z");
    for (const agent of ["s-a", "s-b", "s-c"]) await visit(f, "/go/invoicely", agent);
    await visit(f, "/listings/invoicely", "s-a");

    const anon = await person(f, null);
    const out = await anon.get(path);
    assert.equal(out.status, 303);
    assert.equal(out.headers.get("location"), `/signin?next=${encodeURIComponent(path)}`);

    const owner = await person(f, FOUNDER_EMAIL);
    const page = await owner.get(path);
    assert.equal(page.status, 200, page.html.slice(0, 300));
    const html = page.html;
    assert.match(html, /<h1>Stats: Invoicely<\/h1>/);
    assert.match(html, /<title>Stats: Invoicely/);
    assert.match(html, new RegExp(`href="${path}" aria-current="page"`));
    assert.match(html, /Oct 22, 2026 to Nov 20, 2026/);
    assert.equal(html.match(/<svg class="stats-chart"/g)?.length, 6);
    assert.equal(html.match(/<details class="stats-days">/g)?.length, 6);
    const card = (label: string) => {
      const m = new RegExp(`<h2 id="[^"]+">${label}</h2>([\\s\\S]*?)</section>`).exec(html);
      assert.ok(m, `No ${label} card`);
      return m[1];
    };
    const totals = (label: string) =>
      [...card(label).matchAll(/<dd>([\d,]+)<\/dd>/g)].map((m) => m[1]);
    assert.deepEqual(totals("Website clicks"), ["3", "3"]);
    assert.deepEqual(totals("Votes"), ["5", "5"]);
    assert.deepEqual(totals("Views"), ["1", "1"]);
    assert.deepEqual(totals("Followers"), ["0", "0"]);
    assert.deepEqual(totals("Badge image loads"), ["0", "0"]);
    assert.deepEqual(totals("Badge clicks"), ["0", "0"]);
    const clicks = card("Website clicks");
    assert.match(clicks, /<title id="stats-website-clicks-title">Website clicks per day from/);
    assert.match(clicks, /at most 3 a day<\/title>/);
    assert.match(
      clicks,
      /<th scope="row"><time datetime="2026-11-20">Nov 20<\/time><\/th><td>3<\/td>/,
    );
    assert.match(card("Votes"), /<time datetime="2026-11-17">Nov 17<\/time><\/th><td>5<\/td>/);
    assert.match(page.headers.get("cache-control") ?? "", /no-store/);

    assert.equal((await (await person(f, STRANGER_EMAIL)).get(path)).status, 404);
    assert.equal(
      (await owner.get(`/dashboard/listings/${f.listings.billwise.id}/stats`)).status,
      404,
    );
    assert.equal((await owner.get("/dashboard/listings/abc/stats")).status, 404);
  });
});

Deno.test("the week page shows each live launch's launch-day figures", async () => {
  await withFixture(async (f) => {
    setClock(f, "2026-11-16T12:00:00Z"); // invoicely went live at 08:00 that Monday
    await visit(f, "/listings/invoicely", "early-a");
    await visit(f, "/go/invoicely", "early-a");
    await castVote(f.deps.kv, f.listings.invoicely.id, "early-voter", f.deps.now());
    setClock(f, NOW.toISOString());

    const week = await (await visit(f, `/launches/${THIS_WEEK}`, "w")).text();
    const row = (name: string) => {
      const m = new RegExp(`>${name}</a>([\\s\\S]*?)</li>`).exec(week);
      assert.ok(m, `No row for ${name}`);
      return m[1];
    };
    assert.match(row("Invoicely"), /Launch day \(Nov 16\): 1 vote · 1 view · 1 website click</);
    assert.match(row("Taskpilot"), /Launch day \(Nov 18\): 1 vote · 0 views · 0 website clicks/);
    const last = await (await visit(f, `/launches/${LAST_WEEK}`, "w")).text();
    assert.match(last, /Launch day \(Nov 9\): 0 votes · 0 views · 0 website clicks/);
    const next = await (await visit(f, `/launches/${NEXT_WEEK}`, "w")).text();
    assert.ok(next.includes("Soonapp") && !next.includes("Launch day"));
  });
});

Deno.test("the stats page in Chromium at 1280 and 390 pixels", async () => {
  await withDashboard(async (bed) => {
    const id = bed.fixture.listings.invoicely.id;
    const path = `/dashboard/listings/${id}/stats`;
    const kv = bed.deps.kv;
    for (let day = 0; day < 30; day++) {
      const at = new Date(NOW.getTime() - day * 86_400_000);
      for (let k = 0; k < (day * 7) % 11; k++) {
        await recordView(kv, id, `reader-${day}-${k}`, at);
        if (k % 3 === 0) await countEventOnce(kv, id, "website_clicks", `r-${day}-${k}`, at);
        if (k % 2 === 0) await countEvent(kv, id, "badge_loads", at);
      }
    }
    const { page, errors } = await bed.open();
    await signInThroughPages(bed, page, FOUNDER_EMAIL, path);
    await page.getByRole("heading", { level: 1, name: "Stats: Invoicely" }).waitFor();
    await page.locator("svg.stats-chart").nth(5).waitFor();
    assert.equal(await page.locator("svg.stats-chart").count(), 6);
    await page.getByText("Votes: daily numbers").click();
    await page.getByRole("row", { name: "Nov 17 5" }).waitFor();
    await screenshots(page, "listing-stats");
    assert.deepEqual(errors, []);
  });
});
