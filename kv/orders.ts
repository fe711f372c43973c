/**
 * Orders: the record under its number, a per-user index by creation time, the pending set (for the expiry sweep) and the week hold counters. Every status
 * change is one atomic write of the order with the indexes and counters it touches.
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

/** Every order, newest first by number order of creation (for the site team's list). */
export async function listAllOrders(kv: Deno.Kv, limit = 500): Promise<Order[]> {
  const out: Order[] = [];
  for await (const e of kv.list<Order>({ prefix: keys.ordersPrefix() })) out.push(e.value);
  return out.sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, limit);
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

/** Adds the write of a new order with its indexes to `op` (checked: the number is unused). */
export function writeNewOrder(op: Deno.AtomicOperation, order: Order): void {
  op.check({ key: keys.orderKey(order.number), versionstamp: null })
    .set(keys.orderKey(order.number), order)
    .set(keys.orderByUserKey(order.user_id, order.created_at, order.number), order.number)
    .set(keys.pendingOrderKey(order.number), order.expires_at);
}

/** Adds the checked write of a changed order (and its pending-set entry) to `op`. */
export function writeOrder(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntryMaybe<Order>,
  order: Order,
): void {
  op.check(entry).set(keys.orderKey(order.number), order);
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
