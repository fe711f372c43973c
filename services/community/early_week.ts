/**
 * A new launch week's first hours: its launches are shown in a random order, drawn anew for each
 * request, with their vote counts hidden, so that early visitors judge the products rather than
 * the first votes (a large peer found this doubled early votes for all launches). Votes still
 * count from the week's first second; only the showing waits.
 */
import { mondayOf } from "../platform/weeks.ts";

/** For this many hours from Monday 00:00 UTC, the week's launch lists are shuffled, counts hidden. */
export const EARLY_WEEK_HOURS = 6;

/** Whether `now` is in the first EARLY_WEEK_HOURS hours of the launch week `week` (a Monday). */
export function inEarlyHours(week: string, now: Date): boolean {
  if (mondayOf(now) !== week) return false;
  return now.getTime() - Date.parse(`${week}T00:00:00Z`) < EARLY_WEEK_HOURS * 3_600_000;
}

/** A copy of `items` in a random order (Fisher-Yates with crypto randomness). */
export function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  const random = new Uint32Array(Math.max(1, out.length));
  crypto.getRandomValues(random);
  for (let i = out.length - 1; i > 0; i--) {
    const j = random[i] % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
