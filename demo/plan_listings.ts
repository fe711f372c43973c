/** Planning the demo listings: which launch in which week, and each listing's facts and texts. */
import { blankListing, type NewListing } from "../kv/listings.ts";
import { slugify } from "../kv/slugs.ts";
import type { Category, Link, Socials } from "../kv/types.ts";
import { STAGES } from "../kv/types.ts";
import { DEFAULT_SETTINGS } from "../services/platform/reference.ts";
import { addWeeks, mondayOf, parseIsoDate } from "../services/platform/weeks.ts";
import { EU, TEXTS, type Theme, THEMES } from "./data.ts";
import { describe, faqsOf, mediaOf, milestonesOf, storyOf } from "./listing_texts.ts";
import { domainFor, placeOf, taglineFor, uniqueName } from "./names.ts";
import {
  DAY_MS,
  HOUR_MS,
  type Kind,
  type PlannedFounder,
  type PlannedListing,
} from "./plan_types.ts";
import { chance, int, pick, type Rng, sample, weighted } from "./rng.ts";
import { ascii, fillTemplate, pickFilled } from "./text.ts";

const PAST_WEEKS = 12;
/** Weights of idea, mvp, launched, growing, established (the order of STAGES). */
const STAGE_WEIGHTS = [4, 18, 42, 26, 10];

/** A listing's place in the calendar, before it has any facts. */
interface Slot {
  kind: Kind;
  plan: "free" | "paid" | null;
  week: string | null;
  launchAt: Date | null;
}

/** What every listing's plan shares: the clock, the category tree and what is taken. */
interface ListingContext {
  rng: Rng;
  now: Date;
  parents: Category[];
  children: Category[];
  themeOf: (slug: string) => Theme;
  names: Set<string>;
  domains: Set<string>;
  taglines: Set<string>;
}

/**
 * Plans every listing: 12 to 15 launches in each of the past weeks and this one, 19 to 22 booked
 * weeks ahead, and a few awaiting their badge or still drafts.
 */
export function planListings(
  rng: Rng,
  now: Date,
  categories: Category[],
): { listings: PlannedListing[]; pastWeeks: string[] } {
  const { slots, pastWeeks } = planSlots(rng, now);
  const children = categories.filter((c) => c.parent !== null);
  const ctx: ListingContext = {
    rng,
    now,
    parents: categories.filter((c) => c.parent === null),
    children,
    themeOf: (slug) => themeOf(rng, slug, categories, children),
    names: new Set(),
    domains: new Set(),
    taglines: new Set(),
  };
  return { listings: slots.map((slot, index) => planListing(ctx, slot, index)), pastWeeks };
}

function planSlots(rng: Rng, now: Date): { slots: Slot[]; pastWeeks: string[] } {
  const thisWeek = mondayOf(now);
  const slots: Slot[] = [];
  const pastWeeks: string[] = [];
  for (let k = PAST_WEEKS; k >= 1; k--) pastWeeks.push(addWeeks(thisWeek, -k));
  for (const week of pastWeeks) {
    const n = int(rng, 12, 15);
    for (let i = 0; i < n; i++) {
      const plan = chance(rng, 0.33) ? "paid" : "free";
      slots.push({ kind: "past", plan, week, launchAt: launchTime(rng, week) });
    }
  }
  for (let i = 0, n = int(rng, 12, 15); i < n; i++) {
    const launchAt = launchTime(rng, thisWeek);
    const plan = chance(rng, 0.33) ? "paid" : "free";
    if (launchAt.getTime() < now.getTime()) {
      slots.push({ kind: "current", plan, week: thisWeek, launchAt });
    } else slots.push({ kind: "upcoming", plan, week: thisWeek, launchAt: null });
  }
  const { free_queue_min_weeks: minWeeks, free_queue_max_weeks: maxWeeks } = DEFAULT_SETTINGS;
  for (let i = 0, n = int(rng, 19, 22); i < n; i++) {
    const paid = chance(rng, 0.45);
    const weeksOut = paid ? int(rng, 1, 5) : int(rng, minWeeks, maxWeeks);
    const week = addWeeks(thisWeek, weeksOut);
    slots.push({ kind: "upcoming", plan: paid ? "paid" : "free", week, launchAt: null });
  }
  for (let i = 0, n = int(rng, 4, 6); i < n; i++) {
    slots.push({ kind: "awaiting_badge", plan: "free", week: null, launchAt: null });
  }
  for (let i = 0, n = int(rng, 4, 6); i < n; i++) {
    slots.push({ kind: "draft", plan: null, week: null, launchAt: null });
  }
  return { slots, pastWeeks };
}

