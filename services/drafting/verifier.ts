/**
 * The verifier every drafted value passes, whichever drafter made it. A quote verifies when its
 * normalised text is found on the page it names, and that page is one the crawler was allowed to
 * read. A value stays only when verified quotes also support it: the value (or most of its words,
 * for prose) is in the quoted text, a founding year comes with founding words and not from a
 * copyright line, nothing rests on testimonial text alone, links and emails are on the page.
 * Everything else is dropped to not_found, with the reason recorded.
 *
 * What counts as "on the page": its visible `text`, plus what the site states about itself in its
 * head and markup (title, meta description, Open Graph values, FAQ markup, JSON-LD values written
 * as `key: value`), and for links and emails the extracted link lists (a mailto: or a video
 * embed is often not visible text).
 */
import {
  DRAFT_FIELDS,
  type DraftedValue,
  type DraftFieldName,
  type DraftProposal,
  type EvidencePage,
  type EvidenceQuote,
  normalizeWhitespace,
  STORY_SECTIONS,
} from "./evidence.ts";
import { SOCIAL_KEYS, STAGES } from "../../kv/types.ts";

/** Quotes shorter than this (after normalisation) prove nothing. */
export const MIN_QUOTE_CHARS = 4;
/** Quotes longer than this are refused: a quote is a passage, not the page. */
export const MAX_QUOTE_CHARS = 500;

/** The pricing models drafters may propose. */
export const PRICING_MODELS = [
  "Free",
  "Freemium",
  "Free trial",
  "Subscription",
  "One-time",
  "Usage-based",
  "Open source",
  "Contact sales",
] as const;
export type PricingModel = typeof PRICING_MODELS[number];

/** What the verifier did: the cleaned proposal, each drop with its reason, and quote counts. */
export interface VerifyResult {
  proposal: DraftProposal;
  dropped: { field: string; reason: string }[];
  quotes: { checked: number; verified: number };
}

/** Options of verifyProposal. */
export interface VerifyOptions {
  /** Category names (with descriptions) drafts may use; without it, categories are not checked by name. */
  categories?: { name: string; description?: string }[];
  /** The current year, for the founding year bound (default: this year). */
  year?: number;
}

// ---------------------------------------------------------------------------------------------
// Text helpers (shared with the drafters)

/**
 * The form quotes and pages are compared in: NFKC, typographic quotes, dashes and ellipses as
 * ASCII, invisible characters removed, whitespace collapsed. Case is kept.
 */
