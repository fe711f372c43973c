/**
 * The edit form of a live listing as values: the fields of update_my_listing with their limits
 * (the spec's My-listing table), the form's values read from a listing or from a post, and the
 * body of only what changed.
 */
import { SOCIAL_KEYS } from "../../kv/types.ts";
import type { MyListing } from "./_listing_parts.tsx";

/** One text field of update_my_listing's `fields`. */
export interface TextFieldSpec {
  name: string;
  label: string;
  max: number;
  kind: "text" | "area";
  type?: string;
  hint?: string;
  rows?: number;
}

/** The text fields, in the form's order. */
export const TEXT_FIELDS: TextFieldSpec[] = [
  { name: "tagline", label: "Tagline", max: 200, kind: "text" },
  { name: "short_description", label: "Short description", max: 300, kind: "area", rows: 3 },
  { name: "description", label: "Description", max: 20000, kind: "area", rows: 10 },
  { name: "headline", label: "Headline", max: 200, kind: "text" },
  { name: "summary", label: "Summary", max: 20000, kind: "area", rows: 6 },
  { name: "pricing_model", label: "Pricing model", max: 40, kind: "text", hint: "e.g. Freemium" },
  { name: "pricing_summary", label: "Pricing summary", max: 300, kind: "area", rows: 3 },
  {
    name: "country",
    label: "Country",
    max: 2,
    kind: "text",
    hint: "Two-letter code, e.g. GB; empty to remove",
  },
  { name: "city", label: "City", max: 120, kind: "text" },
  { name: "demo_video_url", label: "Demo video link", max: 500, kind: "text", type: "url" },
  { name: "contact_email", label: "Contact e-mail", max: 254, kind: "text", type: "email" },
  { name: "seo_title", label: "Search engine title", max: 200, kind: "text" },
  { name: "seo_description", label: "Search engine description", max: 320, kind: "area", rows: 3 },
];

/** The list fields: one item per line, at most 20 items of at most 200 characters. */
export const LIST_FIELDS = [
  { name: "features", label: "Features" },
  { name: "usps", label: "What sets it apart" },
  { name: "keywords", label: "Keywords" },
] as const;

export const LIST_MAX_ITEMS = 20;
export const LIST_ITEM_MAX = 200;
export const FAQS_MAX = 10;
export const FAQ_QUESTION_MAX = 300;
export const FAQ_ANSWER_MAX = 1500;
export const YEAR_MIN = 1800;
export const YEAR_MAX = 2100;

/** The form's values as text, as shown in (or posted by) the form. */
export interface EditValues {
  /** Text fields, list fields (one item per line) and founded_year, by field name. */
  fields: Record<string, string>;
  socials: Record<string, string>;
  faqs: { question: string; answer: string }[];
}

/** The form's values for a listing as it is now. */
export function valuesOfListing(listing: MyListing): EditValues {
  const stored: Record<string, unknown> = {
    ...listing,
    pricing_model: listing.pricing.model,
    pricing_summary: listing.pricing.summary,
    seo_title: listing.seo.title,
    seo_description: listing.seo.description,
  };
  const fields: Record<string, string> = {};
  for (const { name } of TEXT_FIELDS) fields[name] = String(stored[name] ?? "");
  for (const { name } of LIST_FIELDS) fields[name] = (stored[name] as string[]).join("\n");
  fields.founded_year = listing.founded_year === null ? "" : String(listing.founded_year);
  const socials = Object.fromEntries(
    SOCIAL_KEYS.map((key) => [key, (listing.socials as Record<string, string>)[key] ?? ""]),
  );
  return { fields, socials, faqs: listing.faqs.map((f) => ({ ...f })) };
}

/** A posted value: browsers send a text area's line breaks as CRLF. */
function posted(form: URLSearchParams, name: string): string {
  return String(form.get(name) ?? "").replace(/\r\n?/g, "\n");
}

/** The form's values as posted (FAQ rows with neither question nor answer are left out). */
export function valuesOfForm(form: URLSearchParams): EditValues {
  const fields: Record<string, string> = {};
  for (const { name } of [...TEXT_FIELDS, ...LIST_FIELDS]) fields[name] = posted(form, name);
  fields.founded_year = posted(form, "founded_year").trim();
  const socials = Object.fromEntries(
    SOCIAL_KEYS.map((key) => [key, posted(form, `social_${key}`).trim()]),
  );
  const faqs = [];
  for (let i = 0; i < FAQS_MAX; i++) {
    const question = posted(form, `faq_question_${i}`).trim();
    const answer = posted(form, `faq_answer_${i}`).trim();
    if (question || answer) faqs.push({ question, answer });
  }
  return { fields, socials, faqs };
}

/** A list field's items: one per line, blank lines left out. */
function itemsOf(text: string): string[] {
  return text.split("\n").map((line) => line.trim()).filter((line) => line !== "");
}

/** founded_year as the API takes it: null when empty, a number when it is one, else as typed. */
function yearOf(text: string): number | string | null {
  if (text === "") return null;
  return /^\d{1,6}$/.test(text) ? Number(text) : text;
}

function nonEmpty(socials: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(socials).filter(([, link]) => link !== ""));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * update_my_listing's body with only what differs between the listing's values and the posted
 * ones (`fields` key by key; `socials` and `faqs` whole, since each replaces all); null when
 * nothing changed.
 */
export function changedBody(before: EditValues, after: EditValues): Record<string, unknown> | null {
  const fields: Record<string, unknown> = {};
  for (const { name } of TEXT_FIELDS) {
    if (after.fields[name] !== before.fields[name]) fields[name] = after.fields[name];
  }
  for (const { name } of LIST_FIELDS) {
    const items = itemsOf(after.fields[name]);
    if (!same(items, itemsOf(before.fields[name]))) fields[name] = items;
  }
  if (after.fields.founded_year !== before.fields.founded_year) {
    fields.founded_year = yearOf(after.fields.founded_year);
  }
  const body: Record<string, unknown> = {};
  if (Object.keys(fields).length > 0) body.fields = fields;
  const socials = nonEmpty(after.socials);
  if (!same(socials, nonEmpty(before.socials))) body.socials = socials;
  if (!same(after.faqs, before.faqs)) body.faqs = after.faqs;
  return Object.keys(body).length > 0 ? body : null;
}
