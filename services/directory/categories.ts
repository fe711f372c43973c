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
}
const treeStates = new WeakMap<Deno.Kv, TreeState>();

function stateOf(kv: Deno.Kv): TreeState {
  let state = treeStates.get(kv);
  if (!state) {
    const created: TreeState = { trees: new Map(), listingWrites: 0, reads: 0 };
    onListingWrite(kv, () => {
      created.trees.clear();
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

/**
 * The validity of what getCategory answers now: the token moves with a category written here, a
 * listing write here or told by another instance (counts, board order, summaries) and the search
 * index's version; it lasts CATEGORY_TREE_TTL_MS at most, as the tree does (a category written by
 * another instance is seen within that).
 */
export function categoryPageValidity(deps: Deps): CategoryReadValidity {
  const state = stateOf(deps.kv);
  const token = `${categoryGeneration(deps.kv)}:${state.listingWrites}:${deps.search.version}`;
  return { token, until: deps.now().getTime() + CATEGORY_TREE_TTL_MS };
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

/** A category with its parent, subcategories, FAQs and its live listings, most voted first. */
export async function getCategory(
  deps: Deps,
  slug: string,
  query: { page: number; per_page: number },
) {
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
