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
  EvidenceQuote,
} from "./evidence.ts";
import { draftFaqs } from "./extractive/faqs.ts";
import { draftFeatures, draftUsps } from "./extractive/features.ts";
import { draftPeople } from "./extractive/founders.ts";
import {
  draftDescription,
  draftName,
  draftSeo,
  draftShortDescription,
  draftTagline,
} from "./extractive/identity.ts";
import { draftEmail, draftLogo, draftSocials, draftVideo } from "./extractive/links.ts";
import { honestQuote, kindRank, NONE, viewPage } from "./extractive/pages.ts";
import { pageLanguage } from "./page_language.ts";
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
  const readable = pages.filter((p) => p.text || p.facts);
  const inLanguage = inSiteLanguage(readable);
  const views = inLanguage
    .map(({ page, foreign }, i) => ({ v: viewPage(page), foreign, i }))
    .sort((a, b) =>
      Number(a.foreign) - Number(b.foreign) || kindRank(a.v.kind) - kindRank(b.v.kind) || a.i - b.i
    )
    .map(({ v }) => v);
  // Pages of a translated section ("/nl/over-ons"): read last, and only for who founded the
  // product and when, when the pages in the draft's language say nothing of it.
  const kept = new Set(inLanguage.map(({ page }) => page));
  const translated = readable.filter((p) => !kept.has(p));
  const withTranslated = () => [...views, ...translated.map(viewPage)];
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
    founded_year: () =>
      orElse(
        draftFoundedYear(views, productName),
        translated.length > 0,
        () => draftFoundedYear(withTranslated(), productName),
      ),
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
  let people = draftPeople(views, productName);
  if (people.founders.length === 0 && translated.length > 0) {
    people = draftPeople(withTranslated(), productName);
  }
  return withSources({
    fields,
    faqs: draftFaqs(views),
    ...people,
    company_socials: draftSocials(views, people.founders),
    story: draftStory(views),
    milestones: draftMilestones(views),
    seo: draftSeo(views),
  }, pages);
}

/** `drafted` when it holds a value, else (when `more` is worth asking) what `again` drafts. */
function orElse(drafted: DraftedValue, more: boolean, again: () => DraftedValue): DraftedValue {
  return drafted.value !== null || !more ? drafted : again();
}

/**
 * The pages in the language the draft is written in, each with whether it is in another language.
 * English when the site has an English home page (its own, or a translated section's root such as
 * "/en/"), or when the home page's language is unstated and some page is English; else the home
 * page's language (a site in one other language is drafted in it, verbatim). Pages of unstated
 * language stay. With a home page in a stated language other than English, a page in another
 * language (an Italian site's English press kit) is a page for foreign readers, not a translation:
 * it stays, read after every page in the home page's language, so it never names or describes the
 * product before the home page does.
 */
function inSiteLanguage(pages: EvidencePage[]): { page: EvidencePage; foreign: boolean }[] {
  const langs = pages.map(pageLanguage);
  const homeAt = pages.findIndex((p) => p.kind === "home");
  const homeLang = langs[homeAt >= 0 ? homeAt : 0];
  const englishHome = pages.some((p, i) => langs[i] === "en" && isHomeOf(p));
  const want = englishHome || (homeLang === null && langs.includes("en")) ? "en" : homeLang;
  const keepForeign = want !== "en" && want !== null;
  const out = pages.map((page, i) => ({ page, foreign: langs[i] !== null && langs[i] !== want }))
    .filter((p) => !p.foreign || keepForeign);
  return out.length > 0 ? out : pages.map((page) => ({ page, foreign: false }));
}

/** Whether a page is the site's home or the root of a language section ("/en/", "/en-gb"). */
function isHomeOf(page: EvidencePage): boolean {
  if (page.kind === "home") return true;
  try {
    return /^\/[a-z]{2}(?:[-_][a-z]{2})?\/?$/i.test(new URL(page.url).pathname);
  } catch {
    return false;
  }
}

/**
 * Every quote honest about its source: one cut from a page's title, meta description, Open
 * Graph or JSON-LD (not its visible text) names that source and where in it.
 */
function withSources(proposal: DraftProposal, pages: EvidencePage[]): DraftProposal {
  const byUrl = new Map(pages.map((p) => [p.url, p]));
  const fix = (quotes: EvidenceQuote[]) =>
    quotes.map((q) => {
      const page = byUrl.get(q.url);
      return page ? honestQuote(page, q) : q;
    });
  const fixValue = <T>(d: DraftedValue<T> | undefined) =>
    d ? { ...d, evidence: fix(d.evidence) } : d;
  const mapValues = <K extends string, T>(rec: Partial<Record<K, DraftedValue<T>>>) =>
    Object.fromEntries(Object.entries(rec).map(([k, d]) => [k, fixValue(d as DraftedValue<T>)]));
  return {
    ...proposal,
    fields: mapValues(proposal.fields),
    faqs: proposal.faqs.map((f) => ({ ...f, evidence: fix(f.evidence) })),
    founders: proposal.founders.map((f) => ({
      ...f,
      evidence: fix(f.evidence),
      ...(f.links ? { links: mapValues(f.links) } : {}),
    })),
    company_socials: mapValues(proposal.company_socials),
    ...(proposal.founder_socials ? { founder_socials: mapValues(proposal.founder_socials) } : {}),
    story: mapValues(proposal.story),
    milestones: proposal.milestones.map((m) => ({ ...m, evidence: fix(m.evidence) })),
    seo: proposal.seo && { title: fixValue(proposal.seo.title), meta: fixValue(proposal.seo.meta) },
  };
}
