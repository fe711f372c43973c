/**
 * The weekly rollover, called directly with an injected clock: listings go live in their week,
 * Launch of the Week from the ended week's votes, winners mailed once, missed weeks caught up
 * oldest first, and repeated or concurrent runs that change nothing.
 */
import assert from "node:assert/strict";
import { buildFixture, type Fixture, getJson, listingInput, THIS_WEEK } from "./fixtures.ts";
import { createApp } from "../routes/app.ts";
import { runWeeklyRollover } from "../services/publishing/rollover.ts";
import { claimRollover, getRollover, listRollovers } from "../kv/rollovers.ts";
import { listAwardRecords } from "../kv/awards.ts";
import { castVote } from "../kv/listing_stats.ts";
import { createListing, getListing, goLive, scheduleListing } from "../kv/listings.ts";
import { listOutbox } from "../services/platform/mail.ts";
import type { Deps } from "../services/platform/deps.ts";

const NEXT_MONDAY = new Date("2026-11-23T00:00:00Z");
const NEXT_WEEK = "2026-11-23";

/** The fixture with a clock the test moves; the app reads the same clock. */
async function setup(at: Date) {
  const f = await buildFixture();
  const clock = { now: at };
  const deps: Deps = { ...f.deps, now: () => clock.now };
  return { f, deps, clock, app: createApp(deps) };
}

async function awardMails(deps: Deps) {
  return (await listOutbox(deps.kv, 1000)).filter((m) => m.subject.includes("Launch of the Week"));
}

async function status(deps: Deps, f: Fixture, slug: string) {
  return (await getListing(deps.kv, f.listings[slug].id))?.status;
}

