/**
 * Parts the fulfillers share: a line that can no longer be delivered (the site team refunds it),
 * and one outcome made of several fulfillers' outcomes (launch_bundle).
 */
import type { LineContext, LineFulfiller, LineOutcome } from "../fulfilment.ts";

/** The site-team task to refund (part of) a line, naming the order, line and listing. */
export function refundTask(ctx: LineContext, why: string): { title: string; details: string } {
  const { order, line, index } = ctx;
  const listing = ctx.state?.listing;
  return {
    title: `Refund ${line.name} on order ${order.number}`,
    details: `Order ${order.number}, line ${index + 1} (${line.product})` +
      (listing ? `, listing "${listing.name}" (id ${listing.id})` : "") + `: ${why}`,
  };
}

/**
 * A line that cannot be delivered as bought: nothing changes, the result says why, and the site
 * team gets a task to refund it (the line stays unfulfilled until the task is done).
 */
export function notDelivered(ctx: LineContext, why: string): LineOutcome {
  return {
    result: `Not applied: ${why}. The site team will refund this line.`,
    tasks: [refundTask(ctx, why)],
  };
}

/**
 * Runs fulfillers one after another, each seeing the listing as the previous one left it, and
 * joins their outcomes into one (one atomic write, results joined, tasks together).
 */
export async function composeOutcomes(
  ctx: LineContext,
  parts: LineFulfiller[],
): Promise<LineOutcome> {
  const outcomes: LineOutcome[] = [];
  let state = ctx.state;
  for (const part of parts) {
    const outcome = await part({ ...ctx, state });
    outcomes.push(outcome);
    state = outcome.state ?? state;
  }
  return {
    state: state ?? undefined,
    write: async (op) => {
      for (const o of outcomes) await o.write?.(op);
    },
    result: outcomes.map((o) => o.result).join(" · "),
    tasks: outcomes.flatMap((o) => o.tasks ?? []),
  };
}
