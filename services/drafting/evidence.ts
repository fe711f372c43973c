/**
 * The evidence base of a draft: the pages the crawler was allowed to read, what was extracted
 * from them, and the drafted values with the quotes that support them. Shared by the crawler,
 * the extractor, the drafters and the verifier.
 */

/** One page the crawler read (robots.txt allowed it). `text` is what quotes are checked against. */
export interface EvidencePage {
  url: string;
  fetched_at: string;
  status: number;
  /** Why this page was chosen: home, about, pricing, features, faq, team, contact, sitemap, link. */
  kind: string;
  title: string;
  /** Visible text of the page, whitespace-normalised (see normalizeWhitespace). */
  text: string;
  facts: PageFacts;
}

/** Structured facts read from one page's HTML (before any drafting). */
export interface PageFacts {
  title: string | null;
  meta_description: string | null;
  og: Record<string, string>;
  /** Parsed JSON-LD objects of the types we use (Organization, SoftwareApplication, Product, FAQPage, ...). */
  json_ld: Record<string, unknown>[];
  headings: { level: number; text: string }[];
  /**
   * Where each heading's text starts in `text` (by index, -1 when outside it), recorded as the text
   * is built. Optional: pages stored before it existed lack it, and headings added later have none.
   */
  heading_offsets?: number[];
  /** Pricing tables or cards: plan name, price text, features. */
  pricing: { plan: string; price: string | null; features: string[] }[];
  /**
   * Texts in which an amount's cents stand in their own element ("$1299/month" shown as $12.99):
   * no price is read from them. Optional: pages stored before it existed lack it.
   */
  split_amounts?: string[];
  /** Question/answer pairs from FAQ markup or JSON-LD FAQPage. */
  faqs: { question: string; answer: string }[];
  /** Social links by platform key (x, linkedin, github, ...). */
  socials: Record<string, string>;
  emails: string[];
  video_links: string[];
  logo_url: string | null;
  /** Same-site links with their anchor text (for choosing more pages). */
  links: { url: string; text: string }[];
  /** Copyright notices seen (e.g. "© 2019-2026 Acme Inc"): never a founding year. */
  copyright: string[];
  /** Texts inside testimonial/quote blocks: companies named there are customers, not the product. */
  testimonials: string[];
  /**
   * Items of the page's content lists (ul/ol outside header, nav and footer), one array per list,
   * in page order. Optional: pages stored before it existed lack it. Feature lists are often only
   * here, since `text` joins list items with a bare space.
   */
  lists?: string[][];
  /** Where each list item's text starts in `text`, as `lists` (-1 when outside it). Optional. */
  list_offsets?: number[][];
  /** The page's language (`<html lang>`, lower case, e.g. "en", "nl-nl"), or null when unstated. */
  lang?: string | null;
  /**
   * Parts of the page that are not about the product itself, with their visible text: "nav",
   * "footer", "aside", "legal" (cookie and legal notices), "logos" (trusted by, as seen in) and
   * "teaser" (blog teasers, related or other products). Optional: pages stored before it lack it.
   */
  zones?: { kind: string; text: string }[];
  /**
   * Links to people's profiles (LinkedIn, X, GitHub, ...) and personal sites outside the page's
   * header, navigation, footer and testimonials, with the visible text of the card around each
   * (`platform` "website" for a personal site). Optional: pages stored before it existed lack it.
   * Links an app's JSON carries (see `app_json`) have `locator`, the URL string's JSON path.
   * `label` is the link's visible text and `at` where it starts in `context` (ties a link to the
   * name it stands by when the context names several people).
   */
  profile_links?: {
    url: string;
    platform: string;
    context: string;
    locator?: string;
    label?: string;
    at?: number;
  }[];
  /**
   * Strings a client-rendered app carries in JSON (`__NEXT_DATA__`, `application/json` scripts,
   * `window.__INITIAL_STATE__ = {...}`), each with its path (`__NEXT_DATA__:props.pageProps.title`).
   * Code, ids, URLs and build data are left out. Optional: pages stored before it lack it.
   */
  app_json?: { path: string; text: string }[];
  /**
   * Alt texts of content images (not logos, icons or badges; not in header, navigation, footer,
   * testimonials or logo walls), with the image's absolute URL. Optional, as above.
   */
  alt_texts?: { src: string; text: string }[];
}

