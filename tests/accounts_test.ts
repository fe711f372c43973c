/** Sign-in by emailed link, sessions, CSRF, sign-out and the site team, through the pages. */
import assert from "node:assert/strict";
import {
  browser,
  buildAccountsFixture,
  csrfOf,
  latestSignInToken,
  signInAs,
} from "./accounts_fixture.ts";
import {
  isAdmin,
  normalizeEmail,
  requestSignIn,
  safeNextPath,
  SIGN_IN_MAILS_PER_HOUR,
} from "../services/access/accounts.ts";
import { listOutbox } from "../services/platform/mail.ts";
import { testConfig } from "../services/platform/config.ts";
import { getUserByEmail } from "../kv/users.ts";

const MINUTE = 60_000;

function sessionCookieLine(setCookies: string[]): string {
  const line = setCookies.find((l) => l.startsWith("ld_session="));
  assert.ok(line, `No session cookie in ${JSON.stringify(setCookies)}`);
  return line;
}

Deno.test("sign-in by emailed link, end to end", async (t) => {
  const fixture = await buildAccountsFixture();
  const person = browser(fixture);
  let token = "";

  await t.step("the sign-in page has an email form with next and a CSRF token", async () => {
    const res = await person.get("/signin?next=%2Flistings%2Facme");
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
    assert.equal(res.headers.get("cache-control"), "no-store");
    assert.match(res.html, /<form[^>]*method="post"[^>]*action="\/signin"/);
    assert.match(res.html, /<input type="hidden" name="next" value="\/listings\/acme"/);
    assert.match(res.html, /type="email" name="email"/);
    assert.match(res.html, /<meta name="robots" content="noindex"/);
    assert.ok(person.cookies.has("ld_csrf"), "no anonymous CSRF cookie");
    assert.match(res.html, /href="\/signin"[^>]*>Sign in</);
  });

  await t.step("asking for a link mails it to the outbox and says to check the mail", async () => {
    const form = await person.get("/signin?next=%2Flistings%2Facme");
    const res = await person.post("/signin", {
      email: "  Ada@Example.COM ",
      next: "/listings/acme",
      _csrf: csrfOf(form.html),
    });
    assert.equal(res.status, 200);
    assert.match(res.html, /Check your mail/);
    assert.match(res.html, /ada@example\.com/);
    assert.match(res.html, /href="\/dev\/mailbox"/);
    const [mail] = await listOutbox(fixture.deps.kv, 10);
    assert.equal(mail.to, "ada@example.com");
    assert.equal(mail.transport, "outbox");
    assert.match(mail.text, /http:\/\/localhost:8000\/signin\/verify\?token=/);
    token = await latestSignInToken(fixture.deps, "ada@example.com");
    assert.ok(token.length >= 40);
    assert.equal(await getUserByEmail(fixture.deps.kv, "ada@example.com"), null);
  });

  await t.step("the development mailbox shows the mail with its link clickable", async () => {
    const res = await person.get("/dev/mailbox");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "no-store");
    assert.match(res.html, /Development mailbox/);
    assert.match(res.html, /ada@example\.com/);
    assert.match(res.html, /Your sign-in link for Launch Directory/);
    assert.ok(
      res.html.includes(`<a href="http://localhost:8000/signin/verify?token=${token}">`),
      "the link is not clickable",
    );
  });

  await t.step("opening the link only asks to confirm; it signs nobody in", async () => {
    const res = await person.get(`/signin/verify?token=${token}`);
    assert.equal(res.status, 200);
    assert.match(res.html, /Sign in as ada@example\.com/);
    assert.match(res.html, /<form[^>]*method="post"[^>]*action="\/signin\/verify"/);
    assert.ok(res.html.includes(`name="token" value="${token}"`));
    assert.ok(!res.setCookies.some((l) => l.startsWith("ld_session=")));
    // A second GET (a mail scanner, then the person) still works.
    assert.equal((await person.get(`/signin/verify?token=${token}`)).status, 200);
  });

  await t.step("confirming signs in: HttpOnly, SameSite=Lax, not Secure on localhost", async () => {
    const confirm = await person.get(`/signin/verify?token=${token}`);
    const res = await person.post("/signin/verify", { token, _csrf: csrfOf(confirm.html) });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), "/listings/acme");
    const cookie = sessionCookieLine(res.setCookies);
    assert.match(cookie, /; HttpOnly/i);
    assert.match(cookie, /; SameSite=Lax/i);
    assert.match(cookie, /; Path=\//i);
    assert.doesNotMatch(cookie, /; Secure/i);
    const user = await getUserByEmail(fixture.deps.kv, "ada@example.com");
    assert.equal(user?.email, "ada@example.com");
  });

  await t.step("the account page and the header show who is signed in", async () => {
    const res = await person.get("/account");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "no-store");
    assert.match(res.html, /Signed in as <strong>ada@example\.com<\/strong>/);
    assert.match(res.html, /href="\/account\/keys"/);
    assert.match(res.html, /href="\/account\/apps"/);
    assert.doesNotMatch(res.html, /Site team/);
    const home = await person.get("/categories");
    assert.equal(home.status, 200);
    assert.match(home.html, /class="header-account-link" href="\/account"[^>]*>ada@example\.com</);
    assert.match(home.html, /<form method="post" action="\/signout">/);
  });

  await t.step("the link works only once", async () => {
    const other = browser(fixture);
    const page = await other.get(`/signin/verify?token=${token}`);
    assert.equal(page.status, 400);
    assert.match(page.html, /unknown, expired or already used/);
    assert.match(page.html, /href="\/signin"/);
    const form = await other.get("/signin");
    const res = await other.post("/signin/verify", { token, _csrf: csrfOf(form.html) });
    assert.equal(res.status, 400);
    assert.match(res.html, /unknown, expired or already used/);
    assert.ok(!other.cookies.has("ld_session"));
  });

  await t.step("sign-out ends the session", async () => {
    const account = await person.get("/account");
    const old = person.cookies.get("ld_session");
    const res = await person.post("/signout", { _csrf: csrfOf(account.html) });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), "/");
    assert.ok(!person.cookies.has("ld_session"));
    const after = await person.get("/account");
    assert.equal(after.status, 303);
    assert.equal(after.headers.get("location"), "/signin?next=%2Faccount");
    // The old cookie is dead on the server too.
    const replay = await fixture.app.request("/account", {
      headers: { cookie: `ld_session=${old}` },
      redirect: "manual",
    });
    assert.equal(replay.status, 303);
  });
});

