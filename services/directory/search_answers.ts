/**
 * Recent answers of search_listings, remembered per query while the search index is unchanged:
 * a repeated query (a popular search, a page reloaded) skips scoring. An answer is kept with the
 * index version it was computed at, and any change of the index (a listing written here or by
 * another instance and followed, a count, a snapshot loaded) makes every kept answer stale.
 * The index changes only after a write has been read back, so answers are tied to its version
 * rather than dropped when the write is announced (a query in between would keep the old one).
 */
import type { Page } from "../platform/paging.ts";
import { VersionedCache } from "../platform/versioned_cache.ts";
import type { SearchIndex } from "./search/index.ts";
import type { SearchQuery } from "./search/types.ts";
import type { ListingSummary } from "./summary.ts";

/** Answers kept per index (about 20 summaries each). */
export const SEARCH_ANSWER_LIMIT = 1024;

/** Answers by query for one index, least recently used first. */
export class SearchAnswers {
  #kept: VersionedCache<Page<ListingSummary>>;

  constructor(limit = SEARCH_ANSWER_LIMIT) {
    this.#kept = new VersionedCache(limit);
  }

  /** Number of answers kept (current or stale). */
  get size(): number {
    return this.#kept.size;
  }

  /** The answer kept for `query` at index version `version`, if any. */
  get(query: SearchQuery, version: number): Page<ListingSummary> | undefined {
    return this.#kept.get(answerKey(query), version);
  }

  /** Keeps `page` as the answer to `query` at index version `version` (frozen: it is shared). */
  set(query: SearchQuery, version: number, page: Page<ListingSummary>): void {
    page.items.forEach((item) => Object.freeze(item));
    Object.freeze(page.items);
    Object.freeze(page);
    this.#kept.set(answerKey(query), version, page);
  }
}

/** Whether answers to `query` may be kept: not when sorted by trending (it changes with time). */
export function keepsAnswer(query: SearchQuery): boolean {
  return query.sort !== "trending";
}

/** The query's key: every field that shapes the answer; the text lowercased (search ignores case). */
function answerKey(query: SearchQuery): string {
  return JSON.stringify([
    query.q.toLowerCase(),
    query.category ?? null,
    query.stage ?? null,
    query.country ?? null,
    query.pricing_model ?? null,
    query.domain ?? null,
    query.status,
    query.sort,
    query.page,
    query.per_page,
  ]);
}

const answersByIndex = new WeakMap<SearchIndex, SearchAnswers>();

/** The answers kept for an index. */
export function searchAnswersFor(index: SearchIndex): SearchAnswers {
  let answers = answersByIndex.get(index);
  if (!answers) answersByIndex.set(index, answers = new SearchAnswers());
  return answers;
}
