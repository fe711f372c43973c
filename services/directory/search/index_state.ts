/**
 * The search index's documents and how a write changes them. Documents live in numbered slots;
 * per-slot data (filters, counts, dates) sits in typed arrays (slots.ts). A replaced or removed
 * listing only marks its slot dead (its postings are skipped until compaction: compaction.ts).
 * A document's fields are tokenized into the vocabulary with a weight each (name 5, keywords 3,
 * tagline 2, description 1) and field bits; a name of two or three words is also indexed as one
 * word.
 */
import { Chunks, LONG_CHUNK_BITS } from "./arrays.ts";
import { Slots, STATUS_DEAD, STATUS_LIVE, STATUS_SCHEDULED } from "./slots.ts";
import { Summaries } from "./summaries.ts";
import { TermListBuild } from "./term_lists.ts";
import { Terms } from "./terms.ts";
import { tokenize } from "./text.ts";
import type { SearchDoc } from "./types.ts";

/** The field bits of a posting. */
export const FIELD_NAME = 1;
export const FIELD_KEYWORDS = 2;
export const FIELD_TAGLINE = 4;
export const FIELD_DESCRIPTION = 8;
const WEIGHT_NAME = 5;
const WEIGHT_KEYWORDS = 3;
const WEIGHT_TAGLINE = 2;
const WEIGHT_DESCRIPTION = 1;
const MAX_JOINED_NAME_WORDS = 3;
/** Postings a slice of the term-list build reads (see docs: ~20 ms at 1,000,000 listings). */
export const LIST_SLICE_POSTINGS = 1 << 17;

/** Everything the index holds about its documents (a snapshot replaces it whole). */
export interface IndexState {
  /** Slots: one per indexed version of a listing. */
  slotCount: number;
  liveCount: number;
  deadCount: number;
  slotOf: Map<number, number>;
  slots: Slots;
  /** Each slot's term ids, so that removing it can update document frequencies. */
  termLists: Chunks;
  /**
   * The slots below this (an installed snapshot's) have no term list yet: a removal finds their
   * terms by scanning the postings (`termsOfSlot`) until the build, a slice at a time
   * (`listSome`), or a compaction (`listAll`) listed them all.
   */
  unlistedBelow: number;
  /** The term-list build under way, if any. */
  listing: TermListBuild | null;
  summaries: Summaries;
  totalLength: number;
  terms: Terms;
}

/** An index with no documents. */
export function emptyIndexState(): IndexState {
  return {
    slotCount: 0,
    liveCount: 0,
    deadCount: 0,
    slotOf: new Map(),
    slots: new Slots(),
    termLists: new Chunks(LONG_CHUNK_BITS),
    unlistedBelow: 0,
    listing: null,
    summaries: new Summaries(),
    totalLength: 0,
    terms: new Terms(),
  };
}

/** Writes a document into a new slot (a listing neither live nor scheduled is not indexed). */
export function addDoc(state: IndexState, doc: SearchDoc): void {
  const status = doc.status === "live"
    ? STATUS_LIVE
    : doc.status === "scheduled"
    ? STATUS_SCHEDULED
    : STATUS_DEAD;
  if (status === STATUS_DEAD) return;
  const slot = state.slotCount++;
  state.slots.write(slot, doc, status);
  state.slotOf.set(doc.id, slot);
  state.liveCount++;
  state.summaries.set(slot, doc);
  const slots = state.slots.columns;
  const [nameLength, length] = addFields(state.terms, doc);
  slots.nameLength[slot] = Math.min(nameLength, 0xffff);
  slots.length[slot] = length;
  state.totalLength += length;
  const terms = state.terms.documentTerms;
  const list = state.termLists.allocate(terms.length);
  state.termLists.view(list, terms.length).set(terms);
  slots.termStart[slot] = list;
  slots.termCount[slot] = terms.length;
  for (const term of terms) state.terms.addPosting(term, slot);
}

/** Collects a document's terms in the vocabulary; returns [name length, total length]. */
function addFields(vocabulary: Terms, doc: SearchDoc): [number, number] {
  vocabulary.beginDocument();
  const nameLength = vocabulary.addField(doc.name, WEIGHT_NAME, FIELD_NAME);
  // A name of a few words is also found typed as one ("Recipebox" finds "Recipe Box").
  const words = tokenize(doc.name);
  if (words.length > 1 && words.length <= MAX_JOINED_NAME_WORDS) {
    vocabulary.addField(words.join(""), WEIGHT_NAME, FIELD_NAME);
  }
  let length = nameLength;
  for (const keyword of doc.keywords) {
    length += vocabulary.addField(keyword, WEIGHT_KEYWORDS, FIELD_KEYWORDS);
  }
  length += vocabulary.addField(doc.tagline, WEIGHT_TAGLINE, FIELD_TAGLINE);
  length += vocabulary.addField(doc.description, WEIGHT_DESCRIPTION, FIELD_DESCRIPTION);
  return [nameLength, length];
}

/** Marks a listing's slot dead and uncounts its terms; false when it is not indexed. */
export function removeDoc(state: IndexState, id: number): boolean {
  const slot = state.slotOf.get(id);
  if (slot === undefined) return false;
  const terms = termsOfSlot(state, slot);
  const slots = state.slots.columns;
  state.slotOf.delete(id);
  slots.status[slot] = STATUS_DEAD;
  state.summaries.clear(slot);
  state.liveCount--;
  state.deadCount++;
  state.totalLength -= slots.length[slot];
  for (let k = 0; k < terms.length; k++) state.terms.removePosting(terms[k]);
  return true;
}

/**
 * A live slot's terms: its term list, or for a snapshot's slot not listed yet a scan of the
 * postings (19-28 ms at 1,000,000 listings: bounded, unlike listing every slot at once).
 */
function termsOfSlot(state: IndexState, slot: number): ArrayLike<number> {
  if (slot < state.unlistedBelow) return state.terms.termsOf(slot);
  const slots = state.slots.columns;
  return state.termLists.view(slots.termStart[slot], slots.termCount[slot]);
}

/**
 * Lists the terms of the snapshot's slots not listed yet, about `budget` postings' worth (the
 * build starts at the first call); true when all are listed.
 */
export function listSome(state: IndexState, budget = LIST_SLICE_POSTINGS): boolean {
  if (state.unlistedBelow === 0) return true;
  state.listing ??= new TermListBuild(
    state.slots.columns,
    state.terms,
    state.unlistedBelow,
    state.termLists,
  );
  if (!state.listing.step(state.slots.columns, state.terms, state.termLists, budget)) return false;
  state.listing = null;
  state.unlistedBelow = 0;
  return true;
}

/** Lists the terms of every slot not listed yet, in one step (before a compaction). */
export function listAll(state: IndexState): void {
  listSome(state, Infinity);
}