Deno.test("session cookie is Secure when PUBLIC_URL is https; no mailbox there", async () => {
  const fixture = await buildAccountsFixture({ publicUrl: "https://launch.example" });
  const person = browser(fixture);
  const done = await signInAs(fixture, person, "bo@example.com");
  const cookie = sessionCookieLine(done.setCookies);
  assert.match(cookie, /; Secure/i);
  assert.match(cookie, /; HttpOnly/i);
  const [mail] = await listOutbox(fixture.deps.kv, 1);
  assert.match(mail.text, /https:\/\/launch\.example\/signin\/verify\?token=/);
  assert.equal((await person.get("/dev/mailbox")).status, 404);
});

Deno.test("the development mailbox is off when mail goes by SMTP", async () => {
  const fixture = await buildAccountsFixture({
    mail: { smtpUrl: "smtp://127.0.0.1:9", from: "Test <t@example.com>" },
  });
  const res = await browser(fixture).get("/dev/mailbox");
  assert.equal(res.status, 404);
  assert.match(res.html, /Error 404/);
});

Deno.test("an expired link fails", async (t) => {
  const fixture = await buildAccountsFixture();
  const person = browser(fixture);
  const ask = async (email: string) => {
    const form = await person.get("/signin");
    await person.post("/signin", { email, next: "/", _csrf: csrfOf(form.html) });
    return await latestSignInToken(fixture.deps, email);
  };

  await t.step("after 15 minutes", async () => {
    const token = await ask("late@example.com");
    fixture.clock.advance(15 * MINUTE + 1000);
    const page = await person.get(`/signin/verify?token=${token}`);
    assert.equal(page.status, 400);
    assert.match(page.html, /unknown, expired or already used/);
    const form = await person.get("/signin");
    const res = await person.post("/signin/verify", { token, _csrf: csrfOf(form.html) });
    assert.equal(res.status, 400);
    assert.ok(!person.cookies.has("ld_session"));
  });

  await t.step("but works within them", async () => {
    const token = await ask("soon@example.com");
    fixture.clock.advance(14 * MINUTE);
    const page = await person.get(`/signin/verify?token=${token}`);
    assert.equal(page.status, 200);
    const res = await person.post("/signin/verify", { token, _csrf: csrfOf(page.html) });
    assert.equal(res.status, 303);
  });

  await t.step("an unknown or empty token fails", async () => {
    assert.equal((await person.get("/signin/verify?token=nope")).status, 400);
    assert.equal((await person.get("/signin/verify")).status, 400);
  });
});

