/**
 * The search index measured in process, in a child started with `--expose-gc`: load from KV,
 * build from memory, query latency, memory and the typo sets' hit rates.
 *
 * Run: `deno run -A --v8-flags=--expose-gc bench/in_process.ts <kv file> <corpus file>`.
 */
import { EMPTY_STATS } from "../kv/listings.ts";
import { listCategoryRecords } from "../kv/categories.ts";
import type { Listing } from "../kv/types.ts";
import { listingsPrefix } from "../kv/keys.ts";
import { seededRng } from "../demo/rng.ts";
import { SearchIndex } from "../services/directory/search/index.ts";
import { loadSearchIndex, toSearchDoc } from "../services/directory/search/load.ts";
import type { SearchQuery } from "../services/directory/search/types.ts";
import { type Corpus, SEED } from "./generate.ts";
import { percentile } from "./load.ts";
import { rssMb } from "./server.ts";
import { hitRates } from "./typo_sets.ts";

const IN_PROCESS_ROUNDS = 2_000;

export interface IndexFigures {
  load_ms: number;
  build_ms: number;
  indexed: number;
  heap_mb: number;
  rss_mb: number;
  search_p50_ms: number;
  search_p95_ms: number;
  exact_p50_ms: number;
  exact_p95_ms: number;
  browse_p50_ms: number;
  browse_p95_ms: number;
  name_hit_rate: number;
  typo_found_rate: number;
  typo_sets: Record<string, { hits: number; total: number }>;
}

/** V8 heap plus ArrayBuffer memory (the index's typed arrays live outside the heap). */
function heapAndExternal(): number {
  const usage = Deno.memoryUsage();
  return usage.heapUsed + usage.external;
}

/** Child process: loads the index from KV and measures it (run with --expose-gc). */
export async function measureIndex(path: string, corpusPath: string): Promise<IndexFigures> {
  const data: Corpus = JSON.parse(await Deno.readTextFile(corpusPath));
  const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});
  // ArrayBuffers are released by a sweeper after the collection: give it time.
  const gc = async () => {
    for (let k = 0; k < 3; k++) {
      collect();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const kv = await Deno.openKv(path);
  await gc();
  const heapBefore = heapAndExternal();
  const index = new SearchIndex();
  let started = performance.now();
  await loadSearchIndex(kv, index);
  const loadMs = performance.now() - started;
  await gc();
  const heapMb = (heapAndExternal() - heapBefore) / 2 ** 20;
  const rss = rssMb(Deno.pid);

  // Build alone, from listings already in memory (no KV reads).
  const listings: Listing[] = [];
  for await (const entry of kv.list<Listing>({ prefix: listingsPrefix() }, { batchSize: 500 })) {
    listings.push(entry.value);
  }
  const parents = new Map((await listCategoryRecords(kv)).map((c) => [c.slug, c.parent]));
  const rand = seededRng(SEED + 2);
  const docs = listings.map((l) =>
    toSearchDoc(l, { ...EMPTY_STATS, votes: Math.floor(rand() * 500) }, parents)
  );
  const built = new SearchIndex();
  started = performance.now();
  for (const doc of docs) built.upsert(doc);
  built.search(query("warmup"));
  const buildMs = performance.now() - started;
  kv.close();

  const typoQueries = [...data.queries, ...data.nameQueries.map((n) => n.q)];
  for (let k = 0; k < 200; k++) index.search(query(typoQueries[k % typoQueries.length]));
  const typoTimes: number[] = [];
  const exactTimes: number[] = [];
  for (let k = 0; k < IN_PROCESS_ROUNDS; k++) {
    let t = performance.now();
    index.search(query(typoQueries[k % typoQueries.length]));
    typoTimes.push(performance.now() - t);
    const word = docs[k % docs.length].keywords[0] ?? "software";
    t = performance.now();
    index.search(query(word));
    exactTimes.push(performance.now() - t);
  }
  typoTimes.sort((a, b) => a - b);
  exactTimes.sort((a, b) => a - b);
  const categories = [...parents.keys()];
  const browse: number[] = [];
  for (let k = 0; k < 300; k++) {
    const t = performance.now();
    index.search(query("", { sort: "votes", category: categories[k % categories.length] }));
    browse.push(performance.now() - t);
  }
  browse.sort((a, b) => a - b);
  // A hit: the first result is the product meant (or one with the very same name).
  const hits = data.nameQueries.filter((n) => {
    const first = index.search(query(n.q)).items[0];
    return first?.id === n.id || first?.name === index.summary(n.id)?.name;
  }).length;
  const found = data.queries.filter((q) => index.search(query(q)).total > 0).length;
  const typoSets = hitRates(
    data.typoProbes,
    data.typoProbes.map((p) => index.search(query(p.q)).items[0]?.id ?? null),
  );
  return {
    load_ms: loadMs,
    build_ms: buildMs,
    indexed: index.size,
    heap_mb: heapMb,
    rss_mb: rss,
    search_p50_ms: percentile(typoTimes, 0.5),
    search_p95_ms: percentile(typoTimes, 0.95),
    exact_p50_ms: percentile(exactTimes, 0.5),
    exact_p95_ms: percentile(exactTimes, 0.95),
    browse_p50_ms: percentile(browse, 0.5),
    browse_p95_ms: percentile(browse, 0.95),
    name_hit_rate: data.nameQueries.length ? hits / data.nameQueries.length : NaN,
    typo_found_rate: found / data.queries.length,
    typo_sets: typoSets,
  };
}

function query(q: string, extra: Partial<SearchQuery> = {}): SearchQuery {
  return { q, status: "live", sort: "relevance", page: 1, per_page: 20, ...extra };
}

export async function runIndexChild(path: string, corpusPath: string): Promise<IndexFigures> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--v8-flags=--expose-gc",
      new URL(import.meta.url).pathname,
      path,
      corpusPath,
    ],
    stderr: "inherit",
  }).output();
  if (!output.success) throw new Error(`Index measurement failed for "${path}"`);
  const lines = new TextDecoder().decode(output.stdout).trim().split("\n");
  return JSON.parse(lines[lines.length - 1]);
}

if (import.meta.main) console.log(JSON.stringify(await measureIndex(Deno.args[0], Deno.args[1])));
