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

export const faq = z.object({ question: requiredText(300), answer: requiredText(1500) }).strict();

/** Platform key → link (at most 500 characters), for the fourteen social keys. */
export const socials = z.object(
  Object.fromEntries(SOCIAL_KEYS.map((key) => [key, text(500)])) as Record<
    typeof SOCIAL_KEYS[number],
    z.ZodString
  >,
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
  demo_video_url: text(500).nullable().describe("Video link"),
  logo_url: text(500).nullable(),
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
      url: text(500).optional(),
    }).strict(),
  ).max(50),
  competitor_url: text(2048).describe(
    "Read and compared by the service; an empty string clears it",
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
  demo_video_url: text(500),
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
