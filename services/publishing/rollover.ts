/**
 * The weekly rollover, at the start of each ISO week (UTC): scheduled listings whose launch week
 * has begun go live, Launch of the Week #1-#3 of the week that ended are decided, and each
 * winner's owners are mailed. Every week not rolled over yet is rolled over, oldest first (weeks
 * missed while the service was down are caught up), each under a record claimed atomically: a
 * second run, or a run on another instance, finds the week claimed or done and changes nothing,
 * and a run that crashed is resumed from the steps its record marks done (each step is safe to
 * repeat on its own).
 */
import { getListing, goLive, listListingIdsByStatus } from "../../kv/listings.ts";
import {
  claimRollover,
  getLatestRollover,
  getRollover,
  type RolloverRecord,
  type RolloverStep,
  saveRollover,
  stageRollover,
} from "../../kv/rollovers.ts";
import type { Award, Listing } from "../../kv/types.ts";
import { getUser } from "../../kv/users.ts";
import { decideWeekAwards } from "../directory/awards.ts";
import type { Deps } from "../platform/deps.ts";
import { sendMail } from "../platform/mail.ts";
import { getSettings } from "../platform/settings.ts";
import { addWeeks, isoWeekLabel, mondayOf, parseIsoDate } from "../platform/weeks.ts";
import { queueLiveNotice } from "./followers.ts";
import { derivedMailId } from "./mail_ids.ts";

/**
 * How long a run holds a week; a record still unfinished after it (the run died) is taken over by
 * the next run. Renewed at every step.
 */
export const ROLLOVER_LEASE_MS = 5 * 60_000;

/** What one week's rollover did. */
export interface WeekRollover {
  week: string;
  /** Listings this rollover put live (in id order). */
  went_live: number[];
  /** Awards of the week that ended, when this rollover decided them. */
  awards: Award[];
}

/** What a run did: the weeks it rolled over, oldest first, and a week another run holds. */
export interface RolloverResult {
  weeks: WeekRollover[];
  /** A week another run is rolling over right now (this run stopped before it), or null. */
  busy: string | null;
}

/**
 * Rolls over every week not yet rolled over up to the current one, oldest first. The first
 * rollover ever starts at the current week. Safe to run any number of times, also at once.
 */
export async function runWeeklyRollover(deps: Deps): Promise<RolloverResult> {
  const current = mondayOf(deps.now());
  const latest = (await getLatestRollover(deps.kv))?.value;
  let week = !latest ? current : latest.done_at ? addWeeks(latest.week, 1) : latest.week;
  const runId = crypto.randomUUID();
  const result: RolloverResult = { weeks: [], busy: null };
  for (; week <= current; week = addWeeks(week, 1)) {
    const claimed = await claimWeek(deps, week, runId);
    if (claimed === "done") continue;
    if (claimed === "busy") {
      result.busy = week;
      break;
    }
    result.weeks.push(await rollOverWeek(deps, claimed));
  }
  return result;
}

type Entry = Deno.KvEntry<RolloverRecord>;

/** Claims a week for this run: a new record, or one whose lease ran out; else done or busy. */
async function claimWeek(
  deps: Deps,
  week: string,
  runId: string,
): Promise<Entry | "done" | "busy"> {
  const now = deps.now();
  const lease = new Date(now.getTime() + ROLLOVER_LEASE_MS).toISOString();
  for (;;) {
    const fresh: RolloverRecord = {
      week,
      run_id: runId,
      lease_until: lease,
      started_at: now.toISOString(),
      steps: [],
      live_ids: null,
      awards: [],
      done_at: null,
    };
    const created = await claimRollover(deps.kv, fresh);
    if (created) return created;
    const entry = await getRollover(deps.kv, week);
    if (!entry.value) continue;
    if (entry.value.done_at) return "done";
    if (Date.parse(entry.value.lease_until) > now.getTime()) return "busy";
    const taken = await saveRollover(deps.kv, entry as Entry, {
      ...entry.value,
      run_id: runId,
      lease_until: lease,
    });
    if (taken) return taken;
  }
}

/** Runs the steps of one claimed week that are not done yet. */
async function rollOverWeek(deps: Deps, claimed: Entry): Promise<WeekRollover> {
  let entry = claimed;
  const week = entry.value.week;
  if (!entry.value.steps.includes("live")) entry = await goLiveStep(deps, entry);
  if (!entry.value.steps.includes("awards")) entry = await awardsStep(deps, entry);
  if (!entry.value.steps.includes("mails")) {
    for (const award of entry.value.awards) await mailWinners(deps, award);
    entry = await save(deps, entry, { steps: [...entry.value.steps, "mails"] }, true);
  }
  return { week, went_live: entry.value.live_ids ?? [], awards: entry.value.awards };
}

