/**
 * Followers are mailed once per event (went live, posted an update), also when the job runs again,
 * and can unsubscribe through the link in the mail without signing in (GET shows a form, POST acts).
 */
import assert from "node:assert/strict";
import { mailsTo, postUpdate, runNotices } from "./followers_fixture.ts";
import { bearer, buildFixture, type Fixture, sendJson } from "./fixtures.ts";
import { followListing } from "../kv/listing_stats.ts";
import { getOrCreateUser } from "../kv/users.ts";
import { type FollowerNotice, isFollowMailOff, listFollowerNotices } from "../kv/follower_mail.ts";
import { followerNoticeKey } from "../kv/keys.ts";
import { mailFollowers } from "../services/publishing/followers.ts";
import { runWeeklyRollover } from "../services/publishing/rollover.ts";
import { handleJob } from "../services/jobs.ts";
import type { User } from "../kv/types.ts";

async function followers(f: Fixture, slug: string, count: number): Promise<User[]> {
  const users: User[] = [];
  for (let i = 1; i <= count; i++) {
    const user = await getOrCreateUser(f.deps.kv, `fan${i}@fans.example`, `Fan ${i}`, new Date());
    await followListing(f.deps.kv, f.listings[slug].id, user.id, new Date());
    users.push(user);
  }
  return users;
}

Deno.test("going live mails each follower once, also when the job is retried", async () => {
  const f = await buildFixture();
  try {
    const fans = await followers(f, "soonapp", 3);
    const deps = { ...f.deps, now: () => new Date("2026-11-23T00:00:00Z") };
    await runWeeklyRollover(deps);
    const id = f.listings.soonapp.id;
    const notices = await listFollowerNotices(deps.kv, id);
    assert.deepEqual(notices.map((n) => [n.event, n.event_id]), [["live", "2026-11-23"]]);
    await runNotices(deps, id);
    for (const fan of fans) {
      const mails = await mailsTo(deps, fan.email, "Soonapp is live");
      assert.equal(mails.length, 1, fan.email);
      assert.match(mails[0].text, /\/listings\/soonapp/);
      assert.match(mails[0].text, /\/unsubscribe\/\d+\.[0-9a-f-]+\.[A-Za-z0-9_-]{43}/);
    }
    // The job again, and again as if it had crashed before storing its cursor: no second mail.
    const key = followerNoticeKey(id, "live", "2026-11-23");
    const notice = (await deps.kv.get<FollowerNotice>(key)).value!;
    assert.ok(notice.done_at);
    await mailFollowers(deps, notice);
    await deps.kv.set(key, { ...notice, cursor: null, done_at: null });
    assert.equal(await mailFollowers(deps, notice), 3);
    // A second rollover run queues no second notice.
    await runWeeklyRollover(deps);
    assert.equal((await listFollowerNotices(deps.kv, id)).length, 1);
    for (const fan of fans) {
      assert.equal((await mailsTo(deps, fan.email, "Soonapp is live")).length, 1);
    }
  } finally {
    f.deps.kv.close();
  }
});

Deno.test("post_listing_update queues one mail per follower, sent by the queued job", async () => {
  const f = await buildFixture();
  try {
    const fans = await followers(f, "invoicely", 2);
    const id = f.listings.invoicely.id;
    const ran = new Promise<void>((resolve, reject) => {
      f.deps.kv.listenQueue(async (message) => {
        try {
          await handleJob(f.deps, message);
          if ((message as { type?: unknown }).type === "followers") resolve();
        } catch (err) {
          reject(err);
        }
      });
    });
    const posted = await sendJson(f.app, "POST", `/api/v1/me/listings/${id}/updates`, {
      title: "Invoicely 3",
      body: "Bank feeds are here.",
    }, bearer(f.keys.owner));
    assert.equal(posted.status, 201, JSON.stringify(posted.body));
    await ran;
    const notices = await listFollowerNotices(f.deps.kv, id);
    assert.equal(notices.length, 1);
    assert.equal(notices[0].event, "update");
    assert.ok(notices[0].done_at);
    for (const fan of fans) {
      const mails = await mailsTo(f.deps, fan.email, "Invoicely: Invoicely 3");
      assert.equal(mails.length, 1);
      assert.match(mails[0].text, /Bank feeds are here\./);
    }
    // The job delivered again (a duplicate message) mails nobody twice.
    await handleJob(f.deps, { type: "followers", ...notices[0] });
    for (const fan of fans) {
      assert.equal((await mailsTo(f.deps, fan.email, "Invoicely: Invoicely 3")).length, 1);
    }
  } finally {
    f.deps.kv.close();
  }
});

Deno.test("unsubscribe: GET shows a form and changes nothing, POST stops the mails", async (t) => {
  const f = await buildFixture();
  try {
    const [fan, other] = await followers(f, "invoicely", 2);
    const id = f.listings.invoicely.id;
    const post = (title: string) => postUpdate(f, id, title);
    await post("First news");
    const [mail] = await mailsTo(f.deps, fan.email, "First news");
    const link = new URL(/http\S+\/unsubscribe\/\S+/.exec(mail.text)![0]);

    await t.step("GET: a confirm form, still subscribed", async () => {
      const res = await f.app.request(link.pathname);
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /text\/html/);
      const html = await res.text();
      assert.match(html, /<form[^>]*method="post"[^>]*action="\/unsubscribe\//);
      assert.match(html, /Stop mails about Invoicely\?/);
      assert.equal(await isFollowMailOff(f.deps.kv, id, fan.id), false);
    });
    await t.step("POST: unsubscribed, no further mail", async () => {
      const res = await f.app.request(link.pathname, { method: "POST" });
      assert.equal(res.status, 200);
      assert.match(await res.text(), /You are unsubscribed/);
      assert.equal(await isFollowMailOff(f.deps.kv, id, fan.id), true);
      await post("Second news");
      assert.equal((await mailsTo(f.deps, fan.email, "Second news")).length, 0);
      assert.equal((await mailsTo(f.deps, other.email, "Second news")).length, 1);
    });
    await t.step("a tampered or made-up link is refused", async () => {
      const [, listingId, userId, sig] = /\/unsubscribe\/(\d+)\.([^.]+)\.(.+)$/.exec(
        link.pathname,
      )!;
      const flipped = sig.slice(0, -2) + (sig.at(-2) === "A" ? "B" : "A") + sig.at(-1);
      for (
        const path of [
          `/unsubscribe/${listingId}.${userId}.${flipped}`,
          `/unsubscribe/${listingId}.${other.id}.${sig}`,
          `/unsubscribe/${f.listings.billwise.id}.${userId}.${sig}`,
        ]
      ) {
        for (const method of ["GET", "POST"]) {
          const res = await f.app.request(path, { method });
          assert.equal(res.status, 404, `${method} ${path}`);
        }
      }
      assert.equal(await isFollowMailOff(f.deps.kv, id, other.id), false);
      const malformed = await f.app.request("/unsubscribe/not-a-token");
      assert.equal(malformed.status, 400);
    });
  } finally {
    f.deps.kv.close();
  }
});
