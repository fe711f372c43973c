/**
 * Browser sessions: an HttpOnly, SameSite=Lax cookie (Secure outside localhost) holding a random
 * secret; KV keeps the session under the secret's SHA-256. Every form post carries a CSRF token:
 * the session's synchronizer token, or before sign-in the value of a CSRF cookie.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { deleteSession, getSessionRecord, putSession } from "../../kv/sessions.ts";
import { getUser } from "../../kv/users.ts";
import type { Session, User } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { ApiError } from "../platform/errors.ts";
import { randomSecret, sha256Hex, timingSafeEqual } from "../platform/secrets.ts";

export const SESSION_COOKIE = "ld_session";
export const CSRF_COOKIE = "ld_csrf";
export const CSRF_FIELD = "_csrf";
const SESSION_TTL_MS = 30 * 86_400_000;

/** Whether cookies must be Secure: everywhere except a localhost public URL. */
export function secureCookies(publicUrl: string): boolean {
  const { protocol, hostname } = new URL(publicUrl);
  return protocol === "https:" || !["localhost", "127.0.0.1", "[::1]"].includes(hostname);
}

function cookieOptions(deps: Deps, maxAgeSeconds: number) {
  return {
    httpOnly: true,
    sameSite: "Lax" as const,
    secure: secureCookies(deps.config.publicUrl),
    path: "/",
    maxAge: maxAgeSeconds,
  };
}

/** The signed-in person of a request and their session, or null. */
export async function currentSession(
  deps: Deps,
  c: Context,
): Promise<{ user: User; session: Session } | null> {
  const secret = getCookie(c, SESSION_COOKIE);
  if (!secret) return null;
  const session = await getSessionRecord(deps.kv, await sha256Hex(secret), deps.now());
  if (!session) return null;
  const user = await getUser(deps.kv, session.user_id);
  return user ? { user, session } : null;
}

/** Signs a person in: a new session and its cookie (any previous session cookie is replaced). */
export async function startSession(deps: Deps, c: Context, userId: string): Promise<Session> {
  const old = getCookie(c, SESSION_COOKIE);
  if (old) await deleteSession(deps.kv, await sha256Hex(old));
  const secret = randomSecret(32);
  const now = deps.now();
  const session: Session = {
    user_id: userId,
    csrf_token: randomSecret(24),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
  };
  await putSession(deps.kv, await sha256Hex(secret), session, SESSION_TTL_MS);
  setCookie(c, SESSION_COOKIE, secret, cookieOptions(deps, SESSION_TTL_MS / 1000));
  return session;
}

/** Signs out: deletes the session and its cookie. */
export async function endSession(deps: Deps, c: Context): Promise<void> {
  const secret = getCookie(c, SESSION_COOKIE);
  if (secret) await deleteSession(deps.kv, await sha256Hex(secret));
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: secureCookies(deps.config.publicUrl) });
}

/**
 * The CSRF token to put in a form's hidden `_csrf` field: the session's token when signed in,
 * else an anonymous token from (or newly set in) the CSRF cookie.
 */
export function csrfToken(deps: Deps, c: Context, session: Session | null): string {
  if (session) return session.csrf_token;
  let token = getCookie(c, CSRF_COOKIE);
  if (!token) {
    token = randomSecret(24);
    setCookie(c, CSRF_COOKIE, token, cookieOptions(deps, 86_400));
  }
  return token;
}

/**
 * Checks a form post: the `_csrf` field must equal the expected token and, when the browser
 * sends an Origin, it must be this site's. Throws 403 forbidden otherwise.
 */
export function verifyCsrf(
  deps: Deps,
  c: Context,
  session: Session | null,
  formToken: unknown,
): void {
  const origin = c.req.header("origin");
  if (
    origin && origin !== new URL(deps.config.publicUrl).origin &&
    origin !== new URL(c.req.url).origin
  ) {
    throw new ApiError(403, "forbidden", `Form posted from another site ("${origin}")`);
  }
  const expected = session?.csrf_token ?? getCookie(c, CSRF_COOKIE);
  if (!expected || typeof formToken !== "string" || !timingSafeEqual(expected, formToken)) {
    throw new ApiError(
      403,
      "forbidden",
      "The form has expired or did not come from this site: reload the page and try again",
    );
  }
}
