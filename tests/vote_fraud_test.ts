/**
 * Fraud signals: the cluster job flags a planted vote ring (30 new accounts from one /24 within 5
 * minutes) and a burst far above a listing's baseline, not ordinary votes nor a near miss; a second
 * run flags nothing new. Voiding with a reason takes exactly those votes off every count, writes
 * the public moderation log without voter identities and bars the voters from voting again;
 * clearing keeps the votes. The site team's page is team only; the founder sees counted and
 * voided votes by reason.
 */
import assert from "node:assert/strict";
import { buildFixture, type Fixture, NOW } from "./fixtures.ts";
import { counters, person, refused } from "./votes_fixture.ts";
import { plant } from "./vote_fraud_fixture.ts";
import { csrfOf, signedInBrowser } from "./accounts_fixture.ts";
import {
  clearCluster,
  flagVoteClusters,
  openVoteClusters,
  voidVotes,
  vote,
} from "../services/community/mod.ts";
import { castVote } from "../kv/listing_stats.ts";
import { getVotes } from "../kv/vote_moderation.ts";

const TEAM = "team@directory.example";
const OWNER = "ada@invoicely.example";
const REASON = "A ring of new accounts from one network voted within five minutes";

async function flagsOf(f: Fixture, slug: string, users: string[]) {
  return (await getVotes(f.deps.kv, f.listings[slug].id, users)).map((v) => v?.flag ?? null);
}

Deno.test("the job flags the ring and the burst, not ordinary votes; voiding takes exactly the ring off every count", async () => {
  const f = await buildFixture({ adminEmails: [TEAM] });
  const { ring, ordinary } = await plant(f);
  const before = await counters(f, "invoicely");
  assert.equal(before.votes, 5 + 30 + 30);

  const made = await flagVoteClusters(f.deps);
  assert.deepEqual(made.map((k) => [k.rule, k.votes.length]).sort(), [
    ["baseline_burst", 16],
    ["network_burst", 30],
  ]);
  const ringCluster = made.find((k) => k.rule === "network_burst")!;
  assert.equal(ringCluster.listing_id, f.listings.invoicely.id);
  assert.equal(ringCluster.network_prefix, "198.51.100.0/24");
  assert.deepEqual(ringCluster.votes.map((v) => v.user_id).sort(), ring);
  assert.ok((await flagsOf(f, "invoicely", ring)).every((fl) => fl?.cluster_id === ringCluster.id));
  assert.ok((await flagsOf(f, "invoicely", ordinary)).every((fl) => fl === null));
  const near = Array.from({ length: 9 }, (_, i) => `near-${i}`);
  assert.ok((await flagsOf(f, "billwise", near)).every((fl) => fl === null), "9 is a near miss");
  assert.deepEqual(await counters(f, "invoicely"), before, "flagged votes stay counted");

  assert.deepEqual(await flagVoteClusters(f.deps), [], "a second run flags nothing new");
  assert.equal((await openVoteClusters(f.deps)).length, 2);

  await refused(
    voidVotes(f.deps, { clusterId: ringCluster.id, reason: " ", by: TEAM }),
    400,
    /reason/,
  );
  await refused(
    voidVotes(f.deps, { clusterId: ringCluster.id, reason: "x".repeat(501), by: TEAM }),
    400,
    /1 to 500/,
  );
  const entry = await voidVotes(f.deps, { clusterId: ringCluster.id, reason: REASON, by: TEAM });
  assert.equal(entry.votes, 30);
  assert.equal(entry.awards_note, null, "this week's awards are not decided yet");
  const after = await counters(f, "invoicely");
  assert.deepEqual(after, {
    votes: before.votes - 30,
    allTime: [before.votes - 30],
    category: [before.votes - 30],
    week: [before.weekVotes! - 30],
    weekVotes: before.weekVotes! - 30,
    day: before.day - 30,
    records: before.records - 30,
    byTime: before.byTime - 30,
  });
  assert.ok((await getVotes(f.deps.kv, f.listings.invoicely.id, ordinary)).every((v) => v));
  await refused(
    voidVotes(f.deps, { clusterId: ringCluster.id, reason: REASON, by: TEAM }),
    409,
    /voided/,
  );

  // A voided voter cannot vote for that listing again; others still can.
  const again = person(ring[0], NOW, 1);
  await refused(
    vote(f.deps, again, "invoicely", { ip: "198.51.100.1", userAgent: "Ring/1.0" }),
    403,
    /voided/,
  );
  assert.equal(
    (await vote(f.deps, again, "billwise", { ip: "198.51.100.1", userAgent: "Ring/1.0" })).voted,
    true,
  );

  // The public log: listing, number, reason; never who.
  const visitor = await signedInBrowser(f, null);
  const log = await visitor.get("/moderation");
  assert.equal(log.status, 200);
  assert.match(log.html, /<h1>Moderation log<\/h1>/);
  assert.match(
    log.html,
    /href="\/listings\/invoicely">Invoicely<\/a>[^]*?30 votes[^]*?A ring of new/,
  );
  for (const id of ring) assert.ok(!log.html.includes(id), `voter ${id} is not on the log`);
  assert.ok(!log.html.includes("198.51.100"), "no network prefix on the log");
  assert.match(
    (await visitor.get("/")).html,
    /href="\/moderation"[^]*?href="\/rules"|href="\/rules"[^]*?href="\/moderation"/,
  );
});

