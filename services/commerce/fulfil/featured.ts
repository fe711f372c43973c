/**
 * featured (and the featured part of launch_bundle): the Featured badge and the home page's
 * featured row for the product's period (`period_weeks` on the product record, else 4 weeks),
 * counted from now or from the end of a Featured period still running. Whatever shows "featured"
 * asks `isFeatured` at read time, so the badge goes when the period ends without a write.
 */
import { getProductRecord } from "../../../kv/catalog.ts";
import type { LineContext, LineOutcome } from "../fulfilment.ts";

/** The period when neither the line's product nor `featured` carries `period_weeks`. */
export const DEFAULT_FEATURED_WEEKS = 4;
const WEEK_MS = 7 * 24 * 3600_000;

/** The Featured period of the line's product, in weeks. */
async function periodWeeks(ctx: LineContext): Promise<number> {
  const own = await getProductRecord(ctx.deps.kv, ctx.line.product);
  const weeks = own?.period_weeks ??
    (await getProductRecord(ctx.deps.kv, "featured"))?.period_weeks;
  return weeks && weeks > 0 ? weeks : DEFAULT_FEATURED_WEEKS;
}

/** Featured from now (or from the end of the running period) for the product's period. */
export async function fulfilFeatured(ctx: LineContext): Promise<LineOutcome> {
  const state = ctx.state!;
  const listing = state.listing;
  const now = ctx.deps.now();
  const running = listing.featured && listing.featured_until &&
      Date.parse(listing.featured_until) > now.getTime()
    ? Date.parse(listing.featured_until)
    : now.getTime();
  const weeks = await periodWeeks(ctx);
  const until = new Date(running + weeks * WEEK_MS).toISOString();
  return {
    state: {
      ...state,
      listing: { ...listing, featured: true, featured_until: until, updated_at: now.toISOString() },
    },
    result: `Featured until ${until.slice(0, 10)} (${weeks} weeks)`,
  };
}
