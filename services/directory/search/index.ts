/**
 * The in-memory, typo-tolerant search index over live and scheduled listings.
 *
 * Why not a library: DESIGN.md ("Search must stay fast…") measured MiniSearch at 100,000 listings
 * at a p95 of 0.7 s and 1.3 GB. This index is built for that size:
 *
 * - Documents live in numbered slots; per-slot data (filters, counts, dates) sits in typed arrays
 *   (slots.ts). A replaced or removed listing only marks its slot dead (its postings are skipped);
 *   when a quarter of the slots are dead the index compacts itself.
 * - Postings (slot, weighted term frequency, field bits) are appended to per-term chains of blocks
 *   in one shared Int32Array, so there is no object per term or per posting, and each chain is in
 *   slot order (terms.ts).
 * - Each query term is corrected once against the vocabulary through a deletion neighbourhood
 *   (SymSpell): the hashed deletions of every term's first 7 characters point to the term, a
 *   query term's own deletions find the candidates, and Damerau-Levenshtein verifies them (1 edit
 *   below 8 characters, 2 from 8). The last term is also matched as a prefix (the user is typing).
 * - Scoring is BM25 over field-weighted frequencies (name 5, keywords 3, tagline 2, description 1)
 *   with a bonus for name hits; exact terms weigh more than prefix completions, which weigh more
 *   than corrections. Matches whose name or tagline says the query's words side by side, in
 *   order, are rewarded (phrases.ts). A name of two or three words is also indexed as one word;
 *   a query word also matches its other forms (plural, -er/-ing/-or), and one that matches
 *   nothing is split into two known words ("uptimemonitor"). Terms combine with AND, falling
 *   back to OR when AND finds nothing, and a bounded heap keeps only the requested page's worth
 *   of results.
 *
 * Loading from KV and following writes are in load.ts; tokens and typo neighbourhoods in text.ts.
 */
import type { ListingSummary } from "../summary.ts";
import {
  CHUNK_BITS,
  CHUNK_MASK,
  Chunks,
  LONG_CHUNK_BITS,
  popcount,
  STAMP_LIMIT,
  topK,
} from "./arrays.ts";
import { SnapshotReader, SnapshotWriter } from "./codec.ts";
import { Summaries } from "./summaries.ts";
import { termListsFromPostings } from "./term_lists.ts";
import { type Filter, Slots, STATUS_DEAD, STATUS_LIVE, STATUS_SCHEDULED } from "./slots.ts";
import { BLOCK_HEADER, Terms, type Variant } from "./terms.ts";
import {
  endsInWord,
  GENERIC_WORDS,
  hasWord,
  isFuzzy,
  splitJoined,
  STOPWORDS,
  tokenize,
} from "./text.ts";
import { phraseShare, phraseTerms } from "./phrases.ts";
import { joinedTerms } from "./query_words.ts";
import type {
  LoadSession,
  SearchCounts,
  SearchDoc,
  SearchFilters,
  SearchQuery,
  SearchSort,
} from "./types.ts";

const FIELD_NAME = 1;
const FIELD_KEYWORDS = 2;
const FIELD_TAGLINE = 4;
const FIELD_DESCRIPTION = 8;
const WEIGHT_NAME = 5;
const WEIGHT_KEYWORDS = 3;
const WEIGHT_TAGLINE = 2;
const WEIGHT_DESCRIPTION = 1;

const BM25_K1 = 1.2;
const BM25_B = 0.5;
/**
 * Extra score (times the term's idf) when a term is in the name, times the share of the name the
 * query covers: naming a product ranks it first, one generic word of a longer name much less.
 */
const NAME_BONUS = 1.5;
/**
 * Extra score (times the query's mean idf) for the share of the name the query covers: the
 * product named ranks first. In idf units, so that a common word in many names weighs little.
 */
const NAME_COVER_BONUS = 2;
/**
 * Extra score (times the query's mean idf) for the share of the query's required terms found in
 * the name, keywords or tagline: a product about the query outranks the many listings that only
 * mention its words in their descriptions, even when one word is also in their name.
 */