Deno.test("a normal week: scheduled listings go live, last week's awards, winners mailed", async () => {
  const { f, deps, app } = await setup(new Date("2026-11-23T00:00:30Z"));
  try {
    const result = await runWeeklyRollover(deps);
    assert.deepEqual(result.busy, null);
    assert.deepEqual(result.weeks.map((w) => w.week), [NEXT_WEEK]);
    assert.deepEqual(result.weeks[0].went_live, [f.listings.soonapp.id]);

    const soon = (await getListing(deps.kv, f.listings.soonapp.id))!;
    assert.equal(soon.status, "live");
    assert.equal(soon.launch_week, NEXT_WEEK);
    assert.equal(soon.launched_at, NEXT_MONDAY.toISOString());
    // A free listing still waiting for its badge is the free queue's concern: untouched.
    assert.equal(await status(deps, f, "waitapp"), "awaiting_badge");
    assert.equal(await status(deps, f, "draftapp"), "draft");

    // Awards of the week that ended, from the votes cast during it.
    const awards = result.weeks[0].awards;
    assert.deepEqual(
      awards.map((a) => [a.week, a.place, a.listing_id, a.votes]),
      [
        [THIS_WEEK, 1, f.listings.invoicely.id, 5],
        [THIS_WEEK, 2, f.listings.billwise.id, 3],
        [THIS_WEEK, 3, f.listings.taskpilot.id, 1],
      ],
    );
    const stored = (await listAwardRecords(deps.kv)).filter((a) => a.week === THIS_WEEK);
    assert.deepEqual(stored, awards);

    // Only Invoicely has an owner with an account: one mail.
    const mails = await awardMails(deps);
    assert.equal(mails.length, 1);
    assert.equal(mails[0].to, "ada@invoicely.example");
    assert.match(mails[0].subject, /Invoicely is Launch of the Week #1/);
    assert.match(mails[0].text, /lotw-2026-11-16-1/);

    // The new launch is on its week's page, on the weekly board and found by search.
    const week = await getJson(app, `/api/v1/launches/weeks/${NEXT_WEEK}`);
    assert.equal(week.status, 200);
    assert.equal(week.body.state, "current");
    assert.deepEqual(week.body.launches.map((l: { listing: { slug: string } }) => l.listing.slug), [
      "soonapp",
    ]);
    const board = await getJson(app, "/api/v1/leaderboards/community-weekly");
    assert.equal(board.status, 200);
    assert.ok(JSON.stringify(board.body).includes('"soonapp"'), JSON.stringify(board.body));
    const search = await getJson(app, "/api/v1/listings?q=Soonapp");
    assert.equal(search.status, 200);
    assert.deepEqual(search.body.items.map((l: { slug: string }) => l.slug), ["soonapp"]);
    // The winner's badge set holds the award's badge.
    const badges = await getJson(app, "/api/v1/listings/invoicely/badges");
    assert.equal(badges.status, 200);
    assert.ok(JSON.stringify(badges.body).includes("lotw-2026-11-16-1"));

    const records = await listRollovers(deps.kv);
    assert.equal(records.length, 1);
    assert.deepEqual(records[0].steps, ["live", "awards", "mails"]);
    assert.ok(records[0].done_at);
  } finally {
    f.deps.kv.close();
  }
});

Deno.test("running twice changes nothing the second time: same awards, no second mail", async () => {
  const { f, deps, clock } = await setup(new Date("2026-11-23T00:00:00Z"));
  try {
    await runWeeklyRollover(deps);
    const awards = await listAwardRecords(deps.kv);
    const records = await listRollovers(deps.kv);
    const outbox = await listOutbox(deps.kv, 1000);
    clock.now = new Date("2026-11-25T10:00:00Z");
    const again = await runWeeklyRollover(deps);
    assert.deepEqual(again, { weeks: [], busy: null });
    assert.deepEqual(await listAwardRecords(deps.kv), awards);
    assert.deepEqual(await listRollovers(deps.kv), records);
    assert.deepEqual(await listOutbox(deps.kv, 1000), outbox);
    assert.equal((await awardMails(deps)).length, 1);
  } finally {
    f.deps.kv.close();
  }
});

Deno.test("two concurrent runs roll the week over once", async () => {
  const { f, deps } = await setup(new Date("2026-11-23T00:00:00Z"));
  try {
    const [a, b] = await Promise.all([runWeeklyRollover(deps), runWeeklyRollover(deps)]);
    const weeks = [...a.weeks, ...b.weeks];
    assert.deepEqual(weeks.map((w) => w.week), [NEXT_WEEK]);
    assert.equal(weeks[0].awards.length, 3);
    // The other run found the week held (busy) or already done: it changed nothing.
    const other = a.weeks.length === 0 ? a : b;
    assert.ok(other.busy === NEXT_WEEK || other.busy === null);
    assert.equal((await listAwardRecords(deps.kv)).filter((x) => x.week === THIS_WEEK).length, 3);
    assert.equal((await awardMails(deps)).length, 1);
    assert.equal(await status(deps, f, "soonapp"), "live");
  } finally {
    f.deps.kv.close();
  }
});

Deno.test("missed weeks are rolled over oldest first, each in its own week", async () => {
  const { f, deps, clock } = await setup(new Date("2026-11-18T12:00:00Z"));
  try {
    // The service rolls over this week, then is down for two Mondays.
    const first = await runWeeklyRollover(deps);
    assert.deepEqual(first.weeks.map((w) => w.week), [THIS_WEEK]);
    // Last week's awards were decided before (the fixture): nobody is mailed again.
    assert.deepEqual(first.weeks[0].awards, []);
    assert.equal((await awardMails(deps)).length, 0);
    const later = await createListing(deps.kv, listingInput("Laterapp"), clock.now);
    await scheduleListing(deps.kv, later.id, "2026-11-30", "paid", clock.now);

    clock.now = new Date("2026-12-02T09:00:00Z");
    const result = await runWeeklyRollover(deps);
    assert.deepEqual(result.weeks.map((w) => w.week), ["2026-11-23", "2026-11-30"]);
    assert.deepEqual(result.weeks[0].went_live, [f.listings.soonapp.id]);
    assert.deepEqual(result.weeks[1].went_live, [later.id]);
    assert.equal(
      (await getListing(deps.kv, f.listings.soonapp.id))!.launched_at,
      "2026-11-23T00:00:00.000Z",
    );
    const lateNow = (await getListing(deps.kv, later.id))!;
    assert.equal(lateNow.launched_at, "2026-11-30T00:00:00.000Z");
    assert.equal(lateNow.launch_week, "2026-11-30");
    // Week 2026-11-23's rollover decided 2026-11-16; nobody voted in the missed week.
    assert.deepEqual(result.weeks[0].awards.map((a) => a.listing_id), [
      f.listings.invoicely.id,
      f.listings.billwise.id,
      f.listings.taskpilot.id,
    ]);
    assert.deepEqual(result.weeks[1].awards, []);
    assert.deepEqual((await listRollovers(deps.kv)).map((r) => [r.week, !!r.done_at]), [
      [THIS_WEEK, true],
      ["2026-11-23", true],
      ["2026-11-30", true],
    ]);
  } finally {
    f.deps.kv.close();
  }
});

Deno.test("awards: ties go to the earlier launch; votes after the week do not count", async () => {
  const { f, deps, clock } = await setup(new Date("2026-11-20T12:00:00Z"));
  try {
    // Billwise (launched 09:00) reaches Invoicely's 5 votes (launched 08:00): Invoicely wins.
    for (let i = 0; i < 2; i++) {
      await castVote(deps.kv, f.listings.billwise.id, `tie-${i}`, clock.now);
    }
    // A launch later in the week with the same 5 votes comes after both.
    const late = await createListing(deps.kv, listingInput("Lateweek"), clock.now);
    await goLive(deps.kv, late.id, new Date("2026-11-19T10:00:00Z"));
    for (let i = 0; i < 5; i++) await castVote(deps.kv, late.id, `late-${i}`, clock.now);
    // Votes cast after the week ended do not change its awards.
    clock.now = new Date("2026-11-23T00:00:00Z");
    for (let i = 0; i < 3; i++) {
      await castVote(deps.kv, f.listings.taskpilot.id, `after-${i}`, clock.now);
    }
    const result = await runWeeklyRollover(deps);
    assert.deepEqual(
      result.weeks[0].awards.map((a) => [a.place, a.listing_id, a.votes]),
      [[1, f.listings.invoicely.id, 5], [2, f.listings.billwise.id, 5], [3, late.id, 5]],
    );
  } finally {
    f.deps.kv.close();
  }
});

Deno.test("a week held by a live run is left alone; one whose run died is resumed", async (t) => {
  const { f, deps } = await setup(new Date("2026-11-23T00:10:00Z"));
  try {
    const held = {
      week: NEXT_WEEK,
      run_id: "other",
      lease_until: "2026-11-23T00:12:00.000Z",
      started_at: "2026-11-23T00:00:00.000Z",
      steps: [],
      live_ids: null,
      awards: [],
      done_at: null,
    };
    assert.ok(await claimRollover(deps.kv, held));
    await t.step("held: busy, nothing changes", async () => {
      const result = await runWeeklyRollover(deps);
      assert.deepEqual(result, { weeks: [], busy: NEXT_WEEK });
      assert.equal(await status(deps, f, "soonapp"), "scheduled");
      assert.equal((await awardMails(deps)).length, 0);
    });
    await t.step("lease over: taken over and finished", async () => {
      const late = { ...deps, now: () => new Date("2026-11-23T00:20:00Z") };
      const result = await runWeeklyRollover(late);
      assert.deepEqual(result.weeks.map((w) => w.week), [NEXT_WEEK]);
      assert.equal(await status(deps, f, "soonapp"), "live");
      assert.equal((await awardMails(deps)).length, 1);
      const record = (await getRollover(deps.kv, NEXT_WEEK)).value!;
      assert.notEqual(record.run_id, "other");
      assert.ok(record.done_at);
    });
  } finally {
    f.deps.kv.close();
  }
});

Deno.test("a run that crashed after deciding awards mails the winners once on resume", async () => {
  const { f, deps } = await setup(new Date("2026-11-23T00:00:00Z"));
  try {
    await runWeeklyRollover(deps);
    // Rewind the record to just before its mail step, as if the run died there.
    const entry = await getRollover(deps.kv, NEXT_WEEK);
    const rewound = {
      ...entry.value!,
      steps: ["live", "awards"] as ("live" | "awards")[],
      done_at: null,
      lease_until: "2026-11-23T00:01:00.000Z",
    };
    await deps.kv.set(entry.key, rewound);
    const resumed = await runWeeklyRollover({ ...deps, now: () => new Date("2026-11-23T01:00Z") });
    assert.deepEqual(resumed.weeks.map((w) => w.week), [NEXT_WEEK]);
    assert.equal(resumed.weeks[0].awards.length, 3);
    assert.equal((await awardMails(deps)).length, 1);
    assert.equal((await getRollover(deps.kv, NEXT_WEEK)).value!.steps.length, 3);
  } finally {
    f.deps.kv.close();
  }
});
