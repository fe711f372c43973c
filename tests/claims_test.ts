/**
 * Claims through REST against local fakes (tests/claims_fixture.ts): a DNS server on 127.0.0.1,
 * product websites on 127.0.0.x and the mail outbox.
 */
import assert from "node:assert/strict";
import { type Fixture, getJson, NOW } from "./fixtures.ts";
import { mailsTo } from "./publishing_fixture.ts";
import { getListing } from "../kv/listings.ts";
import { listOutbox } from "../services/platform/mail.ts";
import { decideClaim, listReviewClaims, sweepExpiredClaims } from "../services/claims/mod.ts";
import {
  ADA,
  claim,
  FILE,
  myClaims,
  myListingIds,
  page,
  SAM,
  text,
  verify,
  withClaims,
} from "./claims_fixture.ts";

Deno.test("dns: only a TXT record at _launchdirectory.<domain> verifies; the listing passes to the claimant", async () => {
  await withClaims(async ({ f, dns, ids }) => {
    const res = await claim(f, f.keys.stranger, { slug: "billwise", method: "dns" });
    assert.equal(res.status, 201);
    const c = res.body;
    assert.equal(c.status, "pending");
    assert.deepEqual(c.listing, { id: f.listings.billwise.id, slug: "billwise", name: "Billwise" });
    assert.equal(c.instructions.where, "_launchdirectory.billwise.example");
    assert.match(c.instructions.publish, /^launchdirectory-verification=[0-9a-f]{32}$/);
    assert.equal(c.expires_at, new Date(NOW.getTime() + 14 * 86_400_000).toISOString());
    // The token in the wrong place: a TXT record at the bare domain.
    dns.set("billwise.example", [c.instructions.publish]);
    const wrong = await verify(f, f.keys.stranger, c.id);
    assert.equal(wrong.status, 200);
    assert.equal(wrong.body.status, "pending");
    assert.equal(
      wrong.body.last_check.reason,
      `No TXT record "${c.instructions.publish}" at _launchdirectory.billwise.example: no TXT records`,
    );
    dns.set("_launchdirectory.billwise.example", ["v=spf1 -all", c.instructions.publish]);
    const ok = await verify(f, f.keys.stranger, c.id);
    assert.equal(ok.body.status, "verified");
    assert.equal(ok.body.last_check.found, true);
    assert.equal(ok.body.attempts, 2);
    assert.equal(ok.body.review, null);
    const listing = (await getListing(f.deps.kv, f.listings.billwise.id))!;
    assert.equal(listing.owner_id, ids.sam);
    assert.equal(listing.verified, true);
    assert.equal(listing.plan, null, "verified does not mean paid");
    assert.deepEqual(await myListingIds(f, f.keys.stranger), [listing.id]);
    assert.equal((await getJson(f.app, "/api/v1/listings/billwise")).body.verified, true);
    // A verified claim answers its status without checking again.
    const asked = dns.queries.length;
    assert.equal((await verify(f, f.keys.stranger, c.id)).body.status, "verified");
    assert.equal(dns.queries.length, asked);
  });
});

Deno.test("meta: only a tag in the homepage's <head> with this claim's token counts", async () => {
  await withClaims(async ({ f, sites, acme }) => {
    const c = (await claim(f, f.keys.stranger, { slug: acme.slug, method: "meta" })).body;
    const tag = c.instructions.publish;
    assert.equal(c.instructions.where, sites.url("acme"));
    const reason = async () => (await verify(f, f.keys.stranger, c.id)).body.last_check.reason;
    sites.setPath("acme", "/", () => new Response("no", { status: 403 }));
    assert.equal(await reason(), "The homepage answered 403");
    sites.setPath(
      "acme",
      "/",
      page(`<html><head><title>A</title></head><body>${tag}</body></html>`),
    );
    assert.match(await reason(), /^The meta tag is outside the <head> of /);
    sites.setPath(
      "acme",
      "/",
      page(`<html><head><meta name="launchdirectory-verification" content="nope"></head></html>`),
    );
    assert.equal(await reason(), `The meta tag's content is "nope", not this claim's token`);
    sites.setPath(
      "acme",
      "/",
      page(`<html><head><title>A</title>${tag}</head><body></body></html>`),
    );
    const ok = await verify(f, f.keys.stranger, c.id);
    assert.equal(ok.body.status, "verified");
    assert.equal(ok.body.attempts, 4);
  });
});

