/**
 * Trophy cabinets: the public page and widget of a listing that bought the trophy_cabinet product,
 * showing its Launch of the Week awards (#1 places; #2 and #3 too when the owner chose so).
 */
import { listAwardsOfListing } from "../../kv/awards.ts";
import type { TrophyCabinet } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { notFound } from "../platform/errors.ts";
import { isoWeekLabel } from "../platform/weeks.ts";
import { requirePublicListing } from "./listings.ts";

/** The path of a listing's cabinet page; its widget is at `{path}/embed`. */
export const trophyCabinetPath = (slug: string) => `/trophies/${encodeURIComponent(slug)}`;

/** A listing's trophy cabinet as its page and widget show it. */
export interface TrophyCabinetView {
  listing: { slug: string; name: string; tagline: string; page_url: string };
  theme: TrophyCabinet["theme"];
  show_runner_up: boolean;
  headline: string | null;
  page_url: string;
  embed_url: string;
  /** Newest week first; #1 before #2 within a week. */
  trophies: { title: string; place: 1 | 2 | 3; week: string; iso_week: string; votes: number }[];
}

/** The cabinet of a public listing that has one; 404 for any other slug. */
export async function getTrophyCabinet(deps: Deps, slug: string): Promise<TrophyCabinetView> {
  const listing = await requirePublicListing(deps, slug);
  const cabinet = listing.trophy_cabinet;
  if (!cabinet) throw notFound("trophy cabinet for listing", slug);
  const awards = await listAwardsOfListing(deps.kv, listing.id);
  const base = deps.config.publicUrl;
  const page = base + trophyCabinetPath(listing.slug);
  return {
    listing: {
      slug: listing.slug,
      name: listing.name,
      tagline: listing.tagline,
      page_url: `${base}/listings/${encodeURIComponent(listing.slug)}`,
    },
    theme: cabinet.theme,
    show_runner_up: cabinet.show_runner_up,
    headline: cabinet.headline,
    page_url: page,
    embed_url: `${page}/embed`,
    trophies: awards
      .filter((a) => a.place === 1 || cabinet.show_runner_up)
      .map((a) => ({
        title: `Launch of the Week #${a.place}`,
        place: a.place,
        week: a.week,
        iso_week: isoWeekLabel(a.week),
        votes: a.votes,
      })),
  };
}
