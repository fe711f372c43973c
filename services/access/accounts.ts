/**
 * People's accounts: sign-in by an emailed one-time link. The link's token is random, stored only
 * as its SHA-256, expires after 15 minutes and is consumed atomically. Asking for a link answers
 * the same whether or not an account exists; the account is made when the link is used.
 */
import { z } from "zod";
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
import { countRequest, type RateLimitState } from "./rate_limit.ts";

/** How long a sign-in link works. */
export const SIGN_IN_TTL_MS = 15 * 60_000;
/** Sign-in mails one address may be sent per hour at the request of one client. */
export const SIGN_IN_MAILS_PER_HOUR = 5;
/** Sign-in requests one client (network address) may make per hour, whatever the addresses. */
export const SIGN_IN_REQUESTS_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

/**
 * Trims and lowercases an email; throws 400 naming `email` when it is not one sound address:
 * what the API's `z.email()` fields accept (the same pattern), within the lengths mail allows
 * (254 in all, 64 before the @, 63 per domain label) and with no label ending in a hyphen.
 */
export function normalizeEmail(email: unknown): string {
  const normalized = typeof email === "string" ? email.trim().toLowerCase() : "";
  const problem = emailProblem(normalized);
  if (problem) {
    const shown = typeof email === "string" ? email.trim().slice(0, 100) : "";
    throw badRequest(`Invalid email ${JSON.stringify(shown)}: ${problem}`, [
      { path: "email", message: `Expected an address like name@example.com: ${problem}` },
    ]);
  }
  return normalized;
}

/** Why a trimmed, lowercased string is not a usable address, or null when it is one. */
function emailProblem(address: string): string | null {
  if (address === "") return "an address is needed";
  if (address.length > 254) return `${address.length} characters, at most 254 are allowed`;
  if (/[\s\p{Cc}]/u.test(address)) return "spaces and control characters are not allowed";
  const parts = address.split("@");
  if (parts.length !== 2) return "it needs exactly one @";
  const [local, domain] = parts;
  if (local.length > 64) return `${local.length} characters before the @, at most 64 are allowed`;
  const labels = domain.split(".");
  if (labels.length < 2) return "the domain needs a dot, as in example.com";
  const badLabel = labels.find((label) =>
    label === "" || label.length > 63 || label.startsWith("-") || label.endsWith("-")
  );
  if (badLabel !== undefined) {
    return `the domain part "${badLabel.slice(0, 70)}" must be 1 to 63 letters, digits or ` +
      "hyphens, with no hyphen at either end";
  }
  if (!z.regexes.email.test(address)) return "it is not an address like name@example.com";
  return null;
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
 * Mails a one-time sign-in link to `email` at the request of `client` (the requester's network
 * address). 429 past 20 requests an hour from one client, or past 5 mails an hour to one address
 * from one client: a client flooding an address cannot stop its owner, elsewhere, from getting a
 * link. Answers the same whether or not the address has an account.
 */
export async function requestSignIn(
  deps: Deps,
  email: unknown,
  next: unknown,
  client: string,
): Promise<{ email: string; next: string }> {
  const address = normalizeEmail(email);
  const path = safeNextPath(next);
  await countSignInRequest(deps, client);
  await countSignInMail(deps, address, client);
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
 * Counts a sign-in request of `client` in the current hour, in the same limiter as the API's
 * limits (with a limit this small every decision reads KV first: see rate_limit.ts); 429 past it.
 */
async function countSignInRequest(deps: Deps, client: string): Promise<void> {
  const bucket = `signin_client:${(await sha256Hex(client)).slice(0, 32)}`;
  const state = await countRequest(deps, bucket, SIGN_IN_REQUESTS_PER_HOUR, HOUR_MS);
  if (state.allowed) return;
  throw tooManySignIns(
    state,
    `Too many sign-in requests from this client: at most ${SIGN_IN_REQUESTS_PER_HOUR} an hour; ` +
      "try again",
  );
}

/**
 * Counts a sign-in mail to `email` asked for by `client` in the current hour; 429 past the limit.
 * The limit guards the address's mailbox, and counts per client so that nobody can use it up for
 * the address's owner; links already sent keep working.
 */
async function countSignInMail(deps: Deps, email: string, client: string): Promise<void> {
  const bucket = `signin_mail:${(await sha256Hex(`${email}\n${client}`)).slice(0, 32)}`;
  const state = await countRequest(deps, bucket, SIGN_IN_MAILS_PER_HOUR, HOUR_MS);
  if (state.allowed) return;
  throw tooManySignIns(
    state,
    `Too many sign-in links for "${email}" from this client: at most ${SIGN_IN_MAILS_PER_HOUR} ` +
      "an hour; use one already sent (each works once, within 15 minutes) or try again",
  );
}

/** The 429 of a sign-in limit: `message` ends with "try again"; minutes follow, seconds in the header. */
function tooManySignIns(state: RateLimitState, message: string): ApiError {
  const minutes = Math.ceil(state.reset / 60);
  return new ApiError(
    429,
    "rate_limited",
    `${message} in ${minutes} minute${minutes === 1 ? "" : "s"}`,
    [],
    { "Retry-After": String(state.reset) },
  );
}

function invalidLink(): ApiError {
  return badRequest(
    "This sign-in link is unknown, expired or already used: ask for a new one on the sign-in page",
  );
}
