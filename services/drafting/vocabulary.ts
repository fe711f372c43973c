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

/** An open-source licence's SPDX identifier ("Apache-2.0", "MIT", "AGPL-3.0-only"). */
export const LICENCE_ID = String
  .raw`(?:MIT|Apache-2\.0|BSD-[234]-Clause|MPL-2\.0|ISC|Unlicense|[AL]?GPL-[23]\.[01](?:-only|-or-later)?)(?![\w-]|\.\d)`;
/** A licence line naming an open-source licence by its identifier ("License: Apache-2.0"). */
const LICENCE_LINE = String.raw`^licen[cs]e:?\s+${LICENCE_ID}`;
/** An open-source licence stated for the product itself (evidence of a free product). */
const OPEN_LICENCE = String
  .raw`\b(?:(?:is|are|100%|fully|completely|entirely) open[- ]source|licensed under|(?:MIT|Apache|BSD|MPL|GPL|AGPL|LGPL)(?:[- ]\d(?:\.\d)?)? licen[cs]e)\b|${LICENCE_LINE}`;

/** A billing period in French, German, Dutch, Spanish, Portuguese or Italian ("pro Monat", "/mês", "al mese"). */
export const FOREIGN_PERIOD = String
  .raw`\b(?:par|pro|per|al|por|im|ao)\s(?:mois|an|monat|jahr|maand|jaar|mes|año|mês|ano|mese|anno)\b|\ball'anno\b|\/\s?(?:mois|monat|mes|maand|mês|ano|mese|anno)\b|\bmonatlich\b|\bjährlich\b|\bmensuel(?:le)?\b|\bmensal(?:mente)?\b|\bmensil(?:e|i|mente)\b|\bannualmente\b`;

/** A one-time price in French, German, Dutch or Spanish ("pago único", "Einmalzahlung"). */
export const FOREIGN_ONE_TIME = String
  .raw`\b(?:pago único|pagas una vez|paga una vez|licencia (?:de por vida|perpetua)|tuya para siempre|einmalzahlung|einmalig(?:e|er|es)? (?:zahlung|kauf|preis|gebühr)|einmal zahlen|lizenz auf lebenszeit|lebenslange lizenz|paiement unique|achat unique|licence à vie|payez une (?:seule )?fois|eenmalige (?:betaling|aankoop|prijs)|eenmalig betalen|levenslange licentie)(?![\p{L}])`;

/**
 * In-app purchases stated, in six languages: a paid part of an app that is free to download ("Free
 * on the App Store, with in-app purchases").
 */
export const IN_APP_PURCHASES_RE =
  /\b(?:in-app[- ](?:purchases?|käufen?|aankopen)|compras (?:no|dentro do|dentro de la|en la|na) (?:app|aplicativo|aplicación)|achats intégrés)(?![\p{L}])/iu;

// Phrases the extractive drafter reads a pricing model from.
/**
 * A free quota in other languages ("kostenlos bis 3 Projekte", "gratis hasta 20 parcelas"): a count
 * of things, never a date or a span of time ("kostenlos bis 31. März" is a promotion).
 */
const FREE_QUOTA = String
  .raw`\d[\d.,]*\s+(?!(?:jan|feb|mär|mar|apr|mai|may|jun|jul|aug|sep|okt|oct|nov|dez|dec|ene|abr|ago|dic|tag|day|día|dia|jour|dag|woche|week|semana|semaine|monat|month|mes|mois|maand|jahr|year|año|an\b|jaar)\p{L}*)\p{L}+`;
/** Free to download from an app store ("Free on the App Store", "Grátis na App Store"). */
const STORE_FREE = String
  .raw`\b(?:free|grátis|gratis|gratuit|kostenlos) (?:on|in|from|na|no|en|dans|sur|im) (?:the )?(?:mac )?(?:app store|google play|play store|microsoft store)\b`;
