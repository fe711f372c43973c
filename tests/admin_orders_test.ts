/**
 * The site team's orders console and task list: only ADMIN_EMAILS see them; the list and an
 * order's page; cancel and refund with CSRF and errors shown on the page; a task marked done
 * fulfils its line and then the order.
 */
import assert from "node:assert/strict";
import { bearer, getJson, NOW } from "./fixtures.ts";
import { type Browser, browser, csrfOf, signedInBrowser } from "./accounts_fixture.ts";
import {
  myOrderNumbers,
  type OrderBed,
  restCheckout,
  slotsLeftIn,
  TEAM_EMAIL,
  weekAhead,
  withOrderBed,
} from "./orders_fixture.ts";
import { completeSiteTask, fulfilOrder, payTestOrder } from "../services/commerce/mod.ts";
import { LINE_FULFILLERS } from "../services/commerce/fulfil/mod.ts";
import { listAuditLog } from "../services/admin/mod.ts";

/** A browser signed in as `email` on the bed's app. */
function signedIn(bed: OrderBed, email: string): Promise<Browser> {
  return signedInBrowser(bed.f, email);
}

/** A pending order of the owner launching the fresh listing in `week`; its number. */
async function pendingOrder(bed: OrderBed, week = weekAhead(2)): Promise<string> {
  const res = await restCheckout(bed.f, {
    items: [{ product: "launch", listing_id: bed.fresh.id, week }],
    billing_country: "DE",
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.number;
}

/** The audit entries about an order, newest first. */
async function auditOf(bed: OrderBed, number: string) {
  return (await listAuditLog(bed.f.deps, { limit: 50, filter: { target: number } })).entries;
}

async function orderStatus(bed: OrderBed, number: string) {
  const got = await getJson(bed.f.app, `/api/v1/orders/${number}`, {
    headers: bearer(bed.f.keys.owner),
  });
  return got.body;
}

Deno.test("visitors sign in first; accounts outside the team get the normal 404, posts included", async () => {
  await withOrderBed(async (bed) => {
    const number = await pendingOrder(bed);
    const paths = [
      "/admin/orders",
      "/admin/orders?q=ada%40invoicely.example",
      `/admin/orders/${number}`,
      `/admin/orders/${number}/refund`,
      "/admin/tasks?status=open",
    ];
    const anonymous = browser(bed.f);
    for (const path of paths) {
      const page = await anonymous.get(path);
      assert.equal(page.status, 303, path);
      assert.equal(page.headers.get("location"), `/signin?next=${encodeURIComponent(path)}`);
    }
    const post = await anonymous.post(`/admin/orders/${number}/cancel`, { reason: "x" });
    assert.equal(post.status, 303);
    assert.equal(
      post.headers.get("location"),
      `/signin?next=${encodeURIComponent("/admin/orders")}`,
    );

    const ada = await signedIn(bed, "ada@invoicely.example");
    const unknown = await ada.get("/admin/no-such-page");
    assert.equal(unknown.status, 404);
    for (const path of paths) {
      const page = await ada.get(path);
      assert.equal(page.status, 404, path);
      const bare = path.split("?")[0];
      assert.equal(page.html.replaceAll(bare, "/admin/no-such-page"), unknown.html, path);
    }
    const csrf = csrfOf((await ada.get("/account")).html);
    for (const action of ["cancel", "refund"]) {
      const res = await ada.post(`/admin/orders/${number}/${action}`, { _csrf: csrf, reason: "x" });
      assert.equal(res.status, 404, action);
    }
    const task = await ada.post("/admin/tasks/LD-1-1-1/assign", { _csrf: csrf, assignee: "" });
    assert.equal(task.status, 404);
    assert.equal((await orderStatus(bed, number)).status, "pending");
  });
});

Deno.test("the team sees every order newest first, filters by status, and opens one", async () => {
  await withOrderBed(async (bed) => {
    const first = await pendingOrder(bed, weekAhead(2));
    await payTestOrder(bed.f.deps, first);
    const theirs = await restCheckout(bed.f, {
      items: [{ product: "launch", listing_id: bed.theirs.id }],
      billing_country: "FR",
      vat_number: "FR40303265045",
    }, bed.f.keys.stranger);
    assert.equal(theirs.status, 201, JSON.stringify(theirs.body));
    const team = await signedIn(bed, TEAM_EMAIL);

    const list = await team.get("/admin/orders");
    assert.equal(list.status, 200);
    assert.match(list.html, /ada@invoicely\.example/);
    assert.match(list.html, /sam@elsewhere\.example/);
    assert.ok(list.html.indexOf(theirs.body.number) > 0);
    const rows = [...list.html.matchAll(/data-order="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(new Set(rows), new Set([first, theirs.body.number]));
    assert.match(list.html, new RegExp(`href="/admin/orders/${first}"`));

    const paid = await team.get("/admin/orders?status=paid");
    assert.deepEqual([...paid.html.matchAll(/data-order="([^"]+)"/g)].map((m) => m[1]), [first]);
    assert.equal((await team.get("/admin/orders?status=lost")).status, 400);

    const detail = await team.get(`/admin/orders/${theirs.body.number}`);
    assert.equal(detail.status, 200);
    assert.match(detail.html, /data-status="pending"/);
    assert.match(detail.html, /href="\/listings\/theirapp"/);
    assert.match(detail.html, /reverse charge/);
    assert.match(detail.html, /FR40303265045/);
    assert.match(detail.html, /Provider test/);
    assert.match(detail.html, /Cancel order/);
    assert.doesNotMatch(detail.html, />Refund</);
    const paidPage = await team.get(`/admin/orders/${first}`);
    assert.match(paidPage.html, /VAT 19 %/);
    assert.match(paidPage.html, new RegExp(`href="/admin/orders/${first}/refund"`));
    assert.doesNotMatch(paidPage.html, /Cancel order/);
    assert.equal((await team.get("/admin/orders/LD-20261118-NOSUCH")).status, 404);
  });
});

Deno.test("cancel frees the week with a reason; refund asks first; refusals are shown; no CSRF, no action", async () => {
  await withOrderBed(async (bed) => {
    const week = weekAhead(3);
    const before = await slotsLeftIn(bed.f, "launch", week);
    const number = await pendingOrder(bed, week);
    assert.equal(await slotsLeftIn(bed.f, "launch", week), before - 1);
    const team = await signedIn(bed, TEAM_EMAIL);
    const page = await team.get(`/admin/orders/${number}`);
    const csrf = csrfOf(page.html);
    assert.match(page.html, /<label for="cancel-reason">Reason for canceling<\/label>/);

    const forged = await team.post(`/admin/orders/${number}/cancel`, { reason: "Duplicate" });
    assert.equal(forged.status, 403);
    const wrong = await team.post(`/admin/orders/${number}/refund`, {
      _csrf: "not-the-token",
      reason: "Duplicate",
    });
    assert.equal(wrong.status, 403);
    assert.equal((await orderStatus(bed, number)).status, "pending");

    // Refunding a pending order is refused on the order's page.
    const refused = await team.post(`/admin/orders/${number}/refund`, { _csrf: csrf, reason: "x" });
    assert.equal(refused.status, 409);
    assert.match(
      refused.html,
      /role="alert">Order [\w-]+ is pending: only a paid order can be refunded/,
    );
    // No reason: a 400 with the message under the field; nothing changes, nothing is logged.
    const blank = await team.post(`/admin/orders/${number}/cancel`, { _csrf: csrf, reason: "  " });
    assert.equal(blank.status, 400);
    assert.match(
      blank.html,
      /id="reason-error" role="alert">Give a reason of 1 to 2000 characters/,
    );
    assert.match(blank.html, /aria-invalid="true"/);
    assert.equal((await orderStatus(bed, number)).status, "pending");
    assert.equal((await auditOf(bed, number)).length, 0);

    const canceled = await team.post(`/admin/orders/${number}/cancel`, {
      _csrf: csrf,
      reason: "Asked by the founder by mail",
    });
    assert.equal(canceled.status, 303);
    assert.equal(canceled.headers.get("location"), `/admin/orders/${number}`);
    assert.equal((await orderStatus(bed, number)).status, "canceled");
    assert.equal(await slotsLeftIn(bed.f, "launch", week), before);
    const shown = await team.get(`/admin/orders/${number}`);
    assert.match(shown.html, /Canceled by team@launchdirectory\.example/);
    assert.match(shown.html, /Asked by the founder by mail/);
    assert.match(shown.html, new RegExp(`its paid week of ${week} released`));
    const again = await team.post(`/admin/orders/${number}/cancel`, { _csrf: csrf, reason: "x" });
    assert.equal(again.status, 303, "canceling a canceled order changes nothing");
    const [entry, ...more] = await auditOf(bed, number);
    assert.equal(more.length, 0, "one entry, not one per click");
    assert.equal(entry.action, "order.cancel");
    assert.equal(entry.by, TEAM_EMAIL);
    assert.equal(entry.reason, "Asked by the founder by mail");
    assert.deepEqual(entry.detail.kept, []);
    assert.match(String(entry.detail.reversed), new RegExp(week));

    const paid = await pendingOrder(bed, weekAhead(4));
    await payTestOrder(bed.f.deps, paid);
    const cancelPaid = await team.post(`/admin/orders/${paid}/cancel`, {
      _csrf: csrf,
      reason: "x",
    });
    assert.equal(cancelPaid.status, 409);
    assert.match(cancelPaid.html, /only a pending order can be canceled/);
    const confirm = await team.get(`/admin/orders/${paid}/refund`);
    assert.equal(confirm.status, 200);
    assert.match(confirm.html, /Refund order [\w-]+\?/);
    assert.match(confirm.html, new RegExp(`action="/admin/orders/${paid}/refund"`));
    assert.match(confirm.html, /not applied, and now never will be/, "the account, before");
    assert.equal((await orderStatus(bed, paid)).status, "paid", "the confirm step changes nothing");
    const noReason = await team.post(`/admin/orders/${paid}/refund`, { _csrf: csrf });
    assert.equal(noReason.status, 400);
    assert.match(noReason.html, /Refund order [\w-]+\?/, "the confirm page again");
    assert.match(noReason.html, /id="reason-error"/);
    assert.equal((await orderStatus(bed, paid)).status, "paid");
    const done = await team.post(`/admin/orders/${paid}/refund`, {
      _csrf: csrfOf(confirm.html),
      reason: "Charged twice",
    });
    assert.equal(done.status, 303);
    const refunded = await orderStatus(bed, paid);
    assert.equal(refunded.status, "refunded");
    assert.equal(refunded.refunded_at, NOW.toISOString());
    assert.equal(refunded.team_action, undefined, "the team's account stays off the public API");
    assert.match((await team.get(`/admin/orders/${paid}`)).html, /data-status="refunded"/);
    const [refundEntry] = await auditOf(bed, paid);
    assert.equal(refundEntry.action, "order.refund");
    assert.equal(refundEntry.reason, "Charged twice");
  });
});

Deno.test("a task marked done fulfils its line, then the order; twice is a no-op; unknown is a 404", async () => {
  const launch = LINE_FULFILLERS.launch;
  // A launch that also needs a person, as done_for_you-like products do.
  LINE_FULFILLERS.launch = async (ctx) => ({
    ...await launch(ctx),
    tasks: [
      { title: "Write the listing", details: "Draft the copy from the website." },
      { title: "Review the copy", details: "Check it with the founder." },
    ],
  });
  try {
    await withOrderBed(async (bed) => {
      const number = await pendingOrder(bed);
      await payTestOrder(bed.f.deps, number);
      await fulfilOrder(bed.f.deps, number);
      let order = await orderStatus(bed, number);
      assert.equal(order.lines[0].fulfilled, false);
      assert.deepEqual(order.lines[0].tasks.map((t: { status: string }) => t.status), [
        "open",
        "open",
      ]);
      assert.equal(order.fulfilled_at, null);

      const team = await signedIn(bed, TEAM_EMAIL);
      const list = await team.get("/admin/tasks");
      assert.equal(list.status, 200);
      assert.match(list.html, /Write the listing/);
      assert.match(list.html, new RegExp(`href="/admin/orders/${number}"`));
      assert.match(list.html, /href="\/listings\/freshapp"/);
      const [first, second] = order.lines[0].tasks.map((t: { id: string }) => t.id);

      const forged = await team.post(`/admin/tasks/${first}/done`, {});
      assert.equal(forged.status, 403);
      const marked = await team.post(`/admin/tasks/${first}/done`, { _csrf: csrfOf(list.html) });
      assert.equal(marked.status, 303);
      order = await orderStatus(bed, number);
      assert.equal(order.lines[0].tasks[0].status, "done");
      assert.equal(order.lines[0].fulfilled, false, "one task is still open");
      assert.equal(order.fulfilled_at, null);

      const after = await team.get("/admin/tasks");
      const order_of = [...after.html.matchAll(/data-task="([^"]+)" data-status="(\w+)"/g)]
        .map((m) => `${m[1]}:${m[2]}`);
      assert.deepEqual(order_of, [`${second}:open`, `${first}:done`], "open tasks first");
      assert.match(after.html, new RegExp(`by ${TEAM_EMAIL.replaceAll(".", "\\.")}`));
      assert.match((await team.get("/admin/tasks?status=done")).html, /Write the listing/);
      assert.doesNotMatch((await team.get("/admin/tasks?status=done")).html, /Review the copy/);

      await team.post(`/admin/tasks/${second}/done`, { _csrf: csrfOf(list.html) });
      order = await orderStatus(bed, number);
      assert.equal(order.lines[0].fulfilled, true);
      assert.equal(order.lines[0].fulfilled_at, NOW.toISOString());
      assert.equal(order.fulfilled_at, NOW.toISOString());

      const twice = await completeSiteTask(bed.f.deps, second, "someone@else.example");
      assert.equal(twice.done_by, TEAM_EMAIL);
      assert.equal((await orderStatus(bed, number)).updated_at, order.updated_at);
      const unknown = await team.post("/admin/tasks/LD-1-1-9/done", { _csrf: csrfOf(list.html) });
      assert.equal(unknown.status, 404);
      assert.deepEqual(await myOrderNumbers(bed.f, bed.f.keys.owner), [number]);
    });
  } finally {
    LINE_FULFILLERS.launch = launch;
  }
});

Deno.test("a refund says what it reversed and what it could not: seen through the public API", async () => {
  const relaunch = LINE_FULFILLERS.relaunch;
  try {
    await withOrderBed(async (bed) => {
      const { f, fresh } = bed;
      const launched = await restCheckout(f, {
        items: [{ product: "launch", listing_id: fresh.id }],
        billing_country: "DE",
      });
      await payTestOrder(f.deps, launched.body.number);
      await fulfilOrder(f.deps, launched.body.number);
      const week = weekAhead(3);
      const slots = await slotsLeftIn(f, "relaunch", week);
      const res = await restCheckout(f, {
        items: [
          { product: "featured", listing_id: fresh.id },
          { product: "billboard_min", listing_id: fresh.id, amount_cents: 1_500 },
          { product: "trophy_cabinet", listing_id: fresh.id },
          { product: "done_for_you", listing_id: fresh.id },
          { product: "relaunch", listing_id: fresh.id, week },
        ],
        billing_country: "DE",
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const number = res.body.number;
      assert.equal(await slotsLeftIn(f, "relaunch", week), slots - 1);
      await payTestOrder(f.deps, number);
      // The last line's fulfilment fails: lines 1-4 are applied, line 5 still holds its week.
      LINE_FULFILLERS.relaunch = () => Promise.reject(new Error("not now"));
      await assert.rejects(fulfilOrder(f.deps, number), /not now/);
      LINE_FULFILLERS.relaunch = relaunch;

      const team = await signedIn(bed, TEAM_EMAIL);
      const confirm = await team.get(`/admin/orders/${number}/refund`);
      const refunded = await team.post(`/admin/orders/${number}/refund`, {
        _csrf: csrfOf(confirm.html),
        reason: "The founder changed plans",
      });
      assert.equal(refunded.status, 303);
      await fulfilOrder(f.deps, number);

      const order = await orderStatus(bed, number);
      assert.equal(order.status, "refunded");
      assert.equal(order.lines[4].result, null, "a refunded order's line is never applied");
      assert.equal(await slotsLeftIn(f, "relaunch", week), slots, "its week is free again");
      const listing = (await getJson(f.app, `/api/v1/listings/${fresh.slug}`)).body;
      assert.equal(listing.status, "live", "the launch stays live");
      assert.equal(listing.featured, true, "the featured period stays");
      assert.equal((await f.app.request(`/trophies/${fresh.slug}`)).status, 200);
      const board = (await getJson(f.app, "/api/v1/leaderboards/billboard")).body;
      assert.match(JSON.stringify(board), new RegExp(`"${fresh.slug}"`), "still on the billboard");

      const page = (await team.get(`/admin/orders/${number}`)).html;
      const kept = /<ul data-kept[^>]*>([\s\S]*?)<\/ul>/.exec(page)?.[1] ?? "";
      const reversed = /<ul data-reversed[^>]*>([\s\S]*?)<\/ul>/.exec(page)?.[1] ?? "";
      assert.match(
        reversed,
        /Payment of \$[\d.,]+ marked refunded \(test payments: no money moved\)/,
      );
      assert.match(
        reversed,
        new RegExp(
          `Line 5, .*not applied, and now never will be; its paid week of ${week} released`,
        ),
      );
      assert.match(kept, /Line 1, .*the Featured period runs to its end/);
      assert.match(kept, /Line 2, .*billboard contribution stays counted/);
      assert.match(kept, /Line 3, .*trophy cabinet stays unlocked/);
      assert.match(kept, /Line 4, .*1 open task stays in the task list/);
      assert.match(page, /Refunded by team@launchdirectory\.example/);
      const [entry] = await auditOf(bed, number);
      assert.equal(entry.action, "order.refund");
      assert.equal((entry.detail.kept as string[]).length, 4);
      assert.equal((entry.detail.reversed as string[]).length, 2);
      const tasks = (await team.get("/admin/tasks")).html;
      assert.match(tasks, /data-order-status[^>]*>\(refunded\)/);
    });
  } finally {
    LINE_FULFILLERS.relaunch = relaunch;
  }
});
