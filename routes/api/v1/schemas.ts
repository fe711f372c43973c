/** Request schemas shared by several operations (draft, my-listing and order bodies). */
import { z } from "zod";
import { SOCIAL_KEYS } from "../../../kv/types.ts";
import { countryCode, positiveId } from "./operation.ts";
import {
  DRAFT_FIELDS,
  type DraftFieldName,
  STORY_SECTIONS,
  type StorySection,
} from "../../../services/drafting/mod.ts";

const text = (max: number) => z.string().max(max);
const requiredText = (max: number) => z.string().min(1).max(max);
const textList = () => z.array(text(200)).max(20);

/** `scheme://host`, then an optional path: no user info, no whitespace or control characters. */
const urlSource = (scheme: string) =>
  String.raw`${scheme}://[^\s\x00-\x1f\x7f/?#\\@]+(?:[/?#][^\s\x00-\x1f\x7f]*)?`;

/** A website given by its domain alone (`acme.com`, `www.acme.com:8080/en`), read as https. */
const BARE_DOMAIN_SOURCE = String.raw`[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?` +
  String.raw`(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+(?::\d{1,5})?` +
  String.raw`(?:[/?#][^\s\x00-\x1f\x7f]*)?`;

/** How a URL field is read. */
export interface UrlFieldOptions {
  /** Only https (add_milestone's links). */
  httpsOnly?: boolean;
  /** An empty string is taken too: it removes the value. */
  emptyClears?: boolean;
  /** A website may also be given by its domain alone, which the service reads as https. */
  bareDomain?: boolean;
}

/**
 * A URL field: an absolute http or https URL (https only with `httpsOnly`) of at most `max`
 * characters, with a host, no user name or password, no whitespace or control characters.
 * `javascript:`, `data:`, other schemes, `//host` and relative addresses are a 400 naming the
 * field. The OpenAPI document shows the pattern and the description.
 */
export function httpUrl(max: number, options: UrlFieldOptions = {}) {
  const kind = options.httpsOnly ? "https" : "http or https";
  const url = urlSource(options.httpsOnly ? "[Hh][Tt][Tt][Pp][Ss]" : "[Hh][Tt][Tt][Pp][Ss]?");
  const accepted = options.bareDomain ? `${url}|${BARE_DOMAIN_SOURCE}` : url;
  const pattern = new RegExp(options.emptyClears ? `^(?:${accepted})?$` : `^(?:${accepted})$`);
  const expected = options.bareDomain
    ? `an absolute ${kind} URL such as https://example.com/page, or a domain such as example.com`
    : `an absolute ${kind} URL such as https://example.com/page`;
  const error = (issue: { input?: unknown }) =>
    `Expected ${expected}, got ${JSON.stringify(String(issue.input).slice(0, 100))}`;
  const parses = (value: string) =>
    value === "" ||
    URL.canParse(/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value) ? value : `https://${value}`);
  return z.string().max(max).regex(pattern, { error })
    .refine(parses, { error, when: (payload) => payload.issues.length === 0 })
    .describe(
      `An absolute ${kind} URL${
        options.bareDomain ? " (or a domain alone, read as https)" : ""
      }, at most ${max} characters${options.emptyClears ? "; an empty string removes it" : ""}`,
    );
}

export const faq = z.object({ question: requiredText(300), answer: requiredText(1500) }).strict();

/** Platform key → link (an http(s) URL of at most 500 characters), for the fourteen social keys. */
export const socials = z.object(
  Object.fromEntries(
    SOCIAL_KEYS.map((key) => [key, httpUrl(500, { emptyClears: true })]),
  ) as Record<typeof SOCIAL_KEYS[number], ReturnType<typeof httpUrl>>,
).partial().strict();