Deno.test("clearing keeps the votes counted and closes the flag; a reason is required", async () => {
  const f = await buildFixture();
  await plant(f);
  const burst = (await flagVoteClusters(f.deps)).find((k) => k.rule === "baseline_burst")!;
  const before = await counters(f, "taskpilot");
  await refused(clearCluster(f.deps, burst.id, { reason: "", by: TEAM }), 400, /reason/);
  const cleared = await clearCluster(f.deps, burst.id, {
    reason: "A newsletter went out",
    by: TEAM,
  });
  assert.equal(cleared.status, "cleared");
  assert.deepEqual(await counters(f, "taskpilot"), before, "the votes stay counted");
  assert.ok(!(await openVoteClusters(f.deps)).some((k) => k.id === burst.id));
  assert.deepEqual(await flagVoteClusters(f.deps), [], "cleared votes are not flagged again");
  await refused(clearCluster(f.deps, burst.id, { reason: "again", by: TEAM }), 409, /cleared/);
});

Deno.test("voiding votes of an awarded week leaves the awards and says so on the log", async () => {
  const f = await buildFixture();
  const ledgerbox = f.listings.ledgerbox.id;
  await castVote(f.deps.kv, ledgerbox, "late-ring", new Date("2026-11-10T11:00:00Z"));
  const entry = await voidVotes(f.deps, {
    listingId: ledgerbox,
    userIds: ["late-ring"],
    reason: REASON,
    by: TEAM,
  });
  assert.equal(entry.votes, 1);
  assert.match(
    entry.awards_note ?? "",
    /2026-11-09[^]*not recomputed[^]*Ledgerbox was #1 with 4 votes/,
  );
  await refused(
    voidVotes(f.deps, { listingId: ledgerbox, userIds: ["late-ring"], reason: REASON, by: TEAM }),
    409,
    /None of these votes/,
  );
});

Deno.test("the flagged votes page is the site team's only; they void with a reason on it", async () => {
  const f = await buildFixture({ adminEmails: [TEAM] });
  await plant(f);
  const [first] = await flagVoteClusters(f.deps);
  const visitor = await (await signedInBrowser(f, null)).get("/admin/votes");
  assert.equal(
    visitor.headers.get("location"),
    "/signin?next=%2Fadmin%2Fvotes",
    "sign in and back",
  );
  const sam = await signedInBrowser(f, "sam@elsewhere.example");
  assert.equal((await sam.get("/admin/votes")).status, 404, "not the site team");
  const samCsrf = csrfOf((await sam.get("/listings/invoicely")).html);
  const samVoid = await sam.post(`/admin/votes/${first.id}/decide`, {
    outcome: "void",
    reason: "x",
    _csrf: samCsrf,
  });
  assert.equal(samVoid.status, 404);

  const team = await signedInBrowser(f, TEAM);
  const page = await team.get("/admin/votes");
  assert.equal(page.status, 200);
  assert.match(page.html, /<h1>Flagged votes<\/h1>/);
  assert.match(page.html, /Invoicely<\/a>: 30 votes[^]*?198\.51\.100\.0\/24[^]*?1 h to 1 h/);
  assert.match(page.html, /Void with reason[^]*?Keep \(clear the flag\) with reason/);
  const csrf = csrfOf(page.html);
  const noReason = await team.post(`/admin/votes/${first.id}/decide`, {
    outcome: "void",
    reason: "",
    _csrf: csrf,
  });
  assert.equal(noReason.status, 400);
  assert.match(noReason.html, /A reason of 1 to 500 characters is required/);
  const done = await team.post(`/admin/votes/${first.id}/decide`, {
    outcome: "void",
    reason: REASON,
    _csrf: csrf,
  });
  assert.equal(done.status, 303);
  assert.equal(done.headers.get("location"), "/admin/votes?done=voided");
  assert.equal((await counters(f, "invoicely")).votes, 5 + 30);
});

Deno.test("the founder's stats tab shows counted and voided votes by reason, never who", async () => {
  const f = await buildFixture();
  const { ring } = await plant(f);
  const ringCluster = (await flagVoteClusters(f.deps)).find((k) => k.rule === "network_burst")!;
  await voidVotes(f.deps, { clusterId: ringCluster.id, reason: REASON, by: TEAM });
  const ada = await signedInBrowser(f, OWNER);
  const stats = await ada.get(`/dashboard/listings/${f.listings.invoicely.id}/stats`);
  assert.equal(stats.status, 200);
  assert.match(
    stats.html,
    /Counted and voided votes[^]*?<dt>Counted<\/dt><dd>35<\/dd>[^]*?<dt>Voided<\/dt><dd>30<\/dd>/,
  );
  assert.match(stats.html, /30 votes voided: A ring of new accounts/);
  for (const id of ring) assert.ok(!stats.html.includes(id), `voter ${id} is not shown`);
});
