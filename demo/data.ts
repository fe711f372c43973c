/**
 * The demo's word lists and phrase templates, read from the JSON files in `data/`: a theme per
 * category in `data/themes/<top-level category>.json`, naming, people and listing phrases.
 */
import developerTools from "./data/themes/developer-tools.json" with { type: "json" };
import productivity from "./data/themes/productivity.json" with { type: "json" };
import marketing from "./data/themes/marketing.json" with { type: "json" };
import design from "./data/themes/design.json" with { type: "json" };
import artificialIntelligence from "./data/themes/artificial-intelligence.json" with {
  type: "json",
};
import finance from "./data/themes/finance.json" with { type: "json" };
import sales from "./data/themes/sales.json" with { type: "json" };
import education from "./data/themes/education.json" with { type: "json" };
import healthFitness from "./data/themes/health-fitness.json" with { type: "json" };
import eCommerce from "./data/themes/e-commerce.json" with { type: "json" };
import remoteWork from "./data/themes/remote-work.json" with { type: "json" };
import security from "./data/themes/security.json" with { type: "json" };
import naming from "./data/naming.json" with { type: "json" };
import people from "./data/people.json" with { type: "json" };
import texts from "./data/texts.json" with { type: "json" };

/** What a product of one category is about, so that its texts fit. */
export interface Theme {
  /** Name stems: "Invoice" → "Invoicely". */
  stems: string[];
  /** What the product handles, plural: "invoices". */
  thing: string;
  /** What kind of product it is: "invoicing app". */
  product: string;
  /** What it lets you do (verb phrase): "send invoices and collect payments". */
  job: string;
  audiences: [string, string, string];
  /** The pain it removes (gerund phrase): "chasing late payments by hand". */
  pain: string;
  /** What users get (verb phrase): "get paid on time". */
  outcome: string;
  taglines: string[];
  features: string[];
  keywords: string[];
  /** Sells to consumers rather than businesses. */
  consumer?: boolean;
  /** Developer audience: GitHub links, docs, more open source. */
  developer?: boolean;
}

/** A country where founders live, its cities and how common it is. */
export interface PlaceSource {
  country: string;
  cities: string[];
  weight: number;
}

/** An update post; `{feature}`/`{featurelc}` name one of the listing's theme features. */
export interface UpdateTemplate {
  title: string;
  body: string;
}

/** Themes by category slug. */
export const THEMES = {
  ...developerTools,
  ...productivity,
  ...marketing,
  ...design,
  ...artificialIntelligence,
  ...finance,
  ...sales,
  ...education,
  ...healthFitness,
  ...eCommerce,
  ...remoteWork,
  ...security,
} as unknown as Record<string, Theme>;

/** Product names: stem + suffix ("Invoicely") or prefix + stem ("OpenInvoice"), and web TLDs. */
export const NAMING: {
  suffixes: string[];
  prefixes: string[];
  tlds: { tld: string; weight: number }[];
} = naming;

/** Places, naming traditions and biographies of founders and voters. */
export const PEOPLE: {
  places: PlaceSource[];
  eu_countries: string[];
  /** First and last names by naming tradition. */
  name_pools: Record<string, { first: string[]; last: string[] }>;
  /** The naming tradition most people of a country share. */
  pool_of_country: Record<string, string>;
  past_roles: string[];
  bio_extras: string[];
  cofounder_areas: string[];
} = people;

/** Listing phrases: pricing by model, selling points, update posts and reviews. */
export const TEXTS: {
  /** First words `lcFirst` leaves capitalised. */
  keep_case: string[];
  usps: string[];
  /** Pricing summaries by pricing model (templates, see `fillTemplate`). */
  pricing: Record<string, string[]>;
  updates: UpdateTemplate[];
  reviews: { good: string[]; mixed: string[]; bad: string[]; spam: string[]; owner: string };
} = texts;

/** Countries whose products say their data is hosted in the EU. */
export const EU = new Set(PEOPLE.eu_countries);
