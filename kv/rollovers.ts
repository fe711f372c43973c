/**
 * Weekly rollover records: one per week (its Monday), created with `check({ versionstamp: null })`
 * by the run that claims the week, then moved step by step (each write checked against the version
 * its writer read), so two runs never roll a week over at once and a crashed run can be resumed.
 */
import * as keys from "./keys.ts";
import type { Award } from "./types.ts";

/** A step of a week's rollover, in the order they run. */
export type RolloverStep = "live" | "awards" | "mails";

/** The record of one week's rollover. */
export interface RolloverRecord {
  /** Monday (`YYYY-MM-DD`) of the week that begins. */
  week: string;
  /** The run holding the week; another run may take it over once `lease_until` has passed. */
  run_id: string;
  lease_until: string;
  started_at: string;
  /** Steps already done (each also safe to repeat). */
  steps: RolloverStep[];
  /** The scheduled listings this rollover puts live, fixed before the first one moves. */
  live_ids: number[] | null;
  /** Awards of the week that ended, when this rollover decided them (their winners are mailed). */
  awards: Award[];
  done_at: string | null;
}

/** The rollover record of the latest week that has one, or null before the first rollover. */
export async function getLatestRollover(
  kv: Deno.Kv,
): Promise<Deno.KvEntry<RolloverRecord> | null> {
  for await (
    const e of kv.list<RolloverRecord>({ prefix: keys.rolloversPrefix() }, {
      reverse: true,
      limit: 1,
    })
  ) {
    return e;
  }
  return null;
}

/** The rollover record of a week (value null when the week was never claimed). */
export async function getRollover(
  kv: Deno.Kv,
  week: string,
): Promise<Deno.KvEntryMaybe<RolloverRecord>> {
  return await kv.get<RolloverRecord>(keys.rolloverKey(week));
}

/** Every rollover record, oldest week first. */
export async function listRollovers(kv: Deno.Kv): Promise<RolloverRecord[]> {
  const out: RolloverRecord[] = [];
  for await (const e of kv.list<RolloverRecord>({ prefix: keys.rolloversPrefix() })) {
    out.push(e.value);
  }
  return out;
}

/** Creates a week's record if no run claimed the week yet: the new entry, or null. */
export async function claimRollover(
  kv: Deno.Kv,
  record: RolloverRecord,
): Promise<Deno.KvEntry<RolloverRecord> | null> {
  const key = keys.rolloverKey(record.week);
  const res = await kv.atomic().check({ key, versionstamp: null }).set(key, record).commit();
  return res.ok ? { key, value: record, versionstamp: res.versionstamp } : null;
}

/** Replaces a week's record if it is still the version of `entry` (null when another run changed it). */
export async function saveRollover(
  kv: Deno.Kv,
  entry: Deno.KvEntry<RolloverRecord>,
  next: RolloverRecord,
): Promise<Deno.KvEntry<RolloverRecord> | null> {
  const op = kv.atomic();
  stageRollover(op, entry, next);
  const res = await op.commit();
  return res.ok ? { key: entry.key, value: next, versionstamp: res.versionstamp } : null;
}

/** Adds to `op` the write of a week's record, checked against `entry`. */
export function stageRollover(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntry<RolloverRecord>,
  next: RolloverRecord,
): void {
  op.check(entry).set(entry.key, next);
}
