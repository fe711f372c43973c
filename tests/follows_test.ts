/**
 * Follows and notify-me: exact counts (also under many concurrent follows), the exact reverse of
 * an unfollow, notify-me on a scheduled listing mailed once when the rollover puts it live,
 * nothing for people who unfollowed, founder follows mailed about the founder's listings with a
 * working unsubscribe link, and the web route's guards (CSRF, sign-in, own listing, rate limit).
 */
import assert from "node:assert/strict";
import { mailsTo, postUpdate, runNotices } from "./followers_fixture.ts";
import { buildFixture, type Fixture, NOW } from "./fixtures.ts";
import { type Browser, csrfOf, signedInBrowser } from "./accounts_fixture.ts";
import { getOrCreateUser } from "../kv/users.ts";
import { getListingStats } from "../kv/listing_stats.ts";
import { isFollowing } from "../kv/follower_mail.ts";
import { founderFollowerCounts, isFounderMailOff } from "../kv/follows.ts";
import { boardPrefix, listingDailyKey } from "../kv/keys.ts";
import { runWeeklyRollover } from "../services/publishing/rollover.ts";
import {
  FOLLOW_ACTIONS_PER_MINUTE,
  setFounderFollow,
  setListingFollow,
} from "../services/community/mod.ts";
import type { User } from "../kv/types.ts";

const STRANGER = "sam@elsewhere.example";
const OWNER = "ada@invoicely.example";

async function people(f: Fixture, count: number, tag = "fan"): Promise<User[]> {
  return await Promise.all(
    Array.from(
      { length: count },
      (_, i) => getOrCreateUser(f.deps.kv, `${tag}${i}@fans.example`, `Fan ${i}`, NOW),
    ),
  );
}

/** The follows board's entries of a listing (score, id). */
async function boardEntries(kv: Deno.Kv, id: number): Promise<number[]> {
  const scores: number[] = [];
  for await (const e of kv.list({ prefix: boardPrefix("follows") })) {
    if (e.key[3] === id) scores.push(e.key[2] as number);
  }
  return scores;
}

async function dailyFollows(kv: Deno.Kv, id: number): Promise<bigint> {
  const entry = await kv.get<Deno.KvU64>(listingDailyKey(id, "follows", "2026-11-18"));
  return entry.value?.value ?? 0n;
}