Deno.test("file: the token in /.well-known/launchdirectory-verification.txt verifies, another token does not", async () => {
  await withClaims(async ({ f, sites, acme }) => {
    const c = (await claim(f, f.keys.stranger, { slug: acme.slug, method: "file" })).body;
    assert.equal(c.instructions.where, new URL(FILE, sites.url("acme")).href);
    const missing = await verify(f, f.keys.stranger, c.id);
    assert.equal(missing.body.last_check.reason, `${c.instructions.where} answered 404`);
    sites.setPath("acme", FILE, text("0123456789abcdef0123456789abcdef\n"));
    const other = await verify(f, f.keys.stranger, c.id);
    assert.equal(
      other.body.last_check.reason,
      `${c.instructions.where} contains "0123456789abcdef0123456789abcdef", not this claim's token`,
    );
    assert.equal(other.body.status, "pending");
    sites.setPath("acme", FILE, text(`${c.instructions.publish}\n`));
    assert.equal((await verify(f, f.keys.stranger, c.id)).body.status, "verified");
  });
});

Deno.test("file: a redirect off the listing's site is refused, and private addresses without ALLOW_PRIVATE_FETCH", async () => {
  await withClaims(async ({ f, sites, acme }) => {
    const c = (await claim(f, f.keys.stranger, { slug: acme.slug, method: "file" })).body;
    const elsewhere = new URL(FILE, sites.url("elsewhere")).href;
    sites.setPath("elsewhere", FILE, text(c.instructions.publish));
    sites.setPath("acme", FILE, () => Response.redirect(elsewhere, 302));
    const off = await verify(f, f.keys.stranger, c.id);
    assert.equal(off.body.status, "pending");
    assert.match(
      off.body.last_check.reason,
      /leaves 127\.0\.0\.\d+ for 127\.0\.0\.\d+:\d+: only the listing's own site counts/,
    );
    assert.deepEqual(sites.requestsOf("elsewhere"), [], "the other host is never asked");
    sites.setPath("acme", FILE, text(c.instructions.publish));
    f.deps.config = { ...f.deps.config, allowPrivateFetch: false };
    const guarded = await verify(f, f.keys.stranger, c.id);
    assert.equal(guarded.body.status, "pending");
    assert.match(guarded.body.last_check.reason, /127\.0\.0\.\d+ is a loopback address/);
  });
});

/** The confirm page's form: its CSRF cookie and token. */
async function openLink(f: Fixture, link: string) {
  const res = await f.app.request(link);
  const html = await res.text();
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
  const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
  return { status: res.status, html, cookie, csrf };
}

