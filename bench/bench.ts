/**
 * `deno task bench`: search speed and memory at 10,000 and 100,000 listings.
 *
 * For each size: generates synthetic listings into a fresh on-disk KV file, measures the search
 * index in process (load from KV, build, query latency, heap) in a child process started with
 * `--expose-gc`, then starts the real server on that file and loads it over loopback.
 *
 * One script on purpose (longer than a service module): the synthetic data, the in-process and
 * HTTP measurements and the report read top to bottom.
 *
 * Options: `--sizes 10000,100000`, `--duration 5` (seconds per load scenario), `--concurrency 16`,
 * `--latency-concurrency 4` (0 to skip), `--kv-dir <dir>` (keep the generated KV files there and
 * reuse them on the next run).
 *
 * Each load scenario runs twice. At `--concurrency` (16, the headline) the load generator keeps
 * that many requests in flight, so on a small machine whose cores it shares with the server the
 * latencies are mostly queueing (about concurrency / throughput): a throughput figure. At
 * `--latency-concurrency` (4) the machine is not saturated and p50/p95 show the time a request
 * takes. Scenarios: typo search; get_listing over 2,000 slugs drawn at random (hot: repeats
 * within the profile cache's 2 s); get_listing over every live slug in turn (cold: each slug comes
 * back only after the whole list, so nearly every request misses the cache).
 */
import { blankListing, createListing, EMPTY_STATS, type NewListing } from "../kv/listings.ts";
import { listCategoryRecords } from "../kv/categories.ts";
import { seedReferenceData } from "../services/platform/reference.ts";
import type { Listing } from "../kv/types.ts";
import { listingsPrefix } from "../kv/keys.ts";
import { slugify } from "../kv/slugs.ts";
import { seededRng } from "../demo/rng.ts";
import { SearchIndex } from "../services/directory/search/index.ts";
import { loadSearchIndex, toSearchDoc } from "../services/directory/search/load.ts";
import type { SearchQuery } from "../services/directory/search/types.ts";

const SEED = 20_260_401;
const WRITE_CONCURRENCY = 4;
const QUERY_COUNT = 300;
const IN_PROCESS_ROUNDS = 2_000;

interface Options {
  sizes: number[];
  duration: number;
  concurrency: number;
  latencyConcurrency: number;
  kvDir: string | null;
}

interface Corpus {
  slugs: string[];
  queries: string[];
  /** Product-name typos and the id they mean. */
  nameQueries: { q: string; id: number }[];
}

interface IndexFigures {
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
}

interface LoadRun {
  concurrency: number;
  search: LoadFigures;
  listing: LoadFigures;
  listingCold: LoadFigures;
}

interface LoadFigures {
  rps: number;
  p50: number;
  p95: number;
  errors: number;
}

interface ServerFigures {
  first_200_ms: number;
  search_ready_ms: number;
  /** Slowest GET /api/v1/site while the index was loading, and how many were made. */
  site_while_loading_max_ms: number;
  site_while_loading_count: number;
  /** One run of the scenarios per concurrency: the headline first, then the latency run. */
  runs: LoadRun[];
  rss_mb: number;
}

// --- Synthetic data ------------------------------------------------------------------------

