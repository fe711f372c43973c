/**
 * The free queue through the REST operations: choose_free_listing reserves the earliest free week
 * of the window and looks for the badge at once; what counts as the badge; robots.txt; two
 * founders racing for a week's last slot; a full window; repeated and keyed calls; refusals.
 */
import assert from "node:assert/strict";
import { NOW } from "./fixtures.ts";
import {
  chooseFree,
  draftListing,
  getMine,
  mailsTo,
  setSettings,
  withFreeQueue,
} from "./publishing_fixture.ts";
import { updateListing } from "../kv/listings.ts";
import { IMPLEMENTED_OPERATION_IDS } from "../routes/api/v1/mod.ts";
import { publishingRoutes } from "../services/platform/publishing_routes.ts";
import { getSettings } from "../services/platform/settings.ts";

const OWNER_EMAIL = "ada@invoicely.example";
/** The window at NOW (Wednesday 2026-11-18): 6 to 8 weeks ahead, across New Year. */
const WINDOW = ["2026-12-28", "2027-01-04", "2027-01-11"];

Deno.test("choose_free_listing reserves the earliest week, shows the badge, and schedules once it is found", async () => {
  await withFreeQueue(async (bed) => {
    const { f, sites } = bed;
    const listing = await draftListing(bed, "Acmeflow");
    sites.setHome("acmeflow", "<p>Invoices that pay themselves.</p>");

    const first = await chooseFree(f, f.keys.owner, listing.id);
    assert.equal(first.status, 200);
    assert.equal(first.body.status, "awaiting_badge");
    assert.equal(first.body.plan, "free");
    assert.equal(first.body.launch_week, WINDOW[0]);
    const plan = first.body.free_plan;
    assert.equal(plan.week, WINDOW[0]);
    assert.equal(plan.iso_week, "2026-W53");
    assert.equal(plan.queue_position, 1);
    assert.equal(plan.badge.kind, "listed");
    assert.equal(plan.badge.links_to, `http://localhost:8000/listings/${listing.slug}`);
    assert.match(
      plan.badge.embed_html,
      /^<a href="http:\/\/localhost:8000\/listings\/acmeflow\?ref=badge"/,
    );
    assert.match(plan.badge_requirement, /points to http:\/\/localhost:8000 /);
    assert.ok(plan.badge_requirement.includes(sites.url("acmeflow")), plan.badge_requirement);
    assert.match(plan.badge_requirement, /comments, <script>, <template> or <noscript>/);
    assert.equal(plan.badge_check.status, "not_found");
    assert.equal(plan.badge_check.checked_at, NOW.toISOString());
    assert.match(plan.badge_check.reason, /No link to http:\/\/localhost:8000 found/);
    assert.deepEqual(await mailsTo(f.deps.kv, OWNER_EMAIL), []);

    const mine = await getMine(f, f.keys.owner, listing.id);
    assert.equal(mine.status, 200);
    assert.deepEqual(mine.body.free_plan, plan);

    // The founder adds the embed code; calling again keeps the week and checks again.
    sites.setHome("acmeflow", `<footer>${plan.badge.embed_html}</footer>`);
    bed.at("2026-11-18T13:00:00Z");
    const again = await chooseFree(f, f.keys.owner, listing.id);
    assert.equal(again.status, 200);
    assert.equal(again.body.status, "scheduled");
    assert.equal(again.body.launch_week, WINDOW[0]);
    assert.equal(again.body.free_plan.reserved_at, plan.reserved_at);
    assert.equal(again.body.free_plan.queue_position, 1);
    assert.equal(again.body.free_plan.badge_check.status, "found");
    assert.equal(again.body.free_plan.badge_check.found_at_url, sites.url("acmeflow"));
    assert.equal(again.body.free_plan.badge_check.checked_at, "2026-11-18T13:00:00.000Z");
    assert.deepEqual(await mailsTo(f.deps.kv, OWNER_EMAIL), [
      "Acmeflow is scheduled to launch in the week of 2026-12-28 (2026-W53)",
    ]);
    const shown = (await getMine(f, f.keys.owner, listing.id)).body;
    assert.equal(shown.status, "scheduled");
    assert.equal(shown.free_plan.badge_check.status, "found");
    // Scheduled free listings are on the week's calendar.
    const week = await getMine(f, f.keys.owner, listing.id);
    assert.equal(week.body.launch_week, WINDOW[0]);
  });
});

