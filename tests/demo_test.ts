import assert from "node:assert/strict";
import { loadDemoData } from "../demo/mod.ts";
import { addWeeks, mondayOf } from "../services/platform/weeks.ts";
import { listAwardRecords } from "../kv/awards.ts";
import { listBlogPostRecords } from "../kv/blog.ts";
import { getCategoryRecord } from "../kv/categories.ts";
import { getFounderRecord, listFounderRecords } from "../kv/founders.ts";
import { boardPrefix, listingIdCounterKey, votesPrefix, weekBoardPrefix } from "../kv/keys.ts";
import { getListings } from "../kv/listings.ts";
import type { Listing } from "../kv/types.ts";
import { getListingStatsMany, listDomainRatings, listRevenue } from "../kv/listing_stats.ts";
import { listReviews } from "../kv/listing_feed.ts";
import { readBoard } from "../kv/boards.ts";

// A Wednesday: the current week has launches both before and after it.
const NOW = new Date("2026-11-18T12:00:00Z");

async function allListings(kv: Deno.Kv): Promise<Listing[]> {
  const counter = (await kv.get<Deno.KvU64>(listingIdCounterKey())).value;
  const max = Number(counter?.value ?? 0n);
  return await getListings(kv, Array.from({ length: max }, (_, i) => i + 1));
}

