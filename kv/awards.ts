/** Launch of the Week awards, by week and by listing. */
import * as keys from "./keys.ts";
import type { Award } from "./types.ts";
import { commitListingWrite } from "./listing_changes.ts";

/**
 * Writes the awards of one week in one atomic operation; a week already awarded is left as it
 * was (returns false), so a retried rollover never awards twice. `extra` adds to the same atomic
 * operation (e.g. the rollover's record of the awards it decided).
 */
export async function putWeekAwards(
  kv: Deno.Kv,
  week: string,
  awards: Award[],
  extra?: (op: Deno.AtomicOperation) => void,
): Promise<boolean> {
  const op = kv.atomic().check({ key: keys.awardKey(week, 1), versionstamp: null });
  for (const award of awards) {
    op.set(keys.awardKey(week, award.place), award)
      .set(keys.awardByListingKey(award.listing_id, week, award.place), award);
  }
  extra?.(op);
  // Told as a write of each awarded listing (its public profile shows the award).
  return (await commitListingWrite(kv, op, awards.map((award) => award.listing_id))).ok;
}

/** Whether a week's awards were decided. */
export async function isWeekAwarded(kv: Deno.Kv, week: string): Promise<boolean> {
  return (await kv.get(keys.awardKey(week, 1))).value !== null;
}

/** Every award, newest week first, place 1 to 3 within a week. */
export async function listAwardRecords(kv: Deno.Kv): Promise<Award[]> {
  const out: Award[] = [];
  for await (const e of kv.list<Award>({ prefix: keys.awardsPrefix() }, { reverse: true })) {
    out.push(e.value);
  }
  return out.sort((a, b) => b.week.localeCompare(a.week) || a.place - b.place);
}

/** The awards of one listing, newest week first. */
export async function listAwardsOfListing(kv: Deno.Kv, id: number): Promise<Award[]> {
  const out: Award[] = [];
  for await (
    const e of kv.list<Award>({ prefix: keys.awardsByListingPrefix(id) }, { reverse: true })
  ) {
    out.push(e.value);
  }
  return out.sort((a, b) => b.week.localeCompare(a.week) || a.place - b.place);
}