/** Writes the next state of this run's record (renewing the lease); throws if another run took it. */
async function save(
  deps: Deps,
  entry: Entry,
  change: Partial<RolloverRecord>,
  done = false,
): Promise<Entry> {
  const now = deps.now();
  const next: RolloverRecord = {
    ...entry.value,
    ...change,
    lease_until: new Date(now.getTime() + ROLLOVER_LEASE_MS).toISOString(),
    done_at: done ? now.toISOString() : null,
  };
  const saved = await saveRollover(deps.kv, entry, next);
  if (!saved) throw takenOver(entry.value.week);
  return saved;
}

function takenOver(week: string): Error {
  return new Error(`Rollover of week ${week} stopped: another run took the week over`);
}

/**
 * Puts live every `scheduled` listing whose launch week has begun (by this week), launched at its
 * week's Monday 00:00 UTC, and queues its followers' notice. The listings are fixed in the record
 * first, so a resumed run still queues the notices of those that already moved.
 */
async function goLiveStep(deps: Deps, claimed: Entry): Promise<Entry> {
  let entry = claimed;
  const week = entry.value.week;
  if (entry.value.live_ids === null) {
    const scheduled = await dueListings(
      deps.kv,
      await listListingIdsByStatus(deps.kv, "scheduled"),
      week,
    );
    entry = await save(deps, entry, { live_ids: scheduled.map((l) => l.id) });
  }
  for (const id of entry.value.live_ids!) {
    let listing = await getListing(deps.kv, id);
    if (listing?.status === "scheduled" && listing.launch_week && listing.launch_week <= week) {
      listing = await goLive(deps.kv, id, parseIsoDate(listing.launch_week)!, {
        onlyFrom: "scheduled",
      });
    }
    if (listing?.status === "live") await queueLiveNotice(deps.kv, listing);
  }
  return await save(deps, entry, { steps: [...entry.value.steps, "live"] });
}

/** The scheduled listings whose launch week is `week` or earlier, in id order. */
async function dueListings(kv: Deno.Kv, ids: number[], week: string): Promise<Listing[]> {
  const due: Listing[] = [];
  for (const id of ids) {
    const listing = await getListing(kv, id);
    if (listing?.status === "scheduled" && listing.launch_week && listing.launch_week <= week) {
      due.push(listing);
    }
  }
  return due;
}

/**
 * Decides the awards of the week that ended; when this run writes them, the record takes them
 * (and marks the step) in the same commit, so their winners are mailed exactly by this rollover.
 */
async function awardsStep(deps: Deps, entry: Entry): Promise<Entry> {
  const ended = addWeeks(entry.value.week, -1);
  const steps: RolloverStep[] = [...entry.value.steps, "awards"];
  const lease = new Date(deps.now().getTime() + ROLLOVER_LEASE_MS).toISOString();
  await decideWeekAwards(deps.kv, ended, deps.now(), (op, awards) => {
    stageRollover(op, entry, { ...entry.value, steps, awards, lease_until: lease });
  });
  const after = await getRollover(deps.kv, entry.value.week);
  if (after.value?.run_id !== entry.value.run_id) throw takenOver(entry.value.week);
  if (after.value.steps.includes("awards")) return after as Entry;
  // No awards to write, or the week was awarded before (nobody to mail from this rollover).
  return await save(deps, after as Entry, { steps, awards: [] });
}

/** Mails each owner of an award's listing once (the mail's id derives from the award). */
async function mailWinners(deps: Deps, award: Award): Promise<void> {
  const listing = await getListing(deps.kv, award.listing_id);
  if (!listing) return;
  const { name: site } = await getSettings(deps.kv);
  const title = `Launch of the Week #${award.place}`;
  const badges = `${deps.config.publicUrl}/listings/${listing.slug}`;
  for (const userId of new Set([listing.owner_id, ...listing.cofounder_ids])) {
    const user = userId ? await getUser(deps.kv, userId) : null;
    if (!user) continue;
    const id = await derivedMailId(
      award.awarded_at,
      `award:${award.week}:${award.place}:${user.id}`,
    );
    await sendMail(deps, {
      to: user.email,
      subject: `${listing.name} is ${title} on ${site}`,
      text: [
        `Congratulations: ${listing.name} is ${title} of ${isoWeekLabel(award.week)} on ${site},`,
        `with ${award.votes} community vote${award.votes === 1 ? "" : "s"} during its launch week.`,
        "",
        `Its award badge is ready to embed (get_badges, kind lotw-${award.week}-${award.place}):`,
        badges,
      ].join("\n"),
    }, { id });
  }
}
