/**
 * Fulfilment of every product besides launch (orders_test.ts): each bought through create_checkout,
 * paid in test mode and fulfilled twice at once and once more; the visible effect happens once.
 * The kill test: a child process dies right after the first line's commit, the rest follows once.
 */
import assert from "node:assert/strict";
import { getJson, listingInput, NOW } from "./fixtures.ts";
import {
  freeListingIn,
  liveListing,
  orderOf,
  orderView,
  payAndFulfil,
  week,
  withShop,
} from "./fulfilment_fixture.ts";
import { readBoard } from "../kv/boards.ts";
import { listCategoryRecords } from "../kv/categories.ts";
import { createDraft } from "../kv/drafts.ts";
import * as keys from "../kv/keys.ts";
import {
  createListing,
  getListing,
  goLive,
  listListingIdsByWeek,
  updateListing,
} from "../kv/listings.ts";
import { getListingStats } from "../kv/listing_stats.ts";
import { getOrder, getWeekHoldEntries } from "../kv/orders.ts";
import { getFreePlanEntry, getFreeWeekEntries, writeFreePlan } from "../kv/publishing.ts";
import { getOrCreateUser } from "../kv/users.ts";
import type { Caller } from "../services/access/access.ts";
import {
  completeSiteTask,
  createCheckout,
  fulfilOrder,
  listTasks,
  payTestOrder,
} from "../services/commerce/mod.ts";
import { SearchIndex } from "../services/directory/search/index.ts";
import { newDraft } from "../services/drafting/drafts.ts";
import { testConfig } from "../services/platform/config.ts";
import type { Deps } from "../services/platform/deps.ts";
import { seedReferenceData } from "../services/platform/reference.ts";

const DAY = 24 * 3_600_000;

async function contributions(kv: Deno.Kv, id: number): Promise<number> {
  let n = 0;
  for await (const _ of kv.list({ prefix: keys.billboardPrefix(id) })) n++;
  return n;
}

