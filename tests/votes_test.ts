/**
 * Votes: one per person per listing, undoable; live listings only; never the team's own; the
 * signals kept with each vote (no full address); every board and counter exact after votes and
 * undos, also 1,000 at once; the web route's CSRF check, rate limit and form vs JSON answers.
 */
import assert from "node:assert/strict";
import { buildFixture, type Fixture, NOW } from "./fixtures.ts";
import { consistent, CONTEXT, counters, person, refused } from "./votes_fixture.ts";
import { signedInBrowser } from "./accounts_fixture.ts";
import { undoVote, vote, VOTE_ACTIONS_PER_MINUTE } from "../services/community/mod.ts";
import { networkPrefix } from "../services/community/network.ts";
import { sha256Hex } from "../services/platform/mod.ts";
import { ApiError } from "../services/platform/errors.ts";
import * as keys from "../kv/keys.ts";
import { updateListing } from "../kv/listings.ts";
import type { Vote } from "../kv/types.ts";

const STRANGER = "sam@elsewhere.example";

Deno.test("one vote per person; undo takes it back; every board and counter moves exactly", async () => {
  const f = await buildFixture();
  const before = await counters(f, "invoicely");
  assert.deepEqual(before, consistent(5, 0));
  const voter = person("voter-a", NOW);
  assert.deepEqual(await vote(f.deps, voter, "invoicely", CONTEXT), {
    voted: true,
    votes: 6,
    week_votes: 6,
  });
  assert.deepEqual(await vote(f.deps, voter, "invoicely", CONTEXT), {
    voted: true,
    votes: 6,
    week_votes: 6,
  }, "a second vote changes nothing");
  assert.deepEqual(await counters(f, "invoicely"), consistent(6, 1));
  assert.ok((await f.deps.kv.get(keys.voteByUserKey(voter.id, f.listings.invoicely.id))).value);

  assert.deepEqual(await undoVote(f.deps, voter, "invoicely"), {
    voted: false,
    votes: 5,
    week_votes: 5,
  });
  assert.deepEqual(await undoVote(f.deps, voter, "invoicely"), {
    voted: false,
    votes: 5,
    week_votes: 5,
  }, "undoing twice changes nothing");
  assert.deepEqual(await counters(f, "invoicely"), before);
  assert.equal(
    (await f.deps.kv.get(keys.voteByUserKey(voter.id, f.listings.invoicely.id))).value,
    null,
  );
});

Deno.test("a vote after the launch week moves the all-time and category boards, not the week's", async () => {
  const f = await buildFixture();
  const before = await counters(f, "ledgerbox");
  const voter = person("voter-late", NOW);
  const outcome = await vote(f.deps, voter, "ledgerbox", CONTEXT);
  assert.deepEqual(outcome, { voted: true, votes: 5, week_votes: 4 });
  const after = await counters(f, "ledgerbox");
  assert.deepEqual(after, {
    ...before,
    votes: 5,
    allTime: [5],
    category: [5],
    day: 1,
    records: 5,
    byTime: 5,
  });
  const stored = (await f.deps.kv.get<Vote>(keys.voteKey(f.listings.ledgerbox.id, voter.id))).value;
  assert.equal(stored?.week, null, "the vote did not count for the launch week");
  await undoVote(f.deps, voter, "ledgerbox");
  assert.deepEqual(await counters(f, "ledgerbox"), before);
});

Deno.test("votes are refused: not live (409), not public (404), owner and co-founder (403)", async () => {
  const f = await buildFixture();
  const voter = person("voter-b", NOW);
  await refused(vote(f.deps, voter, "soonapp", CONTEXT), 409, /Soon.* is not live/i);
  await refused(undoVote(f.deps, voter, "soonapp"), 409, /not live/);
  await refused(vote(f.deps, voter, "draftapp", CONTEXT), 404, /No listing/);
  const owner = { ...person("owner", NOW), id: f.listings.invoicely.owner_id! };
  await refused(vote(f.deps, owner, "invoicely", CONTEXT), 403, /cannot vote for your own/);
  const cofounder = person("cofounder-b", NOW);
  await updateListing(f.deps.kv, f.listings.billwise.id, () => ({
    cofounder_ids: [cofounder.id],
  }), NOW);
  await refused(vote(f.deps, cofounder, "billwise", CONTEXT), 403, /team of Billwise/i);
  assert.equal((await counters(f, "billwise")).votes, 3);
});

