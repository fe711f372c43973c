/** API keys: created on the page and shown once, stored only as a hash, listed, revoked. */
import assert from "node:assert/strict";
import { browser, buildAccountsFixture, csrfOf, signInAs } from "./accounts_fixture.ts";
import {
  createApiKey,
  listApiKeys,
  MAX_ACTIVE_KEYS,
  revokeApiKey,
  verifyApiKey,
} from "../services/access/api_keys.ts";
import { apiKeyKey } from "../kv/keys.ts";
import { getUserByEmail } from "../kv/users.ts";
import { ApiError } from "../services/platform/errors.ts";
import { sha256Hex } from "../services/platform/secrets.ts";
import { NOW } from "./fixtures.ts";

const KEY = /ld_[A-Za-z0-9_-]{40}/g;

/** Every key and value in the store, as text. */
async function dumpKv(kv: Deno.Kv): Promise<string> {
  const parts: string[] = [];
  for await (const entry of kv.list({ prefix: [] })) {
    parts.push(JSON.stringify(entry.key), JSON.stringify(entry.value));
  }
  return parts.join("\n");
}

async function rejects400(promise: Promise<unknown>, path: string, message: RegExp) {
  await assert.rejects(promise, (err) => {
    assert.ok(err instanceof ApiError);
    assert.equal(err.status, 400);
    assert.equal(err.code, "invalid_request");
    assert.ok(err.details.some((d) => d.path === path), JSON.stringify(err.details));
    assert.match(err.message, message);
    return true;
  });
}

Deno.test("API keys through the page", async (t) => {
  const fixture = await buildAccountsFixture();
  const { kv } = fixture.deps;
  const person = browser(fixture);
  await signInAs(fixture, person, "ada@example.com");
  const user = (await getUserByEmail(kv, "ada@example.com"))!;
  let secret = "";
  let id = "";

  await t.step("the keys page has a create form with the three scopes", async () => {
    const res = await person.get("/account/keys");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "no-store");
    assert.match(res.html, /No keys yet/);
    assert.match(res.html, /<form[^>]*method="post" action="\/account\/keys"/);
    for (const scope of ["account:read", "listings:write", "orders:write"]) {
      assert.ok(res.html.includes(`name="scopes" value="${scope}"`), scope);
    }
  });

  await t.step("creating shows the secret once, with a copy button and a warning", async () => {
    const page = await person.get("/account/keys");
    const res = await person.post("/account/keys", {
      name: "Deploy script",
      scopes: ["listings:write", "account:read"],
      _csrf: csrfOf(page.html),
    });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get("cache-control"), "no-store");
    const shown = [...new Set(res.html.match(KEY))];
    assert.equal(shown.length, 1, "exactly one key on the page");
    secret = shown[0];
    assert.match(res.html, /data-island="CopySecret"/);
    assert.match(res.html, />Copy</);
    assert.match(res.html, /only time it is shown/);
    const [key] = await listApiKeys(kv, user.id);
    id = key.id;
    assert.equal(key.name, "Deploy script");
    assert.deepEqual(key.scopes, ["account:read", "listings:write"]);
    assert.equal(key.prefix, secret.slice(0, 9));
  });

  await t.step("only the hash is stored: the secret is nowhere in KV", async () => {
    const dump = await dumpKv(kv);
    assert.ok(!dump.includes(secret), "the secret is in KV");
    assert.ok(!dump.includes(secret.slice(3)), "the secret's random part is in KV");
    const stored = await kv.get(apiKeyKey(await sha256Hex(secret)));
    assert.equal((stored.value as { id: string }).id, id);
  });

  await t.step("the list shows name, prefix and scopes, never the secret", async () => {
    const res = await person.get("/account/keys");
    assert.equal(res.status, 200);
    assert.equal(res.html.match(KEY), null);
    assert.match(res.html, /Deploy script/);
    assert.ok(res.html.includes(`<code>${secret.slice(0, 9)}…</code>`));
    assert.match(res.html, /account:read/);
    assert.match(res.html, /never/, "last used: never");
    assert.ok(res.html.includes(`action="/account/keys/${id}/revoke"`));
  });

  await t.step("the key verifies and records when it was last used", async () => {
    const key = await verifyApiKey(kv, secret, NOW);
    assert.equal(key?.id, id);
    assert.equal(key?.user_id, user.id);
    assert.equal((await listApiKeys(kv, user.id))[0].last_used_at, NOW.toISOString());
    const soon = new Date(NOW.getTime() + 30_000);
    await verifyApiKey(kv, secret, soon);
    assert.equal((await listApiKeys(kv, user.id))[0].last_used_at, NOW.toISOString());
    const later = new Date(NOW.getTime() + 61_000);
    await verifyApiKey(kv, secret, later);
    assert.equal((await listApiKeys(kv, user.id))[0].last_used_at, later.toISOString());
    const res = await person.get("/account/keys");
    assert.ok(res.html.includes(`<time datetime="${later.toISOString()}">`));
  });

  await t.step("another person cannot revoke it", async () => {
    const other = browser(fixture);
    await signInAs(fixture, other, "mallory@example.com");
    const page = await other.get("/account/keys");
    const res = await other.post(`/account/keys/${id}/revoke`, { _csrf: csrfOf(page.html) });
    assert.equal(res.status, 404);
    const mallory = (await getUserByEmail(kv, "mallory@example.com"))!;
    assert.equal(await revokeApiKey(kv, mallory.id, id, NOW), false);
    assert.ok(await verifyApiKey(kv, secret, NOW));
  });

  await t.step("revoking: the key stops working; revoking again is fine", async () => {
    const page = await person.get("/account/keys");
    const res = await person.post(`/account/keys/${id}/revoke`, { _csrf: csrfOf(page.html) });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), "/account/keys");
    assert.equal(await verifyApiKey(kv, secret, NOW), null);
    const list = await person.get("/account/keys");
    assert.match(list.html, /Revoked/);
    assert.ok(!list.html.includes(`action="/account/keys/${id}/revoke"`));
    const again = await person.post(`/account/keys/${id}/revoke`, { _csrf: csrfOf(page.html) });
    assert.equal(again.status, 303);
    assert.equal(await revokeApiKey(kv, user.id, id, NOW), true);
    assert.equal(await revokeApiKey(kv, user.id, "no-such-id", NOW), false);
  });

  await t.step("a bad form is a 400 on the page, values kept", async () => {
    const page = await person.get("/account/keys");
    const res = await person.post("/account/keys", { name: "No scopes", _csrf: csrfOf(page.html) });
    assert.equal(res.status, 400);
    assert.match(res.html, /Choose at least one of account:read, listings:write, orders:write/);
    assert.match(res.html, /value="No scopes"/);
    assert.equal(res.html.match(KEY), null);
  });
});

