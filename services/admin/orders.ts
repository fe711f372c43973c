/**
 * The console's order and task actions, each recording its one audit entry in the action's own
 * atomic write: "order.cancel" and "order.refund" (with the reason and the account of what was
 * reversed and kept in `detail`), "task.assign" and "task.done".
 */
import { stageAudit } from "../../kv/audit.ts";
import type { Order, SiteTask } from "../../kv/types.ts";
import {
  assignSiteTask,
  cancelOrder,
  completeSiteTask,
  refundOrder,
  type TaskStage,
  type TeamActor,
} from "../commerce/mod.ts";
import type { Deps } from "../platform/deps.ts";
import { auditEntry, requiredReason } from "./audit.ts";

/** The actor of an order action: the reason checked, the audit entry staged with the order. */
function orderActor(deps: Deps, by: string, action: string, rawReason: unknown): TeamActor {
  const reason = requiredReason(rawReason);
  return {
    by,
    reason,
    stage: (op, order: Order) => {
      stageAudit(
        op,
        auditEntry(deps, {
          by,
          action,
          target: { type: "order", id: order.number },
          reason,
          detail: {
            status: order.status,
            reversed: order.team_action?.reversed ?? [],
            kept: order.team_action?.kept ?? [],
          },
        }),
      );
    },
  };
}

/** Cancels a pending order for team member `by`, with a reason (400 naming `reason`). */
export function cancelOrderAsTeam(deps: Deps, by: string, number: string, reason: unknown) {
  return cancelOrder(deps, number, orderActor(deps, by, "order.cancel", reason));
}

/** Refunds a paid order for team member `by`, with a reason (400 naming `reason`). */
export function refundOrderAsTeam(deps: Deps, by: string, number: string, reason: unknown) {
  return refundOrder(deps, number, orderActor(deps, by, "order.refund", reason));
}

/** Stages a task action's entry, with the fields it changed before and after. */
function taskStage(deps: Deps, by: string, action: string): TaskStage {
  return (op, before: SiteTask, after: SiteTask) => {
    const changed = (["status", "assignee"] as const).filter((k) =>
      (before[k] ?? null) !== (after[k] ?? null)
    );
    const detail = Object.fromEntries(
      changed.map((k) => [k, { before: before[k] ?? null, after: after[k] ?? null }]),
    );
    stageAudit(
      op,
      auditEntry(deps, {
        by,
        action,
        target: { type: "task", id: after.id },
        reason: null,
        detail: { ...detail, order: after.order_number, line: after.line + 1 },
      }),
    );
  };
}

/** Assigns a task (a team member or nobody) and sets its status: "task.assign". */
export function assignTaskAsTeam(
  deps: Deps,
  by: string,
  id: string,
  input: { assignee: string; status: string },
): Promise<SiteTask> {
  const stage = taskStage(deps, by, "task.assign");
  return assignSiteTask(deps, id, input, deps.config.adminEmails, stage);
}

/** Marks a task done: "task.done"; the line fulfilled when it was its last task. */
export function completeTaskAsTeam(deps: Deps, by: string, id: string): Promise<SiteTask> {
  return completeSiteTask(deps, id, by, taskStage(deps, by, "task.done"));
}
