/**
 * Followers are mailed when a listing goes live and when its owners post an update: one notice per
 * event, queued in the same commit as the event where it has one, and one job per notice that
 * walks the followers with a cursor kept in the notice. Each mail's id derives from (event,
 * follower), so a retried or duplicated job never mails anyone twice.
 */
import {
  FOLLOWER_EVENTS,
  type FollowerEvent,
  type FollowerNotice,
  getFollowerNotice,
  isFollowMailOff,
  listFollowersAfter,
  queueFollowerNotice,
  saveFollowerNotice,
  stageFollowerNotice,
} from "../../kv/follower_mail.ts";
import { getListing } from "../../kv/listings.ts";
import type { Listing, ListingUpdate } from "../../kv/types.ts";
import { getUser } from "../../kv/users.ts";
import type { Deps } from "../platform/deps.ts";
import type { JobHandler } from "../platform/jobs.ts";
import { sendMail } from "../platform/mail.ts";
import { getSettings } from "../platform/settings.ts";
import { derivedMailId } from "./mail_ids.ts";
import { unsubscribeUrl } from "./unsubscribe.ts";

/** Followers mailed per stored step of the cursor. */
const FOLLOWERS_PER_STEP = 50;

/** Adds to `op` the followers' notice of a posted update (in the update's own commit). */
export function stageUpdateNotice(op: Deno.AtomicOperation, update: ListingUpdate): void {
  stageFollowerNotice(op, {
    listing_id: update.listing_id,
    event: "update",
    event_id: update.id,
    at: update.created_at,
    title: update.title,
    body: update.body,
    cursor: null,
    done_at: null,
  });
}

/** Queues the followers' notice of a listing that went live (once per launch week). */
export async function queueLiveNotice(kv: Deno.Kv, listing: Listing): Promise<boolean> {
  if (listing.status !== "live" || !listing.launched_at || !listing.launch_week) return false;
  return await queueFollowerNotice(kv, {
    listing_id: listing.id,
    event: "live",
    event_id: listing.launch_week,
    at: listing.launched_at,
    title: null,
    body: null,
    cursor: null,
    done_at: null,
  });
}

/**
 * Mails the followers of one notice, resuming after its cursor. Returns how many mails this run
 * wrote or found written (0 when the notice is done or unknown).
 */
export async function mailFollowers(
  deps: Deps,
  job: { listing_id: number; event: FollowerEvent; event_id: string },
): Promise<number> {
  let mailed = 0;
  for (;;) {
    const entry = await getFollowerNotice(deps.kv, job);
    const notice = entry.value;
    if (!notice || notice.done_at) return mailed;
    const listing = await getListing(deps.kv, notice.listing_id);
    const followers = listing && listing.status !== "removed"
      ? await listFollowersAfter(deps.kv, notice.listing_id, notice.cursor, FOLLOWERS_PER_STEP)
      : [];
    for (const userId of followers) {
      if (await mailFollower(deps, listing!, notice, userId)) mailed++;
    }
    const next: FollowerNotice = followers.length === 0
      ? { ...notice, done_at: deps.now().toISOString() }
      : { ...notice, cursor: followers[followers.length - 1] };
    // On a conflict another run moved the cursor: read it again (mails already sent stay sent).
    await saveFollowerNotice(deps.kv, entry as Deno.KvEntry<FollowerNotice>, next);
  }
}

/** Mails one follower about one event, unless they unsubscribed; true when mailed. */
async function mailFollower(
  deps: Deps,
  listing: Listing,
  notice: FollowerNotice,
  userId: string,
): Promise<boolean> {
  if (await isFollowMailOff(deps.kv, listing.id, userId)) return false;
  const user = await getUser(deps.kv, userId);
  if (!user) return false;
  const { name: site } = await getSettings(deps.kv);
  const page = `${deps.config.publicUrl}/listings/${listing.slug}`;
  const unsubscribe = await unsubscribeUrl(deps, listing.id, userId);
  const about = notice.event === "live"
    ? {
      subject: `${listing.name} is live on ${site}`,
      lines: [`${listing.name}, which you follow, launched on ${site} this week.`, listing.tagline],
    }
    : {
      subject: `${listing.name}: ${notice.title}`.replace(/[\r\n]+/g, " "),
      lines: [`${listing.name}, which you follow, posted an update:`, "", notice.title ?? "", ""]
        .concat(notice.body ?? ""),
    };
  const text = [
    ...about.lines,
    "",
    page,
    "",
    `You get this mail because you follow ${listing.name} on ${site}.`,
    `Stop mails about ${listing.name}: ${unsubscribe}`,
  ].join("\n");
  const id = await derivedMailId(
    notice.at,
    `followers:${notice.event}:${listing.id}:${notice.event_id}:${userId}`,
  );
  await sendMail(deps, { to: user.email, subject: about.subject, text }, { id });
  return true;
}

/** The queue job `{ type: "followers", listing_id, event, event_id }` (see `mailFollowers`). */
export const runFollowersJob: JobHandler = async (deps, job) => {
  const { listing_id, event, event_id } = job;
  if (
    typeof listing_id !== "number" || typeof event_id !== "string" ||
    !FOLLOWER_EVENTS.includes(event as FollowerEvent)
  ) {
    return "a followers job needs a numeric listing_id, an event and a string event_id";
  }
  await mailFollowers(deps, { listing_id, event: event as FollowerEvent, event_id });
};
