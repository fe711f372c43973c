/**
 * The written review of ai_review, made from what the service holds: the listing's fields (wording
 * and what is missing) and, when the listing came from a draft, the draft's completeness and the
 * quotes its evidence holds from the listing's website. Every quote is copied from that evidence,
 * never written; a listing without quotes gets the rest of the review and a note that a person
 * adds the quotes.
 */
import type { Draft, Listing, Quote } from "../../../kv/types.ts";
import { completenessOf } from "../../drafting/drafts.ts";

/** The review's text and how many website quotes it holds. */
export interface ListingReview {
  text: string;
  quotes: Quote[];
}

/** Wording limits the review checks against (characters). */
const LIMITS = { tagline: 60, short_description: 160, seo_title: 60, seo_description: 160 };
const THIN_DESCRIPTION = 300;
const MAX_QUOTES = 8;
/** Fields whose website quotes the review shows beside the listing's wording. */
const QUOTED_FIELDS = ["tagline", "short_description", "description", "pricing_summary"] as const;

/** Notes on the listing's wording. */
function wordingNotes(l: Listing): string[] {
  const out: string[] = [];
  const text = (field: string, value: string | null, limit?: number) => {
    if (!value?.trim()) out.push(`The ${field} is empty.`);
    else if (limit && value.length > limit) {
      out.push(`The ${field} is ${value.length} characters; keep it under ${limit}.`);
    }
  };
  text("tagline", l.tagline, LIMITS.tagline);
  text("short description", l.short_description, LIMITS.short_description);
  text("SEO title", l.seo_title, LIMITS.seo_title);
  text("SEO description", l.seo_description, LIMITS.seo_description);
  if (l.description.trim() && l.description.length < THIN_DESCRIPTION) {
    out.push(
      `The description has ${l.description.length} characters: say who it is for, the problem ` +
        "and how the product solves it.",
    );
  } else if (!l.description.trim()) out.push("The description is empty.");
  if (l.tagline && l.short_description && l.tagline.trim() === l.short_description.trim()) {
    out.push("The tagline and short description are the same: let the description add to it.");
  }
  return out;
}

/** Parts of the listing that are missing. */
function gapNotes(l: Listing, draft: Draft | null): string[] {
  const gaps: string[] = [];
  if (l.features.length < 3) gaps.push(`features (${l.features.length} listed, 3 or more help)`);
  if (l.usps.length === 0) gaps.push("what sets it apart (USPs)");
  if (l.faqs.length === 0) gaps.push("FAQs");
  if (!l.logo_url) gaps.push("a logo");
  if (!l.pricing_model && !l.pricing_summary) gaps.push("pricing");
  if (l.founder_slugs.length === 0) gaps.push("a founder profile");
  if (Object.keys(l.socials).length === 0) gaps.push("social links");
  if (!l.demo_video_url && l.media.length === 0) gaps.push("a demo video or screenshots");
  const out = gaps.length ? [`Missing: ${gaps.join("; ")}.`] : [];
  if (l.not_found_on_website.length) {
    out.push(
      `Not stated on your website: ${l.not_found_on_website.join(", ")}. ` +
        "Add them to the site, then to the listing.",
    );
  }
  if (draft) {
    const { completeness, missing } = completenessOf(draft);
    out.push(
      `The draft from your website is ${completeness}% complete` +
        (missing.length ? `; still empty there: ${missing.join(", ")}.` : "."),
    );
  }
  return out;
}

/** Quotes the draft's evidence holds, each with what it says about the listing's wording. */
function quoteNotes(l: Listing, draft: Draft | null): { notes: string[]; quotes: Quote[] } {
  if (!draft) return { notes: [], quotes: [] };
  const notes: string[] = [];
  const quotes: Quote[] = [];
  const add = (label: string, evidence: Quote[]) => {
    const q = evidence.find((e) => e.quote.trim() && !quotes.some((x) => x.quote === e.quote));
    if (!q || quotes.length >= MAX_QUOTES) return;
    quotes.push(q);
    notes.push(`${label}: your website says "${q.quote}" (${q.url})`);
  };
  for (const field of QUOTED_FIELDS) {
    const record = draft.fields[field];
    const evidence = record?.evidence.length ? record.evidence : record?.ai_evidence ?? [];
    const current = l[field];
    const differs = typeof record?.ai_value === "string" && current !== record.ai_value;
    add(
      differs
        ? `The ${field.replace("_", " ")} now differs from what the website supports`
        : `The ${field.replace("_", " ")} is backed by the website`,
      evidence,
    );
  }
  for (const faq of draft.faqs) add(`FAQ "${faq.question}"`, faq.evidence);
  return { notes, quotes };
}

/** The review of a listing (and of the draft it came from, when there is one). */
export function reviewListing(listing: Listing, draft: Draft | null): ListingReview {
  const wording = wordingNotes(listing);
  const gaps = gapNotes(listing, draft);
  const { notes, quotes } = quoteNotes(listing, draft);
  const section = (title: string, lines: string[], none: string) =>
    `${title}:\n` + (lines.length ? lines.map((x) => `- ${x}`).join("\n") : `- ${none}`);
  const text = [
    `Review of "${listing.name}" (${listing.url})`,
    section("Wording", wording, "The tagline, descriptions and SEO texts are within their limits."),
    section("Gaps", gaps, "No part of the profile is missing."),
    section(
      "From your website",
      notes,
      "No quote of your website is on record for this listing; our team adds them.",
    ),
  ].join("\n\n");
  return { text, quotes };
}
