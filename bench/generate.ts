/**
 * The bench's data set: synthetic listings (seeded, Zipf-distributed words) plus the products of
 * the typo sets, written into an on-disk KV file with `importListings`, and the corpus of paths
 * and queries the load scenarios use. A data set is reused only when its corpus file exists: it
 * is written last, after every listing was committed.
 */
import { blankListing, importListings, type NewListing } from "../kv/listings.ts";
import { listCategoryRecords } from "../kv/categories.ts";
import { seedReferenceData } from "../services/platform/reference.ts";
import type { Listing } from "../kv/types.ts";
import { slugify } from "../kv/slugs.ts";
import { seededRng } from "../demo/rng.ts";
import { SYLLABLES, typo, vocabulary, zipf } from "./words.ts";
import { runWeeklyRollover } from "../services/publishing/rollover.ts";
import { loadConfig } from "../services/platform/config.ts";
import { SearchIndex } from "../services/directory/search/index.ts";
import { loadTypoSets, type TypoEntry, typoProductListing } from "./typo_sets.ts";

export const SEED = 20_260_401;
const QUERY_COUNT = 300;
const SAMPLE_PATHS = 2_000;
/**
 * Listings handed to one importListings call, committed in one atomic write: each new listing
 * takes 3 checks (record, slug, domain) and an atomic write allows 100.
 */
const IMPORT_CHUNK = 32;

/** A typo-set query with the id of the product it means. */
export interface TypoProbe {
  set: "heldout" | "dev";
  q: string;
  id: number;
  slug: string;
}

export interface Corpus {
  size: number;
  /** 2,000 live slugs drawn at random (repeats allowed). */
  slugs: string[];
  /** 2,000 live listings' domains drawn at random. */
  domains: string[];
  /** Typo queries over the vocabulary. */
  queries: string[];
  /** Product-name typos over the synthetic names and the id they mean. */
  nameQueries: { q: string; id: number }[];
  /** The typo sets' queries and the ids of their products in this data set. */
  typoProbes: TypoProbe[];
}

interface Generator {
  listing(index: number): NewListing;
  words: string[];
}

function capitalize(word: string): string {
  return word[0].toUpperCase() + word.slice(1);
}

/** The synthetic listing generator; `reserved` slugs are never given to a synthetic listing. */
export function generator(
  categories: { slug: string; parent: string | null }[],
  reserved: Iterable<string> = [],
): Generator {
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
  const slugs = new Set<string>(reserved);
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
  return { listing, words };
}

async function importInChunks(kv: Deno.Kv, inputs: NewListing[], now: Date) {
  const out: Listing[] = [];
  for (let from = 0; from < inputs.length; from += IMPORT_CHUNK) {
    out.push(...await importListings(kv, inputs.slice(from, from + IMPORT_CHUNK), now));
  }
  return out;
}

type Live = Pick<Listing, "id" | "slug" | "name" | "domain">;

/** Writes the typo-set products and `size` synthetic listings into a new KV file. */
export async function generate(path: string, size: number): Promise<Corpus> {
  const sets = await loadTypoSets();
  const kv = await Deno.openKv(path);
  try {
    const now = new Date();
    await seedReferenceData(kv, now);
    const entries: [TypoProbe["set"], TypoEntry][] = [
      ...sets.heldout.map((e) => ["heldout", e] as [TypoProbe["set"], TypoEntry]),
      ...sets.dev.map((e) => ["dev", e] as [TypoProbe["set"], TypoEntry]),
    ];
    const products = await importInChunks(kv, entries.map(([, e]) => typoProductListing(e)), now);
    const typoProbes = entries.map(([set, e], k) => ({
      set,
      q: e.query,
      id: products[k].id,
      slug: products[k].slug,
    }));
    const gen = generator(await listCategoryRecords(kv), products.map((p) => p.slug));
    const started = performance.now();
    const live: Live[] = [];
    for (let next = 0; next < size;) {
      const inputs: NewListing[] = [];
      while (inputs.length < IMPORT_CHUNK && next < size) inputs.push(gen.listing(next++));
      for (const l of await importInChunks(kv, inputs, now)) {
        if (l.status === "live") {
          live.push({ id: l.id, slug: l.slug, name: l.name, domain: l.domain });
        }
      }
      if (next % 50_016 === 0 || next === size) {
        const rate = next / ((performance.now() - started) / 1000);
        console.log(`  wrote ${next} listings (${rate.toFixed(0)}/s)`);
      }
    }
    return { size, ...corpus(gen.words, live), typoProbes };
  } finally {
    kv.close();
  }
}