Deno.test("featured: flag and an end four weeks out, shown until then, once however often fulfilled", async () => {
  await withShop(async (f, make) => {
    const app = await liveListing(f, make, "Shinyapp");
    const number = await orderOf(f, [{ product: "featured", listing_id: app.id }]);
    await payAndFulfil(f, number);
    const listing = (await getListing(f.deps.kv, app.id))!;
    assert.equal(listing.featured, true);
    assert.equal(listing.featured_until, new Date(NOW.getTime() + 28 * DAY).toISOString());
    const line = (await orderView(f, number)).lines[0];
    assert.equal(line.fulfilled, true);
    assert.match(line.result, /^Featured until 2026-12-16/);
    const shown = await getJson(f.app, `/api/v1/listings/${app.slug}`);
    assert.equal(shown.body.featured, true);
    const featuredRow = (html: string) =>
      /<h2 id="featured-title">Featured<\/h2>[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    const home = await getJson(f.app, "/");
    assert.match(featuredRow(home.body), /Shinyapp/);
    assert.match(featuredRow(home.body), /Paid placement/);
    f.deps.now = () => new Date(NOW.getTime() + 29 * DAY);
    const later = await getJson(f.app, `/api/v1/listings/${app.slug}`);
    assert.equal(later.body.featured, false);
    assert.doesNotMatch(featuredRow((await getJson(f.app, "/")).body), /Shinyapp/);
  });
});

Deno.test("extra_categories: added and on their category boards; what no longer fits is named and refunded", async () => {
  await withShop(async (f, make) => {
    const app = await liveListing(f, make, "Multiapp");
    const slugs = (await listCategoryRecords(f.deps.kv)).map((c) => c.slug)
      .filter((s) => s !== app.primary_category).slice(0, 4);
    const a = await orderOf(f, [{
      product: "extra_categories",
      listing_id: app.id,
      categories: [slugs[0]],
    }]);
    await payAndFulfil(f, a);
    assert.deepEqual((await getListing(f.deps.kv, app.id))!.extra_categories, [slugs[0]]);
    const board = await readBoard(f.deps.kv, keys.categoryBoardPrefix(slugs[0]), {
      offset: 0,
      limit: 100,
    });
    assert.ok(board.some((e) => e.id === app.id));
    assert.equal((await orderView(f, a)).lines[0].fulfilled, true);

    // Ordered with room for two; meanwhile the listing got one more: one added, one refunded.
    const b = await orderOf(f, [{
      product: "extra_categories",
      listing_id: app.id,
      categories: [slugs[1], slugs[2]],
    }]);
    await updateListing(f.deps.kv, app.id, (l) => ({
      extra_categories: [...l.extra_categories, slugs[3]],
    }), NOW);
    await payAndFulfil(f, b);
    const after = (await getListing(f.deps.kv, app.id))!;
    assert.deepEqual(after.extra_categories, [slugs[0], slugs[3], slugs[1]]);
    const line = (await orderView(f, b)).lines[0];
    assert.equal(line.fulfilled, false);
    assert.match(line.result, new RegExp(`not added \\(at most 3\\): ${slugs[2]}`));
    const tasks = (await listTasks(f.deps)).filter((t) => t.order_number === b);
    assert.equal(tasks.length, 1);
    assert.match(tasks[0].details, new RegExp(slugs[2]));
  });
});

Deno.test("relaunch: a live listing goes on the week's calendar and board and stays live", async () => {
  await withShop(async (f, make) => {
    const app = await liveListing(f, make, "Againapp");
    const number = await orderOf(f, [{ product: "relaunch", listing_id: app.id, week: week(3) }]);
    await payAndFulfil(f, number);
    const listing = (await getListing(f.deps.kv, app.id))!;
    assert.equal(listing.status, "live");
    assert.equal(listing.launch_week, week(3));
    assert.equal(listing.launched_at, NOW.toISOString());
    assert.deepEqual(await listListingIdsByWeek(f.deps.kv, week(3)), [app.id]);
    const board = await readBoard(f.deps.kv, keys.weekBoardPrefix(week(3)), {
      offset: 0,
      limit: 100,
    });
    assert.deepEqual(board.map((e) => e.id), [app.id]);
    const [hold] = await getWeekHoldEntries(f.deps.kv, "paid", [week(3)]);
    assert.equal(hold.value ?? 0, 0);
    assert.equal((await orderView(f, number)).lines[0].fulfilled, true);
  });
});

Deno.test("billboard_min: the amount is added to the paid billboard once, however often fulfilled", async () => {
  await withShop(async (f, make) => {
    const app = await liveListing(f, make, "Loudapp");
    const number = await orderOf(f, [{
      product: "billboard_min",
      listing_id: app.id,
      amount_cents: 1_500,
    }]);
    await payAndFulfil(f, number);
    assert.equal((await getListingStats(f.deps.kv, app.id))!.billboard_cents, 1_500);
    assert.equal(await contributions(f.deps.kv, app.id), 1);
    const board = await readBoard(f.deps.kv, keys.boardPrefix("billboard"), {
      offset: 0,
      limit: 100,
    });
    assert.deepEqual(board.find((e) => e.id === app.id), { id: app.id, score: 1_500 });
    const line = (await orderView(f, number)).lines[0];
    assert.equal(line.fulfilled, true);
    assert.match(line.result, /\$15\.00 added .*labelled paid/);
  });
});

Deno.test("skip_queue: the free week moves earlier in the free queue's counters; the plan stays free", async () => {
  await withShop(async (f, make) => {
    const app = await make("Earlyapp");
    await freeListingIn(f, app, week(7), true);
    const number = await orderOf(f, [{ product: "skip_queue", listing_id: app.id, week: week(3) }]);
    await payAndFulfil(f, number);
    const listing = (await getListing(f.deps.kv, app.id))!;
    assert.equal(listing.plan, "free");
    assert.equal(listing.status, "scheduled");
    assert.equal(listing.launch_week, week(3));
    const plan = (await getFreePlanEntry(f.deps.kv, app.id)).value!;
    assert.equal(plan.reservation?.week, week(3));
    const [old, fresh] = await getFreeWeekEntries(f.deps.kv, [week(7), week(3)]);
    assert.equal(old.value?.reserved, 0);
    assert.equal(fresh.value?.reserved, 1);
    const [hold] = await getWeekHoldEntries(f.deps.kv, "free", [week(3)]);
    assert.equal(hold.value ?? 0, 0);
    assert.equal((await orderView(f, number)).lines[0].fulfilled, true);
  });
});

Deno.test("skip_queue: a listing that lost its week meanwhile is not moved; the line waits for a refund", async () => {
  await withShop(async (f, make) => {
    const app = await make("Lateapp");
    await freeListingIn(f, app, week(7));
    const number = await orderOf(f, [{ product: "skip_queue", listing_id: app.id, week: week(3) }]);
    const entry = await getFreePlanEntry(f.deps.kv, app.id);
    const op = f.deps.kv.atomic();
    writeFreePlan(op, entry, { ...entry.value!, reservation: null, lost_week: week(7) });
    assert.ok((await op.commit()).ok);
    await payAndFulfil(f, number);
    const [fresh] = await getFreeWeekEntries(f.deps.kv, [week(3)]);
    assert.equal(fresh.value?.reserved ?? 0, 0);
    const line = (await orderView(f, number)).lines[0];
    assert.equal(line.fulfilled, false);
    assert.match(line.result, /^Not applied: .*refund/);
    assert.equal(line.tasks.length, 1);
  });
});

Deno.test("done_for_you: a site-team task naming the listing and founder; the line is fulfilled when it is done", async () => {
  await withShop(async (f, make) => {
    const app = await liveListing(f, make, "Helpapp");
    const number = await orderOf(f, [{ product: "done_for_you", listing_id: app.id }]);
    await payAndFulfil(f, number);
    const tasks = (await listTasks(f.deps)).filter((t) => t.order_number === number);
    assert.equal(tasks.length, 1);
    assert.equal(
      tasks[0].title,
      "Write and polish the listing, FAQs and founder story with the founder",
    );
    assert.match(tasks[0].details, /"Helpapp".*ada@invoicely\.example/);
    let view = await orderView(f, number);
    assert.equal(view.lines[0].fulfilled, false);
    assert.equal(view.fulfilled_at, null);
    await completeSiteTask(f.deps, tasks[0].id, "team@launch.example");
    view = await orderView(f, number);
    assert.equal(view.lines[0].fulfilled, true);
    assert.equal(view.fulfilled_at, NOW.toISOString());
  });
});

Deno.test("ai_review: quotes only the draft's evidence of the website; without quotes a person adds them", async () => {
  await withShop(async (f, make) => {
    const app = await liveListing(f, make, "Quoteapp", { tagline: "Quotes, fast" });
    const draft = newDraft(app.owner_id!, app.url, NOW);
    const quote = { quote: "Quoteapp sends quotes in one click.", url: `${app.url}/` };
    draft.status = "ready";
    draft.listing_id = app.id;
    draft.fields.tagline = {
      value: "Quotes in one click",
      state: "ai",
      evidence: [quote],
      ai_value: "Quotes in one click",
      ai_evidence: [quote],
    };
    await createDraft(f.deps.kv, draft);
    const a = await orderOf(f, [{ product: "ai_review", listing_id: app.id }]);
    await payAndFulfil(f, a);
    const line = (await orderView(f, a)).lines[0];
    assert.equal(line.fulfilled, true);
    assert.ok(line.result.includes(`"${quote.quote}" (${quote.url})`));
    assert.match(line.result, /tagline now differs from what the website supports/);
    assert.equal([...line.result.matchAll(/says "/g)].length, 1);

    const bare = await liveListing(f, make, "Bareapp");
    const b = await orderOf(f, [{ product: "ai_review", listing_id: bare.id }]);
    await payAndFulfil(f, b);
    const bareLine = (await orderView(f, b)).lines[0];
    assert.equal(bareLine.fulfilled, false);
    assert.match(bareLine.result, /No quote of your website is on record/);
    assert.equal(bareLine.tasks.length, 1);
  });
});

Deno.test("launch_bundle: live, paid, featured and the done-for-you task in one line", async () => {
  await withShop(async (f, make) => {
    const app = await make("Bundleapp");
    const liveBefore = await f.deps.kv.get<Deno.KvU64>(keys.statusCountKey("live"));
    const number = await orderOf(f, [{ product: "launch_bundle", listing_id: app.id }]);
    await payAndFulfil(f, number);
    const listing = (await getListing(f.deps.kv, app.id))!;
    assert.equal(listing.status, "live");
    assert.equal(listing.plan, "paid");
    assert.equal(listing.featured, true);
    assert.ok(listing.unlocked.includes("story"));
    const liveAfter = await f.deps.kv.get<Deno.KvU64>(keys.statusCountKey("live"));
    assert.equal(liveAfter.value!.value, liveBefore.value!.value + 1n);
    const view = await orderView(f, number);
    assert.equal(view.lines.length, 1);
    assert.match(view.lines[0].result, /^Live since .* · Featured until .* · Our team/);
    assert.equal(view.lines[0].fulfilled, false);
    assert.equal(view.lines[0].tasks.length, 1);
  });
});

/** An on-disk KV with a new listing, a live one and a paid three-line order for them. */
async function paidOrderOnDisk(path: string) {
  const kv = await Deno.openKv(path);
  await seedReferenceData(kv, NOW);
  const user = await getOrCreateUser(kv, "kim@killapp.example", "Kim", NOW);
  const fresh = await createListing(kv, listingInput("Killapp", { owner_id: user.id }), NOW);
  const loud = await createListing(
    kv,
    listingInput("Loudkill", { owner_id: user.id, plan: "paid" }),
    NOW,
  );
  await goLive(kv, loud.id, NOW);
  const deps: Deps = { kv, config: testConfig(), search: new SearchIndex(), now: () => NOW };
  const caller: Caller = {
    userId: user.id,
    email: user.email,
    scopes: ["orders:write"],
    via: "api_key",
    credentialId: "kill-test",
    credentialName: "kill test",
  };
  const order = await createCheckout(deps, caller, {
    items: [
      { product: "launch", listing_id: fresh.id },
      { product: "billboard_min", listing_id: loud.id, amount_cents: 2_000 },
      { product: "featured", listing_id: loud.id },
    ],
  });
  await payTestOrder(deps, order.number);
  const live = await kv.get<Deno.KvU64>(keys.statusCountKey("live"));
  kv.close();
  return { number: order.number, fresh, loud, liveBefore: live.value!.value };
}

async function runChild(path: string, number: string, exitAfterFirst: boolean) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("./fulfil_kill_child.ts", import.meta.url).pathname, path, number],
    env: { FULFIL_EXIT_AFTER_FIRST_LINE: exitAfterFirst ? "1" : "0" },
    stdout: "null",
    stderr: "piped",
  });
  const { code, stderr } = await child.output();
  return { code, stderr: new TextDecoder().decode(stderr) };
}

