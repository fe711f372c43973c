/** list_categories and get_category. */
import {
  categoryGeneration,
  getCategoryRecord,
  getLiveCounts,
  listCategoryRecords,
} from "../../kv/categories.ts";
import { onListingWrite } from "../../kv/listing_changes.ts";
import { categoryBoardPrefix } from "../../kv/keys.ts";
import type { Category } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { notFound } from "../platform/errors.ts";
import { toPage } from "../platform/paging.ts";
import { summariesOf } from "./listings.ts";
import { readBoard } from "../../kv/boards.ts";

function node(category: Category, counts: Map<string, number>) {
  return {
    slug: category.slug,
    name: category.name,
    description: category.description,
    live_listing_count: counts.get(category.slug) ?? 0,
  };
}

/**
 * How long a category tree with its counts is reused: the max-age of public reads, so a reader sees
 * counts at most as old as a CDN in front would show them. A listing written through this instance
 * or told by another (the counts may have moved) and a category written here drop it at once.
 */
export const CATEGORY_TREE_TTL_MS = 5_000;

type CategoryTree = Awaited<ReturnType<typeof readCategoryTree>>;
interface KeptTree {
  readAt: number;
  generation: number;
  tree: Promise<CategoryTree>;
}
/** Per store: the kept trees (with and without empty categories) and what moved them. */
interface TreeState {
  trees: Map<boolean, KeptTree>;
  /** Listing writes made here or told by another instance since the first category read. */
  listingWrites: number;
  /** Trees read from KV. */
  reads: number;
  /** Category pages by slug and page, kept for CATEGORY_PAGE_TTL_MS (oldest kept out first). */
  pages: Map<string, KeptPage>;
  /** Background page reads in flight. */
  refreshes: Set<Promise<void>>;
}
const treeStates = new WeakMap<Deno.Kv, TreeState>();

function stateOf(kv: Deno.Kv): TreeState {
  let state = treeStates.get(kv);
  if (!state) {
    const created: TreeState = {
      trees: new Map(),
      listingWrites: 0,
      reads: 0,
      pages: new Map(),
      refreshes: new Set(),
    };
    onListingWrite(kv, () => {
      created.trees.clear();
      created.pages.clear();
      created.listingWrites++;
    });
    treeStates.set(kv, state = created);
  }
  return state;
}

/**
 * The category tree with live listing counts (a parent counts its subcategories' listings), read
 * at most once per CATEGORY_TREE_TTL_MS while nothing is written (a read is 200-odd KV reads at
 * 100,000 listings); shared by every caller, so never changed by one.
 */
export function listCategories(deps: Deps, includeEmpty: boolean): Promise<CategoryTree> {
  const state = stateOf(deps.kv);
  const trees = state.trees;
  const now = deps.now().getTime();
  const generation = categoryGeneration(deps.kv);
  const kept = trees.get(includeEmpty);
  if (kept && kept.generation === generation && now - kept.readAt < CATEGORY_TREE_TTL_MS) {
    return kept.tree;
  }
  const tree = readCategoryTree(deps, includeEmpty);
  state.reads++;
  trees.set(includeEmpty, { readAt: now, generation, tree });
  tree.catch(() => {
    if (trees.get(includeEmpty)?.tree === tree) trees.delete(includeEmpty);
  });
  return tree;
}

/**
 * What a category read answered now stands on: `token` moves whenever its answer may have changed,
 * and it may be reused until `until` (ms) at the latest.
 */
export interface CategoryReadValidity {
  token: string;
  until: number;
}

/**
 * The validity of what listCategories answers now, or undefined while it keeps no tree: the token
 * moves when a tree is read again or dropped (a listing write here or told by another instance, a
 * category written here), and it ends with the oldest kept tree's TTL.
 */
export function categoryTreeValidity(deps: Deps): CategoryReadValidity | undefined {
  const state = stateOf(deps.kv);
  let readAt = Infinity;
  for (const kept of state.trees.values()) readAt = Math.min(readAt, kept.readAt);
  if (readAt === Infinity) return undefined;
  const token = `${categoryGeneration(deps.kv)}:${state.listingWrites}:${state.reads}`;
  return { token, until: readAt + CATEGORY_TREE_TTL_MS };
}

function pageToken(deps: Deps, state: TreeState): string {
  return `${categoryGeneration(deps.kv)}:${state.listingWrites}:${deps.search.version}`;
}

/**
 * The validity of what getCategory answers now: the token moves with a category written here, a
 * listing write here or told by another instance (counts, board order, summaries) and the search
 * index's version. getCategory serves a page up to CATEGORY_PAGE_TTL_MS old, so an answer made now
 * may be reused for the rest of CATEGORY_TREE_TTL_MS: never more than that old in all, as the tree
 * (a category written by another instance is seen within it).
 */
export function categoryPageValidity(deps: Deps): CategoryReadValidity {
  const token = pageToken(deps, stateOf(deps.kv));
  return { token, until: deps.now().getTime() + CATEGORY_TREE_TTL_MS - CATEGORY_PAGE_TTL_MS };
}

