/**
 * The claim pages, server side (tests/claims_fixture.ts: a DNS server, product sites on
 * 127.0.0.x, the mail outbox): the form starts a claim and redirects, the API's refusals show at
 * their fields, one's own listing is a 409 with its dashboard, the claim page's instructions and
 * Verify now (a meta tag on a local product site, then a 429), another account's claim is a 404,
 * every post checks CSRF, the listing page offers the claim to the right people, and the site
 * team's review page decides co-owner, transfer and decline with a reason mailed to both.
 */
import assert from "node:assert/strict";
import { type Browser, csrfOf, signedInBrowser } from "./accounts_fixture.ts";
import { ADA, page, SAM, withClaims } from "./claims_fixture.ts";
import type { Fixture } from "./fixtures.ts";
import { getListing } from "../kv/listings.ts";
import { getUserByEmail } from "../kv/users.ts";
import { listOutbox } from "../services/platform/mail.ts";
import { listAuditLog } from "../services/admin/mod.ts";

const TEAM = "team@launchdirectory.example";
const NEW = (slug: string) => `/dashboard/claims/new?slug=${slug}`;

/** Posts the form of the page at `path` (with its CSRF token) to `action`. */
async function postForm(
  who: Browser,
  path: string,
  action: string,
  fields: Record<string, string>,
) {
  const shown = await who.get(path);
  assert.equal(shown.status, 200, shown.html.slice(0, 300));
  return await who.post(action, { ...fields, _csrf: csrfOf(shown.html) });
}

/** Starts a claim through the form; answers the claim's page path. */
async function startClaim(who: Browser, slug: string, fields: Record<string, string>) {
  const res = await postForm(who, NEW(slug), NEW(slug), fields);
  assert.equal(res.status, 303, res.html.slice(0, 500));
  const location = res.headers.get("location")!;
  assert.match(location, /^\/dashboard\/claims\/\d+$/);
  return location;
}

/** Presses "Verify now" on a claim's page; answers the page it comes back to. */
async function verifyNow(who: Browser, path: string) {
  const res = await postForm(who, path, `${path}/verify`, {});
  assert.equal(res.status, 303, res.html.slice(0, 500));
  assert.equal(res.headers.get("location"), `${path}?checked=1`);
  return await who.get(res.headers.get("location")!);
}

const unescape = (html: string) =>
  html.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

Deno.test("the form starts a meta claim; its page shows what to publish; Verify now verifies and grants the listing", async () => {
  await withClaims(async ({ f, sites, acme, ids }) => {
    const sam = await signedInBrowser(f, SAM);
    const form = await sam.get(NEW(acme.slug));
    assert.equal(form.status, 200);
    assert.match(form.html, /<h1>Claim Acme<\/h1>/);
    assert.ok(form.html.includes(acme.domain), "the form names the domain");
    for (const method of ["dns", "meta", "file", "email"]) {
      assert.match(form.html, new RegExp(`type="radio" name="method" value="${method}"`));
    }
    const path = await startClaim(sam, acme.slug, { method: "meta", email: "" });
    const shown = await sam.get(path);
    assert.equal(shown.status, 200);
    const body = unescape(shown.html);
    const tag = /<meta name="launchdirectory-verification" content="[0-9a-f]{32}">/.exec(body)?.[0];
    assert.ok(tag, "the page shows the tag to publish");
    assert.ok(body.includes(`data-island="CopySecret"`), "with a Copy button");
    assert.ok(body.includes(sites.url("acme")), "and where");
    assert.match(shown.html, /Waiting for your proof/);
    assert.match(shown.html, /Not checked yet/);
    // Not there yet: the reason in words.
    const missing = await verifyNow(sam, path);
    assert.match(missing.html, /data-last-check="not_found"/);
    assert.match(missing.html, /The homepage answered 404/);
    sites.setPath("acme", "/", page(`<html><head><title>A</title>${tag}</head></html>`));
    const done = await verifyNow(sam, path);
    assert.match(done.html, /You now manage this listing/);
    assert.ok(done.html.includes(`href="/dashboard/listings/${acme.id}"`));
    assert.equal((await getListing(f.deps.kv, acme.id))!.owner_id, ids.sam);
    const dashboard = await sam.get("/dashboard");
    assert.match(dashboard.html, /Manage Acme/);
    assert.match(dashboard.html, /href="\/dashboard\/claims">Your claims/);
    const list = await sam.get("/dashboard/claims");
    assert.match(list.html, new RegExp(`href="${path}">Open the claim of Acme`));
    assert.match(list.html, /Verified/);
    // Now Sam runs it: the listing page no longer offers the claim, and a second claim is a 409.
    assert.doesNotMatch((await sam.get(`/listings/${acme.slug}`)).html, /Claim this listing/);
    const own = await postForm(sam, NEW(acme.slug), NEW(acme.slug), { method: "dns" });
    assert.equal(own.status, 409);
  });
});

