/**
 * The verifier's rules for founders' own links (a founder's `socials`, and founder_socials for the
 * primary founder): each link is a person's profile on the platform its key names (a LinkedIn
 * /in/ page, one X or GitHub account, a personal site), it is on a page its quotes cite, in the
 * block of text around the founder's name there (PageFacts.profile_links: never the header,
 * navigation, footer or a testimonial, where the company's own profiles are), and a verified
 * visible-text quote on that page names the founder. When the sentence around the link ties it to
 * a name ("Find Aiko on GitHub and Sam on LinkedIn"), that name must be the founder's (in full,
 * or a first name the page uses for no one else); see link_owner.ts. A JSON-LD founder node's own
 * `sameAs` profile stays when quoted from there.
 */
import { SOCIAL_KEYS } from "../../kv/types.ts";
import type { DraftedValue, EvidenceQuote } from "./evidence.ts";
import { socialPlatform } from "./extract/links.ts";
import { isPersonalProfile } from "./extract/profiles.ts";
import { canonicalUrl, containsPhrase, normalizeQuoteText } from "./text.ts";
import { founderNodes, sameAsOf } from "./extract/json_ld.ts";
import { linkIsFounders } from "./link_owner.ts";
import { type CheckedQuote, linkOnPages } from "./verifier/quotes.ts";

/** A founder's links by platform key, each with its quotes. */
export type LinkValues = Partial<Record<string, DraftedValue<string>>>;

/** Why a founder's link cannot stay, or null when it can. */
function founderLinkProblem(
  key: string,
  url: string,
  quotes: CheckedQuote[],
  founder: string,
): string | null {
  if (!(SOCIAL_KEYS as readonly string[]).includes(key) || key === "custom") {
    return `"${key}" is not a social platform key`;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "not a web address";
  }
  if (!/^https?:$/.test(parsed.protocol) || url.length > 500) return "not an http(s) address";
  const naming = quotes.filter((q) =>
    q.page && (q.source === "text" || q.source === "app") && containsPhrase(q.usable, founder)
  );
  const placed = naming.flatMap((q) =>
    (q.page!.page.facts.profile_links ?? []).filter((l) =>
      canonicalUrl(l.url) === canonicalUrl(url)
    )
      .map((l) => ({ link: l, text: q.page!.text }))
  );
  // The page's reading names the platform when the address alone does not ("Mastodon" on any
  // instance's /@name page).
  const platform = socialPlatform(parsed) ??
    (placed.some((p) => p.link.platform === key) ? key : "website");
  if (platform !== key) return `${parsed.hostname} is not a ${key} address`;
  if (!isPersonalProfile(url, key)) return "not a person's own profile";
  if (statedInJsonLd(quotes, url, founder)) return null;
  if (naming.length === 0) {
    return `no quote from the page's text (or app card) names "${founder}" by the link`;
  }
  if (!naming.some((q) => linkOnPages(url, new Map(), [q.page!]))) {
    return "the link is not on the page that names the founder";
  }
  if (!placed.some((p) => linkIsFounders(p.link, founder, p.text))) {
    return `the link does not stand by "${founder}"'s name on the page`;
  }
  return null;
}

/** Whether a JSON-LD quote gives the address as a `sameAs` of that founder's own founder node. */
function statedInJsonLd(quotes: CheckedQuote[], url: string, founder: string): boolean {
  const same = (u: string) => canonicalUrl(u) === canonicalUrl(url);
  return quotes.some((q) =>
    q.source === "jsonld" && q.page && /(?:^|\.)sameAs(?:\.\d+)?$/.test(q.locator ?? "") &&
    same(q.quote.quote) &&
    founderNodes(q.page.page.facts.json_ld ?? []).some(({ node }) =>
      normalizeQuoteText(node.name as string) === founder && sameAsOf(node).some(same)
    )
  );
}

/**
 * The founder's links that stay, each with its verified quotes; every other one is dropped with
 * its reason. `check` verifies quotes (and counts them); `drop` records a reason.
 */
export function verifyFounderLinks(
  links: LinkValues | undefined,
  founder: string | null,
  field: string,
  check: (field: string, evidence: unknown) => CheckedQuote[],
  drop: (field: string, reason: string) => void,
): LinkValues {
  const out: LinkValues = {};
  for (const [key, drafted] of Object.entries(links ?? {})) {
    if (!drafted || typeof drafted.value !== "string" || !drafted.value) continue;
    const at = `${field}.${key}`;
    if (!founder) {
      drop(at, "no founder stays to own the link");
      continue;
    }
    const quotes = check(at, drafted.evidence);
    const why = founderLinkProblem(key, drafted.value, quotes, founder);
    if (why) {
      drop(at, why);
      continue;
    }
    out[key] = { value: drafted.value, evidence: dedupe(quotes.map((q) => q.quote)) };
  }
  return out;
}

function dedupe(quotes: EvidenceQuote[]): EvidenceQuote[] {
  const seen = new Set<string>();
  return quotes.filter((q) => {
    const k = `${q.url}\u0000${q.quote}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