const ABOUT_BONUS = 2;
const FOCUS_FIELDS = FIELD_NAME | FIELD_KEYWORDS | FIELD_TAGLINE;
/** Added per matched term in the OR fallback, so documents matching more terms come first. */
const OR_TERM_BONUS = 1000;
/**
 * Extra score (times the query's mean idf) for the share of the query's consecutive term pairs
 * that the name or tagline says side by side (phrases.ts).
 */
const PHRASE_BONUS = 2.5;
const PHRASE_POOL = 200;
const MAX_QUERY_TERMS = 10;
const MAX_JOINED_NAME_WORDS = 3;
/** The weight of a word typed in two when matched joined ("dash board" as "dashboard"). */
const JOINED_WORD_WEIGHT = 0.9;

const MIN_DEAD_TO_COMPACT = 1024;
/** Removals of a snapshot's slots answered by scanning the postings before its lists are built. */
const MAX_UNLISTED_SCANS = 32;

interface Group {
  variants: readonly Variant[];
  /**
   * Stopwords next to other terms, and generic words ("app", "tool") next to other content
   * words, are optional: they add to the score but need not match.
   */
  required: boolean;
  /** A content word (not a stopword): counted in the about and phrase evidence, even optional. */
  content: boolean;
}

/** The in-memory search index; see the module documentation for its design. */
export class SearchIndex {
  /** Resolves when loading finished; search() callers await it. */
  ready: Promise<void> = Promise.resolve();

  // Slots: one per indexed version of a listing.
  #slotCount = 0;
  #liveCount = 0;
  #deadCount = 0;
  #slotOf = new Map<number, number>();
  #slots = new Slots();
  /** Each slot's term ids, so that removing it can update document frequencies. */
  #termLists = new Chunks(LONG_CHUNK_BITS);
  /**
   * The slots below this (an installed snapshot's) have no term list yet: a removal finds their
   * terms by scanning the postings, until `MAX_UNLISTED_SCANS` did, or a compaction, lists them
   * all (`#termsOf`).
   */
  #unlistedBelow = 0;
  #unlistedScans = 0;
  #summaries = new Summaries();
  #totalLength = 0;
  #terms = new Terms();

  // Query scratch space, indexed by slot.
  #score = new Float32Array(0);
  #mask = new Uint16Array(0);
  #nameMask = new Uint16Array(0);
  /** Per slot, the groups found in a focus field (name, keywords, tagline). */
  #focusMask = new Uint16Array(0);
  #groupStamp = new Int32Array(0);
  #groupBest = new Float32Array(0);
  #groupNameBest = new Float32Array(0);
  /** Per slot, the sum over groups of the best name hit's weighted idf. */
  #nameScore = new Float32Array(0);
  #touched = new Int32Array(0);
  #touchedCount = 0;
  #groupTouched = new Int32Array(0);
  #key = new Float64Array(0);
  #stamp = 0;

  #loading: LoadSession | null = null;
  #version = 0;

  /** Changes whenever an answer may change (a listing, a count or the whole index replaced). */
  get version(): number {
    return this.#version;
  }

  /** Number of indexed listings (live and scheduled). */
  get size(): number {
    return this.#liveCount;
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
    const slot = this.#slotOf.get(id);
    if (slot === undefined) return;
    const slots = this.#slots.columns;
    this.#version++;
    if (counts.votes !== undefined) slots.votes[slot] = counts.votes;
    if (counts.views !== undefined) slots.views[slot] = counts.views;
    if (counts.follows !== undefined) slots.follows[slot] = counts.follows;
  }

  /** The summary of an indexed listing. */
  summary(id: number): ListingSummary | undefined {
    const slot = this.#slotOf.get(id);
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
    this.#terms.sortPrefixes();
  }

