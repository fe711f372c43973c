/**
 * The public moderation log beyond voided votes: a removed and a kept review appear with their
 * reason and flag count, never the reviewer, the flagger or the team member; a listing removed then
 * restored appears twice; entries written before kinds read as voided votes; `/moderation` says each
 * decision in words and filters by kind (an unknown kind is a 400).
 */
import assert from "node:assert/strict";
import { buildFixture, type Fixture } from "./fixtures.ts";
import { STRANGER, TEAM, user } from "./reviews_fixture.ts";
import {
  createReview,
  decideReviewFlag,
  flagReview,
  moderationKind,
  moderationLog,
  stageModerationLog,
} from "../services/community/mod.ts";
import { removeListing, restoreListing } from "../services/admin/listings.ts";

/** Moves the fixture's clock on by a minute, so that decisions have an order. */
function later(f: Fixture) {
  const at = new Date(f.deps.now().getTime() + 60_000);
  f.deps.now = () => at;
}

const REMOVED = "Copied word for word from another site";
const KEPT = "A genuine customer's experience";

Deno.test("removed and kept reviews are on the log with their reason, never who", async () => {
  const f = await buildFixture();
  const sam = await user(f, STRANGER, "Sam Stranger");
  const kim = await user(f, "kim@people.example", "Kim Flagger");
  const review = await createReview(f.deps, sam, "invoicely", { rating: 1, body: "Terrible." });
  await flagReview(f.deps, kim.id, review.id, "Spam");
  await flagReview(f.deps, kim.id, "r1", "Looks fake");
  await decideReviewFlag(f.deps, review.id, { outcome: "remove", by: TEAM, reason: REMOVED });
  later(f);
  await decideReviewFlag(f.deps, "r1", { outcome: "keep", by: TEAM, reason: KEPT });

  const log = await moderationLog(f.deps, 1);
  assert.equal(log.total, 2);
  assert.deepEqual(
    log.items.map((e) => [e.kind, e.slug, e.name, e.reason, e.flags]),
    [
      ["review_kept", "invoicely", "Invoicely", KEPT, 1],
      ["review_removed", "invoicely", "Invoicely", REMOVED, 1],
    ],
  );
  const stored = JSON.stringify(log.items);
  for (const who of [sam.id, "Sam Stranger", kim.id, "Kim Flagger", TEAM, "u1", review.id]) {
    assert.ok(!stored.includes(who), `${who} is not on the log`);
  }

  const html = await (await f.app.request("/moderation")).text();
  assert.match(html, /A review of <a href="\/listings\/invoicely">Invoicely<\/a> was removed/);
  assert.match(html, /A flagged review of <a href="\/listings\/invoicely">Invoicely<\/a> was kept/);
  assert.ok(html.includes(REMOVED) && html.includes(KEPT));
  for (const who of [sam.id, "Sam Stranger", kim.id, "Kim Flagger", TEAM]) {
    assert.ok(!html.includes(who), `${who} is not on the page`);
  }
  const kept = await (await f.app.request("/moderation?kind=review_kept")).text();
  assert.ok(kept.includes(KEPT) && !kept.includes(REMOVED), "the filter shows one kind");
  assert.match(kept, /<option value="review_kept" selected/);
  const bad = await f.app.request("/moderation?kind=everything");
  assert.equal(bad.status, 400);
  assert.match(await bad.text(), /Unknown kind/);
});

Deno.test("a listing removed then restored is on the log twice; old entries are voidings", async () => {
  const f = await buildFixture();
  const team = await user(f, TEAM, "Mo Derator");
  const actor = { email: TEAM, userId: team.id };
  await removeListing(f.deps, actor, { slug: "billwise", reason: "Its domain now sells pills" });
  later(f);
  await restoreListing(f.deps, actor, { slug: "billwise", reason: "The founder got it back" });
  // An entry written before kinds existed.
  const op = f.deps.kv.atomic();
  stageModerationLog(op, {
    id: "legacy",
    at: "2026-01-02T00:00:00.000Z",
    listing_id: f.listings.invoicely.id,
    slug: "invoicely",
    name: "Invoicely",
    votes: 7,
    reason: "A ring",
    awards_note: null,
  });
  await op.commit();

  const log = await moderationLog(f.deps, 1);
  assert.equal(log.total, 3);
  assert.deepEqual(log.items.map((e) => [moderationKind(e), e.slug, e.reason]), [
    ["listing_restored", "billwise", "The founder got it back"],
    ["listing_removed", "billwise", "Its domain now sells pills"],
    ["votes_voided", "invoicely", "A ring"],
  ]);
  const stored = JSON.stringify(log.items);
  assert.ok(!stored.includes(TEAM) && !stored.includes(team.id) && !stored.includes("Mo Der"));

  const html = await (await f.app.request("/moderation")).text();
  assert.match(html, /<strong>Billwise<\/strong> was removed from the directory/);
  assert.match(html, /<a href="\/listings\/billwise">Billwise<\/a> was restored to the directory/);
  assert.match(html, /Invoicely<\/a>: 7 votes voided/);
  assert.ok(!html.includes(TEAM));
  const voided = await moderationLog(f.deps, 1, "votes_voided");
  assert.deepEqual(voided.items.map((e) => e.id), ["legacy"]);
  assert.equal(voided.total, 1);
  const removed = await (await f.app.request("/moderation?kind=listing_removed")).text();
  assert.equal(removed.match(/<tr id="decision-/g)?.length, 1);
});
