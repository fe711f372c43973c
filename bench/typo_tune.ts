/**
 * `deno run -A bench/typo_tune.ts [kv file]`: the development typo sets against a generated
 * corpus, for tuning the search. Loads the index from a bench KV file (default
 * data/bench/listings_100000.sqlite3, written by `deno task bench`), inserts the products
 * of bench/typo_dev2.json to typo_dev6.json (and dev6's rivals) (which the corpus does not hold), and prints
 * each dev query that does not find its product first, with what came first. The held-out set
 * is never read here.
 */
import { EMPTY_STATS } from "../kv/listings.ts";
import { listCategoryRecords } from "../kv/categories.ts";
import type { Listing } from "../kv/types.ts";
import { SearchIndex } from "../services/directory/search/index.ts";
import { loadSearchIndex, toSearchDoc } from "../services/directory/search/load.ts";
import { parseTypoSet, type TypoEntry, typoProductListing } from "./typo_sets.ts";

const path = Deno.args[0] ?? "data/bench/listings_100000.sqlite3";
const kv = await Deno.openKv(path);
const index = new SearchIndex();
await loadSearchIndex(kv, index);
const parents = new Map((await listCategoryRecords(kv)).map((c) => [c.slug, c.parent]));
kv.close();

const read = async (name: string) =>
  parseTypoSet(await Deno.readTextFile(new URL(name, import.meta.url)), name);
const dev = await read("typo_dev.json");
const dev2 = await read("typo_dev2.json");
const dev3 = await read("typo_dev3.json");
const dev4 = await read("typo_dev4.json");
const dev5 = await read("typo_dev5.json");
const dev6 = await read("typo_dev6.json");

let nextId = 50_000_000;
const idOf = new Map<TypoEntry, number>();
for (const entry of [...dev2, ...dev3, ...dev4, ...dev5, ...dev6]) {
  idOf.set(entry, insert(entry));
  // Listings that compete for the query (dev6: another product with the same name).
  for (const product of entry.rivals ?? []) insert({ ...entry, product });
}

/** Inserts an entry's product (with its votes, if given) as a live listing; returns its id. */
function insert(entry: TypoEntry): number {
  const id = nextId++;
  const listing = {
    ...typoProductListing(entry),
    id,
    slug: `dev-${id}`,
    domain: new URL(entry.product.url).hostname,
  } as unknown as Listing;
  const stats = { ...EMPTY_STATS, votes: entry.product.votes ?? 0 };
  index.upsert(toSearchDoc(listing, stats, parents));
  return id;
}

function probe(set: string, entries: TypoEntry[], expected: (e: TypoEntry) => boolean[]) {
  let hits = 0;
  entries.forEach((entry, k) => {
    const items =
      index.search({ q: entry.query, status: "live", sort: "relevance", page: 1, per_page: 3 })
        .items;
    if (expected(entry)[0] && items[0] && matches(entry, items[0].id, items[0].name)) hits++;
    else {
      console.log(
        `  miss ${set}[${k}] ${JSON.stringify(entry.query)} → ${entry.product.name}; got ${
          items.map((i) => i.name).join(" | ") || "nothing"
        }`,
      );
    }
  });
  console.log(`${set}: ${hits}/${entries.length}`);
}

function matches(entry: TypoEntry, id: number, name: string): boolean {
  return idOf.has(entry) ? idOf.get(entry) === id : name === entry.product.name;
}

probe("dev", dev, () => [true]);
probe("dev2", dev2, () => [true]);
probe("dev3", dev3, () => [true]);
probe("dev4", dev4, () => [true]);
probe("dev5", dev5, () => [true]);
probe("dev6", dev6, () => [true]);