Deno.test("CSRF: every form post needs the token", async (t) => {
  const fixture = await buildAccountsFixture();
  const person = browser(fixture);
  const form = await person.get("/signin");
  const csrf = csrfOf(form.html);

  await t.step("sign-in form without or with a wrong token is 403", async () => {
    const attempts: Record<string, string>[] = [
      { email: "a@example.com" },
      { email: "a@example.com", _csrf: "x" },
    ];
    for (const fields of attempts) {
      const res = await person.post("/signin", fields);
      assert.equal(res.status, 403);
      assert.match(res.html, /Error 403/);
    }
    assert.equal((await listOutbox(fixture.deps.kv, 10)).length, 0);
  });

  await t.step("a token without its cookie is 403", async () => {
    const stranger = browser(fixture);
    const res = await stranger.post("/signin", { email: "a@example.com", _csrf: csrf });
    assert.equal(res.status, 403);
  });

  await t.step("a post from another site is 403", async () => {
    const res = await fixture.app.request("/signin", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
        cookie: `ld_csrf=${person.cookies.get("ld_csrf")}`,
      },
      body: new URLSearchParams({ email: "a@example.com", _csrf: csrf }),
    });
    assert.equal(res.status, 403);
  });

  await t.step("confirming a link without the token is 403 and keeps the link", async () => {
    await person.post("/signin", { email: "c@example.com", _csrf: csrf });
    const token = await latestSignInToken(fixture.deps, "c@example.com");
    assert.equal((await person.post("/signin/verify", { token })).status, 403);
    assert.equal((await person.post("/signin/verify", { token, _csrf: "wrong" })).status, 403);
    assert.equal((await person.get(`/signin/verify?token=${token}`)).status, 200);
  });

  await t.step("signed in: sign-out and key forms need the session's token", async () => {
    await signInAs(fixture, person, "d@example.com");
    const anonymous = person.cookies.get("ld_csrf") ?? "";
    assert.equal((await person.post("/signout", {})).status, 403);
    assert.equal((await person.post("/signout", { _csrf: anonymous })).status, 403);
    const keys = await person.post("/account/keys", { name: "k", scopes: "account:read" });
    assert.equal(keys.status, 403);
    assert.equal((await person.get("/account")).status, 200, "still signed in");
  });
});

Deno.test("open redirects in next are refused", async (t) => {
  const bad = [
    "//evil.example/x",
    "https://evil.example/",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/%0d%0aSet-Cookie:x=1".replace("%0d%0a", "\r\n"),
  ];
  await t.step("safeNextPath", () => {
    for (const next of bad) assert.equal(safeNextPath(next), "/", JSON.stringify(next));
    assert.equal(safeNextPath(undefined), "/");
    assert.equal(safeNextPath("/listings/acme?tab=1#faq"), "/listings/acme?tab=1#faq");
    assert.equal(safeNextPath("/a/../b"), "/b");
  });

  await t.step("after sign-in the redirect stays on the site", async () => {
    const fixture = await buildAccountsFixture();
    for (
      const [i, next] of ["//evil.example/x", "https://evil.example/", "/\\evil.example"].entries()
    ) {
      const person = browser(fixture);
      const done = await signInAs(fixture, person, `p${i}@example.com`, next);
      assert.equal(done.headers.get("location"), "/", next);
    }
    const person = browser(fixture);
    const form = await person.get("/signin?next=//evil.example");
    assert.match(form.html, /name="next" value="\/"/);
  });
});

