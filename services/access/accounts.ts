/**
 * People's accounts: sign-in by an emailed one-time link. The link's token is random, stored only
 * as its SHA-256, expires after 15 minutes and is consumed atomically. Asking for a link answers
 * the same whether or not an account exists; the account is made when the link is used.
 */
import { escapeHtml } from "../platform/html.ts";
import { consumeSignInToken, getSignInToken, putSignInToken } from "../../kv/sessions.ts";
import type { SignInToken, User } from "../../kv/types.ts";
import { getOrCreateUser, getUserByEmail } from "../../kv/users.ts";
import type { Config } from "../platform/config.ts";
import type { Deps } from "../platform/deps.ts";
import { ApiError, badRequest } from "../platform/errors.ts";
import { sendMail } from "../platform/mail.ts";
import { randomSecret, sha256Hex } from "../platform/secrets.ts";
import { getSettings } from "../platform/settings.ts";
import { countRequest } from "./rate_limit.ts";

/** How long a sign-in link works. */
export const SIGN_IN_TTL_MS = 15 * 60_000;
/** Sign-in mails one address may be sent per hour. */
export const SIGN_IN_MAILS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;
const EMAIL = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/;

/** Trims and lowercases an email; throws 400 when it does not look like one address. */
export function normalizeEmail(email: unknown): string {
  const normalized = typeof email === "string" ? email.trim().toLowerCase() : "";
  if (!EMAIL.test(normalized) || normalized.length > 254) {
    const shown = typeof email === "string" ? email.trim().slice(0, 100) : "";
    throw badRequest(`Invalid email "${shown}": expected an address like name@example.com`, [
      { path: "email", message: "Expected an address like name@example.com" },
    ]);
  }
  return normalized;
}

/**
 * Where to go after sign-in: a path on this site (starts with "/", not "//" or "/\"), else "/".
 * E.g. `safeNextPath("/listings/acme")` → `/listings/acme`, `safeNextPath("//evil.example")` → `/`.
 */
export function safeNextPath(next: unknown): string {
  if (typeof next !== "string" || next.length > 2000 || !next.startsWith("/")) return "/";
  if (next.startsWith("//") || next.includes("\\") || /\p{Cc}/u.test(next)) return "/";
  const base = "http://site.invalid";
  const url = new URL(next, base);
  return url.origin === base ? url.pathname + url.search + url.hash : "/";
}

/**
 * Mails a one-time sign-in link to `email` (at most 5 an hour per address, else 429). Answers
 * the same whether or not the address has an account.
 */
export async function requestSignIn(
  deps: Deps,
  email: unknown,
  next: unknown,
): Promise<{ email: string; next: string }> {
  const address = normalizeEmail(email);
  const path = safeNextPath(next);
  await countSignInMail(deps, address);
  const token = randomSecret(32);
  const now = deps.now();
  const record: SignInToken = { email: address, next: path, created_at: now.toISOString() };
  await putSignInToken(deps.kv, await sha256Hex(token), record, SIGN_IN_TTL_MS);
  const { name } = await getSettings(deps.kv);
  const link = `${deps.config.publicUrl}/signin/verify?token=${encodeURIComponent(token)}`;
  await sendMail(deps, {
    to: address,
    subject: `Your sign-in link for ${name}`,
    text: [
      `Use this link to sign in to ${name} as ${address}:`,
      "",
      link,
      "",
      "It works once, within 15 minutes. If you did not ask to sign in, ignore this mail: nothing",
      "happens without the link.",
    ].join("\n"),
    html: [
      `<p>Use this link to sign in to ${escapeHtml(name)} as ${escapeHtml(address)}:</p>`,
      `<p><a href="${escapeHtml(link)}">Sign in to ${escapeHtml(name)}</a></p>`,
      "<p>It works once, within 15 minutes. If you did not ask to sign in, ignore this mail: ",
      "nothing happens without the link.</p>",
    ].join("\n"),
  });
  return { email: address, next: path };
}

/** The email a sign-in link is for, without using it; 400 when it is unknown, expired or used. */
export async function peekSignIn(deps: Deps, token: unknown): Promise<SignInToken> {
  const found = typeof token === "string" && token.length > 0 && token.length <= 200
    ? await getSignInToken(deps.kv, await sha256Hex(token), deps.now(), SIGN_IN_TTL_MS)
    : null;
  if (!found) throw invalidLink();
  return found;
}

/**
 * Uses a sign-in link (once: it is consumed atomically) and returns the account of its email,
 * made now if there is none, and where to go next. 400 when the link is unknown, expired or used.
 */
export async function completeSignIn(
  deps: Deps,
  token: unknown,
): Promise<{ user: User; next: string }> {
  const now = deps.now();
  const found = typeof token === "string" && token.length > 0 && token.length <= 200
    ? await consumeSignInToken(deps.kv, await sha256Hex(token), now, SIGN_IN_TTL_MS)
    : null;
  if (!found) throw invalidLink();
  const user = await getOrCreateAccount(deps.kv, found.email, now);
  return { user, next: safeNextPath(found.next) };
}

/** The account of a normalized email, made now (named after the address) if there is none. */
export function getOrCreateAccount(kv: Deno.Kv, email: string, now: Date): Promise<User> {
  return getOrCreateUser(kv, email, email.split("@")[0], now);
}

/** The account of a normalized email, or null when there is none. */
export function findAccount(kv: Deno.Kv, email: string): Promise<User | null> {
  return getUserByEmail(kv, email);
}

/** Whether an email belongs to the site team (listed in ADMIN_EMAILS). */
export function isAdmin(config: Config, email: string): boolean {
  return config.adminEmails.includes(email.trim().toLowerCase());
}

/**
 * Counts a sign-in mail to `email` in the current hour, in the same limiter as the API's limits
 * (with a limit this small every decision reads KV first: see rate_limit.ts); 429 past the limit.
 * The 429 is thrown here, not by the HTTP middleware, because the limit guards the mail whoever
 * asks for it, and says so in its own words.
 */
async function countSignInMail(deps: Deps, email: string): Promise<void> {
  const bucket = `signin_mail:${(await sha256Hex(email)).slice(0, 32)}`;
  const state = await countRequest(deps, bucket, SIGN_IN_MAILS_PER_HOUR, HOUR_MS);
  if (state.allowed) return;
  const minutes = Math.ceil(state.reset / 60);
  throw new ApiError(
    429,
    "rate_limited",
    `Too many sign-in links for "${email}": at most ${SIGN_IN_MAILS_PER_HOUR} an hour; use one ` +
      `already sent or try again in ${minutes} minutes`,
    [],
    { "Retry-After": String(state.reset) },
  );
}

function invalidLink(): ApiError {
  return badRequest(
    "This sign-in link is unknown, expired or already used: ask for a new one on the sign-in page",
  );
}
