/**
 * The embedded drafter: deterministic, no configuration, no network. It reads the pages the
 * crawler kept (their facts and visible text) and proposes each draft value with quotes cut
 * verbatim from those pages, so that the verifier can check them. What the site does not state
 * stays null: no stage, place, year or founder is guessed. Each kind of value has its drafter in
 * extractive/; this module runs them.
 */
import { DRAFT_FIELDS } from "./evidence.ts";
import type {
  CategoryChoice,
  DraftedValue,
  DraftFieldName,
  DraftProposal,
  EvidencePage,
} from "./evidence.ts";
import { draftFaqs } from "./extractive/faqs.ts";
import { draftFeatures, draftUsps } from "./extractive/features.ts";
import { draftFounders } from "./extractive/founders.ts";
import {
  draftDescription,
  draftName,
  draftShortDescription,
  draftTagline,
} from "./extractive/identity.ts";
import { draftEmail, draftLogo, draftSocials, draftVideo } from "./extractive/links.ts";
import { kindRank, NONE, viewPage } from "./extractive/pages.ts";
import { draftFoundedYear, draftPlace } from "./extractive/place.ts";
import { draftPricingModel, draftPricingSummary } from "./extractive/pricing.ts";
import { draftMilestones, draftStory } from "./extractive/story.ts";
import { draftCategories, draftStage, draftTerms, firstTerms } from "./extractive/topics.ts";

/** Options of the extractive drafter. */
export interface ExtractiveOptions {
  categories: CategoryChoice[];
  /** Only these fields (regenerate); FAQs, founders, socials, story and milestones are skipped. */
  only?: DraftFieldName[];
  /** The site's start URL (helps tell the product name in a title). */
  startUrl?: string;
}

/** Drafts every field (or `only` some) from the pages read; every value quotes its page. */
export function draftExtractive(pages: EvidencePage[], options: ExtractiveOptions): DraftProposal {
  const views = pages.filter((p) => p.text || p.facts).map(viewPage)
    .map((v, i) => ({ v, i }))
    .sort((a, b) => kindRank(a.v.kind) - kindRank(b.v.kind) || a.i - b.i)
    .map(({ v }) => v);
  const want = new Set<DraftFieldName>(options.only ?? DRAFT_FIELDS);
  const full = !options.only;
  const ctx = { views, startUrl: options.startUrl ?? pages[0]?.url ?? "" };
  const fields: DraftProposal["fields"] = {};
  const name = draftName(ctx);
  let place: ReturnType<typeof draftPlace> | null = null;
  const places = () => (place ??= draftPlace(views));
  const productName = name.value as string | null;
  let terms: DraftedValue | null = null;
  const allTerms = () => (terms ??= draftTerms(views, productName, 10));
  const drafters: Record<DraftFieldName, () => DraftedValue> = {
    name: () => name,
    tagline: () => draftTagline(views, productName),
    short_description: () => draftShortDescription(views),
    description: () => draftDescription(views),
    stage: () => draftStage(views),
    categories: () => draftCategories(views, options.categories),
    tags: () => firstTerms(allTerms(), 6),
    pricing_model: () => draftPricingModel(views),
    pricing_summary: () => draftPricingSummary(views),
    country: () => places().country,
    city: () => places().city,
    founded_year: () => draftFoundedYear(views),
    features: () => draftFeatures(views),
    usps: () => draftUsps(views),
    keywords: () => allTerms(),
    contact_email: () => draftEmail(views),
    demo_video_url: () => draftVideo(views),
    logo_url: () => draftLogo(views),
  };
  for (const field of DRAFT_FIELDS) {
    if (!want.has(field)) continue;
    try {
      fields[field] = drafters[field]();
    } catch {
      fields[field] = NONE;
    }
  }
  if (!full) {
    return { fields, faqs: [], founders: [], company_socials: {}, story: {}, milestones: [] };
  }
  return {
    fields,
    faqs: draftFaqs(views),
    founders: draftFounders(views),
    company_socials: draftSocials(views),
    story: draftStory(views),
    milestones: draftMilestones(views),
  };
}
