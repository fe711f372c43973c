/** list_founders and get_founder. */
import { getFounderRecord, listFounderRecords } from "../../kv/founders.ts";
import { founderFollowerCounts } from "../../kv/follows.ts";
import { getListings } from "../../kv/listings.ts";
import type { Founder } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { notFound } from "../platform/errors.ts";
import { pageOf } from "../platform/paging.ts";
import { PUBLIC_STATUSES, summariesOf } from "./listings.ts";
import { publishedInterview } from "./interview.ts";

/** Lowercase without diacritics, for name matching. */
export function foldText(text: string): string {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

async function companiesOf(deps: Deps, founder: Founder) {
  const listings = (await getListings(deps.kv, founder.listing_ids)).filter((l) =>
    PUBLIC_STATUSES.has(l.status)
  );
  return { listings, summaries: await summariesOf(deps, listings.map((l) => l.id)) };
}

/** list_founders: by name (`q`) and country, in name order. */
export async function listFounders(
  deps: Deps,
  query: { q?: string; country?: string; page: number; per_page: number },
) {
  const q = query.q ? foldText(query.q.trim()) : "";
  const country = query.country?.toUpperCase();
  const matches = (await listFounderRecords(deps.kv))
    .filter((f) => (!q || foldText(f.name).includes(q)) && (!country || f.country === country))
    .sort((a, b) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug));
  const page = pageOf(matches, query);
  const followers = await founderFollowerCounts(deps.kv, page.items.map((f) => f.slug));
  const items = await Promise.all(page.items.map(async (f, i) => ({
    slug: f.slug,
    name: f.name,
    bio: f.bio,
    country: f.country,
    avatar_url: f.avatar_url,
    socials: f.socials,
    followers: followers[i],
    companies: (await companiesOf(deps, f)).summaries.map((s) => ({ slug: s.slug, name: s.name })),
  })));
  return { ...page, items };
}

/**
 * get_founder: bio, socials, follower count, companies listed, published stories and interview
 * answers.
 */
export async function getFounder(deps: Deps, slug: string) {
  const founder = await getFounderRecord(deps.kv, slug);
  if (!founder) throw notFound("founder", slug);
  const [{ listings, summaries }, interview, [followers]] = await Promise.all([
    companiesOf(deps, founder),
    publishedInterview(deps, founder.user_id),
    founderFollowerCounts(deps.kv, [founder.slug]),
  ]);
  const stories = listings
    .filter((l) => l.unlocked.includes("story") && l.story && Object.values(l.story).some(Boolean))
    .map((l) => ({ listing: { slug: l.slug, name: l.name }, ...l.story }));
  return {
    slug: founder.slug,
    name: founder.name,
    bio: founder.bio,
    country: founder.country,
    avatar_url: founder.avatar_url,
    socials: founder.socials,
    followers,
    companies: summaries,
    stories,
    interview,
  };
}
