/**
 * The badge re-check cron, called directly on a moved clock: awaiting listings hourly, scheduled
 * ones daily, back to awaiting when the badge goes, the week lost when it begins without the
 * badge and a new week once it is found; mails at each change; safe to run twice and at once.
 */
import assert from "node:assert/strict";
import { chooseFree, draftListing, getMine, mailsTo, withFreeQueue } from "./publishing_fixture.ts";
import { recheckBadges } from "../services/publishing/recheck.ts";
import { getFreeWeekEntries } from "../kv/publishing.ts";

const OWNER_EMAIL = "ada@invoicely.example";
const WEEK = "2026-12-28";

Deno.test("re-checks move a free listing through its states, with a mail at each change", async () => {
  await withFreeQueue(async (bed) => {
    const { f, sites } = bed;
    const kv = f.deps.kv;
    const listing = await draftListing(bed, "Cyclical");
    sites.setHome("cyclical", "<p>No badge yet.</p>");
    const chosen = await chooseFree(f, f.keys.owner, listing.id);
    assert.equal(chosen.body.status, "awaiting_badge");
    const badge = chosen.body.free_plan.badge.embed_html;
    const homeRequests = () => sites.requestsOf("cyclical").filter((p) => p === "/").length;
    const status = async () => (await getMine(f, f.keys.owner, listing.id)).body;

    // Half an hour later the awaiting listing is not due; an hour later it is.
    bed.at("2026-11-18T12:30:00Z");
    assert.equal((await recheckBadges(f.deps)).checked, 0);
    assert.equal(homeRequests(), 1);
    bed.at("2026-11-18T13:00:00Z");
    assert.deepEqual(await recheckBadges(f.deps), {
      checked: 1,
      scheduled: 0,
      back_to_awaiting: 0,
      weeks_lost: 0,
    });
    assert.equal((await status()).free_plan.badge_check.checked_at, "2026-11-18T13:00:00.000Z");

    // The badge goes up: the next hourly run schedules the listing for its week.
    sites.setHome("cyclical", `<footer>${badge}</footer>`);
    bed.at("2026-11-18T14:00:00Z");
    assert.equal((await recheckBadges(f.deps)).scheduled, 1);
    let now = await status();
    assert.equal(now.status, "scheduled");
    assert.equal(now.launch_week, WEEK);

    // Scheduled listings are checked daily, not hourly.
    bed.at("2026-11-18T15:00:00Z");
    assert.equal((await recheckBadges(f.deps)).checked, 0);

    // The badge is removed: a day later the listing waits again, its week kept.
    sites.setHome("cyclical", "<p>Redesigned, badge gone.</p>");
    bed.at("2026-11-19T14:00:00Z");
    assert.equal((await recheckBadges(f.deps)).back_to_awaiting, 1);
    now = await status();
    assert.equal(now.status, "awaiting_badge");
    assert.equal(now.launch_week, WEEK);
    assert.equal(now.free_plan.week, WEEK);

    // The week begins without the badge: the week is lost and its slot given back.
    bed.at("2026-12-28T00:20:00Z");
    assert.equal((await recheckBadges(f.deps)).weeks_lost, 1);
    now = await status();
    assert.equal(now.status, "awaiting_badge");
    assert.equal(now.launch_week, null);
    assert.equal(now.free_plan.week, null);
    assert.equal(now.free_plan.lost_week, WEEK);
    assert.equal((await getFreeWeekEntries(kv, [WEEK]))[0].value?.reserved, 0);
    // Still no badge an hour later: no week is taken.
    bed.at("2026-12-28T01:20:00Z");
    assert.equal((await recheckBadges(f.deps)).checked, 1);
    assert.equal((await status()).launch_week, null);

    // Found again: queued for the earliest free week of the window from now (6 weeks ahead).
    sites.setHome("cyclical", `<footer>${badge}</footer>`);
    bed.at("2026-12-28T02:20:00Z");
    assert.equal((await recheckBadges(f.deps)).scheduled, 1);
    now = await status();
    assert.equal(now.status, "scheduled");
    assert.equal(now.launch_week, "2027-02-08");
    assert.equal(now.free_plan.queue_position, 1);
    assert.equal(now.free_plan.lost_week, null);

    assert.deepEqual(await mailsTo(kv, OWNER_EMAIL), [
      "Cyclical is scheduled to launch in the week of 2026-12-28 (2026-W53)",
      `The badge is gone from ${listing.url}: Cyclical is waiting again`,
      "Cyclical lost its launch week (2026-W53)",
      "Cyclical is scheduled to launch in the week of 2027-02-08 (2027-W06)",
    ]);
  });
});

Deno.test("re-checks are safe to run twice and on two instances at once", async () => {
  await withFreeQueue(async (bed) => {
    const { f, sites } = bed;
    const listing = await draftListing(bed, "Twice");
    sites.setHome("twice", "<p>No badge yet.</p>");
    const chosen = await chooseFree(f, f.keys.owner, listing.id);
    sites.setHome("twice", chosen.body.free_plan.badge.embed_html);
    bed.at("2026-11-18T13:00:00Z");
    const [a, b] = await Promise.all([recheckBadges(f.deps), recheckBadges(f.deps)]);
    assert.equal(a.scheduled + b.scheduled, 1);
    assert.equal((await recheckBadges(f.deps)).checked, 0);
    assert.equal((await getMine(f, f.keys.owner, listing.id)).body.status, "scheduled");
    assert.deepEqual(await mailsTo(f.deps.kv, OWNER_EMAIL), [
      "Twice is scheduled to launch in the week of 2026-12-28 (2026-W53)",
    ]);
  });
});

Deno.test("a scheduled listing whose site cannot be reached stays scheduled", async () => {
  await withFreeQueue(async (bed) => {
    const { f, sites } = bed;
    const listing = await draftListing(bed, "Flaky");
    sites.setHome("flaky", `<a href="http://localhost:8000/">Listed on</a>`);
    assert.equal((await chooseFree(f, f.keys.owner, listing.id)).body.status, "scheduled");
    // The site is down (its server stopped): the check records the error and changes nothing.
    await sites.stop("flaky");
    bed.at("2026-11-19T13:00:00Z");
    const summary = await recheckBadges(f.deps);
    assert.deepEqual(summary, { checked: 1, scheduled: 0, back_to_awaiting: 0, weeks_lost: 0 });
    const now = (await getMine(f, f.keys.owner, listing.id)).body;
    assert.equal(now.status, "scheduled");
    assert.equal(now.free_plan.badge_check.status, "error");
    assert.match(
      now.free_plan.badge_check.reason,
      /^Cannot check the badge on "http:\/\/127\.0\.0\.\d+:\d+\/": /,
    );
  });
});
