/**
 * The OAuth authorization server's records: clients, authorization codes, token families and
 * tokens. Secrets (codes, tokens) are keyed by their SHA-256; the secrets themselves are never
 * stored. A family is one grant of one user to one client; every token of it is indexed under the
 * family so that revoking the family removes them all.
 */
import { getManyValues, present } from "./read.ts";
import * as keys from "./keys.ts";
import type { AuthorizationCode, OAuthClient, OAuthToken, TokenFamily } from "./types.ts";

/** A client as stored: metadata-document clients also say until when their document is fresh. */
export interface StoredClient extends OAuthClient {
  /** Metadata-document clients: refetch the document after this time. Registered: null. */
  cached_until: string | null;
}

/**
 * A code as stored. On exchange it is not deleted but marked used (with the family it started),
 * so that a second exchange is recognised as reuse and revokes that family (OAuth 2.1 §4.1.3).
 */
export interface StoredCode extends AuthorizationCode {
  used_at: string | null;
  family_id: string | null;
}

/** A family as stored: when its last token expires (the record expires with it). */
export interface StoredFamily extends TokenFamily {
  expires_at: string;
}

/** A token to write: the SHA-256 of its secret, the record and how long KV keeps it. */
export interface TokenWrite {
  hash: string;
  token: OAuthToken;
  ttlMs: number;
}

/** Registers a new client; false when the id is taken. */
export async function createClient(kv: Deno.Kv, client: StoredClient): Promise<boolean> {
  const key = keys.oauthClientKey(client.client_id);
  const res = await kv.atomic().check({ key, versionstamp: null }).set(key, client).commit();
  return res.ok;
}

/** Stores (or refreshes) the client of a fetched metadata document, kept for `ttlMs`. */
export async function putMetadataClient(
  kv: Deno.Kv,
  client: StoredClient,
  ttlMs: number,
): Promise<void> {
  await kv.set(keys.oauthClientKey(client.client_id), client, { expireIn: ttlMs });
}

/** Reads a client by its id (a registered id or a metadata document URL). */
export async function getClient(kv: Deno.Kv, clientId: string): Promise<StoredClient | null> {
  return (await kv.get<StoredClient>(keys.oauthClientKey(clientId))).value;
}

/** Stores a new authorization code under its hash until it expires. */
export async function putCode(
  kv: Deno.Kv,
  hash: string,
  code: StoredCode,
  ttlMs: number,
): Promise<void> {
  await kv.set(keys.oauthCodeKey(hash), code, { expireIn: ttlMs });
}

/** Reads a code's entry (to exchange it with a versionstamp check). */
export function getCodeEntry(kv: Deno.Kv, hash: string): Promise<Deno.KvEntryMaybe<StoredCode>> {
  return kv.get<StoredCode>(keys.oauthCodeKey(hash));
}

/** Reads a token's entry by the hash of its secret. */
export function getTokenEntry(kv: Deno.Kv, hash: string): Promise<Deno.KvEntryMaybe<OAuthToken>> {
  return kv.get<OAuthToken>(keys.oauthTokenKey(hash));
}

/** Reads a family's entry. */
export function getFamilyEntry(kv: Deno.Kv, id: string): Promise<Deno.KvEntryMaybe<StoredFamily>> {
  return kv.get<StoredFamily>(keys.tokenFamilyKey(id));
}

function setFamily(op: Deno.AtomicOperation, family: StoredFamily, ttlMs: number) {
  op.set(keys.tokenFamilyKey(family.id), family, { expireIn: ttlMs })
    .set(keys.tokenFamiliesByUserKey(family.user_id, family.id), family.id, { expireIn: ttlMs });
}

function setTokens(op: Deno.AtomicOperation, tokens: TokenWrite[]) {
  for (const { hash, token, ttlMs } of tokens) {
    op.set(keys.oauthTokenKey(hash), token, { expireIn: ttlMs })
      .set(keys.familyTokenKey(token.family_id, hash), token.kind, { expireIn: ttlMs });
  }
}

/**
 * Exchanges a code in one atomic write: marks the code used (unchanged since it was read),
 * creates the family and stores its first tokens. False when the code changed meanwhile.
 */
