/**
 * The order jobs: the expiry job each order queues for its 24 hours, and the sweep (every few
 * minutes, from main.ts) that expires due orders and restarts fulfilments whose job ran out of
 * retries or was lost. Both are safe to run twice.
 */
import { listFulfillingOrders, listPendingOrderNumbers } from "../../kv/orders.ts";
import type { Deps } from "../platform/deps.ts";
import type { QueuedJob } from "../platform/jobs.ts";
import { fulfilOrder } from "./fulfilment.ts";
import { expireOrderIfDue } from "./order_changes.ts";

/** A fulfilment younger than this is left to its own queue job. */
const FULFILMENT_GRACE_MS = 10 * 60_000;

/** The queue job `{ type: "order_expiry", number }`: expires the order if it is still unpaid. */
export async function runOrderExpiryJob(deps: Deps, job: QueuedJob): Promise<string | void> {
  if (typeof job.number !== "string") return "order_expiry job without a number";
  const result = await expireOrderIfDue(deps, job.number);
  const order = result?.order;
  if (order?.status === "pending") {
    // Not due yet by this clock: look again when it is.
    const wait = new Date(order.expires_at).getTime() - deps.now().getTime();
    await deps.kv.enqueue(job, { delay: Math.max(1_000, wait + 1_000) });
  }
}

/** What one sweep did. */
export interface OrderSweep {
  expired: string[];
  fulfilled: string[];
}

/** Expires every due pending order and finishes every paid order left half applied. */
export async function sweepOrders(deps: Deps): Promise<OrderSweep> {
  const expired: string[] = [];
  for (const number of await listPendingOrderNumbers(deps.kv)) {
    const result = await expireOrderIfDue(deps, number);
    if (result?.changed) expired.push(number);
  }
  const fulfilled: string[] = [];
  const cutoff = deps.now().getTime() - FULFILMENT_GRACE_MS;
  for (const { number, since } of await listFulfillingOrders(deps.kv)) {
    if (new Date(since).getTime() > cutoff) continue;
    await fulfilOrder(deps, number);
    fulfilled.push(number);
  }
  return { expired, fulfilled };
}