Deno.test("email: an address at the domain gets a link that only the confirm page's POST verifies", async () => {
  await withClaims(async ({ f, ids }) => {
    const wrong = await claim(f, f.keys.stranger, {
      slug: "billwise",
      method: "email",
      email: "me@elsewhere.example",
    });
    assert.equal(wrong.status, 400);
    assert.deepEqual(wrong.body.error.details.map((d: { path: string }) => d.path), ["email"]);
    const none = await claim(f, f.keys.stranger, { slug: "billwise", method: "email" });
    assert.equal(none.body.error.details[0].path, "email");
    const res = await claim(f, f.keys.stranger, {
      slug: "billwise",
      method: "email",
      email: "CEO@mail.billwise.example",
    });
    assert.equal(res.status, 201);
    assert.equal(res.body.email, "ceo@mail.billwise.example");
    assert.equal(res.body.instructions.publish, null);
    const [mail] = (await listOutbox(f.deps.kv, 50)).filter((m) =>
      m.to === "ceo@mail.billwise.example"
    );
    const link = /http:\/\/localhost:8000(\/claims\/confirm\?token=\S+)/.exec(mail.text)![1];
    assert.match(mail.text, new RegExp(SAM));
    // verify_claim does not check email claims: it says so.
    const checked = await verify(f, f.keys.stranger, res.body.id);
    assert.equal(checked.body.status, "pending");
    assert.match(
      checked.body.last_check.reason,
      /^Email claims are verified by the link mailed to ceo@mail\.billwise\.example/,
    );
    // Opening the link (as a mail scanner does) verifies nothing.
    const opened = await openLink(f, link);
    assert.equal(opened.status, 200);
    assert.match(opened.html, /Confirm the claim of Billwise/);
    assert.match(opened.html, /passes to sam@elsewhere\.example/);
    assert.equal((await myClaims(f, f.keys.stranger)).body.items[0].status, "pending");
    const token = new URL(link, "http://localhost").searchParams.get("token")!;
    const post = (csrf: string) =>
      f.app.request("/claims/confirm", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: opened.cookie },
        body: new URLSearchParams({ _csrf: csrf, token }).toString(),
      });
    assert.equal((await post("forged")).status, 403);
    assert.equal((await myClaims(f, f.keys.stranger)).body.items[0].status, "pending");
    const done = await post(opened.csrf);
    assert.equal(done.status, 200);
    assert.match(await done.text(), /Claim verified/);
    const item = (await myClaims(f, f.keys.stranger)).body.items[0];
    assert.equal(item.status, "verified");
    assert.equal(item.attempts, 1, "only the verify_claim call counted");
    assert.equal((await getListing(f.deps.kv, f.listings.billwise.id))!.owner_id, ids.sam);
    const again = await openLink(f, link);
    assert.equal(again.status, 400);
    assert.match(again.html, /This claim link cannot be used/);
  });
});

Deno.test("claim_listing: 400 for an unpublished slug, 409 for one's own listing, the pending claim returned", async () => {
  await withClaims(async ({ f }) => {
    const draft = await claim(f, f.keys.stranger, { slug: "draftapp", method: "dns" });
    assert.equal(draft.status, 400);
    assert.equal(draft.body.error.details[0].path, "slug");
    const own = await claim(f, f.keys.owner, { slug: "invoicely", method: "meta" });
    assert.equal(own.status, 409);
    assert.equal(own.body.error.code, "conflict");
    const first = (await claim(f, f.keys.stranger, { slug: "billwise", method: "dns" })).body;
    const second = await claim(f, f.keys.stranger, { slug: "billwise", method: "file" });
    assert.equal(second.status, 201);
    assert.deepEqual(second.body, first, "the pending claim is returned as it is");
    const ada = (await claim(f, f.keys.owner, { slug: "billwise", method: "dns" })).body;
    assert.notEqual(ada.id, first.id);
    assert.notEqual(ada.instructions.publish, first.instructions.publish);
    const list = (await myClaims(f, f.keys.stranger)).body;
    assert.equal(list.total, 1);
    assert.deepEqual(Object.keys(list.items[0]).sort(), [
      "attempts",
      "created_at",
      "domain",
      "email",
      "expires_at",
      "id",
      "instructions",
      "last_check",
      "listing",
      "method",
      "review",
      "status",
      "verified_at",
    ]);
  });
});

Deno.test("verify_claim: another account's claim is a 404; 10 checks per claim and hour, then 429", async () => {
  await withClaims(async ({ f }) => {
    const c = (await claim(f, f.keys.stranger, { slug: "billwise", method: "dns" })).body;
    const theirs = await verify(f, f.keys.owner, c.id);
    assert.equal(theirs.status, 404);
    assert.equal(theirs.body.error.code, "not_found");
    assert.equal((await verify(f, f.keys.owner, 9999)).status, 404);
    for (let i = 0; i < 10; i++) assert.equal((await verify(f, f.keys.stranger, c.id)).status, 200);
    const limited = await verify(f, f.keys.stranger, c.id);
    assert.equal(limited.status, 429);
    assert.equal(limited.body.error.code, "rate_limited");
    assert.ok(Number(limited.headers.get("retry-after")) > 0);
    assert.equal((await myClaims(f, f.keys.stranger)).body.items[0].attempts, 10);
  });
});