/** A free tier stated, in six languages. */
export const FREE_PLAN_RE = new RegExp(
  String
    .raw`\b(free plan|free tier|free forever|forever free|always free|free for (?:up to|teams|individuals|one|personal|small|solo|hobby|open)|free for (?:the first )?\d[\d,.]* \p{L}+|free,? up to|is free for|is free to (?:download|install|use|start|get)|free download|free for the first \d+ (?:users|projects|seats)|(?:app|extension|add-on|plugin|tool|version|newsletter|service) is free(?! trial)|use it (?:for )?free|free version|\$0|€0|£0|costs? nothing|at no cost|free to (?:use|join|read|list|sign up|subscribe)|(?:get started|start|sign up|subscribe|join)(?: for)? free|it'?s free|listing is free|free listings?|gratis (?:versie|plan|abonnement)|altijd gratis|gratis te gebruiken|kostenlose(?:n|r)? (?:version|plan|tarif)|(?:für immer|immer) kostenlos|kostenlos nutzen|version gratuite|offre gratuite|plan gratuit|(?:toujours gratuit|gratuit pour toujours)|plan gratuito|versión gratuita|(?:siempre|para siempre) gratis|(?:gratis|gratuito) (?:para siempre|per sempre)|(?:gratis|kostenlos|gratuit) (?:hasta|bis(?: zu)?|tot|jusqu'à) ${FREE_QUOTA})\b|${STORE_FREE}|\b(?:(?:grátis|gratuito) para sempre|plano (?:grátis|gratuito)|versão (?:grátis|gratuita))(?![\p{L}])|^\p{Lu}[\p{L}\d ]{0,20}: free\b`,
  "iu",
);
/** A trial in Portuguese or Italian ("30 dias de experiência gratuita", "prova gratuita di 14 giorni"). */
const PT_IT_TRIAL = String
  .raw`teste grátis|(?:período de )?(?:experiência|teste|avaliação) gratuit[ao]|\d+ dias (?:de \p{L}+ )?(?:são |é )?(?:grátis|gratuitos)|(?:periodo di )?prova (?:gratuita|gratis)|\d+ giorni (?:di prova )?(?:gratis|gratuiti)`;
/**
 * A trial in French, German, Dutch or Spanish ("Essai gratuit de 30 jours", "14 Tage kostenlos
 * testen", "30 dagen gratis", "Prueba 14 días"): a trial, never a free tier.
 */
const FR_DE_NL_ES_TRIAL = String
  .raw`essai gratuit(?: de \d+ jours)?|\d+ jours d'essai|kostenlos testen|\d+ tage kostenlos|kostenlose testphase|gratis (?:uit)?proberen|\d+ dagen gratis|prueba (?:gratis|gratuita)(?: de \d+ días)?|prueba (?:de )?\d+ días|\d+ días (?:de prueba )?gratis`;
/** A trial stated (also a pilot or "free for 14 days"). */
export const TRIAL_RE = new RegExp(
  String
    .raw`\b(free trial|\d+[- ](?:day|week|month) (?:free )?(?:trial|pilot)|free for \d+ (?:days|weeks)|(?:free|no-cost) pilot|(?:first|trial of) \d+ days (?:are|is) free|days are free|try it free)\b|\b(?:${PT_IT_TRIAL}|${FR_DE_NL_ES_TRIAL})(?![\p{L}])`,
  "iu",
);
/** A one-time price, in five languages. */
export const ONE_TIME_RE = new RegExp(
  String
    .raw`\b(one[- ]time (?:payment|purchase|fee|price)|lifetime (?:licen[cs]e|deal|access)|pay once|buy once|once, forever|no subscription)\b|[$€£]\s?\d[\d,.]*,?\s+once\b|${FOREIGN_ONE_TIME}`,
  "iu",
);
/**
 * A pre-order: a device or edition bought before it ships ("Pre-order now and we charge your card
 * when it leaves the workshop"), a purchase made once.
 */
export const PRE_ORDER_RE = /\bpre-?orders?\b/iu;
/** The product itself is open source (not "built with open-source tools"). */
export const OPEN_SOURCE_RE = new RegExp(
  String
    .raw`\b((?:is|are|100%|fully|completely|entirely|free and) open[- ]source|open[- ]source (?:project|software|tool|library|app|application|and free|under|forever)|licensed under|(?:MIT|Apache|BSD|MPL|GPL|AGPL|LGPL)(?:[- ]\d(?:\.\d)?)? licen[cs]e|source code is (?:available|on GitHub))\b|${LICENCE_LINE}`,
  "iu",
);
/** A price given only on request. */
export const CONTACT_SALES_RE =
  /\b(contact (?:sales|us) for (?:pricing|a quote)|custom pricing|request a quote|get a quote|sales team will (?:send|prepare) (?:you )?a quote|pricing on request)\b/iu;

