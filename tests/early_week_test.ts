/**
 * A new week's first hours: the week page lists its launches in a random order drawn per request,
 * without ranks or counts, and the vote buttons still work; after EARLY_WEEK_HOURS the ranked
 * list with counts is back. The clock is moved, never waited for.
 */
import assert from "node:assert/strict";
import { buildFixture, THIS_WEEK } from "./fixtures.ts";
import { csrfOf, signedInBrowser } from "./accounts_fixture.ts";
import { EARLY_WEEK_HOURS, inEarlyHours } from "../services/community/mod.ts";
import { getVoteCounts } from "../kv/listing_stats.ts";

const order = (html: string) =>
  [...html.matchAll(/class="row-name" href="\/listings\/([a-z]+)"/g)].map((m) => m[1]);

Deno.test("in a week's first hours the launches are shuffled per request with counts hidden", async () => {
  const f = await buildFixture();
  const monday = Date.parse(`${THIS_WEEK}T00:00:00Z`);
  f.deps.now = () => new Date(monday + 2 * 3_600_000);
  assert.ok(inEarlyHours(THIS_WEEK, f.deps.now()));
  const sam = await signedInBrowser(f, "sam@elsewhere.example");
  const orders = new Set<string>();
  let page = "";
  for (let i = 0; i < 20 && orders.size < 2; i++) {
    page = (await sam.get("/launches/this")).html;
    orders.add(order(page).join(","));
  }
  assert.ok(orders.size > 1, "the order is drawn anew for each request");
  assert.deepEqual(order(page).sort(), ["billwise", "invoicely", "taskpilot"]);
  assert.match(page, /random order with counts hidden for the week's first 6 hours/);
  assert.ok(!page.includes('aria-label="Rank'), "no ranks");
  assert.ok(!/class="votes-count"/.test(page), "no counts");
  assert.ok(!/Launch day \(/.test(page), "no launch-day vote figures");

  // The vote button still votes.
  const voted = await sam.post("/listings/billwise/vote", {
    action: "vote",
    _csrf: csrfOf(page),
    return_to: "/launches/this",
  });
  assert.equal(voted.status, 303);
  assert.deepEqual(await getVoteCounts(f.deps.kv, f.listings.billwise.id, THIS_WEEK), {
    votes: 4,
    week_votes: 4,
  });

  // After the first hours: ranked by votes, with counts.
  f.deps.now = () => new Date(monday + EARLY_WEEK_HOURS * 3_600_000);
  assert.ok(!inEarlyHours(THIS_WEEK, f.deps.now()));
  const later = (await sam.get("/launches/this")).html;
  assert.deepEqual(order(later), ["invoicely", "billwise", "taskpilot"]);
  assert.match(later, /aria-label="Rank 1"/);
  assert.match(later, /class="votes-count">5</);
});
