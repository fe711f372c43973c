/**
 * launch_bundle: launch, featured and done_for_you as one line outcome (one atomic write): the
 * listing launches as for `launch` (its week likewise), is featured for the period, and the site
 * team gets the done-for-you task (the line stays unfulfilled until it is done).
 */
import type { LineContext, LineOutcome } from "../fulfilment.ts";
import { fulfilDoneForYou } from "./done_for_you.ts";
import { fulfilFeatured } from "./featured.ts";
import { fulfilLaunch } from "./launch.ts";
import { composeOutcomes } from "./outcomes.ts";

/** The three parts in one outcome. */
export function fulfilLaunchBundle(ctx: LineContext): Promise<LineOutcome> {
  return composeOutcomes(ctx, [fulfilLaunch, fulfilFeatured, fulfilDoneForYou]);
}
