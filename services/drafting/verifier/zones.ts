/**
 * Which parts of a page may carry which facts. Navigation, footers, sidebars, cookie and legal
 * notices, logo walls and teasers of other things (blog posts, related products) are not about
 * the product: no quote from them carries its name, tagline, description, place, founders,
 * pricing or features. Links, emails and logos may stand anywhere. A run of link texts (menu
 * items, also on pages stored without zones) is never a tagline, description or FAQ question.
 */
import type { CheckedQuote } from "./quotes.ts";

/** Fields a quote from anywhere on the page may carry. */
const ANYWHERE = new Set(["contact_email", "demo_video_url", "logo_url"]);

/** Zone kinds that carry none of the product's own facts. */
const BARRED = new Set(["nav", "footer", "aside", "legal", "logos", "teaser"]);

/**
 * Fields a footer may state: the company's address ("Crumbcal Inc. · Austin, Texas") and founding
 * ("Founded in 2019") stand there on most sites. A data centre's place and a copyright year are
 * refused by their own rules. A footer sentence may also name the founders ("Made in Leeds by A and
 * B", "Founded by A in 2019"); the founder rules still require the sentence to bind the role.
 */
const FOOTER_OK = new Set(["founded_year", "city", "country", "founders"]);
/**
 * A footer's credit line names who made the website, its design or its pictures, not the founders
 * ("Website built by Pixel & Co", "Design and photos by Jane Doe", "Powered by Ghost").
 */
const CREDIT_RE =
  /\b(?:web ?sites?|site|theme|templates?|design(?:ed)?|illustrations?|photos?|photography|hosted|hosting|powered|developed|development|agency|studio)\b/i;
/**
 * A founding statement is no credit line, even about a studio: "Northwind Labs is a two-person
 * studio in Utrecht, founded by A and B in 2021".
 */
const FOUNDED_BY_RE = /\b(?:co-?)?founded\s(?:in\s\d{4}\s)?by\b/i;
/** The product's name stands in its own navigation (the brand beside the menu). */
const NAV_OK = new Set(["name"]);

/** Fields a run of link texts never carries. */
const NOT_FROM_LINKS = new Set([
  "tagline",
  "short_description",
  "description",
  "faqs.question",
  "story",
  "usps",
]);

const ZONE_NAMES: Record<string, string> = {
  nav: "navigation",
  footer: "the footer",
  aside: "a sidebar",
  legal: "a cookie or legal notice",
  logos: "a logo wall",
  teaser: "a teaser of something else (blog post, related product)",
  links: "a run of link texts (navigation)",
};

/** Why a quote may not carry a field because of where it stands, or "". */
export function zoneProblem(field: string, q: CheckedQuote): string {
  const base = field.replace(/\[\d+\].*$/, "").replace(/^company_socials\..*$/, "company_socials");
  if (ANYWHERE.has(base) || base === "company_socials" || q.source === "fact") return "";
  const zone = q.zones.find((z) =>
    (BARRED.has(z) && !(z === "footer" && FOOTER_OK.has(base)) &&
      !(z === "nav" && NAV_OK.has(base))) ||
    (z === "links" && NOT_FROM_LINKS.has(base))
  );
  if (
    base === "founders" && q.zones.includes("footer") && CREDIT_RE.test(q.usable) &&
    !FOUNDED_BY_RE.test(q.usable)
  ) {
    return "its quotes stand in the footer's credit line, which names who made the website";
  }
  return zone
    ? `its quotes stand in ${ZONE_NAMES[zone] ?? zone}, which is not about the product`
    : "";
}
