/**
 * Founders' own links: a LinkedIn /in/ profile, an X, GitHub or Mastodon account, a personal
 * site, found in the block around the founder's name (PageFacts.profile_links). A link counts for
 * a founder when the sentence ties it to them ("Find Aiko on GitHub and Sam on LinkedIn": each
 * link to the name it follows; see link_owner.ts), or when its card names that founder and no
 * other. Pages of people come first; a blog post counts after the site's own pages. Its evidence
 * is the card's visible text, a sentence of that page naming the founder in full when the card
 * uses the first name only, and the link itself. A JSON-LD founder's own `sameAs` profiles count
 * too, quoted from the JSON-LD (the founder's name and the address).
 */
import { type DraftedValue, type DraftProposal, type EvidenceQuote } from "../evidence.ts";
import type { PageView } from "./pages.ts";
import { quote, sourcedQuote, value } from "./pages.ts";
import { containsPhrase, normalizeQuoteText } from "../text.ts";
import { isPersonalProfile } from "../extract/profiles.ts";
import { founderNodes, sameAsOf } from "../extract/json_ld.ts";
import { socialPlatform } from "../extract/links.ts";
import { cardHeadedBy, linkIsFounders } from "../link_owner.ts";
import { isTeaserPage } from "./people.ts";

/** One founder's links by platform key, each with its quotes. */
export type FounderLinks = Partial<Record<string, DraftedValue<string>>>;

/** Each founder's own links (same order as `founders`); pages of people first. */
export function draftFounderLinks(
  views: PageView[],
  founders: DraftProposal["founders"],
): FounderLinks[] {
  const own = views.filter((v) => !isTeaserPage(v));
  const ordered = [
    ...own.filter((v) => v.kind === "team" || v.kind === "about"),
    ...own.filter((v) => v.kind !== "team" && v.kind !== "about"),
    ...views.filter(isTeaserPage),
  ];

  return founders.map((founder) => {
    const others = founders.filter((f) => f !== founder).map((f) => f.name);
    const links: FounderLinks = {};
    for (const v of ordered) {
      for (const link of v.page.facts.profile_links ?? []) {
        if (links[link.platform] || !isPersonalProfile(link.url, link.platform)) continue;
        const context = normalizeQuoteText(link.context);
        if (!v.text.includes(context)) continue;
        const siblings = v.page.facts.profile_links ?? [];
        if (!linkIsFounders(link, founder.name, v.text, others, siblings)) continue;
        const card = cardHeadedBy(context, founder.name, v.text);
        const naming = card ? [] : namingQuote(v, context, founder.name);
        if (!naming) continue;
        const block = card ?? context;
        links[link.platform] = value(link.url, [quote(v, block), ...naming, quote(v, link.url)]);
      }
      jsonLdLinks(v, founder.name, links);
    }
    return links;
  });
}

/** No quote when the card names the founder in full; else the page's first segment that does. */
function namingQuote(v: PageView, context: string, name: string): EvidenceQuote[] | null {
  if (containsPhrase(context, name)) return [];
  const seg = v.segments.find((s) => !s.excluded && containsPhrase(s.text, name));
  return seg ? [quote(v, seg.text)] : null;
}

/** Personal profiles in the `sameAs` of the JSON-LD founder node named `name`, quoted from there. */
function jsonLdLinks(v: PageView, name: string, links: FounderLinks): void {
  for (const { node, path } of founderNodes(v.page.facts.json_ld ?? [])) {
    if (normalizeQuoteText(node.name as string) !== name) continue;
    const at = (key: string) => path ? `${path}.${key}` : key;
    for (const url of sameAsOf(node)) {
      const platform = platformOf(url);
      if (!platform || links[platform] || !isPersonalProfile(url, platform)) continue;
      if (!v.extras.includes(`${at("sameAs")}: ${normalizeQuoteText(url)}`)) continue;
      links[platform] = value(url, [
        sourcedQuote(v, name, "jsonld", at("name")),
        sourcedQuote(v, url, "jsonld", at("sameAs")),
      ]);
    }
  }
}

function platformOf(url: string): string | null {
  try {
    return socialPlatform(new URL(url));
  } catch {
    return null;
  }
}
