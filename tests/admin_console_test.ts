/**
 * The site team's console (server side): the home page's counts, who may open every /admin path,
 * an owner edit reverted (seen through get_listing, the owner's mail and the audit log), a listing
 * removed and restored (get_listing, search, mail), the audit log's filters and paging, CSRF
 * refusals and required reasons.
 */
import assert from "node:assert/strict";
import { bearer, buildFixture, type Fixture, getJson, sendJson } from "./fixtures.ts";
import { type Browser, browser, csrfOf, signedInBrowser } from "./accounts_fixture.ts";
import { testConfig } from "../services/platform/config.ts";
import { listOutbox } from "../services/platform/mail.ts";
import { listingWritesIndexed } from "../services/directory/search/load.ts";
import { listListingVersions } from "../kv/listing_versions.ts";
import { listAuditLog, recordAudit } from "../services/admin/mod.ts";

const TEAM = "team@launchdirectory.example";
const ADA = "ada@invoicely.example";

function fixture(): Promise<Fixture> {
  return buildFixture({
    adminEmails: [TEAM],
    rateLimit: { ...testConfig().rateLimit, perMinute: 1_000_000, anonymousPerMinute: 1_000_000 },
  });
}

const edit = (f: Fixture, fields: Record<string, unknown>) =>
  sendJson(
    f.app,
    "PATCH",
    `/api/v1/me/listings/${f.listings.invoicely.id}`,
    { fields },
    bearer(f.keys.owner),
  );
const publicListing = (f: Fixture, slug = "invoicely") =>
  getJson(f.app, `/api/v1/listings/${slug}`);
const mailsTo = async (f: Fixture, to: string) =>
  (await listOutbox(f.deps.kv, 200)).filter((m) => m.to === to);
async function searchSlugs(f: Fixture, q: string): Promise<string[]> {
  await listingWritesIndexed(f.deps.search);
  const res = await getJson(f.app, `/api/v1/listings?q=${encodeURIComponent(q)}`);
  assert.equal(res.status, 200);
  return res.body.items.map((i: { slug: string }) => i.slug);
}
/** Posts a console form with the CSRF token of `page`. */
async function act(who: Browser, page: string, action: string, fields: Record<string, string>) {
  const shown = await who.get(page);
  assert.equal(shown.status, 200, shown.html.slice(0, 300));
  return await who.post(action, { _csrf: csrfOf(shown.html), ...fields });
}
function counts(html: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of html.matchAll(/data-section="([a-z]+)"[\s\S]*?data-count="(\d+)"/g)) {
    out[m[1]] = Number(m[2]);
  }
  return out;
}

const PATHS = [
  "/admin",
  "/admin/edits",
  "/admin/listings",
  "/admin/audit",
  "/admin/claims",
  "/admin/reviews",
  "/admin/votes",
  "/admin/tasks",
  "/admin/orders",
  "/admin/settings",
  "/admin/metrics",
  "/admin/reviews/edits.json",
];

Deno.test("every /admin path: the team sees it, another account gets the plain 404, a visitor signs in and comes back", async () => {
  const f = await fixture();
  const visitor = browser(f);
  const ada = await signedInBrowser(f, ADA);
  const team = await signedInBrowser(f, TEAM);
  const unknown = await ada.get("/admin/no-such-page");
  assert.equal(unknown.status, 404);
  for (const path of PATHS) {
    const out = await visitor.get(path);
    assert.equal(out.status, 303, path);
    assert.equal(out.headers.get("location"), `/signin?next=${encodeURIComponent(path)}`);
    const other = await ada.get(path);
    assert.equal(other.status, 404, path);
    if (!path.endsWith(".json")) {
      assert.equal(other.html.replaceAll(path, "/admin/no-such-page"), unknown.html, path);
    }
    const own = await team.get(path);
    assert.equal(own.status, 200, path);
    if (!path.endsWith(".json")) assert.match(own.html, /aria-label="Site team console"/, path);
  }
  // A post of a visitor comes back to its section's page; another account's post is a 404.
  const posted = await visitor.post("/admin/listings/invoicely/remove", { reason: "x" });
  assert.equal(
    posted.headers.get("location"),
    `/signin?next=${encodeURIComponent("/admin/listings")}`,
  );
  const account = await ada.get("/account");
  const refused = await ada.post("/admin/listings/invoicely/remove", {
    _csrf: csrfOf(account.html),
    reason: "x",
  });
  assert.equal(refused.status, 404);
  assert.equal((await publicListing(f)).status, 200);
});