Deno.test("only a real link to the service counts as the badge", async () => {
  await withFreeQueue(async (bed) => {
    const { f, sites } = bed;
    const listing = await draftListing(bed, "Hideaway");
    const page = `http://localhost:8000/listings/${listing.slug}`;
    const cases: [string, string, "found" | "not_found"][] = [
      ["in a comment", `<!-- <a href="${page}">Listed</a> -->`, "not_found"],
      ["in a script", `<script>document.write('<a href="${page}">x</a>')</script>`, "not_found"],
      ["in a template", `<template><a href="${page}">Listed</a></template>`, "not_found"],
      ["in noscript", `<noscript><a href="${page}">Listed</a></noscript>`, "not_found"],
      ["as text only", `<p>We are listed on ${page}</p>`, "not_found"],
      ["an <a> without href", `<a name="badge">${page}</a>`, "not_found"],
      [
        "a link to another host",
        `<a href="https://elsewhere.example/listings/hideaway">Listed</a>`,
        "not_found",
      ],
      ["a lookalike host", `<a href="http://localhost:8000.evil.example/">Listed</a>`, "not_found"],
      [
        "a link to the listing page",
        `<div><a href="${page}?ref=badge"><img alt="Listed"></a></div>`,
        "found",
      ],
      [
        "a link to any page of the service",
        `<a href="http://LOCALHOST:8000/">Launch Directory</a>`,
        "found",
      ],
      [
        "a relative link resolved by <base>",
        `<base href="http://localhost:8000/"><a href="listings/hideaway">Listed</a>`,
        "found",
      ],
    ];
    for (const [what, html, expected] of cases) {
      // Each case starts from the badge missing: a found badge schedules, a later miss sends back.
      sites.setHome("hideaway", html);
      const res = await chooseFree(f, f.keys.owner, listing.id);
      assert.equal(res.status, 200, what);
      assert.equal(
        res.body.free_plan.badge_check.status,
        expected,
        `${what}: ${res.body.free_plan.badge_check.reason}`,
      );
      assert.equal(res.body.status, expected === "found" ? "scheduled" : "awaiting_badge", what);
      assert.equal(res.body.launch_week, WINDOW[0], what);
      if (expected === "found") {
        // Back to awaiting for the next case (the page without the badge).
        sites.setHome("hideaway", "<p>nothing</p>");
        const back = await chooseFree(f, f.keys.owner, listing.id);
        assert.equal(back.body.status, "awaiting_badge", what);
      }
    }
    // Each move was mailed: three times scheduled, three times sent back.
    const mails = await mailsTo(f.deps.kv, OWNER_EMAIL);
    assert.equal(mails.filter((s) => s.startsWith("Hideaway is scheduled")).length, 3);
    assert.equal(mails.filter((s) => s.startsWith("The badge is gone")).length, 3);
  });
});

Deno.test("a homepage robots.txt keeps out is reported, not fetched", async () => {
  await withFreeQueue(async (bed) => {
    const { f, sites } = bed;
    const listing = await draftListing(bed, "Robotless");
    const page = `http://localhost:8000/listings/${listing.slug}`;
    sites.setRobots("robotless", "User-agent: LaunchDirectoryBot\nDisallow: /\n");
    sites.setHome("robotless", `<a href="${page}">Listed</a>`);
    const res = await chooseFree(f, f.keys.owner, listing.id);
    assert.equal(res.status, 200);
    assert.equal(res.body.status, "awaiting_badge");
    const check = res.body.free_plan.badge_check;
    assert.equal(check.status, "error");
    assert.match(check.reason, /robots\.txt disallows it for LaunchDirectoryBot/);
    assert.match(check.reason, /Allow LaunchDirectoryBot/);
    assert.deepEqual(sites.requestsOf("robotless"), ["/robots.txt"]);
    // Other bots' rules do not apply.
    sites.setRobots("robotless", "User-agent: OtherBot\nDisallow: /\n");
    const allowed = await chooseFree(f, f.keys.owner, listing.id);
    assert.equal(allowed.body.free_plan.badge_check.status, "found");
    assert.equal(allowed.body.status, "scheduled");
  });
});

