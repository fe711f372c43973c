/** The shape of the demo plan: every listing, founder and voter, before anything is written. */
import type { NewListing } from "../kv/listings.ts";
import type { Socials } from "../kv/types.ts";
import type { Theme } from "./data.ts";

/** Milliseconds in a day. */
export const DAY_MS = 86_400_000;
/** Milliseconds in an hour. */
export const HOUR_MS = 3_600_000;

/** Where a listing stands at `now`: launched in a past or this week, booked, or not booked. */
export type Kind = "past" | "current" | "upcoming" | "awaiting_badge" | "draft";

/** A planned review; `voter` is a voter index, or the listing's owner. */
export interface PlannedReview {
  id: string;
  voter: number | "owner";
  rating: number;
  body: string;
  flagged: boolean;
  at: Date;
}

/** One listing of the plan, with all its activity. */
export interface PlannedListing {
  index: number;
  kind: Kind;
  plan: "free" | "paid" | null;
  theme: Theme;
  input: NewListing;
  createdAt: Date;
  /** When the week was booked (scheduled and launched ones). */
  bookedAt: Date | null;
  week: string | null;
  launchAt: Date | null;
  /** Founder indexes; the first one owns the listing. */
  founders: number[];
  /** Votes to cast (times and voter indexes), views and follows. */
  votes: { at: Date; voter: number }[];
  views: Date[];
  follows: { at: Date; voter: number }[];
  billboard: { amount: number; at: Date; id: string }[];
  domainRatings: { date: string; value: number }[];
  revenue: { month: string; mrr_cents: number; source: "self_reported" | "verified" }[];
  updates: { title: string; body: string; at: Date }[];
  reviews: PlannedReview[];
}

/** One founder of the plan. */
export interface PlannedFounder {
  slug: string;
  name: string;
  first: string;
  country: string;
  city: string;
  pastRole: string;
  extra: string;
  socials: Socials;
  /** Plan indexes of the listings, in order; the first primary one gives the account. */
  listings: { plan: number; primary: boolean }[];
  email: string | null;
  bio: string;
}

/** A voter's account. */
export interface PlannedVoter {
  email: string;
  name: string;
}

/** The whole demo directory. */
export interface DemoPlan {
  listings: PlannedListing[];
  founders: PlannedFounder[];
  voters: PlannedVoter[];
  pastWeeks: string[];
}
