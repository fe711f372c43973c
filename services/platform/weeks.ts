/**
 * ISO weeks, Monday to Sunday, in UTC. A week is named by its Monday as `YYYY-MM-DD`.
 */

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Formats a date as `YYYY-MM-DD` (UTC). */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Parses `YYYY-MM-DD` as a UTC date, or returns null when it is not a real calendar date. */
export function parseIsoDate(text: string): Date | null {
  const m = DATE_PATTERN.exec(text);
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return isoDate(date) === text ? date : null;
}

/** The Monday (`YYYY-MM-DD`) of the ISO week holding `date`. */
export function mondayOf(date: Date): string {
  const day = (date.getUTCDay() + 6) % 7; // Monday = 0
  const monday = new Date(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) - day * DAY_MS,
  );
  return isoDate(monday);
}

/** The Monday `weeks` weeks after (or before, when negative) the week starting `monday`. */
export function addWeeks(monday: string, weeks: number): string {
  const date = parseIsoDate(monday);
  if (!date) throw new Error(`Invalid week "${monday}": expected YYYY-MM-DD`);
  return isoDate(new Date(date.getTime() + weeks * 7 * DAY_MS));
}

/** Whole weeks from the week of `from` to the week of `to` (both Mondays). */
export function weeksBetween(from: string, to: string): number {
  return Math.round((parseIsoDate(to)!.getTime() - parseIsoDate(from)!.getTime()) / (7 * DAY_MS));
}

/** The Sunday that ends the week starting `monday`. */
export function sundayOf(monday: string): string {
  return isoDate(new Date(parseIsoDate(monday)!.getTime() + 6 * DAY_MS));
}

/** The ISO week label, e.g. `2026-W01` (the ISO year may differ from the calendar year). */
export function isoWeekLabel(monday: string): string {
  const date = parseIsoDate(monday)!;
  const thursday = new Date(date.getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  const week1Monday = parseIsoDate(mondayOf(firstThursday))!;
  const week = Math.round((date.getTime() - week1Monday.getTime()) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/**
 * Resolves a week parameter: `this`, `next`, `last`, or a date snapped to its Monday.
 * Returns null for anything else.
 */
export function resolveWeek(param: string, now: Date): string | null {
  const current = mondayOf(now);
  if (param === "this") return current;
  if (param === "next") return addWeeks(current, 1);
  if (param === "last") return addWeeks(current, -1);
  const date = parseIsoDate(param);
  return date ? mondayOf(date) : null;
}