/** The draft fields of update_draft's `fields`; every one accepts null, which removes it. */
export const draftFields = {
  name: text(500).nullable(),
  tagline: text(500).nullable(),
  short_description: text(500).nullable(),
  description: text(20000).nullable(),
  stage: text(500).nullable(),
  categories: textList().nullable(),
  tags: textList().nullable(),
  pricing_model: text(500).nullable(),
  pricing_summary: text(500).nullable(),
  country: text(500).nullable().describe("ISO country code"),
  city: text(500).nullable(),
  founded_year: text(500).nullable().describe("Year the company was founded"),
  features: textList().nullable(),
  usps: textList().nullable(),
  keywords: textList().nullable(),
  contact_email: text(500).nullable(),
  demo_video_url: httpUrl(500, { emptyClears: true }).nullable().describe(
    "Video link: an absolute http or https URL",
  ),
  logo_url: httpUrl(500, { emptyClears: true }).nullable().describe(
    "Logo image: an absolute http or https URL",
  ),
} satisfies Record<DraftFieldName, z.ZodType>;
export const DRAFT_FIELD_NAMES = DRAFT_FIELDS;
const draftFieldName = z.enum(DRAFT_FIELDS);

const storyFields = Object.fromEntries(
  STORY_SECTIONS.map((section) => [section, text(8000)]),
) as Record<StorySection, ReturnType<typeof text>>;

export const updateDraftBody = z.object({
  fields: z.object(draftFields).partial().strict(),
  lock_fields: z.array(draftFieldName).max(20),
  regenerate: z.array(draftFieldName).max(5),
  restore: z.array(draftFieldName).max(20),
  faqs: z.array(faq).max(10).describe("Replaces all FAQs; at most 10"),
  company_socials: socials,
  founder_socials: socials,
  founders: z.array(
    z.object({ name: requiredText(160), title: text(160), bio: text(3000) }).partial({
      title: true,
      bio: true,
    })
      .strict(),
  ).max(6).describe("Replaces the list; the first is the primary founder"),
  story: z.object(storyFields).partial().strict(),
  milestones: z.array(
    z.object({
      date: z.iso.date(),
      title: requiredText(200),
      description: text(2000).optional(),
      url: httpUrl(500, { emptyClears: true }).optional(),
    }).strict(),
  ).max(50),
  competitor_url: httpUrl(2048, { emptyClears: true, bareDomain: true }).describe(
    "Read and compared by the service: an absolute http or https URL or a domain alone; an empty string clears it",
  ),
  seo: z.object({ title: text(70), meta: text(170) }).partial().strict(),
}).partial().strict();

export const myListingFields = z.object({
  tagline: text(200),
  short_description: text(300),
  description: text(20000),
  pricing_model: text(40),
  pricing_summary: text(300),
  country: z.string().regex(
    /^([A-Za-z]{2})?$/,
    "Expected a two-letter country code or an empty string",
  ),
  city: text(120),
  founded_year: z.number().int().min(1800).max(2100).nullable(),
  demo_video_url: httpUrl(500, { emptyClears: true }),
  contact_email: text(254),
  features: textList(),
  usps: textList(),
  keywords: textList(),
  headline: text(200),
  summary: text(20000),
  seo_title: text(200),
  seo_description: text(320),
}).partial().strict();

export const updateMyListingBody = z.object({
  fields: myListingFields,
  socials: socials.describe("Replaces all socials"),
  faqs: z.array(faq).max(10).describe("Replaces all FAQs"),
}).partial().strict();

export const founderStoryBody = z.object({ ...storyFields, title: text(200) }).partial().strict();

/** One order item of quote_order and create_checkout. */
export const orderItem = z.object({
  product: requiredText(60).describe("A product code from list_products"),
  listing_id: positiveId("Listing id").optional().describe(
    "Required for products with needs_listing=true",
  ),
  week: z.string().max(10).regex(/^\d{4}-\d{2}-\d{2}$/, "Expected a Monday date YYYY-MM-DD")
    .optional().describe("Monday date YYYY-MM-DD, one of the weeks list_products shows"),
  amount_cents: z.number().int().min(1).max(100_000_000).optional()
    .describe("billboard_min only; at least the minimum"),
  categories: z.array(z.string().max(220)).max(10).optional()
    .describe("extra_categories only: up to 3 extra category slugs"),
  options: z.record(z.string().max(60), z.union([z.string().max(500), z.number(), z.boolean()]))
    .refine((o) => Object.keys(o).length <= 20, "At most 20 options")
    .meta({ maxProperties: 20 })
    .optional()
    .describe("For products whose list_products entry has options"),
}).strict();

export const orderBody = z.object({
  items: z.array(orderItem).min(1).max(20),
  billing_country: countryCode().optional(),
  vat_number: text(32).optional().describe("EU businesses: reverse charge applies when valid"),
}).strict();
