/**
 * The site team's Domain Rating and revenue (/admin/metrics): a reading and its trend seen by
 * get_listing, a CSV import refused line by line (nothing imported) then imported whole, the
 * provider against a JSON server on 127.0.0.1, revenue on the public revenue board (verified
 * figures only), one audit entry per action, and access and CSRF.
 */
import assert from "node:assert/strict";
import { getJson } from "./fixtures.ts";
import { type Browser, browser, csrfOf, signedInBrowser } from "./accounts_fixture.ts";
import { type OrderBed, TEAM_EMAIL, withOrderBed } from "./orders_fixture.ts";
import { listAuditLog } from "../services/admin/mod.ts";

const PATH = "/admin/metrics";

async function team(bed: OrderBed): Promise<{ team: Browser; csrf: string }> {
  const person = await signedInBrowser(bed.f, TEAM_EMAIL);
  const page = await person.get(PATH);
  assert.equal(page.status, 200, page.html.slice(0, 300));
  return { team: person, csrf: csrfOf(page.html) };
}

async function domainRating(bed: OrderBed, slug: string) {
  const res = await getJson(bed.f.app, `/api/v1/listings/${slug}`);
  assert.equal(res.status, 200);
  return res.body.domain_rating;
}

async function board(bed: OrderBed, name: string): Promise<Map<string, number>> {
  const res = await getJson(bed.f.app, `/api/v1/leaderboards/${name}?per_page=50`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return new Map(
    res.body.items.map((i: { listing: { slug: string }; metric: { value: number } }) => [
      i.listing.slug,
      i.metric.value,
    ]),
  );
}

async function audit(bed: OrderBed, action: string) {
  return (await listAuditLog(bed.f.deps, { limit: 50, filter: { action } })).entries;
}

const errorAt = (html: string, path: string) =>
  new RegExp(`id="${path}-error"[^>]*>([^<]+)<`).exec(html)?.[1] ?? null;

Deno.test("domain rating: a reading joins the history and moves get_listing's trend", async () => {
  await withOrderBed(async (bed) => {
    assert.deepEqual(
      { value: (await domainRating(bed, "billwise")).value, trend: "flat" },
      { value: 50, trend: (await domainRating(bed, "billwise")).trend },
    );
    const { team: person, csrf } = await team(bed);
    const added = await person.post(`${PATH}/domain-rating`, {
      _csrf: csrf,
      slug: "billwise",
      date: "2026-11-15",
      value: "58",
    });
    assert.equal(added.status, 303);
    const shown = await person.get(added.headers.get("location")!);
    assert.match(shown.html, /Domain Rating 58 recorded/);
    assert.match(shown.html, /<td>2026-11-15<\/td><td>58<\/td>/);
    const dr = await domainRating(bed, "billwise");
    assert.equal(dr.value, 58);
    assert.equal(dr.as_of, "2026-11-15");
    assert.equal(dr.trend, "up");
    assert.equal(dr.change_90d, 8);
    assert.deepEqual(dr.history, [
      { date: "2026-11-01", value: 50 },
      { date: "2026-11-15", value: 58 },
    ]);
    assert.equal((await board(bed, "domain-rating")).get("billwise"), 58);
    const [entry] = await audit(bed, "domain_rating.");
    assert.equal(entry.action, "domain_rating.add");
    assert.deepEqual(entry.target, { type: "listing", id: "billwise" });
    assert.deepEqual(entry.detail, { date: "2026-11-15", value: 58, source: "manual" });

    // Refusals at their fields; nothing recorded.
    for (
      const [fields, path, message] of [
        [{ value: "101" }, "value", /from 0 to 100/],
        [{ date: "2026-11-19" }, "date", /to today \(2026-11-18\)/],
        [{ date: "2026-02-30" }, "date", /YYYY-MM-DD/],
        [{ slug: "nosuch" }, "slug", /No such listing/],
      ] as const
    ) {
      const refused = await person.post(`${PATH}/domain-rating`, {
        _csrf: csrf,
        slug: "billwise",
        date: "2026-11-16",
        value: "60",
        ...fields,
      });
      assert.equal(refused.status, 400, JSON.stringify(fields));
      assert.match(errorAt(refused.html, path) ?? "", message);
    }
    assert.equal((await domainRating(bed, "billwise")).history.length, 2);
    assert.equal((await audit(bed, "domain_rating.")).length, 1);
  });
});

Deno.test("domain rating CSV: refused lines are listed and nothing is imported; then all are", async () => {
  await withOrderBed(async (bed) => {
    const { team: person, csrf } = await team(bed);
    const csv = [
      "slug,date,value",
      "billwise,2026-11-10,55",
      "nosuch,2026-11-10,20",
      "taskpilot,2026-13-01,20",
      "taskpilot,2026-11-10,150",
      "taskpilot,2026-11-10",
      "",
      "billwise,2026-11-10,56",
      "taskpilot,2026-11-12,22",
    ].join("\r\n");
    const refused = await person.post(`${PATH}/domain-rating/import`, { _csrf: csrf, csv });
    assert.equal(refused.status, 400);
    assert.match(refused.html, /Nothing imported: 5 line\(s\) refused/);
    const lines = [
      ...refused.html.matchAll(/<li>Line (\d+) \(<code>[^<]*<\/code>\): ([^<]+)<\/li>/g),
    ]
      .map((m) => [Number(m[1]), m[2]]);
    assert.deepEqual(lines.map(([n]) => n), [3, 4, 5, 6, 8]);
    assert.match(String(lines[0][1]), /No listing &quot;nosuch&quot;|No listing "nosuch"/);
    assert.match(String(lines[1][1]), /^date:/);
    assert.match(String(lines[2][1]), /^value: A whole number from 0 to 100/);
    assert.match(String(lines[3][1]), /three values/);
    assert.match(String(lines[4][1]), /Same listing and date as line 2/);
    assert.match(refused.html, /taskpilot,2026-11-12,22<\/textarea>/, "the lines stay to correct");
    assert.equal((await domainRating(bed, "billwise")).history.length, 1, "nothing imported");
    assert.equal(await domainRating(bed, "taskpilot"), null);
    assert.equal((await audit(bed, "domain_rating.")).length, 0);

    const good = "billwise,2026-11-10,55\ntaskpilot,2026-10-01,20\ntaskpilot,2026-11-12,22\n";
    const imported = await person.post(`${PATH}/domain-rating/import`, { _csrf: csrf, csv: good });
    assert.equal(imported.status, 303);
    assert.match((await person.get(imported.headers.get("location")!)).html, /3 readings imported/);
    const taskpilot = await domainRating(bed, "taskpilot");
    assert.deepEqual([taskpilot.value, taskpilot.trend, taskpilot.change_90d], [22, "up", 2]);
    assert.equal((await domainRating(bed, "billwise")).value, 55);
    const [entry] = await audit(bed, "domain_rating.");
    assert.equal(entry.action, "domain_rating.import");
    assert.deepEqual(entry.detail, { imported: 3, source: "csv" });

    const empty = await person.post(`${PATH}/domain-rating/import`, { _csrf: csrf, csv: "\n" });
    assert.equal(empty.status, 400);
    assert.match(errorAt(empty.html, "csv") ?? "", /No lines to import/);
  });
});

/** A Domain Rating API on 127.0.0.1: `?domain=` → `{ domain_rating }`, 500 for unknown domains. */
function fakeProvider(ratings: Record<string, number>) {
  const seen: { domain: string | null; auth: string | null }[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const domain = new URL(req.url).searchParams.get("domain");
    seen.push({ domain, auth: req.headers.get("authorization") });
    if (domain === null || !(domain in ratings)) return new Response("no", { status: 500 });
    return Response.json({ domain_rating: ratings[domain] });
  });
  return { server, seen, url: `http://127.0.0.1:${server.addr.port}/v1/dr` };
}

