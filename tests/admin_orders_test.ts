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

async function orderStatus(bed: OrderBed, number: string) {
  const got = await getJson(bed.f.app, `/api/v1/orders/${number}`, {
    headers: bearer(bed.f.keys.owner),
  });
  return got.body;
}

Deno.test("the console is the normal 404 for visitors and for signed-in people outside the team", async () => {
  await withOrderBed(async (bed) => {
    const number = await pendingOrder(bed);
    const anonymous = browser(bed.f);
    const unknown = await anonymous.get("/admin/no-such-page");
    for (const path of ["/admin/orders", `/admin/orders/${number}`, "/admin/tasks"]) {
      const page = await anonymous.get(path);
      assert.equal(page.status, 404, path);
      assert.equal(page.html.replaceAll(path, "/admin/no-such-page"), unknown.html);
    }
    const ada = await signedIn(bed, "ada@invoicely.example");
    for (const path of ["/admin/orders", `/admin/orders/${number}`, "/admin/tasks"]) {
      assert.equal((await ada.get(path)).status, 404, path);
    }
    const account = await ada.get("/account");
    const cancel = await ada.post(`/admin/orders/${number}/cancel`, {
      _csrf: csrfOf(account.html),
    });
    assert.equal(cancel.status, 404);
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

Deno.test("cancel frees the week; refund asks first; refusals are shown; no CSRF, no action", async () => {
  await withOrderBed(async (bed) => {
    const week = weekAhead(3);
    const before = await slotsLeftIn(bed.f, "launch", week);
    const number = await pendingOrder(bed, week);
    assert.equal(await slotsLeftIn(bed.f, "launch", week), before - 1);
    const team = await signedIn(bed, TEAM_EMAIL);
    const page = await team.get(`/admin/orders/${number}`);

    const forged = await team.post(`/admin/orders/${number}/cancel`, {});
    assert.equal(forged.status, 403);
    const wrong = await team.post(`/admin/orders/${number}/refund`, { _csrf: "not-the-token" });
    assert.equal(wrong.status, 403);
    assert.equal((await orderStatus(bed, number)).status, "pending");

    // Refunding a pending order is refused on the order's page.
    const refused = await team.post(`/admin/orders/${number}/refund`, { _csrf: csrfOf(page.html) });
    assert.equal(refused.status, 409);
    assert.match(
      refused.html,
      /role="alert">Order [\w-]+ is pending: only a paid order can be refunded/,
    );

    const canceled = await team.post(`/admin/orders/${number}/cancel`, {
      _csrf: csrfOf(page.html),
    });
    assert.equal(canceled.status, 303);
    assert.equal(canceled.headers.get("location"), `/admin/orders/${number}`);
    assert.equal((await orderStatus(bed, number)).status, "canceled");
    assert.equal(await slotsLeftIn(bed.f, "launch", week), before);
    const again = await team.post(`/admin/orders/${number}/cancel`, { _csrf: csrfOf(page.html) });
    assert.equal(again.status, 303, "canceling a canceled order changes nothing");

    const paid = await pendingOrder(bed, weekAhead(4));
    await payTestOrder(bed.f.deps, paid);
    const cancelPaid = await team.post(`/admin/orders/${paid}/cancel`, {
      _csrf: csrfOf(page.html),
    });
    assert.equal(cancelPaid.status, 409);
    assert.match(cancelPaid.html, /only a pending order can be canceled/);
    const confirm = await team.get(`/admin/orders/${paid}/refund`);
    assert.equal(confirm.status, 200);
    assert.match(confirm.html, /Refund order [\w-]+\?/);
    assert.match(confirm.html, new RegExp(`action="/admin/orders/${paid}/refund"`));
    assert.equal((await orderStatus(bed, paid)).status, "paid", "the confirm step changes nothing");
    const done = await team.post(`/admin/orders/${paid}/refund`, { _csrf: csrfOf(confirm.html) });
    assert.equal(done.status, 303);
    const refunded = await orderStatus(bed, paid);
    assert.equal(refunded.status, "refunded");
    assert.equal(refunded.refunded_at, NOW.toISOString());
    assert.match((await team.get(`/admin/orders/${paid}`)).html, /data-status="refunded"/);
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