const COMMON_WORDS = (
  "the and for with your to of a in on that is by from our it as at team teams app apps tool " +
  "tools " +
  "software platform simple fast easy online free open source cloud data work workflow workflows " +
  "business businesses small startup startups founder founders customer customers client clients " +
  "invoice invoices invoicing payment payments billing subscription subscriptions accounting " +
  "finance budget expense expenses tax taxes report reports reporting dashboard dashboards " +
  "analytics metrics insight insights tracking tracker track time timer schedule scheduling " +
  "calendar meeting meetings booking bookings appointment email emails newsletter marketing " +
  "campaign campaigns social media content writing writer editor notes note document documents " +
  "docs wiki knowledge base search project projects task tasks todo list board kanban sprint " +
  "roadmap feedback survey surveys form forms website websites landing page pages builder " +
  "design designer designers prototype prototypes interface component components library " +
  "developer developers code coding api apis testing test tests deploy deployment server " +
  "servers database databases monitoring logs alerts uptime security password passwords " +
  "privacy encryption backup backups storage file files sharing share collaboration chat " +
  "messaging video videos recording screen audio podcast podcasts music image images photo " +
  "photos generator assistant agent agents automation automate integrations integration " +
  "sync mobile desktop browser extension plugin chrome slack notion spreadsheet spreadsheets " +
  "crm sales lead leads outreach pipeline deals support helpdesk ticket tickets inbox " +
  "ecommerce store shop shopify inventory shipping orders product products catalog checkout " +
  "learning course courses students teachers education language languages quiz lessons " +
  "fitness health workout habit habits wellbeing sleep meditation mental nutrition recipe " +
  "recipes travel trip trips hotel hiring recruiting candidates interview interviews resume " +
  "jobs remote freelancers freelance agency agencies creators creator community communities " +
  "events event tickets membership memberships portfolio personal family kids pets home " +
  "real estate property legal contract contracts signature signatures compliance audit " +
  "machine intelligence artificial model models prompt prompts chatbot voice translation " +
  "transcription summary summaries research writing grammar seo keywords ranking backlinks " +
  "domain domains hosting performance speed optimization conversion revenue growth pricing " +
  "plans enterprise secure private powerful beautiful modern smart lightweight minimal " +
  "unlimited instant automatic realtime collaborative visual interactive custom branded"
).split(/\s+/);

const SYLLABLES = (
  "ka lo mi ra ven tor zen flo vi ta ru no pi sa le do qua bri nex sol lu mo ga fi ze tri cor " +
  "pla sta gro lin dex vo ny ark io ly fy hub ify era sync ops bit byte loop wave mint dash"
).split(" ");

/** A vocabulary of a few thousand words: real ones first, then pronounceable made-up ones. */
function vocabulary(rand: () => number, size: number): string[] {
  const words = new Set(COMMON_WORDS);
  while (words.size < size) {
    const n = 2 + Math.floor(rand() * 3);
    let word = "";
    for (let k = 0; k < n; k++) word += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    if (word.length >= 4) words.add(word);
  }
  return [...words];
}

