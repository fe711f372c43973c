/**
 * The load scenarios (each run against the service and the bare handler), the answers file the
 * bare handler serves (the service's own bytes) and the typo sets' hit rates over HTTP.
 */
import type { Corpus } from "./generate.ts";
import { hitRates } from "./typo_sets.ts";

export interface Scenario {
  name: string;
  paths: string[];
}

const search = (q: string) => `/api/v1/listings?q=${encodeURIComponent(q)}`;

/**
 * get_listing over 2,000 slugs, `?domain=` over 2,000 domains, typo search, categories (the tree)
 * and get_category over every category (`categories`: their slugs, see categorySlugs).
 */
export function scenarios(corpus: Corpus, categories: string[]): Scenario[] {
  return [
    { name: "get_listing", paths: corpus.slugs.map((s) => `/api/v1/listings/${s}`) },
    {
      name: "search ?domain=",
      paths: corpus.domains.map((d) => `/api/v1/listings?domain=${encodeURIComponent(d)}`),
    },
    {
      name: "typo search",
      paths: [
        ...corpus.queries,
        ...corpus.nameQueries.map((n) => n.q),
        ...corpus.typoProbes.map((p) => p.q),
      ].map(search),
    },
    { name: "categories", paths: ["/api/v1/categories"] },
    { name: "get_category", paths: categories.map((c) => `/api/v1/categories/${c}`) },
  ];
}

/** Every category's slug, parents and subcategories, from the category tree `base` serves. */
export async function categorySlugs(base: string): Promise<string[]> {
  const response = await fetch(`${base}/api/v1/categories`);
  if (response.status !== 200) {
    throw new Error(`/api/v1/categories answered ${response.status}: ${await response.text()}`);
  }
  const tree: { items: { slug: string; subcategories: { slug: string }[] }[] } = await response
    .json();
  return tree.items.flatMap((top) => [top.slug, ...top.subcategories.map((c) => c.slug)]);
}

/**
 * Fetches every distinct path once from `base` and returns {path: body}; throws on the first
 * answer that is not a 200, since the bare handler must serve what the service serves.
 */
export async function collectAnswers(
  base: string,
  list: Scenario[],
  concurrency = 8,
): Promise<Record<string, string>> {
  const paths = [...new Set(list.flatMap((s) => s.paths))];
  const answers: Record<string, string> = {};
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < paths.length) {
      const path = paths[next++];
      const response = await fetch(base + path);
      const body = await response.text();
      if (response.status !== 200) {
        throw new Error(`${path} answered ${response.status}: ${body.slice(0, 200)}`);
      }
      answers[path] = body;
    }
  }));
  return answers;
}

/** The first result's id of a search answer body, or null. */
export function firstId(body: { items?: { id?: number }[] }): number | null {
  return body.items?.[0]?.id ?? null;
}

/** Hit rate of each typo set over HTTP: the intended product ranked first. */
export async function typoHitRatesOverHttp(base: string, corpus: Corpus) {
  const firsts: (number | null)[] = [];
  for (const probe of corpus.typoProbes) {
    const response = await fetch(base + search(probe.q));
    firsts.push(response.ok ? firstId(await response.json()) : null);
  }
  return {
    rates: hitRates(corpus.typoProbes, firsts),
    misses: corpus.typoProbes.filter((p, k) => firsts[k] !== p.id).map((p) => `${p.set}:${p.q}`),
  };
}
