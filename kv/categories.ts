/** The category tree. */
import { getManyValues } from "./read.ts";
import * as keys from "./keys.ts";
import type { Category } from "./types.ts";

const parentsCache = new WeakMap<Deno.Kv, Promise<Map<string, string | null>>>();
/** How many times each store's categories were written through this process. */
const generations = new WeakMap<Deno.Kv, number>();

/** Writes a category (create or replace). */
export async function putCategory(kv: Deno.Kv, category: Category): Promise<void> {
  await kv.set(keys.categoryKey(category.slug), category);
  invalidateCategoryCache(kv);
}

/** Forgets the cached parent map (after categories were written outside putCategory). */
export function invalidateCategoryCache(kv: Deno.Kv): void {
  parentsCache.delete(kv);
  generations.set(kv, categoryGeneration(kv) + 1);
}

/** Moves on every category write through this process: what was read from an older one is stale. */
export function categoryGeneration(kv: Deno.Kv): number {
  return generations.get(kv) ?? 0;
}

/** Reads one category. */
export async function getCategoryRecord(kv: Deno.Kv, slug: string): Promise<Category | null> {
  return (await kv.get<Category>(keys.categoryKey(slug))).value;
}

/** Every category, ordered by position then name. */
export async function listCategoryRecords(kv: Deno.Kv): Promise<Category[]> {
  const out: Category[] = [];
  for await (const e of kv.list<Category>({ prefix: keys.categoriesPrefix() })) out.push(e.value);
  return out.sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
}

/** slug → parent slug (null for top level), cached per store until a category is written. */
export function getCategoryParents(kv: Deno.Kv): Promise<Map<string, string | null>> {
  let cached = parentsCache.get(kv);
  if (!cached) {
    cached = listCategoryRecords(kv).then((all) => new Map(all.map((c) => [c.slug, c.parent])));
    parentsCache.set(kv, cached);
  }
  return cached;
}

/** Live listing counts per category slug (a parent counts its subcategories' listings). */
export async function getLiveCounts(kv: Deno.Kv, slugs: string[]): Promise<Map<string, number>> {
  const counts = await getManyValues<Deno.KvU64>(kv, slugs.map(keys.categoryCountKey));
  return new Map(slugs.map((slug, i) => [slug, Number(counts[i]?.value ?? 0n)]));
}