Deno.test("ADMIN_EMAILS marks the site team", async () => {
  const fixture = await buildAccountsFixture({ adminEmails: ["boss@example.com"] });
  assert.ok(isAdmin(fixture.deps.config, "Boss@Example.com "));
  assert.ok(!isAdmin(fixture.deps.config, "ada@example.com"));
  assert.ok(!isAdmin(testConfig(), "boss@example.com"));
  const boss = browser(fixture);
  await signInAs(fixture, boss, "BOSS@example.com");
  assert.match((await boss.get("/account")).html, /Site team/);
  const ada = browser(fixture);
  await signInAs(fixture, ada, "ada@example.com");
  assert.doesNotMatch((await ada.get("/account")).html, /Site team/);
});

Deno.test("asking for a link answers the same for any address, and is rate limited", async (t) => {
  const fixture = await buildAccountsFixture();
  const person = browser(fixture);

  await t.step("known and unknown addresses get the same page", async () => {
    await signInAs(fixture, browser(fixture), "known@example.com");
    const form = await person.get("/signin");
    const known = await person.post("/signin", {
      email: "known@example.com",
      _csrf: csrfOf(form.html),
    });
    const unknown = await person.post("/signin", {
      email: "new@example.com",
      _csrf: csrfOf(form.html),
    });
    assert.equal(known.status, unknown.status);
    const strip = (html: string) => html.replace(/known@example\.com|new@example\.com/g, "E");
    assert.equal(strip(known.html), strip(unknown.html));
  });

  await t.step("an invalid address is a 400 on the form", async () => {
    const form = await person.get("/signin");
    const res = await person.post("/signin", { email: "not-an-email", _csrf: csrfOf(form.html) });
    assert.equal(res.status, 400);
    assert.match(res.html, /Expected an address like name@example\.com/);
    assert.match(res.html, /value="not-an-email"/);
    assert.throws(() => normalizeEmail("a@b"), /Invalid email "a@b"/);
  });

  await t.step(`at most ${SIGN_IN_MAILS_PER_HOUR} links an hour per address`, async () => {
    const email = "busy@example.com";
    // The test browser's requests come from a loopback socket (see accounts_fixture.ts).
    const client = "127.0.0.1";
    for (let i = 0; i < SIGN_IN_MAILS_PER_HOUR; i++) {
      await requestSignIn(fixture.deps, email, "/", client);
    }
    const form = await person.get("/signin");
    const res = await person.post("/signin", { email, _csrf: csrfOf(form.html) });
    assert.equal(res.status, 429);
    assert.ok(Number(res.headers.get("retry-after")) > 0);
    assert.match(res.html, /Too many sign-in links/);
    const mails = (await listOutbox(fixture.deps.kv, 100)).filter((m) => m.to === email);
    assert.equal(mails.length, SIGN_IN_MAILS_PER_HOUR);
    // Another address is not affected; the next hour is a new window.
    await requestSignIn(fixture.deps, "calm@example.com", "/", client);
    fixture.clock.advance(60 * MINUTE);
    await requestSignIn(fixture.deps, email, "/", client);
  });
});

Deno.test("signed-out visits to account pages go to sign-in and come back", async () => {
  const fixture = await buildAccountsFixture();
  const person = browser(fixture);
  for (const path of ["/account", "/account/keys"]) {
    const res = await person.get(path);
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), `/signin?next=${encodeURIComponent(path)}`);
    assert.equal(res.headers.get("cache-control"), "no-store");
  }
  const done = await signInAs(fixture, person, "back@example.com", "/account/keys");
  assert.equal(done.headers.get("location"), "/account/keys");
  assert.equal((await person.get("/account/keys")).status, 200);
});