Deno.test("a process killed right after the first line's commit: the rest is applied once, each line once", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/kill.sqlite`;
  try {
    const { number, fresh, loud, liveBefore } = await paidOrderOnDisk(path);
    const killed = await runChild(path, number, true);
    assert.equal(killed.code, 1, killed.stderr);

    let kv = await Deno.openKv(path);
    let order = (await getOrder(kv, number))!;
    assert.deepEqual(order.lines.map((l) => !!l.applied_at), [true, false, false]);
    assert.equal((await getListing(kv, fresh.id))!.status, "live");
    assert.equal((await getListingStats(kv, loud.id))!.billboard_cents, 0);
    kv.close();

    const resumed = await runChild(path, number, false);
    assert.equal(resumed.code, 0, resumed.stderr);
    kv = await Deno.openKv(path);
    const deps: Deps = { kv, config: testConfig(), search: new SearchIndex(), now: () => NOW };
    await Promise.all([fulfilOrder(deps, number), fulfilOrder(deps, number)]);
    order = (await getOrder(kv, number))!;
    assert.ok(order.lines.every((l) => l.applied_at && l.fulfilled));
    assert.equal(order.fulfilled_at, NOW.toISOString());
    const launched = (await getListing(kv, fresh.id))!;
    assert.equal(launched.launched_at, NOW.toISOString());
    const live = await kv.get<Deno.KvU64>(keys.statusCountKey("live"));
    assert.equal(live.value!.value, liveBefore + 1n);
    assert.equal((await getListingStats(kv, loud.id))!.billboard_cents, 2_000);
    assert.equal(await contributions(kv, loud.id), 1);
    assert.equal((await getListing(kv, loud.id))!.featured, true);
    kv.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
