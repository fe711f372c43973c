/**
 * Compaction of the search index: once a quarter of the slots (and at least 1,024) are dead, the
 * live slots are renumbered in order, their term lists copied, and every posting chain rewritten
 * without the dead slots' postings.
 */
import { Chunks, LONG_CHUNK_BITS } from "./arrays.ts";
import { type IndexState, listAll } from "./index_state.ts";

const MIN_DEAD_TO_COMPACT = 1024;

/** Compacts the index when a quarter of its slots are dead; returns whether it did. */
export function compactIfSparse(state: IndexState): boolean {
  if (state.deadCount < MIN_DEAD_TO_COMPACT || state.deadCount * 4 < state.slotCount) return false;
  compact(state);
  return true;
}

/** Drops dead slots: renumbers the live ones in order and rewrites every posting chain. */
function compact(state: IndexState): void {
  // The lists of a restored snapshot's slots come from the postings, which still hold the old
  // slot numbers: build them before the slots are renumbered.
  listAll(state);
  const oldCount = state.slotCount;
  const remap = state.slots.compact(oldCount);
  const slots = state.slots.columns;
  const oldLists = state.termLists;
  const lists = state.termLists = new Chunks(LONG_CHUNK_BITS);
  let count = 0;
  for (let slot = 0; slot < oldCount; slot++) {
    const to = remap[slot];
    if (to < 0) continue;
    count++;
    state.summaries.move(slot, to);
    state.slotOf.set(slots.ids[to], to);
    const termCount = slots.termCount[to];
    const copy = lists.allocate(termCount);
    lists.view(copy, termCount).set(oldLists.view(slots.termStart[to], termCount));
    slots.termStart[to] = copy;
  }
  state.summaries.truncate(count);
  state.slotCount = count;
  state.deadCount = 0;
  state.terms.compact(remap);
}
