/**
 * Sign-in requests: the address is checked before anything is stored or mailed, and the mail
 * limits (per address and per client) cannot lock a person out of their account.
 */
import assert from "node:assert/strict";
import { type AccountsFixture, buildAccountsFixture, csrfOf } from "./accounts_fixture.ts";
import {
  normalizeEmail,
  requestSignIn,
  SIGN_IN_MAILS_PER_HOUR,
  SIGN_IN_REQUESTS_PER_HOUR,
} from "../services/access/accounts.ts";
import { testConfig } from "../services/platform/config.ts";
import { ApiError } from "../services/platform/errors.ts";
import { listOutbox } from "../services/platform/mail.ts";

const HOUR = 3_600_000;

/** The app behind a trusted proxy, so that X-Forwarded-For names the client. */
function buildFixture(): Promise<AccountsFixture> {
  const rateLimit = { ...testConfig().rateLimit, trustProxy: true };
  return buildAccountsFixture({ rateLimit });
}

interface Answer {
  status: number;
  headers: Headers;
  html: string;
}

/** A person at client address `ip`: loads the sign-in form and posts it, as a browser would. */
function client(fixture: AccountsFixture, ip: string) {
  const origin = new URL(fixture.deps.config.publicUrl).origin;
  let cookie = "";
  async function request(path: string, init: RequestInit = {}): Promise<Answer> {
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", ip);
    if (cookie) headers.set("cookie", cookie);
    const res = await fixture.app.request(path, { ...init, headers, redirect: "manual" });
    const set = res.headers.getSetCookie().map((line) => line.split(";")[0]);
    if (set.length > 0) cookie = [cookie, ...set].filter(Boolean).join("; ");
    return { status: res.status, headers: res.headers, html: await res.text() };
  }
  async function post(path: string, fields: Record<string, string>): Promise<Answer> {
    return await request(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: new URLSearchParams(fields),
    });
  }
  return {
    async askForLink(email: string): Promise<Answer> {
      const form = await request("/signin");
      assert.equal(form.status, 200);
      return await post("/signin", { email, next: "/account", _csrf: csrfOf(form.html) });
    },
    /** Opens a mailed link and confirms it; the answer is a 303 when it signed in. */
    async useLink(token: string): Promise<Answer> {
      const confirm = await request(`/signin/verify?token=${encodeURIComponent(token)}`);
      assert.equal(confirm.status, 200, confirm.html.slice(0, 300));
      return await post("/signin/verify", { token, _csrf: csrfOf(confirm.html) });
    },
  };
}

/** The tokens of the sign-in links mailed to `email`, oldest first. */
async function linksTo(fixture: AccountsFixture, email: string): Promise<string[]> {
  const mails = (await listOutbox(fixture.deps.kv, 1000)).filter((m) => m.to === email);
  return mails.reverse().map((m) => {
    const token = /\/signin\/verify\?token=([A-Za-z0-9_-]+)/.exec(m.text)?.[1];
    assert.ok(token, `No sign-in link in: ${m.text}`);
    return token;
  });
}

async function storedSignInTokens(fixture: AccountsFixture): Promise<number> {
  let count = 0;
  for await (const _ of fixture.deps.kv.list({ prefix: ["signin_tokens"] })) count++;
  return count;
}