export function normalizeQuoteText(text: string): string {
  return normalizeWhitespace(
    text.normalize("NFKC")
      .replace(/[\u00AD\u200B-\u200D\u2060\uFEFF]/gu, "")
      .replace(/[\u2018\u2019\u201A\u201B\u2032]/gu, "'")
      .replace(/[\u201C\u201D\u201E\u201F\u2033]/gu, '"')
      .replace(/[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/gu, "-")
      .replace(/\u2026/gu, "..."),
  );
}

/** Lower case, letters and digits only, single spaces: for word-level matching. */
export function looseText(text: string): string {
  return normalizeQuoteText(text).toLowerCase().replace(/[^\p{L}\p{N}@]+/gu, " ").trim();
}

/** Whether `needle` occurs in `haystack` as whole words (case and punctuation ignored). */
export function containsPhrase(haystack: string, needle: string): boolean {
  const n = looseText(needle);
  if (!n) return false;
  return ` ${looseText(haystack)} `.includes(` ${n} `);
}

const STOPWORDS = new Set(
  ("a an and are as at be been but by can do does for from has have how i if in into is it its " +
    "it's of on or our ours so than that the their them then there these they this to us was we " +
    "what when where which while who why will with you your yours all any more most no not one " +
    "just also very get gets got out up over about after before each every other same such only " +
    "own too s t don't isn't")
    .split(" "),
);

/** A crude stem: lower case, a plural or -ing/-ed ending removed. */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith("ies")) w = w.slice(0, -3) + "y";
  else if (w.length > 4 && w.endsWith("es") && /(ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  if (w.length > 4 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}

/** Words of a text (letters/digits runs). */
export function words(text: string): string[] {
  return normalizeQuoteText(text).match(
    /[\p{L}\p{N}][\p{L}\p{N}'.@-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu,
  ) ??
    [];
}

/** The meaningful words of a text, stemmed (no stopwords). */
export function contentStems(text: string): string[] {
  return words(text).map((w) => w.toLowerCase()).filter((w) => !STOPWORDS.has(w)).map(stem);
}

/**
 * How well quoted text supports a prose value: the share of the value's meaningful words found
 * in the quotes, and the numbers and names (capitalised words inside a sentence) missing from
 * them, which must all be present.
 */
export function proseSupport(value: string, quoted: string): { share: number; missing: string[] } {
  const have = new Set(contentStems(quoted));
  const haveLoose = ` ${looseText(quoted)} `;
  const tokens = words(value);
  const content = tokens.map((w) => w.toLowerCase()).filter((w) => !STOPWORDS.has(w));
  const found = content.filter((w) => have.has(stem(w))).length;
  const missing: string[] = [];
  tokens.forEach((w, i) => {
    const sentenceStart = i === 0 || /[.!?:]$/.test(tokens[i - 1]) ||
      /[.!?:]\s+$/.test(value.slice(0, value.indexOf(w)));
    const strict = /\p{N}/u.test(w) || (!sentenceStart && /^\p{Lu}/u.test(w));
    if (!strict || STOPWORDS.has(w.toLowerCase())) return;
    if (!have.has(stem(w)) && !haveLoose.includes(` ${looseText(w)} `)) missing.push(w);
  });
  return { share: content.length === 0 ? 1 : found / content.length, missing };
}

const FOUNDING_WORDS = String
  .raw`(?:\b(?:founded|co-founded|cofounded|established|started|incorporated|began|since|launched in|founding ?date|foundingDate|first (?:version|release) (?:shipped|launched|was released|came out))\b|\best\.)`;

/** Years (as strings) stated with founding words in a text: "Founded in 2019", "since 2015". */
export function foundingYearsIn(text: string): string[] {
  const out = new Set<string>();
  const after = new RegExp(`${FOUNDING_WORDS}[^.!?|]{0,60}?\\b((?:18|19|20)\\d\\d)\\b`, "giu");
  const before = new RegExp(
    `\\b((?:18|19|20)\\d\\d)\\b[^.!?|\\d]{0,25}?\\b(?:founded|established)\\b`,
    "giu",
  );
  for (const m of text.matchAll(after)) out.add(m[1]);
  for (const m of text.matchAll(before)) out.add(m[1]);
  return [...out];
}

const COPYRIGHT_RE =
  /(?:©|\(c\)|\bcopyright\b)\s*(?:©\s*)?(?:(?:18|19|20)\d\d)(?:\s*[-–—]\s*(?:(?:18|19|20)\d\d|present|now))?/giu;

/** Signals of each stage in a site's own words. */
export const STAGE_SIGNALS: Record<typeof STAGES[number], RegExp> = {
  idea:
    /\b(coming soon|join (?:the|our) waitlist|waitlist|wait list|pre-launch|not yet launched)\b/iu,
  mvp: /\b(beta|early access|alpha|preview|mvp|minimum viable product|pilot program)\b/iu,
  launched:
    /\b(generally available|general availability|now available|now live|out now|available today|launched|version 1\.0|v1\.0)\b/iu,
  growing:
    /\b(growing|\d[\d,.]*\s*\+?\s*(?:k\s+)?(?:teams|customers|users|companies|businesses)|thousands of (?:teams|customers|users|companies))\b/iu,
  established:
    /\b(industry leader|market leader|for over \d+ years|\d+ years in business|millions of (?:users|customers))\b/iu,
};

/** Signals of each pricing model in quoted text. */
export const PRICING_SIGNALS: Record<PricingModel, RegExp> = {
  "Free": /\b(free|no cost|\$0)\b|\bprice: 0\b/iu,
  "Freemium": /\bfree\b|\bprice: 0\b/iu,
  "Free trial":
    /\b(free trial|\d+[- ]day (?:free )?trial|days are free|try (?:it )?(?:for )?free)\b/iu,
  "Subscription":
    /(\/\s?(?:mo|month|yr|year|user|seat)\b|\bper (?:month|year|user|seat)\b|\bmonthly\b|\bannual(?:ly)?\b|\byearly\b|\bsubscription\b|\bbilled\b|\ba month\b)/iu,
  "One-time":
    /\b(one[- ]time|lifetime|pay once|buy once|once|single payment|one payment|perpetual licen[cs]e|no subscription)\b/iu,
  "Usage-based":
    /\b(usage[- ]based|pay[- ]as[- ]you[- ]go|metered|per (?!month|year|user|seat|agent|member|week)[a-z][a-z-]+|credits?)\b/iu,
  "Open source":
    /\b(open[- ]source|MIT licen[cs]e|Apache licen[cs]e|Apache 2\.0|GPL|AGPL|self-host(?:ed|able)?)\b/iu,
  "Contact sales":
    /\b(contact (?:sales|us)|custom pricing|request a quote|get a quote|talk to sales|custom)\b/iu,
};
const PAID_PRICE_RE =
  /([$€£]\s?(?:[1-9]\d*|0[.,]\d*[1-9])|\b[1-9]\d*(?:[.,]\d+)?\s?(?:usd|eur|gbp|\$|€|£)|\bprice: (?:[1-9]|0\.\d*[1-9]))/iu;

/** Role words that make a person on the site a founder. */
export const FOUNDER_ROLE_RE =
  /\b(co-?founders?|founders?|founded|founding|ceo|cto|coo|cpo|chief [a-z]+ officer|owner|creator|created by|built by|started by|made by|maker|side project of)\b/iu;

/** US states (without Georgia, which is also a country): naming one states the country. */
const US_STATES =
  ("Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida " +
    "Hawaii Idaho Illinois Indiana Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts " +
    "Michigan Minnesota Mississippi Missouri Montana Nebraska Nevada New_Hampshire New_Jersey " +
    "New_Mexico New_York North_Carolina North_Dakota Ohio Oklahoma Oregon Pennsylvania Rhode_Island " +
    "South_Carolina South_Dakota Tennessee Texas Utah Vermont Virginia Washington West_Virginia " +
    "Wisconsin Wyoming").split(" ").map((s) => s.replace(/_/g, " "));

const COUNTRY_ALIASES: Record<string, string[]> = {
  US: ["USA", "U.S.", "U.S.A.", "United States of America", "America", ...US_STATES],
  GB: [
    "UK",
    "U.K.",
    "Britain",
    "Great Britain",
    "England",
    "Scotland",
    "Wales",
    "Northern Ireland",
  ],
  NL: ["Holland", "The Netherlands"],
  KR: ["Korea", "Republic of Korea"],
  CZ: ["Czech Republic"],
  TR: ["Turkey"],
  AE: ["UAE"],
  DE: ["Deutschland"],
  CH: ["Schweiz", "Suisse"],
};
let countryTable: { byCode: Map<string, string[]>; byName: Map<string, string> } | null = null;

function countries() {
  if (countryTable) return countryTable;
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  const byCode = new Map<string, string[]>();
  const byName = new Map<string, string>();
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  for (const a of letters) {
    for (const b of letters) {
      const code = a + b;
      let name: string | undefined;
      try {
        name = names.of(code);
      } catch {
        continue;
      }
      if (!name || name === code || name === "Unknown Region" || code === "EU" || code === "UN") {
        continue;
      }
      const all = [name, ...(COUNTRY_ALIASES[code] ?? [])];
      byCode.set(code, all);
      for (const n of all) byName.set(looseText(n), code);
    }
  }
  countryTable = { byCode, byName };
  return countryTable;
}

/** The ISO code for a country code or English country name ("Germany" → "DE"), or null. */
export function countryCodeOf(value: string): string | null {
  const text = value.trim();
  if (/^[A-Za-z]{2}$/.test(text)) {
    const code = text.toUpperCase();
    const fixed = code === "UK" ? "GB" : code;
    return countries().byCode.has(fixed) ? fixed : null;
  }
  return countries().byName.get(looseText(text)) ?? null;
}

/** English names (and common aliases) of a country code. */
export function countryNames(code: string): string[] {
  return countries().byCode.get(code.toUpperCase()) ?? [];
}

/** Every country code whose name appears in a text, in order of appearance. */
export function countriesIn(text: string): string[] {
  const loose = ` ${looseText(text)} `;
  const found: { code: string; at: number }[] = [];
  for (const [name, code] of countries().byName) {
    const at = loose.indexOf(` ${name} `);
    if (at >= 0) found.push({ code, at });
  }
  return [...new Set(found.sort((a, b) => a.at - b.at).map((f) => f.code))];
}

const CATEGORY_HINTS: Record<string, string[]> = {
  "Developer Tools": ["developer", "developers", "code", "api", "sdk", "cli", "deploy", "git"],
  "APIs": ["api", "apis", "endpoint", "rest", "graphql", "sdk", "webhook"],
  "Code Review": ["code review", "pull request", "pull requests", "reviewer"],
  "DevOps": [
    "devops",
    "deploy",
    "deployment",
    "ci",
    "cd",
    "pipeline",
    "infrastructure",
    "kubernetes",
  ],
  "Testing": ["testing", "test", "tests", "qa", "end-to-end"],
  "Databases": ["database", "databases", "sql", "postgres", "query", "queries"],
  "Monitoring": ["monitoring", "uptime", "alerts", "alerting", "observability", "incident", "logs"],
  "Productivity": ["productivity", "productive", "focus", "workflow"],
  "Task Management": ["task", "tasks", "to-do", "todo", "project management", "kanban"],
  "Note Taking": ["note", "notes", "note-taking", "notebook"],
  "Calendar": ["calendar", "scheduling", "schedule", "meeting", "meetings", "booking"],
  "Time Tracking": ["time tracking", "timesheet", "timesheets", "track time", "hours", "timer"],
  "Automation": ["automation", "automate", "automated", "workflow", "workflows", "integrations"],
  "Marketing": ["marketing", "marketers", "campaign", "campaigns"],
  "SEO": ["seo", "search engine", "rankings", "keywords", "backlinks"],
  "Email Marketing": [
    "newsletter",
    "newsletters",
    "email marketing",
    "email campaigns",
    "subscribers",
  ],
  "Social Media": ["social media", "instagram", "tiktok", "linkedin posts", "schedule posts"],
  "Analytics": ["analytics", "dashboard", "dashboards", "metrics", "insights", "reports"],
  "Landing Pages": ["landing page", "landing pages", "website builder", "page builder"],
  "Design": ["design", "designers", "figma"],
  "UI Design": ["ui", "interface", "interfaces", "mockup", "mockups"],
  "Prototyping": ["prototype", "prototypes", "prototyping", "wireframe", "wireframes"],
  "Illustration": ["illustration", "illustrations", "drawing", "vector"],
  "Design Systems": ["design system", "design systems", "components", "tokens"],
  "Artificial Intelligence": ["ai", "artificial intelligence", "machine learning", "llm", "gpt"],
  "AI Writing": ["ai writing", "copywriting", "writing assistant", "ai writer", "drafts"],
  "AI Agents": ["agent", "agents", "ai agent", "ai agents", "autonomous"],
  "AI Images": ["image generation", "ai images", "generate images", "text-to-image"],
  "Machine Learning Ops": ["mlops", "model training", "model deployment", "ml models"],
  "Finance": ["finance", "financial", "money"],
  "Invoicing": ["invoice", "invoices", "invoicing", "billing"],
  "Accounting": ["accounting", "bookkeeping", "accountant", "accountants", "ledger", "tax"],
  "Payments": ["payments", "payment", "checkout", "get paid"],
  "Personal Finance": ["budget", "budgeting", "personal finance", "savings", "expenses"],
  "Sales": ["sales", "sell", "deals", "pipeline"],
  "CRM": ["crm", "contacts", "customer relationship", "deals"],
  "Lead Generation": ["leads", "lead generation", "prospects", "prospecting", "outreach"],
  "Customer Support": [
    "support",
    "helpdesk",
    "help desk",
    "tickets",
    "live chat",
    "customer service",
  ],
  "Education": ["education", "learning", "learn", "students", "teachers"],
  "Online Courses": ["course", "courses", "online course", "lessons", "students"],
  "Language Learning": ["language learning", "languages", "vocabulary", "fluent"],
  "Health & Fitness": ["health", "fitness", "wellbeing", "wellness"],
  "Fitness": ["fitness", "workout", "workouts", "exercise", "training"],
  "Mental Health": ["mental health", "meditation", "mindfulness", "stress", "anxiety"],
  "E-commerce": ["e-commerce", "ecommerce", "online store", "shop", "sell online"],
  "Storefronts": ["storefront", "storefronts", "online store", "shop"],
  "Inventory": ["inventory", "stock", "warehouse", "sku"],
  "Shipping": ["shipping", "shipments", "parcels", "delivery", "labels"],
  "Remote Work": ["remote", "distributed", "remote teams", "async"],
  "Communication": ["chat", "messaging", "video calls", "communication", "async"],
  "Hiring": ["hiring", "recruiting", "candidates", "job", "jobs", "applicants"],
  "Security": ["security", "secure", "encryption", "encrypted", "vulnerability"],
  "Password Managers": ["password", "passwords", "password manager", "vault", "credentials"],
  "Privacy": ["privacy", "private", "gdpr", "tracking-free", "cookie-free"],
};

/** Words and phrases that show a text is about a category (hints, else its name's words). */
export function categoryTerms(name: string): string[] {
  const hints = CATEGORY_HINTS[name];
  if (hints) return hints;
  return words(name).map((w) => w.toLowerCase()).filter((w) => !STOPWORDS.has(w) && w.length > 1);
}

// ---------------------------------------------------------------------------------------------
// Pages as the verifier sees them

interface PageIndex {
  page: EvidencePage;
  text: string;
  /** Head and markup statements, each normalised. */
  extras: string[];
  /** Testimonial and copyright spans in `text`, as [start, end). */
  testimonialSpans: [number, number][];
  copyrightSpans: [number, number][];
  testimonials: string[];
  copyright: string[];
  /** Links and emails in the page's facts, canonical. */
  links: Set<string>;
  emails: Set<string>;
}

/** One quote after checking: verified or not, and the part of it that may support a value. */
interface CheckedQuote {
  quote: EvidenceQuote;
  ok: boolean;
  reason: string;
  source: "text" | "extra" | "fact" | null;
  /** The quote with testimonial text masked out (MASK where it was). */
  usable: string;
  /** The usable text with copyright notices also masked. */
  noCopyright: string;
  page: PageIndex | null;
}

/** A URL in the form pages are matched by: no fragment, no trailing slash on a path. */
export function canonicalUrl(url: string): string {
  try {
    const u = new URL(url.trim());
    u.hash = "";
    if (u.pathname.length > 1 && u.pathname.endsWith("/")) u.pathname = u.pathname.slice(0, -1);
    return u.href;
  } catch {
    return url.trim();
  }
}

/** Every [start, end) span of `text` where one of the needles (long enough to quote) stands. */
export function spansOf(text: string, needles: string[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const n of needles) {
    if (n.length < MIN_QUOTE_CHARS) continue;
    let at = text.indexOf(n);
    while (at >= 0) {
      spans.push([at, at + n.length]);
      at = text.indexOf(n, at + 1);
    }
  }
  return spans;
}

function regexSpans(text: string, re: RegExp): [number, number][] {
  return [...text.matchAll(re)].map((m) => [m.index!, m.index! + m[0].length] as [number, number]);
}

function jsonLdLines(value: unknown, key: string, out: string[], depth = 0): void {
  if (depth > 6 || out.length > 400) return;
  if (typeof value === "string" || typeof value === "number") {
    // JSON-LD texts sometimes carry HTML (FAQ answers): quotes are compared with the words only.
    const text = normalizeQuoteText(String(value).replace(/<[^>]*>/g, " "));
    if (!text) return;
    out.push(text);
    if (key && !key.startsWith("@")) out.push(`${key}: ${text}`);
  } else if (Array.isArray(value)) {
    for (const v of value) jsonLdLines(v, key, out, depth + 1);
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      jsonLdLines(v, key && !k.startsWith("@") ? `${key}.${k}` : k, out, depth + 1);
    }
  }
}

/** The statements of a page besides its visible text (head, FAQ markup, JSON-LD). */
export function pageExtras(page: EvidencePage): string[] {
  const f = page.facts;
  const out: string[] = [];
  if (f.title) out.push(f.title);
  if (page.title) out.push(page.title);
  if (f.meta_description) out.push(f.meta_description);
  for (const v of Object.values(f.og ?? {})) out.push(v);
  for (const q of f.faqs ?? []) out.push(q.question, q.answer);
  const ld: string[] = [];
  for (const obj of f.json_ld ?? []) jsonLdLines(obj, "", ld);
  return [...out.map(normalizeQuoteText), ...ld].filter((s) => s.length > 0);
}

function indexPages(pages: EvidencePage[]): Map<string, PageIndex> {
  const out = new Map<string, PageIndex>();
  for (const page of pages) {
    const text = normalizeQuoteText(page.text ?? "");
    const f = page.facts;
    const testimonials = (f.testimonials ?? []).map(normalizeQuoteText).filter(Boolean);
    const copyright = (f.copyright ?? []).map(normalizeQuoteText).filter(Boolean);
    const links = new Set<string>();
    for (const u of [...(f.video_links ?? []), ...Object.values(f.socials ?? {})]) {
      links.add(canonicalUrl(u));
    }
    if (f.logo_url) links.add(canonicalUrl(f.logo_url));
    const ld: string[] = [];
    for (const obj of f.json_ld ?? []) jsonLdLines(obj, "", ld);
    for (const line of ld) if (/^https?:\/\/\S+$/.test(line)) links.add(canonicalUrl(line));
    out.set(canonicalUrl(page.url), {
      page,
      text,
      extras: pageExtras(page),
      testimonialSpans: spansOf(text, testimonials),
      copyrightSpans: [...spansOf(text, copyright), ...regexSpans(text, COPYRIGHT_RE)],
      testimonials,
      copyright,
      links,
      emails: new Set((f.emails ?? []).map((e) => e.trim().toLowerCase())),
    });
  }
  return out;
}

/** Stands in for masked text (testimonials, copyright lines): a word no value contains. */
const MASK = " \u2016masked\u2016 ";

/** Whether a masked quote still has text of its own. */
function hasUsable(text: string): boolean {
  return text.replaceAll(MASK.trim(), "").replace(/[^\p{L}\p{N}]/gu, "").length >= 2;
}

function masked(text: string, start: number, length: number, spans: [number, number][]): string {
  const end = start + length;
  const inside = spans.filter(([s, e]) => e > start && s < end).sort((a, b) => a[0] - b[0]);
  let out = "";
  let at = start;
  for (const [s, e] of inside) {
    if (s > at) out += text.slice(at, s);
    if (e > at) {
      out += MASK;
      at = e;
    }
  }
  if (at < end) out += text.slice(at, end);
  return out.trim();
}

function maskStandalone(quote: string, needles: string[]): string {
  let out = quote;
  for (const n of needles) if (n.includes(out)) return "";
  for (const n of needles) {
    if (n.length >= MIN_QUOTE_CHARS && out.includes(n)) out = out.split(n).join(MASK);
  }
  return out.trim();
}

function checkQuote(quote: EvidenceQuote, index: Map<string, PageIndex>): CheckedQuote {
  const fail = (reason: string): CheckedQuote => ({
    quote,
    ok: false,
    reason,
    source: null,
    usable: "",
    noCopyright: "",
    page: null,
  });
  if (!quote || typeof quote.quote !== "string" || typeof quote.url !== "string") {
    return fail("quote is not {quote, url}");
  }
  const norm = normalizeQuoteText(quote.quote);
  if (norm.length < MIN_QUOTE_CHARS) return fail(`quote "${norm}" is too short`);
  if (norm.length > MAX_QUOTE_CHARS) {
    return fail(`quote of ${norm.length} characters is longer than ${MAX_QUOTE_CHARS}`);
  }
  const page = index.get(canonicalUrl(quote.url));
  if (!page) return fail(`quote cites "${quote.url}", which is not a page the crawler read`);
  const q = { quote: norm, url: page.page.url };
  // Visible text: choose the occurrence with the most non-testimonial text.
  let at = page.text.indexOf(norm);
  if (at >= 0) {
    let best = "";
    while (at >= 0) {
      const usable = masked(page.text, at, norm.length, page.testimonialSpans);
      if (usable.length > best.length || best === "") best = usable;
      at = page.text.indexOf(norm, at + 1);
    }
    return {
      quote: q,
      ok: true,
      reason: "",
      source: "text",
      usable: best,
      noCopyright: maskStandalone(best.replace(COPYRIGHT_RE, MASK), page.copyright),
      page,
    };
  }
  if (page.extras.some((e) => e.includes(norm))) {
    const usable = maskStandalone(norm, page.testimonials);
    return {
      quote: q,
      ok: true,
      reason: "",
      source: "extra",
      usable,
      noCopyright: maskStandalone(usable.replace(COPYRIGHT_RE, MASK), page.copyright),
      page,
    };
  }
  const asLink = canonicalUrl(norm.replace(/^mailto:/i, ""));
  if (page.links.has(asLink) || page.emails.has(norm.replace(/^mailto:/i, "").toLowerCase())) {
    return {
      quote: q,
      ok: true,
      reason: "",
      source: "fact",
      usable: norm,
      noCopyright: norm,
      page,
    };
  }
  return fail(`quote "${clip(norm)}" is not on ${quote.url}`);
}

function clip(text: string, max = 80): string {
  return text.length > max ? text.slice(0, max - 1) + "…" : text;
}

// ---------------------------------------------------------------------------------------------
// The verifier

const PROSE_FIELDS: Partial<Record<DraftFieldName, number>> = {
  tagline: 0.8,
  short_description: 0.8,
  description: 0.75,
  pricing_summary: 0.8,
};
const LIST_FIELDS = new Set<DraftFieldName>(["categories", "tags", "features", "usps", "keywords"]);
const MAX_LENGTH: Partial<Record<DraftFieldName, number>> = { description: 20000 };
const VIDEO_HOST_RE =
  /(youtube\.com|youtu\.be|vimeo\.com|loom\.com|wistia\.(?:com|net)|vidyard\.com|\.mp4(?:$|\?)|\.webm(?:$|\?))/iu;
const SOCIAL_HOSTS: Partial<Record<string, RegExp>> = {
  x: /(^|\.)(x\.com|twitter\.com)$/,
  linkedin: /(^|\.)linkedin\.com$/,
  github: /(^|\.)github\.com$/,
  youtube: /(^|\.)(youtube\.com|youtu\.be)$/,
  facebook: /(^|\.)(facebook\.com|fb\.com)$/,
  instagram: /(^|\.)instagram\.com$/,
  tiktok: /(^|\.)tiktok\.com$/,
  discord: /(^|\.)(discord\.gg|discord\.com)$/,
  reddit: /(^|\.)reddit\.com$/,
  threads: /(^|\.)(threads\.net|threads\.com)$/,
  bluesky: /(^|\.)bsky\.app$/,
};

/** Checks every quote and value of a proposal against the pages read; see the module comment. */
export function verifyProposal(
  proposal: DraftProposal,
  pages: EvidencePage[],
  options: VerifyOptions = {},
): VerifyResult {
  const index = indexPages(pages);
  const dropped: { field: string; reason: string }[] = [];
  const counts = { checked: 0, verified: 0 };
  const year = options.year ?? new Date().getUTCFullYear();

  /** Checks quotes; records unverified ones; returns the verified ones. */
  const check = (field: string, evidence: unknown): CheckedQuote[] => {
    const list = Array.isArray(evidence) ? evidence as EvidenceQuote[] : [];
    const out: CheckedQuote[] = [];
    for (const quote of list) {
      counts.checked++;
      const c = checkQuote(quote, index);
      if (c.ok) {
        counts.verified++;
        out.push(c);
      } else dropped.push({ field, reason: `quote dropped: ${c.reason}` });
    }
    return out;
  };
  const drop = (field: string, reason: string) => dropped.push({ field, reason });
  const supporting = (quotes: CheckedQuote[]) => quotes.filter((q) => hasUsable(q.usable));
  const evidenceOf = (quotes: CheckedQuote[]) => dedupeQuotes(quotes.map((q) => q.quote));

  const fields: DraftProposal["fields"] = {};
  for (const name of DRAFT_FIELDS) {
    const drafted = proposal.fields?.[name] as DraftedValue | undefined;
    if (drafted === undefined) continue;
    const empty = { value: null, evidence: [] };
    if (!drafted || drafted.value === null || drafted.value === undefined) {
      fields[name] = empty;
      continue;
    }
    const verified = check(name, drafted.evidence);
    if (verified.length > 0 && supporting(verified).length === 0) {
      drop(name, "its only quotes lie inside testimonial text");
      fields[name] = empty;
      continue;
    }
    const result = verifyField(name, drafted.value, supporting(verified), {
      categories: options.categories,
      year,
      drop: (reason, item) =>
        drop(item === undefined ? name : `${name}: "${clip(item, 60)}"`, reason),
    });
    if (result === null) {
      fields[name] = empty;
      continue;
    }
    fields[name] = { value: result.value, evidence: evidenceOf(result.quotes) };
  }

  const faqs: DraftProposal["faqs"] = [];
  (proposal.faqs ?? []).forEach((faq, i) => {
    const field = `faqs[${i}]`;
    if (faqs.length >= 10) return drop(field, "more than 10 FAQs");
    if (typeof faq?.question !== "string" || typeof faq?.answer !== "string") {
      return drop(field, "question and answer must be text");
    }
    const question = normalizeQuoteText(faq.question);
    const answer = normalizeQuoteText(faq.answer);
    if (!question || !answer) return drop(field, "empty question or answer");
    if (question.length > 300 || answer.length > 1500) {
      return drop(field, "question or answer too long");
    }
    const quotes = supporting(check(field, faq.evidence));
    const qQuotes = quotes.filter((q) =>
      containsPhrase(q.usable, question) || proseSupport(question, q.usable).share >= 0.9
    );
    if (qQuotes.length === 0) {
      return drop(field, `question "${clip(question)}" is not in its quotes`);
    }
    const joined = quotes.map((q) => q.usable).join(" | ");
    const why = proseProblem(answer, joined, 0.8);
    if (why) return drop(field, `answer: ${why}`);
    faqs.push({ question, answer, evidence: evidenceOf(quotes) });
  });

  const founders: DraftProposal["founders"] = [];
  (proposal.founders ?? []).forEach((founder, i) => {
    const field = `founders[${i}]`;
    if (founders.length >= 6) return drop(field, "more than 6 founders");
    if (typeof founder?.name !== "string" || !founder.name.trim()) return drop(field, "no name");
    const name = normalizeQuoteText(founder.name);
    if (name.length > 160) return drop(field, "name longer than 160 characters");
    const verified = check(field, founder.evidence);
    const quotes = supporting(verified);
    const named = quotes.filter((q) => containsPhrase(q.usable, name));
    if (named.length === 0) {
      const inTestimonial = verified.some((q) => containsPhrase(q.quote.quote, name));
      return drop(
        field,
        inTestimonial
          ? `"${name}" is named only in a testimonial`
          : `"${name}" is not in the quotes`,
      );
    }
    if (!named.some((q) => FOUNDER_ROLE_RE.test(q.usable))) {
      return drop(field, `no quote names "${name}" as a founder or leader`);
    }
    if (founders.some((f) => looseText(f.name) === looseText(name))) return;
    const joined = quotes.map((q) => q.usable).join(" | ");
    let title = typeof founder.title === "string" ? normalizeQuoteText(founder.title) : null;
    if (title && (title.length > 160 || !containsPhrase(joined, title))) {
      drop(`${field}.title`, `"${clip(title)}" is not in the quotes`);
      title = null;
    }
    let bio = typeof founder.bio === "string" ? normalizeQuoteText(founder.bio) : null;
    if (bio) {
      const why = bio.length > 3000
        ? "longer than 3000 characters"
        : proseProblem(bio, joined, 0.8);
      if (why) {
        drop(`${field}.bio`, why);
        bio = null;
      }
    }
    founders.push({ name, title: title || null, bio: bio || null, evidence: evidenceOf(quotes) });
  });

  const socials: DraftProposal["company_socials"] = {};
  for (const [key, drafted] of Object.entries(proposal.company_socials ?? {})) {
    const field = `company_socials.${key}`;
    if (!drafted || drafted.value === null || drafted.value === undefined) continue;
    if (!(SOCIAL_KEYS as readonly string[]).includes(key)) {
      drop(field, `"${key}" is not a social platform key`);
      continue;
    }
    const quotes = supporting(check(field, drafted.evidence));
    const why = linkProblem(String(drafted.value), quotes, "social");
    if (why) {
      drop(field, why);
      continue;
    }
    const host = new URL(String(drafted.value)).hostname.toLowerCase();
    const want = SOCIAL_HOSTS[key];
    if (want && !want.test(host)) {
      drop(field, `${host} is not a ${key} address`);
      continue;
    }
    socials[key] = { value: String(drafted.value), evidence: evidenceOf(quotes) };
  }

  const story: DraftProposal["story"] = {};
  for (const section of STORY_SECTIONS) {
    const drafted = proposal.story?.[section];
    if (!drafted || drafted.value === null || drafted.value === undefined) continue;
    const field = `story.${section}`;
    if (typeof drafted.value !== "string") {
      drop(field, "not text");
      continue;
    }
    const value = normalizeQuoteText(drafted.value);
    const quotes = supporting(check(field, drafted.evidence));
    const why = value.length > 8000 ? "longer than 8000 characters" : proseProblem(
      value,
      quotes.map((q) => q.usable).join(" | "),
      section === "title" ? 0.8 : 0.75,
    );
    if (why) {
      drop(field, why);
      story[section] = { value: null, evidence: [] };
      continue;
    }
    story[section] = { value, evidence: evidenceOf(quotes) };
  }

  const milestones: DraftProposal["milestones"] = [];
  (proposal.milestones ?? []).forEach((m, i) => {
    const field = `milestones[${i}]`;
    if (milestones.length >= 50) return drop(field, "more than 50 milestones");
    const quotes = supporting(check(field, m?.evidence));
    if (quotes.length === 0) return drop(field, "none of its quotes verified");
    const joined = quotes.map((q) => q.noCopyright).join(" | ");
    const date = normalizeDate(m?.date);
    if (!date) return drop(field, `date "${m?.date}" is not a date`);
    const dateWhy = dateProblem(date, joined);
    if (dateWhy) return drop(field, dateWhy);
    const title = typeof m.title === "string" ? normalizeQuoteText(m.title) : "";
    if (!title || title.length > 200) {
      return drop(field, "title missing or longer than 200 characters");
    }
    const titleWhy = proseProblem(title, joined, 0.8);
    if (titleWhy) return drop(field, `title: ${titleWhy}`);
    let description = typeof m.description === "string" ? normalizeQuoteText(m.description) : null;
    if (description) {
      const why = description.length > 2000
        ? "longer than 2000 characters"
        : proseProblem(description, joined, 0.8);
      if (why) {
        drop(`${field}.description`, why);
        description = null;
      }
    }
    let url = typeof m.url === "string" && m.url ? m.url : null;
    if (url && (url.length > 500 || !linkOnPages(url, index))) {
      drop(`${field}.url`, `"${clip(url)}" is not on the pages read`);
      url = null;
    }
    milestones.push({
      date,
      title,
      description: description || null,
      url,
      evidence: evidenceOf(quotes),
    });
  });

  return {
    proposal: { fields, faqs, founders, company_socials: socials, story, milestones },
    dropped,
    quotes: counts,
  };
}

function dedupeQuotes(quotes: EvidenceQuote[]): EvidenceQuote[] {
  const seen = new Set<string>();
  return quotes.filter((q) => {
    const key = `${q.url}\u0000${q.quote}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Why prose is not supported by the quoted text, or "" when it is. */
function proseProblem(value: string, quoted: string, threshold: number): string {
  if (!quoted.trim()) return "no verified quote outside testimonials";
  if (containsPhrase(quoted, value)) return "";
  const { share, missing } = proseSupport(value, quoted);
  if (missing.length > 0) {
    return `the quotes do not contain ${missing.slice(0, 3).map((w) => `"${w}"`).join(", ")}`;
  }
  if (share < threshold) {
    return `only ${Math.round(share * 100)} % of its words are in the quotes (need ${
      Math.round(threshold * 100)
    } %)`;
  }
  // No sentence may ride on the others: each one needs most of its own words quoted.
  for (const sentence of value.split(/(?<=[.!?])\s+/)) {
    if (contentStems(sentence).length < 4 || containsPhrase(quoted, sentence)) continue;
    const own = proseSupport(sentence, quoted).share;
    if (own < PROSE_SENTENCE_SHARE) {
      return `the sentence "${clip(sentence, 60)}" is not in the quotes (${
        Math.round(own * 100)
      } % of its words)`;
    }
  }
  return "";
}

/** The share of its words each sentence of a prose value needs in the quotes. */
const PROSE_SENTENCE_SHARE = 0.6;

function linkOnPages(url: string, index: Map<string, PageIndex>, only?: PageIndex[]): boolean {
  const c = canonicalUrl(url);
  for (const p of only ?? index.values()) {
    if (p.links.has(c)) return true;
    if (p.text.includes(url) || p.text.includes(c)) return true;
    if (p.extras.some((e) => e.includes(url))) return true;
  }
  return false;
}

/** Why a link value is not supported, or "" when it is. */
function linkProblem(
  value: string,
  quotes: CheckedQuote[],
  kind: "video" | "logo" | "social",
): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${clip(value)}" is not a URL`;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return `"${clip(value)}" is not a web link`;
  }
  if (value.length > 500) return "longer than 500 characters";
  const c = canonicalUrl(value);
  const pagesCited = quotes.map((q) => q.page!).filter(Boolean);
  const quoted = quotes.some((q) =>
    canonicalUrl(q.quote.quote) === c || q.quote.quote.includes(value)
  );
  if (!quoted) return `no verified quote contains "${clip(value)}"`;
  if (!linkOnPages(value, new Map(), pagesCited)) {
    return `"${clip(value)}" is not on the pages quoted`;
  }
  if (kind === "video") {
    const listed = pagesCited.some((p) =>
      p.page.facts.video_links?.some((v) => canonicalUrl(v) === c)
    );
    if (!listed && !VIDEO_HOST_RE.test(value)) return `"${clip(value)}" is not a video link`;
  }
  return "";
}

function normalizeDate(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const m = value.trim().match(/^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/);
  if (!m) return null;
  const date = `${m[1]}-${m[2] ?? "01"}-${m[3] ?? "01"}`;
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== date) return null;
  return date;
}

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** Months (1-12) named in a text next to a year: "March 2024", "Mar 2024", "2024-03". */
export function monthsWithYear(text: string, year: string): number[] {
  const out = new Set<number>();
  const loose = looseText(text);
  MONTHS.forEach((m, i) => {
    if (new RegExp(`\\b(?:${m}|${m.slice(0, 3)})\\b(?: \\d{1,2})? ${year}\\b`).test(loose)) {
      out.add(i + 1);
    }
  });
  for (const m of text.matchAll(new RegExp(`\\b${year}-(\\d{2})\\b`, "g"))) out.add(Number(m[1]));
  return [...out];
}

/** Why a milestone date is not supported by the quoted text, or "". */
function dateProblem(date: string, quoted: string): string {
  const [y, mo, d] = date.split("-");
  if (!new RegExp(`\\b${y}\\b`).test(quoted)) return `year ${y} is not in the quotes`;
  const months = monthsWithYear(quoted, y);
  if (months.length === 0) {
    return mo === "01" && d === "01" ? "" : `the quotes give no month for ${date}`;
  }
  if (!months.includes(Number(mo))) return `month of ${date} is not the one quoted`;
  if (d !== "01" && !new RegExp(`\\b${Number(d)}\\b`).test(looseText(quoted))) {
    return `day of ${date} is not in the quotes`;
  }
  return "";
}

interface FieldContext {
  categories?: { name: string; description?: string }[];
  year: number;
  drop: (reason: string, item?: string) => void;
}

/** Verifies one draft field; returns the value to keep with its supporting quotes, or null. */
function verifyField(
  name: DraftFieldName,
  raw: unknown,
  quotes: CheckedQuote[],
  ctx: FieldContext,
): { value: unknown; quotes: CheckedQuote[] } | null {
  const fail = (reason: string) => {
    ctx.drop(reason);
    return null;
  };
  if (quotes.length === 0) return fail("none of its quotes verified");
  const joined = quotes.map((q) => q.usable).join(" | ");

  if (LIST_FIELDS.has(name)) {
    if (!Array.isArray(raw)) return fail("not a list");
    const kept: string[] = [];
    const used = new Set<CheckedQuote>();
    for (const item of raw) {
      if (typeof item !== "string" || !item.trim()) {
        ctx.drop("not text", String(item));
        continue;
      }
      let value = normalizeQuoteText(item);
      if (value.length > 200) {
        ctx.drop("longer than 200 characters", value);
        continue;
      }
      if (kept.length >= 20) {
        ctx.drop("more than 20 items", value);
        continue;
      }
      if (name === "categories") {
        const known = ctx.categories?.find((c) => looseText(c.name) === looseText(value));
        if (ctx.categories && !known) {
          ctx.drop("not a category name from list_categories", value);
          continue;
        }
        if (known) value = known.name;
        const terms = categoryTerms(value);
        const q = quotes.find((q) => terms.some((t) => containsPhrase(q.usable, t)));
        if (!q) {
          ctx.drop("no quote mentions what the category is about", value);
          continue;
        }
        used.add(q);
      } else {
        const threshold = name === "features" || name === "usps" ? 0.8 : 1;
        const q = quotes.find((q) =>
          containsPhrase(q.usable, value) ||
          (proseSupport(value, q.usable).share >= threshold &&
            proseSupport(value, q.usable).missing.length === 0)
        );
        if (!q) {
          ctx.drop("not supported by any quote", value);
          continue;
        }
        used.add(q);
      }
      if (kept.some((k) => looseText(k) === looseText(value))) continue;
      kept.push(value);
    }
    if (kept.length === 0) return fail("no item is supported by the quotes");
    return { value: kept, quotes: quotes.filter((q) => used.has(q)) };
  }

  if (typeof raw !== "string" && typeof raw !== "number") return fail("not text");
  const value = normalizeQuoteText(String(raw));
  if (!value) return fail("empty");
  if (value.length > (MAX_LENGTH[name] ?? 500)) {
    return fail(`longer than ${MAX_LENGTH[name] ?? 500} characters`);
  }
  const having = (test: (q: CheckedQuote) => boolean) => quotes.filter(test);

  switch (name) {
    case "founded_year": {
      if (!/^\d{4}$/.test(value)) return fail(`"${value}" is not a year`);
      const y = Number(value);
      if (y < 1800 || y > ctx.year) return fail(`${value} is not a plausible founding year`);
      const ok = having((q) => foundingYearsIn(q.noCopyright).includes(value));
      if (ok.length > 0) return { value, quotes: ok };
      const anywhere = quotes.some((q) => new RegExp(`\\b${value}\\b`).test(q.usable));
      const onlyCopyright = anywhere &&
        !quotes.some((q) => new RegExp(`\\b${value}\\b`).test(q.noCopyright));
      return fail(
        onlyCopyright
          ? `${value} appears only in a copyright notice, which is not a founding year`
          : `no quote states founding in ${value}`,
      );
    }
    case "stage": {
      const stage = value.toLowerCase();
      if (!(STAGES as readonly string[]).includes(stage)) return fail(`"${value}" is not a stage`);
      const ok = having((q) => STAGE_SIGNALS[stage as typeof STAGES[number]].test(q.usable));
      return ok.length > 0
        ? { value: stage, quotes: ok }
        : fail(`no quote says the product is at stage ${stage}`);
    }
    case "pricing_model": {
      const model = PRICING_MODELS.find((m) => looseText(m) === looseText(value));
      if (!model) return fail(`"${value}" is not a pricing model`);
      if (model === "Freemium") {
        const free = having((q) => PRICING_SIGNALS.Freemium.test(q.usable));
        const paid = having((q) => PAID_PRICE_RE.test(q.usable));
        if (free.length === 0 || paid.length === 0) {
          return fail("Freemium needs quotes of a free plan and of a paid price");
        }
        return { value: model, quotes: [...new Set([...free, ...paid])] };
      }
      const ok = having((q) => PRICING_SIGNALS[model].test(q.usable));
      return ok.length > 0 ? { value: model, quotes: ok } : fail(`no quote shows ${model} pricing`);
    }
    case "country": {
      const code = countryCodeOf(value);
      if (!code) return fail(`"${value}" is not a country`);
      const names = countryNames(code);
      const ok = having((q) =>
        names.some((n) => containsPhrase(q.usable, n)) ||
        new RegExp(`\\baddressCountry: ${code}\\b`).test(q.usable)
      );
      return ok.length > 0
        ? { value: code, quotes: ok }
        : fail(`no quote names ${names[0] ?? code}`);
    }
    case "city":
    case "name": {
      const ok = having((q) => containsPhrase(q.usable, value));
      if (ok.length > 0) return { value, quotes: ok };
      return fail(
        quotes.some((q) => containsPhrase(q.quote.quote, value))
          ? `"${clip(value)}" appears only in testimonial text`
          : `"${clip(value)}" is not in the quotes`,
      );
    }
    case "contact_email": {
      const email = value.replace(/^mailto:/i, "");
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
        return fail(`"${clip(value)}" is not an email`);
      }
      const ok = having((q) => q.usable.toLowerCase().includes(email.toLowerCase()));
      return ok.length > 0 ? { value: email, quotes: ok } : fail(`"${email}" is not in the quotes`);
    }
    case "demo_video_url":
    case "logo_url": {
      const why = linkProblem(value, quotes, name === "demo_video_url" ? "video" : "logo");
      if (why) return fail(why);
      const c = canonicalUrl(value);
      return {
        value,
        quotes: having((q) => canonicalUrl(q.quote.quote) === c || q.quote.quote.includes(value)),
      };
    }
    default: {
      const why = proseProblem(value, joined, PROSE_FIELDS[name] ?? 1);
      if (why) return fail(why);
      const relevant = having((q) => proseSupport(q.usable, value).share > 0);
      return { value, quotes: relevant.length > 0 ? relevant : quotes };
    }
  }
}