Deno.test("a vote keeps its signals: account age, activity, network prefix, agent hash, timing", async () => {
  const f = await buildFixture();
  const voter = person("voter-c", NOW, 2);
  await vote(f.deps, voter, "invoicely", CONTEXT);
  await vote(f.deps, voter, "billwise", {
    ip: "2001:db8:abcd:12:34::1",
    userAgent: CONTEXT.userAgent,
  });
  const read = async (slug: string) =>
    (await f.deps.kv.get<Vote>(keys.voteKey(f.listings[slug].id, voter.id))).value!;
  const first = await read("invoicely");
  assert.deepEqual(first, {
    listing_id: f.listings.invoicely.id,
    user_id: voter.id,
    at: NOW.toISOString(),
    week: "2026-11-16",
    signals: {
      account_age_s: 2 * 86_400,
      other_votes: 0,
      owned_listings: 0,
      other_activity: false,
      network_prefix: "203.0.113.0/24",
      user_agent_sha256: await sha256Hex(CONTEXT.userAgent),
      since_live_s: 52 * 3600, // live since Monday 08:00, voted Wednesday 12:00
    },
    voided: null,
  });
  const second = await read("billwise");
  assert.equal(second.signals?.network_prefix, "2001:db8:abcd::/48");
  assert.equal(second.signals?.other_votes, 1);
  assert.equal(second.signals?.other_activity, true);
  for (const stored of [first, second]) {
    const text = JSON.stringify(stored);
    assert.ok(!text.includes("203.0.113.77") && !text.includes(":34::1"), text);
  }
  const owner = await vote(
    f.deps,
    { ...person("o", NOW), id: f.listings.invoicely.owner_id! },
    "billwise",
    CONTEXT,
  );
  assert.equal(owner.voted, true);
  const ownerVote = (await f.deps.kv.get<Vote>(
    keys.voteKey(f.listings.billwise.id, f.listings.invoicely.owner_id!),
  )).value!;
  assert.ok(ownerVote.signals!.owned_listings >= 1 && ownerVote.signals!.other_activity);
});

Deno.test("network prefixes: IPv4 /24, IPv6 /48, mapped IPv4, nothing for non-addresses", () => {
  assert.equal(networkPrefix("198.51.100.200"), "198.51.100.0/24");
  assert.equal(networkPrefix("::ffff:198.51.100.9"), "198.51.100.0/24");
  assert.equal(networkPrefix("2001:DB8::1"), "2001:db8:0::/48");
  assert.equal(networkPrefix("[2a01:4f8:c17:1::2]"), "2a01:4f8:c17::/48");
  assert.equal(networkPrefix("::1"), "0:0:0::/48");
  assert.equal(networkPrefix("unknown"), null);
  assert.equal(networkPrefix("300.1.1.1"), null);
  assert.equal(networkPrefix("1:2:3:4:5:6:7:8:9"), null);
});

Deno.test("1,000 people voting at once leave exactly 1,000; 1,000 undos at once leave 0", async () => {
  const f = await buildFixture();
  const people = Array.from({ length: 1000 }, (_, i) => person(`crowd-${i}`, NOW));
  await Promise.all(people.map((p) => vote(f.deps, p, "invoicely", CONTEXT)));
  assert.deepEqual(await counters(f, "invoicely"), consistent(1005, 1000));
  await Promise.all(people.map((p) => undoVote(f.deps, p, "invoicely")));
  assert.deepEqual(await counters(f, "invoicely"), consistent(5, 0));
});

