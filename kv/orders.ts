/**
 * Orders: the record under its number, indexes by creation time (all, per user, per status, per
 * listing), the pending set (for the expiry sweep) and the week hold counters. Every status
 * change is one atomic write of the order with the indexes and counters it touches; orders stored
 * before the site team's indexes get them from `backfillOrderIndexes`.
 */
import * as keys from "./keys.ts";
import { getManyValues, present } from "./read.ts";
import type { BillboardContribution, Order, SiteTask, WeekHold } from "./types.ts";

/** An order with its versionstamp (value null when there is none). */
export function getOrderEntry(kv: Deno.Kv, number: string): Promise<Deno.KvEntryMaybe<Order>> {
  return kv.get<Order>(keys.orderKey(number));
}

/** An order, or null. */
export async function getOrder(kv: Deno.Kv, number: string): Promise<Order | null> {
  return (await getOrderEntry(kv, number)).value;
}

/** Several orders, in order (missing ones left out). */
export async function getOrders(kv: Deno.Kv, numbers: string[]): Promise<Order[]> {
  return present(await getManyValues<Order>(kv, numbers.map(keys.orderKey)));
}

/** A user's order numbers, newest first. */
export async function listOrderNumbersByUser(kv: Deno.Kv, userId: string): Promise<string[]> {
  const out: string[] = [];
  const iter = kv.list<string>({ prefix: keys.ordersByUserPrefix(userId) }, { reverse: true });
  for await (const e of iter) out.push(e.value);
  return out;
}

/** Numbers of the orders still pending (for the expiry sweep). */
export async function listPendingOrderNumbers(kv: Deno.Kv): Promise<string[]> {
  const out: string[] = [];
  for await (const e of kv.list({ prefix: keys.pendingOrdersPrefix() })) {
    out.push(e.key[1] as string);
  }
  return out;
}

/** Where the site team looks orders up (every index lists newest first but `number`). */
export type OrderIndex =
  | { by: "all" }
  | { by: "status"; status: string }
  | { by: "user"; userId: string }
  | { by: "listing"; listingId: number }
  /** Numbers starting with `prefix`, in descending number order (newest day first). */
  | { by: "number"; prefix: string };

function indexSelector(index: OrderIndex): Deno.KvListSelector {
  switch (index.by) {
    case "all":
      return { prefix: keys.ordersByTimePrefix() };
    case "status":
      return { prefix: keys.ordersByStatusPrefix(index.status) };
    case "user":
      return { prefix: keys.ordersByUserPrefix(index.userId) };
    case "listing":
      return { prefix: keys.ordersByListingPrefix(index.listingId) };
    case "number":
      return {
        start: [...keys.ordersPrefix(), index.prefix],
        end: [...keys.ordersPrefix(), `${index.prefix}\uffff`],
      };
  }
}

/** How many orders have a status (from its index). */
export async function countOrdersByStatus(kv: Deno.Kv, status: string): Promise<number> {
  let n = 0;
  for await (const _ of kv.list({ prefix: keys.ordersByStatusPrefix(status) })) n++;
  return n;
}

/** How many index entries one page reads at most while skipping orders `keep` refuses. */
export const ORDER_SCAN_MAX = 2000;

/**
 * A page of orders from an index, newest first: at most `limit` that `keep` accepts, after
 * `cursor` (the previous page's `next_cursor`, null on the last page). A page stops early after
 * ORDER_SCAN_MAX entries read, with a cursor to go on.
 */