Deno.test("an expired claim answers its status, not a check; the sweep expires the rest", async () => {
  await withClaims(async ({ f, dns, at }) => {
    const billwise = (await claim(f, f.keys.stranger, { slug: "billwise", method: "dns" })).body;
    const taskpilot = (await claim(f, f.keys.stranger, { slug: "taskpilot", method: "dns" })).body;
    dns.set("_launchdirectory.billwise.example", [billwise.instructions.publish]);
    at("2026-12-02T12:00:01Z");
    const asked = dns.queries.length;
    const res = await verify(f, f.keys.stranger, billwise.id);
    assert.equal(res.body.status, "expired");
    assert.equal(dns.queries.length, asked, "no check is made");
    assert.equal((await myClaims(f, f.keys.stranger)).body.items[0].status, "expired", "lazily");
    assert.equal(await sweepExpiredClaims(f.deps), 1, "taskpilot's");
    assert.equal(await sweepExpiredClaims(f.deps), 0);
    const fresh = await claim(f, f.keys.stranger, { slug: "taskpilot", method: "dns" });
    assert.notEqual(fresh.body.id, taskpilot.id, "a new claim once the old one expired");
    assert.equal(fresh.body.status, "pending");
  });
});

Deno.test("two accounts claim one unowned listing: the first owns it, the second goes to review, then co-owner", async () => {
  await withClaims(async ({ f, sites, acme, ids }) => {
    const sam = (await claim(f, f.keys.stranger, { slug: acme.slug, method: "file" })).body;
    const ada = (await claim(f, f.keys.owner, { slug: acme.slug, method: "file" })).body;
    sites.setPath("acme", FILE, text(`${sam.instructions.publish}\n${ada.instructions.publish}\n`));
    assert.equal((await verify(f, f.keys.stranger, sam.id)).body.review, null);
    const second = await verify(f, f.keys.owner, ada.id);
    assert.equal(second.body.status, "verified");
    assert.equal(second.body.review.state, "open");
    let listing = (await getListing(f.deps.kv, acme.id))!;
    assert.equal(listing.owner_id, ids.sam, "not taken away");
    const [review] = await listReviewClaims(f.deps);
    assert.equal(review.id, ada.id);
    assert.equal(review.claimant?.email, ADA);
    assert.equal(review.listing.owner?.email, SAM);
    const bad = await decideClaim(f.deps, ada.id, {
      decision: "co_owner",
      reason: " ",
      decidedBy: "team@site",
    })
      .catch((e) => e);
    assert.equal(bad.status, 400);
    const decided = await decideClaim(f.deps, ada.id, {
      decision: "co_owner",
      reason: "Both run the product",
      decidedBy: "team@site",
    });
    assert.equal(decided.review.state, "co_owner");
    listing = (await getListing(f.deps.kv, acme.id))!;
    assert.equal(listing.owner_id, ids.sam);
    assert.deepEqual(listing.cofounder_ids, [ids.ada]);
    assert.deepEqual(await listReviewClaims(f.deps), []);
    assert.ok((await mailsTo(f.deps.kv, ADA)).includes("You are now a co-owner of Acme"));
    assert.ok((await mailsTo(f.deps.kv, SAM)).includes(`${ADA} is now a co-owner of Acme`));
    const twice = await decideClaim(f.deps, ada.id, {
      decision: "transfer",
      reason: "x",
      decidedBy: "t",
    })
      .catch((e) => e);
    assert.equal(twice.status, 409);
  });
});

