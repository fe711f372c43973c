/**
 * Orders and tasks in headless Chromium, as a site-team member: search orders by account email,
 * cancel a pending order with a reason, take a task (assignee, in progress), filter, mark it done,
 * then refund the paid order and read what was reversed and what stays; each page screenshotted
 * at 1280 and 390 px.
 */
import assert from "node:assert/strict";
import { fulfilOrder, payTestOrder } from "../services/commerce/mod.ts";
import { screenshots, signInThroughPages, withDashboard } from "./dashboard_fixture.ts";
import { bearer, type Fixture, getJson, sendJson } from "./fixtures.ts";

const TEAM = "team@launchdirectory.example";

/** An order of the owner for invoicely (create_checkout through REST); its number. */
async function order(f: Fixture, items: unknown[]): Promise<string> {
  const res = await sendJson(f.app, "POST", "/api/v1/orders/checkout", {
    items,
    billing_country: "DE",
  }, bearer(f.keys.owner));
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.number;
}

Deno.test("orders and tasks in Chromium: search, cancel, assign, done, refund", async () => {
  await withDashboard(async (bed) => {
    const f = bed.fixture;
    const invoicely = (await getJson(f.app, "/api/v1/listings/invoicely")).body;
    const pending = await order(f, [{ product: "done_for_you", listing_id: invoicely.id }]);
    const paid = await order(f, [
      { product: "done_for_you", listing_id: invoicely.id },
      { product: "featured", listing_id: invoicely.id },
    ]);
    await payTestOrder(f.deps, paid);
    await fulfilOrder(f.deps, paid);

    const { page, errors } = await bed.open();
    await signInThroughPages(bed, page, TEAM, "/admin/orders");
    await page.getByRole("heading", { name: "Orders", level: 1 }).waitFor();
    await page.getByLabel("Order number, account email, or listing slug or id").fill(
      "ada@invoicely.example",
    );
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("heading", { name: "Orders of the account" }).waitFor();
    await page.locator(`tr[data-order="${paid}"]`).waitFor();
    assert.equal(await page.locator("tr[data-order]").count(), 2);
    await screenshots(page, "admin-orders");

    await page.getByRole("link", { name: pending }).click();
    await page.getByLabel("Reason for canceling").fill("The founder asked by mail");
    await page.getByRole("button", { name: "Cancel order" }).click();
    await page.getByText(/Canceled by team@launchdirectory\.example/).waitFor();
    await page.locator('[data-status="canceled"]').waitFor();

    await page.goto("/admin/tasks");
    await page.getByRole("heading", { name: "Tasks", level: 1 }).waitFor();
    const task = page.locator(`li[data-task="${paid}-1-1"]`);
    await task.getByLabel("Assignee").selectOption(TEAM);
    await task.getByLabel("Status").selectOption("in_progress");
    await task.getByRole("button", { name: "Save" }).click();
    await page.getByText(`Task ${paid}-1-1 updated.`).waitFor();
    await page.locator(`li[data-task="${paid}-1-1"][data-status="in_progress"]`).waitFor();
    await page.locator("#filter-assignee").selectOption(TEAM);
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/assignee=/);
    assert.equal(await page.locator("li[data-task]").count(), 1);
    await screenshots(page, "admin-tasks");
    await page.locator(`li[data-task="${paid}-1-1"]`).getByRole("button", { name: "Mark done" })
      .click();
    await page.getByText(`Task ${paid}-1-1 marked done.`).waitFor();

    await page.goto(`/admin/orders/${paid}`);
    await page.getByRole("link", { name: "Refund" }).click();
    await page.getByRole("heading", { name: /Refund order/ }).waitFor();
    await page.getByLabel("Reason for the refund").fill("Charged by mistake");
    await page.getByRole("button", { name: /^Refund \$/ }).click();
    await page.getByText(/Refunded by team@launchdirectory\.example/).waitFor();
    await page.getByText(/the Featured period runs to its end/).waitFor();
    await screenshots(page, "admin-order-refunded");
    assert.deepEqual(errors, []);
  }, { config: { adminEmails: [TEAM] } });
});