Deno.test("votes and undos mixed at once, repeats included, leave exact counts", async () => {
  const f = await buildFixture();
  const people = Array.from({ length: 600 }, (_, i) => person(`mix-${i}`, NOW));
  await Promise.all(people.slice(0, 300).map((p) => vote(f.deps, p, "taskpilot", CONTEXT)));
  // At once: 150 earlier voters undo, the other 150 vote again (no change), 300 new people vote.
  await Promise.all([
    ...people.slice(0, 150).map((p) => undoVote(f.deps, p, "taskpilot")),
    ...people.slice(150, 300).map((p) => vote(f.deps, p, "taskpilot", CONTEXT)),
    ...people.slice(300).map((p) => vote(f.deps, p, "taskpilot", CONTEXT)),
  ]);
  const expected = 1 + 450; // the fixture's one vote was cast today too
  const after = await counters(f, "taskpilot");
  assert.deepEqual(after, consistent(expected, expected));
});

Deno.test("each person has 60 vote actions a minute: the 61st is a 429 with Retry-After", async () => {
  const f = await buildFixture();
  const voter = person("voter-busy", NOW);
  for (let i = 0; i < VOTE_ACTIONS_PER_MINUTE / 2; i++) {
    await vote(f.deps, voter, "billwise", CONTEXT);
    await undoVote(f.deps, voter, "billwise");
  }
  await assert.rejects(vote(f.deps, voter, "billwise", CONTEXT), (err: unknown) => {
    assert.ok(err instanceof ApiError);
    assert.equal(err.status, 429);
    assert.match(err.message, /at most 60 vote actions a minute/);
    assert.ok(Number(err.headers["Retry-After"]) > 0);
    return true;
  });
  await vote(f.deps, person("someone-else", NOW), "billwise", CONTEXT);
  assert.equal((await counters(f, "billwise")).votes, 4, "another person is not limited");
});

/** A form post of the signed-in browser, asking for JSON when `json`. */
async function post(
  f: Fixture,
  cookies: Map<string, string>,
  path: string,
  fields: Record<string, string>,
  json = false,
) {
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    origin: new URL(f.deps.config.publicUrl).origin,
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
  };
  if (json) headers.accept = "application/json";
  return await f.app.request(path, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

Deno.test("the vote route: sign-in first, CSRF checked, form 303 back, JSON for the island", async () => {
  const f = await buildFixture();
  const path = "/listings/invoicely/vote";
  const out = await signedInBrowser(f, null);
  const signedOut = await out.post(path, { action: "vote", return_to: "/launches/this" });
  assert.equal(signedOut.status, 303);
  assert.equal(
    signedOut.headers.get("location"),
    `/signin?next=${encodeURIComponent("/launches/this")}`,
  );
  const signedOutJson = await post(f, out.cookies, path, { action: "vote" }, true);
  assert.equal(signedOutJson.status, 401);

  const sam = await signedInBrowser(f, STRANGER);
  const page = await sam.get("/listings/invoicely");
  assert.match(page.html, /aria-pressed="false"/);
  const csrf = /action="\/listings\/invoicely\/vote"[^]*?name="_csrf" value="([^"]+)"/.exec(
    page.html,
  )?.[1];
  assert.ok(csrf, "the vote form carries the session's CSRF token");

  const forged = await sam.post(path, { action: "vote", _csrf: "forged" });
  assert.equal(forged.status, 403);
  const forgedJson = await post(f, sam.cookies, path, { action: "vote", _csrf: "forged" }, true);
  assert.equal(forgedJson.status, 403);
  assert.equal((await forgedJson.json()).error.code, "forbidden");
  assert.equal((await counters(f, "invoicely")).votes, 5);

  const bad = await post(f, sam.cookies, path, { action: "maybe", _csrf: csrf }, true);
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error.details[0].path, "action");

  const form = await sam.post(path, { action: "vote", _csrf: csrf, return_to: "/launches/this" });
  assert.equal(form.status, 303);
  assert.equal(form.headers.get("location"), "/launches/this");
  assert.equal((await counters(f, "invoicely")).votes, 6);
  const voted = await sam.get("/listings/invoicely");
  assert.match(voted.html, /aria-pressed="true"/);

  const offSite = await sam.post(path, {
    action: "undo",
    _csrf: csrf,
    return_to: "//evil.example/x",
  });
  assert.equal(
    offSite.headers.get("location"),
    "/",
    "an off-site return_to is not followed",
  );

  const json = await post(f, sam.cookies, path, { action: "vote", _csrf: csrf }, true);
  assert.equal(json.status, 200);
  assert.deepEqual(await json.json(), { voted: true, votes: 6, week_votes: 6 });
  const notLive = await post(f, sam.cookies, "/listings/soonapp/vote", {
    action: "vote",
    _csrf: csrf,
  }, true);
  assert.equal(notLive.status, 409);
  assert.match((await notLive.json()).error.message, /not live/);
  const notLiveForm = await sam.post("/listings/soonapp/vote", { action: "vote", _csrf: csrf });
  assert.equal(notLiveForm.status, 409);
  assert.match(notLiveForm.html, /not live/);
});

