/**
 * API keys, stored under the SHA-256 of the secret (never the secret), with an index by id and
 * one by owner; both indexes hold the hash (a pointer).
 */
import { getManyValues, present } from "./read.ts";
import * as keys from "./keys.ts";
import type { ApiKey } from "./types.ts";

/** Stores a new key and its two indexes in one atomic write; false if the hash or id exists. */
export async function insertApiKey(kv: Deno.Kv, hash: string, key: ApiKey): Promise<boolean> {
  const res = await kv.atomic()
    .check({ key: keys.apiKeyKey(hash), versionstamp: null })
    .check({ key: keys.apiKeyByIdKey(key.id), versionstamp: null })
    .set(keys.apiKeyKey(hash), key)
    .set(keys.apiKeyByIdKey(key.id), hash)
    .set(keys.apiKeysByUserKey(key.user_id, key.id), hash)
    .commit();
  return res.ok;
}

/** Reads a key by the hash of its secret, with its versionstamp. */
export async function getApiKeyEntry(
  kv: Deno.Kv,
  hash: string,
): Promise<Deno.KvEntryMaybe<ApiKey>> {
  return await kv.get<ApiKey>(keys.apiKeyKey(hash));
}

/** The hash of a key's secret, by key id (null when unknown). */
export async function getApiKeyHash(kv: Deno.Kv, id: string): Promise<string | null> {
  return (await kv.get<string>(keys.apiKeyByIdKey(id))).value;
}

/** A person's keys, revoked ones included, newest first (ids sort by creation time). */
export async function listApiKeysByUser(kv: Deno.Kv, userId: string): Promise<ApiKey[]> {
  const hashes: string[] = [];
  for await (
    const entry of kv.list<string>({ prefix: keys.apiKeysByUserPrefix(userId) }, { reverse: true })
  ) {
    hashes.push(entry.value);
  }
  return present(await getManyValues<ApiKey>(kv, hashes.map(keys.apiKeyKey)));
}

/** Replaces a key record if it has not changed since `entry` was read; false on a conflict. */
export async function replaceApiKey(
  kv: Deno.Kv,
  entry: Deno.KvEntry<ApiKey>,
  next: ApiKey,
): Promise<boolean> {
  return (await kv.atomic().check(entry).set(entry.key, next).commit()).ok;
}