/** Posts the follow form of `path` as `person`, as the island does (JSON). */
async function postJson(f: Fixture, person: Browser, path: string, fields: Record<string, string>) {
  const res = await f.app.request(path, {
    method: "POST",
    headers: {
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded",
      origin: new URL(f.deps.config.publicUrl).origin,
      cookie: [...person.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

Deno.test("follow and unfollow keep exact counts, also with many people at once", async () => {
  const f = await buildFixture();
  try {
    const { kv } = f.deps;
    const id = f.listings.invoicely.id;
    const fans = await people(f, 150);
    const outcomes = await Promise.all(
      fans.map((u) => setListingFollow(f.deps, u.id, "invoicely", "follow")),
    );
    assert.ok(outcomes.every((o) => o.following));
    assert.equal((await getListingStats(kv, id)).follows, 150);
    assert.deepEqual(await boardEntries(kv, id), [150]);
    assert.equal(await dailyFollows(kv, id), 150n);
    // Following again changes nothing.
    assert.equal(
      (await setListingFollow(f.deps, fans[0].id, "invoicely", "follow")).followers,
      150,
    );

    await Promise.all(
      fans.slice(0, 60).map((u) => setListingFollow(f.deps, u.id, "invoicely", "unfollow")),
    );
    assert.equal((await getListingStats(kv, id)).follows, 90);
    assert.deepEqual(await boardEntries(kv, id), [90]);
    assert.equal(await dailyFollows(kv, id), 90n);
    assert.equal(await isFollowing(kv, id, fans[0].id), false);
    assert.equal(await isFollowing(kv, id, fans[60].id), true);
    // Unfollowing again changes nothing.
    const again = await setListingFollow(f.deps, fans[0].id, "invoicely", "unfollow");
    assert.deepEqual(again, { following: false, followers: 90 });

    await Promise.all(fans.map((u) => setFounderFollow(f.deps, u.id, "zoe-muller", "follow")));
    await Promise.all(
      fans.slice(0, 50).map((u) => setFounderFollow(f.deps, u.id, "zoe-muller", "unfollow")),
    );
    await setFounderFollow(f.deps, fans[0].id, "zoe-muller", "unfollow");
    assert.deepEqual(await founderFollowerCounts(kv, ["zoe-muller", "ada-lovelace"]), [100, 0]);
    const founder = await f.app.request("/api/v1/founders/zoe-muller");
    assert.equal((await founder.json()).followers, 100);
  } finally {
    f.deps.kv.close();
  }
});

Deno.test("notify-me on a scheduled listing: one mail when it goes live, none after unfollowing", async () => {
  const f = await buildFixture();
  try {
    const [stayed, left] = await people(f, 2);
    await setListingFollow(f.deps, stayed.id, "soonapp", "follow");
    await setListingFollow(f.deps, left.id, "soonapp", "follow");
    await setListingFollow(f.deps, left.id, "soonapp", "unfollow");
    // Awaiting the badge is upcoming too.
    assert.equal((await setListingFollow(f.deps, stayed.id, "waitapp", "follow")).followers, 1);

    const deps = { ...f.deps, now: () => new Date("2026-11-23T00:00:00Z") };
    await runWeeklyRollover(deps);
    const id = f.listings.soonapp.id;
    await runNotices(deps, id);
    await runWeeklyRollover(deps);
    await runNotices(deps, id);
    assert.equal((await mailsTo(deps, stayed.email, "Soonapp is live")).length, 1);
    assert.equal((await mailsTo(deps, left.email, "Soonapp")).length, 0);
  } finally {
    f.deps.kv.close();
  }
});

Deno.test("founder followers are mailed about the founder's listings, and can unsubscribe", async (t) => {
  const f = await buildFixture();
  try {
    const [fan, both, other] = await people(f, 3);
    const id = f.listings.invoicely.id;
    for (const u of [fan, both, other]) {
      await setFounderFollow(f.deps, u.id, "ada-lovelace", "follow");
    }
    await setListingFollow(f.deps, both.id, "invoicely", "follow");
    const post = (title: string) => postUpdate(f, id, title);
    await post("First news");
    const [mail] = await mailsTo(f.deps, fan.email, "First news");
    assert.match(mail.text, /Invoicely, by Ada Lovelace, whom you follow, posted an update/);
    assert.match(
      mail.text,
      /Stop mails about Ada Lovelace's listings: http\S+\/unsubscribe\/founder-ada-lovelace\./,
    );
    // Following the listing and its founder: one mail for the event.
    assert.equal((await mailsTo(f.deps, both.email, "First news")).length, 1);

    const link = new URL(/http\S+\/unsubscribe\/\S+/.exec(mail.text)![0]);
    await t.step("GET shows the form, POST stops the founder's mails", async () => {
      const page = await f.app.request(link.pathname);
      assert.equal(page.status, 200);
      assert.match(await page.text(), /Stop mails about Ada Lovelace\?/);
      assert.equal(await isFounderMailOff(f.deps.kv, "ada-lovelace", fan.id), false);
      const done = await f.app.request(link.pathname, { method: "POST" });
      assert.equal(done.status, 200);
      assert.match(await done.text(), /You are unsubscribed/);
      assert.equal(await isFounderMailOff(f.deps.kv, "ada-lovelace", fan.id), true);
      await post("Second news");
      assert.equal((await mailsTo(f.deps, fan.email, "Second news")).length, 0);
      assert.equal((await mailsTo(f.deps, other.email, "Second news")).length, 1);
      // Unsubscribing keeps the follow counted.
      assert.deepEqual(await founderFollowerCounts(f.deps.kv, ["ada-lovelace"]), [3]);
    });
    await t.step("a link changed to another person is refused", async () => {
      const forged = link.pathname.replace(fan.id, other.id);
      assert.equal((await f.app.request(forged, { method: "POST" })).status, 404);
      assert.equal(await isFounderMailOff(f.deps.kv, "ada-lovelace", other.id), false);
    });
  } finally {
    f.deps.kv.close();
  }
});

Deno.test("the follow routes: pages, form posts, JSON, CSRF, sign-in, own listing, rate limit", async (t) => {
  const f = await buildFixture();
  try {
    const sam = await signedInBrowser(f, STRANGER);
    const id = f.listings.invoicely.id;

    await t.step("the pages show Follow and Notify me with the person's own state", async () => {
      const live = await sam.get("/listings/invoicely");
      assert.match(live.html, /<form method="post" action="\/listings\/invoicely\/follow"/);
      assert.match(live.html, /aria-pressed="false"[^>]*>Follow<\/button>/);
      const soon = await sam.get("/listings/soonapp");
      assert.match(soon.html, />Notify me when it launches<\/button>/);
      const founder = await sam.get("/founders/ada-lovelace");
      assert.match(founder.html, /action="\/founders\/ada-lovelace\/follow"/);
    });

    await t.step("a form post follows and comes back with a 303", async () => {
      const page = await sam.get("/listings/invoicely");
      const res = await sam.post("/listings/invoicely/follow", {
        action: "follow",
        _csrf: csrfOf(page.html),
        return_to: "/listings/invoicely?from=test",
      });
      assert.equal(res.status, 303);
      assert.equal(res.headers.get("location"), "/listings/invoicely?from=test");
      assert.equal((await getListingStats(f.deps.kv, id)).follows, 1);
      const after = await sam.get("/listings/invoicely");
      assert.match(after.html, /aria-pressed="true"/);
      assert.match(after.html, /1 follower</);
      // Another person, right after, sees their own state: not following.
      const other = await signedInBrowser(f, "other@fans.example");
      assert.match((await other.get("/listings/invoicely")).html, /aria-pressed="false"/);
      // return_to off the site goes to the page instead.
      const off = await sam.post("/listings/invoicely/follow", {
        action: "unfollow",
        _csrf: csrfOf(page.html),
        return_to: "//evil.example/x",
      });
      assert.equal(off.status, 303);
      assert.equal(off.headers.get("location"), "/");
      assert.equal((await getListingStats(f.deps.kv, id)).follows, 0);
    });

    await t.step("JSON for the island, founder follows too", async () => {
      const csrf = csrfOf((await sam.get("/founders/ada-lovelace")).html);
      const res = await postJson(f, sam, "/founders/ada-lovelace/follow", {
        action: "follow",
        _csrf: csrf,
      });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { following: true, followers: 1 });
      const bad = await postJson(f, sam, "/founders/ada-lovelace/follow", {
        action: "like",
        _csrf: csrf,
      });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.error.details[0].path, "action");
      const missing = await postJson(f, sam, "/founders/nobody/follow", {
        action: "follow",
        _csrf: csrf,
      });
      assert.equal(missing.status, 404);
    });

    await t.step("without a valid CSRF token nothing changes", async () => {
      const res = await sam.post("/listings/billwise/follow", { action: "follow", _csrf: "nope" });
      assert.equal(res.status, 403);
      const json = await postJson(
        f,
        sam,
        "/listings/billwise/follow",
        { action: "follow" },
      );
      assert.equal(json.status, 403);
      assert.equal(json.body.error.code, "forbidden");
      assert.equal((await getListingStats(f.deps.kv, f.listings.billwise.id)).follows, 0);
    });

    await t.step("signed out: sent to sign in and back (401 for JSON)", async () => {
      const anon = await signedInBrowser(f, null);
      const res = await anon.post("/listings/soonapp/follow", {
        action: "follow",
        return_to: "/listings/soonapp",
      });
      assert.equal(res.status, 303);
      assert.equal(res.headers.get("location"), "/signin?next=%2Flistings%2Fsoonapp");
      const json = await postJson(
        f,
        anon,
        "/listings/soonapp/follow",
        { action: "follow" },
      );
      assert.equal(json.status, 401);
      assert.equal((await getListingStats(f.deps.kv, f.listings.soonapp.id)).follows, 0);
    });

    await t.step("owners cannot follow their own listing or profile", async () => {
      const ada = await signedInBrowser(f, OWNER);
      const page = await ada.get("/listings/invoicely");
      assert.match(page.html, /This is your listing\./);
      const csrf = csrfOf(page.html);
      for (const path of ["/listings/invoicely/follow", "/founders/ada-lovelace/follow"]) {
        const res = await postJson(f, ada, path, { action: "follow", _csrf: csrf });
        assert.equal(res.status, 403, path);
      }
      assert.equal((await getListingStats(f.deps.kv, id)).follows, 0);
    });

    await t.step(
      `rate limit: ${FOLLOW_ACTIONS_PER_MINUTE} actions a minute per person`,
      async () => {
        const fan = await signedInBrowser(f, "busy@fans.example");
        const csrf = csrfOf((await fan.get("/listings/taskpilot")).html);
        for (let i = 0; i < FOLLOW_ACTIONS_PER_MINUTE; i++) {
          const action = i % 2 === 0 ? "follow" : "unfollow";
          const res = await postJson(f, fan, "/listings/taskpilot/follow", {
            action,
            _csrf: csrf,
          });
          assert.equal(res.status, 200, `action ${i + 1}`);
        }
        const refused = await postJson(f, fan, "/listings/taskpilot/follow", {
          action: "follow",
          _csrf: csrf,
        });
        assert.equal(refused.status, 429);
        assert.ok(Number(refused.headers.get("retry-after")) > 0);
        assert.equal((await getListingStats(f.deps.kv, f.listings.taskpilot.id)).follows, 0);
        // Another person is not limited by it.
        const res = await postJson(f, sam, "/listings/taskpilot/follow", {
          action: "follow",
          _csrf: csrfOf((await sam.get("/listings/taskpilot")).html),
        });
        assert.equal(res.status, 200);
      },
    );
  } finally {
    f.deps.kv.close();
  }
});
