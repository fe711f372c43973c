/** Browser sessions and one-time sign-in links, keyed by the SHA-256 of their secrets. */
import * as keys from "./keys.ts";
import type { Session, SignInToken } from "./types.ts";

/** Stores a session until it expires. */
export async function putSession(
  kv: Deno.Kv,
  hash: string,
  session: Session,
  ttlMs: number,
): Promise<void> {
  await kv.set(keys.sessionKey(hash), session, { expireIn: ttlMs });
}

/** Reads a session (null when unknown or expired). */
export async function getSessionRecord(
  kv: Deno.Kv,
  hash: string,
  now: Date,
): Promise<Session | null> {
  const session = (await kv.get<Session>(keys.sessionKey(hash))).value;
  return session && session.expires_at > now.toISOString() ? session : null;
}

/** Deletes a session. */
export async function deleteSession(kv: Deno.Kv, hash: string): Promise<void> {
  await kv.delete(keys.sessionKey(hash));
}

/** Stores a one-time sign-in link until it expires. */
export async function putSignInToken(
  kv: Deno.Kv,
  hash: string,
  token: SignInToken,
  ttlMs: number,
): Promise<void> {
  await kv.set(keys.signInTokenKey(hash), token, { expireIn: ttlMs });
}

/**
 * Consumes a sign-in link: reads and deletes it in one atomic operation, so that it works once.
 * Returns null when it is unknown, expired or already used.
 */
export async function consumeSignInToken(
  kv: Deno.Kv,
  hash: string,
  now: Date,
  ttlMs: number,
): Promise<SignInToken | null> {
  const entry = await kv.get<SignInToken>(keys.signInTokenKey(hash));
  if (!entry.value) return null;
  const committed = await kv.atomic().check(entry).delete(entry.key).commit();
  if (!committed.ok) return null;
  const age = now.getTime() - Date.parse(entry.value.created_at);
  return age <= ttlMs ? entry.value : null;
}

/** Reads a sign-in link without using it: null when it is unknown, expired or already used. */
export async function getSignInToken(
  kv: Deno.Kv,
  hash: string,
  now: Date,
  ttlMs: number,
): Promise<SignInToken | null> {
  const token = (await kv.get<SignInToken>(keys.signInTokenKey(hash))).value;
  if (!token) return null;
  return now.getTime() - Date.parse(token.created_at) <= ttlMs ? token : null;
}
