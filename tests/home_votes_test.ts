/**
 * The home page's launch tabs carry vote buttons: the person's pressed state, none on their own
 * listing, sign-in buttons when signed out, no island of their own (they hydrate with the tabs);
 * `/listings/votes.json` answers states for rows the tabs fetch later and refuses bad ids; in a
 * new week's first hours the week's tabs are shuffled per request, without ranks or counts.
 */
import assert from "node:assert/strict";
import { buildFixture, THIS_WEEK } from "./fixtures.ts";
import { csrfOf, signedInBrowser } from "./accounts_fixture.ts";
import { EARLY_WEEK_HOURS } from "../services/community/mod.ts";
import { VOTE_STATES_MAX } from "../routes/community/votes.tsx";

const STRANGER = "sam@elsewhere.example";
const OWNER = "ada@invoicely.example";

/** The launch tabs' part of the home page (the side lists and boards show counts of their own). */
function launchTabs(html: string): string {
  const start = html.indexOf('<section id="launches"');
  assert.ok(start >= 0, "the home page has its launch tabs");
  return html.slice(start, html.indexOf('<aside class="home-side"', start));
}

/** `slug:pressed` of every vote form in `html`, sorted. */
const pressed = (html: string) =>
  [...html.matchAll(/action="\/listings\/([a-z]+)\/vote"[^]*?aria-pressed="(true|false)"/g)]
    .map((m) => `${m[1]}:${m[2]}`).sort();

/** The row order of the launch tabs. */
const order = (html: string) =>
  [...launchTabs(html).matchAll(/class="row-name" href="\/listings\/([a-z]+)"/g)].map((m) => m[1]);

/** The props the LaunchTabs island is hydrated with. */
function tabProps(html: string): { items: { slug: string; votes: number }[] } {
  const raw = /data-island="LaunchTabs" data-props="([^"]*)"/.exec(html)?.[1];
  assert.ok(raw, "the launch tabs are an island");
  const text = raw.replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">").replaceAll("&amp;", "&");
  return JSON.parse(text);
}

Deno.test("the home page's launch tabs show vote buttons with the person's state, none on their own listing", async () => {
  const f = await buildFixture();
  const signedOut = await signedInBrowser(f, null);
  const anonymous = launchTabs((await signedOut.get("/")).html);
  assert.deepEqual(pressed(anonymous), ["billwise:false", "invoicely:false", "taskpilot:false"]);
  assert.match(anonymous, /title="Sign in to vote for /);

  const sam = await signedInBrowser(f, STRANGER);
  const before = await sam.get("/");
  const voted = await sam.post("/listings/billwise/vote", {
    action: "vote",
    _csrf: csrfOf(before.html),
    return_to: "/",
  });
  assert.equal(voted.status, 303);
  assert.equal(voted.headers.get("location"), "/");
  const home = (await sam.get("/")).html;
  assert.deepEqual(pressed(launchTabs(home)), [
    "billwise:true",
    "invoicely:false",
    "taskpilot:false",
  ]);
  assert.ok(!home.includes('data-island="VoteButton"'), "the buttons hydrate with the tabs");
  assert.deepEqual(order(home), ["invoicely", "billwise", "taskpilot"]);
  assert.match(launchTabs(home), /aria-label="Rank 1"/);
  // Another tab rendered by the server has the buttons too.
  assert.ok(
    pressed(launchTabs((await sam.get("/?section=recent")).html)).includes("billwise:true"),
  );

  const ada = await signedInBrowser(f, OWNER);
  const own = launchTabs((await ada.get("/")).html);
  assert.doesNotMatch(own, /action="\/listings\/invoicely\/vote"/);
  assert.deepEqual(pressed(own), ["billwise:false", "taskpilot:false"]);
});

Deno.test("/listings/votes.json answers the person's states, no-store, and refuses bad ids", async () => {
  const f = await buildFixture();
  const { invoicely, billwise } = f.listings;
  const sam = await signedInBrowser(f, STRANGER);
  const csrf = csrfOf((await sam.get("/")).html);
  await sam.post("/listings/billwise/vote", { action: "vote", _csrf: csrf });
  const path = `/listings/votes.json?ids=${invoicely.id},${billwise.id}`;

  const answer = await sam.get(path);
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get("cache-control"), "no-store");
  assert.deepEqual(JSON.parse(answer.html), {
    states: {
      [invoicely.id]: { voted: false, own: false },
      [billwise.id]: { voted: true, own: false },
    },
  });
  const ada = await signedInBrowser(f, OWNER);
  assert.deepEqual(JSON.parse((await ada.get(path)).html).states[invoicely.id], {
    voted: false,
    own: true,
  });
  const signedOut = await signedInBrowser(f, null);
  assert.deepEqual(JSON.parse((await signedOut.get(path)).html).states[billwise.id], {
    voted: false,
    own: false,
  });

  const tooMany = Array.from({ length: VOTE_STATES_MAX + 1 }, (_, i) => i + 1).join(",");
  for (const ids of ["", "abc", "1.5", "-1", "0", "1,,x", "99999999999999999", tooMany]) {
    const refused = await sam.get(`/listings/votes.json?ids=${ids}`);
    assert.equal(refused.status, 400, `ids=${ids.slice(0, 20)}`);
    assert.equal(refused.headers.get("cache-control"), "no-store");
    const body = JSON.parse(refused.html);
    assert.equal(body.error.code, "invalid_request");
    assert.equal(body.error.details[0].path, "ids");
  }
  const most = Array.from({ length: VOTE_STATES_MAX }, (_, i) => i + 1).join(",");
  assert.equal((await sam.get(`/listings/votes.json?ids=${most}`)).status, 200);
});