Deno.test("an owned listing's claim goes to review; transfer makes the old owner a co-founder", async () => {
  await withClaims(async ({ f, dns, ids }) => {
    const c = (await claim(f, f.keys.stranger, { slug: "invoicely", method: "dns" })).body;
    dns.set("_launchdirectory.invoicely.example", [c.instructions.publish]);
    const res = await verify(f, f.keys.stranger, c.id);
    assert.equal(res.body.status, "verified");
    assert.equal(res.body.review.state, "open");
    const id = f.listings.invoicely.id;
    assert.equal((await getListing(f.deps.kv, id))!.owner_id, ids.ada);
    await decideClaim(f.deps, c.id, {
      decision: "transfer",
      reason: "Sam bought the company",
      decidedBy: "team@site",
    });
    const listing = (await getListing(f.deps.kv, id))!;
    assert.equal(listing.owner_id, ids.sam);
    assert.deepEqual(listing.cofounder_ids, [ids.ada]);
    assert.equal(listing.plan, "paid", "the plan is untouched");
    assert.deepEqual(await myListingIds(f, f.keys.stranger), [id]);
    assert.ok(!(await myListingIds(f, f.keys.owner)).includes(id), "the owner index moved");
    const toAda = (await listOutbox(f.deps.kv, 50)).find((m) => m.to === ADA)!;
    assert.equal(toAda.subject, `Invoicely was transferred to ${SAM}`);
    assert.match(toAda.text, /Reason: Sam bought the company/);
    assert.ok((await mailsTo(f.deps.kv, SAM)).includes("Invoicely was transferred to you"));
    const mine = (await myClaims(f, f.keys.stranger)).body.items[0];
    assert.equal(mine.review.state, "transferred");
    assert.equal(mine.review.reason, "Sam bought the company");
  });
});

Deno.test("decline: the claim fails, the listing stays as it is, both are told why", async () => {
  await withClaims(async ({ f, dns, ids }) => {
    const c = (await claim(f, f.keys.stranger, { slug: "invoicely", method: "dns" })).body;
    dns.set("_launchdirectory.invoicely.example", [c.instructions.publish]);
    await verify(f, f.keys.stranger, c.id);
    const decided = await decideClaim(f.deps, c.id, {
      decision: "decline",
      reason: "The TXT record was set by a former agency",
      decidedBy: "team@site",
    });
    assert.equal(decided.status, "failed");
    assert.equal(decided.review.decided_by, "team@site");
    const listing = (await getListing(f.deps.kv, f.listings.invoicely.id))!;
    assert.equal(listing.owner_id, ids.ada);
    assert.deepEqual(listing.cofounder_ids, []);
    assert.ok((await mailsTo(f.deps.kv, SAM)).includes("Your claim of Invoicely was declined"));
    assert.ok(
      (await mailsTo(f.deps.kv, ADA)).includes(`A claim of Invoicely by ${SAM} was declined`),
    );
    const mine = (await myClaims(f, f.keys.stranger)).body.items[0];
    assert.equal(mine.status, "failed");
    assert.deepEqual(mine.review.reason, "The TXT record was set by a former agency");
    const missing = await decideClaim(f.deps, 999, {
      decision: "decline",
      reason: "x",
      decidedBy: "t",
    })
      .catch((e) => e);
    assert.equal(missing.status, 404);
  });
});

Deno.test("Idempotency-Key: claim_listing and verify_claim replay their first answer", async () => {
  await withClaims(async ({ f, dns }) => {
    const key = { "idempotency-key": "claim-1" };
    const first = await claim(f, f.keys.stranger, { slug: "billwise", method: "dns" }, key);
    const replay = await claim(f, f.keys.stranger, { slug: "billwise", method: "dns" }, key);
    assert.equal(replay.status, 201);
    assert.equal(replay.headers.get("idempotent-replayed"), "true");
    assert.deepEqual(replay.body, first.body);
    const reused = await claim(f, f.keys.stranger, { slug: "taskpilot", method: "dns" }, key);
    assert.equal(reused.body.error.code, "idempotency_key_reused");
    const vkey = { "idempotency-key": "verify-1" };
    const missing = await verify(f, f.keys.stranger, first.body.id, vkey);
    dns.set("_launchdirectory.billwise.example", [first.body.instructions.publish]);
    const again = await verify(f, f.keys.stranger, first.body.id, vkey);
    assert.equal(again.headers.get("idempotent-replayed"), "true");
    assert.deepEqual(again.body, missing.body);
    assert.equal(again.body.status, "pending");
    assert.equal((await verify(f, f.keys.stranger, first.body.id)).body.status, "verified");
  });
});
