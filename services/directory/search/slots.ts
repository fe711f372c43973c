/**
 * The documents of the search index: one numbered slot per indexed version of a listing, its
 * filter values, counts and dates in typed-array columns, and the filters compiled against them.
 */
import { grow } from "./arrays.ts";
import { normalizeDomain } from "./text.ts";
import type { SearchDoc, SearchFilters } from "./types.ts";

/** A slot's status: dead slots (replaced or removed listings) are skipped until compaction. */
export const STATUS_DEAD = 0;
export const STATUS_LIVE = 1;
export const STATUS_SCHEDULED = 2;

/** The filters of a query as value ids (-1: any). */
export interface Filter {
  status: number;
  stage: number;
  country: number;
  pricing: number;
  domain: number;
  category: number;
}

/** Per-slot data, a typed array per column, grown and moved together. */
function slotColumns(length: number) {
  return {
    ids: new Int32Array(length),
    status: new Uint8Array(length),
    stage: new Int32Array(length),
    country: new Int32Array(length),
    pricing: new Int32Array(length),
    domain: new Int32Array(length),
    votes: new Float64Array(length),
    views: new Float64Array(length),
    follows: new Float64Array(length),
    time: new Float64Array(length),
    length: new Float32Array(length),
    nameLength: new Uint16Array(length),
    categoryStart: new Int32Array(length),
    categoryCount: new Uint16Array(length),
    /** Where the slot's term ids are in the index's term lists, and how many. */
    termStart: new Int32Array(length),
    termCount: new Int32Array(length),
  };
}

/** The columns of the slots. */
export type SlotColumns = ReturnType<typeof slotColumns>;
const COLUMN_NAMES = Object.keys(slotColumns(0)) as (keyof SlotColumns)[];

/** The slots' columns, the dictionary of filter values and the category lists. */
export class Slots {
  /** The columns (replaced when they grow: read them again after writing). */
  columns: SlotColumns = slotColumns(1024);
  #categoryPool = new Int32Array(4096);
  #categoryUsed = 0;
  /** Filter values (stage, country, ...) as small integers. */
  #values = new Map<string, Map<string, number>>();

  /** Writes a document's id, status, filter values, counts and date into a slot. */
  write(slot: number, doc: SearchDoc, status: number): void {
    this.#ensure(slot + 1);
    const columns = this.columns;
    columns.ids[slot] = doc.id;
    columns.status[slot] = status;
    columns.stage[slot] = this.#valueId("stage", doc.stage);
    columns.country[slot] = this.#valueId("country", doc.country?.toLowerCase() ?? null);
    columns.pricing[slot] = this.#valueId("pricing", doc.pricing_model?.toLowerCase() ?? null);
    columns.domain[slot] = this.#valueId("domain", normalizeDomain(doc.domain));
    columns.votes[slot] = doc.votes;
    columns.views[slot] = doc.views;
    columns.follows[slot] = doc.follows;
    columns.time[slot] = Date.parse(doc.launched_at ?? doc.created_at) || 0;
    const categories = [...new Set(doc.categories)];
    this.#categoryPool = grow(this.#categoryPool, this.#categoryUsed + categories.length);
    columns.categoryStart[slot] = this.#categoryUsed;
    columns.categoryCount[slot] = categories.length;
    for (const category of categories) {
      this.#categoryPool[this.#categoryUsed++] = this.#valueId("category", category);
    }
  }

  /**
   * Moves the live slots among the first `count` down over the dead ones, in order; returns the
   * new number of each old slot (-1 for a dead one).
   */
  compact(count: number): Int32Array {
    const columns = this.columns;
    const remap = new Int32Array(count).fill(-1);
    let live = 0;
    let categoryUsed = 0;
    for (let slot = 0; slot < count; slot++) {
      if (columns.status[slot] === STATUS_DEAD) continue;
      const to = live++;
      remap[slot] = to;
      for (const name of COLUMN_NAMES) columns[name][to] = columns[name][slot];
      const start = columns.categoryStart[to];
      const categoryCount = columns.categoryCount[to];
      this.#categoryPool.copyWithin(categoryUsed, start, start + categoryCount);
      columns.categoryStart[to] = categoryUsed;
      categoryUsed += categoryCount;
    }
    columns.status.fill(STATUS_DEAD, live, count);
    this.#categoryUsed = categoryUsed;
    return remap;
  }

  /** Compiles filters to value ids, or returns null when a value cannot match anything. */
  filter(values: SearchFilters): Filter | null {
    const filter: Filter = {
      status: values.status === "upcoming" ? STATUS_SCHEDULED : STATUS_LIVE,
      stage: -1,
      country: -1,
      pricing: -1,
      domain: -1,
      category: -1,
    };
    const lookups: [keyof Filter, string | undefined][] = [
      ["stage", values.stage],
      ["country", values.country?.toLowerCase()],
      ["pricing", values.pricing_model?.toLowerCase()],
      ["domain", values.domain === undefined ? undefined : normalizeDomain(values.domain)],
      ["category", values.category],
    ];
    for (const [field, value] of lookups) {
      if (value === undefined) continue;
      const id = this.#values.get(field)?.get(value);
      if (id === undefined) return null;
      filter[field] = id;
    }
    return filter;
  }

  /** Whether a slot passes a filter. */
  matches(slot: number, filter: Filter): boolean {
    const columns = this.columns;
    if (columns.status[slot] !== filter.status) return false;
    if (filter.stage >= 0 && columns.stage[slot] !== filter.stage) return false;
    if (filter.country >= 0 && columns.country[slot] !== filter.country) return false;
    if (filter.pricing >= 0 && columns.pricing[slot] !== filter.pricing) return false;
    if (filter.domain >= 0 && columns.domain[slot] !== filter.domain) return false;
    if (filter.category >= 0) {
      const start = columns.categoryStart[slot];
      const end = start + columns.categoryCount[slot];
      for (let k = start; k < end; k++) {
        if (this.#categoryPool[k] === filter.category) return true;
      }
      return false;
    }
    return true;
  }

  #ensure(count: number): void {
    const columns = this.columns;
    if (columns.ids.length >= count) return;
    for (const name of COLUMN_NAMES) {
      (columns as Record<string, SlotColumns[keyof SlotColumns]>)[name] = grow(
        columns[name],
        count,
      );
    }
  }

  #valueId(kind: string, value: string | null): number {
    if (value === null || value === "") return -1;
    let values = this.#values.get(kind);
    if (!values) this.#values.set(kind, values = new Map());
    let id = values.get(value);
    if (id === undefined) {
      id = values.size;
      values.set(value, id);
    }
    return id;
  }
}
