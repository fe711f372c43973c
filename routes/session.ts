/**
 * Browser sessions on the web pages: the session middleware, the signed-in guard and the cookies.
 * The session cookie (HttpOnly, SameSite=Lax, Secure outside localhost) holds the session's
 * secret; the CSRF cookie holds the anonymous CSRF token of forms shown before sign-in. The
 * records, tokens and the CSRF comparison are in services/access.
 */
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { HTTPException } from "hono/http-exception";
import {
  checkCsrf,
  createSession,
  endSession as endSessionRecord,
  findSession,
  newCsrfToken,
  SESSION_TTL_MS,
  type SignedIn,
} from "../services/access/mod.ts";
import type { Deps } from "../services/platform/mod.ts";
import type { Session } from "../kv/types.ts";

/** The cookie holding the session's secret. */
export const SESSION_COOKIE = "ld_session";
/** The cookie holding the anonymous CSRF token. */
export const CSRF_COOKIE = "ld_csrf";
/** The hidden form field carrying the CSRF token. */
export const CSRF_FIELD = "_csrf";
const CSRF_COOKIE_MAX_AGE_S = 86_400;

/** The context variables the session middleware sets: `c.get("session")`. */
export interface SessionEnv {
  Variables: { session: SignedIn | null };
}

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

/**
 * Reads the session cookie once per request and puts the signed-in person and their session
 * (or null) on the context as `session`.
 */
export function session(options: { deps: Deps }): MiddlewareHandler<SessionEnv> {
  const { deps } = options;
  return async function session(c, next) {
    const secret = getCookie(c, SESSION_COOKIE);
    c.set("session", secret ? await findSession(deps, secret) : null);
    await next();
  };
}

/** The signed-in person of a request and their session, or null (also without the middleware). */
export function currentSession(c: Context): SignedIn | null {
  return (c.get("session") as SignedIn | null | undefined) ?? null;
}

/** Thrown by `assertSignedIn`: its response is the 303 redirect to the sign-in page. */
export class SignInRequired extends HTTPException {
  constructor(readonly location: string) {
    super(303, {
      message: "Sign in to see this page",
      res: new Response(null, { status: 303, headers: { Location: location } }),
    });
    this.name = "SignInRequired";
  }
}

/** Where to come back to, or the whole sign-in URL to send a signed-out visitor to. */
export interface SignInOptions {
  /** The path to come back to after sign-in; default: this page (a GET's query included). */
  next?: string;
  /** The sign-in URL as a whole, when it is not `/signin?next=<encoded next>`. */
  location?: string;
}

/**
 * The signed-in person of a page request; when signed out, throws SignInRequired: a 303 to the
 * sign-in page, which comes back here afterwards.
 */
export function assertSignedIn(c: Context, options: SignInOptions = {}): SignedIn {
  const who = currentSession(c);
  if (who) return who;
  const url = new URL(c.req.url);
  const next = options.next ??
    (c.req.method === "GET" ? url.pathname + url.search : url.pathname);
  throw new SignInRequired(options.location ?? `/signin?next=${encodeURIComponent(next)}`);
}

/** Signs a person in: a new session and its cookie (any previous session is ended). */
export async function startSession(deps: Deps, c: Context, userId: string): Promise<Session> {
  const old = getCookie(c, SESSION_COOKIE);
  if (old) await endSessionRecord(deps, old);
  const { secret, session } = await createSession(deps, userId);
  setCookie(c, SESSION_COOKIE, secret, cookieOptions(deps, SESSION_TTL_MS / 1000));
  return session;
}

/** Signs out: ends the session and deletes its cookie. */
export async function endSession(deps: Deps, c: Context): Promise<void> {
  const secret = getCookie(c, SESSION_COOKIE);
  if (secret) await endSessionRecord(deps, secret);
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: secureCookies(deps.config.publicUrl) });
}

/** The anonymous CSRF token for a form shown before sign-in: from (or newly set in) its cookie. */
export function anonymousCsrfToken(deps: Deps, c: Context): string {
  let token = getCookie(c, CSRF_COOKIE);
  if (!token) {
    token = newCsrfToken();
    setCookie(c, CSRF_COOKIE, token, cookieOptions(deps, CSRF_COOKIE_MAX_AGE_S));
  }
  return token;
}

/**
 * Checks a form post's `_csrf` field against the session's token (the anonymous cookie's when
 * `session` is null) and its Origin against this site. Throws 403 forbidden otherwise.
 */
export function verifyCsrf(
  deps: Deps,
  c: Context,
  session: Session | null,
  posted: unknown,
): void {
  checkCsrf(deps, {
    origin: c.req.header("origin"),
    requestOrigin: new URL(c.req.url).origin,
    expected: session?.csrf_token ?? getCookie(c, CSRF_COOKIE),
    posted,
  });
}
