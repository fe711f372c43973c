/**
 * extra_categories: the line's categories are added to the listing's extra categories, at most 3
 * in all; the category boards and counts follow through the listing's derived keys. Categories the
 * listing got meanwhile (or that became its primary) are not added twice; what no longer fits is
 * named on the result and refunded by the site team (task).
 */
import type { LineContext, LineOutcome } from "../fulfilment.ts";
import { refundTask } from "./outcomes.ts";

/** At most this many extra categories per listing. */
export const MAX_EXTRA_CATEGORIES = 3;

/** Adds what still fits; a task to refund the rest. */
export function fulfilExtraCategories(ctx: LineContext): Promise<LineOutcome> {
  const state = ctx.state!;
  const listing = state.listing;
  const extras = [...listing.extra_categories];
  const added: string[] = [];
  const had: string[] = [];
  const left: string[] = [];
  for (const slug of ctx.line.categories ?? []) {
    if (slug === listing.primary_category || extras.includes(slug)) had.push(slug);
    else if (extras.length < MAX_EXTRA_CATEGORIES) extras.push(slug), added.push(slug);
    else left.push(slug);
  }
  const parts = [added.length ? `Added to ${added.join(", ")}` : "No category added"];
  if (had.length) parts.push(`already shown in ${had.join(", ")}`);
  if (left.length) parts.push(`not added (at most ${MAX_EXTRA_CATEGORIES}): ${left.join(", ")}`);
  const unused = [...had, ...left];
  return Promise.resolve({
    state: added.length
      ? {
        ...state,
        listing: { ...listing, extra_categories: extras, updated_at: ctx.deps.now().toISOString() },
      }
      : undefined,
    result: parts.join("; ") + (unused.length ? ". The site team will refund those." : ""),
    tasks: unused.length
      ? [
        refundTask(
          ctx,
          `${unused.length} of the categories ordered not added: ${unused.join(", ")}`,
        ),
      ]
      : [],
  });
}
