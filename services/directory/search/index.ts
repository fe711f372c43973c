/**
 * The in-memory, typo-tolerant search index over live and scheduled listings.
 *
 * Why not a library: DESIGN.md ("Search must stay fast…") measured MiniSearch at 100,000 listings
 * at a p95 of 0.7 s and 1.3 GB. This index is built for that size:
 *
 * - Documents live in numbered slots with per-slot data in typed arrays; a replaced or removed
 *   listing only marks its slot dead, and when a quarter of the slots are dead the index compacts
 *   itself (index_state.ts, slots.ts, compaction.ts).
 * - Postings (slot, weighted term frequency, field bits) are appended to per-term chains of blocks
 *   in shared Int32Arrays, so there is no object per term or per posting, and each chain is in
 *   slot order (terms.ts, posting_chains.ts).
 * - Each query term is corrected once against the vocabulary through a deletion neighbourhood
 *   (SymSpell), matched in its other forms and, when last, as a prefix (term_variants.ts); words
 *   typed joined or split are read both ways (query_plan.ts).
 * - Scoring is BM25 over field-weighted frequencies with bonuses for name hits and for the
 *   query's words in the name, keywords or tagline; terms combine with AND, falling back to OR
 *   when AND finds nothing (scoring.ts). Phrases are rewarded and a bounded heap keeps only the
 *   requested page's worth of results (ranking.ts).
 *
 * The whole index is written to and read from a snapshot (index_snapshot.ts; kept in KV by
 * snapshot.ts). Loading from KV and following writes are in load.ts; tokens and typo
 * neighbourhoods in text.ts.
 */
import type { ListingSummary } from "../summary.ts";
import type { SnapshotWriter } from "./codec.ts";
import { compactIfSparse } from "./compaction.ts";
import {
  addDoc,
  emptyIndexState,
  type IndexState,
  LIST_SLICE_POSTINGS,
  listSome,
  removeDoc,
} from "./index_state.ts";
import { readIndexSnapshot, writeIndexSnapshot } from "./index_snapshot.ts";
import { planQuery } from "./query_plan.ts";
import { rankMatches } from "./ranking.ts";
import { Scorer, type TextMatches } from "./scoring.ts";
import type { Filter } from "./slots.ts";
import type { LoadSession, SearchCounts, SearchDoc, SearchFilters, SearchQuery } from "./types.ts";

/** The in-memory search index; see the module documentation for its design. */
export class SearchIndex {
  /** Resolves when loading finished; search() callers await it. */
  ready: Promise<void> = Promise.resolve();

  #state: IndexState = emptyIndexState();
  #scorer = new Scorer();
  #loading: LoadSession | null = null;
  #version = 0;

  /** Changes whenever an answer may change (a listing, a count or the whole index replaced). */
  get version(): number {
    return this.#version;
  }

  /** Number of indexed listings (live and scheduled). */
  get size(): number {
    return this.#state.liveCount;
  }

  /** Inserts or replaces a listing; statuses other than live and scheduled remove it. */
  upsert(doc: SearchDoc): void {
    this.#loading?.touched.add(doc.id);
    this.#put(doc);
  }

  /** Removes a listing (no-op when absent). */
  remove(id: number): void {
    this.#loading?.touched.add(id);
    this.#kill(id);
  }

  /** Sets a listing's vote, view or follow count. */
  updateCounts(id: number, counts: SearchCounts): void {
    // While loading, remember the newest counts so the loader's older reads do not replace them.
    const loading = this.#loading;
    if (loading && !loading.touched.has(id)) {
      loading.counts.set(id, { ...loading.counts.get(id), ...counts });
    }
    const slot = this.#state.slotOf.get(id);
    if (slot === undefined) return;
    const slots = this.#state.slots.columns;
    this.#version++;
    if (counts.votes !== undefined) slots.votes[slot] = counts.votes;
    if (counts.views !== undefined) slots.views[slot] = counts.views;
    if (counts.follows !== undefined) slots.follows[slot] = counts.follows;
  }

  /** The summary of an indexed listing. */
  summary(id: number): ListingSummary | undefined {
    const slot = this.#state.slotOf.get(id);
    return slot === undefined ? undefined : this.#summaryOf(slot);
  }

  /** Starts a loading pass (for loadSearchIndex; other code uses upsert). */
  beginLoad(): LoadSession {
    const session = { touched: new Set<number>(), counts: new Map<number, SearchCounts>() };
    this.#loading = session;
    return session;
  }

  /** Adds a document read by a loading pass, unless other code wrote that listing meanwhile. */
  loadDoc(session: LoadSession, doc: SearchDoc): void {
    if (session.touched.has(doc.id)) return;
    const counts = session.counts.get(doc.id);
    this.#put(counts ? { ...doc, ...counts } : doc);
  }

