/** A varied corpus for the search index's snapshot and domain tests. */
import { blankListing, type NewListing } from "../kv/listings.ts";
import type { SearchDoc, SearchQuery } from "../services/directory/search/types.ts";

const WORDS = [
  "invoice",
  "ledger",
  "billing",
  "payroll",
  "analytics",
  "dashboard",
  "calendar",
  "scheduler",
  "freelancer",
  "marketing",
  "newsletter",
  "kanban",
];
const CATEGORIES = ["invoicing", "accounting", "task-management"];
const STAGES = ["launched", "beta", "idea"];
const COUNTRIES = ["DE", "US", "FR"];
const PRICING = ["Free", "Freemium", "Paid"];

/** The `k`-th of a list, cycling. */
const pick = <T>(list: readonly T[], k: number): T => list[k % list.length];

/** A listing's fields for corpus item `n`: words, category, stage, country and pricing vary. */
export function corpusInput(n: number, overrides: Partial<NewListing> = {}): NewListing {
  return blankListing({
    name: `${pick(WORDS, n)} ${pick(WORDS, n * 7 + 3)} ${n}`,
    url: `https://corpus${n}.example`,
    tagline: `The ${pick(WORDS, n + 1)} tool for ${pick(WORDS, n * 3)} teams`,
    description: `${pick(WORDS, n * 5)} and ${pick(WORDS, n + 4)} in one place, number ${n}.`,
    keywords: [pick(WORDS, n + 2)],
    primary_category: pick(CATEGORIES, n),
    stage: pick(STAGES, n),
    country: pick(COUNTRIES, n * 2),
    pricing_model: pick(PRICING, n),
    status: n % 5 === 0 ? "scheduled" : "live",
    launched_at: n % 5 === 0 ? null : `2026-0${1 + (n % 9)}-1${n % 10}T00:00:00.000Z`,
    ...overrides,
  });
}

/** The search document of corpus item `n` (id `n`). */
export function corpusDoc(n: number, overrides: Partial<SearchDoc> = {}): SearchDoc {
  const input = corpusInput(n);
  return {
    id: n,
    slug: `corpus-${n}`,
    name: input.name,
    url: input.url,
    tagline: input.tagline,
    logo_url: null,
    description: input.description,
    keywords: input.keywords,
    categories: [input.primary_category, "finance"],
    primary_category: input.primary_category,
    stage: input.stage,
    country: input.country,
    pricing_model: input.pricing_model,
    domain: `corpus${n}.example`,
    status: input.status,
    launch_week: null,
    launched_at: input.launched_at,
    created_at: "2026-01-01T00:00:00.000Z",
    votes: (n * 37) % 101,
    views: (n * 13) % 57,
    follows: n % 11,
    ...overrides,
  };
}

/** A search query with defaults. */
export function searchQuery(q: string, extra: Partial<SearchQuery> = {}): SearchQuery {
  return { q, status: "live", sort: "relevance", page: 1, per_page: 20, ...extra };
}

/** Queries of every kind: typos, prefixes, exact words, each filter, each sort, paging. */
export const CORPUS_QUERIES: SearchQuery[] = [
  searchQuery("invoice"),
  searchQuery("invoce"),
  searchQuery("anlytics dashbord"),
  searchQuery("newslet"),
  searchQuery("ka"),
  searchQuery("ledger billing"),
  searchQuery("payroll for teams"),
  searchQuery("zzzz"),
  searchQuery(""),
  searchQuery("", { category: "accounting" }),
  searchQuery("", { category: "finance", page: 3 }),
  searchQuery("invoice", { stage: "beta" }),
  searchQuery("", { country: "fr", sort: "newest" }),
  searchQuery("calendar", { pricing_model: "freemium" }),
  searchQuery("", { domain: "https://www.corpus7.example/x" }),
  searchQuery("", { domain: "corpus10.example", status: "upcoming" }),
  searchQuery("", { status: "upcoming", sort: "votes" }),
  searchQuery("marketing", { sort: "most_viewed" }),
  searchQuery("", { sort: "most_followed", per_page: 50, page: 2 }),
  searchQuery("scheduler", { sort: "trending" }),
  searchQuery("tool teams", { sort: "newest", per_page: 100 }),
];