Deno.test("domain rating provider: no button unconfigured; fetch one and all from the JSON API", async () => {
  await withOrderBed(async (bed) => {
    const { team: person } = await team(bed);
    const page = await person.get(PATH);
    assert.doesNotMatch(page.html, /Fetch now/);
    const unset = await person.post(`${PATH}/domain-rating/fetch`, {
      _csrf: csrfOf(page.html),
      all: "1",
    });
    assert.equal(unset.status, 404);
    assert.equal((await listAuditLog(bed.f.deps, { limit: 10 })).entries.length, 0);
  });
  const api = fakeProvider({ "billwise.example": 61.4, "invoicely.example": 40 });
  try {
    await withOrderBed(async (bed) => {
      const { team: person, csrf } = await team(bed);
      const page = await person.get(`${PATH}?slug=billwise`);
      assert.match(page.html, /Fetch now for every live listing/);
      const one = await person.post(`${PATH}/domain-rating/fetch`, {
        _csrf: csrf,
        slug: "billwise",
      });
      assert.equal(one.status, 303);
      assert.match(
        (await person.get(one.headers.get("location")!)).html,
        /Domain Rating 61 fetched/,
      );
      assert.deepEqual(api.seen[0], { domain: "billwise.example", auth: "Bearer dr-key" });
      const dr = await domainRating(bed, "billwise");
      assert.deepEqual([dr.value, dr.as_of], [61, "2026-11-18"]);

      const refused = await person.post(`${PATH}/domain-rating/fetch`, {
        _csrf: csrf,
        slug: "taskpilot",
      });
      assert.equal(refused.status, 400);
      assert.match(refused.html, /No reading for Taskpilot: The provider answered 500/);
      assert.equal(await domainRating(bed, "taskpilot"), null);

      const all = await person.post(`${PATH}/domain-rating/fetch`, { _csrf: csrf, all: "1" });
      assert.equal(all.status, 303);
      const done = await person.get(all.headers.get("location")!);
      assert.match(done.html, /2 readings fetched; none for [a-z, ]*taskpilot/);
      assert.equal((await domainRating(bed, "invoicely")).value, 40);
      const entries = await audit(bed, "domain_rating.");
      assert.deepEqual(entries.map((e) => e.action), ["domain_rating.import", "domain_rating.add"]);
      assert.equal(entries[1].detail.source, "provider");
      assert.equal(entries[0].detail.imported, 2);
    }, { domainRating: { apiUrl: api.url, apiKey: "dr-key" } });
  } finally {
    await api.server.shutdown();
  }
});

