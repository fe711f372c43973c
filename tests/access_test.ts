/** Bearer access on REST, scopes, ownership, rate limits and Idempotency-Key. */
import assert from "node:assert/strict";
import { listApiKeys, revokeApiKey } from "../services/access/api_keys.ts";
import { getOrCreateUser } from "../kv/users.ts";
import { bearer, buildFixture, type Fixture, getJson, sendJson } from "./fixtures.ts";

const fixture: Promise<Fixture> = buildFixture();

Deno.test("public operations accept no credentials, an API key, and refuse a bad one", async () => {
  const { app, keys } = await fixture;
  assert.equal((await getJson(app, "/api/v1/site")).status, 200);
  assert.equal(
    (await getJson(app, "/api/v1/site", { headers: bearer(keys.stranger) })).status,
    200,
  );
  const bad = await getJson(app, "/api/v1/site", { headers: bearer("ld_not-a-real-key") });
  assert.equal(bad.status, 401);
  assert.equal(bad.body.error.code, "unauthorized");
  assert.match(bad.headers.get("www-authenticate")!, /^Bearer error="invalid_token"/);
});

Deno.test("signed-in operations: 401 with a challenge that starts the OAuth flow", async () => {
  const { app } = await fixture;
  const res = await getJson(app, "/api/v1/me");
  assert.equal(res.status, 401);
  assert.equal(res.body.error.code, "unauthorized");
  const challenge = res.headers.get("www-authenticate")!;
  assert.match(challenge, /^Bearer /);
  assert.match(
    challenge,
    /resource_metadata="http:\/\/localhost:8000\/\.well-known\/oauth-protected-resource\/api\/v1"/,
  );
  assert.match(challenge, /scope="account:read"/);
  const malformed = await getJson(app, "/api/v1/me", { headers: { authorization: "Basic abc" } });
  assert.equal(malformed.status, 401);
  assert.match(malformed.headers.get("www-authenticate")!, /invalid_token/);
});

Deno.test("get_account tells who the caller is, how and with which scopes", async () => {
  const { app, keys } = await fixture;
  const res = await getJson(app, "/api/v1/me", { headers: bearer(keys.ownerReadOnly) });
  assert.equal(res.status, 200);
  assert.equal(res.body.email, "ada@invoicely.example");
  assert.equal(res.body.signed_in_with.type, "api_key");
  assert.deepEqual(res.body.scopes.map((s: { scope: string }) => s.scope), ["account:read"]);
});

Deno.test("a revoked key is a 401", async () => {
  const { app, deps } = await fixture;
  const user = await getOrCreateUser(deps.kv, "revoke@example.com", "R", deps.now());
  const { createApiKey } = await import("../services/access/api_keys.ts");
  const { key, secret } = await createApiKey(deps.kv, {
    userId: user.id,
    name: "Soon gone",
    scopes: ["account:read"],
  }, deps.now());
  assert.equal((await getJson(app, "/api/v1/me", { headers: bearer(secret) })).status, 200);
  assert.ok(await revokeApiKey(deps.kv, user.id, key.id, deps.now()));
  const res = await getJson(app, "/api/v1/me", { headers: bearer(secret) });
  assert.equal(res.status, 401);
  assert.match(res.headers.get("www-authenticate")!, /invalid_token/);
  assert.ok((await listApiKeys(deps.kv, user.id)).every((k) => k.revoked_at !== null));
});

Deno.test("a missing scope is a 403 insufficient_scope naming the scope", async () => {
  const { app, keys, listings } = await fixture;
  const res = await sendJson(
    app,
    "POST",
    `/api/v1/me/listings/${listings.invoicely.id}/updates`,
    { title: "T", body: "B" },
    bearer(keys.ownerReadOnly),
  );
  assert.equal(res.status, 403);
  assert.equal(res.body.error.code, "insufficient_scope");
  const challenge = res.headers.get("www-authenticate")!;
  assert.match(challenge, /error="insufficient_scope"/);
  assert.match(challenge, /scope="listings:write"/);
  assert.match(challenge, /resource_metadata=/);
});

Deno.test("another account's listing is a 404", async () => {
  const { app, keys, listings } = await fixture;
  const id = listings.invoicely.id;
  assert.equal(
    (await getJson(app, `/api/v1/me/listings/${id}`, { headers: bearer(keys.owner) })).status,
    200,
  );
  const res = await getJson(app, `/api/v1/me/listings/${id}`, { headers: bearer(keys.stranger) });
  assert.equal(res.status, 404);
  assert.equal(res.body.error.code, "not_found");
  const post = await sendJson(app, "POST", `/api/v1/me/listings/${id}/milestones`, {
    date: "2026-11-01",
    title: "X",
  }, bearer(keys.stranger));
  assert.equal(post.status, 404);
  const mine = await getJson(app, "/api/v1/me/listings", { headers: bearer(keys.stranger) });
  assert.deepEqual(mine.body.items, []);
});