Deno.test("in a new week's first hours the home page's week tabs are shuffled per request, counts hidden", async () => {
  const f = await buildFixture();
  const monday = Date.parse(`${THIS_WEEK}T00:00:00Z`);
  f.deps.now = () => new Date(monday + 2 * 3_600_000);
  const sam = await signedInBrowser(f, STRANGER);
  const orders = new Set<string>();
  let html = "";
  for (let i = 0; i < 20 && orders.size < 2; i++) {
    html = (await sam.get("/")).html;
    orders.add(order(html).join(","));
  }
  assert.ok(orders.size > 1, "the order is drawn anew for each request");
  assert.deepEqual(order(html).sort(), ["billwise", "invoicely", "taskpilot"]);
  const tabs = launchTabs(html);
  assert.ok(!tabs.includes('aria-label="Rank'), "no ranks");
  assert.ok(!tabs.includes('class="votes-count"'), "no counts on the rows");
  assert.match(tabs, /random order, counts hidden for the first 6 hours/);
  assert.deepEqual(pressed(tabs), ["billwise:false", "invoicely:false", "taskpilot:false"]);
  assert.ok(tabProps(html).items.every((l) => l.votes === 0), "no counts in the island's props");
  const today = tabProps((await sam.get("/?section=today")).html);
  assert.ok(today.items.every((l) => l.votes === 0), "the today tab hides them too");

  // The owner's own row has no button and no count either.
  const ada = launchTabs((await (await signedInBrowser(f, OWNER)).get("/")).html);
  assert.doesNotMatch(ada, /action="\/listings\/invoicely\/vote"/);
  assert.match(ada, /Votes hidden/);

  f.deps.now = () => new Date(monday + EARLY_WEEK_HOURS * 3_600_000);
  const later = (await sam.get("/")).html;
  assert.deepEqual(order(later), ["invoicely", "billwise", "taskpilot"]);
  assert.match(launchTabs(later), /aria-label="Rank 1"/);
  assert.match(launchTabs(later), /class="votes-count">5</);
  assert.match(launchTabs(later), /ranked by community votes/);
});