Deno.test("the home page counts what waits: edits to review go down when accepted", async () => {
  const f = await fixture();
  const team = await signedInBrowser(f, TEAM);
  const before = counts((await team.get("/admin")).html);
  assert.deepEqual(Object.keys(before).sort(), [
    "claims",
    "edits",
    "orders",
    "reviews",
    "tasks",
    "votes",
  ]);
  assert.equal(before.edits, 0);
  assert.equal((await edit(f, { tagline: "One" })).status, 200);
  assert.equal((await edit(f, { city: "Lyon" })).status, 200);
  const home = await team.get("/admin");
  assert.equal(counts(home.html).edits, 2);
  for (
    const label of ["Settings &amp; prices", "Domain Rating &amp; revenue", "Audit log", "Listings"]
  ) {
    assert.ok(home.html.includes(label), label);
  }
  const id = f.listings.invoicely.id;
  const accepted = await act(team, "/admin/edits", `/admin/edits/${id}/1/accept`, {});
  assert.equal(accepted.status, 303);
  assert.equal(counts((await team.get("/admin")).html).edits, 1);
  const again = await act(team, "/admin/edits", `/admin/edits/${id}/1/accept`, {});
  assert.equal(again.status, 409);
  assert.match(again.html, /already accepted/);
  const log = await listAuditLog(f.deps, { limit: 10, filter: { action: "edit.accept" } });
  assert.equal(log.entries.length, 1);
  assert.deepEqual(log.entries[0].target, { type: "listing", id: String(id) });
});

Deno.test("an owner edit reverted: the old value is public again, the owner is mailed, the log has it", async () => {
  const f = await fixture();
  const team = await signedInBrowser(f, TEAM);
  const id = f.listings.invoicely.id;
  const old = (await publicListing(f)).body.tagline;
  assert.equal((await edit(f, { tagline: "Cheapest invoices on earth" })).status, 200);
  const page = await team.get("/admin/edits");
  assert.match(page.html, new RegExp(`data-edit="${id}:1"`));
  assert.ok(
    page.html.includes(old) && page.html.includes("Cheapest invoices on earth"),
    "before and after",
  );
  const path = `/admin/edits/${id}/1/revert`;

  const noReason = await team.post(path, { _csrf: csrfOf(page.html), reason: "  " });
  assert.equal(noReason.status, 400);
  assert.match(noReason.html, /Give a reason of 1 to 2000 characters/);
  const forged = await team.post(path, { reason: "Misleading" });
  assert.equal(forged.status, 403);
  const wrong = await team.post(path, { _csrf: "not-the-token", reason: "Misleading" });
  assert.equal(wrong.status, 403);
  assert.equal((await publicListing(f)).body.tagline, "Cheapest invoices on earth");
  assert.equal((await mailsTo(f, ADA)).filter((m) => /reverted/.test(m.subject)).length, 0);

  const done = await team.post(path, {
    _csrf: csrfOf(page.html),
    reason: "Claims we cannot verify",
  });
  assert.equal(done.status, 303);
  assert.equal(done.headers.get("location"), `/admin/edits?done=reverted&edit=${id}:1`);
  assert.equal((await publicListing(f)).body.tagline, old);
  const mail = (await mailsTo(f, ADA)).find((m) => /reverted/.test(m.subject));
  assert.ok(mail, "the owner is mailed");
  assert.match(mail.text, /Reason: Claims we cannot verify/);
  assert.match(mail.text, /tagline/);
  const versions = await listListingVersions(f.deps.kv, id);
  assert.equal(versions.length, 2);
  assert.equal(versions[1].via, "the site team");
  assert.equal(versions[1].after.tagline, old);
  const log = await listAuditLog(f.deps, { limit: 10, filter: { action: "edit.revert" } });
  assert.equal(log.entries.length, 1);
  assert.equal(log.entries[0].by, TEAM);
  assert.equal(log.entries[0].reason, "Claims we cannot verify");
  assert.deepEqual(log.entries[0].detail, { version: 1, revert_version: 2, fields: ["tagline"] });
  const audit = await team.get("/admin/audit?action=edit.revert");
  assert.ok(audit.html.includes("Claims we cannot verify"));
  const twice = await team.post(path, { _csrf: csrfOf(page.html), reason: "Again" });
  assert.equal(twice.status, 409);

  // A field changed again since is refused with its name; the later edit reverted first works.
  await edit(f, { tagline: "Second" });
  await edit(f, { tagline: "Third" });
  const stale = await team.post(`/admin/edits/${id}/3/revert`, {
    _csrf: csrfOf(page.html),
    reason: "No",
  });
  assert.equal(stale.status, 409);
  assert.match(stale.html, /tagline changed again since; revert the later edit first/);
  assert.equal((await publicListing(f)).body.tagline, "Third");
  const later = await team.post(`/admin/edits/${id}/4/revert`, {
    _csrf: csrfOf(page.html),
    reason: "No",
  });
  assert.equal(later.status, 303);
  assert.equal((await publicListing(f)).body.tagline, "Second");
});