Deno.test("revenue: the board ranks verified figures only; self-reported ones show as such", async () => {
  await withOrderBed(async (bed) => {
    const { team: person, csrf } = await team(bed);
    const post = (fields: Record<string, string>) =>
      person.post(`${PATH}/revenue`, { _csrf: csrf, slug: "billwise", ...fields });
    assert.equal((await post({ month: "2026-10", mrr: "5,000" })).status, 303);
    assert.equal((await board(bed, "revenue")).has("billwise"), false);
    const profile = await getJson(bed.f.app, "/api/v1/listings/billwise");
    assert.deepEqual(profile.body.revenue, {
      mrr_cents: 500000,
      month: "2026-10",
      source: "self_reported",
    });

    assert.equal((await post({ month: "2026-09", mrr: "3000.50", verified: "on" })).status, 303);
    assert.equal((await board(bed, "revenue")).get("billwise"), 300050);
    // A newer self-reported figure of a verified listing does not move its place.
    const newer = await person.post(`${PATH}/revenue`, {
      _csrf: csrf,
      slug: "invoicely",
      month: "2026-11",
      mrr: "9999",
    });
    assert.equal(newer.status, 303);
    const revenue = await board(bed, "revenue");
    assert.equal(revenue.get("invoicely"), 120000);
    assert.deepEqual([...revenue.keys()], ["billwise", "invoicely"]);
    const shown = await person.get(`${PATH}?slug=invoicely`);
    assert.match(shown.html, /2026-11<\/td><td>\$9,999<\/td><td>Self-reported \(not ranked\)/);

    const entries = await audit(bed, "revenue.");
    assert.equal(entries.length, 3);
    assert.deepEqual(entries[1].detail, {
      month: "2026-09",
      mrr_cents: 300050,
      source: "verified",
    });

    const refused = await post({ month: "2026-12", mrr: "ten" });
    assert.equal(refused.status, 400);
    assert.match(errorAt(refused.html, "month") ?? "", /to 2026-11/);
    assert.match(errorAt(refused.html, "mrr") ?? "", /amount in dollars/);
    assert.equal((await audit(bed, "revenue.")).length, 3);
  });
});

Deno.test("metrics: team only (404 for others, sign-in for visitors) and CSRF-checked", async () => {
  await withOrderBed(async (bed) => {
    const visitor = browser(bed.f);
    const signIn = await visitor.get(PATH);
    assert.equal(signIn.status, 303);
    assert.match(signIn.headers.get("location")!, /^\/signin\?next=%2Fadmin%2Fmetrics/);
    const ada = await signedInBrowser(bed.f, "ada@invoicely.example");
    assert.equal((await ada.get(PATH)).status, 404);
    const csrf = csrfOf((await ada.get("/account")).html);
    for (const path of ["domain-rating", "domain-rating/import", "revenue"]) {
      const post = await ada.post(`${PATH}/${path}`, {
        _csrf: csrf,
        slug: "billwise",
        date: "2026-11-10",
        value: "90",
        csv: "billwise,2026-11-10,90",
        month: "2026-10",
        mrr: "1",
        verified: "on",
      });
      assert.equal(post.status, 404, path);
    }
    const { team: person } = await team(bed);
    const forged = await person.post(`${PATH}/domain-rating`, {
      _csrf: "forged",
      slug: "billwise",
      date: "2026-11-10",
      value: "90",
    });
    assert.equal(forged.status, 403);
    assert.equal((await domainRating(bed, "billwise")).value, 50);
    assert.equal((await board(bed, "revenue")).has("billwise"), false);
    assert.equal((await listAuditLog(bed.f.deps, { limit: 10 })).entries.length, 0);
  });
});
