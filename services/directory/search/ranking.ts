/**
 * Ranking a query's matches: by a sort key (the score, a count, the date or a trending value),
 * then votes for relevance and trending, then id; a bounded heap keeps only the requested page's
 * worth of results. By relevance, matches whose name or tagline says the query's words side by
 * side, in order, are rewarded first (phrases.ts), and listings sharing the name the query is tie,
 * so the better known comes first.
 */
import { topK } from "./arrays.ts";
import type { IndexState } from "./index_state.ts";
import { phraseShare, phraseTerms } from "./phrases.ts";
import type { Group } from "./query_plan.ts";
import type { Scorer, TextMatches } from "./scoring.ts";
import type { SearchSort } from "./types.ts";

/**
 * Extra score (times the query's mean idf) for the share of the query's consecutive term pairs
 * that the name or tagline says side by side (phrases.ts).
 */
const PHRASE_BONUS = 2.5;
const PHRASE_POOL = 200;
/** Named matches beyond this many (a short prefix completing to many names) are not tied. */
const MAX_NAMED = 64;

/** What to rank: the matches, their sort, the query's groups (none: browsing) and the page end. */
export interface RankRequest {
  matches: TextMatches;
  sort: SearchSort;
  groups: Group[] | null;
  limit: number;
  trending?: Map<number, number>;
}

/** The first `limit` slots of the matches in the requested order. */
export function rankMatches(state: IndexState, scorer: Scorer, request: RankRequest): number[] {
  const { matches: { candidates, count }, sort, groups, limit } = request;
  const key = sortKey(state, scorer, request);
  const secondary = sort === "trending" || sort === "relevance" ? state.slots.columns.votes : null;
  const ids = state.slots.columns.ids;
  // Key desc, then secondary desc, then id asc.
  const before = (a: number, b: number): boolean => {
    if (key[a] !== key[b]) return key[a] > key[b];
    if (secondary && secondary[a] !== secondary[b]) return secondary[a] > secondary[b];
    return ids[a] < ids[b];
  };
  if (groups && sort === "relevance") {
    rewardPhrases(state, scorer, request, before);
    tieSameNames(state, scorer);
  }
  return topK(candidates, count, limit, before);
}

/**
 * Listings that share the name the query is ("Pulse" and "Pulse"): the text cannot tell which one
 * is meant, so when their votes differ they tie at the best one's score and the better known
 * ranks first. Equal votes leave the text's order.
 */
function tieSameNames(state: IndexState, scorer: Scorer): void {
  const { named, score } = scorer;
  if (named.length < 2 || named.length > MAX_NAMED) return;
  const votes = state.slots.columns.votes;
  const byName = new Map<string, number[]>();
  for (const slot of named) {
    const name = state.summaries.get(slot, 0).name.toLowerCase();
    const same = byName.get(name);
    if (same) same.push(slot);
    else byName.set(name, [slot]);
  }
  for (const same of byName.values()) {
    if (same.every((slot) => votes[slot] === votes[same[0]])) continue;
    const best = Math.max(...same.map((slot) => score[slot]));
    for (const slot of same) score[slot] = best;
  }
}

/**
 * Rewards phrases (phrases.ts) among the matches with every term in a focus field (the only ones
 * whose name or tagline can hold them all), or among the best PHRASE_POOL of those when there are
 * more.
 */
function rewardPhrases(
  state: IndexState,
  scorer: Scorer,
  { groups, matches: { candidates, count, meanIdf } }: RankRequest,
  before: (a: number, b: number) => boolean,
): void {
  let required = 0;
  const forms: string[][] = [];
  groups!.forEach((group, g) => {
    if (!group.content) return;
    if (group.required) required |= 1 << g;
    forms.push(group.variants.map((v) => state.terms.text(v.term)));
  });
  const terms = phraseTerms(forms);
  if (!terms) return;
  const focusMask = scorer.focusMask;
  let pool = candidates.filter((slot, k) => k < count && (focusMask[slot] & required) === required);
  if (pool.length > PHRASE_POOL) {
    pool = Int32Array.from(topK(pool, pool.length, PHRASE_POOL, before));
  }
  for (const slot of pool) {
    const { name, tagline } = state.summaries.get(slot, 0);
    scorer.score[slot] += PHRASE_BONUS * meanIdf *
      phraseShare(terms, forms.length - 1, [name, tagline]);
  }
}

function sortKey(
  state: IndexState,
  scorer: Scorer,
  { sort, matches: { candidates, count }, trending }: RankRequest,
): Float32Array | Float64Array {
  const slots = state.slots.columns;
  switch (sort) {
    case "relevance":
      return scorer.score;
    case "votes":
      return slots.votes;
    case "most_viewed":
      return slots.views;
    case "most_followed":
      return slots.follows;
    case "newest":
      return slots.time;
    case "trending": {
      const key = scorer.key;
      for (let k = 0; k < count; k++) {
        const slot = candidates[k];
        key[slot] = trending?.get(slots.ids[slot]) ?? 0;
      }
      return key;
    }
  }
}
