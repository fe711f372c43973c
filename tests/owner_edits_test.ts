/**
 * update_my_listing (every bound at its edge, replace semantics, publishing at once, versions and
 * the site team's review list, co-founders, idempotent replays) and get_my_listing's public fields.
 */
import assert from "node:assert/strict";
import { bearer, buildFixture, type Fixture, getJson, sendJson } from "./fixtures.ts";
import { testConfig } from "../services/platform/config.ts";
import { getOrCreateUser } from "../kv/users.ts";
import { createApiKey } from "../services/access/api_keys.ts";
import { createSession } from "../services/access/sessions.ts";
import { getListing, updateListing } from "../kv/listings.ts";
import { listListingVersions } from "../kv/listing_versions.ts";
import { listingWritesIndexed } from "../services/directory/search/load.ts";
import { SESSION_COOKIE } from "../routes/session.ts";
import { listingVersionKey, listingVersionsPrefix } from "../kv/keys.ts";
import { NOW } from "./fixtures.ts";

const ADMIN = "team@directory.example";

function fixture(): Promise<Fixture> {
  return buildFixture({
    adminEmails: [ADMIN],
    rateLimit: { ...testConfig().rateLimit, perMinute: 1_000_000, anonymousPerMinute: 1_000_000 },
  });
}

const mine = (f: Fixture, slug = "invoicely") => `/api/v1/me/listings/${f.listings[slug].id}`;
const patch = (f: Fixture, body: unknown, headers = bearer(f.keys.owner), slug = "invoicely") =>
  sendJson(f.app, "PATCH", mine(f, slug), body, headers);
const s = (n: number, c = "a") => c.repeat(n);
const list = <T>(n: number, item: (i: number) => T) => Array.from({ length: n }, (_, i) => item(i));

/** A browser session cookie of a new or existing account. */
async function sessionCookie(f: Fixture, email: string): Promise<Record<string, string>> {
  const user = await getOrCreateUser(f.deps.kv, email, email.split("@")[0], NOW);
  const { secret } = await createSession(f.deps, user.id);
  return { cookie: `${SESSION_COOKIE}=${secret}` };
}

Deno.test("update_my_listing: every bound of the specification at its edge", async (t) => {
  const f = await fixture();
  const url = (n: number) => `https://video.example/${s(n - "https://video.example/".length)}`;
  const email = (n: number) => `${s(n - "@example.com".length)}@example.com`;
  // [name, body at the maximum, body one over, the field the 400 names]
  const cases: [string, unknown, unknown, string][] = [
    ...([
      ["tagline", 200],
      ["short_description", 300],
      ["description", 20000],
      ["pricing_model", 40],
      ["pricing_summary", 300],
      ["city", 120],
      ["headline", 200],
      ["summary", 20000],
      ["seo_title", 200],
      ["seo_description", 320],
    ] as const).map(([field, max]): [string, unknown, unknown, string] => [
      field,
      { fields: { [field]: s(max) } },
      { fields: { [field]: s(max + 1) } },
      `fields.${field}`,
    ]),
    ["country", { fields: { country: "fr" } }, { fields: { country: "FRA" } }, "fields.country"],
    ["founded_year max", { fields: { founded_year: 2100 } }, {
      fields: { founded_year: 2101 },
    }, "fields.founded_year"],
    ["founded_year min", { fields: { founded_year: 1800 } }, {
      fields: { founded_year: 1799 },
    }, "fields.founded_year"],
    ["demo_video_url", { fields: { demo_video_url: url(500) } }, {
      fields: { demo_video_url: url(501) },
    }, "fields.demo_video_url"],
    ["contact_email", { fields: { contact_email: email(254) } }, {
      fields: { contact_email: email(255) },
    }, "fields.contact_email"],
    ...(["features", "usps", "keywords"] as const).flatMap((
      field,
    ): [string, unknown, unknown, string][] => [
      [
        `${field} items`,
        { fields: { [field]: list(20, (i) => `${field} ${i}`) } },
        { fields: { [field]: list(21, (i) => `${field} ${i}`) } },
        `fields.${field}`,
      ],
      [
        `${field} item length`,
        { fields: { [field]: [s(200, "b")] } },
        { fields: { [field]: [s(201, "b")] } },
        `fields.${field}.0`,
      ],
    ]),
    ["socials link", { socials: { x: url(500) } }, { socials: { x: url(501) } }, "socials.x"],
    ["faqs", { faqs: list(10, (i) => ({ question: `Q${i}`, answer: "A" })) }, {
      faqs: list(11, (i) => ({ question: `Q${i}`, answer: "A" })),
    }, "faqs"],
    ["faq question", { faqs: [{ question: s(300), answer: "A" }] }, {
      faqs: [{ question: s(301), answer: "A" }],
    }, "faqs.0.question"],
    ["faq answer", { faqs: [{ question: "Q", answer: s(1500) }] }, {
      faqs: [{ question: "Q", answer: s(1501) }],
    }, "faqs.0.answer"],
  ];
  for (const [name, atMax, overMax, field] of cases) {
    await t.step(name, async () => {
      const ok = await patch(f, atMax);
      assert.equal(ok.status, 200, `${name}: the maximum passes: ${JSON.stringify(ok.body)}`);
      const before = await getListing(f.deps.kv, f.listings.invoicely.id);
      const over = await patch(f, overMax);
      assert.equal(over.status, 400, `${name}: one more is refused`);
      assert.equal(over.body.error.code, "invalid_request");
      const paths = over.body.error.details.map((d: { path: string }) => d.path);
      assert.ok(paths.includes(field), `${name}: names ${field}, got ${paths.join(", ")}`);
      assert.deepEqual(await getListing(f.deps.kv, f.listings.invoicely.id), before);
    });
  }
  await t.step("founded_year null and unknown keys", async () => {
    assert.equal((await patch(f, { fields: { founded_year: null } })).status, 200);
    const unknown = await patch(f, { fields: { name: "Renamed" } });
    assert.equal(unknown.status, 400);
    const top = await patch(f, { story: { title: "No" } });
    assert.equal(top.status, 400);
  });
  await t.step("what was stored at the maximum", async () => {
    const stored = (await getListing(f.deps.kv, f.listings.invoicely.id))!;
    assert.equal(stored.country, "FR", "country codes are stored in capitals");
    assert.equal(stored.summary, s(20000));
    assert.equal(stored.founded_year, null);
    assert.deepEqual(stored.socials, { x: url(500) });
  });
});

