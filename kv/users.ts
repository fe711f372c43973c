/** People's accounts. */
import * as keys from "./keys.ts";
import type { User } from "./types.ts";

/** Finds the account of an email, creating it when there is none (email unique, atomically). */
export async function getOrCreateUser(
  kv: Deno.Kv,
  email: string,
  name: string,
  now = new Date(),
): Promise<User> {
  const normalized = email.trim().toLowerCase();
  for (;;) {
    const existing = await kv.get<string>(keys.userByEmailKey(normalized));
    if (existing.value) {
      const user = (await kv.get<User>(keys.userKey(existing.value))).value;
      if (user) return user;
    }
    const user: User = {
      id: crypto.randomUUID(),
      email: normalized,
      name,
      created_at: now.toISOString(),
    };
    const res = await kv.atomic().check(existing)
      .set(keys.userByEmailKey(normalized), user.id)
      .set(keys.userKey(user.id), user)
      .commit();
    if (res.ok) return user;
  }
}

/** Reads an account by id. */
export async function getUser(kv: Deno.Kv, id: string): Promise<User | null> {
  return (await kv.get<User>(keys.userKey(id))).value;
}

/** Reads an account by email (normalized: trimmed, lowercase); null when there is none. */
export async function getUserByEmail(kv: Deno.Kv, email: string): Promise<User | null> {
  const id = (await kv.get<string>(keys.userByEmailKey(email.trim().toLowerCase()))).value;
  return id ? await getUser(kv, id) : null;
}
