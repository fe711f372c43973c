/**
 * The free queue: a free listing's launch week, reserved in the window the site settings give
 * (`free_queue_min_weeks` to `free_queue_max_weeks` ISO weeks ahead), at most
 * `free_slots_per_week` per week. Every change of a free listing (its status, week, reservation
 * and badge check) is one atomic write with the week counters it touches, checked against the
 * versions read, so two founders racing for a week's last slot get it once: the other one's write
 * fails, is read again and takes the next week.
 */
import { FreeWeekLedger, getFreePlanEntry, writeFreePlan } from "../../kv/publishing.ts";
import { updateListingState } from "../../kv/listings.ts";
import type {
  FreePlan,
  FreeReservation,
  Listing,
  ListingStatus,
  SiteSettings,
} from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { addWeeks, mondayOf } from "../platform/weeks.ts";

/** A change of state the founders are told about by mail. */
export type FreeEvent =
  | { type: "scheduled"; week: string }
  | { type: "badge_gone"; week: string }
  | { type: "week_lost"; week: string };

/** What a decision makes of a free listing; null leaves it as it is. */
export interface FreeDecision {
  status: ListingStatus;
  launch_week: string | null;
  plan: FreePlan;
  events: FreeEvent[];
}

/** What a decision sees: the listing, its free plan (null before the first) and the week ledger. */
export interface FreeState {
  listing: Listing;
  plan: FreePlan | null;
  ledger: FreeWeekLedger;
}

/** A committed change: the listing and plan as written, and the events to mail. */
export interface FreeCommit {
  listing: Listing;
  plan: FreePlan;
  events: FreeEvent[];
}

/** The Mondays of the free queue window at `now`, earliest first. */
export function freeQueueWeeks(
  settings: Pick<SiteSettings, "free_queue_min_weeks" | "free_queue_max_weeks">,
  now: Date,
): string[] {
  const current = mondayOf(now);
  const weeks: string[] = [];
  for (let n = settings.free_queue_min_weeks; n <= settings.free_queue_max_weeks; n++) {
    weeks.push(addWeeks(current, n));
  }
  return weeks;
}

/** Takes a slot in the earliest window week that has one, or returns null when all are full. */
export async function reserveEarliestWeek(
  ledger: FreeWeekLedger,
  settings: SiteSettings,
  id: number,
  now: Date,
): Promise<FreeReservation | null> {
  const weeks = freeQueueWeeks(settings, now);
  await ledger.load(weeks);
  const week = weeks.find((w) => ledger.reserved(w) < settings.free_slots_per_week);
  return week ? ledger.take(week, id, now) : null;
}

/** A new free plan record for a listing. */
export function newFreePlan(id: number, now: Date): FreePlan {
  return {
    listing_id: id,
    reservation: null,
    badge_check: null,
    lost_week: null,
    chosen_at: now.toISOString(),
  };
}

/**
 * Decides and commits one change of a free listing: `decide` sees the current state (read again
 * on every retry) and returns the next, or null to write nothing. The listing, its free plan and
 * the weeks of the ledger go in one atomic write; `seal` adds to it (e.g. an idempotent answer).
 * Returns null when nothing was written.
 */
export async function commitFreeChange(
  deps: Deps,
  id: number,
  decide: (state: FreeState) => Promise<FreeDecision | null>,
  seal?: (op: Deno.AtomicOperation, commit: FreeCommit) => Promise<void>,
): Promise<FreeCommit | null> {
  // The last attempt's reads and decision (updateListingState retries on a conflict).
  const attempt: {
    entry?: Deno.KvEntryMaybe<FreePlan>;
    ledger?: FreeWeekLedger;
    decision: FreeDecision | null;
  } = { decision: null };
  const state = await updateListingState(
    deps.kv,
    id,
    async (current) => {
      const entry = await getFreePlanEntry(deps.kv, id);
      const ledger = new FreeWeekLedger(deps.kv);
      const decision = await decide({ listing: current.listing, plan: entry.value, ledger });
      Object.assign(attempt, { entry, ledger, decision });
      if (!decision) return null;
      const before = current.listing;
      const changed = before.status !== decision.status || before.plan !== "free" ||
        before.launch_week !== decision.launch_week;
      const listing: Listing = {
        ...before,
        status: decision.status,
        plan: "free",
        launch_week: decision.launch_week,
        updated_at: changed ? deps.now().toISOString() : before.updated_at,
      };
      // An unchanged listing still commits: the plan and the weeks are written beside it.
      return { listing, stats: current.stats };
    },
    async (op, _before, after) => {
      const decision = attempt.decision!;
      writeFreePlan(op, attempt.entry!, decision.plan);
      attempt.ledger!.apply(op);
      await seal?.(op, { listing: after.listing, plan: decision.plan, events: decision.events });
    },
  );
  // A null decision in the last attempt wrote nothing; otherwise that attempt committed.
  const decision = attempt.decision;
  if (!state || !decision) return null;
  return { listing: state.listing, plan: decision.plan, events: decision.events };
}

/**
 * Stages giving back a listing's free-queue week (for a write that moves the listing off the free
 * queue, e.g. a paid launch). Returns null when it holds no week; else `apply` adds the checked
 * slot release and the plan without its reservation to the listing's atomic write.
 */
export async function stageFreeWeekRelease(
  kv: Deno.Kv,
  id: number,
): Promise<{ week: string; apply: (op: Deno.AtomicOperation) => void } | null> {
  const entry = await getFreePlanEntry(kv, id);
  const reservation = entry.value?.reservation;
  if (!entry.value || !reservation) return null;
  const ledger = new FreeWeekLedger(kv);
  await ledger.release(reservation, id);
  const plan: FreePlan = { ...entry.value, reservation: null };
  return {
    week: reservation.week,
    apply: (op) => {
      writeFreePlan(op, entry, plan);
      ledger.apply(op);
    },
  };
}
