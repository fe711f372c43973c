/**
 * The trophy_cabinet product: bought through create_checkout, paid and fulfilled, it opens the
 * listing's cabinet page and embeddable widget with the chosen theme, headline and places; only
 * the widget may be framed by other websites; fulfilling again changes nothing.
 */
import assert from "node:assert/strict";
import { bearer, buildFixture, type Fixture, LAST_WEEK, NOW, sendJson } from "./fixtures.ts";
import { getListing, updateListing } from "../kv/listings.ts";
import { putWeekAwards } from "../kv/awards.ts";
import { getOrder } from "../kv/orders.ts";
import { getUserByEmail } from "../kv/users.ts";
import type { Listing } from "../kv/types.ts";
import { fulfilOrder, payTestOrder } from "../services/commerce/mod.ts";

/** An earlier week in which ledgerbox came second. */
const EARLIER_WEEK = "2026-11-02";

/** The fixture, with ledgerbox (Launch of the Week #1 last week, free plan) owned by the owner and a #2. */
async function withCabinet(test: (f: Fixture, ledgerbox: Listing) => Promise<void>) {
  const f = await buildFixture();
  try {
    const ownerId = (await getUserByEmail(f.deps.kv, "ada@invoicely.example"))!.id;
    const ledgerbox = (await updateListing(
      f.deps.kv,
      f.listings.ledgerbox.id,
      () => ({ owner_id: ownerId, plan: "free" }),
      NOW,
    ))!;
    assert.ok(
      await putWeekAwards(f.deps.kv, EARLIER_WEEK, [
        {
          week: EARLIER_WEEK,
          place: 1,
          listing_id: f.listings.invoicely.id,
          votes: 9,
          awarded_at: NOW.toISOString(),
        },
        {
          week: EARLIER_WEEK,
          place: 2,
          listing_id: ledgerbox.id,
          votes: 7,
          awarded_at: NOW.toISOString(),
        },
      ]),
    );
    await test(f, ledgerbox);
  } finally {
    f.deps.kv.close();
  }
}

/** Orders, pays and fulfils a trophy cabinet for ledgerbox; answers the order number. */
async function buyCabinet(f: Fixture, ledgerbox: Listing, options?: Record<string, unknown>) {
  const item = { product: "trophy_cabinet", listing_id: ledgerbox.id, ...(options && { options }) };
  const res = await sendJson(
    f.app,
    "POST",
    "/api/v1/orders/checkout",
    { items: [item] },
    bearer(f.keys.owner),
  );
  assert.equal(res.status, 201, JSON.stringify(res.body));
  await payTestOrder(f.deps, res.body.number);
  await fulfilOrder(f.deps, res.body.number);
  return res.body.number as string;
}

async function page(f: Fixture, path: string) {
  const res = await f.app.request(path);
  return { status: res.status, headers: res.headers, html: await res.text() };
}

Deno.test("trophy cabinet: 404 before purchase, and for a listing whose page is not public", async () => {
  await withCabinet(async (f, ledgerbox) => {
    for (const path of ["/trophies/ledgerbox", "/trophies/ledgerbox/embed"]) {
      const res = await page(f, path);
      assert.equal(res.status, 404, path);
      assert.match(res.html, /No trophy cabinet for listing &quot;ledgerbox&quot;/);
      assert.equal(res.headers.get("x-frame-options"), "DENY", path);
      assert.equal(res.headers.get("content-security-policy"), null, path);
    }
    assert.equal(ledgerbox.trophy_cabinet, null);
    // A cabinet on a draft stays hidden: the listing's page is not public.
    await updateListing(f.deps.kv, f.listings.draftapp.id, () => ({
      trophy_cabinet: {
        theme: "classic",
        show_runner_up: false,
        headline: null,
        since: NOW.toISOString(),
      },
    }), NOW);
    assert.equal((await page(f, "/trophies/draftapp")).status, 404);
    assert.equal((await page(f, "/trophies/draftapp/embed")).status, 404);
  });
});

