/**
 * Followers are mailed when a listing goes live and when its owners post an update, and so are the
 * followers of its founders' profiles: one notice per event, queued in the same commit as the
 * event where it has one, and one job per notice that walks the followers (the listing's, then
 * each founder's) with a cursor kept in the notice. Each mail's id derives from (event,
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
import { getFounderRecord } from "../../kv/founders.ts";
import { isFounderMailOff, listFounderFollowersAfter } from "../../kv/follows.ts";
import { getListing } from "../../kv/listings.ts";
import type { Listing, ListingUpdate } from "../../kv/types.ts";
import { getUser } from "../../kv/users.ts";
import type { Deps } from "../platform/deps.ts";
import type { JobHandler } from "../platform/jobs.ts";
import { sendMail } from "../platform/mail.ts";
import { getSettings } from "../platform/settings.ts";
import { derivedMailId } from "./mail_ids.ts";
import { founderUnsubscribeUrl, unsubscribeUrl } from "./unsubscribe.ts";

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

/** One step of a notice's walk: whom to mail, whose followers they are, and the notice after. */
interface Step {
  users: string[];
  /** The founder (slug) whose followers these are; null for the listing's own followers. */
  founder: string | null;
  next: FollowerNotice;
}

/**
 * The next followers of a notice after its cursor: the listing's, then those of each founder in
 * the listing's `founder_slugs`, in turn. Null when all were walked (or the founder being walked
 * left the listing).
 */
async function nextStep(kv: Deno.Kv, listing: Listing, notice: FollowerNotice) {
  let founder = notice.founder ?? null;
  let cursor = notice.cursor;
  for (;;) {
    const users = founder === null
      ? await listFollowersAfter(kv, listing.id, cursor, FOLLOWERS_PER_STEP)
      : await listFounderFollowersAfter(kv, founder, cursor, FOLLOWERS_PER_STEP);
    if (users.length > 0) {
      return { users, founder, next: { ...notice, founder, cursor: users[users.length - 1] } };
    }
    const at = founder === null ? 0 : listing.founder_slugs.indexOf(founder) + 1;
    if ((founder !== null && at === 0) || at >= listing.founder_slugs.length) return null;
    founder = listing.founder_slugs[at];
    cursor = null;
  }
}

/**
 * Mails the followers of one notice, resuming after its cursor: the listing's followers, then
 * its founders' followers. Each person gets one mail per event (the mail id derives from the
 * event and the person, whichever way they follow). Returns how many mails this run wrote or
 * found written (0 when the notice is done or unknown).
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
    const step: Step | null = listing && listing.status !== "removed"
      ? await nextStep(deps.kv, listing, notice)
      : null;
    const founder = step?.founder ? await founderOf(deps.kv, step.founder) : null;
    for (const userId of step?.users ?? []) {
      if (await mailFollower(deps, { listing: listing!, notice, founder }, userId)) mailed++;
    }
    const next = step ? step.next : { ...notice, done_at: deps.now().toISOString() };
    // On a conflict another run moved the cursor: read it again (mails already sent stay sent).
    await saveFollowerNotice(deps.kv, entry as Deno.KvEntry<FollowerNotice>, next);
  }
}

async function founderOf(kv: Deno.Kv, slug: string) {
  return { slug, name: (await getFounderRecord(kv, slug))?.name ?? slug };
}

/** What one mail is about: the event's listing and notice, and the founder it came through. */
interface MailAbout {
  listing: Listing;
  notice: FollowerNotice;
  founder: { slug: string; name: string } | null;
}

/** Mails one follower about one event, unless they unsubscribed; true when mailed. */
async function mailFollower(deps: Deps, about: MailAbout, userId: string): Promise<boolean> {
  const { listing, notice, founder } = about;
  const off = founder
    ? await isFounderMailOff(deps.kv, founder.slug, userId)
    : await isFollowMailOff(deps.kv, listing.id, userId);
  if (off) return false;
  const user = await getUser(deps.kv, userId);
  if (!user) return false;
  const { name: site } = await getSettings(deps.kv);
  const page = `${deps.config.publicUrl}/listings/${listing.slug}`;
  const unsubscribe = founder
    ? await founderUnsubscribeUrl(deps, founder.slug, userId)
    : await unsubscribeUrl(deps, listing.id, userId);
  const which = founder ? `by ${founder.name}, whom you follow` : "which you follow";
  const mail = notice.event === "live"
    ? {
      subject: `${listing.name} is live on ${site}`,
      lines: [`${listing.name}, ${which}, launched on ${site} this week.`, listing.tagline],
    }
    : {
      subject: `${listing.name}: ${notice.title}`.replace(/[\r\n]+/g, " "),
      lines: [`${listing.name}, ${which}, posted an update:`, "", notice.title ?? "", ""]
        .concat(notice.body ?? ""),
    };
  const text = [
    ...mail.lines,
    "",
    page,
    "",
    `You get this mail because you follow ${founder?.name ?? listing.name} on ${site}.`,
    `Stop mails about ${founder ? `${founder.name}'s listings` : listing.name}: ${unsubscribe}`,
  ].join("\n");
  const id = await derivedMailId(
    notice.at,
    `followers:${notice.event}:${listing.id}:${notice.event_id}:${userId}`,
  );
  await sendMail(deps, { to: user.email, subject: mail.subject, text }, { id });
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
