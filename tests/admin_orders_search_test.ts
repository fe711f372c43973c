/**
 * The site team's order search: by number (exact or prefix), account email and listing (slug or
 * id), the status filter, paging newest first past 500 orders, and the backfill that indexes
 * orders stored before the indexes existed.
 */
import assert from "node:assert/strict";
import * as keys from "../kv/keys.ts";
import {
  backfillOrderIndexes,
  orderIndexesReady,
  pageOrders,
  writeNewOrder,
} from "../kv/orders.ts";
import type { Order } from "../kv/types.ts";
import { getOrder } from "../kv/orders.ts";
import { payTestOrder } from "../services/commerce/mod.ts";
import { type Browser, csrfOf, signedInBrowser } from "./accounts_fixture.ts";
import { NOW } from "./fixtures.ts";
import {
  type OrderBed,
  restCheckout,
  TEAM_EMAIL,
  weekAhead,
  withOrderBed,
} from "./orders_fixture.ts";

const rows = (html: string) => [...html.matchAll(/data-order="([^"]+)"/g)].map((m) => m[1]);
const nextLink = (html: string) =>
  /<a class="button button-ghost" rel="next" href="([^"]+)"/.exec(html)?.[1].replaceAll(
    "&amp;",
    "&",
  );

async function checkout(bed: OrderBed, listingId: number, key: string, week?: string) {
  const res = await restCheckout(bed.f, {
    items: [{ product: "launch", listing_id: listingId, ...(week ? { week } : {}) }],
    billing_country: "DE",
  }, key);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.number as string;
}

/** `count` orders like `template`, a minute apart going back from it, written fast. */
async function manyOrders(bed: OrderBed, template: Order, count: number): Promise<Order[]> {
  const statuses = ["paid", "expired", "canceled"] as const;
  const orders = Array.from({ length: count }, (_, i): Order => {
    const at = new Date(NOW.getTime() - (i + 1) * 60_000).toISOString();
    return {
      ...structuredClone(template),
      number: `LD-20261117-B${String(i).padStart(5, "0")}`,
      status: statuses[i % 3],
      holds: [],
      created_at: at,
      updated_at: at,
    };
  });
  for (let i = 0; i < orders.length; i += 50) {
    const op = bed.f.deps.kv.atomic();
    for (const o of orders.slice(i, i + 50)) writeNewOrder(op, o);
    assert.ok((await op.commit()).ok);
  }
  return orders;
}

/** Follows the "Next" links from `path`; every order number shown, page by page. */
async function allPages(team: Browser, path: string): Promise<string[][]> {
  const pages: string[][] = [];
  let next: string | undefined = path;
  while (next) {
    const page = await team.get(next);
    assert.equal(page.status, 200, next);
    pages.push(rows(page.html));
    next = nextLink(page.html);
  }
  return pages;
}

Deno.test("search by order number (exact or prefix), account email, and listing slug or id", async () => {
  await withOrderBed(async (bed) => {
    const mine = await checkout(bed, bed.fresh.id, bed.f.keys.owner, weekAhead(2));
    const theirs = await checkout(bed, bed.theirs.id, bed.f.keys.stranger);
    await payTestOrder(bed.f.deps, theirs);
    const team = await signedInBrowser(bed.f, TEAM_EMAIL);
    const search = async (q: string, status = "") =>
      rows((await team.get(`/admin/orders?q=${encodeURIComponent(q)}&status=${status}`)).html);

    assert.deepEqual(await search(mine), [mine]);
    assert.deepEqual(await search(mine.toLowerCase()), [mine], "case does not matter");
    assert.deepEqual(new Set(await search("LD-20261118")), new Set([mine, theirs]));
    assert.deepEqual(await search("LD-20261119"), []);
    assert.deepEqual(await search("ada@invoicely.example"), [mine]);
    assert.deepEqual(await search("  SAM@elsewhere.example "), [theirs]);
    assert.deepEqual(await search("nobody@nowhere.example"), []);
    assert.deepEqual(await search("freshapp"), [mine]);
    assert.deepEqual(await search(String(bed.theirs.id)), [theirs]);
    assert.deepEqual(await search("no-such-listing"), []);
    assert.deepEqual(await search("LD-20261118", "paid"), [theirs]);
    assert.deepEqual(await search("sam@elsewhere.example", "pending"), []);
    assert.deepEqual(await search(mine, "paid"), [], "the exact number still honours the status");

    const page = await team.get(`/admin/orders?q=freshapp`);
    assert.match(page.html, /data-kind="listing"/);
    assert.match(page.html, /<label for="q">/);
    assert.match(page.html, /<label for="status">Status<\/label>/);
    const long = await team.get(`/admin/orders?q=${"x".repeat(201)}`);
    assert.equal(long.status, 400);
    assert.match(long.html, /id="q-error" role="alert">At most 200 characters/);
    const badStatus = await team.get("/admin/orders?status=lost");
    assert.equal(badStatus.status, 400);
    assert.match(badStatus.html, /id="status-error"/);
    assert.equal((await team.get("/admin/orders?cursor=")).status, 400);
  });
});