Deno.test("the API's 400s show at their fields; one's own listing is a 409 that links to its dashboard", async () => {
  await withClaims(async ({ f }) => {
    const sam = await signedInBrowser(f, SAM);
    const bad = await postForm(sam, NEW("billwise"), NEW("billwise"), { method: "pigeon" });
    assert.equal(bad.status, 400);
    assert.match(bad.html, /id="method-error" role="alert">[^<]+</);
    const none = await postForm(sam, NEW("billwise"), NEW("billwise"), {});
    assert.equal(none.status, 400);
    assert.match(none.html, /id="method-error"/);
    const wrong = await postForm(sam, NEW("billwise"), NEW("billwise"), {
      method: "email",
      email: "sam@elsewhere.example",
    });
    assert.equal(wrong.status, 400);
    assert.match(
      wrong.html,
      /id="email-error" role="alert">Expected an address at billwise\.example or a subdomain</,
    );
    assert.match(wrong.html, /value="sam@elsewhere\.example"/, "the value is kept");
    assert.equal((await claimsOf(f, "stranger")).length, 0, "nothing was written");
    // The right address: the link is mailed and the page says so.
    const path = await startClaim(sam, "billwise", {
      method: "email",
      email: "Sam@Billwise.example",
    });
    const mail = (await listOutbox(f.deps.kv, 50)).find((m) => m.to === "sam@billwise.example");
    assert.ok(mail && /\/claims\/confirm\?token=/.test(mail.text));
    const shown = await sam.get(path);
    assert.match(shown.html, /We mailed a link to <strong>sam@billwise\.example<\/strong>/);
    assert.doesNotMatch(shown.html, /Verify now/);

    const ada = await signedInBrowser(f, ADA);
    const own = await postForm(ada, NEW("invoicely"), NEW("invoicely"), { method: "dns" });
    assert.equal(own.status, 409);
    assert.match(own.html, /is already your listing/);
    assert.ok(own.html.includes(`href="/dashboard/listings/${f.listings.invoicely.id}"`));
    assert.equal((await sam.get(NEW("no-such-listing"))).status, 404);
  });
});

Deno.test("another account's claim is the 404 page; posts check CSRF; a 429 says when to try again", async () => {
  await withClaims(async ({ f, acme }) => {
    const sam = await signedInBrowser(f, SAM);
    const path = await startClaim(sam, acme.slug, { method: "file" });
    const ada = await signedInBrowser(f, ADA);
    assert.equal((await ada.get(path)).status, 404);
    const csrf = csrfOf((await ada.get("/dashboard/claims")).html);
    assert.equal((await ada.post(`${path}/verify`, { _csrf: csrf })).status, 404);
    assert.equal((await sam.get("/dashboard/claims/abc")).status, 404);
    assert.equal((await sam.get("/dashboard/claims/999")).status, 404);
    // CSRF: without the token, nothing is created or checked.
    const noToken = await sam.post(NEW("billwise"), { method: "dns" });
    assert.equal(noToken.status, 403);
    assert.equal((await claimsOf(f, "stranger")).length, 1);
    assert.equal((await sam.post(`${path}/verify`, { _csrf: "forged" })).status, 403);
    assert.equal((await claimsOf(f, "stranger"))[0].attempts, 0);
    // Signed out, the form sends to sign in and back.
    const out = await signedInBrowser(f, null);
    const signIn = await out.get(NEW(acme.slug));
    assert.equal(signIn.status, 303);
    assert.equal(
      signIn.headers.get("location"),
      `/signin?next=${encodeURIComponent(NEW(acme.slug))}`,
    );
    // Ten checks an hour, then the page says when to try again.
    for (let i = 0; i < 10; i++) await verifyNow(sam, path);
    const limited = await postForm(sam, path, `${path}/verify`, {});
    assert.equal(limited.status, 429);
    assert.match(limited.html, /checked too often this hour\. Try again after <time/);
  });
});

Deno.test("the listing page offers the claim to visitors and other accounts, not to its team", async () => {
  await withClaims(async ({ f }) => {
    const link = 'href="/dashboard/claims/new?slug=invoicely">Claim this listing';
    const out = await signedInBrowser(f, null);
    assert.ok((await out.get("/listings/invoicely")).html.includes(link));
    const sam = await signedInBrowser(f, SAM);
    assert.ok((await sam.get("/listings/invoicely")).html.includes(link));
    const ada = await signedInBrowser(f, ADA);
    assert.ok(!(await ada.get("/listings/invoicely")).html.includes("Claim this listing"));
  });
});

