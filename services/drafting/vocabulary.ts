/**
 * The words a site uses for what drafts state: pricing models, stages, founder roles and
 * categories. Drafters look for them to propose a value; the verifier requires them in the quotes.
 */
import type { STAGES } from "../../kv/types.ts";
import categoryHints from "./category_hints.json" with { type: "json" };
import { STOPWORDS, words } from "./text.ts";

/**
 * The pricing models drafters may propose. Open source is a licence, not a pricing model: an
 * open-source product without paid plans is Free, and its licence sentence is the evidence.
 */
export const PRICING_MODELS = [
  "Free",
  "Freemium",
  "Free trial",
  "Subscription",
  "One-time",
  "Usage-based",
  "Contact sales",
] as const;
/** One of the pricing models drafters may propose. */
export type PricingModel = typeof PRICING_MODELS[number];

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

/** An open-source licence stated for the product itself (evidence of a free product). */
const OPEN_LICENCE = String
  .raw`\b(?:(?:is|are|100%|fully|completely|entirely) open[- ]source|licensed under|(?:MIT|Apache|BSD|MPL|GPL|AGPL|LGPL)(?:[- ]\d(?:\.\d)?)? licen[cs]e)\b`;

/** Signals of each pricing model in quoted text. */
/** A billing period in French, German, Dutch or Spanish ("par mois", "pro Monat", "/mes"). */
export const FOREIGN_PERIOD = String
  .raw`\b(?:par|pro|per|al|por|im)\s(?:mois|an|monat|jahr|maand|jaar|mes|año)\b|\/\s?(?:mois|monat|mes|maand)\b|\bmonatlich\b|\bjährlich\b|\bmensuel(?:le)?\b`;

export const PRICING_SIGNALS: Record<PricingModel, RegExp> = {
  "Free": new RegExp(String.raw`\b(free|no cost|\$0)\b|\bprice: 0\b|${OPEN_LICENCE}`, "iu"),
  "Freemium": /\bfree\b|\bprice: 0\b/iu,
  "Free trial":
    /\b(free trial|\d+[- ]day (?:free )?trial|days are free|try (?:it )?(?:for )?free)\b/iu,
  "Subscription": new RegExp(
    String
      .raw`(\/\s?(?:mo|month|yr|year|user|seat)\b|\bper (?:month|year|user|seat)\b|\bmonthly\b|\bannual(?:ly)?\b|\byearly\b|\bsubscription\b|\bbilled\b|\ba month\b)|${FOREIGN_PERIOD}`,
    "iu",
  ),
  "One-time":
    /\b(one[- ]time|lifetime|pay once|buy once|once|single payment|one payment|perpetual licen[cs]e|no subscription)\b/iu,
  "Usage-based":
    /\b(usage[- ]based|pay[- ]as[- ]you[- ]go|metered|per (?:[\d,.]+ )?(?!month|year|user|seat|agent|member|week)[a-z][a-z-]+|credits?)\b/iu,
  "Contact sales":
    /\b(contact (?:sales|us)|custom pricing|request a quote|get a quote|talk to sales|custom|sales team will (?:send|prepare) (?:you )?a quote|pricing on request)\b/iu,
};

/** Role words that make a person on the site a founder. */
export const FOUNDER_ROLE_RE =
  /\b(co-?founders?|founders?|founded|founding|ceo|cto|coo|cpo|chief [a-z]+ officer|owner|creator|created by|built by|started by|made by|maker|side project of)\b/iu;

/** Words and phrases that show a text is about each category, by category name. */
const CATEGORY_HINTS: Record<string, string[]> = categoryHints;

/** Words and phrases that show a text is about a category (hints, else its name's words). */
export function categoryTerms(name: string): string[] {
  const hints = CATEGORY_HINTS[name];
  if (hints) return hints;
  return words(name).map((w) => w.toLowerCase()).filter((w) => !STOPWORDS.has(w) && w.length > 1);
}
