/**
 * The site team's task list: the parts of paid order lines a person does (done_for_you, an
 * ai_review without website quotes, the done-for-you part of launch_bundle, refunds of lines that
 * could not be delivered). Each task is open, in progress or done, and may be assigned to a team
 * member. Completing a task marks it done in the list and on its order line in one atomic write;
 * the line is fulfilled when all its tasks are done, the order when all its lines are
 * (settleOrder). Each change takes a `stage` that adds the audit entry to the same write.
 */
import { getOrders, getSiteTaskEntry, listSiteTasks, writeSiteTask } from "../../kv/orders.ts";
import type { Order, OrderStatus, SiteTask, SiteTaskStatus } from "../../kv/types.ts";
import { getUser } from "../../kv/users.ts";
import type { Deps } from "../platform/deps.ts";
import { badRequest, conflict, notFound } from "../platform/errors.ts";
import { settleOrder } from "./fulfilment.ts";
import { changeOrder } from "./order_changes.ts";
import { oneOf } from "./team_orders.ts";

export const TASK_STATUSES: readonly SiteTaskStatus[] = ["open", "in_progress", "done"];

/** Adds an action's audit entry to the task's own atomic write. */
export type TaskStage = (op: Deno.AtomicOperation, before: SiteTask, after: SiteTask) => void;

/** A task in the list with its order's status and buyer. */
export interface TeamTask {
  task: SiteTask;
  order_status: OrderStatus | null;
  buyer_email: string | null;
}

/**
 * The task list: open and in-progress tasks first (oldest first), then done ones (latest done
 * first); `status` one of TASK_STATUSES, `assignee` a team member's email or `none`.
 */
export async function listTasks(
  deps: Deps,
  query: { status?: string; assignee?: string } = {},
): Promise<SiteTask[]> {
  const status = oneOf(query.status, TASK_STATUSES, "status");
  const assignee = query.assignee?.trim().toLowerCase() || undefined;
  const tasks = (await listSiteTasks(deps.kv)).filter((t) =>
    (!status || t.status === status) &&
    (!assignee || (assignee === "none" ? !t.assignee : t.assignee === assignee))
  );
  const done = tasks.filter((t) => t.status === "done")
    .sort((a, b) => (b.done_at ?? "").localeCompare(a.done_at ?? ""));
  return [...tasks.filter((t) => t.status !== "done"), ...done];
}

/** The tasks with their orders' status and buyers' emails. */
export async function withOrders(deps: Deps, tasks: SiteTask[]): Promise<TeamTask[]> {
  const orders = await getOrders(deps.kv, [...new Set(tasks.map((t) => t.order_number))]);
  const byNumber = new Map(orders.map((o) => [o.number, o]));
  const emails = new Map<string, string | null>();
  for (const o of orders) {
    if (!emails.has(o.user_id)) {
      emails.set(o.user_id, (await getUser(deps.kv, o.user_id))?.email ?? null);
    }
  }
  return tasks.map((task) => {
    const order = byNumber.get(task.order_number);
    return {
      task,
      order_status: order?.status ?? null,
      buyer_email: order ? emails.get(order.user_id) ?? null : null,
    };
  });
}

/**
 * Assigns a task to a team member (`assignee` one of `team`, or empty for nobody) and sets it
 * open or in progress, with `stage` in the same checked write. A done task is a 409; a task with
 * nothing changed is left as it is (no write).
 */
export async function assignSiteTask(
  deps: Deps,
  id: string,
  input: { assignee: string; status: string },
  team: string[],
  stage?: TaskStage,
): Promise<SiteTask> {
  const assignee = input.assignee.trim().toLowerCase() || null;
  if (assignee && !team.includes(assignee)) {
    throw badRequest(`${assignee} is not on the site team`, [
      { path: "assignee", message: "A team member's email, or nobody" },
    ]);
  }
  const status = oneOf(input.status, ["open", "in_progress"] as const, "status") ?? "open";
  for (let attempt = 0; attempt < 8; attempt++) {
    const entry = await getSiteTaskEntry(deps.kv, id);
    const task = entry.value;
    if (!task) throw notFound("task", id);
    if (task.status === "done") throw conflict(`Task ${id} is done: it can no longer change`);
    if ((task.assignee ?? null) === assignee && task.status === status) return task;
    const next: SiteTask = { ...task, assignee, status };
    const op = deps.kv.atomic().check(entry);
    writeSiteTask(op, next);
    stage?.(op, task, next);
    if ((await op.commit()).ok) return next;
  }
  throw conflict(`Could not update task ${id}: too many concurrent writes, retry`);
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
 * Marks a site-team task done, by `doneBy` (the team member's email): the task, its order line
 * and `stage` in one atomic write (both checked), then the order's `fulfilled_at` once every line
 * is fulfilled. Completing a done task changes nothing; an unknown id is a 404.
 */
export async function completeSiteTask(
  deps: Deps,
  id: string,
  doneBy: string,
  stage?: TaskStage,
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
      stage?.(op, entry!.value!, written);
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
