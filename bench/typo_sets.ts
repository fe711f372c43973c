/**
 * The typo sets (bench/typo_heldout.json, bench/typo_dev.json): realistic products inserted into
 * every generated corpus, each with a query a person might type with a typo. The held-out set is
 * never tuned on; the development set may be.
 */
import { blankListing, type NewListing } from "../kv/listings.ts";

export interface TypoProduct {
  name: string;
  url: string;
  tagline: string;
  short_description: string;
  description: string;
  keywords: string[];
  category: string;
  /** The listing's votes (none: 0). */
  votes?: number;
}

export interface TypoEntry {
  query: string;
  mistake: string;
  product: TypoProduct;
  /** Other listings competing for the query (bench/typo_tune.ts inserts them too). */
  rivals?: TypoProduct[];
}

export interface TypoSets {
  heldout: TypoEntry[];
  dev: TypoEntry[];
}

/** Checks one set's file contents; throws naming the entry that is malformed. */
export function parseTypoSet(text: string, file: string): TypoEntry[] {
  const data = JSON.parse(text);
  if (typeof data?.note !== "string" || !Array.isArray(data.entries)) {
    throw new Error(`${file}: expected {"note": string, "entries": [...]}`);
  }
  data.entries.forEach((entry: TypoEntry, k: number) => {
    const p = entry?.product;
    const fields = [entry?.query, entry?.mistake, p?.name, p?.url, p?.tagline, p?.category];
    if (fields.some((f) => typeof f !== "string" || f === "") || !Array.isArray(p.keywords)) {
      throw new Error(`${file}: entry ${k} needs query, mistake and a complete product`);
    }
  });
  return data.entries;
}

export async function loadTypoSets(): Promise<TypoSets> {
  const read = async (name: string) => {
    const url = new URL(name, import.meta.url);
    return parseTypoSet(await Deno.readTextFile(url), name);
  };
  return { heldout: await read("typo_heldout.json"), dev: await read("typo_dev.json") };
}

/** The live listing of a typo-set product. */
export function typoProductListing(entry: TypoEntry, launchedAt = "2025-06-02T00:00:00.000Z") {
  const p = entry.product;
  const listing: NewListing = blankListing({
    name: p.name,
    url: p.url,
    tagline: p.tagline,
    short_description: p.short_description,
    description: p.description,
    keywords: p.keywords,
    primary_category: p.category,
    status: "live",
    plan: "free",
    launched_at: launchedAt,
    created_at: launchedAt,
  });
  return listing;
}

/** Hits per set: the intended product ranked first. */
export function hitRates(
  probes: { set: string; id: number }[],
  firstIds: (number | null)[],
): Record<string, { hits: number; total: number }> {
  const out: Record<string, { hits: number; total: number }> = {};
  probes.forEach((probe, k) => {
    const rate = out[probe.set] ??= { hits: 0, total: 0 };
    rate.total++;
    if (firstIds[k] === probe.id) rate.hits++;
  });
  return out;
}
