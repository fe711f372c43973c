/**
 * What choosing the free plan would give a listing now: the earliest week of the free queue
 * window with a free slot and the place in that week's queue, read from the week ledger without
 * reserving anything.
 */
import { FreeWeekLedger } from "../../kv/publishing.ts";
import type { Deps } from "../platform/deps.ts";
import { getSettings } from "../platform/settings.ts";
import { isoWeekLabel } from "../platform/weeks.ts";
import { freeQueueWeeks } from "./free_queue.ts";

/** The week a free listing would get now, or `week: null` when every week of the window is full. */
export interface FreeWeekPreview {
  week: string | null;
  iso_week: string | null;
  /** The 1-based place it would take in that week's queue. */
  queue_position: number | null;
  slots_per_week: number;
  window_weeks: { min: number; max: number };
  /** The window's first and last Mondays. */
  window: { first: string; last: string };
}

/** The earliest free week of the window at `deps.now()` and the queue position it would give. */
export async function freeWeekPreview(deps: Deps): Promise<FreeWeekPreview> {
  const settings = await getSettings(deps.kv);
  const weeks = freeQueueWeeks(settings, deps.now());
  const ledger = new FreeWeekLedger(deps.kv);
  await ledger.load(weeks);
  const week = weeks.find((w) => ledger.reserved(w) < settings.free_slots_per_week) ?? null;
  return {
    week,
    iso_week: week ? isoWeekLabel(week) : null,
    queue_position: week ? ledger.reserved(week) + 1 : null,
    slots_per_week: settings.free_slots_per_week,
    window_weeks: { min: settings.free_queue_min_weeks, max: settings.free_queue_max_weeks },
    window: { first: weeks[0], last: weeks[weeks.length - 1] },
  };
}