async function readCategoryTree(deps: Deps, includeEmpty: boolean) {
  const all = await listCategoryRecords(deps.kv);
  const counts = await getLiveCounts(deps.kv, all.map((c) => c.slug));
  const keep = (c: Category) => includeEmpty || (counts.get(c.slug) ?? 0) > 0;
  const items = all.filter((c) => c.parent === null && keep(c)).map((top) => ({
    ...node(top, counts),
    subcategories: all.filter((c) => c.parent === top.slug && keep(c)).map((c) => node(c, counts)),
  }));
  return { items, total: items.reduce((n, top) => n + 1 + top.subcategories.length, 0) };
}

/**
 * How long getCategory serves a page it read (a listing write here or told by another instance, a
 * category written here or a move of the search index end it at once): the rest of
 * CATEGORY_TREE_TTL_MS is what a kept answer of it may live (categoryPageValidity).
 */
export const CATEGORY_PAGE_TTL_MS = 4_000;
/** The share of CATEGORY_PAGE_TTL_MS after which a page asked for is read again in the background. */
const PAGE_REFRESH_AFTER = 0.75;
/** Background page reads in flight at most (beyond, pages simply end). */
const MAX_PAGE_REFRESHES = 8;
/** Pages kept at most per store. */
const MAX_PAGES = 1_024;

type CategoryPage = Awaited<ReturnType<typeof readCategoryPage>>;
interface PageQuery {
  page: number;
  per_page: number;
}
interface KeptPage {
  readAt: number;
  token: string;
  page: Promise<CategoryPage>;
  refreshing: boolean;
}

/**
 * A category with its parent, subcategories, FAQs and its live listings, most voted first. A page
 * read is kept for CATEGORY_PAGE_TTL_MS while its token holds, and one asked for in the last quarter
 * of that is read again in the background while the kept copy is served (at most 8 at a time), so
 * a page in demand is answered without waiting for KV; shared by every caller, never changed.
 */
export function getCategory(deps: Deps, slug: string, query: PageQuery): Promise<CategoryPage> {
  const state = stateOf(deps.kv);
  const key = `${slug}?${query.page}&${query.per_page}`;
  const now = deps.now().getTime();
  const token = pageToken(deps, state);
  const kept = state.pages.get(key);
  if (kept && kept.token === token && now - kept.readAt < CATEGORY_PAGE_TTL_MS) {
    if (now - kept.readAt >= CATEGORY_PAGE_TTL_MS * PAGE_REFRESH_AFTER) {
      refreshPage(deps, state, key, kept, () => readCategoryPage(deps, slug, query));
    }
    return kept.page;
  }
  const page = readCategoryPage(deps, slug, query);
  keepPage(state, key, { readAt: now, token, page, refreshing: false });
  page.catch(() => {
    if (state.pages.get(key)?.page === page) state.pages.delete(key);
  });
  return page;
}

function keepPage(state: TreeState, key: string, kept: KeptPage): void {
  state.pages.delete(key);
  state.pages.set(key, kept);
  if (state.pages.size > MAX_PAGES) state.pages.delete(state.pages.keys().next().value!);
}

/** Reads a kept page again in the background; it replaces the kept one if nothing dropped it. */
function refreshPage(
  deps: Deps,
  state: TreeState,
  key: string,
  kept: KeptPage,
  read: () => Promise<CategoryPage>,
): void {
  if (kept.refreshing || state.refreshes.size >= MAX_PAGE_REFRESHES) return;
  kept.refreshing = true;
  const fresh = { readAt: deps.now().getTime(), token: kept.token, refreshing: false };
  const page = read();
  const done = page.then(
    () => {
      if (state.pages.get(key) === kept) keepPage(state, key, { ...fresh, page });
    },
    () => {
      kept.refreshing = false;
    },
  ).finally(() => state.refreshes.delete(done));
  state.refreshes.add(done);
}

/** Resolves once no background page read of a store is in flight (tests wait on it). */
export async function categoryRefreshesDone(kv: Deno.Kv): Promise<void> {
  const refreshes = stateOf(kv).refreshes;
  while (refreshes.size > 0) await Promise.all(refreshes);
}

async function readCategoryPage(deps: Deps, slug: string, query: PageQuery) {
  const category = await getCategoryRecord(deps.kv, slug);
  if (!category) throw notFound("category", slug);
  const all = await listCategoryRecords(deps.kv);
  const children = all.filter((c) => c.parent === slug);
  const parent = category.parent ? all.find((c) => c.slug === category.parent) ?? null : null;
  const counts = await getLiveCounts(deps.kv, [slug, ...children.map((c) => c.slug)]);
  const total = counts.get(slug) ?? 0;
  const board = await readBoard(deps.kv, categoryBoardPrefix(slug), {
    offset: (query.page - 1) * query.per_page,
    limit: query.per_page,
  });
  return {
    slug: category.slug,
    name: category.name,
    description: category.description,
    faqs: category.faqs,
    parent: parent ? { slug: parent.slug, name: parent.name } : null,
    subcategories: children.map((c) => node(c, counts)),
    live_listing_count: total,
    ...toPage(await summariesOf(deps, board.map((e) => e.id)), total, query),
  };
}

/** Category slug → name, to label listings with their primary category. */
export async function categoryNames(deps: Deps): Promise<Record<string, string>> {
  return Object.fromEntries((await listCategoryRecords(deps.kv)).map((c) => [c.slug, c.name]));
}