Deno.test("demo data loads a believable directory once, deterministically", async (t) => {
  const kv = await Deno.openKv(":memory:");
  const started = performance.now();
  assert.equal(await loadDemoData(kv, NOW), true);
  const loadMs = performance.now() - started;
  console.log(`demo load: ${Math.round(loadMs)} ms`);
  const listings = await allListings(kv);
  const live = listings.filter((l) => l.status === "live");
  const thisWeek = mondayOf(NOW);
  const pastWeeks = Array.from({ length: 12 }, (_, k) => addWeeks(thisWeek, -(k + 1)));

  await t.step("runs once", async () => {
    assert.equal(await loadDemoData(kv, NOW), false);
    assert.equal((await allListings(kv)).length, listings.length);
  });

  await t.step("about 200 listings in every publishing state", () => {
    assert.ok(listings.length >= 180 && listings.length <= 240, `${listings.length} listings`);
    const count = (status: string) => listings.filter((l) => l.status === status).length;
    assert.ok(live.length >= 150, `${live.length} live`);
    assert.ok(count("scheduled") >= 15, `${count("scheduled")} scheduled`);
    assert.ok(count("awaiting_badge") >= 3);
    assert.ok(count("draft") >= 3);
    for (const l of listings.filter((l) => l.status === "awaiting_badge")) {
      assert.equal(l.plan, "free");
      assert.equal(l.launch_week, null);
    }
    assert.equal(new Set(listings.map((l) => l.name.toLowerCase())).size, listings.length);
    assert.equal(new Set(listings.map((l) => l.domain)).size, listings.length);
  });

  await t.step("twelve past weeks of launches, plus this week's so far", () => {
    const weeks = new Set(live.map((l) => l.launch_week));
    assert.ok(weeks.size >= 12, `${weeks.size} weeks with live launches`);
    for (const week of pastWeeks) {
      const n = live.filter((l) => l.launch_week === week).length;
      assert.ok(n >= 12 && n <= 15, `${n} launches in ${week}`);
    }
    for (const l of live) {
      assert.ok(l.launched_at! < NOW.toISOString());
      assert.equal(mondayOf(new Date(l.launched_at!)), l.launch_week);
    }
    assert.ok(live.some((l) => l.launch_week === thisWeek));
  });

  await t.step("scheduled launches are in future weeks: free 6-8 weeks out, paid sooner", () => {
    const future = listings.filter((l) => l.status === "scheduled" && l.launch_week! > thisWeek);
    assert.ok(future.length >= 15, `${future.length} scheduled in future weeks`);
    for (const l of future) {
      const weeksOut = Math.round(
        (Date.parse(l.launch_week!) - Date.parse(thisWeek)) / (7 * 86_400_000),
      );
      if (l.plan === "free") {
        assert.ok(weeksOut >= 6 && weeksOut <= 8, `free ${weeksOut} weeks out`);
      } else assert.ok(weeksOut >= 1 && weeksOut <= 8, `paid ${weeksOut} weeks out`);
    }
    for (const l of listings.filter((l) => l.status === "scheduled")) {
      assert.ok(l.launch_week! >= thisWeek);
    }
  });

  await t.step("categories exist and facts not on the website are blank", async () => {
    for (const l of listings) {
      for (const slug of [l.primary_category, ...l.extra_categories]) {
        assert.ok(await getCategoryRecord(kv, slug), `category "${slug}" of ${l.slug}`);
      }
      assert.ok(l.extra_categories.length <= 3);
      if (l.extra_categories.length > 0) assert.equal(l.plan, "paid");
      for (const field of l.not_found_on_website) {
        const value = (l as unknown as Record<string, unknown>)[field];
        assert.ok(value === null || value === "", `${l.slug}.${field} should be blank`);
      }
      assert.ok(l.contact_email!.endsWith(`@${l.domain}`));
      assert.ok(l.features.length >= 3 && l.features.length <= 6);
      assert.ok(l.faqs.length >= 2 && l.faqs.length <= 4);
      assert.ok(l.description.split("\n\n").length >= 2);
      assert.ok(l.owner_id);
      if (l.unlocked.length > 0) {
        assert.equal(l.plan, "paid");
        assert.ok(l.story?.title);
        assert.ok(l.milestones.length >= 2);
        assert.deepEqual(l.milestones.map((m) => m.id), l.milestones.map((_, i) => i + 1));
      }
    }
    assert.ok(listings.some((l) => l.not_found_on_website.length > 0));
    assert.ok(listings.filter((l) => l.featured).length >= 3);
  });

  await t.step("founders resolve both ways", async () => {
    const founders = await listFounderRecords(kv);
    assert.ok(founders.length >= 130 && founders.length <= 170, `${founders.length} founders`);
    for (const l of listings) {
      assert.ok(l.founder_slugs.length >= 1 && l.founder_slugs.length <= 2);
      for (const slug of l.founder_slugs) {
        const founder = await getFounderRecord(kv, slug);
        assert.ok(founder, `founder "${slug}" of ${l.slug}`);
        assert.ok(founder.listing_ids.includes(l.id));
      }
    }
    for (const f of founders) {
      assert.ok(f.listing_ids.length >= 1);
      assert.ok(f.bio.length > 40);
      assert.ok(f.user_id);
    }
  });

  await t.step("votes are skewed and all in the past", async () => {
    const stats = await getListingStatsMany(kv, live.map((l) => l.id));
    const votes = live.map((l) => stats.get(l.id)!.votes).sort((a, b) => a - b);
    const median = votes[Math.floor(votes.length / 2)];
    assert.ok(votes[votes.length - 1] >= 100, `top listing has ${votes[votes.length - 1]} votes`);
    assert.ok(median >= 5 && median <= 60, `median ${median}`);
    for (const l of live.slice(0, 20)) {
      for await (const e of kv.list<{ at: string }>({ prefix: votesPrefix(l.id) })) {
        assert.ok(e.value.at < NOW.toISOString());
      }
    }
    const all = await readBoard(kv, boardPrefix("votes_all"), { offset: 0, limit: 5 });
    assert.equal(all[0].score, votes[votes.length - 1]);
    assert.ok(live.every((l) => stats.get(l.id)!.views > 0));
  });

  await t.step("awards for each past week, place 1 with the most weekly votes", async () => {
    const awards = await listAwardRecords(kv);
    for (const week of pastWeeks) {
      const ofWeek = awards.filter((a) => a.week === week).sort((a, b) => a.place - b.place);
      assert.deepEqual(ofWeek.map((a) => a.place), [1, 2, 3], `awards of ${week}`);
      const [top] = await readBoard(kv, weekBoardPrefix(week), { offset: 0, limit: 1 });
      assert.equal(ofWeek[0].votes, top.score);
      assert.ok(ofWeek[0].votes >= ofWeek[1].votes && ofWeek[1].votes >= ofWeek[2].votes);
      for (const a of ofWeek) {
        assert.equal(listings.find((l) => l.id === a.listing_id)!.launch_week, week);
      }
    }
    assert.equal(awards.filter((a) => a.week === thisWeek).length, 0);
  });

  await t.step("billboard, Domain Rating and revenue boards are filled", async () => {
    const billboard = await readBoard(kv, boardPrefix("billboard"), { offset: 0, limit: 5 });
    const dr = await readBoard(kv, boardPrefix("domain_rating"), { offset: 0, limit: 5 });
    const revenue = await readBoard(kv, boardPrefix("revenue"), { offset: 0, limit: 5 });
    assert.equal(billboard.length, 5);
    assert.equal(dr.length, 5);
    assert.equal(revenue.length, 5);
    assert.ok(billboard[0].score >= 500);
    assert.ok(dr.every((e) => e.score >= 0 && e.score <= 100));
    const history = await listDomainRatings(kv, dr[0].id);
    assert.ok(history.length >= 6 && history.length <= 12);
    const months = await listRevenue(kv, revenue[0].id);
    assert.ok(months.length >= 3 && months.length <= 12);
    assert.equal(months[months.length - 1].mrr_cents, revenue[0].score);
  });

  await t.step("reviews include a few that must not count", async () => {
    let total = 0, owner = 0, flagged = 0;
    for (const l of live) {
      const reviews = await listReviews(kv, l.id);
      total += reviews.length;
      owner += reviews.filter((r) => r.user_id === l.owner_id).length;
      flagged += reviews.filter((r) => r.flagged).length;
      for (const r of reviews) assert.ok(r.rating >= 1 && r.rating <= 5);
    }
    assert.ok(total >= 150, `${total} reviews`);
    assert.ok(owner >= 1 && flagged >= 1);
  });

  await t.step("eight blog posts in Markdown", async () => {
    const posts = await listBlogPostRecords(kv);
    assert.equal(posts.length, 8);
    assert.equal(new Set(posts.map((p) => p.slug)).size, 8);
    for (const p of posts) {
      const words = p.body.split(/\s+/).filter(Boolean).length;
      assert.ok(words >= 400 && words <= 900, `${p.slug}: ${words} words`);
      assert.match(p.body, /^## /m);
      assert.ok(p.faqs.length >= 2 && p.faqs.length <= 3);
      assert.ok(p.published_at < NOW.toISOString());
    }
    assert.ok(posts.some((p) => p.body.includes("```")));
  });

  await t.step("the same now gives the same directory", async () => {
    const other = await Deno.openKv(":memory:");
    try {
      assert.equal(await loadDemoData(other, NOW), true);
      const again = await allListings(other);
      assert.deepEqual(again.map((l) => l.name), listings.map((l) => l.name));
      assert.deepEqual(again.map((l) => l.status), listings.map((l) => l.status));
    } finally {
      other.close();
    }
  });

  kv.close();
});
