/**
 * The free queue: per week, the slots taken and the reservations in order; per listing, its free
 * plan (reservation and last badge check). Every write here is added to the atomic operation that
 * changes the listing (see `updateListingState` in listings.ts), checked against the entries read.
 */
import * as keys from "./keys.ts";
import { getManyValues } from "./read.ts";
import type { FreePlan, FreeReservation, FreeWeek } from "./types.ts";

const EMPTY_WEEK: FreeWeek = { reserved: 0, next_seq: 1 };

/** A listing's free plan with its versionstamp (value null when it never chose the free plan). */
export async function getFreePlanEntry(
  kv: Deno.Kv,
  id: number,
): Promise<Deno.KvEntryMaybe<FreePlan>> {
  return await kv.get<FreePlan>(keys.freePlanKey(id));
}

/** Several listings' free plans, in order (null where none). */
export async function getFreePlans(kv: Deno.Kv, ids: number[]): Promise<(FreePlan | null)[]> {
  return await getManyValues<FreePlan>(kv, ids.map(keys.freePlanKey));
}

/** The free-queue records of some weeks, with their versionstamps, in order. */
export async function getFreeWeekEntries(
  kv: Deno.Kv,
  weeks: string[],
): Promise<Deno.KvEntryMaybe<FreeWeek>[]> {
  const out: Deno.KvEntryMaybe<FreeWeek>[] = [];
  for (let i = 0; i < weeks.length; i += 10) {
    out.push(...await kv.getMany<FreeWeek[]>(weeks.slice(i, i + 10).map(keys.freeWeekKey)));
  }
  return out;
}

/** A week's reservations in reservation order: `{ seq, id }`. */
export async function listFreeWeekQueue(
  kv: Deno.Kv,
  week: string,
): Promise<{ seq: number; id: number }[]> {
  const out: { seq: number; id: number }[] = [];
  for await (const e of kv.list<number>({ prefix: keys.freeWeekQueuePrefix(week) })) {
    out.push({ seq: e.key[2] as number, id: e.value });
  }
  return out;
}

/** Adds the (checked) write of a listing's free plan to `op`. */
export function writeFreePlan(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntryMaybe<FreePlan>,
  plan: FreePlan,
): void {
  op.check(entry).set(keys.freePlanKey(plan.listing_id), plan);
}

interface LedgerWeek {
  entry: Deno.KvEntryMaybe<FreeWeek>;
  value: FreeWeek;
  added: { seq: number; id: number }[];
  removed: { seq: number; id: number }[];
}

/**
 * The free-queue weeks one atomic write reads and changes: slots are taken and released in
 * memory, then `apply` adds to the operation a check of every week read (so that two writers
 * racing for the last slot cannot both take it) and the new counts and queue entries.
 */
export class FreeWeekLedger {
  #weeks = new Map<string, LedgerWeek>();

  constructor(private readonly kv: Deno.Kv) {}

  /** Reads the weeks not read yet. */
  async load(weeks: string[]): Promise<void> {
    const missing = weeks.filter((w) => !this.#weeks.has(w));
    const entries = await getFreeWeekEntries(this.kv, missing);
    missing.forEach((week, i) => {
      const entry = entries[i];
      this.#weeks.set(week, {
        entry,
        value: { ...(entry.value ?? EMPTY_WEEK) },
        added: [],
        removed: [],
      });
    });
  }

  /** Slots taken in a loaded week. */
  reserved(week: string): number {
    return this.#week(week).value.reserved;
  }

  /** Takes a slot of a loaded week for listing `id` (the caller checked that one is free). */
  take(week: string, id: number, at: Date): FreeReservation {
    const w = this.#week(week);
    const reservation = { week, seq: w.value.next_seq, reserved_at: at.toISOString() };
    w.value = { reserved: w.value.reserved + 1, next_seq: w.value.next_seq + 1 };
    w.added.push({ seq: reservation.seq, id });
    return reservation;
  }

  /** Gives back the slot of a reservation (its week is loaded first). */
  async release(reservation: FreeReservation, id: number): Promise<void> {
    await this.load([reservation.week]);
    const w = this.#week(reservation.week);
    w.value = { reserved: Math.max(0, w.value.reserved - 1), next_seq: w.value.next_seq };
    w.removed.push({ seq: reservation.seq, id });
  }

  /** Adds the checks of the weeks read and the writes of the weeks changed to `op`. */
  apply(op: Deno.AtomicOperation): void {
    for (const [week, w] of this.#weeks) {
      op.check(w.entry);
      if (w.added.length === 0 && w.removed.length === 0) continue;
      op.set(keys.freeWeekKey(week), w.value);
      for (const r of w.removed) op.delete(keys.freeWeekQueueKey(week, r.seq, r.id));
      for (const a of w.added) op.set(keys.freeWeekQueueKey(week, a.seq, a.id), a.id);
    }
  }

  #week(week: string): LedgerWeek {
    const w = this.#weeks.get(week);
    if (!w) throw new Error(`Free queue week ${week} was not loaded`);
    return w;
  }
}