export async function exchangeCode(
  kv: Deno.Kv,
  code: Deno.KvEntry<StoredCode>,
  usedCodeTtlMs: number,
  family: StoredFamily,
  familyTtlMs: number,
  tokens: TokenWrite[],
): Promise<boolean> {
  const op = kv.atomic().check(code)
    .check({ key: keys.tokenFamilyKey(family.id), versionstamp: null })
    .set(code.key, { ...code.value, used_at: family.created_at, family_id: family.id }, {
      expireIn: usedCodeTtlMs,
    });
  setFamily(op, family, familyTtlMs);
  setTokens(op, tokens);
  return (await op.commit()).ok;
}

/**
 * Rotates a refresh token in one atomic write: the old one is marked used (both it and the
 * family unchanged since read), the new tokens are stored and the family is updated.
 */
export async function rotateRefreshToken(
  kv: Deno.Kv,
  old: Deno.KvEntry<OAuthToken>,
  oldTtlMs: number,
  usedAt: string,
  family: Deno.KvEntry<StoredFamily>,
  updated: StoredFamily,
  familyTtlMs: number,
  tokens: TokenWrite[],
): Promise<boolean> {
  const op = kv.atomic().check(old).check(family)
    .set(old.key, { ...old.value, used_at: usedAt }, { expireIn: oldTtlMs });
  setFamily(op, updated, familyTtlMs);
  setTokens(op, tokens);
  return (await op.commit()).ok;
}

/** Updates a family (e.g. its last use) if it is unchanged since read; false otherwise. */
export async function updateFamily(
  kv: Deno.Kv,
  entry: Deno.KvEntry<StoredFamily>,
  updated: StoredFamily,
  ttlMs: number,
): Promise<boolean> {
  const op = kv.atomic().check(entry);
  setFamily(op, updated, ttlMs);
  return (await op.commit()).ok;
}

/**
 * Revokes a family: marks it revoked (kept `keepMs` for the record), drops it from its user's
 * list, then deletes every token of it. Returns the family, or null when there is none.
 */
export async function revokeFamily(
  kv: Deno.Kv,
  id: string,
  revokedAt: string,
  keepMs: number,
): Promise<StoredFamily | null> {
  let family: StoredFamily | null = null;
  for (;;) {
    const entry = await getFamilyEntry(kv, id);
    if (!entry.value) break;
    family = entry.value;
    if (family.revoked_at) break;
    const revoked = { ...family, revoked_at: revokedAt };
    const res = await kv.atomic().check(entry)
      .set(entry.key, revoked, { expireIn: keepMs })
      .delete(keys.tokenFamiliesByUserKey(family.user_id, id))
      .commit();
    if (res.ok) {
      family = revoked;
      break;
    }
  }
  // A family's tokens can outnumber one atomic operation's mutations: delete them in batches.
  // The revoked mark above already makes every one of them unusable.
  let batch: string[] = [];
  const flush = async () => {
    const op = kv.atomic();
    for (const hash of batch) {
      op.delete(keys.oauthTokenKey(hash)).delete(keys.familyTokenKey(id, hash));
    }
    await op.commit();
    batch = [];
  };
  for await (const entry of kv.list({ prefix: keys.familyTokensPrefix(id) })) {
    batch.push(String(entry.key.at(-1)));
    if (batch.length === 100) await flush();
  }
  if (batch.length) await flush();
  return family;
}

/** Deletes one token (e.g. a revoked access token). */
export async function deleteToken(kv: Deno.Kv, hash: string, familyId: string): Promise<void> {
  await kv.atomic().delete(keys.oauthTokenKey(hash)).delete(keys.familyTokenKey(familyId, hash))
    .commit();
}

/** The families (grants) of a user that are not revoked, newest first. */
export async function listFamiliesByUser(kv: Deno.Kv, userId: string): Promise<StoredFamily[]> {
  const ids: string[] = [];
  for await (const entry of kv.list<string>({ prefix: keys.tokenFamiliesByUserPrefix(userId) })) {
    ids.push(entry.value);
  }
  const families = present(
    await getManyValues<StoredFamily>(kv, ids.map((id) => keys.tokenFamilyKey(id))),
  ).filter((family) => !family.revoked_at);
  return families.sort((a, b) => b.created_at.localeCompare(a.created_at));
}
