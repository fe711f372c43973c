/**
 * The documents of the search index: one numbered slot per indexed version of a listing, its
 * filter values, counts and dates in typed-array columns, and the filters compiled against them.
 */
import { grow } from "./arrays.ts";
import type { SnapshotReader, SnapshotWriter } from "./codec.ts";
import { normalizeDomain } from "./text.ts";
import { ValueIds } from "./values.ts";
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

/** A filter value's live and scheduled slots, and its most voted slot. */
export interface ValueTally {
  value: string;
  live: number;
  scheduled: number;
  topSlot: number;
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
  #values = new Map<string, ValueIds>();
  /** The slot last written with each domain (by value id): a domain filter reads one slot. */
  #domainSlot = new Int32Array(1024).fill(-1);

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
    this.#setDomainSlot(slot);
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
    for (let slot = 0; slot < live; slot++) this.#setDomainSlot(slot);
    return remap;
  }

  /**
   * The category-list values starting with `prefix` (tags: `tag:`) that live or scheduled slots
   * among the first `count` carry: how many of each status, and the most voted slot.
   */
  tally(count: number, prefix: string): ValueTally[] {
    const names = new Map<number, string>();
    for (const [value, id] of this.#values.get("category")?.entries() ?? []) {
      if (value.startsWith(prefix)) names.set(id, value);
    }
    const out = new Map<number, ValueTally>();
    const { status, categoryStart, categoryCount, votes } = this.columns;
    for (let slot = 0; slot < count; slot++) {
      if (status[slot] === STATUS_DEAD) continue;
      const start = categoryStart[slot];
      for (let i = start; i < start + categoryCount[slot]; i++) {
        const name = names.get(this.#categoryPool[i]);
        if (name === undefined) continue;
        const t = out.get(this.#categoryPool[i]) ??
          { value: name, live: 0, scheduled: 0, topSlot: slot };
        if (status[slot] === STATUS_LIVE) t.live++;
        else t.scheduled++;
        if (votes[slot] > votes[t.topSlot]) t.topSlot = slot;
        out.set(this.#categoryPool[i], t);
      }
    }
    return [...out.values()];
  }

  /** The live or scheduled slot holding a domain (a filter's value id), or -1. */
  slotOfDomain(domain: number): number {
    const slot = domain >= 0 && domain < this.#domainSlot.length ? this.#domainSlot[domain] : -1;
    const columns = this.columns;
    if (slot < 0 || columns.status[slot] === STATUS_DEAD) return -1;
    return columns.domain[slot] === domain ? slot : -1;
  }

  /** Writes the first `count` slots, the category lists and the value dictionaries. */
  writeSnapshot(out: SnapshotWriter, count: number): void {
    for (const name of COLUMN_NAMES) out.array(this.columns[name].subarray(0, count));
    out.array(this.#categoryPool.subarray(0, this.#categoryUsed));
    out.strings([...this.#values.keys()]);
    for (const values of this.#values.values()) values.writeSnapshot(out);
  }

  /** Replaces everything with `count` slots read from a snapshot written by `writeSnapshot`. */
  readSnapshot(input: SnapshotReader, count: number): void {
    // Each column exactly `count` long: the next write grows them all (see #ensure).
    const columns = slotColumns(0);
    for (const name of COLUMN_NAMES) {
      const stored = input.array(columns[name].constructor as never) as SlotColumns[typeof name];
      if (stored.length !== count) throw new RangeError(`Snapshot column ${name} has a bad size`);
      (columns as Record<string, SlotColumns[keyof SlotColumns]>)[name] = stored;
    }
    const pool = input.array(Int32Array);
    const kinds = input.strings();
    const values = new Map(kinds.map((kind) => [kind, ValueIds.readSnapshot(input)]));
    this.columns = columns;
    this.#categoryPool = pool;
    this.#categoryUsed = pool.length;
    this.#values = values;
    this.#domainSlot = new Int32Array(1024).fill(-1);
    for (let slot = 0; slot < count; slot++) {
      if (columns.status[slot] !== STATUS_DEAD) this.#setDomainSlot(slot);
    }
  }

  /**
   * Grows the columns, the category pool and the domain table to hold `count` slots now, one
   * array at a time with `pause` between (a snapshot's columns are read exactly as long as its
   * slots, so otherwise the first write after a start would grow them all at once: ~400 ms at
   * 1,000,000). Call it before the slots are shared: a write must not come in between.
   */
  async reserve(count: number, pause: () => Promise<void>): Promise<void> {
    const columns = this.columns as Record<string, SlotColumns[keyof SlotColumns]>;
    const categoriesPerSlot = this.#categoryUsed / Math.max(1, columns.ids.length);
    // `ids` last: its length is the capacity `#ensure` reads.
    for (const name of [...COLUMN_NAMES.filter((name) => name !== "ids"), "ids" as const]) {
      columns[name] = grow(columns[name], count);
      await pause();
    }
    this.#categoryPool = grow(this.#categoryPool, Math.ceil(count * categoriesPerSlot));
    await pause();
    this.#domainSlot = grow(this.#domainSlot, count, -1);
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

  #setDomainSlot(slot: number): void {
    const domain = this.columns.domain[slot];
    if (domain < 0) return;
    this.#domainSlot = grow(this.#domainSlot, domain + 1, -1);
    this.#domainSlot[domain] = slot;
  }

  #valueId(kind: string, value: string | null): number {
    if (value === null || value === "") return -1;
    let values = this.#values.get(kind);
    if (!values) this.#values.set(kind, values = new ValueIds());
    return values.idOf(value);
  }
}