/** Typo queries over the vocabulary and product names, and the slugs and domains to fetch. */
export function corpus(words: string[], live: Live[]): Omit<Corpus, "size" | "typoProbes"> {
  const rand = seededRng(SEED + 1);
  const queries: string[] = [];
  const middle = words.filter((w, k) => k > 20 && k < 1_500 && w.length >= 5);
  while (queries.length < QUERY_COUNT) {
    const first = middle[Math.floor(rand() * middle.length)];
    const second = middle[Math.floor(rand() * middle.length)];
    queries.push(rand() < 0.5 ? typo(rand, first) : `${typo(rand, first)} ${typo(rand, second)}`);
  }
  const nameQueries: Corpus["nameQueries"] = [];
  for (let tries = 0; nameQueries.length < QUERY_COUNT / 3 && tries < 100_000; tries++) {
    const listing = live[Math.floor(rand() * live.length)];
    const words = listing.name.toLowerCase().split(" ");
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
    if (longest.length < 5) continue;
    nameQueries.push({
      q: words.map((w) => (w === longest ? typo(rand, w) : w)).join(" "),
      id: listing.id,
    });
  }
  const draw = () => live[Math.floor(rand() * live.length)];
  return {
    slugs: Array.from({ length: SAMPLE_PATHS }, () => draw().slug),
    domains: Array.from({ length: SAMPLE_PATHS }, () => draw().domain),
    queries,
    nameQueries,
  };
}

/** The KV file and corpus of one size in `dir`, generated when missing or incomplete. */
export async function ensureDataSet(
  dir: string,
  size: number,
): Promise<{ path: string; corpus: Corpus }> {
  const path = `${dir}/listings_${size}.sqlite3`;
  const corpusPath = `${dir}/corpus_${size}.json`;
  const existing = await Deno.readTextFile(corpusPath).catch(() => null);
  if (existing !== null && await Deno.stat(path).then(() => true, () => false)) {
    await settle(path);
    return { path, corpus: JSON.parse(existing) };
  }
  await removeKvFile(path);
  // Each atomic write waits for the disk: written in memory first (/dev/shm), it is 2-3x faster.
  const staging = await Deno.makeTempDir({
    dir: await Deno.stat("/dev/shm").then(() => "/dev/shm", () => dir),
    prefix: "launch_bench_",
  });
  console.log(`Generating ${size} listings into ${path} (written in ${staging} first)`);
  const started = performance.now();
  const data = await generate(`${staging}/listings.sqlite3`, size).catch(async (error) => {
    await Deno.remove(staging, { recursive: true });
    throw error;
  });
  await settle(`${staging}/listings.sqlite3`);
  await copyKvFile(`${staging}/listings.sqlite3`, path);
  await Deno.remove(staging, { recursive: true });
  await Deno.writeTextFile(`${corpusPath}.tmp`, JSON.stringify(data));
  await Deno.rename(`${corpusPath}.tmp`, corpusPath);
  console.log(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { path, corpus: data };
}

/**
 * Rolls the launch weeks over up to now, as a running service has: a fresh data set would
 * otherwise make the service's first start do it before it listens. Does nothing when done.
 */
async function settle(path: string): Promise<void> {
  const kv = await Deno.openKv(path);
  try {
    const started = performance.now();
    const deps = { kv, config: loadConfig(), search: new SearchIndex(), now: () => new Date() };
    const { weeks } = await runWeeklyRollover(deps);
    if (weeks.length > 0) {
      const took = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`  rolled over ${weeks.length} launch weeks in ${took} s`);
    }
  } finally {
    kv.close();
  }
}

/** Removes a KV file with its SQLite side files. */
export async function removeKvFile(path: string): Promise<void> {
  for (const suffix of ["", "-wal", "-shm"]) await Deno.remove(path + suffix).catch(() => {});
}

/** Copies a closed KV file with its SQLite write-ahead log, if one is left. */
export async function copyKvFile(from: string, to: string): Promise<void> {
  await removeKvFile(to);
  for (const suffix of ["", "-wal"]) {
    await Deno.copyFile(from + suffix, to + suffix).catch((error) => {
      if (suffix === "" || !(error instanceof Deno.errors.NotFound)) throw error;
    });
  }
}
