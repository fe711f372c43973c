/**
 * Mail to a listing's followers: one notice per event (went live, posted an update) with its
 * queued job and the cursor of its progress, the followers who unsubscribed, and the signing key
 * of unsubscribe links. The follows themselves are written by listing_stats.ts.
 */
import * as keys from "./keys.ts";

/** What followers are told about. */
export type FollowerEvent = "live" | "update";
export const FOLLOWER_EVENTS: readonly FollowerEvent[] = ["live", "update"];

/** One mailing of a listing's followers about one event. */
export interface FollowerNotice {
  listing_id: number;
  event: FollowerEvent;
  /** The event's id: the launch week for `live`, the update's id for `update`. */
  event_id: string;
  /** When the event happened (ISO date-time); each mail's id derives from it. */
  at: string;
  /** An update's title and body (null for `live`). */
  title: string | null;
  body: string | null;
  /** The last follower (user id, in key order) already mailed; null before the first. */
  cursor: string | null;
  /**
   * Whose followers the cursor walks: absent or null, the listing's; then, a founder's (slug) of
   * the listing's `founder_slugs`, one after the other.
   */
  founder?: string | null;
  done_at: string | null;
}

/** The queue job that mails the followers of one notice. */
export interface FollowersJob {
  type: "followers";
  listing_id: number;
  event: FollowerEvent;
  event_id: string;
}

/** Retry delays of a followers job (Deno KV allows at most 5). */
const FOLLOWERS_JOB_BACKOFF_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000];

/** The job of a notice. */
export function followersJobOf(notice: FollowerNotice): FollowersJob {
  return {
    type: "followers",
    listing_id: notice.listing_id,
    event: notice.event,
    event_id: notice.event_id,
  };
}

/**
 * Adds to `op` a new notice and its job; the commit fails if the notice exists, so an event is
 * never queued twice.
 */
export function stageFollowerNotice(op: Deno.AtomicOperation, notice: FollowerNotice): void {
  const key = keys.followerNoticeKey(notice.listing_id, notice.event, notice.event_id);
  op.check({ key, versionstamp: null }).set(key, notice)
    .enqueue(followersJobOf(notice), { backoffSchedule: FOLLOWERS_JOB_BACKOFF_MS });
}

/** Queues a notice and its job in one atomic operation; false when it was queued before. */
export async function queueFollowerNotice(kv: Deno.Kv, notice: FollowerNotice): Promise<boolean> {
  const op = kv.atomic();
  stageFollowerNotice(op, notice);
  return (await op.commit()).ok;
}

/** A notice with its versionstamp (value null when there is none). */
export async function getFollowerNotice(
  kv: Deno.Kv,
  job: Omit<FollowersJob, "type">,
): Promise<Deno.KvEntryMaybe<FollowerNotice>> {
  return await kv.get<FollowerNotice>(
    keys.followerNoticeKey(job.listing_id, job.event, job.event_id),
  );
}

/** Replaces a notice if it is still the version of `entry`; false on a conflict. */
export async function saveFollowerNotice(
  kv: Deno.Kv,
  entry: Deno.KvEntry<FollowerNotice>,
  next: FollowerNotice,
): Promise<boolean> {
  return (await kv.atomic().check(entry).set(entry.key, next).commit()).ok;
}

/** The notices of a listing (any event). */
export async function listFollowerNotices(kv: Deno.Kv, id: number): Promise<FollowerNotice[]> {
  const out: FollowerNotice[] = [];
  for await (const e of kv.list<FollowerNotice>({ prefix: keys.followerNoticesPrefix(id) })) {
    out.push(e.value);
  }
  return out;
}

/** Up to `limit` followers (user ids, in key order) of a listing after the user id `after`. */
export async function listFollowersAfter(
  kv: Deno.Kv,
  id: number,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const selector: Deno.KvListSelector = after === null
    ? { prefix: keys.followsPrefix(id) }
    : { prefix: keys.followsPrefix(id), start: [...keys.followKey(id, after), ""] };
  const out: string[] = [];
  for await (const e of kv.list(selector, { limit })) out.push(e.key[2] as string);
  return out;
}

/** Whether a person follows a listing. */
export async function isFollowing(kv: Deno.Kv, id: number, userId: string): Promise<boolean> {
  return (await kv.get(keys.followKey(id, userId))).versionstamp !== null;
}

/** Whether a follower unsubscribed from a listing's mails. */
export async function isFollowMailOff(kv: Deno.Kv, id: number, userId: string): Promise<boolean> {
  return (await kv.get(keys.followMailOffKey(id, userId))).versionstamp !== null;
}

/** Stops a follower's mails about a listing; false when they were stopped already. */
export async function turnFollowMailOff(
  kv: Deno.Kv,
  id: number,
  userId: string,
  at: Date,
): Promise<boolean> {
  const key = keys.followMailOffKey(id, userId);
  const res = await kv.atomic().check({ key, versionstamp: null })
    .set(key, { at: at.toISOString() }).commit();
  return res.ok;
}

/**
 * The raw bytes of a named signing key, created (32 random bytes) by the first caller; every
 * instance reads the same one.
 */
export async function getOrCreateSigningKey(
  kv: Deno.Kv,
  name: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const key = keys.signingKeyKey(name);
  for (;;) {
    const entry = await kv.get<Uint8Array<ArrayBuffer>>(key);
    if (entry.value) return entry.value;
    const value = crypto.getRandomValues(new Uint8Array(32));
    if ((await kv.atomic().check(entry).set(key, value).commit()).ok) return value;
  }
}