Deno.test("the route answers the person's 429 with Retry-After, as JSON and as a page", async () => {
  const f = await buildFixture();
  const sam = await signedInBrowser(f, STRANGER);
  const csrf = /name="_csrf" value="([^"]+)"/.exec((await sam.get("/listings/billwise")).html)![1];
  for (let i = 0; i < VOTE_ACTIONS_PER_MINUTE; i++) {
    const action = i % 2 === 0 ? "vote" : "undo";
    const res = await post(
      f,
      sam.cookies,
      "/listings/billwise/vote",
      { action, _csrf: csrf },
      true,
    );
    assert.equal(res.status, 200);
    await res.body?.cancel();
  }
  const limited = await post(f, sam.cookies, "/listings/billwise/vote", {
    action: "vote",
    _csrf: csrf,
  }, true);
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
  assert.equal((await limited.json()).error.code, "rate_limited");
  const page = await sam.post("/listings/billwise/vote", { action: "vote", _csrf: csrf });
  assert.equal(page.status, 429);
  assert.ok(Number(page.headers.get("retry-after")) > 0);
});

Deno.test("pages batch the person's vote state; owners see their count without a button", async () => {
  const f = await buildFixture();
  const sam = await signedInBrowser(f, STRANGER);
  const csrf = /name="_csrf" value="([^"]+)"/.exec((await sam.get("/listings/billwise")).html)![1];
  await sam.post("/listings/billwise/vote", { action: "vote", _csrf: csrf });
  const pressed = async (path: string) =>
    [
      ...(await sam.get(path)).html.matchAll(
        /action="\/listings\/([a-z]+)\/vote"[^]*?aria-pressed="(true|false)"/g,
      ),
    ].map((m) => `${m[1]}:${m[2]}`).sort();
  assert.deepEqual(await pressed("/launches/this"), [
    "billwise:true",
    "invoicely:false",
    "taskpilot:false",
  ]);
  // Category pages and search results are launch lists too.
  assert.deepEqual(await pressed("/categories/invoicing"), ["billwise:true", "invoicely:false"]);
  assert.deepEqual(await pressed("/search?q=billwise"), ["billwise:true"]);

  const ada = await signedInBrowser(f, "ada@invoicely.example");
  const own = await ada.get("/listings/invoicely");
  assert.doesNotMatch(own.html, /action="\/listings\/invoicely\/vote"/);
  assert.match(own.html, /<strong>5<\/strong> votes/);
  const board = await ada.get("/leaderboards/community-all-time");
  assert.doesNotMatch(board.html, /action="\/listings\/invoicely\/vote"/);
  assert.match(board.html, /action="\/listings\/billwise\/vote"/);
  const paid = await ada.get("/leaderboards/billboard");
  assert.doesNotMatch(paid.html, /\/vote"/, "the paid board has no vote buttons");
});
