/**
 * Fulfilment of a paid order: one queue job applies the lines in order, each line exactly once.
 * A line's effect (the listing's change, the week booked, other writes, site-team tasks) and the
 * line's `applied_at` go in one atomic write, checked against the order read: a replayed job, a
 * duplicate message or a crash between lines finds applied lines applied and goes on with the next.
 */
import { type ListingState, updateListingState } from "../../kv/listings.ts";
import {
  clearFulfilling,
  getOrder,
  getOrderEntry,
  WeekHoldLedger,
  writeOrder,
  writeSiteTask,
} from "../../kv/orders.ts";
import { backoff } from "../../kv/retry.ts";
import type { LineTask, Order, OrderLine, SiteTask } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { conflict } from "../platform/errors.ts";
import type { QueuedJob } from "../platform/jobs.ts";
import { LINE_FULFILLERS } from "./fulfil/mod.ts";

const MAX_ATTEMPTS = 8;

/** What a line's fulfiller sees: the paid order, its line and (for listing lines) the listing now. */
export interface LineContext {
  deps: Deps;
  order: Order;
  line: OrderLine;
  index: number;
  /** The listing the line is for, as read in this attempt (null for lines without a listing). */
  state: ListingState | null;
  /** Week holds, with this line's hold loaded (release it when the week is booked). */
  ledger: WeekHoldLedger;
  /** Whether the order still holds this line's week (false after expiry or cancel). */
  holdsWeek: boolean;
}

/** What a fulfiller decides; it reads what it needs and writes nothing itself. */
export interface LineOutcome {
  /** The listing as it becomes (omitted: unchanged). */
  state?: ListingState;
  /** More writes and checks for the same atomic operation (e.g. a billboard contribution). */
  write?: (op: Deno.AtomicOperation) => void | Promise<void>;
  /** What was done, in words, shown on the line (e.g. "Live since 2026-11-24"). */
  result: string;
  /** Parts a person does: the line stays unfulfilled until the site team marks them done. */
  tasks?: { title: string; details: string }[];
}

/** Applies one kind of line; see `LINE_FULFILLERS` in fulfil/mod.ts. */
export type LineFulfiller = (ctx: LineContext) => Promise<LineOutcome>;

/** The queue job `{ type: "order_fulfilment", number }`: applies every line not yet applied. */
export async function runOrderFulfilmentJob(deps: Deps, job: QueuedJob): Promise<string | void> {
  if (typeof job.number !== "string") return "order_fulfilment job without a number";
  await fulfilOrder(deps, job.number);
}

/** Applies an order's lines in order, each once, then settles the order. Safe to run again. */
export async function fulfilOrder(deps: Deps, number: string): Promise<Order | null> {
  const order = await getOrder(deps.kv, number);
  if (!order) return null;
  for (let index = 0; index < order.lines.length; index++) {
    await applyLine(deps, number, index);
  }
  return await settleOrder(deps, number);
}

/** The line's site-team tasks as stored in the task list. */
function siteTasksOf(order: Order, index: number, outcome: LineOutcome, at: string): SiteTask[] {
  return (outcome.tasks ?? []).map((t, k) => ({
    id: `${order.number}-${index + 1}-${k + 1}`,
    title: t.title,
    details: t.details,
    status: "open",
    done_at: null,
    done_by: null,
    order_number: order.number,
    line: index,
    listing_id: order.lines[index].listing_id ?? null,
    created_at: at,
  }));
}

/** The order with line `index` applied (fulfilled too when it needs no person). */
function withLineApplied(
  order: Order,
  index: number,
  outcome: LineOutcome,
  tasks: SiteTask[],
  at: string,
) {
  const line = order.lines[index];
  const shown: LineTask[] = tasks.map(({ id, title, done_at }) => ({
    id,
    title,
    status: "open",
    done_at,
  }));
  const done = shown.length === 0;
  const next: Order = structuredClone(order);
  next.lines[index] = {
    ...line,
    applied_at: at,
    result: outcome.result,
    tasks: shown,
    fulfilled: done,
    fulfilled_at: done ? at : null,
  };
  next.holds = order.holds.filter((h) => h.line !== index);
  return next;
}

