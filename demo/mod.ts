/**
 * The demo directory for development stores: about 200 believable listings with founders, owner
 * accounts, votes, views, follows, awards, the paid billboard, Domain Rating and revenue history,
 * updates, reviews and a blog. Everything is written through the real data functions, so every
 * index, board and counter is what real use would produce.
 *
 * Deterministic: a seeded PRNG plans the whole directory first (names, texts, times), then the
 * plan is written. The same `now` gives the same directory (user ids aside, which are random
 * UUIDs from the accounts module). The order of the draws is part of the result: drawing in
 * another order gives another directory. Word lists and templates are in `data/`, blog posts in
 * `blog/`.
 */
import { putBlogPost } from "../kv/blog.ts";
import { claimSeed } from "../kv/catalog.ts";
import { listingIdCounterKey, seedMarkerKey } from "../kv/keys.ts";
import type { Category } from "../kv/types.ts";
import { decideWeekAwards } from "../services/directory/awards.ts";
import { defaultCategories, seedReferenceData } from "../services/platform/reference.ts";
import { readBlogPosts } from "./blog.ts";
import { planActivity } from "./plan_activity.ts";
import { planFounders } from "./plan_founders.ts";
import { addListingTexts, pickFeatured, planListings } from "./plan_listings.ts";
import type { DemoPlan } from "./plan_types.ts";
import { seededRng } from "./rng.ts";
import { writeAccounts, writeFounders, writeListings } from "./write.ts";

const SEED = 0x1a2b3c4d;

/** Plans the whole demo directory for `now` (pure: no store access). */
export function planDemo(now: Date, categories: Category[]): DemoPlan {
  const rng = seededRng(SEED);
  const { listings, pastWeeks } = planListings(rng, now, categories);
  const founders = planFounders(rng, listings);
  addListingTexts(rng, listings, founders, now);
  pickFeatured(rng, listings);
  const voters = planActivity(rng, listings, now);
  return { listings, founders, voters, pastWeeks };
}

/**
 * Loads the demo directory into a store (reference data is seeded first). Runs once: returns
 * false when the demo was already loaded or the store already holds listings.
 */
export async function loadDemoData(kv: Deno.Kv, now: Date): Promise<boolean> {
  if ((await kv.get(seedMarkerKey("demo"))).value !== null) return false;
  await seedReferenceData(kv, now);
  if ((await kv.get(listingIdCounterKey())).value !== null) return false;

  const plan = planDemo(now, defaultCategories());
  const accounts = await writeAccounts(kv, plan, now);
  const ids = await writeListings(kv, plan, accounts);
  // Launch of the Week for each finished week, from the votes cast during it.
  for (const week of plan.pastWeeks) await decideWeekAwards(kv, week, now);
  await writeFounders(kv, plan, { accounts, ids });
  for (const post of await readBlogPosts(now)) await putBlogPost(kv, post);

  await claimSeed(kv, "demo", now);
  return true;
}
