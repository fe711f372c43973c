/**
 * billboard_min: the line's amount is added to the listing's billboard total, a paid ranking. The
 * contribution record's id is the order number and line (`LD-…-2`), written only if absent in the
 * same atomic write as the raised total, so a replay cannot count it twice. The billboard board
 * entry follows the total through the listing's derived keys.
 */
import { writeNewBillboardContribution } from "../../../kv/orders.ts";
import type { BillboardContribution } from "../../../kv/types.ts";
import type { LineContext, LineOutcome } from "../fulfilment.ts";

/** The contribution id of an order's line. */
export const contributionIdOf = (number: string, index: number) => `${number}-${index + 1}`;

/** The paid contribution and the raised total. */
export function fulfilBillboard(ctx: LineContext): Promise<LineOutcome> {
  const state = ctx.state!;
  const amount = ctx.line.amount_cents ?? ctx.line.total_cents;
  const id = contributionIdOf(ctx.order.number, ctx.index);
  const listingId = state.listing.id;
  const contribution: BillboardContribution = {
    id,
    listing_id: listingId,
    amount_cents: amount,
    created_at: ctx.deps.now().toISOString(),
  };
  const total = state.stats.billboard_cents + amount;
  return Promise.resolve({
    state: { ...state, stats: { ...state.stats, billboard_cents: total } },
    write: (op) => writeNewBillboardContribution(op, contribution),
    result: `Paid billboard contribution of $${(amount / 100).toFixed(2)} added ` +
      `(billboard total $${(total / 100).toFixed(2)}, labelled paid)`,
  });
}
