/** A small, fully known directory for API tests, on in-memory KV with a fixed clock. */
import { testConfig } from "../services/platform/config.ts";
import type { Deps } from "../services/platform/deps.ts";
import { seedReferenceData } from "../services/platform/reference.ts";
import { createApp } from "../routes/app.ts";
import { checkDeclaredStatuses } from "./declared_statuses.ts";
import {
  blankListing,
  createListing,
  goLive,
  type NewListing,
  scheduleListing,
  updateListing,
} from "../kv/listings.ts";
import { putFounder } from "../kv/founders.ts";
import { putBlogPost } from "../kv/blog.ts";
import { decideWeekAwards } from "../services/directory/awards.ts";
import type { Listing } from "../kv/types.ts";
import { getOrCreateUser } from "../kv/users.ts";
import { createApiKey } from "../services/access/api_keys.ts";
import type { Config } from "../services/platform/config.ts";
import {
  addBillboardContribution,
  castVote,
  recordDomainRating,
  recordRevenue,
} from "../kv/listing_stats.ts";
import { addListingUpdate, addReview } from "../kv/listing_feed.ts";
import { SearchIndex } from "../services/directory/search/index.ts";
import { followListingWrites, loadSearchIndex } from "../services/directory/search/load.ts";

/** Wednesday of the week starting Monday 2026-11-16. */
export const NOW = new Date("2026-11-18T12:00:00Z");
export const THIS_WEEK = "2026-11-16";
export const LAST_WEEK = "2026-11-09";
export const NEXT_WEEK = "2026-11-23";

/** A new listing's fields with sensible defaults. */
export function listingInput(name: string, overrides: Partial<NewListing> = {}): NewListing {
  return blankListing({
    name,
    url: `https://${name.toLowerCase().replace(/[^a-z0-9]+/g, "")}.example`,
    tagline: `${name} tagline`,
    short_description: `${name} in short`,
    description: `${name} is a product.`,
    stage: "launched",
    pricing_model: "Freemium",
    pricing_summary: "Free for one user",
    country: "DE",
    city: "Berlin",
    founded_year: 2024,
    primary_category: "invoicing",
    ...overrides,
  });
}

export interface Fixture {
  deps: Deps;
  app: ReturnType<typeof createApp>;
  listings: Record<string, Listing>;
  /** API keys (secrets): the owner of invoicely with every scope, the same owner read-only, a stranger. */
  keys: { owner: string; ownerReadOnly: string; stranger: string };
}

async function vote(kv: Deno.Kv, id: number, count: number, at: Date) {
  for (let i = 0; i < count; i++) await castVote(kv, id, `voter-${id}-${i}`, at);
}

/**
 * Builds the fixture directory:
 * - invoicely (live this week, 5 votes, Invoicing, founder, reviews, DR, revenue, billboard, story unlocked)
 * - billwise (live this week, 3 votes, Invoicing, approved alternative of invoicely)
 * - taskpilot (live this week, 1 vote, Task Management, US)
 * - ledgerbox (live last week, 4 votes in its week: Launch of the Week #1)
 * - soonapp (scheduled next week), draftapp (draft), waitapp (awaiting_badge)
 */