/** A launch moment in the week, mostly early in the week and in working hours (UTC). */
function launchTime(rng: Rng, week: string): Date {
  const day = weighted(rng, [[0, 30], [1, 24], [2, 18], [3, 12], [4, 8], [5, 4], [6, 4]] as const);
  const ms = parseIsoDate(week)!.getTime() + day * DAY_MS + int(rng, 6, 16) * HOUR_MS +
    int(rng, 0, 59) * 60_000;
  return new Date(ms);
}

/** The category's theme, else a themed subcategory's, else one built from its name. */
function themeOf(rng: Rng, slug: string, categories: Category[], children: Category[]): Theme {
  const category = categories.find((c) => c.slug === slug)!;
  if (THEMES[slug]) return THEMES[slug];
  const kids = children.filter((c) => c.parent === slug && THEMES[c.slug]);
  return kids.length > 0 ? THEMES[pick(rng, kids).slug] : fallbackTheme(category);
}

/** A theme for a category without one (the tree may grow): built from its name. */
function fallbackTheme(category: Category): Theme {
  const name = category.name.toLowerCase();
  return {
    stems: [category.name.split(/\s+/)[0].replace(/[^A-Za-z]/g, "") || "Nova", "Nova", "Orbit"],
    thing: `${name} work`,
    product: `${name} tool`,
    job: `handle ${name} work`,
    audiences: ["small teams", "freelancers", "growing companies"],
    pain: "doing it all by hand",
    outcome: "spend less time on busywork",
    taglines: [
      `${category.name}, made simple`,
      `The friendly ${name} tool`,
      `${category.name} without the busywork`,
    ],
    features: [
      "A clean dashboard",
      "Team workspaces",
      "CSV import and export",
      "Email notifications",
      "An open API",
      "Role-based access",
    ],
    keywords: [name, "small business", "saas", "productivity"],
  };
}

function planListing(ctx: ListingContext, slot: Slot, index: number): PlannedListing {
  const { rng, children } = ctx;
  const primary = chance(rng, 0.06) ? pick(rng, ctx.parents).slug : pick(rng, children).slug;
  const theme = ctx.themeOf(primary);
  const name = uniqueName(rng, theme, ctx.names);
  const domain = domainFor(rng, name, theme, ctx.domains);
  const url = `https://${domain}`;
  const place = placeOf(rng);
  const stage = weighted(rng, STAGES.map((s, i) => [s, STAGE_WEIGHTS[i]] as const));
  const pricingModel = pricingModelOf(rng, theme);
  const [fy0, fy1] = foundedYears(stage, ctx.now.getUTCFullYear());
  // Facts the product's own website did not state stay blank, and are listed as such.
  const notFound = sample(
    rng,
    ["founded_year", "city", "pricing_summary"],
    weighted(rng, [[0, 55], [1, 30], [2, 11], [3, 4]] as const),
  );
  const facts = productFacts(rng, theme, name, pricingModel, place.country, ctx.taglines);
  const socials = socialsOf(rng, theme, name, domain, pricingModel);
  const pricingSummary = notFound.includes("pricing_summary")
    ? null
    : pickFilled(rng, TEXTS.pricing[pricingModel], { thing: theme.thing });
  const links = linksOf(rng, theme, domain, pricingSummary !== null && pricingModel !== "Free");
  const extras = slot.plan === "paid" && chance(rng, 0.2)
    ? sample(rng, children.filter((c) => c.slug !== primary), int(rng, 1, 3)).map((c) => c.slug)
    : [];
  const { createdAt, bookedAt } = datesOf(rng, slot, ctx.now);
  const input: NewListing = blankListing({
    name,
    url,
    ...facts,
    stage,
    pricing_model: pricingModel,
    pricing_summary: pricingSummary,
    country: place.country,
    city: notFound.includes("city") ? null : place.city,
    founded_year: notFound.includes("founded_year") ? null : int(rng, fy0, fy1),
    primary_category: primary,
    extra_categories: extras,
    socials,
    contact_email: `${pick(rng, ["hello", "hi", "team", "support", "contact"])}@${domain}`,
    links,
    not_found_on_website: notFound.sort(),
    unlocked: slot.plan === "paid" ? ["story", "milestones", "media"] : [],
    verified: chance(rng, 0.33),
    created_at: createdAt.toISOString(),
  });
  input.faqs = faqsOf(rng, input, theme);
  return {
    ...slot,
    index,
    theme,
    input,
    createdAt,
    bookedAt,
    founders: [],
    votes: [],
    views: [],
    follows: [],
    billboard: [],
    domainRatings: [],
    revenue: [],
    updates: [],
    reviews: [],
  };
}