  /** All summaries matching the filters (status "live" unless given), by id: for other views. */
  list(filters: SearchFilters = {}): ListingSummary[] {
    const filter = this.#slots.filter({ status: "live", ...filters });
    if (!filter) return [];
    const out = new Int32Array(this.#slotCount);
    const count = this.#filtered(filter, out);
    const ids = this.#slots.columns.ids;
    return Array.from(out.subarray(0, count)).sort((a, b) => ids[a] - ids[b])
      .map((slot) => this.#summaryOf(slot));
  }

  /**
   * The category values starting with `prefix` (tags: `tag:`) that indexed listings carry: how
   * many live and scheduled listings carry each, and the id of the most voted one.
   */
  tally(prefix: string): { value: string; live: number; scheduled: number; top_id: number }[] {
    const ids = this.#slots.columns.ids;
    return this.#slots.tally(this.#slotCount, prefix).map((t) => ({
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
    const filter = this.#slots.filter(query);
    if (!filter) return { items: [], total: 0 };
    this.#ensureScratch();
    const groups = this.#parse(query.q);
    try {
      let candidates: Int32Array;
      let count: number;
      let meanIdf = 0;
      if (groups) {
        [candidates, count, meanIdf] = this.#textMatches(groups, filter);
      } else {
        candidates = this.#touched;
        count = this.#filtered(filter, candidates);
      }
      const sort = query.sort === "relevance" && !groups ? "votes" : query.sort;
      const key = this.#sortKey(sort, candidates, count, options.trending);
      const secondary = sort === "trending" || sort === "relevance"
        ? this.#slots.columns.votes
        : null;
      const ids = this.#slots.columns.ids;
      // Key desc, then secondary desc, then id asc.
      const before = (a: number, b: number): boolean => {
        if (key[a] !== key[b]) return key[a] > key[b];
        if (secondary && secondary[a] !== secondary[b]) return secondary[a] > secondary[b];
        return ids[a] < ids[b];
      };
      const ranked = groups && sort === "relevance"
        ? this.#rankByPhrase(groups, candidates, count, start + perPage, meanIdf, before)
        : topK(candidates, count, start + perPage, before);
      return { items: ranked.slice(start).map((slot) => this.#summaryOf(slot)), total: count };
    } finally {
      this.#resetScores();
    }
  }

  /**
   * Writes the whole index (slots, summaries, vocabulary) to a snapshot; dead slots
   * stay (numbered as they are) but their postings are left out.
   */
  writeSnapshot(out: SnapshotWriter): void {
    const count = this.#slotCount;
    for (const value of [count, this.#liveCount, this.#deadCount, this.#totalLength]) {
      out.number(value);
    }
    this.#summaries.writeSnapshot(out, count); // term lists: rebuilt from the postings
    this.#slots.writeSnapshot(out, count);
    const status = this.#slots.columns.status;
    this.#terms.writeSnapshot(out, (slot) => status[slot] !== STATUS_DEAD);
  }

  /**
   * Replaces the whole index with a snapshot's (built aside, installed only when whole), a
   * section at a time with `pause` between (so that requests are answered meanwhile).
   */
  async readSnapshot(
    chunks: Uint8Array[],
    pause: () => Promise<void> = () => Promise.resolve(),
  ): Promise<void> {
    const input = await SnapshotReader.open(chunks, pause);
    const [slotCount, liveCount, deadCount, totalLength] = [1, 2, 3, 4].map(() => input.number());
    const summaries = new Summaries();
    summaries.readSnapshot(input, slotCount);
    await pause();
    const slots = new Slots();
    slots.readSnapshot(input, slotCount);
    await pause();
    const terms = new Terms();
    terms.readSnapshot(input);
    input.end();
    await pause();
    const slotOf = new Map<number, number>();
    for (let slot = 0; slot < slotCount; slot++) {
      if (slots.columns.status[slot] !== STATUS_DEAD) slotOf.set(slots.columns.ids[slot], slot);
    }
    [this.#slotCount, this.#liveCount, this.#deadCount] = [slotCount, liveCount, deadCount];
    this.#totalLength = totalLength;
    [this.#summaries, this.#slots, this.#terms] = [summaries, slots, terms];
    [this.#termLists, this.#unlistedBelow, this.#unlistedScans] = [
      new Chunks(LONG_CHUNK_BITS),
      slotCount,
      0,
    ];
    this.#slotOf = slotOf;
    this.#score = new Float32Array(0);
    this.#version++;
  }

  /**
   * A live slot's terms: its term list, or for a snapshot's slot not listed yet a scan of the
   * postings (so a start catching up a few writes does not list them all).
   */
  #termsOf(slot: number): ArrayLike<number> {
    if (slot < this.#unlistedBelow && ++this.#unlistedScans > MAX_UNLISTED_SCANS) this.#listAll();
    if (slot < this.#unlistedBelow) return this.#terms.termsOf(slot);
    const slots = this.#slots.columns;
    return this.#termLists.view(slots.termStart[slot], slots.termCount[slot]);
  }

  /** Lists the terms of the snapshot's live slots not listed yet, from the postings. */
  #listAll(): void {
    if (this.#unlistedBelow === 0) return;
    const columns = this.#slots.columns;
    termListsFromPostings(columns, this.#terms, this.#unlistedBelow, this.#termLists);
    this.#unlistedBelow = 0;
  }

  // --- Writing -------------------------------------------------------------------------------

  #put(doc: SearchDoc): void {
    this.#kill(doc.id);
    this.#version++;
    const status = doc.status === "live"
      ? STATUS_LIVE
      : doc.status === "scheduled"
      ? STATUS_SCHEDULED
      : STATUS_DEAD;
    if (status === STATUS_DEAD) return;
    const slot = this.#slotCount++;
    this.#slots.write(slot, doc, status);
    const slots = this.#slots.columns;
    this.#slotOf.set(doc.id, slot);
    this.#liveCount++;
    this.#summaries.set(slot, doc);

    const vocabulary = this.#terms;
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
    slots.nameLength[slot] = Math.min(nameLength, 0xffff);
    slots.length[slot] = length;
    this.#totalLength += length;

    const terms = vocabulary.documentTerms;
    const list = this.#termLists.allocate(terms.length);
    this.#termLists.view(list, terms.length).set(terms);
    slots.termStart[slot] = list;
    slots.termCount[slot] = terms.length;
    for (const term of terms) vocabulary.addPosting(term, slot);
  }

  #kill(id: number): void {
    const slot = this.#slotOf.get(id);
    if (slot === undefined) return;
    const terms = this.#termsOf(slot);
    const slots = this.#slots.columns;
    this.#slotOf.delete(id);
    slots.status[slot] = STATUS_DEAD;
    this.#summaries.clear(slot);
    this.#liveCount--;
    this.#deadCount++;
    this.#totalLength -= slots.length[slot];
    for (let k = 0; k < terms.length; k++) this.#terms.removePosting(terms[k]);
    if (this.#deadCount >= MIN_DEAD_TO_COMPACT && this.#deadCount * 4 >= this.#slotCount) {
      this.#compact();
    }
  }

  /** Drops dead slots: renumbers the live ones in order and rewrites every posting chain. */
  #compact(): void {
    const oldCount = this.#slotCount;
    const remap = this.#slots.compact(oldCount);
    const slots = this.#slots.columns;
    this.#listAll();
    const oldLists = this.#termLists;
    const lists = this.#termLists = new Chunks(LONG_CHUNK_BITS);
    let count = 0;
    for (let slot = 0; slot < oldCount; slot++) {
      const to = remap[slot];
      if (to < 0) continue;
      count++;
      this.#summaries.move(slot, to);
      this.#slotOf.set(slots.ids[to], to);
      const termCount = slots.termCount[to];
      const copy = lists.allocate(termCount);
      lists.view(copy, termCount).set(oldLists.view(slots.termStart[to], termCount));
      slots.termStart[to] = copy;
    }
    this.#summaries.truncate(count);
    this.#slotCount = count;
    this.#deadCount = 0;
    this.#terms.compact(remap);
  }

  // --- Querying ------------------------------------------------------------------------------

  /** Writes the slots passing a filter into `out`; returns their number (a domain: one read). */
  #filtered(filter: Filter, out: Int32Array): number {
    if (filter.domain >= 0) {
      const slot = this.#slots.slotOfDomain(filter.domain);
      if (slot < 0 || !this.#slots.matches(slot, filter)) return 0;
      out[0] = slot;
      return 1;
    }
    let count = 0;
    for (let slot = 0; slot < this.#slotCount; slot++) {
      if (this.#slots.matches(slot, filter)) out[count++] = slot;
    }
    return count;
  }

  #ensureScratch(): void {
    const slots = this.#slots.columns.ids.length;
    if (this.#score.length < slots) {
      this.#score = new Float32Array(slots);
      this.#mask = new Uint16Array(slots);
      this.#nameMask = new Uint16Array(slots);
      this.#focusMask = new Uint16Array(slots);
      this.#groupStamp = new Int32Array(slots);
      this.#groupBest = new Float32Array(slots);
      this.#groupNameBest = new Float32Array(slots);
      this.#nameScore = new Float32Array(slots);
      this.#touched = new Int32Array(slots);
      this.#groupTouched = new Int32Array(slots);
      this.#key = new Float64Array(slots);
      this.#stamp = 0;
    }
  }

  /**
   * The query's term groups: each term's exact, prefix and corrected vocabulary terms. Stopwords
   * ("for", "the") are optional when the query has other terms, and generic words ("app",
   * "tool") when it has other content words: they add to the score only.
   */
  #parse(q: string): Group[] | null {
    let tokens = tokenize(q);
    // No words means browse; words too long to be terms match nothing.
    if (tokens.length === 0) {
      return hasWord(q) ? [{ variants: [], required: true, content: true }] : null;
    }
    let typing = endsInWord(q) ? tokens[tokens.length - 1] : null;
    tokens = tokens.slice(0, 2 * MAX_QUERY_TERMS).flatMap((token) => {
      const parts = this.#splitUnknown(token, token === typing);
      if (parts && token === typing) typing = parts[1];
      return parts ?? [token];
    });
    const unique = [...new Set(tokens)].slice(0, MAX_QUERY_TERMS);
    const content = unique.some((token) => !STOPWORDS.has(token));
    const specific = unique.some((token) => !STOPWORDS.has(token) && !GENERIC_WORDS.has(token));
    const groups = unique.map((token) => {
      if (content && STOPWORDS.has(token)) {
        return { variants: this.#terms.exact(token), required: false, content: false };
      }
      const variants = this.#terms.variants(token, token === typing);
      return { variants, required: !(specific && GENERIC_WORDS.has(token)), content: true };
    });
    this.#joinSplitWords(tokens, unique, groups);
    return groups;
  }

  /**
   * Two words typed as one ("uptimemonitor"): a query word that matches nothing, not even
   * corrected, is read as the two known words it splits into, if any.
   */
  #splitUnknown(token: string, typing: boolean): string[] | null {
    if (!isFuzzy(token) || this.#terms.variants(token, typing).length > 0) return null;
    return splitJoined(token, (word) => this.#terms.exact(word)[0]?.df ?? 0);
  }

  /**
   * A word typed in two ("dash board", "web hook"): two neighbouring required terms that form a
   * known term (or one of its forms) when joined both accept it, so a listing saying "dashboard"
   * or "webhooks" matches the two.
   */
  #joinSplitWords(tokens: string[], unique: string[], groups: Group[]): void {
    for (let k = 0; k + 1 < tokens.length; k++) {
      const pair = [unique.indexOf(tokens[k]), unique.indexOf(tokens[k + 1])];
      if (pair.some((g) => g < 0 || !groups[g].required) || pair[0] === pair[1]) continue;
      for (const joined of joinedTerms(this.#terms, tokens[k] + tokens[k + 1])) {
        // One word of a name is one name hit: the second half does not count it again.
        pair.forEach((g, half) => {
          const variant = { ...joined, weight: JOINED_WORD_WEIGHT, secondHalf: half === 1 };
          groups[g] = { ...groups[g], variants: [...groups[g].variants, variant] };
        });
      }
    }
  }

  /**
   * Scores the documents of every group; returns the filtered matches (AND, else OR). Required
   * groups are scored rarest first, and each later group only scores documents that matched all
   * the required groups before it, so a common word costs a read per posting, not a score.
   */
  #textMatches(groups: Group[], filter: Filter): [Int32Array, number, number] {
    const score = this.#score;
    const mask = this.#mask;
    let required = 0;
    let counted = 0;
    groups.forEach((group, g) => {
      if (group.required) required |= 1 << g;
      if (group.content) counted |= 1 << g;
    });
    const cost = groups.map(({ variants }) => variants.reduce((sum, v) => sum + v.df, 0));
    const order = groups.map((_, g) => g).sort((a, b) =>
      Number(groups[b].required) - Number(groups[a].required) || cost[a] - cost[b] || a - b
    );
    let idfSum = this.#scoreGroups(groups, order, true);
    const touched = this.#touched;
    const candidates = this.#groupTouched;
    let count = 0;
    for (let k = 0; k < this.#touchedCount; k++) {
      const slot = touched[k];
      if ((mask[slot] & required) === required && this.#slots.matches(slot, filter)) {
        candidates[count++] = slot;
      }
    }
    const fallback = count === 0 && popcount(required) > 1;
    if (fallback) {
      this.#resetScores();
      idfSum = this.#scoreGroups(groups, order, false);
      for (let k = 0; k < this.#touchedCount; k++) {
        const slot = touched[k];
        if ((mask[slot] & required) !== 0 && this.#slots.matches(slot, filter)) {
          candidates[count++] = slot;
        }
      }
    }
    const nameMask = this.#nameMask;
    const focusMask = this.#focusMask;
    const nameScore = this.#nameScore;
    const nameLength = this.#slots.columns.nameLength;
    const countedTerms = Math.max(1, popcount(counted));
    // The mean idf of the content terms; the about bonus goes by the share of them in a focus field.
    const meanIdf = idfSum / countedTerms;
    const about = ABOUT_BONUS * meanIdf / countedTerms;
    for (let k = 0; k < count; k++) {
      const slot = candidates[k];
      const cover = popcount(nameMask[slot]) / Math.max(nameLength[slot], groups.length);
      score[slot] += (NAME_COVER_BONUS * meanIdf + NAME_BONUS * nameScore[slot]) * cover +
        about * popcount(focusMask[slot] & counted);
      if (fallback) score[slot] += OR_TERM_BONUS * popcount(mask[slot] & required);
    }
    return [candidates, count, meanIdf];
  }

  /**
   * The first `limit` matches, phrases rewarded (phrases.ts) among the matches with every term in
   * a focus field (the only ones whose name or tagline can hold them all), or among the best
   * PHRASE_POOL of those when there are more.
   */
  #rankByPhrase(
    groups: Group[],
    candidates: Int32Array,
    count: number,
    limit: number,
    meanIdf: number,
    before: (a: number, b: number) => boolean,
  ): number[] {
    let required = 0;
    const forms: string[][] = [];
    groups.forEach((group, g) => {
      if (!group.content) return;
      if (group.required) required |= 1 << g;
      forms.push(group.variants.map((v) => this.#terms.text(v.term)));
    });
    const terms = phraseTerms(forms);
    if (!terms) return topK(candidates, count, limit, before);
    const focusMask = this.#focusMask;
    let pool = candidates.filter((slot, k) =>
      k < count && (focusMask[slot] & required) === required
    );
    if (pool.length > PHRASE_POOL) {
      pool = Int32Array.from(topK(pool, pool.length, PHRASE_POOL, before));
    }
    for (const slot of pool) {
      const { name, tagline } = this.#summaries.get(slot, 0);
      this.#score[slot] += PHRASE_BONUS * meanIdf *
        phraseShare(terms, forms.length - 1, [name, tagline]);
    }
    return topK(candidates, count, limit, before);
  }

  /**
   * Adds each group's best variant score to the documents it matches, in `order`; with `all`,
   * documents missing a required group scored before are skipped. Returns the content groups'
   * summed idf.
   */
  #scoreGroups(groups: Group[], order: number[], all: boolean): number {
    const score = this.#score;
    const mask = this.#mask;
    const nameMask = this.#nameMask;
    const focusMask = this.#focusMask;
    const groupStamp = this.#groupStamp;
    const groupBest = this.#groupBest;
    const groupNameBest = this.#groupNameBest;
    const nameScore = this.#nameScore;
    const touched = this.#touched;
    const groupTouched = this.#groupTouched;
    const status = this.#slots.columns.status;
    const length = this.#slots.columns.length;
    const chunks = this.#terms.postingChunks;
    const head = this.#terms.head;
    const documents = Math.max(1, this.#liveCount);
    const averageLength = Math.max(1, this.#totalLength / documents);
    let idfSum = 0;
    // The required groups scored so far: with `all`, a document must have every one of them.
    let need = 0;
    for (const g of order) {
      const { variants, required: isRequired } = groups[g];
      const bit = 1 << g;
      if (this.#stamp >= STAMP_LIMIT) {
        this.#groupStamp.fill(0);
        this.#stamp = 0;
      }
      const stamp = ++this.#stamp;
      let groupCount = 0;
      let groupIdf = 0;
      for (const { term, weight, df, secondHalf } of variants) {
        const base = weight * Math.log(1 + (documents - df + 0.5) / (df + 0.5));
        groupIdf = Math.max(groupIdf, base);
        for (let b = head[term]; b >= 0;) {
          const pool = chunks[b >>> CHUNK_BITS];
          const start = b & CHUNK_MASK;
          const end = start + BLOCK_HEADER + 2 * pool[start + 1];
          b = pool[start];
          for (let p = start + BLOCK_HEADER; p < end; p += 2) {
            const slot = pool[p];
            if ((mask[slot] & need) !== need || status[slot] === STATUS_DEAD) continue;
            const packed = pool[p + 1];
            const tf = packed >>> 4;
            const norm = BM25_K1 * (1 - BM25_B + BM25_B * length[slot] / averageLength);
            const value = base * tf * (BM25_K1 + 1) / (tf + norm);
            const name = packed & FIELD_NAME && !secondHalf ? base : 0;
            if (name) nameMask[slot] |= bit;
            if (packed & FOCUS_FIELDS) focusMask[slot] |= bit;
            if (groupStamp[slot] !== stamp) {
              groupStamp[slot] = stamp;
              groupBest[slot] = value;
              groupNameBest[slot] = name;
              groupTouched[groupCount++] = slot;
            } else {
              if (value > groupBest[slot]) groupBest[slot] = value;
              if (name > groupNameBest[slot]) groupNameBest[slot] = name;
            }
          }
        }
      }
      if (groups[g].content) idfSum += groupIdf;
      for (let k = 0; k < groupCount; k++) {
        const slot = groupTouched[k];
        if (mask[slot] === 0) touched[this.#touchedCount++] = slot;
        mask[slot] |= bit;
        score[slot] += groupBest[slot];
        nameScore[slot] += groupNameBest[slot];
      }
      if (all && isRequired) need |= bit;
    }
    return idfSum;
  }

  #resetScores(): void {
    const touched = this.#touched;
    for (let k = 0; k < this.#touchedCount; k++) {
      const slot = touched[k];
      this.#score[slot] = 0;
      this.#mask[slot] = 0;
      this.#nameMask[slot] = 0;
      this.#focusMask[slot] = 0;
      this.#nameScore[slot] = 0;
    }
    this.#touchedCount = 0;
  }

  #sortKey(
    sort: SearchSort,
    candidates: Int32Array,
    count: number,
    trending?: Map<number, number>,
  ): Float32Array | Float64Array {
    const slots = this.#slots.columns;
    switch (sort) {
      case "relevance":
        return this.#score;
      case "votes":
        return slots.votes;
      case "most_viewed":
        return slots.views;
      case "most_followed":
        return slots.follows;
      case "newest":
        return slots.time;
      case "trending": {
        const key = this.#key;
        for (let k = 0; k < count; k++) {
          const slot = candidates[k];
          key[slot] = trending?.get(slots.ids[slot]) ?? 0;
        }
        return key;
      }
    }
  }

  #summaryOf(slot: number): ListingSummary {
    return this.#summaries.get(slot, this.#slots.columns.votes[slot]);
  }
}