export async function pageOrders(
  kv: Deno.Kv,
  index: OrderIndex,
  options: { limit: number; cursor?: string; keep?: (order: Order) => boolean },
): Promise<{ orders: Order[]; next_cursor: string | null }> {
  const iter = kv.list<Order | string>(indexSelector(index), {
    reverse: true,
    cursor: options.cursor || undefined,
    batchSize: Math.min(500, options.limit + 1),
  });
  const orders: Order[] = [];
  let scanned = 0;
  for await (const e of iter) {
    const order = typeof e.value === "string" ? await getOrder(kv, e.value) : e.value;
    scanned++;
    if (order && (!options.keep || options.keep(order))) orders.push(order);
    if (orders.length === options.limit || scanned >= ORDER_SCAN_MAX) {
      const cursor = iter.cursor;
      const more = await iter.next();
      return { orders, next_cursor: more.done ? null : cursor };
    }
  }
  return { orders, next_cursor: null };
}
/** The slots held in some weeks of a pool, with their versionstamps, in order. */
export async function getWeekHoldEntries(
  kv: Deno.Kv,
  pool: WeekHold["pool"],
  weeks: string[],
): Promise<Deno.KvEntryMaybe<number>[]> {
  const out: Deno.KvEntryMaybe<number>[] = [];
  for (let i = 0; i < weeks.length; i += 10) {
    const chunk = weeks.slice(i, i + 10).map((w) => keys.weekHoldsKey(pool, w));
    out.push(...await kv.getMany<number[]>(chunk));
  }
  return out;
}

/**
 * Hold counters changed by one atomic write: each week read is checked (two orders racing for a
 * week's last slot cannot both hold it) and the new counts are set.
 */
export class WeekHoldLedger {
  #weeks = new Map<string, { entry: Deno.KvEntryMaybe<number>; value: number }>();

  constructor(private readonly kv: Deno.Kv) {}

  static #id(pool: WeekHold["pool"], week: string): string {
    return `${pool}:${week}`;
  }

  /** Reads the counters not read yet. */
  async load(holds: Pick<WeekHold, "pool" | "week">[]): Promise<void> {
    for (const pool of ["free", "paid"] as const) {
      const weeks = [
        ...new Set(
          holds.filter((h) => h.pool === pool && !this.#weeks.has(WeekHoldLedger.#id(pool, h.week)))
            .map((h) => h.week),
        ),
      ];
      const entries = await getWeekHoldEntries(this.kv, pool, weeks);
      weeks.forEach((week, i) => {
        this.#weeks.set(WeekHoldLedger.#id(pool, week), {
          entry: entries[i],
          value: entries[i].value ?? 0,
        });
      });
    }
  }

  /** Slots held in a loaded week. */
  held(pool: WeekHold["pool"], week: string): number {
    return this.#get(pool, week).value;
  }

  /** Adds `delta` (+1 to hold, -1 to release) to a loaded week, never below 0. */
  add(pool: WeekHold["pool"], week: string, delta: number): void {
    const w = this.#get(pool, week);
    w.value = Math.max(0, w.value + delta);
  }

  /** Adds the checks of the weeks read and their new counts to `op`. */
  apply(op: Deno.AtomicOperation): void {
    for (const [id, w] of this.#weeks) {
      const [pool, week] = id.split(":") as [WeekHold["pool"], string];
      op.check(w.entry);
      if (w.value !== (w.entry.value ?? 0)) {
        if (w.value === 0) op.delete(keys.weekHoldsKey(pool, week));
        else op.set(keys.weekHoldsKey(pool, week), w.value);
      }
    }
  }

  #get(pool: WeekHold["pool"], week: string) {
    const w = this.#weeks.get(WeekHoldLedger.#id(pool, week));
    if (!w) throw new Error(`Week ${pool}:${week} was not loaded`);
    return w;
  }
}

/** Adds the site team's indexes of an order to `op` (time, status, each listing). */
function setOrderIndexes(op: Deno.AtomicOperation, order: Order): void {
  const { created_at: at, number } = order;
  op.set(keys.orderByUserKey(order.user_id, at, number), number)
    .set(keys.orderByTimeKey(at, number), number)
    .set(keys.orderByStatusKey(order.status, at, number), number);
  const listings = new Set(order.lines.map((l) => l.listing_id));
  for (const id of listings) {
    if (id !== undefined) op.set(keys.orderByListingKey(id, at, number), number);
  }
}

/** Adds the write of a new order with its indexes to `op` (checked: the number is unused). */
export function writeNewOrder(op: Deno.AtomicOperation, order: Order): void {
  op.check({ key: keys.orderKey(order.number), versionstamp: null })
    .set(keys.orderKey(order.number), order)
    .set(keys.pendingOrderKey(order.number), order.expires_at);
  setOrderIndexes(op, order);
}