/** Samples ranks with a Zipf-like (skewed) distribution. */
function zipf(rand: () => number, size: number, exponent = 1.05): () => number {
  const cumulative = new Float64Array(size);
  let sum = 0;
  for (let k = 0; k < size; k++) cumulative[k] = sum += 1 / Math.pow(k + 1, exponent);
  return () => {
    const target = rand() * sum;
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

/** One typing mistake (deletion, transposition, substitution, insertion) after the first letter. */
function typo(rand: () => number, word: string): string {
  const at = 1 + Math.floor(rand() * (word.length - 1));
  const letter = "abcdefghijklmnopqrstuvwxyz"[Math.floor(rand() * 26)];
  switch (Math.floor(rand() * 4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return at < word.length - 1
        ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
        : word.slice(0, at);
    case 2:
      return word.slice(0, at) + (letter === word[at] ? "x" : letter) + word.slice(at + 1);
    default:
      return word.slice(0, at) + letter + word.slice(at);
  }
}

function capitalize(word: string): string {
  return word[0].toUpperCase() + word.slice(1);
}

interface Generator {
  listing(index: number): NewListing;
  words: string[];
  pick: () => string;
}

function generator(categories: { slug: string; parent: string | null }[]): Generator {
  const rand = seededRng(SEED);
  const words = vocabulary(rand, 3_000);
  const rank = zipf(rand, words.length);
  const pick = () => words[rank()];
  const sentence = (n: number) => Array.from({ length: n }, pick).join(" ");
  const leaves = categories.filter((c) => c.parent !== null).map((c) => c.slug);
  const stages = ["idea", "mvp", "launched", "growing", "established"];
  const pricing = ["Free", "Freemium", "Subscription", "One-time", "Usage-based"];
  const countries = ["US", "DE", "GB", "FR", "IN", "CA", "NL", "ES", "BR", "SE"];
  const start = Date.parse("2024-01-01T00:00:00Z");
  // createListing tries only a few numbered slugs per name; made-up names repeat more than that.
  const slugs = new Set<string>();
  const listing = (index: number): NewListing => {
    const brand = Array.from(
      { length: 2 + Math.floor(rand() * 2) },
      () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)],
    ).join("");
    const name = rand() < 0.3 ? `${capitalize(brand)} ${capitalize(pick())}` : capitalize(brand);
    const roll = rand();
    const status: Listing["status"] = roll < 0.85 ? "live" : roll < 0.93 ? "scheduled" : "draft";
    const created = new Date(start + Math.floor(rand() * 800) * 86_400_000);
    const paid = rand() < 0.2;
    const base = slugify(name);
    const slug = slugs.has(base) ? `${base}-${index.toString(36)}` : base;
    slugs.add(base);
    return blankListing({
      name,
      slug,
      url: `https://${brand}${index.toString(36)}.example`,
      tagline: capitalize(sentence(6 + Math.floor(rand() * 5))),
      short_description: capitalize(sentence(12)),
      description: capitalize(sentence(40 + Math.floor(rand() * 41))) + ".",
      stage: stages[Math.floor(rand() * stages.length)],
      pricing_model: pricing[Math.floor(rand() * pricing.length)],
      country: countries[Math.floor(rand() * countries.length)],
      founded_year: 2015 + Math.floor(rand() * 11),
      keywords: Array.from({ length: 3 + Math.floor(rand() * 4) }, pick),
      primary_category: leaves[Math.floor(rand() * leaves.length)],
      extra_categories: paid ? [leaves[Math.floor(rand() * leaves.length)]] : [],
      logo_url: `https://${brand}${index.toString(36)}.example/logo.png`,
      status,
      plan: status === "draft" ? null : paid ? "paid" : "free",
      launched_at: status === "live" ? created.toISOString() : null,
      created_at: created.toISOString(),
    });
  };
  return { listing, words, pick };
}

/** Writes `size` listings into a new KV file; returns what the load scenarios need. */
async function generate(path: string, size: number): Promise<Corpus> {
  const kv = await Deno.openKv(path);
  try {
    await seedReferenceData(kv, new Date());
    const gen = generator(await listCategoryRecords(kv));
    const started = performance.now();
    const live: Listing[] = [];
    for (let next = 0; next < size;) {
      const group: Promise<Listing>[] = [];
      for (let k = 0; k < WRITE_CONCURRENCY && next < size; k++) {
        const input = gen.listing(next++);
        // Concurrent creations race for the id counter; one that lost too often is retried alone.
        group.push(createListing(kv, input).catch(() => createListing(kv, input)));
      }
      for (const listing of await Promise.all(group)) {
        if (listing.status === "live") live.push(listing);
      }
      if (next % 10_000 === 0) {
        const rate = next / ((performance.now() - started) / 1000);
        console.log(`  wrote ${next} listings (${rate.toFixed(0)}/s)`);
      }
    }
    return corpus(gen, live);
  } finally {
    kv.close();
  }
}

/** Typo queries over the vocabulary and product names, and the slugs to fetch. */
function corpus(gen: Generator, live: Listing[]): Corpus {
  const rand = seededRng(SEED + 1);
  const queries: string[] = [];
  const middle = gen.words.filter((w, k) => k > 20 && k < 1_500 && w.length >= 5);
  while (queries.length < QUERY_COUNT) {
    const first = middle[Math.floor(rand() * middle.length)];
    const second = middle[Math.floor(rand() * middle.length)];
    queries.push(rand() < 0.5 ? typo(rand, first) : `${typo(rand, first)} ${typo(rand, second)}`);
  }
  const nameQueries: Corpus["nameQueries"] = [];
  while (nameQueries.length < QUERY_COUNT / 3 && live.length > 0) {
    const listing = live[Math.floor(rand() * live.length)];
    const words = listing.name.toLowerCase().split(" ");
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
    if (longest.length < 5) continue;
    nameQueries.push({
      q: words.map((w) => (w === longest ? typo(rand, w) : w)).join(" "),
      id: listing.id,
    });
  }
  return { slugs: live.map((l) => l.slug), queries, nameQueries };
}

// --- Measuring -------------------------------------------------------------------------------

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))];
}

