/**
 * The free plan as its founders see it (choose_free_listing's answer and get_my_listing's
 * `free_plan`): the reserved week and the place in its queue, the badge's embed code, what the
 * badge check looks for and its last result.
 */
import { getFreePlanEntry, listFreeWeekQueue } from "../../kv/publishing.ts";
import type { FreePlan, Listing } from "../../kv/types.ts";
import { getBadges } from "../directory/badges.ts";
import { DEFAULT_BADGE_STYLE } from "../directory/badge_types.ts";
import type { Deps } from "../platform/deps.ts";
import { getSettings } from "../platform/settings.ts";
import { isoWeekLabel } from "../platform/weeks.ts";
import { badgeRequirement } from "./badge_check.ts";

/** The "Listed on" badge: the one the check looks for on the homepage. */
export interface ListedBadge {
  kind: "listed";
  links_to: string;
  image_url: string;
  embed_html: string;
}

/** The "Listed on" badge of a published listing (null while it is hidden). */
export async function listedBadge(deps: Deps, slug: string): Promise<ListedBadge | null> {
  try {
    const set = await getBadges(deps, slug, DEFAULT_BADGE_STYLE);
    const badge = set.badges.find((b) => b.kind === "listed");
    return badge
      ? {
        kind: "listed",
        links_to: set.listing.url,
        image_url: badge.image_url,
        embed_html: badge.embed_html,
      }
      : null;
  } catch {
    return null;
  }
}

/** A reservation's 1-based place in its week's queue, by reservation order. */
export async function queuePosition(kv: Deno.Kv, week: string, seq: number): Promise<number> {
  const queue = await listFreeWeekQueue(kv, week);
  return queue.filter((r) => r.seq < seq).length + 1;
}

/** The free-plan part of a listing's owner view; `plan` and `badge` when already read. */
export async function freePlanView(
  deps: Deps,
  listing: Listing,
  known: { plan?: FreePlan | null; badge?: ListedBadge | null } = {},
) {
  const plan = known.plan !== undefined
    ? known.plan
    : (await getFreePlanEntry(deps.kv, listing.id)).value;
  const settings = await getSettings(deps.kv);
  const reservation = plan?.reservation ?? null;
  const live = listing.status === "live";
  return {
    week: reservation?.week ?? null,
    iso_week: reservation ? isoWeekLabel(reservation.week) : null,
    queue_position: reservation
      ? await queuePosition(deps.kv, reservation.week, reservation.seq)
      : null,
    slots_per_week: settings.free_slots_per_week,
    reserved_at: reservation?.reserved_at ?? null,
    lost_week: plan?.lost_week ?? null,
    window_weeks: { min: settings.free_queue_min_weeks, max: settings.free_queue_max_weeks },
    badge: known.badge !== undefined ? known.badge : await listedBadge(deps, listing.slug),
    badge_requirement: badgeRequirement(deps.config.publicUrl, listing.url),
    badge_check: plan?.badge_check ?? null,
    next_step: nextStep(listing, plan, live),
  };
}

function nextStep(listing: Listing, plan: FreePlan | null, live: boolean): string {
  if (live) return "The listing is live.";
  const week = plan?.reservation?.week;
  if (listing.status === "scheduled") {
    return `Scheduled: the listing goes live on Monday ${
      week ?? listing.launch_week
    }. Keep the badge on the homepage; it is checked again daily.`;
  }
  if (week) {
    return `Put the badge (embed_html) on the homepage: it is checked every hour, and once found the listing is scheduled for the week of ${week}. The week is given up if it begins before the badge is found.`;
  }
  if (plan?.lost_week) {
    return `The week of ${plan.lost_week} began before the badge was found and was given up. Put the badge on the homepage: once it is found, the listing is queued for the earliest free week of the window.`;
  }
  return "Put the badge (embed_html) on the homepage: it is checked every hour.";
}
