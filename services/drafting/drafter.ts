/**
 * Drafting: chooses the drafter (the LLM when `OPENAI_API_KEY` is set, else the embedded
 * extractive drafter), always runs the verifier on what it proposes, and compares a competitor's
 * site with the draft's. A failed LLM call falls back to the extractive drafter for that draft.
 */
import type { Deps } from "../platform/deps.ts";
import {
  type CategoryChoice,
  type CrawlResult,
  DRAFT_FIELDS,
  type DraftedValue,
  type DraftFieldName,
  type DraftProposal,
} from "./evidence.ts";
import { draftExtractive } from "./drafter_extractive.ts";
import { draftWithLlm } from "./drafter_llm.ts";
import { verifyProposal } from "./verifier.ts";
import { listCategoryRecords } from "../../kv/categories.ts";
import { contentStems, countryNames, looseText } from "./text.ts";

/** Options of draftFromEvidence. */
export interface DraftOptions {
  categories: CategoryChoice[];
  /** Redraft only these fields (regenerate): a quick, smaller request. */
  only?: DraftFieldName[];
  /** Time allowed for the LLM call (default 60 s for a whole draft, 8 s with `only`). */
  timeoutMs?: number;
}

/** A verified proposal and how it was made. */
export interface DraftResult {
  proposal: DraftProposal;
  drafter: "extractive" | "llm";
  /** What the verifier dropped, each with its reason. */
  dropped: { field: string; reason: string }[];
  quotes: { checked: number; verified: number };
  /** Why the LLM drafter was not used although configured (the extractive drafter stood in). */
  fallback: string | null;
}

/** Drafts from the crawled pages with the configured drafter, then verifies every value. */
export async function draftFromEvidence(
  deps: Deps,
  crawl: CrawlResult,
  options: DraftOptions,
): Promise<DraftResult> {
  const pages = crawl.pages;
  let proposal: DraftProposal | null = null;
  let drafter: DraftResult["drafter"] = "extractive";
  let fallback: string | null = null;
  if (deps.config.openai.apiKey) {
    if (pages.length === 0) {
      fallback = "No page was read, so there is nothing to ask the model about";
    } else {
      try {
        proposal = await draftWithLlm(deps.config.openai, pages, {
          categories: options.categories,
          only: options.only,
          timeoutMs: options.timeoutMs ?? (options.only ? 8_000 : 60_000),
        });
        drafter = "llm";
      } catch (err) {
        fallback = (err as Error).message;
      }
    }
  }
  if (!proposal) {
    proposal = draftExtractive(pages, {
      categories: options.categories,
      only: options.only,
      startUrl: crawl.start_url,
    });
  }
  const result = verifyProposal(proposal, pages, {
    categories: options.categories.map((c) => ({ name: c.name })),
    year: deps.now().getUTCFullYear(),
  });
  const fields: DraftProposal["fields"] = {};
  for (const f of options.only ?? DRAFT_FIELDS) {
    fields[f] = result.proposal.fields[f] ?? { value: null, evidence: [] };
  }
  const verified = options.only
    ? { fields, faqs: [], founders: [], company_socials: {}, story: {}, milestones: [] }
    : { ...result.proposal, fields };
  return { proposal: verified, drafter, dropped: result.dropped, quotes: result.quotes, fallback };
}

/** The draft fields a proposal leaves blank because the site does not state them. */
export function notFoundOnWebsite(proposal: DraftProposal): DraftFieldName[] {
  return DRAFT_FIELDS.filter((f) => {
    const v = proposal.fields[f]?.value;
    return v === null || v === undefined || (typeof v === "string" && !v.trim()) ||
      (Array.isArray(v) && v.length === 0);
  });
}

/** The attributes a competitor comparison shows, in order. */
export const COMPARE_ATTRIBUTES: DraftFieldName[] = [
  "pricing_model",
  "pricing_summary",
  "features",
  "stage",
  "country",
  "founded_year",
  "categories",
];

/** A side-by-side comparison with a competitor, each side quoting its own site. */
export interface CompetitorComparison {
  competitor: { url: string; name: string | null };
  rows: { attribute: string; ours: DraftedValue; theirs: DraftedValue }[];
  summary: string;
}

/**
 * Drafts the competitor's side from its own pages (same drafter, same verifier), re-verifies
 * ours against our pages, and compares them attribute by attribute.
 */