/** Signals of each pricing model in quoted text. */
export const PRICING_SIGNALS: Record<PricingModel, RegExp> = {
  "Free": new RegExp(String.raw`\b(free|no cost|\$0)\b|\bprice: 0\b|${OPEN_LICENCE}`, "iu"),
  "Freemium":
    /\bfree\b|\bprice: 0\b|\bcosts? nothing\b|\b(?:at )?no cost\b|[$€£]\s?0(?![.,]?\d)|\b0\s?€|\bgratis\b|\bgrátis(?![\p{L}])|\bkostenlos\w*|\bgratuit\w*/iu,
  "Free trial":
    /\b(free trial|\d+[- ]day (?:free )?trial|days are free|try (?:it )?(?:for )?free)\b/iu,
  "Subscription": new RegExp(
    String
      .raw`(\/\s?(?:mo|month|yr|year|user|seat)\b|\bper (?:month|year|user|seat)\b|\bmonthly\b|\bannual(?:ly)?\b|\byearly\b|\bsubscription\b|\bbilled\b|\ba (?:month|year)\b)|${FOREIGN_PERIOD}`,
    "iu",
  ),
  "One-time": new RegExp(
    String
      .raw`\b(one[- ]time|lifetime|pay once|buy once|once|single payment|one payment|perpetual licen[cs]e|no subscription|pre-?orders?)\b|${FOREIGN_ONE_TIME}`,
    "iu",
  ),
  "Usage-based":
    /\b(usage[- ]based|pay[- ]as[- ]you[- ]go|metered|per (?:[\d,.]+ )?(?!month|year|user|seat|agent|member|week)[a-z][a-z-]+|credits?|\d+(?:[.,]\d+)?\s?% (?:of|from|on) (?:each|every) [a-z]+|(?:keeps?|takes?) (?:only |just )?\d+(?:[.,]\d+)?\s?% (?:of|from|on) the (?:sale )?price)\b/iu,
  "Contact sales":
    /\b(contact (?:sales|us)|custom pricing|request a quote|get a quote|talk to sales|custom|sales team will (?:send|prepare) (?:you )?a quote|pricing on request)\b/iu,
};

