/**
 * The publish page on the server: the week the free plan would get (and that it is the week
 * choose_free_listing then reserves), choosing the free plan, "Check now" recording the badge
 * check, the live price endpoint answering quote_order's totals, errors at their fields, the
 * checkout redirect, CSRF, and another account's listing as the plain 404.
 */
import assert from "node:assert/strict";
import {
  bearer,
  buildFixture,
  type Fixture,
  getJson,
  listingInput,
  NOW,
  sendJson,
} from "./fixtures.ts";
import { type Browser, csrfOf, signedInBrowser } from "./accounts_fixture.ts";
import { serveProductSites, setSettings } from "./publishing_fixture.ts";
import { createListing } from "../kv/listings.ts";
import { getUserByEmail } from "../kv/users.ts";
import { FOUNDER_EMAIL } from "./dashboard_fixture.ts";
import type { Listing } from "../kv/types.ts";
import { formatMoney } from "../components/format.ts";

const STRANGER_EMAIL = "sam@elsewhere.example";
const HOME = "<p>Racer sends your invoices for you.</p>";

interface Bed {
  f: Fixture;
  sites: ReturnType<typeof serveProductSites>;
  at: (iso: string) => void;
  founder: Browser;
  /** A saved, unpublished listing of the founder whose website is a local site. */
  listing: (name: string) => Promise<Listing>;
}

async function withPublish(test: (bed: Bed) => Promise<void>) {
  const f = await buildFixture({ allowPrivateFetch: true });
  const sites = serveProductSites();
  let clock = NOW;
  f.deps.now = () => clock;
  try {
    const founder = await signedIn(f, FOUNDER_EMAIL);
    const ownerId = (await getUserByEmail(f.deps.kv, FOUNDER_EMAIL))!.id;
    const listing = async (name: string) => {
      sites.setHome(name, HOME);
      return await createListing(
        f.deps.kv,
        listingInput(name, { url: sites.url(name), owner_id: ownerId, country: "DE" }),
        NOW,
      );
    };
    await test({ f, sites, at: (iso) => clock = new Date(iso), founder, listing });
  } finally {
    await sites.close();
    f.deps.kv.close();
  }
}

const signedIn = signedInBrowser;

const pagePath = (id: number) => `/dashboard/listings/${id}/publish`;

/** Posts a form of the publish page with the page's CSRF token. */
async function postForm(
  person: Bed["founder"],
  id: number,
  suffix: string,
  fields: Record<string, string | string[]> = {},
) {
  const page = await person.get(pagePath(id));
  assert.equal(page.status, 200);
  return await person.post(`${pagePath(id)}/${suffix}`, { _csrf: csrfOf(page.html), ...fields });
}

