/**
 * API keys for scripts: `ld_` + 40 random base64url characters, shown once at creation and
 * stored only as a SHA-256. Sent as `Authorization: Bearer <key>`.
 */
import {
  getApiKeyEntry,
  getApiKeyHash,
  insertApiKey,
  listApiKeysByUser,
  replaceApiKey,
} from "../../kv/api_keys.ts";
import { type ApiKey, type Scope, SCOPES } from "../../kv/types.ts";
import { badRequest, type ErrorDetail } from "../platform/errors.ts";
import { timeOrderedId } from "../platform/ids.ts";
import { randomSecret, sha256Hex } from "../platform/secrets.ts";

/** Every key starts with this. */
export const API_KEY_PREFIX = "ld_";
/** Characters of a key shown in lists (`ld_` and six more). */
const SHOWN_PREFIX_LENGTH = 9;
const KEY_PATTERN = /^ld_[A-Za-z0-9_-]{40}$/;
const NAME_MAX = 100;
/** Active keys one person may hold at once. */
export const MAX_ACTIVE_KEYS = 50;
/** `last_used_at` is written at most this often per key. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** What a new key needs: its owner, a name and the scopes it holds. */
export interface NewApiKey {
  userId: string;
  name: string;
  /** A non-empty subset of SCOPES (unknown values are a 400). */
  scopes: readonly string[];
}

/**
 * Creates a key: returns the record and the secret, which is never retrievable again.
 * Throws 400 invalid_request for a bad name or scopes, or when the owner has too many keys.
 */
export async function createApiKey(
  kv: Deno.Kv,
  input: NewApiKey,
  now: Date,
): Promise<{ key: ApiKey; secret: string }> {
  const { name, scopes } = validateApiKeyInput(input);
  const active = (await listApiKeysByUser(kv, input.userId)).filter((k) => !k.revoked_at);
  if (active.length >= MAX_ACTIVE_KEYS) {
    throw badRequest(`Too many API keys: at most ${MAX_ACTIVE_KEYS} active; revoke one first`);
  }
  for (;;) {
    const secret = API_KEY_PREFIX + randomSecret(30);
    const key: ApiKey = {
      id: timeOrderedId(now),
      user_id: input.userId,
      name,
      prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
      scopes,
      created_at: now.toISOString(),
      last_used_at: null,
      revoked_at: null,
    };
    // A collision of 240 random bits does not happen; the check keeps it impossible anyway.
    if (await insertApiKey(kv, await sha256Hex(secret), key)) return { key, secret };
  }
}

/** A person's keys, newest first, revoked ones included (with `revoked_at` set). */
export async function listApiKeys(kv: Deno.Kv, userId: string): Promise<ApiKey[]> {
  return await listApiKeysByUser(kv, userId);
}

/**
 * Revokes one of the person's keys. True when the key is theirs (revoked now or before: it is
 * idempotent), false when there is no such key of theirs.
 */
export async function revokeApiKey(
  kv: Deno.Kv,
  userId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const hash = await getApiKeyHash(kv, id);
  if (!hash) return false;
  for (;;) {
    const entry = await getApiKeyEntry(kv, hash);
    if (!entry.value || entry.value.user_id !== userId) return false;
    if (entry.value.revoked_at) return true;
    const next = { ...entry.value, revoked_at: now.toISOString() };
    if (await replaceApiKey(kv, entry as Deno.KvEntry<ApiKey>, next)) return true;
  }
}

/**
 * The key of a secret, or null when it is unknown or revoked. Records `last_used_at` at most
 * once a minute; a failure to record it never fails the call.
 */
export async function verifyApiKey(kv: Deno.Kv, secret: string, now: Date): Promise<ApiKey | null> {
  if (!KEY_PATTERN.test(secret)) return null;
  const entry = await getApiKeyEntry(kv, await sha256Hex(secret));
  const key = entry.value;
  if (!key || key.revoked_at) return null;
  const last = key.last_used_at ? Date.parse(key.last_used_at) : -Infinity;
  if (now.getTime() - last < LAST_USED_RESOLUTION_MS) return key;
  const used = { ...key, last_used_at: now.toISOString() };
  try {
    // A concurrent request may have recorded it first: then nothing is lost.
    await replaceApiKey(kv, entry as Deno.KvEntry<ApiKey>, used);
  } catch (err) {
    console.warn(`Cannot record the use of API key "${key.id}":`, err);
  }
  return used;
}

/**
 * Checks a new key's name (1-100 characters, trimmed) and scopes (a non-empty subset of SCOPES,
 * returned in SCOPES order); throws 400 invalid_request naming each bad field.
 */
export function validateApiKeyInput(
  input: Pick<NewApiKey, "name" | "scopes">,
): { name: string; scopes: Scope[] } {
  const details: ErrorDetail[] = [];
  const name = typeof input.name === "string" ? input.name.trim() : "";
  const length = [...name].length;
  if (length === 0) details.push({ path: "name", message: "Give the key a name" });
  else if (length > NAME_MAX) {
    details.push({ path: "name", message: `At most ${NAME_MAX} characters (got ${length})` });
  } else if (/[\p{Cc}]/u.test(name)) {
    details.push({ path: "name", message: "Control characters are not allowed" });
  }
  const given = Array.isArray(input.scopes) ? input.scopes : [];
  const unknown = given.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) {
    details.push({
      path: "scopes",
      message: `Unknown scope "${unknown[0]}": expected any of ${SCOPES.join(", ")}`,
    });
  } else if (given.length === 0) {
    details.push({ path: "scopes", message: `Choose at least one of ${SCOPES.join(", ")}` });
  }
  if (details.length > 0) {
    throw badRequest(`Invalid API key: ${details.map((d) => d.message).join("; ")}`, details);
  }
  return { name, scopes: SCOPES.filter((s) => given.includes(s)) };
}