Deno.test("two founders racing for a week's last free slot: one gets it, the other the next week", async () => {
  await withFreeQueue(async (bed) => {
    const { f } = bed;
    await setSettings(f.deps.kv, { free_slots_per_week: 1 });
    const mine = await draftListing(bed, "Racer One");
    const theirs = await draftListing(bed, "Racer Two", bed.strangerId);
    const [a, b] = await Promise.all([
      chooseFree(f, f.keys.owner, mine.id),
      chooseFree(f, f.keys.stranger, theirs.id),
    ]);
    assert.equal(a.status, 200);
    assert.equal(b.status, 200);
    assert.deepEqual([a.body.launch_week, b.body.launch_week].sort(), WINDOW.slice(0, 2));
    assert.equal(a.body.free_plan.queue_position, 1);
    assert.equal(b.body.free_plan.queue_position, 1);

    const third = await draftListing(bed, "Racer Three");
    const c = await chooseFree(f, f.keys.owner, third.id);
    assert.equal(c.body.launch_week, WINDOW[2]);

    // The window is full: 409, saying so and naming only the paid steps that are available.
    const fourth = await draftListing(bed, "Racer Four");
    const full = await chooseFree(f, f.keys.owner, fourth.id);
    assert.equal(full.status, 409);
    assert.equal(full.body.error.code, "conflict");
    const message: string = full.body.error.message;
    assert.match(
      message,
      /^No free launch week left: every week of the free queue window \(6 to 8 weeks ahead, the weeks of 2026-12-28 to 2027-01-11\) has its 1 free launches taken\./,
    );
    const paid = publishingRoutes(await getSettings(f.deps.kv), IMPLEMENTED_OPERATION_IDS).paid;
    assert.ok(message.endsWith(paid), message);
    for (const op of ["list_products", "quote_order", "create_checkout", "get_order"]) {
      assert.equal(message.includes(op), IMPLEMENTED_OPERATION_IDS.has(op), op);
    }
    assert.equal((await getMine(f, f.keys.owner, fourth.id)).body.status, "draft");

    // Two slots a week: the first week takes one more, queued second.
    await setSettings(f.deps.kv, { free_slots_per_week: 2 });
    const now = await chooseFree(f, f.keys.owner, fourth.id);
    assert.equal(now.body.launch_week, WINDOW[0]);
    assert.equal(now.body.free_plan.queue_position, 2);
  });
});

Deno.test("choose_free_listing: repeated and keyed calls, paid and live listings, others' listings", async (t) => {
  await withFreeQueue(async (bed) => {
    const { f, sites } = bed;
    await t.step("a repeated call keeps the same reservation", async () => {
      const listing = await draftListing(bed, "Repeater");
      const first = await chooseFree(f, f.keys.owner, listing.id);
      bed.at("2026-11-25T12:00:00Z"); // a week later: the window has moved on, the week stays
      const second = await chooseFree(f, f.keys.owner, listing.id);
      assert.equal(second.body.launch_week, first.body.launch_week);
      assert.equal(second.body.free_plan.reserved_at, first.body.free_plan.reserved_at);
      assert.equal(second.body.free_plan.badge_check.checked_at, "2026-11-25T12:00:00.000Z");
      // Each call looked at the homepage (a 404 here: an error that changes nothing).
      assert.equal(sites.requestsOf("repeater").filter((p) => p === "/").length, 2);
      assert.match(second.body.free_plan.badge_check.reason, /the homepage returned 404/);
      bed.at(NOW);
    });
    await t.step("an Idempotency-Key replays the sealed answer", async () => {
      const listing = await draftListing(bed, "Keyed");
      sites.setHome("keyed", "<p>no badge</p>");
      const headers = { "idempotency-key": "choose-keyed-1" };
      const first = await chooseFree(f, f.keys.owner, listing.id, headers);
      sites.setHome("keyed", `<a href="http://localhost:8000/">Listed</a>`);
      const replay = await chooseFree(f, f.keys.owner, listing.id, headers);
      assert.equal(replay.status, 200);
      assert.equal(replay.headers.get("idempotent-replayed"), "true");
      assert.deepEqual(replay.body, first.body);
      assert.equal(sites.requestsOf("keyed").filter((p) => p === "/").length, 1);
    });
    await t.step("paid, scheduled by payment, or live: 409", async () => {
      const invoicely = f.listings.invoicely;
      const live = await chooseFree(f, f.keys.owner, invoicely.id);
      assert.equal(live.status, 409);
      assert.match(live.body.error.message, new RegExp(`Listing ${invoicely.id} is already live`));
      const paid = await draftListing(bed, "Paidup");
      await updateListing(
        f.deps.kv,
        paid.id,
        () => ({ status: "scheduled", plan: "paid", launch_week: "2026-11-30" }),
        NOW,
      );
      const res = await chooseFree(f, f.keys.owner, paid.id);
      assert.equal(res.status, 409);
      assert.match(res.body.error.message, /is on the paid plan \(status "scheduled"\)/);
    });
    await t.step("someone else's listing: 404", async () => {
      const listing = await draftListing(bed, "Not Yours");
      const res = await chooseFree(f, f.keys.stranger, listing.id);
      assert.equal(res.status, 404);
      assert.equal(res.body.error.code, "not_found");
      assert.equal((await getMine(f, f.keys.owner, listing.id)).body.status, "draft");
      const missing = await chooseFree(f, f.keys.owner, 99_999);
      assert.equal(missing.status, 404);
    });
    await t.step("a read-only key: 403", async () => {
      const listing = await draftListing(bed, "Readonly");
      const res = await chooseFree(f, f.keys.ownerReadOnly, listing.id);
      assert.equal(res.status, 403);
    });
  });
});