Deno.test("a listing removed leaves get_listing and search, the owner is mailed; restored it comes back", async () => {
  const f = await fixture();
  const team = await signedInBrowser(f, TEAM);
  assert.ok((await searchSlugs(f, "Invoicely")).includes("invoicely"));
  const found = await team.get("/admin/listings?q=invoic");
  assert.match(found.html, /data-listing="invoicely" data-status="live"/);
  const csrf = csrfOf(found.html);
  const noReason = await team.post("/admin/listings/invoicely/remove", { _csrf: csrf, reason: "" });
  assert.equal(noReason.status, 400);
  assert.match(noReason.html, /Give a reason/);
  assert.equal(
    (await team.post("/admin/listings/invoicely/remove", { reason: "Spam" })).status,
    403,
  );
  assert.equal((await publicListing(f)).status, 200);

  const removed = await team.post("/admin/listings/invoicely/remove", {
    _csrf: csrf,
    reason: "Spam reports",
  });
  assert.equal(removed.status, 303);
  assert.equal((await publicListing(f)).status, 404);
  assert.ok(
    !(await searchSlugs(f, "Invoicely")).includes("invoicely"),
    "search no longer finds it",
  );
  const board = await getJson(f.app, "/api/v1/leaderboards/votes-all");
  if (board.status === 200) {
    assert.ok(!JSON.stringify(board.body).includes('"slug":"invoicely"'), "off the boards");
  }
  const mail = (await mailsTo(f, ADA)).find((m) => /removed from the directory/.test(m.subject));
  assert.ok(mail);
  assert.match(mail.text, /Reason: Spam reports/);
  const listed = await team.get("/admin/listings");
  assert.match(listed.html, /data-listing="invoicely" data-status="removed"/);
  assert.match(listed.html, /was live/);
  const twice = await team.post("/admin/listings/invoicely/remove", {
    _csrf: csrf,
    reason: "Again",
  });
  assert.equal(twice.status, 409);

  const restored = await team.post("/admin/listings/invoicely/restore", {
    _csrf: csrf,
    reason: "Cleared",
  });
  assert.equal(restored.status, 303);
  const back = await publicListing(f);
  assert.equal(back.status, 200);
  assert.equal(back.body.status, "live");
  assert.ok((await searchSlugs(f, "Invoicely")).includes("invoicely"));
  assert.ok((await mailsTo(f, ADA)).some((m) => /restored to the directory/.test(m.subject)));
  const log = await listAuditLog(f.deps, {
    limit: 10,
    filter: { target: `listing:${f.listings.invoicely.id}` },
  });
  assert.deepEqual(log.entries.map((e) => [e.action, e.reason]), [["listing.restore", "Cleared"], [
    "listing.remove",
    "Spam reports",
  ]]);
  assert.equal(
    (await team.post("/admin/listings/invoicely/restore", { _csrf: csrf, reason: "x" })).status,
    409,
  );
});

