/**
 * Founders' own links: a LinkedIn /in/ profile, an X or GitHub account, a personal site, found in
 * the card around the founder's name on a team, about or home page (PageFacts.profile_links). A
 * link counts for a founder when the card names that founder and no other; its evidence is the
 * card's visible text and the link itself.
 */
import { type DraftedValue, type DraftProposal } from "../evidence.ts";
import type { PageView } from "./pages.ts";
import { quote, value } from "./pages.ts";
import { containsPhrase, normalizeQuoteText } from "../text.ts";
import { isPersonalProfile } from "../extract/profiles.ts";
import { isTeaserPage } from "./people.ts";

/** One founder's links by platform key, each with its quotes. */
export type FounderLinks = Partial<Record<string, DraftedValue<string>>>;

/** Each founder's own links (same order as `founders`); pages of people first. */
export function draftFounderLinks(
  views: PageView[],
  founders: DraftProposal["founders"],
): FounderLinks[] {
  const ordered = [
    ...views.filter((v) => v.kind === "team" || v.kind === "about"),
    ...views.filter((v) => v.kind !== "team" && v.kind !== "about"),
  ].filter((v) => !isTeaserPage(v));

  return founders.map((founder) => {
    const others = founders.filter((f) => f !== founder).map((f) => f.name);
    const links: FounderLinks = {};
    for (const v of ordered) {
      for (const link of v.page.facts.profile_links ?? []) {
        if (links[link.platform] || !isPersonalProfile(link.url, link.platform)) continue;
        const context = normalizeQuoteText(link.context);
        if (!containsPhrase(context, founder.name)) continue;
        if (others.some((o) => containsPhrase(context, o))) continue;
        if (!v.text.includes(context)) continue;
        links[link.platform] = value(link.url, [quote(v, context), quote(v, link.url)]);
      }
    }
    return links;
  });
}
