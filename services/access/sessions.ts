/**
 * Browser sessions: a random secret (which routes/ keeps in a cookie) names the session; KV keeps
 * the session under the secret's SHA-256. Every form post carries a CSRF token: the session's
 * synchronizer token, or before sign-in a random token that routes/ keeps in a cookie.
 */
import { deleteSession, getSessionRecord, putSession } from "../../kv/sessions.ts";
import { getUser } from "../../kv/users.ts";
import type { Session, User } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { ApiError } from "../platform/errors.ts";
import { randomSecret, sha256Hex, timingSafeEqual } from "../platform/secrets.ts";

/** How long a session lasts. */
export const SESSION_TTL_MS = 30 * 86_400_000;

/** A signed-in person and their session. */
export interface SignedIn {
  user: User;
  session: Session;
}

/** The person and session a session secret names, or null when it is unknown or expired. */
export async function findSession(deps: Deps, secret: string): Promise<SignedIn | null> {
  const session = await getSessionRecord(deps.kv, await sha256Hex(secret), deps.now());
  if (!session) return null;
  const user = await getUser(deps.kv, session.user_id);
  return user ? { user, session } : null;
}

/** Starts a session for a person; answers its secret (to keep in a cookie) and the session. */
export async function createSession(
  deps: Deps,
  userId: string,
): Promise<{ secret: string; session: Session }> {
  const secret = randomSecret(32);
  const now = deps.now();
  const session: Session = {
    user_id: userId,
    csrf_token: randomSecret(24),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
  };
  await putSession(deps.kv, await sha256Hex(secret), session, SESSION_TTL_MS);
  return { secret, session };
}

/** Ends the session a secret names (nothing happens when there is none). */
export async function endSession(deps: Deps, secret: string): Promise<void> {
  await deleteSession(deps.kv, await sha256Hex(secret));
}

/** A new anonymous CSRF token, for forms shown before sign-in. */
export function newCsrfToken(): string {
  return randomSecret(24);
}

/** What a form post brings to its CSRF check. */
export interface CsrfCheck {
  /** The Origin the browser sent, if any. */
  origin: string | undefined;
  /** The origin of the URL the form was posted to. */
  requestOrigin: string;
  /** The token the form must carry: the session's, or the anonymous one; none if neither. */
  expected: string | undefined;
  /** The `_csrf` field as posted. */
  posted: unknown;
}

/**
 * Checks a form post: the posted token must equal the expected one and, when the browser sends
 * an Origin, it must be this site's. Throws 403 forbidden otherwise.
 */
export function checkCsrf(deps: Deps, check: CsrfCheck): void {
  const { origin, expected, posted } = check;
  if (
    origin && origin !== new URL(deps.config.publicUrl).origin && origin !== check.requestOrigin
  ) {
    throw new ApiError(403, "forbidden", `Form posted from another site ("${origin}")`);
  }
  if (!expected || typeof posted !== "string" || !timingSafeEqual(expected, posted)) {
    throw new ApiError(
      403,
      "forbidden",
      "The form has expired or did not come from this site: reload the page and try again",
    );
  }
}