Deno.test("the audit log: newest first, filters by who, action prefix and target, pages with a cursor", async () => {
  const f = await fixture();
  const team = await signedInBrowser(f, TEAM);
  for (let i = 0; i < 55; i++) {
    await recordAudit(f.deps, {
      by: i % 2 === 0 ? TEAM : "other@launchdirectory.example",
      action: i % 3 === 0 ? "order.cancel" : "price.update",
      target: { type: i % 3 === 0 ? "order" : "product", id: `T${i}` },
      reason: `reason ${i}`,
      detail: {},
    });
  }
  const rows = (html: string) =>
    [...html.matchAll(/<td>reason (\d+)<\/td>/g)].map((m) => Number(m[1]));
  const first = await team.get("/admin/audit");
  assert.equal(rows(first.html).length, 50);
  assert.deepEqual(rows(first.html).slice(0, 3), [54, 53, 52]);
  const older = /href="(\/admin\/audit\?cursor=[0-9a-f]+)"/.exec(first.html)![1];
  assert.deepEqual(rows((await team.get(older)).html), [4, 3, 2, 1, 0]);
  const byOther = rows((await team.get("/admin/audit?by=other%40launchdirectory.example")).html);
  assert.ok(byOther.length > 0 && byOther.every((i) => i % 2 === 1));
  const orders = rows((await team.get("/admin/audit?action=order.")).html);
  assert.equal(orders.length, 19);
  assert.ok(orders.every((i) => i % 3 === 0));
  assert.deepEqual(rows((await team.get("/admin/audit?target=product:T7")).html), [7]);
  assert.deepEqual(rows((await team.get("/admin/audit?target=T9&action=order.")).html), [9]);
  assert.deepEqual(rows((await team.get("/admin/audit?target=T9&action=price.")).html), []);
  assert.equal((await team.get("/admin/audit?cursor=nope")).status, 400);
  assert.equal((await team.get("/admin/audit?who=x")).status, 400);
  // Nothing on the page posts: the log is read only.
  assert.doesNotMatch(first.html, /method="post"[^>]*action="\/admin\/audit/);
});

Deno.test("a review decision leaves one audit entry; a refused decision none", async () => {
  const f = await fixture();
  const team = await signedInBrowser(f, TEAM);
  const page = await team.get("/admin/reviews");
  const id = /action="\/admin\/reviews\/([^/"]+)\/decide"/.exec(page.html)?.[1];
  assert.ok(id, "the fixture's flagged review waits");
  const csrf = csrfOf(page.html);
  const noReason = await team.post(`/admin/reviews/${id}/decide`, {
    _csrf: csrf,
    outcome: "keep",
    reason: "",
  });
  assert.equal(noReason.status, 400);
  const kept = await team.post(`/admin/reviews/${id}/decide`, {
    _csrf: csrf,
    outcome: "keep",
    reason: "Fair",
  });
  assert.equal(kept.status, 303);
  const log = await listAuditLog(f.deps, { limit: 10, filter: { action: "review." } });
  assert.deepEqual(log.entries.map((e) => [e.action, e.target, e.reason, e.detail.outcome]), [
    ["review.decide", { type: "review", id }, "Fair", "kept"],
  ]);
});