/** Posts the live pricer's JSON with the session's cookies (and the CSRF header unless null). */
async function postQuote(
  f: Fixture,
  person: Bed["founder"],
  id: number,
  body: unknown,
  csrf: string | null,
  origin = new URL(f.deps.config.publicUrl).origin,
) {
  const cookie = [...person.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const headers: Record<string, string> = { "content-type": "application/json", cookie, origin };
  if (csrf !== null) headers["x-csrf-token"] = csrf;
  const res = await f.app.request(`${pagePath(id)}/quote`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  const type = res.headers.get("content-type") ?? "";
  return { status: res.status, body: type.includes("json") ? await res.json() : await res.text() };
}

async function csrfOfPage(person: Bed["founder"], id: number) {
  return csrfOf((await person.get(pagePath(id))).html);
}

const mine = (f: Fixture, id: number) =>
  getJson(f.app, `/api/v1/me/listings/${id}`, { headers: bearer(f.keys.owner) });

/** The text of the page without tags, spaces collapsed. */
const textOf = (html: string) =>
  html.replace(/<[^>]+>/g, " ").replace(/&amp;/g, "&").replace(/\s+/g, " ");

Deno.test("publish page: the free plan's week and queue place are the ones choosing it reserves", async () => {
  await withPublish(async ({ f, founder, listing }) => {
    // One free launch a week: the first window week is taken by another listing of the founder.
    await setSettings(f.deps.kv, { free_slots_per_week: 1 });
    const first = await listing("First Racer");
    const taken = await sendJson(
      f.app,
      "POST",
      `/api/v1/me/listings/${first.id}/free`,
      undefined,
      bearer(f.keys.owner),
    );
    assert.equal(taken.status, 200, JSON.stringify(taken.body));
    assert.equal(taken.body.free_plan.week, "2026-12-28");

    const racer = await listing("Racer");
    const page = await founder.get(pagePath(racer.id));
    assert.equal(page.status, 200);
    const text = textOf(page.html);
    assert.match(
      text,
      /You would get the week of Jan 4 – 10, 2027 \(2027-W01\), number 1 in its queue/,
    );
    assert.match(page.html, /<h1>Publish Racer<\/h1>/);
    assert.match(page.html, /aria-current="page"[^>]*>Publish</);
    assert.match(text, /What the badge check looks for/);

    const chosen = await postForm(founder, racer.id, "free");
    assert.equal(chosen.status, 303);
    const after = await mine(f, racer.id);
    assert.equal(after.body.status, "awaiting_badge");
    assert.equal(after.body.free_plan.week, "2027-01-04");
    assert.equal(after.body.free_plan.queue_position, 1);

    // Every week of the window full: the page says so and offers no free button.
    await setSettings(f.deps.kv, { free_slots_per_week: 0 });
    const full = await founder.get(pagePath((await listing("Late Racer")).id));
    assert.match(textOf(full.html), /Every free week from Dec 28, 2026 to Jan 11, 2027 is full/);
    assert.doesNotMatch(full.html, /Choose the free plan/);
  });
});

Deno.test("publish page: choose the free plan, then Check now records the badge check", async () => {
  await withPublish(async ({ f, sites, at, founder, listing }) => {
    const racer = await listing("Racer");
    const chosen = await postForm(founder, racer.id, "free");
    assert.equal(chosen.status, 303);
    assert.equal(chosen.headers.get("location"), pagePath(racer.id));

    const page = await founder.get(pagePath(racer.id));
    const text = textOf(page.html);
    assert.match(text, /Reserved: the week of Dec 28, 2026 – Jan 3, 2027 \(2026-W53\), number 1/);
    assert.match(text, /Last check .*Not found: No link to/);
    const embed = (await mine(f, racer.id)).body.free_plan.badge.embed_html as string;
    assert.ok(page.html.includes('data-island="CopySecret"'));
    assert.ok(page.html.includes("Badge embed HTML"));
    assert.match(page.html, />Check now</);

    // The founder puts the badge on the homepage and checks an hour later.
    sites.setHome("Racer", HOME + embed);
    at("2026-11-18T13:00:00Z");
    const checked = await postForm(founder, racer.id, "free");
    assert.equal(checked.status, 303);
    const after = await mine(f, racer.id);
    assert.equal(after.body.status, "scheduled");
    assert.equal(after.body.badge_check.status, "found");
    assert.equal(after.body.badge_check.checked_at, "2026-11-18T13:00:00.000Z");
    const shown = textOf((await founder.get(pagePath(racer.id))).html);
    assert.match(
      shown,
      /Last check \( Nov 18, 2026 13:00 UTC \): Found: your homepage links to us/,
    );
    assert.match(
      shown,
      /Scheduled \(free plan\): goes live when the week of Dec 28, 2026 – Jan 3, 2027 begins/,
    );
  });
});

Deno.test("publish page: the live price answers quote_order's totals; bad values at their fields", async () => {
  await withPublish(async ({ f, founder, listing }) => {
    const racer = await listing("Racer");
    const csrf = await csrfOfPage(founder, racer.id);
    const selection = {
      week: "2026-12-07",
      extras: ["done_for_you", "ai_review"],
      billing_country: "FR",
      vat_number: "",
    };
    const live = await postQuote(f, founder, racer.id, selection, csrf);
    assert.equal(live.status, 200, JSON.stringify(live.body));
    const rest = await sendJson(f.app, "POST", "/api/v1/orders/quote", {
      items: [
        { product: "launch", listing_id: racer.id, week: "2026-12-07" },
        { product: "done_for_you", listing_id: racer.id },
        { product: "ai_review", listing_id: racer.id },
      ],
      billing_country: "FR",
    }, bearer(f.keys.owner));
    assert.equal(rest.status, 200);
    for (const key of ["subtotal_cents", "vat_cents", "total_cents"]) {
      assert.equal(live.body.quote[key], rest.body[key], key);
    }
    assert.deepEqual(live.body.quote.vat, rest.body.vat);
    assert.equal(live.body.quote.vat.rate_percent, 20);

    // A week that is not a Monday: 400 at the week field, in the API's words.
    const badWeek = await postQuote(
      f,
      founder,
      racer.id,
      { ...selection, week: "2026-12-08" },
      csrf,
    );
    assert.equal(badWeek.status, 400);
    assert.match(badWeek.body.fields.week, /is not a Monday/);
    const form = await postForm(founder, racer.id, "launch", {
      ...selection,
      week: "2026-12-08",
      action: "quote",
    });
    assert.equal(form.status, 400);
    assert.match(
      form.html,
      /id="pricer-week-error"[^>]*>Week (&quot;|")2026-12-08(&quot;|") is not a Monday/,
    );

    // Without JavaScript, "Update price" answers the page with the server's quote.
    const updated = await postForm(founder, racer.id, "launch", { ...selection, action: "quote" });
    assert.equal(updated.status, 200);
    const priced = textOf(updated.html);
    assert.match(priced, /VAT 20 % .*VAT 20 %: the standard rate of France/);
    assert.ok(
      priced.includes(`Total (USD) ${formatMoney(rest.body.total_cents)} `),
      priced.slice(-2000),
    );

    // The billboard (free listings): an amount below the minimum, and one that is not a number.
    await postForm(founder, racer.id, "free");
    const csrf2 = await csrfOfPage(founder, racer.id);
    const board = { week: "now", extras: ["billboard_min"], billing_country: "DE" };
    const low = await postQuote(f, founder, racer.id, { ...board, amount: "1" }, csrf2);
    assert.equal(low.status, 400);
    assert.match(low.body.fields.amount, /below the billboard minimum/);
    const junk = await postQuote(f, founder, racer.id, { ...board, amount: "lots" }, csrf2);
    assert.equal(junk.status, 400);
    assert.match(junk.body.fields.amount, /Enter an amount in dollars/);
    const ok = await postQuote(f, founder, racer.id, { ...board, amount: "25" }, csrf2);
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(
      ok.body.quote.lines.find((l: { product: string }) => l.product === "billboard_min")
        .total_cents,
      2500,
    );
  });
});

Deno.test("publish page: Continue to checkout creates the order and answers 303 to its checkout_url", async () => {
  await withPublish(async ({ f, founder, listing }) => {
    const racer = await listing("Racer");
    const res = await postForm(founder, racer.id, "launch", {
      week: "now",
      extras: ["ai_review"],
      billing_country: "DE",
      action: "checkout",
    });
    assert.equal(res.status, 303, res.html.slice(0, 300));
    const location = res.headers.get("location") ?? "";
    const orders = await getJson(f.app, "/api/v1/orders", { headers: bearer(f.keys.owner) });
    const order = orders.body.items[0];
    assert.equal(order.status, "pending");
    assert.deepEqual(order.lines.map((l: { product: string }) => l.product), [
      "launch",
      "ai_review",
    ]);
    assert.ok(
      location.startsWith(`${f.deps.config.publicUrl}/checkout/${order.number}?key=`),
      location,
    );
    const checkout = await founder.get(new URL(location).pathname + new URL(location).search);
    assert.equal(checkout.status, 200);
  });
});

Deno.test("publish page: every post checks CSRF", async () => {
  await withPublish(async ({ f, founder, listing }) => {
    const racer = await listing("Racer");
    const noToken = await founder.post(`${pagePath(racer.id)}/free`, {});
    assert.equal(noToken.status, 403);
    const wrong = await founder.post(`${pagePath(racer.id)}/launch`, {
      _csrf: "x",
      action: "checkout",
      week: "now",
    });
    assert.equal(wrong.status, 403);
    assert.equal((await mine(f, racer.id)).body.status, "draft");
    const csrf = await csrfOfPage(founder, racer.id);
    const quoteless = await postQuote(f, founder, racer.id, { week: "now" }, null);
    assert.equal(quoteless.status, 403);
    assert.equal(quoteless.body.error.code, "forbidden");
    const elsewhere = await postQuote(
      f,
      founder,
      racer.id,
      { week: "now" },
      csrf,
      "https://evil.example",
    );
    assert.equal(elsewhere.status, 403);
    const good = await postQuote(f, founder, racer.id, { week: "now" }, csrf);
    assert.equal(good.status, 200);
  });
});

Deno.test("publish page: another account's listing, or an unknown one, is the plain 404", async () => {
  await withPublish(async ({ f, founder, listing }) => {
    const racer = await listing("Racer");
    const stranger = await signedIn(f, STRANGER_EMAIL);
    for (const path of [pagePath(racer.id), pagePath(999_999), "/dashboard/listings/abc/publish"]) {
      const res = await stranger.get(path);
      assert.equal(res.status, 404, path);
      assert.match(res.html, /<h1>Page not found<\/h1>/);
      assert.doesNotMatch(res.html, /Racer/);
    }
    const own = await stranger.get("/account");
    const csrf = /name="_csrf" value="([^"]+)"/.exec(own.html)?.[1] ?? "";
    const chose = await stranger.post(`${pagePath(racer.id)}/free`, { _csrf: csrf });
    assert.equal(chose.status, 404);
    const quote = await postQuote(f, stranger, racer.id, { week: "now" }, csrf);
    assert.equal(quote.status, 404);
    assert.equal((await mine(f, racer.id)).body.status, "draft");
    // The founder's own page opens.
    assert.equal((await founder.get(pagePath(racer.id))).status, 200);
  });
});