/** V8 heap plus ArrayBuffer memory (the index's typed arrays live outside the heap). */
function heapAndExternal(): number {
  const usage = Deno.memoryUsage();
  return usage.heapUsed + usage.external;
}

function rssMb(pid: number | "self"): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : NaN;
}

/** Child process: loads the index from KV and measures it (run with --expose-gc). */
async function measureIndex(path: string, corpusPath: string): Promise<IndexFigures> {
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
  const rss = rssMb("self");

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
  };
}

function query(q: string, extra: Partial<SearchQuery> = {}): SearchQuery {
  return { q, status: "live", sort: "relevance", page: 1, per_page: 20, ...extra };
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/** Runs `concurrency` loops of requests for `seconds`; latencies in ms. */
async function load(
  base: string,
  paths: string[],
  seconds: number,
  concurrency: number,
): Promise<LoadFigures> {
  const samples: number[] = [];
  let errors = 0;
  let next = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < deadline) {
      const path = paths[next++ % paths.length];
      const t = performance.now();
      try {
        const visitor = `10.0.${(next >> 8) & 255}.${next & 255}`;
        const response = await fetch(base + path, { headers: { "x-forwarded-for": visitor } });
        await response.arrayBuffer();
        samples.push(performance.now() - t);
        if (response.status !== 200 && errors++ === 0) {
          console.error(`  ${path}: HTTP ${response.status}`);
        }
      } catch (error) {
        if (errors++ === 0) console.error(`  ${path}: ${(error as Error).message}`);
      }
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  return {
    rps: samples.length / elapsed,
    p50: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    errors,
  };
}

async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    try {
      if (await check()) return;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("The server exited")) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Timed out waiting for ${what} after ${timeoutMs} ms`);
}

async function measureServer(path: string, data: Corpus, options: Options): Promise<ServerFigures> {
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  // Requests pose as many visitors (X-Forwarded-For behind a trusted proxy), as real traffic
  // is; the per-address limit is lifted so that no answer is a 429. The limiter still runs.
  const env: Record<string, string> = {
    KV_PATH: path,
    DEMO_DATA: "0",
    PORT: String(port),
    TRUST_PROXY: "1",
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: "1000000000",
  };
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    cwd: new URL("..", import.meta.url).pathname,
    env,
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  let exited: Deno.CommandStatus | null = null;
  const status = child.status.then((s) => (exited = s));
  const alive = () => {
    if (exited) throw new Error(`The server exited with code ${exited.code} before answering`);
  };
  try {
    await waitFor(
      async () => {
        alive();
        const response = await fetch(`${base}/api/v1/site`);
        await response.body?.cancel();
        return response.status === 200;
      },
      60_000,
      "GET /api/v1/site",
    );
    const first200 = performance.now() - started;
    const probe = `${base}/api/v1/listings?q=${encodeURIComponent(data.queries[0])}`;
    // While the index loads, other requests must still be answered at once.
    let loading = true;
    const whileLoading: number[] = [];
    const poller = (async () => {
      while (loading) {
        const t = performance.now();
        const response = await fetch(`${base}/api/v1/site`).catch(() => null);
        await response?.body?.cancel();
        if (response?.status === 200) whileLoading.push(performance.now() - t);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    await waitFor(
      async () => {
        alive();
        const response = await fetch(probe);
        const body = await response.json();
        return response.status === 200 && body.items?.length > 0;
      },
      120_000,
      "search results",
    );
    const ready = performance.now() - started;
    loading = false;
    await poller;
    const typoPaths = [...data.queries, ...data.nameQueries.map((n) => n.q)]
      .map((q) => `/api/v1/listings?q=${encodeURIComponent(q)}`);
    const rand = seededRng(SEED + 3);
    const slugPaths = Array.from(
      { length: 2_000 },
      () => `/api/v1/listings/${data.slugs[Math.floor(rand() * data.slugs.length)]}`,
    );
    const coldPaths = [...data.slugs].map((slug) => ({ slug, order: rand() }))
      .sort((a, b) => a.order - b.order).map(({ slug }) => `/api/v1/listings/${slug}`);
    await load(base, typoPaths, 1, options.concurrency); // warm-up
    const runs: LoadRun[] = [];
    for (const concurrency of [options.concurrency, options.latencyConcurrency]) {
      if (concurrency < 1) continue;
      runs.push({
        concurrency,
        search: await load(base, typoPaths, options.duration, concurrency),
        listing: await load(base, slugPaths, options.duration, concurrency),
        listingCold: await load(base, coldPaths, options.duration, concurrency),
      });
    }
    return {
      first_200_ms: first200,
      search_ready_ms: ready,
      site_while_loading_max_ms: Math.max(0, ...whileLoading),
      site_while_loading_count: whileLoading.length,
      runs,
      rss_mb: rssMb(child.pid),
    };
  } finally {
    if (!exited) child.kill("SIGTERM");
    await status;
  }
}

// --- Main --------------------------------------------------------------------------------

function parseOptions(args: string[]): Options {
  const options: Options = {
    sizes: [10_000, 100_000],
    duration: 5,
    concurrency: 16,
    latencyConcurrency: 4,
    kvDir: null,
  };
  for (let k = 0; k < args.length; k++) {
    const value = args[k + 1];
    switch (args[k]) {
      case "--sizes":
        options.sizes = value.split(",").map((s) => Number(s.replace(/_/g, "")));
        k++;
        break;
      case "--duration":
        options.duration = Number(value);
        k++;
        break;
      case "--concurrency":
        options.concurrency = Number(value);
        k++;
        break;
      case "--latency-concurrency":
        options.latencyConcurrency = Number(value);
        k++;
        break;
      case "--kv-dir":
        options.kvDir = value;
        k++;
        break;
      default:
        throw new Error(
          `Unknown option "${args[k]}": expected --sizes, --duration, --concurrency, ` +
            `--latency-concurrency or --kv-dir`,
        );
    }
  }
  if (options.sizes.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new Error(`Invalid --sizes "${args.join(" ")}": expected positive integers`);
  }
  return options;
}

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

async function runIndexChild(path: string, corpusPath: string): Promise<IndexFigures> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--v8-flags=--expose-gc",
      new URL(import.meta.url).pathname,
      "--child",
      path,
      corpusPath,
    ],
    stderr: "inherit",
  }).output();
  if (!output.success) throw new Error(`Index measurement failed for "${path}"`);
  const lines = new TextDecoder().decode(output.stdout).trim().split("\n");
  return JSON.parse(lines[lines.length - 1]);
}

const f = (value: number, digits = 1) => Number.isFinite(value) ? value.toFixed(digits) : "-";

type Result = { size: number; index: IndexFigures; server: ServerFigures | null };
type Row = [string, (r: Result) => string];

function printTable(results: Result[], options: Options) {
  const concurrencies = [options.concurrency, options.latencyConcurrency].filter((c) => c >= 1);
  const rows: Row[] = [
    ["indexed (live + scheduled)", (r) => String(r.index.indexed)],
    ["loadSearchIndex from KV (ms)", (r) => f(r.index.load_ms, 0)],
    ["index build from memory (ms)", (r) => f(r.index.build_ms, 0)],
    ["index heap+buffers after gc (MB)", (r) => f(r.index.heap_mb)],
    ["in-process RSS (MB)", (r) => f(r.index.rss_mb)],
    [
      "typo search p50 / p95 (ms)",
      (r) => `${f(r.index.search_p50_ms, 2)} / ${f(r.index.search_p95_ms, 2)}`,
    ],
    [
      "exact search p50 / p95 (ms)",
      (r) => `${f(r.index.exact_p50_ms, 2)} / ${f(r.index.exact_p95_ms, 2)}`,
    ],
    [
      "browse+category p50 / p95 (ms)",
      (r) => `${f(r.index.browse_p50_ms, 2)} / ${f(r.index.browse_p95_ms, 2)}`,
    ],
    ["misspelled name ranked first", (r) => `${f(r.index.name_hit_rate * 100)} %`],
    ["typo queries with results", (r) => `${f(r.index.typo_found_rate * 100)} %`],
    ["server: first 200 /site (ms)", (r) => r.server ? f(r.server.first_200_ms, 0) : "-"],
    ["server: search ready (ms)", (r) => r.server ? f(r.server.search_ready_ms, 0) : "-"],
    [
      "server: slowest /site while loading",
      (r) =>
        r.server
          ? `${f(r.server.site_while_loading_max_ms)} ms (${r.server.site_while_loading_count})`
          : "-",
    ],
    ...concurrencies.flatMap((concurrency, k): Row[] => {
      const kind = k === 0 ? "throughput" : "latency";
      const run = (r: Result) => r.server?.runs[k];
      const figures = (label: string, pick: (run: LoadRun) => LoadFigures): Row[] => [
        [`${label} req/s`, (r) => run(r) ? f(pick(run(r)!).rps, 0) : "-"],
        [
          `${label} p50 / p95 (ms)`,
          (r) => run(r) ? `${f(pick(run(r)!).p50, 2)} / ${f(pick(run(r)!).p95, 2)}` : "-",
        ],
      ];
      return [
        [`HTTP at concurrency ${concurrency} (${kind})`, () => ""],
        ...figures("  typo search", (x) => x.search),
        ...figures("  get listing, 2,000 slugs", (x) => x.listing),
        ...figures("  get listing, all slugs (cold)", (x) => x.listingCold),
        [
          "  non-200 answers",
          (r) =>
            run(r)
              ? String(run(r)!.search.errors + run(r)!.listing.errors + run(r)!.listingCold.errors)
              : "-",
        ],
      ];
    }),
    ["server RSS after load (MB)", (r) => r.server ? f(r.server.rss_mb) : "-"],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(
    `\n${"N".padEnd(width)}  ${results.map((r) => String(r.size).padStart(16)).join("  ")}`,
  );
  for (const [label, cell] of rows) {
    console.log(`${label.padEnd(width)}  ${results.map((r) => cell(r).padStart(16)).join("  ")}`);
  }
}

async function main(args: string[]): Promise<void> {
  if (args[0] === "--child") {
    console.log(JSON.stringify(await measureIndex(args[1], args[2])));
    return;
  }
  const options = parseOptions(args);
  const dir = options.kvDir ?? await Deno.makeTempDir({ prefix: "launch_bench_" });
  await Deno.mkdir(dir, { recursive: true });
  const results: { size: number; index: IndexFigures; server: ServerFigures | null }[] = [];
  try {
    for (const size of options.sizes) {
      const path = `${dir}/listings_${size}.sqlite3`;
      const corpusPath = `${dir}/corpus_${size}.json`;
      if (!(await exists(path)) || !(await exists(corpusPath))) {
        await Deno.remove(path).catch(() => {});
        console.log(`Generating ${size} listings into ${path}`);
        const started = performance.now();
        const data = await generate(path, size);
        await Deno.writeTextFile(corpusPath, JSON.stringify(data));
        console.log(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
      const data: Corpus = JSON.parse(await Deno.readTextFile(corpusPath));
      console.log(`Measuring the index in process (N=${size})`);
      const index = await runIndexChild(path, corpusPath);
      console.log(`Measuring the server over loopback (N=${size})`);
      const server = await measureServer(path, data, options).catch((error) => {
        console.error(`  server measurement failed: ${error.message}`);
        return null;
      });
      results.push({ size, index, server });
    }
  } finally {
    if (!options.kvDir) await Deno.remove(dir, { recursive: true });
  }
  printTable(results, options);
}

if (import.meta.main) await main(Deno.args);
