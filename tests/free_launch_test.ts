/**
 * The free route from end to end, by the founder alone: submit a website, save the draft, choose
 * the free plan, put the badge on the homepage, and the listing goes live in its week at the
 * weekly rollover, where its votes decide Launch of the Week.
 */
import assert from "node:assert/strict";
import { bearer, getJson, sendJson } from "./fixtures.ts";
import { chooseFree, getMine, withFreeQueue } from "./publishing_fixture.ts";
import { runDraftJob } from "../services/drafting/draft_jobs.ts";
import { recheckBadges, runWeeklyRollover } from "../services/publishing/mod.ts";
import { castVote } from "../kv/listing_stats.ts";
import { addWeeks, parseIsoDate } from "../services/platform/weeks.ts";

const HOME = `
  <p>Lumen Notes is a note taking app for research teams.</p>
  <p>Write, link and share notes with your whole lab.</p>`;

Deno.test("a founder goes from submit to live on the free plan, and the rollover decides the award", async () => {
  await withFreeQueue(async ({ f, sites, at, strangerId }) => {
    const key = f.keys.owner;
    sites.setHome("Lumen Notes", HOME);

    const submitted = await sendJson(f.app, "POST", "/api/v1/drafts", {
      url: sites.url("Lumen Notes"),
    }, bearer(key));
    assert.equal(submitted.status, 201, JSON.stringify(submitted.body));
    const draftId: string = submitted.body.id;
    await runDraftJob(f.deps, draftId);
    const edited = await sendJson(f.app, "PATCH", `/api/v1/drafts/${draftId}`, {
      fields: { name: "Lumen Notes", categories: ["Note Taking"] },
    }, bearer(key));
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    const saved = await sendJson(
      f.app,
      "POST",
      `/api/v1/drafts/${draftId}/submit`,
      undefined,
      bearer(key),
    );
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const listingId: number = saved.body.listing_id;

    // No badge yet: the week is reserved, the listing waits for the badge.
    const chosen = await chooseFree(f, key, listingId);
    assert.equal(chosen.status, 200, JSON.stringify(chosen.body));
    assert.equal(chosen.body.status, "awaiting_badge");
    const week: string = chosen.body.free_plan.week;
    assert.equal(chosen.body.free_plan.badge_check.status, "not_found");

    // The founder adds the badge; the hourly re-check finds it.
    const embed: string = chosen.body.free_plan.badge.embed_html;
    sites.setHome("Lumen Notes", HOME + embed);
    at(new Date(f.deps.now().getTime() + 60 * 60_000));
    await recheckBadges(f.deps);
    const scheduled = await getMine(f, key, listingId);
    assert.equal(scheduled.body.status, "scheduled", JSON.stringify(scheduled.body.free_plan));
    assert.equal(scheduled.body.launch_week, week);
    assert.equal(scheduled.body.queue_position, 1);
    assert.equal(scheduled.body.badge_check.status, "found");
    assert.equal(scheduled.body.badge_check.found_at_url, sites.url("Lumen Notes"));

    // The week begins: the rollover puts it live, on the week's page.
    at(new Date(parseIsoDate(week)!.getTime() + 5 * 60_000));
    await runWeeklyRollover(f.deps);
    const live = await getMine(f, key, listingId);
    assert.equal(live.body.status, "live");
    const launches = await getJson(f.app, `/api/v1/launches/weeks/${week}`);
    assert.equal(launches.status, 200);
    assert.ok(
      JSON.stringify(launches.body).includes(`"${live.body.slug}"`),
      JSON.stringify(launches.body).slice(0, 500),
    );

    // A community vote during the week; the next rollover makes it Launch of the Week #1.
    const voteAt = new Date(parseIsoDate(week)!.getTime() + 86_400_000);
    assert.equal(await castVote(f.deps.kv, listingId, strangerId, voteAt), true);
    at(new Date(parseIsoDate(addWeeks(week, 1))!.getTime() + 5 * 60_000));
    await runWeeklyRollover(f.deps);
    const awards = await getJson(f.app, `/api/v1/awards?listing=${live.body.slug}`);
    assert.equal(awards.status, 200, JSON.stringify(awards.body));
    const first = awards.body.items.find((a: { place: number; week: string }) =>
      a.place === 1 && a.week === week
    );
    assert.equal(first?.listing?.slug, live.body.slug, JSON.stringify(awards.body));
  });
});