Deno.test("my listing: read, updates, milestones, story", async (t) => {
  const { app, keys, listings } = await fixture;
  const id = listings.invoicely.id;
  const auth = bearer(keys.owner);
  await t.step("list and get", async () => {
    const list = await getJson(app, "/api/v1/me/listings", { headers: auth });
    assert.deepEqual(list.body.items.map((i: { listing_id: number }) => i.listing_id), [id]);
    const one = await getJson(app, `/api/v1/me/listings/${id}`, { headers: auth });
    assert.equal(one.body.status, "live");
    assert.equal(one.body.plan, "paid");
    assert.deepEqual(one.body.unlocked_sections, ["story", "milestones"]);
    assert.equal(one.body.name, "Invoicely");
  });
  await t.step("post an update: 201, shown on the public profile", async () => {
    const res = await sendJson(app, "POST", `/api/v1/me/listings/${id}/updates`, {
      title: "v3",
      body: "Exports",
    }, auth);
    assert.equal(res.status, 201);
    assert.equal(res.body.title, "v3");
    const profile = await getJson(app, "/api/v1/listings/invoicely");
    assert.equal(profile.body.latest_updates[0].title, "v3");
  });
  await t.step("add and delete milestones", async () => {
    const add = await sendJson(app, "POST", `/api/v1/me/listings/${id}/milestones`, {
      date: "2026-11-10",
      title: "1.0",
      url: "https://invoicely.example/1",
    }, auth);
    assert.equal(add.status, 201);
    assert.equal(add.body.milestone.id, 2);
    assert.equal(add.body.shown_publicly, true);
    const del = await getJson(app, `/api/v1/me/listings/${id}/milestones/2`, {
      method: "DELETE",
      headers: auth,
    });
    assert.equal(del.status, 200);
    const again = await getJson(app, `/api/v1/me/listings/${id}/milestones/2`, {
      method: "DELETE",
      headers: auth,
    });
    assert.equal(again.status, 404);
  });
  await t.step("set the founder story", async () => {
    const res = await sendJson(app, "PUT", `/api/v1/me/listings/${id}/story`, {
      title: "Our story",
      lessons: "Ship.",
    }, auth);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.story, { title: "Our story", lessons: "Ship." });
    const profile = await getJson(app, "/api/v1/listings/invoicely");
    assert.equal(profile.body.story.lessons, "Ship.");
  });
});

Deno.test("rate limits: 429 with Retry-After and RateLimit headers, per credential or address", async () => {
  const { app, keys } = await buildFixture({
    rateLimit: { perMinute: 3, anonymousPerMinute: 2, trustProxy: false },
  });
  const first = await getJson(app, "/api/v1/site");
  assert.equal(first.status, 200);
  // A public answer a CDN may keep carries no caller's count; the 429 and keyed answers do.
  assert.equal(first.headers.get("ratelimit-limit"), null);
  assert.equal((await getJson(app, "/api/v1/site")).status, 200);
  const limited = await getJson(app, "/api/v1/site");
  assert.equal(limited.status, 429);
  assert.equal(limited.body.error.code, "rate_limited");
  assert.ok(Number(limited.headers.get("retry-after")) >= 1);
  assert.equal(limited.headers.get("ratelimit-remaining"), "0");
  // A key has its own bucket and its own limit.
  for (let i = 0; i < 3; i++) {
    const keyed = await getJson(app, "/api/v1/site", { headers: bearer(keys.owner) });
    assert.equal(keyed.status, 200);
    assert.equal(keyed.headers.get("ratelimit-limit"), "3");
    assert.equal(keyed.headers.get("ratelimit-remaining"), String(2 - i));
  }
  assert.equal((await getJson(app, "/api/v1/site", { headers: bearer(keys.owner) })).status, 429);
  assert.equal(
    (await getJson(app, "/api/v1/site", { headers: bearer(keys.stranger) })).status,
    200,
  );
});

Deno.test("Idempotency-Key", async (t) => {
  const { app, keys, listings, deps } = await buildFixture();
  const id = listings.invoicely.id;
  const headers = (key: string) => ({ ...bearer(keys.owner), "idempotency-key": key });
  const post = (key: string, body: unknown) =>
    sendJson(app, "POST", `/api/v1/me/listings/${id}/updates`, body, headers(key));
  const countUpdates = async () => {
    const { listListingUpdates } = await import("../kv/listing_feed.ts");
    return (await listListingUpdates(deps.kv, id, 100)).length;
  };
  await t.step("the same request replays the first response", async () => {
    const before = await countUpdates();
    const first = await post("key-1", { title: "Once", body: "B" });
    const second = await post("key-1", { body: "B", title: "Once" });
    assert.equal(first.status, 201);
    assert.equal(second.status, 201);
    assert.deepEqual(second.body, first.body);
    assert.equal(second.headers.get("idempotent-replayed"), "true");
    assert.equal(await countUpdates(), before + 1);
  });
  await t.step("a different request under the same key is refused", async () => {
    const res = await post("key-1", { title: "Other", body: "B" });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, "idempotency_key_reused");
  });
  await t.step("keys are scoped to the caller", async () => {
    const res = await sendJson(app, "POST", `/api/v1/me/listings/${id}/updates`, {
      title: "Once",
      body: "B",
    }, { ...bearer(keys.stranger), "idempotency-key": "key-1" });
    assert.equal(res.status, 404, "the stranger's request runs on its own (and is not theirs)");
  });
  await t.step("concurrent identical requests create one resource", async () => {
    const before = await countUpdates();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post("key-concurrent", { title: "Race", body: "B" })),
    );
    assert.ok(results.every((r) => r.status === 201), JSON.stringify(results.map((r) => r.status)));
    assert.equal(new Set(results.map((r) => r.body.id)).size, 1);
    assert.equal(await countUpdates(), before + 1);
  });
  await t.step("an invalid key is a 400", async () => {
    const res = await post("x".repeat(256), { title: "T", body: "B" });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.details[0].path, "Idempotency-Key");
  });
  await t.step("validation errors are not stored against the key", async () => {
    const bad = await post("key-2", { title: "" });
    assert.equal(bad.status, 400);
    const good = await post("key-2", { title: "Now valid", body: "B" });
    assert.equal(good.status, 201);
  });
});