function pricingModelOf(rng: Rng, theme: Theme): string {
  if (theme.developer && chance(rng, 0.25)) return "Open source";
  return weighted(
    rng,
    [
      ["Free", 7],
      ["Freemium", 34],
      ["Subscription", 38],
      ["One-time", 8],
      ["Usage-based", theme.developer ? 12 : 4],
      ["Open source", 4],
    ] as const,
  );
}

/** The range of founding years that fits a stage. */
function foundedYears(stage: string, year: number): [number, number] {
  const ranges: Record<string, [number, number]> = {
    idea: [year - 1, year],
    mvp: [year - 2, year],
    launched: [year - 4, year],
    growing: [year - 7, year - 1],
    established: [year - 12, year - 3],
  };
  return ranges[stage];
}

/** Tagline, features, selling points, keywords and tags from the theme. */
function productFacts(
  rng: Rng,
  theme: Theme,
  name: string,
  pricingModel: string,
  country: string,
  taglines: Set<string>,
): Pick<NewListing, "tagline" | "features" | "usps" | "keywords" | "tags"> {
  const tagline = taglineFor(rng, theme, taglines);
  const features = sample(rng, theme.features, int(rng, 3, 6));
  const usps = sample(
    rng,
    [
      ...TEXTS.usps,
      ...(pricingModel === "Open source" ? ["Open source and self-hostable"] : []),
      ...(EU.has(country) ? ["Data hosted in the EU"] : []),
    ],
    int(rng, 2, 3),
  ).map((u) => fillTemplate(rng, u, { thing: theme.thing, aud: theme.audiences[0], name }));
  const keywords = sample(rng, theme.keywords, int(rng, 3, 6));
  const tags = [
    ...sample(rng, theme.keywords, 2).map((k) => k.replace(/[^a-z0-9]+/g, "-")),
    theme.consumer ? "consumer" : "b2b",
    ...(pricingModel === "Open source" ? ["open-source"] : []),
    ...(chance(rng, 0.3) ? ["saas"] : []),
  ];
  return { tagline, features, usps, keywords, tags: [...new Set(tags)] };
}

/** The product's own profiles, under handles made from its name. */
function socialsOf(
  rng: Rng,
  theme: Theme,
  name: string,
  domain: string,
  pricingModel: string,
): Socials {
  const handle = ascii(name);
  const socials: Socials = {};
  if (chance(rng, 0.75)) socials.x = `https://x.com/${handle}`;
  if (chance(rng, 0.6)) socials.linkedin = `https://www.linkedin.com/company/${slugify(name)}`;
  if (theme.developer || pricingModel === "Open source") {
    if (chance(rng, 0.8)) socials.github = `https://github.com/${handle}`;
  }
  if (theme.consumer && chance(rng, 0.5)) {
    socials.instagram = `https://www.instagram.com/${handle}`;
  }
  if (chance(rng, 0.12)) socials.youtube = `https://www.youtube.com/@${handle}`;
  if (chance(rng, 0.1)) socials.discord = `https://discord.gg/${handle}`;
  if (chance(rng, 0.1)) socials.bluesky = `https://bsky.app/profile/${domain}`;
  return socials;
}