/**
 * Applies line `index` of a paid order if it is not applied yet: the fulfiller's decision, the
 * line's hold released, its tasks and the order written in one atomic operation.
 */
async function applyLine(deps: Deps, number: string, index: number): Promise<void> {
  const first = await getOrder(deps.kv, number);
  const line = first?.lines[index];
  if (!first || first.status !== "paid" || !line || line.applied_at) return;
  const fulfil = LINE_FULFILLERS[line.product];
  if (!fulfil) throw new Error(`No fulfilment for product "${line.product}"`);
  const attempt = async (state: ListingState | null) => {
    const entry = await getOrderEntry(deps.kv, number);
    const order = entry.value;
    if (!order || order.status !== "paid" || order.lines[index].applied_at) return null;
    const ledger = new WeekHoldLedger(deps.kv);
    const hold = order.holds.find((h) => h.line === index);
    if (hold) {
      await ledger.load([hold]);
      ledger.add(hold.pool, hold.week, -1);
    }
    const ctx = { deps, order, line: order.lines[index], index, state, ledger, holdsWeek: !!hold };
    const outcome = await fulfil(ctx);
    const now = deps.now().toISOString();
    const tasks = siteTasksOf(order, index, outcome, now);
    const write = async (op: Deno.AtomicOperation) => {
      writeOrder(op, entry, withLineApplied(order, index, outcome, tasks, now));
      ledger.apply(op);
      for (const t of tasks) writeSiteTask(op, t);
      await outcome.write?.(op);
    };
    return { outcome, write };
  };
  if (line.listing_id === undefined) return await applyWithoutListing(deps, attempt);
  let decided: Awaited<ReturnType<typeof attempt>> = null;
  await updateListingState(
    deps.kv,
    line.listing_id,
    async (state) => {
      decided = await attempt(state);
      return decided ? (decided.outcome.state ?? state) : null;
    },
    async (op) => await decided!.write(op),
  );
}

/** Applies a line that changes no listing: its writes and the order, retried on a race. */
async function applyWithoutListing(
  deps: Deps,
  attempt: (state: null) => Promise<
    { write: (op: Deno.AtomicOperation) => Promise<void> } | null
  >,
): Promise<void> {
  for (let n = 0; n < MAX_ATTEMPTS; n++) {
    const decided = await attempt(null);
    if (!decided) return;
    const op = deps.kv.atomic();
    await decided.write(op);
    if ((await op.commit()).ok) return;
    await backoff(n);
  }
  throw conflict("Could not apply an order line: too many concurrent writes");
}

/**
 * Once every line is applied, the order leaves the fulfilment sweep's set; once every line is
 * fulfilled (site-team tasks done), it gets `fulfilled_at`.
 */
export async function settleOrder(deps: Deps, number: string): Promise<Order | null> {
  for (let n = 0; n < MAX_ATTEMPTS; n++) {
    const entry = await getOrderEntry(deps.kv, number);
    const order = entry.value;
    if (!order) return null;
    const applied = order.lines.every((l) => l.applied_at);
    const fulfilled = order.lines.every((l) => l.fulfilled);
    const next = fulfilled && !order.fulfilled_at
      ? { ...order, fulfilled_at: deps.now().toISOString(), updated_at: deps.now().toISOString() }
      : order;
    if (!applied && next === order) return order;
    const op = deps.kv.atomic();
    if (applied) clearFulfilling(op, number);
    if (next !== order) writeOrder(op, entry, next);
    else op.check(entry);
    if ((await op.commit()).ok) return next;
    await backoff(n);
  }
  throw conflict(`Could not settle order ${number}: too many concurrent writes`);
}