Deno.test("a malformed address is refused on the form before anything is stored or mailed", async (t) => {
  const fixture = await buildFixture();
  const person = client(fixture, "192.0.2.10");
  const malformed = [
    "a@b..c",
    "a@-b.com",
    "a@b-.com",
    "a@.example.com",
    "a..b@example.com",
    ".a@example.com",
    "a@example.com.",
    "a@example.c",
    "a@@example.com",
    "a@b@example.com",
    "a\u0000b@example.com",
    "a\u007fb@example.com",
    "a b@example.com",
    "a@exa mple.com",
    `${"a".repeat(65)}@example.com`,
    `a@${"b".repeat(64)}.com`,
    `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.com`, // 260 long
    "<a@example.com>",
    "Ada <a@example.com>",
  ];
  for (const email of malformed) {
    await t.step(JSON.stringify(email), async () => {
      const res = await person.askForLink(email);
      assert.equal(res.status, 400, `${JSON.stringify(email)} was accepted`);
      assert.match(res.html, /id="email-error"/);
      assert.match(res.html, /aria-invalid="true"/);
      const err = await requestSignIn(fixture.deps, email, "/", "192.0.2.10").then(
        () => assert.fail(`${JSON.stringify(email)} was accepted`),
        (e: unknown) => e,
      );
      assert.ok(err instanceof ApiError && err.status === 400, String(err));
      assert.deepEqual(err.details.map((d) => d.path), ["email"]);
      assert.match(err.message, /^Invalid email ".*"/);
    });
  }
  assert.equal((await listOutbox(fixture.deps.kv, 100)).length, 0, "a mail was queued");
  assert.equal(await storedSignInTokens(fixture), 0, "a sign-in token was stored");

  await t.step("sound addresses are accepted, as the API's email fields accept them", () => {
    for (
      const email of [
        "a+tag@example.io",
        "First.Last@mail.example.co.uk",
        "o'brien@example.com",
        "a@xn--bcher-kva.ch",
        `${"a".repeat(64)}@${"b".repeat(63)}.com`,
      ]
    ) {
      assert.equal(normalizeEmail(` ${email} `), email.toLowerCase());
    }
  });
});

Deno.test("an attacker's requests for an address do not lock its owner out", async () => {
  const fixture = await buildFixture();
  const attacker = client(fixture, "203.0.113.9");
  const victim = "victim@example.com";
  for (let i = 0; i < SIGN_IN_MAILS_PER_HOUR; i++) {
    assert.equal((await attacker.askForLink(victim)).status, 200);
  }
  const refused = await attacker.askForLink(victim);
  assert.equal(refused.status, 429);
  assert.ok(Number(refused.headers.get("retry-after")) > 0);
  assert.match(refused.html, /use one already sent/);
  assert.equal((await linksTo(fixture, victim)).length, SIGN_IN_MAILS_PER_HOUR);

  // The owner, from their own connection, still gets a link and signs in with it.
  const owner = client(fixture, "198.51.100.7");
  const asked = await owner.askForLink(victim);
  assert.equal(asked.status, 200, asked.html.slice(0, 500));
  const links = await linksTo(fixture, victim);
  assert.equal(links.length, SIGN_IN_MAILS_PER_HOUR + 1);
  const signedIn = await owner.useLink(links.at(-1)!);
  assert.equal(signedIn.status, 303);
  assert.equal(signedIn.headers.get("location"), "/account");
});

Deno.test("links already sent keep working once an address's limit is reached", async () => {
  const fixture = await buildFixture();
  const person = client(fixture, "192.0.2.20");
  const email = "busy@example.com";
  for (let i = 0; i < SIGN_IN_MAILS_PER_HOUR; i++) {
    assert.equal((await person.askForLink(email)).status, 200);
  }
  assert.equal((await person.askForLink(email)).status, 429);
  fixture.clock.advance(10 * 60_000);
  const [first] = await linksTo(fixture, email);
  const signedIn = await person.useLink(first);
  assert.equal(signedIn.status, 303, signedIn.html.slice(0, 300));
});

Deno.test(`at most ${SIGN_IN_REQUESTS_PER_HOUR} sign-in requests an hour from one client`, async () => {
  const fixture = await buildFixture();
  const busy = client(fixture, "203.0.113.50");
  for (let i = 0; i < SIGN_IN_REQUESTS_PER_HOUR; i++) {
    const res = await busy.askForLink(`person${i}@example.com`);
    assert.equal(res.status, 200, `request ${i + 1}: ${res.html.slice(0, 300)}`);
  }
  const refused = await busy.askForLink("one-more@example.com");
  assert.equal(refused.status, 429);
  const retryAfter = Number(refused.headers.get("retry-after"));
  assert.ok(retryAfter > 0 && retryAfter <= 3600, `Retry-After: ${retryAfter}`);
  assert.match(refused.html, /Too many sign-in requests from this client/);
  assert.deepEqual(await linksTo(fixture, "one-more@example.com"), []);

  // Other clients are not affected; the next hour is a new window.
  assert.equal((await client(fixture, "203.0.113.51").askForLink("calm@example.com")).status, 200);
  fixture.clock.advance(HOUR);
  assert.equal((await busy.askForLink("one-more@example.com")).status, 200);
});