/** What a crawl produced. */
export interface CrawlResult {
  start_url: string;
  pages: EvidencePage[];
  /** URLs robots.txt disallowed (never requested). */
  disallowed: string[];
  /** URLs that failed (status or network), with the reason. */
  failed: { url: string; reason: string }[];
  /** Crawl-delay honoured, in seconds (0 when none). */
  crawl_delay_s: number;
  started_at: string;
  finished_at: string;
  /** A fatal problem (e.g. the homepage could not be read); pages may be empty. */
  error: string | null;
}

/**
 * Where a quote stands on its page: visible text, a named meta value, a JSON-LD value, a string
 * (or one object's strings) of the page's app JSON, or a content image's alt text.
 */
export const QUOTE_SOURCES = ["text", "meta", "jsonld", "app", "alt"] as const;
/** One of the quote sources. */
export type QuoteSource = typeof QUOTE_SOURCES[number];

/**
 * A quote from a page: the exact text (whitespace-normalised) and the page URL. `source` absent
 * means "text" (drafts stored before sources existed). `locator` names a non-text source: the
 * meta name ("title", "description", "og:title", "og:description", ...) or the JSON-LD path
 * ("founder.0.name", "address.addressLocality"), the app JSON path ("__NEXT_DATA__:props.pageProps.
 * tagline", or an object's path for its strings joined by a space) or the image URL of an alt text.
 */
export interface EvidenceQuote {
  quote: string;
  url: string;
  source?: QuoteSource;
  locator?: string;
}

/** A drafted value with its support; `value` null means the site does not state it. */
export interface DraftedValue<T = unknown> {
  value: T | null;
  evidence: EvidenceQuote[];
}

/** What a drafter proposes for a draft, every value with its quotes. */
export interface DraftProposal {
  fields: Partial<Record<DraftFieldName, DraftedValue>>;
  faqs: { question: string; answer: string; evidence: EvidenceQuote[] }[];
  founders: {
    name: string;
    title: string | null;
    bio: string | null;
    evidence: EvidenceQuote[];
    /** The founder's own links (LinkedIn /in/, X, GitHub, personal site) by platform key. */
    links?: Partial<Record<string, DraftedValue<string>>>;
  }[];
  company_socials: Partial<Record<string, DraftedValue<string>>>;
  /** The primary (first) founder's own links by platform key, as update_draft's founder_socials. */
  founder_socials?: Partial<Record<string, DraftedValue<string>>>;
  story: Partial<Record<StorySection, DraftedValue<string>>>;
  milestones: {
    date: string;
    title: string;
    description: string | null;
    url: string | null;
    evidence: EvidenceQuote[];
  }[];
  /** The search-engine title (at most 70) and meta (at most 170) from the page's own head. */
  seo?: { title?: DraftedValue<string>; meta?: DraftedValue<string> };
}

/** A category drafts may use (from list_categories). */
export interface CategoryChoice {
  slug: string;
  name: string;
  parent: string | null;
}

/** The fields of a draft, in the order they are shown and drafted. */
export const DRAFT_FIELDS = [
  "name",
  "tagline",
  "short_description",
  "description",
  "stage",
  "categories",
  "tags",
  "pricing_model",
  "pricing_summary",
  "country",
  "city",
  "founded_year",
  "features",
  "usps",
  "keywords",
  "contact_email",
  "demo_video_url",
  "logo_url",
] as const;
/** One of the draft fields. */
export type DraftFieldName = typeof DRAFT_FIELDS[number];

/** The sections of a founder story, in order. */
export const STORY_SECTIONS = [
  "title",
  "story",
  "why_started",
  "problem",
  "journey",
  "challenges",
  "achievements",
  "lessons",
  "whats_next",
] as const;
/** One of the story sections. */
export type StorySection = typeof STORY_SECTIONS[number];

/** Collapses every run of whitespace to one space and trims: the form quotes are compared in. */
export function normalizeWhitespace(text: string): string {
  return text.replace(/\s+/gu, " ").trim();
}

/**
 * The local part of a department's address (press, media, careers, investor relations) in the
 * languages the drafter reads: a way to reach that department, never the site's contact address.
 */
export const DEPARTMENT_EMAIL_RE =
  /^(?:press|pr|media|presse|stampa|prensa|imprensa|pers|careers|career|jobs|job|hr|recruiting|recruitment|talent|hiring|investors|investor|ir)$/i;

/** Whether an address is a department's (see DEPARTMENT_EMAIL_RE). */
export function isDepartmentEmail(email: string): boolean {
  return DEPARTMENT_EMAIL_RE.test(email.replace(/^mailto:/i, "").split("@")[0] ?? "");
}