/** The website, and pricing, docs and changelog pages where the product has them. */
function linksOf(rng: Rng, theme: Theme, domain: string, pricingPage: boolean): Link[] {
  const url = `https://${domain}`;
  const links: Link[] = [{ label: "Website", url }];
  if (pricingPage) links.push({ label: "Pricing", url: `${url}/pricing` });
  if (theme.developer || chance(rng, 0.25)) {
    links.push({ label: "Docs", url: `https://docs.${domain}` });
  }
  if (chance(rng, 0.2)) links.push({ label: "Changelog", url: `${url}/changelog` });
  return links;
}

/** When the listing was created (free ones well ahead of their queued week) and booked. */
function datesOf(rng: Rng, slot: Slot, now: Date): { createdAt: Date; bookedAt: Date | null } {
  const nowMs = now.getTime();
  const anchor = slot.launchAt ?? (slot.week ? parseIsoDate(slot.week)! : now);
  const leadDays = slot.plan === "free" ? int(rng, 44, 60) : int(rng, 3, 35);
  let createdAt = new Date(
    Math.min(anchor.getTime(), nowMs) - leadDays * DAY_MS - int(rng, 0, 23) * HOUR_MS,
  );
  if (slot.kind === "draft" || slot.kind === "awaiting_badge") {
    createdAt = new Date(nowMs - int(rng, 2, 30) * DAY_MS - int(rng, 0, 23) * HOUR_MS);
  }
  if (slot.kind === "upcoming" && createdAt.getTime() > nowMs - DAY_MS) {
    createdAt = new Date(nowMs - int(rng, 1, 20) * DAY_MS);
  }
  const bookedAt = slot.week
    ? new Date(Math.min(createdAt.getTime() + int(rng, 1, 48) * HOUR_MS, nowMs - HOUR_MS))
    : null;
  return { createdAt, bookedAt };
}

/** The texts that name the founders (description, short description) and the paid sections. */
export function addListingTexts(
  rng: Rng,
  listings: PlannedListing[],
  founders: PlannedFounder[],
  now: Date,
): void {
  for (const l of listings) {
    const people = l.founders.map((fi) => founders[fi]);
    l.input.founder_slugs = people.map((p) => p.slug);
    l.input.description = describe(rng, l.input, l.theme, people.map((p) => p.name));
    const firstSentence = l.input.description.split(/(?<=\.)\s/)[0];
    l.input.short_description = firstSentence.length <= 300 ? firstSentence : l.input.tagline;
    if (l.plan === "paid") {
      l.input.story = storyOf(rng, l.input, l.theme, people[0].first);
      l.input.milestones = milestonesOf(rng, l.input, l.theme, l.launchAt, now);
      l.input.media = mediaOf(rng, l.input);
    }
  }
}

/** A handful of featured listings (paid and live), and owner-approved alternatives. */
export function pickFeatured(rng: Rng, listings: PlannedListing[]): void {
  const isLive = (l: PlannedListing) => l.kind === "past" || l.kind === "current";
  const livePaid = listings.filter((l) => isLive(l) && l.plan === "paid");
  for (const l of sample(rng, livePaid, 8)) l.input.featured = true;
  for (const l of sample(rng, livePaid, 10)) {
    const same = listings.filter((o) =>
      o !== l && o.input.primary_category === l.input.primary_category && isLive(o)
    );
    l.input.approved_alternatives = sample(rng, same, int(rng, 1, 2)).map((o) => ({
      slug: slugify(o.input.name),
    }));
  }
}