Deno.test("trophy cabinet: the page shows the #1 award, the headline and the theme; only the widget may be framed", async () => {
  await withCabinet(async (f, ledgerbox) => {
    const number = await buyCabinet(f, ledgerbox, {
      theme: "dark",
      headline: "Voted best of the week",
    });
    const order = (await getOrder(f.deps.kv, number))!;
    assert.equal(order.lines[0].fulfilled, true);
    assert.match(order.lines[0].result!, /\/trophies\/ledgerbox \(dark theme, #1 places\)/);
    assert.deepEqual(
      { ...(await getListing(f.deps.kv, ledgerbox.id))!.trophy_cabinet },
      {
        theme: "dark",
        show_runner_up: false,
        headline: "Voted best of the week",
        since: NOW.toISOString(),
      },
    );

    const cabinet = await page(f, "/trophies/ledgerbox");
    assert.equal(cabinet.status, 200);
    assert.match(cabinet.html, /<h2>Voted best of the week<\/h2>/);
    assert.match(cabinet.html, /class="trophy-cabinet theme-dark"/);
    assert.match(cabinet.html, /\.trophy-cabinet\.theme-dark\{--tc-bg:#15171c/);
    assert.match(cabinet.html, /Launch of the Week #1/);
    assert.ok(cabinet.html.includes(`week 2026-W46 (from ${LAST_WEEK})`));
    assert.ok(!cabinet.html.includes("Launch of the Week #2"), "runner-up places are hidden");
    assert.ok(!cabinet.html.includes(EARLIER_WEEK));
    assert.match(cabinet.html, /href="http:\/\/localhost:8000\/listings\/ledgerbox"/);
    assert.match(
      cabinet.html,
      /<pre class="embed-snippet"><code>&lt;iframe src=(&quot;|")http:\/\/localhost:8000\/trophies\/ledgerbox\/embed/,
    );
    assert.equal(cabinet.headers.get("x-frame-options"), "DENY");
    assert.equal(cabinet.headers.get("content-security-policy"), null);

    const embed = await page(f, "/trophies/ledgerbox/embed");
    assert.equal(embed.status, 200);
    assert.equal(embed.headers.get("content-security-policy"), "frame-ancestors *");
    assert.equal(embed.headers.get("x-frame-options"), null);
    assert.equal(embed.headers.get("cache-control"), "public, max-age=300");
    assert.match(embed.html, /^<!DOCTYPE html><html lang="en">/);
    assert.ok(!/\/static\/styles\./.test(embed.html), "the widget has no site layout");
    assert.match(embed.html, /class="trophy-cabinet theme-dark"/);
    assert.match(embed.html, /Launch of the Week #1/);
    assert.match(embed.html, /target="_blank"/);

    for (const other of ["/awards", "/listings/ledgerbox", "/trophies/ledgerbox/embed/x"]) {
      const res = await f.app.request(other);
      await res.body?.cancel();
      assert.equal(res.headers.get("x-frame-options"), "DENY", other);
      assert.equal(res.headers.get("content-security-policy"), null, other);
    }
  });
});

Deno.test("trophy cabinet: fulfilling the order again changes nothing more", async () => {
  await withCabinet(async (f, ledgerbox) => {
    const number = await buyCabinet(f, ledgerbox, { headline: "Once" });
    const listing = await getListing(f.deps.kv, ledgerbox.id);
    const order = await getOrder(f.deps.kv, number);
    f.deps.now = () => new Date(NOW.getTime() + 3_600_000);
    await fulfilOrder(f.deps, number);
    assert.deepEqual(await getListing(f.deps.kv, ledgerbox.id), listing);
    assert.deepEqual(await getOrder(f.deps.kv, number), order);
  });
});

Deno.test("trophy cabinet: defaults without options; a second purchase updates the options and keeps the date", async () => {
  await withCabinet(async (f, ledgerbox) => {
    await buyCabinet(f, ledgerbox);
    const first = await page(f, "/trophies/ledgerbox");
    assert.equal(first.status, 200);
    assert.match(first.html, /class="trophy-cabinet theme-classic"/);
    assert.match(first.html, /<h2>Ledgerbox(&#39;|')s trophies<\/h2>/);
    assert.ok(!first.html.includes("Launch of the Week #2"));

    const later = new Date(NOW.getTime() + 24 * 3_600_000);
    f.deps.now = () => later;
    await buyCabinet(f, ledgerbox, {
      theme: "minimal",
      show_runner_up: true,
      headline: "All our places",
    });
    assert.deepEqual(
      { ...(await getListing(f.deps.kv, ledgerbox.id))!.trophy_cabinet },
      {
        theme: "minimal",
        show_runner_up: true,
        headline: "All our places",
        since: NOW.toISOString(),
      },
    );
    const second = await page(f, "/trophies/ledgerbox");
    assert.match(second.html, /class="trophy-cabinet theme-minimal"/);
    assert.match(second.html, /<h2>All our places<\/h2>/);
    assert.match(second.html, /Launch of the Week #1/);
    assert.match(second.html, /Launch of the Week #2/);
    assert.ok(second.html.includes(`week 2026-W45 (from ${EARLIER_WEEK})`));
    // Newest week first.
    assert.ok(second.html.indexOf(LAST_WEEK) < second.html.indexOf(EARLIER_WEEK));
  });
});
