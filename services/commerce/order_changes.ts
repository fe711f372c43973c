/**
 * Order status changes, each one atomic write of the order with the week holds and queue jobs it
 * touches: paid (from the checkout page or Stripe's webhook; replays change nothing), expired
 * (24 h unpaid), canceled and refunded (by the site team). Holds are released when an unpaid
 * order ends; fulfilment turns a paid order's holds into bookings line by line.
 */
import { backoff } from "../../kv/retry.ts";
import {
  clearFulfilling,
  getOrderEntry,
  markFulfilling,
  WeekHoldLedger,
  writeOrder,
} from "../../kv/orders.ts";
import type { Order, OrderTeamAction } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { conflict, notFound } from "../platform/errors.ts";
import { cancelAccount, refundAccount } from "./team_account.ts";

const MAX_ATTEMPTS = 8;
/** Retries of the fulfilment job: a minute apart, then longer (the sweep restarts it after). */
export const FULFILMENT_BACKOFF_MS = [1_000, 10_000, 60_000, 300_000, 900_000];
/** How long an unpaid order holds its weeks. */
export const ORDER_TTL_MS = 24 * 3_600_000;

/** What a change decides: the next order, or null to leave it as it is. */
export type OrderDecision = (
  order: Order,
  ledger: WeekHoldLedger,
) => Order | null | Promise<Order | null>;

/**
 * Decides and commits one change of an order: `decide` sees the current order (read again on
 * every retry) and the hold ledger; `extra` adds to the same atomic write. Returns the order as
 * written, or as it is when nothing changed; null when there is no such order.
 */
export async function changeOrder(
  deps: Deps,
  number: string,
  decide: OrderDecision,
  extra?: (op: Deno.AtomicOperation, before: Order, after: Order) => void | Promise<void>,
): Promise<{ order: Order; changed: boolean } | null> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const entry = await getOrderEntry(deps.kv, number);
    if (!entry.value) return null;
    const ledger = new WeekHoldLedger(deps.kv);
    const next = await decide(structuredClone(entry.value), ledger);
    if (!next) return { order: entry.value, changed: false };
    next.updated_at = deps.now().toISOString();
    const op = deps.kv.atomic();
    writeOrder(op, entry, next);
    ledger.apply(op);
    await extra?.(op, entry.value, next);
    if ((await op.commit()).ok) return { order: next, changed: true };
    await backoff(attempt);
  }
  throw conflict(`Could not update order ${number}: too many concurrent writes, retry`);
}

/** Gives back every week an order still holds (in the ledger) and forgets the holds. */
async function releaseHolds(order: Order, ledger: WeekHoldLedger): Promise<Order> {
  await ledger.load(order.holds);
  for (const h of order.holds) ledger.add(h.pool, h.week, -1);
  return { ...order, holds: [] };
}

/** Adds the fulfilment job of a paid order (and its place in the sweep's set) to `op`. */
export function enqueueFulfilment(op: Deno.AtomicOperation, number: string, at: string): void {
  markFulfilling(op, number, at);
  op.enqueue({ type: "order_fulfilment", number }, { backoffSchedule: FULFILMENT_BACKOFF_MS });
}

/** Payment details a provider reports. */
export interface PaymentReport {
  provider: Order["payment"]["provider"];
  session_id?: string | null;
  payment_intent?: string | null;
}

/**
 * Marks an order paid and queues its fulfilment, once: a replayed webhook or a second click finds
 * it paid and changes nothing. An order paid after it expired or was canceled (a payment already
 * under way) is paid all the same; its weeks are booked at fulfilment if they still have room.
 */
export async function markOrderPaid(deps: Deps, number: string, payment: PaymentReport) {
  const now = deps.now().toISOString();
  return await changeOrder(
    deps,
    number,
    (order) =>
      order.status === "paid" || order.status === "refunded" ? null : {
        ...order,
        status: "paid",
        paid_at: now,
        payment: {
          ...order.payment,
          provider: payment.provider,
          session_id: payment.session_id ?? order.payment.session_id,
          payment_intent: payment.payment_intent ?? order.payment.payment_intent,
        },
      },
    (op) => enqueueFulfilment(op, number, now),
  );
}

/** Expires an unpaid order whose 24 hours are over, releasing its weeks; otherwise nothing. */
export async function expireOrderIfDue(deps: Deps, number: string) {
  const now = deps.now();
  return await changeOrder(deps, number, async (order, ledger) => {
    if (order.status !== "pending" || now < new Date(order.expires_at)) return null;
    return { ...(await releaseHolds(order, ledger)), status: "expired" };
  });
}

/**
 * A site-team member acting on an order, and why. `stage` adds to the action's own atomic write
 * (the audit entry), seeing the order as written with its `team_action` account.
 */
export interface TeamActor {
  by: string;
  reason: string;
  stage?: (op: Deno.AtomicOperation, order: Order) => void;
}

/** The order's `team_action` for an actor, with the account of what was reversed and kept. */
function teamAction(
  actor: TeamActor | undefined,
  action: OrderTeamAction["action"],
  at: string,
  account: Pick<OrderTeamAction, "reversed" | "kept">,
): { team_action?: OrderTeamAction } {
  return actor
    ? { team_action: { action, by: actor.by, reason: actor.reason, at, ...account } }
    : {};
}

/**
 * The site team cancels an unpaid order: its weeks are released, and `actor`'s reason and account
 * are kept on it. Canceling a canceled order changes nothing; any other status is a 409.
 */
export async function cancelOrder(deps: Deps, number: string, actor?: TeamActor) {
  const now = deps.now().toISOString();
  const result = await changeOrder(deps, number, async (order, ledger) => {
    if (order.status === "canceled") return null;
    if (order.status !== "pending") {
      throw conflict(`Order ${number} is ${order.status}: only a pending order can be canceled`);
    }
    return {
      ...(await releaseHolds(order, ledger)),
      status: "canceled",
      canceled_at: now,
      ...teamAction(actor, "cancel", now, cancelAccount(order)),
    };
  }, (op, _before, after) => {
    actor?.stage?.(op, after);
  });
  if (!result) throw notFound("order", number);
  return result.order;
}

/**
 * Records the refund of a paid order (after the provider refunded it, `payment` saying how):
 * status refunded, the weeks of lines not yet applied released (those lines are never applied).
 * What was already delivered stays; the account on the order says what was reversed and kept.
 */
export async function recordRefund(
  deps: Deps,
  number: string,
  refund: { id: string | null; payment: string },
  actor?: TeamActor,
) {
  const now = deps.now().toISOString();
  const result = await changeOrder(deps, number, async (order, ledger) => {
    if (order.status === "refunded") return null;
    if (order.status !== "paid") {
      throw conflict(`Order ${number} is ${order.status}: only a paid order can be refunded`);
    }
    return {
      ...(await releaseHolds(order, ledger)),
      status: "refunded",
      refunded_at: now,
      payment: { ...order.payment, refund_id: refund.id },
      ...teamAction(actor, "refund", now, refundAccount(order, refund.payment)),
    };
  }, (op, _before, after) => {
    clearFulfilling(op, number);
    actor?.stage?.(op, after);
  });
  if (!result) throw notFound("order", number);
  return result.order;
}