export async function buildFixture(config: Partial<Config> = {}): Promise<Fixture> {
  const kv = await Deno.openKv(":memory:");
  await seedReferenceData(kv, NOW);
  const owner = await getOrCreateUser(kv, "ada@invoicely.example", "Ada Lovelace", NOW);
  const stranger = await getOrCreateUser(kv, "sam@elsewhere.example", "Sam Stranger", NOW);
  const allScopes = ["account:read", "listings:write", "orders:write"] as const;
  const keys = {
    owner:
      (await createApiKey(kv, { userId: owner.id, name: "Owner key", scopes: [...allScopes] }, NOW))
        .secret,
    ownerReadOnly: (await createApiKey(
      kv,
      { userId: owner.id, name: "Read only", scopes: ["account:read"] },
      NOW,
    ))
      .secret,
    stranger: (await createApiKey(
      kv,
      { userId: stranger.id, name: "Stranger", scopes: [...allScopes] },
      NOW,
    )).secret,
  };
  const at = (iso: string) => new Date(iso);

  const ledgerbox = await createListing(
    kv,
    listingInput("Ledgerbox", {
      description: "Ledgerbox keeps the books for small agencies.",
      keywords: ["bookkeeping", "ledger"],
      primary_category: "accounting",
    }),
    at("2026-11-01T00:00:00Z"),
  );
  await goLive(kv, ledgerbox.id, at("2026-11-09T09:00:00Z"));
  await vote(kv, ledgerbox.id, 4, at("2026-11-10T10:00:00Z"));

  const invoicely = await createListing(
    kv,
    listingInput("Invoicely", {
      tagline: "Invoices that get paid on time",
      description: "Invoicely sends invoices and reminders so freelancers get paid faster.",
      features: ["Recurring invoices", "Payment reminders", "Multi-currency"],
      usps: ["Reminders in the client's language"],
      keywords: ["invoice", "billing", "freelancer"],
      founder_slugs: ["ada-lovelace"],
      faqs: [{ question: "Is there a free plan?", answer: "Yes, for one user." }],
      socials: { x: "https://x.com/invoicely" },
      unlocked: ["story", "milestones"],
      plan: "paid",
      story: { title: "Why we built Invoicely", story: "Late payments hurt." },
      milestones: [{ id: 1, date: "2026-10-01", title: "Beta" }],
      approved_alternatives: [{ slug: "billwise" }],
      owner_id: owner.id,
      featured: true,
      verified: true,
      not_found_on_website: ["founded_year"],
      founded_year: null,
    }),
    at("2026-11-02T00:00:00Z"),
  );
  await goLive(kv, invoicely.id, at("2026-11-16T08:00:00Z"));
  await vote(kv, invoicely.id, 5, at("2026-11-17T10:00:00Z"));

  const billwise = await createListing(
    kv,
    listingInput("Billwise", {
      tagline: "Billing for small teams",
      keywords: ["invoice", "billing"],
      pricing_model: "Subscription",
      country: "GB",
      features: ["Recurring invoices", "Time tracking"],
    }),
    at("2026-11-03T00:00:00Z"),
  );
  await goLive(kv, billwise.id, at("2026-11-16T09:00:00Z"));
  await vote(kv, billwise.id, 3, at("2026-11-17T11:00:00Z"));

  const taskpilot = await createListing(
    kv,
    listingInput("Taskpilot", {
      tagline: "Plan your week in minutes",
      description: "Taskpilot turns your to-do list into a weekly plan.",
      keywords: ["tasks", "planning"],
      primary_category: "task-management",
      country: "US",
      pricing_model: "Free",
      stage: "mvp",
    }),
    at("2026-11-04T00:00:00Z"),
  );
  await goLive(kv, taskpilot.id, at("2026-11-18T07:00:00Z"));
  await vote(kv, taskpilot.id, 1, at("2026-11-18T08:00:00Z"));

  const soonapp = await createListing(
    kv,
    listingInput("Soonapp", { tagline: "Coming soon" }),
    at("2026-11-05T00:00:00Z"),
  );
  await scheduleListing(kv, soonapp.id, NEXT_WEEK, "paid", NOW);
  const draftapp = await createListing(kv, listingInput("Draftapp"), at("2026-11-06T00:00:00Z"));
  const waitapp = await createListing(kv, listingInput("Waitapp"), at("2026-11-07T00:00:00Z"));
  await updateListing(kv, waitapp.id, () => ({ status: "awaiting_badge", plan: "free" }), NOW);

  await putFounder(kv, {
    slug: "ada-lovelace",
    name: "Ada Lovelace",
    bio: "Builds Invoicely.",
    country: "GB",
    avatar_url: null,
    socials: { linkedin: "https://linkedin.com/in/ada" },
    listing_ids: [invoicely.id],
    user_id: owner.id,
    created_at: NOW.toISOString(),
  });
  await putFounder(kv, {
    slug: "zoe-muller",
    name: "Zoë Müller",
    bio: "Makes Taskpilot.",
    country: "DE",
    avatar_url: null,
    socials: {},
    listing_ids: [taskpilot.id],
    user_id: null,
    created_at: NOW.toISOString(),
  });
  await putBlogPost(kv, {
    slug: "how-to-launch",
    title: "How to launch well",
    summary: "A checklist for launch week.",
    body: "# Launch week\n\nPrepare your listing.",
    faqs: [{ question: "When?", answer: "Any Monday." }],
    author: "The team",
    tags: ["launch"],
    published_at: "2026-10-01T00:00:00Z",
    updated_at: "2026-10-01T00:00:00Z",
  });
  await putBlogPost(kv, {
    slug: "domain-rating-explained",
    title: "Domain Rating explained",
    summary: "What the metric means.",
    body: "A third-party SEO metric.",
    faqs: [],
    author: "The team",
    tags: ["seo"],
    published_at: "2026-11-01T00:00:00Z",
    updated_at: "2026-11-01T00:00:00Z",
  });

  await addListingUpdate(
    kv,
    invoicely.id,
    { title: "v2", body: "Dark mode" },
    at("2026-11-17T00:00:00Z"),
  );
  const review = (id: string, user: string, rating: number, flagged = false) =>
    addReview(kv, {
      id,
      listing_id: invoicely.id,
      user_id: user,
      author_name: user,
      rating,
      body: "Review",
      flagged,
      created_at: NOW.toISOString(),
    });
  await review("r1", "u1", 4);
  await review("r2", "u2", 5);
  await review("r3", owner.id, 5); // the owner's own review does not count
  await review("r4", "u3", 1, true); // flagged does not count
  await recordDomainRating(kv, invoicely.id, "2026-08-01", 30);
  await recordDomainRating(kv, invoicely.id, "2026-11-01", 36);
  await recordDomainRating(kv, billwise.id, "2026-11-01", 50);
  await recordRevenue(kv, invoicely.id, {
    month: "2026-10",
    mrr_cents: 120_000,
    source: "verified",
  });
  await addBillboardContribution(kv, billwise.id, 2_000, NOW);
  await addBillboardContribution(kv, invoicely.id, 1_000, NOW);
  await decideWeekAwards(kv, LAST_WEEK, NOW);

  const search = new SearchIndex();
  followListingWrites(kv, search);
  await loadSearchIndex(kv, search);
  await search.ready;
  const deps: Deps = { kv, config: testConfig(config), search, now: () => NOW };
  const listings = Object.fromEntries(
    [ledgerbox, invoicely, billwise, taskpilot, soonapp, draftapp, waitapp].map((l) => [l.slug, l]),
  );
  // Every API answer a test sees must be a status the OpenAPI document declares.
  return { deps, app: checkDeclaredStatuses(createApp(deps)), listings, keys };
}

/** Headers carrying an API key. */
export function bearer(key: string): Record<string, string> {
  return { authorization: `Bearer ${key}` };
}

/** GET a path and parse the JSON answer. */
export async function getJson(app: Fixture["app"], path: string, init?: RequestInit) {
  const res = await app.request(path, init);
  const type = res.headers.get("content-type") ?? "";
  const body = type.includes("json") ? await res.json() : await res.text();
  return { status: res.status, type, body, headers: res.headers };
}

/** Sends a JSON body with a method and parses the JSON answer. */
export function sendJson(
  app: Fixture["app"],
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return getJson(app, path, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}