Deno.test("the site team's page: team only; co-owner, decline and transfer with a reason mailed to both; a missing reason is refused", async () => {
  await withClaims(async ({ f, dns }) => {
    f.deps.config.adminEmails = [TEAM];
    const host = "_launchdirectory.invoicely.example";
    // Three people prove they run invoicely (Ada's): each claim opens a review.
    const people = [SAM, "cal@invoicely.example", "dee@invoicely.example"];
    const browsers: Browser[] = [];
    const paths: string[] = [];
    const records: string[] = [];
    for (const email of people) {
      const who = await signedInBrowser(f, email);
      const path = await startClaim(who, "invoicely", { method: "dns" });
      const token = /launchdirectory-verification=[0-9a-f]{32}/.exec((await who.get(path)).html)!;
      records.push(token[0]);
      dns.set(host, records);
      const checked = await verifyNow(who, path);
      assert.match(checked.html, /The site team is reviewing it/);
      browsers.push(who);
      paths.push(path);
    }
    const ids = paths.map((p) => Number(p.split("/").pop()));
    // Nobody but the team sees the page.
    assert.equal((await browsers[0].get("/admin/claims")).status, 404);
    const visitor = await (await signedInBrowser(f, null)).get("/admin/claims");
    assert.equal(visitor.headers.get("location"), "/signin?next=%2Fadmin%2Fclaims", "sign in");
    const team = await signedInBrowser(f, TEAM);
    const queue = await team.get("/admin/claims");
    assert.equal(queue.status, 200);
    for (const email of people) assert.ok(queue.html.includes(email));
    assert.ok(queue.html.includes(ADA), "the current owner");
    assert.match(queue.html, /DNS TXT record/);
    const decide = (id: number, fields: Record<string, string>) =>
      postForm(team, "/admin/claims", `/admin/claims/${id}/decide`, fields);
    const missing = await decide(ids[0], { decision: "co_owner", reason: " " });
    assert.equal(missing.status, 400);
    assert.match(missing.html, /Check the decision \(reason: 1 to 2000 characters\)/);
    assert.equal(
      (await team.post(`/admin/claims/${ids[0]}/decide`, {
        decision: "co_owner",
        reason: "Known founder",
        _csrf: "forged",
      })).status,
      403,
    );

    const coOwner = await decide(ids[0], { decision: "co_owner", reason: "Sam is the CTO" });
    assert.equal(coOwner.status, 303);
    assert.equal(coOwner.headers.get("location"), `/admin/claims?done=co_owner&claim=${ids[0]}`);
    assert.match((await team.get(coOwner.headers.get("location")!)).html, /added as co-owner/);
    const again = await decide(ids[0], { decision: "transfer", reason: "Twice" });
    assert.equal(again.status, 409);
    assert.match(again.html, /is not under an open review \(co_owner\)/);
    assert.equal((await decide(ids[1], { decision: "decline", reason: "No link" })).status, 303);
    assert.equal((await decide(ids[2], { decision: "transfer", reason: "Sold" })).status, 303);
    assert.match((await team.get("/admin/claims")).html, /No claims to review/);

    const listing = (await getListing(f.deps.kv, f.listings.invoicely.id))!;
    const uid = async (email: string) => (await getUserByEmail(f.deps.kv, email))!.id;
    assert.equal(listing.owner_id, await uid(people[2]));
    assert.ok(listing.cofounder_ids.includes(await uid(SAM)));
    assert.ok(listing.cofounder_ids.includes(await uid(ADA)));
    assert.ok(!listing.cofounder_ids.includes(await uid(people[1])));
    const mails = await listOutbox(f.deps.kv, 100);
    const mailed = (to: string, reason: string) =>
      mails.some((m) => m.to === to && m.text.includes(`Reason: ${reason}`));
    for (
      const [to, reason] of [[SAM, "Sam is the CTO"], [people[1], "No link"], [people[2], "Sold"]]
    ) {
      assert.ok(mailed(to, reason), `${to} got "${reason}"`);
    }
    // One audit entry per decision taken (the refused ones leave none).
    const audit = await listAuditLog(f.deps, { limit: 10, filter: { action: "claim.decide" } });
    assert.deepEqual(
      audit.entries.map((e) => [e.target.id, e.detail.decision, e.reason]),
      [[String(ids[2]), "transfer", "Sold"], [String(ids[1]), "decline", "No link"], [
        String(ids[0]),
        "co_owner",
        "Sam is the CTO",
      ]],
    );
    // The owner at the time of each decision was told too (Ada for all three).
    for (const reason of ["Sam is the CTO", "No link", "Sold"]) assert.ok(mailed(ADA, reason));

    // What each claimant's page says now.
    const [samPage, calPage, deePage] = await Promise.all(
      browsers.map((b, i) => b.get(paths[i])),
    );
    assert.match(samPage.html, /The site team added you as a co-owner/);
    assert.match(samPage.html, /Reason: Sam is the CTO/);
    assert.match(calPage.html, /The site team declined the claim/);
    assert.match(calPage.html, /Not verified/);
    assert.match(deePage.html, /The site team transferred the listing to you/);
    // The new owner's overview lists the claim in its Claims card.
    const overview = await browsers[2].get(`/dashboard/listings/${listing.id}`);
    assert.equal(overview.status, 200);
    assert.match(
      overview.html,
      new RegExp(`href="${paths[2]}">Claim ${ids[2]}</a> by dns: verified`),
    );
  });
});

/** The claims of a fixture key's account, through the API. */
async function claimsOf(f: Fixture, key: "stranger" | "owner") {
  const res = await f.app.request("/api/v1/claims", {
    headers: { authorization: `Bearer ${f.keys[key]}` },
  });
  return (await res.json()).items as { attempts: number }[];
}
