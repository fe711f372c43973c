/** list_categories and get_category. */
import { getCategoryRecord, getLiveCounts, listCategoryRecords } from "../../kv/categories.ts";
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

/** The category tree with live listing counts (a parent counts its subcategories' listings). */
export async function listCategories(deps: Deps, includeEmpty: boolean) {
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
