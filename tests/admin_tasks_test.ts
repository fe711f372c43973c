/**
 * The site team's task list: assign a task to a team member, set it in progress, filter by status
 * and assignee, mark it done (its line fulfilled, seen through get_order); each action one audit
 * entry; CSRF and refusals.
 */
import assert from "node:assert/strict";
import { listAuditLog } from "../services/admin/mod.ts";
import { fulfilOrder, payTestOrder } from "../services/commerce/mod.ts";
import { csrfOf, signedInBrowser } from "./accounts_fixture.ts";
import { bearer, getJson, NOW } from "./fixtures.ts";
import { type OrderBed, restCheckout, TEAM_EMAIL, withOrderBed } from "./orders_fixture.ts";

const OTHER = "grace@launchdirectory.example";
const tasksOf = (html: string) =>
  [...html.matchAll(/data-task="([^"]+)" data-status="(\w+)"/g)].map((m) => `${m[1]}:${m[2]}`);

/** A paid, fulfilled done_for_you order of the owner's fresh listing and of the stranger's. */
async function twoTasks(bed: OrderBed): Promise<{ mine: string; theirs: string }> {
  const numbers: string[] = [];
  for (
    const [listing, key] of [[bed.fresh.id, bed.f.keys.owner], [
      bed.theirs.id,
      bed.f.keys.stranger,
    ]] as const
  ) {
    const res = await restCheckout(bed.f, {
      items: [{ product: "done_for_you", listing_id: listing }],
      billing_country: "DE",
    }, key);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    await payTestOrder(bed.f.deps, res.body.number);
    await fulfilOrder(bed.f.deps, res.body.number);
    numbers.push(res.body.number);
  }
  return { mine: numbers[0], theirs: numbers[1] };
}

async function orderOf(bed: OrderBed, number: string) {
  return (await getJson(bed.f.app, `/api/v1/orders/${number}`, {
    headers: bearer(bed.f.keys.owner),
  }))
    .body;
}

Deno.test("tasks: assign to a team member, in progress, filters, done fulfils the line; audited", async () => {
  await withOrderBed(async (bed) => {
    const { mine, theirs } = await twoTasks(bed);
    const mineTask = `${mine}-1-1`;
    const theirTask = `${theirs}-1-1`;
    const team = await signedInBrowser(bed.f, TEAM_EMAIL);
    const list = await team.get("/admin/tasks");
    assert.equal(list.status, 200);
    // Created at the same time: open ones in either order.
    assert.deepEqual(tasksOf(list.html).sort(), [`${mineTask}:open`, `${theirTask}:open`].sort());
    assert.match(list.html, /Write and polish the listing/);
    assert.match(list.html, new RegExp(`href="/admin/orders/${mine}"`));
    assert.match(list.html, /href="\/listings\/freshapp"/);
    assert.match(list.html, /buyer sam@elsewhere\.example/);
    assert.match(list.html, new RegExp(`<label for="assignee-${mineTask}">Assignee</label>`));
    const csrf = csrfOf(list.html);

    // CSRF, an assignee outside the team, an unknown status: refused, nothing changes.
    const forged = await team.post(`/admin/tasks/${mineTask}/assign`, { assignee: OTHER });
    assert.equal(forged.status, 403);
    const stranger = await team.post(`/admin/tasks/${mineTask}/assign`, {
      _csrf: csrf,
      assignee: "sam@elsewhere.example",
      status: "open",
    });
    assert.equal(stranger.status, 400);
    assert.match(stranger.html, /sam@elsewhere\.example is not on the site team/);
    const badStatus = await team.post(`/admin/tasks/${mineTask}/assign`, {
      _csrf: csrf,
      assignee: OTHER,
      status: "later",
    });
    assert.equal(badStatus.status, 400);
    assert.equal((await listAuditLog(bed.f.deps, { limit: 10 })).entries.length, 0);

    const assigned = await team.post(`/admin/tasks/${mineTask}/assign`, {
      _csrf: csrf,
      assignee: OTHER.toUpperCase(),
      status: "in_progress",
    });
    assert.equal(assigned.status, 303);
    const after = await team.get("/admin/tasks");
    assert.deepEqual(
      tasksOf(after.html).sort(),
      [`${mineTask}:in_progress`, `${theirTask}:open`].sort(),
    );
    const byOther = await team.get(`/admin/tasks?assignee=${encodeURIComponent(OTHER)}`);
    assert.deepEqual(tasksOf(byOther.html), [`${mineTask}:in_progress`]);
    assert.deepEqual(tasksOf((await team.get("/admin/tasks?assignee=none")).html), [
      `${theirTask}:open`,
    ]);
    assert.deepEqual(tasksOf((await team.get("/admin/tasks?status=open")).html), [
      `${theirTask}:open`,
    ]);
    assert.deepEqual(tasksOf((await team.get("/admin/tasks?status=in_progress")).html), [
      `${mineTask}:in_progress`,
    ]);
    assert.equal((await team.get("/admin/tasks?status=later")).status, 400);
    // The founder's order shows the task as open while a person works on it.
    assert.equal((await orderOf(bed, mine)).lines[0].tasks[0].status, "open");
    const again = await team.post(`/admin/tasks/${mineTask}/assign`, {
      _csrf: csrf,
      assignee: OTHER,
      status: "in_progress",
    });
    assert.equal(again.status, 303, "nothing changed: no write, no entry");

    const done = await team.post(`/admin/tasks/${mineTask}/done`, { _csrf: csrf });
    assert.equal(done.status, 303);
    const order = await orderOf(bed, mine);
    assert.equal(order.lines[0].fulfilled, true);
    assert.equal(order.lines[0].fulfilled_at, NOW.toISOString());
    assert.equal(order.fulfilled_at, NOW.toISOString());
    assert.deepEqual(tasksOf((await team.get("/admin/tasks?status=done")).html), [
      `${mineTask}:done`,
    ]);
    const late = await team.post(`/admin/tasks/${mineTask}/assign`, {
      _csrf: csrf,
      assignee: "",
      status: "open",
    });
    assert.equal(late.status, 409);
    assert.match(late.html, /is done: it can no longer change/);
    await team.post(`/admin/tasks/${mineTask}/done`, { _csrf: csrf });

    const log = (await listAuditLog(bed.f.deps, { limit: 10 })).entries;
    assert.deepEqual(log.map((e) => e.action), ["task.done", "task.assign"]);
    assert.deepEqual(log[1].detail, {
      assignee: { before: null, after: OTHER },
      status: { before: "open", after: "in_progress" },
      order: mine,
      line: 1,
    });
    assert.equal(log[1].by, TEAM_EMAIL);
    assert.equal(log[0].target.id, mineTask);
    assert.deepEqual(log[0].detail.status, { before: "in_progress", after: "done" });
  }, { adminEmails: [TEAM_EMAIL, OTHER] });
});