export async function compareCompetitor(
  deps: Deps,
  own: CrawlResult,
  competitor: CrawlResult,
  ownProposal: DraftProposal,
  options: { categories?: CategoryChoice[] } = {},
): Promise<CompetitorComparison> {
  const categories = options.categories ??
    (await listCategoryRecords(deps.kv)).map((c) => ({
      slug: c.slug,
      name: c.name,
      parent: c.parent,
    }));
  const theirs = await draftFromEvidence(deps, competitor, {
    categories,
    only: ["name", ...COMPARE_ATTRIBUTES],
    timeoutMs: 20_000,
  });
  const ownFields: DraftProposal["fields"] = {};
  for (const f of ["name", ...COMPARE_ATTRIBUTES] as DraftFieldName[]) {
    if (ownProposal.fields[f]) ownFields[f] = ownProposal.fields[f];
  }
  const ours = verifyProposal(
    { fields: ownFields, faqs: [], founders: [], company_socials: {}, story: {}, milestones: [] },
    own.pages,
    { categories: categories.map((c) => ({ name: c.name })), year: deps.now().getUTCFullYear() },
  ).proposal;
  const empty: DraftedValue = { value: null, evidence: [] };
  const rows = COMPARE_ATTRIBUTES.map((attribute) => ({
    attribute,
    ours: ours.fields[attribute] ?? empty,
    theirs: theirs.proposal.fields[attribute] ?? empty,
  }));
  const theirName = (theirs.proposal.fields.name?.value as string | null) ?? null;
  const ourName = (ours.fields.name?.value as string | null) ?? null;
  return {
    competitor: { url: competitor.start_url, name: theirName },
    rows,
    summary: comparisonSummary(ourName, theirName ?? hostOf(competitor.start_url), rows),
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

const LABELS: Record<string, string> = {
  pricing_model: "pricing model",
  pricing_summary: "prices",
  stage: "stage",
  country: "country",
  founded_year: "founding year",
  categories: "categories",
};

function show(attribute: string, value: unknown): string {
  if (attribute === "country" && typeof value === "string") return countryNames(value)[0] ?? value;
  return Array.isArray(value) ? value.join(", ") : String(value);
}

function sameItem(a: string, b: string): boolean {
  if (looseText(a) === looseText(b)) return true;
  const sa = new Set(contentStems(a));
  const sb = contentStems(b);
  const shared = sb.filter((s) => sa.has(s)).length;
  return shared > 0 && shared / Math.max(sa.size, sb.length) >= 0.5;
}

/** A plain-language summary of the rows; every statement comes from a verified value or its absence. */
function comparisonSummary(
  ourName: string | null,
  theirName: string,
  rows: CompetitorComparison["rows"],
): string {
  const us = ourName ?? "Your product";
  const out: string[] = [];
  for (const row of rows) {
    const a = row.ours.value;
    const b = row.theirs.value;
    const present = (v: unknown) =>
      v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0);
    if (row.attribute === "features") {
      const ours = Array.isArray(a) ? a as string[] : [];
      const them = Array.isArray(b) ? b as string[] : [];
      if (ours.length === 0 && them.length === 0) continue;
      const shared = ours.filter((x) => them.some((y) => sameItem(x, y)));
      const onlyUs = ours.filter((x) => !them.some((y) => sameItem(x, y)));
      const onlyThem = them.filter((y) => !ours.some((x) => sameItem(x, y)));
      const parts = [`${us} lists ${ours.length} features, ${theirName} ${them.length}`];
      if (shared.length) parts.push(`both mention ${shared.slice(0, 3).join(", ")}`);
      if (onlyUs.length) parts.push(`only ${us} mentions ${onlyUs.slice(0, 3).join(", ")}`);
      if (onlyThem.length) {
        parts.push(`only ${theirName} mentions ${onlyThem.slice(0, 3).join(", ")}`);
      }
      out.push(parts.join("; ") + ".");
      continue;
    }
    const label = LABELS[row.attribute] ?? row.attribute;
    if (present(a) && present(b)) {
      if (looseText(show(row.attribute, a)) === looseText(show(row.attribute, b))) {
        out.push(`Same ${label}: ${show(row.attribute, a)}.`);
      } else {
        out.push(
          `${label[0].toUpperCase()}${label.slice(1)}: ${us} ${
            show(row.attribute, a)
          }, ${theirName} ${show(row.attribute, b)}.`,
        );
      }
    } else if (present(a)) out.push(`${theirName}'s site does not state its ${label}.`);
    else if (present(b)) {
      out.push(
        `${theirName}: ${label} ${show(row.attribute, b)} (${us}'s site does not state it).`,
      );
    }
  }
  return out.length > 0
    ? `Compared with ${theirName}. ${out.join(" ")}`
    : `Compared with ${theirName}: neither site states the compared facts.`;
}