/** Adds the checked write of a changed order (its status index and pending-set entry) to `op`. */
export function writeOrder(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntryMaybe<Order>,
  order: Order,
): void {
  op.check(entry).set(keys.orderKey(order.number), order);
  const before = entry.value?.status;
  if (before && before !== order.status) {
    op.delete(keys.orderByStatusKey(before, order.created_at, order.number))
      .set(keys.orderByStatusKey(order.status, order.created_at, order.number), order.number);
  }
  if (order.status === "pending") op.set(keys.pendingOrderKey(order.number), order.expires_at);
  else op.delete(keys.pendingOrderKey(order.number));
}

/** Adds to `op` the mark of a paid order whose lines are being applied (for the sweep). */
export function markFulfilling(op: Deno.AtomicOperation, number: string, at: string): void {
  op.set(keys.fulfillingOrderKey(number), at);
}

/** Adds to `op` the removal of that mark (every line applied, or the order refunded). */
export function clearFulfilling(op: Deno.AtomicOperation, number: string): void {
  op.delete(keys.fulfillingOrderKey(number));
}

/** Paid orders whose lines are not all applied yet, with when they were paid. */
export async function listFulfillingOrders(
  kv: Deno.Kv,
): Promise<{ number: string; since: string }[]> {
  const out: { number: string; since: string }[] = [];
  for await (const e of kv.list<string>({ prefix: keys.fulfillingOrdersPrefix() })) {
    out.push({ number: e.key[1] as string, since: e.value });
  }
  return out;
}

/** A site-team task with its versionstamp. */
export function getSiteTaskEntry(kv: Deno.Kv, id: string): Promise<Deno.KvEntryMaybe<SiteTask>> {
  return kv.get<SiteTask>(keys.siteTaskKey(id));
}

/** Every site-team task, oldest first. */
export async function listSiteTasks(kv: Deno.Kv): Promise<SiteTask[]> {
  const out: SiteTask[] = [];
  for await (const e of kv.list<SiteTask>({ prefix: keys.siteTasksPrefix() })) out.push(e.value);
  return out.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** Adds the write of a site-team task to `op`. */
export function writeSiteTask(op: Deno.AtomicOperation, task: SiteTask): void {
  op.set(keys.siteTaskKey(task.id), task);
}

/**
 * Adds to `op` a paid billboard contribution, checked absent: a contribution id derived from an
 * order line is written once, however often the line is replayed.
 */
export function writeNewBillboardContribution(
  op: Deno.AtomicOperation,
  contribution: BillboardContribution,
): void {
  const key = keys.billboardKey(contribution.listing_id, contribution.id);
  op.check({ key, versionstamp: null }).set(key, contribution);
}

/** The version of the indexes `setOrderIndexes` writes; raise it when they change. */
export const ORDER_INDEX_VERSION = 1;

/** Whether every stored order has the current indexes (the backfill finished). */
export async function orderIndexesReady(kv: Deno.Kv): Promise<boolean> {
  return (await kv.get<number>(keys.orderIndexVersionKey())).value === ORDER_INDEX_VERSION;
}

/**
 * Writes the indexes of every stored order (those stored before the indexes existed), each in a
 * write checked against the order so a status changed meanwhile is not indexed stale, then marks
 * the indexes ready. Safe to run again or alongside order writes; returns the orders indexed.
 */
export async function backfillOrderIndexes(kv: Deno.Kv): Promise<number> {
  let count = 0;
  for await (const e of kv.list<Order>({ prefix: keys.ordersPrefix() })) {
    let entry: Deno.KvEntryMaybe<Order> = e;
    for (let attempt = 0; entry.value && attempt < 8; attempt++) {
      const op = kv.atomic().check(entry);
      setOrderIndexes(op, entry.value);
      for (const s of ["pending", "paid", "expired", "canceled", "refunded"]) {
        if (s !== entry.value.status) {
          op.delete(keys.orderByStatusKey(s, entry.value.created_at, entry.value.number));
        }
      }
      if ((await op.commit()).ok) {
        count++;
        break;
      }
      entry = await getOrderEntry(kv, e.value.number);
    }
  }
  await kv.set(keys.orderIndexVersionKey(), ORDER_INDEX_VERSION);
  return count;
}
