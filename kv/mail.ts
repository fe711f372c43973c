/** Mails: the outbox of the embedded transport and the records of SMTP mails being delivered. */
import * as keys from "./keys.ts";
import type { Mail } from "./types.ts";

/** Stores a mail record (kept for `ttlMs`). */
export async function putMail(kv: Deno.Kv, mail: Mail, ttlMs: number): Promise<void> {
  await kv.set(keys.mailKey(mail.id), mail, { expireIn: ttlMs });
}

/**
 * Stores a new mail record and enqueues `job` in one atomic operation: either both are written or
 * neither. Throws when a mail with the same id already exists.
 */
export async function putMailAndEnqueue(
  kv: Deno.Kv,
  mail: Mail,
  job: unknown,
  options: { backoffSchedule: number[]; ttlMs: number },
): Promise<void> {
  const res = await kv.atomic()
    .check({ key: keys.mailKey(mail.id), versionstamp: null })
    .set(keys.mailKey(mail.id), mail, { expireIn: options.ttlMs })
    .enqueue(job, {
      backoffSchedule: options.backoffSchedule,
      keysIfUndelivered: [keys.mailUndeliveredKey(mail.id)],
    })
    .commit();
  if (!res.ok) throw new Error(`Cannot queue mail "${mail.id}": a mail with this id exists`);
}

/** Reads a mail with its versionstamp (value null when unknown or expired). */
export async function getMailEntry(kv: Deno.Kv, id: string): Promise<Deno.KvEntryMaybe<Mail>> {
  return await kv.get<Mail>(keys.mailKey(id));
}

/**
 * Replaces a mail if it has not changed since `entry` was read: the new entry, or null on a
 * conflict.
 */
export async function replaceMail(
  kv: Deno.Kv,
  entry: Deno.KvEntry<Mail>,
  next: Mail,
  ttlMs: number,
): Promise<Deno.KvEntry<Mail> | null> {
  const res = await kv.atomic().check(entry).set(entry.key, next, { expireIn: ttlMs }).commit();
  return res.ok ? { key: entry.key, value: next, versionstamp: res.versionstamp } : null;
}

/** Mails of one transport, newest first (ids sort by time). */
export async function listMails(
  kv: Deno.Kv,
  transport: Mail["transport"],
  limit: number,
): Promise<Mail[]> {
  const mails: Mail[] = [];
  for await (const entry of kv.list<Mail>({ prefix: keys.mailPrefix() }, { reverse: true })) {
    if (entry.value.transport !== transport) continue;
    mails.push(entry.value);
    if (mails.length >= limit) break;
  }
  return mails;
}

/** Whether a mail job ran out of retries (the queue wrote its undelivered key). */
export async function isMailUndelivered(kv: Deno.Kv, id: string): Promise<boolean> {
  return (await kv.get(keys.mailUndeliveredKey(id))).versionstamp !== null;
}