Deno.test("createApiKey validates name and scopes", async (t) => {
  const kv = await Deno.openKv(":memory:");
  const userId = "u1";
  const create = (name: string, scopes: string[]) =>
    createApiKey(kv, { userId, name, scopes }, NOW);

  await t.step("name: 1-100 characters", async () => {
    await rejects400(create("", ["account:read"]), "name", /Give the key a name/);
    await rejects400(create("   ", ["account:read"]), "name", /Give the key a name/);
    await rejects400(create("x".repeat(101), ["account:read"]), "name", /At most 100 characters/);
    await rejects400(create("a\u0000b", ["account:read"]), "name", /Control characters/);
    const { key } = await create(` ${"é".repeat(100)} `, ["account:read"]);
    assert.equal(key.name, "é".repeat(100));
  });

  await t.step("scopes: a non-empty subset of the three", async () => {
    await rejects400(create("k", []), "scopes", /Choose at least one/);
    await rejects400(create("k", ["admin"]), "scopes", /Unknown scope "admin"/);
    await rejects400(create("k", ["account:read", "listings:read"]), "scopes", /listings:read/);
    const { key, secret } = await create("k", ["orders:write", "account:read", "orders:write"]);
    assert.deepEqual(key.scopes, ["account:read", "orders:write"]);
    assert.match(secret, /^ld_[A-Za-z0-9_-]{40}$/);
    assert.equal(key.revoked_at, null);
    assert.equal(key.last_used_at, null);
  });

  await t.step("both wrong: both named", async () => {
    await assert.rejects(create("", []), (err) => {
      assert.ok(err instanceof ApiError);
      assert.deepEqual(err.details.map((d) => d.path), ["name", "scopes"]);
      return true;
    });
  });
  kv.close();
});

Deno.test("listApiKeys is newest first and verifyApiKey refuses what it does not know", async () => {
  const kv = await Deno.openKv(":memory:");
  const made = [];
  for (const name of ["first", "second", "third"]) {
    made.push(await createApiKey(kv, { userId: "u1", name, scopes: ["account:read"] }, NOW));
  }
  await createApiKey(kv, { userId: "u2", name: "other", scopes: ["account:read"] }, NOW);
  assert.deepEqual((await listApiKeys(kv, "u1")).map((k) => k.name), ["third", "second", "first"]);
  assert.deepEqual(await listApiKeys(kv, "u3"), []);
  for (const bad of ["", "ld_", "ld_short", made[0].secret + "x", "xx" + made[0].secret.slice(2)]) {
    assert.equal(await verifyApiKey(kv, bad, NOW), null, bad);
  }
  const unknown = "ld_" + "A".repeat(40);
  assert.equal(await verifyApiKey(kv, unknown, NOW), null);
  kv.close();
});

Deno.test(`at most ${MAX_ACTIVE_KEYS} active keys per person`, async () => {
  const kv = await Deno.openKv(":memory:");
  const input = { userId: "u1", name: "k", scopes: ["account:read"] };
  let last = "";
  for (let i = 0; i < MAX_ACTIVE_KEYS; i++) last = (await createApiKey(kv, input, NOW)).key.id;
  await assert.rejects(createApiKey(kv, input, NOW), /Too many API keys/);
  await revokeApiKey(kv, "u1", last, NOW);
  await createApiKey(kv, input, NOW);
  kv.close();
});