Deno.test("update_my_listing: socials and FAQs replace, empty strings remove", async () => {
  const f = await fixture();
  const res = await patch(f, {
    socials: { github: "https://github.com/invoicely", linkedin: "" },
    faqs: [{ question: "Does it do VAT?", answer: "Yes." }],
    fields: { city: "", headline: "Paid on time" },
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.deepEqual(res.body.socials, { github: "https://github.com/invoicely" });
  assert.deepEqual(res.body.faqs, [{ question: "Does it do VAT?", answer: "Yes." }]);
  assert.equal(res.body.city, null);
  assert.equal(res.body.headline, "Paid on time");
  assert.deepEqual(res.body.edit.changed_fields.sort(), ["city", "faqs", "headline", "socials"]);
  const cleared = await patch(f, { socials: {}, faqs: [] });
  assert.deepEqual(cleared.body.socials, {});
  assert.deepEqual(cleared.body.faqs, []);
});

Deno.test("an edit of a public listing shows at once on get_listing, its page and search", async () => {
  const f = await fixture();
  const warm = await getJson(f.app, "/api/v1/listings/invoicely");
  assert.equal(warm.body.tagline, "Invoices that get paid on time");
  await getJson(f.app, "/listings/invoicely");
  const res = await patch(f, {
    fields: { tagline: "Invoices in zorblax time", keywords: ["zorblax"] },
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const after = await getJson(f.app, "/api/v1/listings/invoicely");
  assert.equal(after.body.tagline, "Invoices in zorblax time");
  assert.deepEqual(after.body.keywords, ["zorblax"]);
  const page = await getJson(f.app, "/listings/invoicely");
  assert.equal(page.status, 200);
  assert.match(page.body, /Invoices in zorblax time/);
  await listingWritesIndexed(f.deps.search);
  const found = await getJson(f.app, "/api/v1/listings?q=zorblax");
  assert.deepEqual(found.body.items.map((i: { slug: string }) => i.slug), ["invoicely"]);
});

Deno.test("each edit is a version with the changed fields only and a review entry; the admin view", async (t) => {
  const f = await fixture();
  const id = f.listings.invoicely.id;
  const first = await patch(f, { fields: { tagline: "Second tagline", city: "Berlin" } });
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.deepEqual(first.body.edit, {
    version: 1,
    changed_fields: ["tagline"],
    edited_at: NOW.toISOString(),
  });
  await t.step("the version: who, when, before and after of the changed field only", async () => {
    const [version] = await listListingVersions(f.deps.kv, id);
    const owner = await getOrCreateUser(f.deps.kv, "ada@invoicely.example", "Ada", NOW);
    assert.equal(version.user_id, owner.id);
    assert.equal(version.edited_at, NOW.toISOString());
    assert.match(version.via, /Owner key/);
    assert.deepEqual(version.before, { tagline: "Invoices that get paid on time" });
    assert.deepEqual(version.after, { tagline: "Second tagline" });
  });
  await t.step("an edit that changes nothing makes no version", async () => {
    const same = await patch(f, { fields: { tagline: "Second tagline" } });
    assert.equal(same.status, 200);
    assert.deepEqual(same.body.edit, { version: null, changed_fields: [], edited_at: null });
    assert.equal((await listListingVersions(f.deps.kv, id)).length, 1);
  });
  // Long texts outside Latin-1: the listing and its version both pass the 64 KiB value cap.
  const long = (c: string) => c.repeat(20000);
  await patch(f, { fields: { description: long("説"), summary: long("要") } });
  await patch(f, { fields: { description: long("明"), summary: long("約") } });
  await t.step("versions of long texts are kept whole", async () => {
    const versions = await listListingVersions(f.deps.kv, id);
    assert.deepEqual(versions.map((v) => v.version), [1, 2, 3]);
    assert.equal(versions[2].before.description, long("説"));
    assert.equal(versions[2].after.summary, long("約"));
  });
  const path = "/admin/reviews/edits.json";
  await t.step("the site team reads the review list, newest first", async () => {
    const res = await getJson(f.app, path, { headers: await sessionCookie(f, ADMIN) });
    assert.equal(res.status, 200);
    assert.match(res.type, /json/);
    assert.equal(res.headers.get("cache-control"), "no-store");
    const items = res.body.items;
    assert.deepEqual(items.map((i: { version: number }) => i.version), [3, 2, 1]);
    assert.deepEqual(items[2].listing, { id, slug: "invoicely", name: "Invoicely" });
    assert.equal(items[2].edited_by.email, "ada@invoicely.example");
    assert.deepEqual(items[2].before, { tagline: "Invoices that get paid on time" });
    assert.deepEqual(items[2].after, { tagline: "Second tagline" });
    assert.deepEqual(items[0].changed_fields.sort(), ["description", "summary"]);
    assert.equal(items[0].after.description, long("明"));
  });
  await t.step("pages of the list follow next_cursor", async () => {
    const headers = await sessionCookie(f, ADMIN);
    const one = await getJson(f.app, `${path}?limit=2`, { headers });
    assert.deepEqual(one.body.items.map((i: { version: number }) => i.version), [3, 2]);
    const two = await getJson(
      f.app,
      `${path}?limit=2&cursor=${encodeURIComponent(one.body.next_cursor)}`,
      { headers },
    );
    assert.deepEqual(two.body.items.map((i: { version: number }) => i.version), [1]);
    assert.equal(two.body.next_cursor, null);
    const bad = await getJson(f.app, `${path}?limit=101`, { headers });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.details[0].path, "limit");
  });
  await t.step(
    "signed out, sign in and back; anyone else gets the 404 of an unknown page",
    async () => {
      for (const headers of [{}, bearer(f.keys.owner), { cookie: `${SESSION_COOKIE}=made-up` }]) {
        const res = await f.app.request(path, { headers, redirect: "manual" });
        assert.equal(res.status, 303);
        assert.equal(res.headers.get("location"), `/signin?next=${encodeURIComponent(path)}`);
      }
      for (const headers of [await sessionCookie(f, "ada@invoicely.example")]) {
        const res = await getJson(f.app, path, { headers });
        assert.equal(res.status, 404);
        const unknown = await getJson(f.app, "/admin/reviews/nothing.json", { headers });
        assert.equal(res.body, unknown.body.replaceAll("nothing.json", "edits.json"));
      }
    },
  );
});

Deno.test("concurrent long edits: each one version, and no parts left from lost attempts", async () => {
  const f = await fixture();
  const id = f.listings.invoicely.id;
  const texts = ["一", "二", "三", "四", "五"].map((c) => c.repeat(20000));
  const answers = await Promise.all(texts.map((text) => patch(f, { fields: { summary: text } })));
  assert.deepEqual(answers.map((a) => a.status), [200, 200, 200, 200, 200]);
  const versions = await listListingVersions(f.deps.kv, id);
  assert.deepEqual(versions.map((v) => v.version), [1, 2, 3, 4, 5]);
  assert.deepEqual(versions.map((v) => v.after.summary).sort(), [...texts].sort());
  assert.equal(versions[0].before.summary, null);
  for (let i = 1; i < 5; i++) {
    assert.equal(versions[i].before.summary, versions[i - 1].after.summary);
  }
  const referenced = new Set<string>();
  for (const v of versions) {
    const head = (await f.deps.kv.get<Record<string, { generation: string }>>(
      listingVersionKey(id, v.version),
    )).value!;
    if (head.$parts) referenced.add(head.$parts.generation);
  }
  assert.equal(referenced.size, 4, "versions with two long texts are stored in parts");
  for await (
    const part of f.deps.kv.list({ prefix: ["value_parts", ...listingVersionsPrefix(id)] })
  ) {
    assert.ok(
      referenced.has(part.key.at(-2) as string),
      `orphaned part ${JSON.stringify(part.key)}`,
    );
  }
});

Deno.test("co-founders may edit; another account gets a 404 and nothing is written", async () => {
  const f = await fixture();
  const id = f.listings.invoicely.id;
  const cofounder = await getOrCreateUser(f.deps.kv, "grace@invoicely.example", "Grace", NOW);
  await updateListing(f.deps.kv, id, () => ({ cofounder_ids: [cofounder.id] }), NOW);
  const { secret } = await createApiKey(f.deps.kv, {
    userId: cofounder.id,
    name: "Grace's key",
    scopes: ["listings:write", "account:read"],
  }, NOW);
  const res = await patch(f, { fields: { tagline: "Edited by Grace" } }, bearer(secret));
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.tagline, "Edited by Grace");
  const [version] = await listListingVersions(f.deps.kv, id);
  assert.equal(version.user_id, cofounder.id);

  const before = await getListing(f.deps.kv, id);
  const stranger = await patch(f, { fields: { tagline: "Hijacked" } }, bearer(f.keys.stranger));
  assert.equal(stranger.status, 404);
  assert.equal(stranger.body.error.code, "not_found");
  assert.deepEqual(await getListing(f.deps.kv, id), before);
  assert.equal((await listListingVersions(f.deps.kv, id)).length, 1);
  const readOnly = await patch(f, { fields: { tagline: "x" } }, bearer(f.keys.ownerReadOnly));
  assert.equal(readOnly.status, 403);
  const unowned = await patch(f, { fields: { tagline: "x" } }, bearer(f.keys.owner), "billwise");
  assert.equal(unowned.status, 404);
});

Deno.test("update_my_listing with an Idempotency-Key: the replay answers the same, one version", async () => {
  const f = await fixture();
  const headers = { ...bearer(f.keys.owner), "idempotency-key": "edit-1" };
  const body = { fields: { tagline: "Sealed tagline" }, faqs: [{ question: "Q", answer: "A" }] };
  const first = await patch(f, body, headers);
  assert.equal(first.status, 200, JSON.stringify(first.body));
  // A later edit without the key; the replay still answers the first response.
  await patch(f, { fields: { tagline: "Later tagline" } });
  const again = await patch(f, body, headers);
  assert.equal(again.status, 200);
  assert.deepEqual(again.body, first.body);
  assert.equal(again.body.tagline, "Sealed tagline");
  const versions = await listListingVersions(f.deps.kv, f.listings.invoicely.id);
  assert.deepEqual(versions.map((v) => v.after.tagline), ["Sealed tagline", "Later tagline"]);
  const reused = await patch(f, { fields: { tagline: "Other" } }, headers);
  assert.equal(reused.status, 400);
  assert.equal(reused.body.error.code, "idempotency_key_reused");
});

Deno.test("get_my_listing carries every public field at its top level", async () => {
  const f = await fixture();
  const [own, pub] = await Promise.all([
    getJson(f.app, mine(f), { headers: bearer(f.keys.owner) }),
    getJson(f.app, "/api/v1/listings/invoicely"),
  ]);
  assert.equal(own.status, 200);
  for (const [key, value] of Object.entries(pub.body)) {
    assert.deepEqual(own.body[key], value, `get_my_listing's ${key}`);
  }
  assert.equal(own.body.listing_id, f.listings.invoicely.id);
  assert.equal(own.body.plan, "paid");
  assert.equal(own.body.launch_week, "2026-11-16");
  assert.deepEqual(own.body.unlocked_sections, ["story", "milestones"]);
  assert.deepEqual(own.body.media, [], "the owner sees the paid sections, unlocked or not");
  assert.equal("public" in own.body, false);
  // An unpublished listing: the same public fields, though no one else can see them yet.
  const owner = await getOrCreateUser(f.deps.kv, "ada@invoicely.example", "Ada", NOW);
  await updateListing(f.deps.kv, f.listings.draftapp.id, () => ({ owner_id: owner.id }), NOW);
  const draft = await getJson(f.app, mine(f, "draftapp"), { headers: bearer(f.keys.owner) });
  assert.equal(draft.status, 200);
  assert.equal((await getJson(f.app, "/api/v1/listings/draftapp")).status, 404);
  assert.equal(draft.body.status, "draft");
  for (const key of Object.keys(pub.body).filter((k) => !["story", "milestones"].includes(k))) {
    assert.ok(key in draft.body, `a draft's get_my_listing has ${key}`);
  }
  assert.equal(draft.body.slug, "draftapp");
  assert.equal(draft.body.url, "https://draftapp.example");
  assert.equal(draft.body.tagline, "Draftapp tagline");
});
