/**
 * The site team's side of orders: the task list (parts of paid lines a person does) and the order
 * list and detail of the admin console. Completing a task marks it done in the list and on its
 * order line in one atomic write; the line is fulfilled when all its tasks are done, the order when
 * all its lines are (settleOrder).
 */
import { getSiteTaskEntry, listAllOrders, listSiteTasks, writeSiteTask } from "../../kv/orders.ts";
import type { Order, OrderStatus, SiteTask } from "../../kv/types.ts";
import { getUser } from "../../kv/users.ts";
import { getListings } from "../../kv/listings.ts";
import type { Deps } from "../platform/deps.ts";
import { badRequest, notFound } from "../platform/errors.ts";
import { settleOrder } from "./fulfilment.ts";
import { changeOrder } from "./order_changes.ts";
import { currentOrder } from "./orders.ts";

const TASK_STATUSES = ["open", "done"] as const;
const ORDER_STATUSES: OrderStatus[] = ["pending", "paid", "expired", "canceled", "refunded"];

/** Reads an optional status filter; anything else than `allowed` is a 400 naming `status`. */
function statusFilter<T extends string>(raw: string | undefined, allowed: readonly T[]) {
  if (raw === undefined || raw === "") return undefined;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw badRequest(`Invalid status "${raw}": use one of ${allowed.join(", ")}`, [
      { path: "status", message: `One of ${allowed.join(", ")}` },
    ]);
  }
  return raw as T;
}

/** The task list: open tasks first (oldest first), then done ones (latest done first). */
export async function listTasks(
  deps: Deps,
  query: { status?: string } = {},
): Promise<SiteTask[]> {
  const status = statusFilter(query.status, TASK_STATUSES);
  const tasks = (await listSiteTasks(deps.kv)).filter((t) => !status || t.status === status);
  const open = tasks.filter((t) => t.status === "open");
  const done = tasks.filter((t) => t.status === "done")
    .sort((a, b) => (b.done_at ?? "").localeCompare(a.done_at ?? ""));
  return [...open, ...done];
}

/** The order with task `id` done on its line, the line fulfilled once all its tasks are done. */
function withTaskDone(order: Order, task: SiteTask, at: string): Order {
  const line = order.lines[task.line];
  if (!line) return order;
  const tasks = line.tasks.map((t) =>
    t.id === task.id && t.status !== "done" ? { ...t, status: "done" as const, done_at: at } : t
  );
  const allDone = tasks.every((t) => t.status === "done");
  order.lines[task.line] = {
    ...line,
    tasks,
    fulfilled: line.fulfilled || (allDone && !!line.applied_at),
    fulfilled_at: line.fulfilled_at ?? (allDone && line.applied_at ? at : null),
  };
  return order;
}

/**
 * Marks a site-team task done, by `doneBy` (the team member's email): the task and its order line
 * in one atomic write (both checked), then the order's `fulfilled_at` once every line is fulfilled.
 * Completing a done task changes nothing; an unknown id is a 404.
 */
export async function completeSiteTask(
  deps: Deps,
  id: string,
  doneBy: string,
): Promise<SiteTask> {
  const first = (await getSiteTaskEntry(deps.kv, id)).value;
  if (!first) throw notFound("task", id);
  let written: SiteTask = first;
  if (first.status !== "done") {
    const at = deps.now().toISOString();
    let entry: Deno.KvEntryMaybe<SiteTask> | null = null;
    const result = await changeOrder(deps, first.order_number, async (order) => {
      entry = await getSiteTaskEntry(deps.kv, id);
      const task = entry.value;
      if (!task || task.status === "done") return null;
      written = { ...task, status: "done", done_at: at, done_by: doneBy };
      return withTaskDone(order, task, at);
    }, (op) => {
      op.check(entry!);
      writeSiteTask(op, written);
    });
    if (!result) {
      throw notFound("order", first.order_number);
    }
    if (!result.changed) written = (await getSiteTaskEntry(deps.kv, id)).value ?? first;
  }
  // Also on a repeat: a crash after the task's write left the order to settle.
  await settleOrder(deps, first.order_number);
  return written;
}

/** A listing a task or an order line is for: its name and the slug of its public page. */
export interface ListingRef {
  id: number;
  name: string;
  slug: string;
}

/** The listings of `ids` by id (deleted ones left out). */
export async function listingRefs(deps: Deps, ids: (number | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === "number"))];
  const found = await getListings(deps.kv, wanted);
  return new Map<number, ListingRef>(
    found.map((l) => [l.id, { id: l.id, name: l.name, slug: l.slug }]),
  );
}

/** An order as the site team sees it: the order, its buyer's email and its lines' listings. */
export interface TeamOrder {
  order: Order;
  buyer_email: string | null;
  listings: Map<number, ListingRef>;
}

async function withBuyer(deps: Deps, order: Order): Promise<TeamOrder> {
  return {
    order,
    buyer_email: (await getUser(deps.kv, order.user_id))?.email ?? null,
    listings: await listingRefs(deps, order.lines.map((l) => l.listing_id)),
  };
}

/** Every order, newest first (an overdue pending one shown expired), optionally of one status. */
export async function listTeamOrders(
  deps: Deps,
  query: { status?: string } = {},
): Promise<TeamOrder[]> {
  const status = statusFilter(query.status, ORDER_STATUSES);
  const orders = await Promise.all(
    (await listAllOrders(deps.kv)).map(async (o) =>
      o.status === "pending" ? (await currentOrder(deps, o.number)) ?? o : o
    ),
  );
  return await Promise.all(
    orders.filter((o) => !status || o.status === status).map((o) => withBuyer(deps, o)),
  );
}

/** One order for the site team, any buyer's; 404 when there is none. */
export async function getTeamOrder(deps: Deps, number: string): Promise<TeamOrder> {
  const order = /^[A-Za-z0-9-]{1,32}$/.test(number) ? await currentOrder(deps, number) : null;
  if (!order) throw notFound("order", number);
  return await withBuyer(deps, order);
}
