/**
 * An app with the account pages on in-memory KV, a clock the test moves, and a small browser:
 * a cookie jar, form posts with the page's CSRF token, and sign-in through the KV outbox.
 */
import assert from "node:assert/strict";
import type { Hono } from "hono";
import { type Config, testConfig } from "../services/platform/config.ts";
import type { Deps } from "../services/platform/deps.ts";
import { createApp } from "../routes/app.ts";
import { listOutbox } from "../services/platform/mail.ts";
import { NOW } from "./fixtures.ts";
import { SearchIndex } from "../services/directory/search/index.ts";
import { accountRoutes } from "../routes/account/mod.ts";

/** The app, its dependencies and the clock behind `deps.now`. */
export interface AccountsFixture {
  deps: Deps;
  app: Hono;
  clock: { now: Date; advance(ms: number): void };
}

/** Builds the app on a fresh in-memory store, with config overrides (e.g. PUBLIC_URL). */
export async function buildAccountsFixture(
  overrides: Partial<Config> = {},
): Promise<AccountsFixture> {
  const kv = await Deno.openKv(":memory:");
  const clock = {
    now: new Date(NOW),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const deps: Deps = {
    kv,
    config: testConfig(overrides),
    search: new SearchIndex(),
    now: () => clock.now,
  };
  const app = createApp(deps);
  // Until routes/app.ts mounts the account pages itself.
  if (!app.routes.some((r) => r.path === "/signin")) app.route("/", accountRoutes(deps));
  return { deps, app, clock };
}

/** One response, read once. */
export interface Page {
  status: number;
  headers: Headers;
  html: string;
  /** The raw Set-Cookie lines. */
  setCookies: string[];
}

/** A browser of one person: keeps cookies, sends the site's Origin on posts. */
export interface Browser {
  cookies: Map<string, string>;
  get(path: string): Promise<Page>;
  post(path: string, fields: Record<string, string | string[]>): Promise<Page>;
}

/** What a page browser needs of a fixture: the app and its dependencies. */
export type Served = Pick<AccountsFixture, "deps" | "app">;

/** A new browser with an empty cookie jar. */
export function browser(fixture: Served): Browser {
  const cookies = new Map<string, string>();
  const origin = new URL(fixture.deps.config.publicUrl).origin;

  async function request(path: string, init: RequestInit = {}): Promise<Page> {
    const headers = new Headers(init.headers);
    if (cookies.size > 0) {
      headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    }
    // The person browses on this machine (the development mailbox answers loopback sockets only).
    const res = await fixture.app.request(path, { ...init, headers, redirect: "manual" }, {
      remoteAddr: { hostname: "127.0.0.1", port: 50_000, transport: "tcp" },
    });
    const setCookies = res.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(";").map((s) => s.trim());
      const [name, ...rest] = pair.split("=");
      const value = rest.join("=");
      const expired = attributes.some((a) => /^max-age=0$/i.test(a)) ||
        attributes.some((a) => /^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now());
      if (expired || value === "") cookies.delete(name);
      else cookies.set(name, value);
    }
    return { status: res.status, headers: res.headers, html: await res.text(), setCookies };
  }

  return {
    cookies,
    get: (path) => request(path),
    post(path, fields) {
      const body = new URLSearchParams();
      for (const [name, value] of Object.entries(fields)) {
        for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
      }
      return request(path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
        body,
      });
    },
  };
}

/** The value of the first `_csrf` hidden field of a page. */
export function csrfOf(html: string): string {
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  assert.ok(token, "No CSRF field in the page");
  return token;
}

/** The token of the newest sign-in link mailed to `email` (from the KV outbox). */
export async function latestSignInToken(deps: Deps, email: string): Promise<string> {
  const mail = (await listOutbox(deps.kv, 100)).find((m) => m.to === email);
  assert.ok(mail, `No mail to ${email} in the outbox`);
  const link = /https?:\/\/\S+\/signin\/verify\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  assert.ok(link, `No sign-in link in the mail: ${mail.text}`);
  return decodeURIComponent(link[1]);
}

/** Signs `email` in through the pages (form, outbox mail, confirmation); returns the redirect. */
export async function signInAs(
  fixture: Served,
  person: Browser,
  email: string,
  next = "/account",
): Promise<Page> {
  const form = await person.get(`/signin?next=${encodeURIComponent(next)}`);
  assert.equal(form.status, 200);
  const sent = await person.post("/signin", { email, next, _csrf: csrfOf(form.html) });
  assert.equal(sent.status, 200, sent.html.slice(0, 500));
  const token = await latestSignInToken(fixture.deps, email.trim().toLowerCase());
  const confirm = await person.get(`/signin/verify?token=${token}`);
  assert.equal(confirm.status, 200, confirm.html.slice(0, 500));
  const done = await person.post("/signin/verify", { token, _csrf: csrfOf(confirm.html) });
  assert.equal(done.status, 303, done.html.slice(0, 500));
  return done;
}

/** A new browser signed in as `email` through the pages (a signed-out one when `email` is null). */
export async function signedInBrowser(fixture: Served, email: string | null): Promise<Browser> {
  const person = browser(fixture);
  if (email) await signInAs(fixture, person, email);
  return person;
}