/** A numbered headline or changelog entry: "#112: …", "Issue 12 –", "No. 4:", "2.3: …", "v1.2 —". */
export const HEADLINE_RE =
  /^(?:#\s?\d+|(?:issue|no\.|nr\.|episode|ep\.|vol\.|part|edition)\s?#?\d+|v?\d+\.\d+(?:\.\d+)?)\s*[:.–—|-]\s/iu;

/** Words that make a line with an amount speak about a price (not a headline's number). */
const PRICE_CONTEXT_RE =
  /\b(?:price[sd]?|pricing|costs?|pay|paid|paying|fees?|commission|plans?|tiers?|subscri\w*|billed|licen[cs]e|upgrade|premium|purchase|buy|once|one[- ]time|lifetime|per|a month|a year|monthly|yearly|annual(?:ly)?|prijs|prijzen|kost|kosten|preis|preise|kostet|prix|coûte|tarifs?|precio|cuesta|mes|mois|monat|maand|prezz[oi]|costa|mese|abbonamento|preços?|custa|assinatura)\b|\bmês(?![\p{L}])|\bfor\s?(?:[$€£]\s?\d|\d[\d,.]*\s?(?:[$€£]|eur|usd|gbp)\b)|\/\s?(?:mo|month|yr|year|user|seat)\b|\d\s?[$€£]?\s?\/|\bper\s/iu;

/** Whether a segment's amount is stated as a price (price word, period or unit next to it). */
export function pricedLine(text: string): boolean {
  return PRICE_CONTEXT_RE.test(text);
}

/**
 * A trial or a pilot, not a free tier, in English, Dutch, German, French and Spanish, with a
 * "at no cost" that only says the trial is free ("a 60-day pilot at no cost").
 */
const TRIAL_PHRASE_RE = new RegExp(
  String
    .raw`\b(?:(?:free|gratis|kostenlos) (?:up to|until|till|bis) the end of (?:the|your) (?:free )?trial|free trial|trial|\d+[- ](?:day|week|month) (?:free )?(?:trial|pilot)|(?:free|no-cost) pilot|free for \d+ (?:days|weeks)|(?:free|kostenlos|gratis|gratuit) (?:until|till|bis|hasta|jusqu'au|tot) (?:the )?(?:\d{1,2}(?=\.(?:\s*\p{L}|\s*$))|\d{1,2}(?:st|nd|rd|th))|(?:first )?(?:\d+ )?(?:days?|weeks?|months?) (?:are|is) free|try (?:it )?(?:for )?free|essai gratuit|d'essai gratuit|gratuit pendant \d+ jours|kostenlos testen|\d+ tage kostenlos|gratis (?:uit)?proberen|\d+ dagen gratis|prueba gratis|prueba gratuita|\d+ días gratis|${PT_IT_TRIAL})(?![\p{L}])(?:,?\s+(?:at no (?:cost|charge)|free of charge|for free)\b)?`,
  "giu",
);

/**
 * Something else that is free: shipping, call-out costs, updates ("every 3.x update is free"), a
 * device's companion app ("the companion app for iOS and Android is free"), a service around the product (a
 * demo, onboarding, a migration, support "free of charge"), content or a gift (a guide, a template,
 * a webinar, a sample, "a free journal with your first box"), "hassle-free", "feel free", "free up
 * your time" (not "free up to 3 projects"), an annual discount ("2 months free"), and "free"
 * meaning available (AVAILABLE_FREE).
 */
const OTHER_FREE_RE =
  /\b[\p{L}]*(?:kosten|costs?|fees?|shipping|delivery|returns|versand|verzending|bezorging|livraison|envío|setup|installation|updates?|upgrades?)\s+(?:(?:is|are|zijn|ist|sind|est|sont|es|son)\s+)?(?:(?:always|altijd|immer|toujours|siempre)\s+)?(?:free|gratis|kostenlos|gratuit[es]?|gratuitos?)\b|\b(?:free|gratis|kostenlose[rn]?)\s+(?:(?!(?:plan|tier|version|account|forever|for)\b)[\p{L}-]+\s+)?(?:shipping|delivery|returns|updates?|upgrades?|support|setup|consultation|quote|estimate|demos?|onboarding|migrations?|training|audit|guides?|templates?|e-?books?|webinars?|workshops?|checklists?|courses?|samples?|gifts?|versand|verzending|bezorging|lieferung)\b|\b(?:support|onboarding|migrations?|setup|installation|training|delivery|shipping|returns)\s+(?:(?:is|are)\s+)?free of charge\b|\bfree\s+(?!plan|tier|version|account|forever)(?:[\p{L}-]+\s+){1,3}with (?:your|every|each|any) (?:first )?(?:order|box|purchase|delivery)\b|\b(?:livraison|envío|retours?)\s+(?:gratuite?s?|gratis)\b|\bcompanion (?:app|apps|software)\b[^.!?;]{0,40}?\b(?:is|are) (?:also )?free\b|\bfree companion (?:app|apps|software)\b|[\p{L}]-free\b|\bfeel free\b|\bfree (?:up(?! to\b)|time)\b|\b(?:\d+|one|two|three|four|six) (?:extra )?months? (?:free|at no (?:cost|charge)|for free)\b/giu;

/** Things a schedule or a booking has free (available), never a product's price. */
const BOOKABLE = String
  .raw`(?:slots?|berths?|moorings?|tables?|rooms?|desks?|beds?|pitches|courts?|appointments?|dates?|evenings?|weekends?|shifts?)`;
/**
 * "Free" meaning available or unoccupied, never a price: "which berths are free tonight", "rooms
 * are still free", "see free slots", "who's free", "when you're free". A count before the noun
 * ("3 free slots") may be a free quota, so it stays a hint.
 */
const AVAILABLE_FREE_RE = new RegExp(
  String
    .raw`\b${BOOKABLE}\s+(?:is|are)\s+(?:still\s+)?free\b|(?<!\d\s?)(?<!\b(?:one|two|three|four|five|six|seven|eight|nine|ten|few|some)\s)\bfree\s+${BOOKABLE}\b(?!\s+(?:plan|tier|included|per))|\bwho(?:'s|\s+is|\s+are)\s+free\b|\bwhen\s+(?:you|they|we)(?:'re|\s+are)\s+free\b`,
  "giu",
);

/** Any sign of a free option (weak: blocks a paid-only model, never drafts one by itself). */
const FREE_HINT_RE =
  /\bfree\b|\bgratis\b|\bgrátis(?![\p{L}])|\bkostenlos\w*|\bgratuit\w*|\bumsonst\b|\bno cost\b|\bcosts? nothing\b|\bno charge\b|[$€£]\s?0(?![.,]?\d)|(?<![\d.,])0(?:[.,]00)?\s?(?:€|eur\b|\$|£)/iu;

/** The text with trials, other free things (shipping, hassle-free), questions and denials taken out. */
export function withoutOtherFree(text: string): string {
  return text.replace(TRIAL_PHRASE_RE, " ").replace(OTHER_FREE_RE, " ")
    .replace(AVAILABLE_FREE_RE, " ").replace(NOT_FREE_RE, " ");
}

/** A question ("Do you offer a free plan?") or a denial ("no free plan", "geen gratis versie"). */
const NOT_FREE_RE =
  /[^.!?]*\?|\b(?:no|not|never|isn'?t|aren'?t|geen|kein\w*|pas de|sin|ningún)\s+(?:\p{L}+\s+)?(?:free|gratis|kostenlos\w*|gratuit\w*)\b/giu;

/** Whether a line suggests the product has a free option. */
export function hintsFree(text: string): boolean {
  return FREE_HINT_RE.test(withoutOtherFree(text));
}

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