  /** Ends a loading pass and prepares the vocabulary for prefix queries. */
  endLoad(session: LoadSession): void {
    if (this.#loading === session) this.#loading = null;
    this.#state.terms.sortPrefixes();
  }

  /** All summaries matching the filters (status "live" unless given), by id: for other views. */
  list(filters: SearchFilters = {}): ListingSummary[] {
    const filter = this.#state.slots.filter({ status: "live", ...filters });
    if (!filter) return [];
    const out = new Int32Array(this.#state.slotCount);
    const count = this.#filtered(filter, out);
    const ids = this.#state.slots.columns.ids;
    return Array.from(out.subarray(0, count)).sort((a, b) => ids[a] - ids[b])
      .map((slot) => this.#summaryOf(slot));
  }

  /**
   * The category values starting with `prefix` (tags: `tag:`) that indexed listings carry: how
   * many live and scheduled listings carry each, and the id of the most voted one.
   */
  tally(prefix: string): { value: string; live: number; scheduled: number; top_id: number }[] {
    const ids = this.#state.slots.columns.ids;
    return this.#state.slots.tally(this.#state.slotCount, prefix).map((t) => ({
      value: t.value,
      live: t.live,
      scheduled: t.scheduled,
      top_id: ids[t.topSlot],
    }));
  }

  /** Full-text search with filters, a sort and a page; `total` counts every match. */
  search(
    query: SearchQuery,
    options: { trending?: Map<number, number> } = {},
  ): { items: ListingSummary[]; total: number } {
    const perPage = Math.max(1, Math.floor(query.per_page));
    const start = (Math.max(1, Math.floor(query.page)) - 1) * perPage;
    const filter = this.#state.slots.filter(query);
    if (!filter) return { items: [], total: 0 };
    this.#scorer.ensure(this.#state.slots.columns.ids.length);
    const groups = planQuery(this.#state.terms, query.q);
    try {
      const matches = groups
        ? this.#scorer.textMatches(this.#state, groups, filter)
        : this.#browse(filter);
      const sort = query.sort === "relevance" && !groups ? "votes" : query.sort;
      const ranked = rankMatches(this.#state, this.#scorer, {
        matches,
        sort,
        groups,
        limit: start + perPage,
        trending: options.trending,
      });
      return {
        items: ranked.slice(start).map((slot) => this.#summaryOf(slot)),
        total: matches.count,
      };
    } finally {
      this.#scorer.reset();
    }
  }

  /** Every slot passing the filter, in the scorer's buffer: the matches of a query of no words. */
  #browse(filter: Filter): TextMatches {
    const candidates = this.#scorer.touched;
    return { candidates, count: this.#filtered(filter, candidates), meanIdf: 0 };
  }

  /**
   * Writes the whole index (slots, summaries, vocabulary) to a snapshot; dead slots
   * stay (numbered as they are) but their postings are left out.
   */
  writeSnapshot(out: SnapshotWriter): void {
    writeIndexSnapshot(this.#state, out);
  }

  /**
   * Replaces the whole index with a snapshot's (built aside, installed only when whole), a
   * section at a time with `pause` between (so that requests are answered meanwhile).
   */
  async readSnapshot(
    chunks: Uint8Array[],
    pause: () => Promise<void> = () => Promise.resolve(),
  ): Promise<void> {
    this.#state = await readIndexSnapshot(chunks, pause);
    this.#scorer = new Scorer();
    this.#scorer.ensure(this.#state.slots.columns.ids.length);
    this.#version++;
  }

  /**
   * Builds the term lists of a snapshot's slots (which removals need) a slice at a time, with
   * `pause` between (a slice: about `slice` postings); stops early when the index is replaced
   * meanwhile. Answers are unchanged.
   */
  async listTerms(pause: () => Promise<void>, slice = LIST_SLICE_POSTINGS): Promise<void> {
    const state = this.#state;
    while (this.#state === state && !listSome(state, slice)) await pause();
  }

  #put(doc: SearchDoc): void {
    this.#kill(doc.id);
    this.#version++;
    addDoc(this.#state, doc);
  }

  #kill(id: number): void {
    if (removeDoc(this.#state, id)) compactIfSparse(this.#state);
  }

  /** Writes the slots passing a filter into `out`; returns their number (a domain: one read). */
  #filtered(filter: Filter, out: Int32Array): number {
    const { slots, slotCount } = this.#state;
    if (filter.domain >= 0) {
      const slot = slots.slotOfDomain(filter.domain);
      if (slot < 0 || !slots.matches(slot, filter)) return 0;
      out[0] = slot;
      return 1;
    }
    let count = 0;
    for (let slot = 0; slot < slotCount; slot++) {
      if (slots.matches(slot, filter)) out[count++] = slot;
    }
    return count;
  }

  #summaryOf(slot: number): ListingSummary {
    return this.#state.summaries.get(slot, this.#state.slots.columns.votes[slot]);
  }
}