Deno.test("every order newest first, 50 a page, past 500; the status filter pages too", async () => {
  await withOrderBed(async (bed) => {
    const newest = await checkout(bed, bed.fresh.id, bed.f.keys.owner);
    const template = (await getOrder(bed.f.deps.kv, newest))!;
    const many = await manyOrders(bed, template, 520);
    const team = await signedInBrowser(bed.f, TEAM_EMAIL);

    const pages = await allPages(team, "/admin/orders");
    assert.equal(pages.length, 11);
    assert.ok(pages.slice(0, 10).every((p) => p.length === 50));
    const all = pages.flat();
    assert.equal(all.length, 521);
    assert.equal(new Set(all).size, 521);
    assert.deepEqual(all, [newest, ...many.map((o) => o.number)], "newest first");

    const paid = (await allPages(team, "/admin/orders?status=paid")).flat();
    assert.deepEqual(paid, many.filter((o) => o.status === "paid").map((o) => o.number));
    const byListing = (await allPages(team, "/admin/orders?q=freshapp&status=canceled")).flat();
    assert.deepEqual(byListing, many.filter((o) => o.status === "canceled").map((o) => o.number));
    const byEmail = (await allPages(team, "/admin/orders?q=ada%40invoicely.example")).flat();
    assert.equal(byEmail.length, 521);
  });
});

Deno.test("orders stored before the indexes are indexed on the first search; status moves with the order", async () => {
  await withOrderBed(async (bed) => {
    const kv = bed.f.deps.kv;
    const live = await checkout(bed, bed.fresh.id, bed.f.keys.owner, weekAhead(2));
    const template = (await getOrder(kv, live))!;
    // As stored before the site team's indexes: the order and its buyer's index only.
    const old: Order[] = ["paid", "expired"].map((status, i) => ({
      ...structuredClone(template),
      number: `LD-20261001-OLD00${i}`,
      status: status as Order["status"],
      holds: [],
      created_at: `2026-10-0${i + 1}T10:00:00.000Z`,
    }));
    for (const o of old) {
      await kv.set(keys.orderKey(o.number), o);
      await kv.set(keys.orderByUserKey(o.user_id, o.created_at, o.number), o.number);
    }
    assert.equal(await orderIndexesReady(kv), false);
    const before = await pageOrders(kv, { by: "status", status: "paid" }, { limit: 50 });
    assert.deepEqual(before.orders, [], "not indexed yet");

    const team = await signedInBrowser(bed.f, TEAM_EMAIL);
    const paid = await team.get("/admin/orders?status=paid");
    assert.deepEqual(rows(paid.html), [old[0].number], "indexed by the first search");
    assert.equal(await orderIndexesReady(kv), true);
    assert.deepEqual(rows((await team.get("/admin/orders")).html), [
      live,
      old[1].number,
      old[0].number,
    ]);
    assert.deepEqual(rows((await team.get("/admin/orders?q=freshapp&status=expired")).html), [
      old[1].number,
    ]);
    assert.equal(await backfillOrderIndexes(kv), 3, "safe to run again");
    assert.deepEqual(rows((await team.get("/admin/orders?status=paid")).html), [old[0].number]);

    // A status change moves the order in the status index, in the order's own write.
    const csrf = csrfOf((await team.get(`/admin/orders/${live}`)).html);
    await team.post(`/admin/orders/${live}/cancel`, { _csrf: csrf, reason: "Test order" });
    assert.deepEqual(rows((await team.get("/admin/orders?status=pending")).html), []);
    assert.deepEqual(rows((await team.get("/admin/orders?status=canceled")).html), [live]);
  });
});
