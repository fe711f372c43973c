/** Writing the demo plan through the real data functions, so every index and board is real. */
import { putFounder } from "../kv/founders.ts";
import {
  addBillboardContribution,
  castVote,
  followListing,
  recordDomainRating,
  recordRevenue,
  recordView,
} from "../kv/listing_stats.ts";
import { addListingUpdate, addReview } from "../kv/listing_feed.ts";
import { createListing, goLive, scheduleListing, updateListing } from "../kv/listings.ts";
import { getOrCreateUser } from "../kv/users.ts";
import { DAY_MS, type DemoPlan, type PlannedListing } from "./plan_types.ts";

/** Listings written at the same time; each listing's own writes stay sequential. */
const CONCURRENCY = 16;

/** The account ids of the plan's voters and founders, by plan index. */
export interface Accounts {
  voters: string[];
  founders: string[];
}

/** Runs `fn` on every item, at most `limit` at a time. */
async function runPool<T>(
  items: T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await fn(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Accounts: voters, then one per founder (email at their first product's domain). */
export async function writeAccounts(kv: Deno.Kv, plan: DemoPlan, now: Date): Promise<Accounts> {
  const accounts: Accounts = { voters: [], founders: [] };
  const votersSince = new Date(now.getTime() - 200 * DAY_MS);
  await runPool(plan.voters, 50, async (v, i) => {
    accounts.voters[i] = (await getOrCreateUser(kv, v.email, v.name, votersSince)).id;
  });
  await runPool(plan.founders, 50, async (f, i) => {
    const firstListing = plan.listings[f.listings[0].plan];
    accounts.founders[i] = (await getOrCreateUser(kv, f.email!, f.name, firstListing.createdAt))
      .id;
  });
  return accounts;
}

/**
 * Creates the listings in the order they were created, so ids grow with time, then books,
 * launches and fills each one. Returns the listing id of each plan index.
 */
export async function writeListings(
  kv: Deno.Kv,
  plan: DemoPlan,
  accounts: Accounts,
): Promise<Map<number, number>> {
  const byCreation = [...plan.listings].sort((a, b) =>
    a.createdAt.getTime() - b.createdAt.getTime()
  );
  const ids = new Map<number, number>();
  for (const l of byCreation) {
    const created = await createListing(kv, {
      ...l.input,
      owner_id: accounts.founders[l.founders[0]],
      cofounder_ids: l.founders.slice(1).map((fi) => accounts.founders[fi]),
    }, l.createdAt);
    ids.set(l.index, created.id);
  }
  await runPool(byCreation, CONCURRENCY, async (l) => {
    const id = ids.get(l.index)!;
    if (l.kind === "awaiting_badge") {
      const at = l.bookedAt ?? l.createdAt;
      await updateListing(kv, id, () => ({ status: "awaiting_badge", plan: "free" }), at);
      return;
    }
    if (l.kind === "draft") return;
    await scheduleListing(kv, id, l.week!, l.plan!, l.bookedAt!);
    if (!l.launchAt) return;
    await goLive(kv, id, l.launchAt);
    await writeActivity(kv, { plan, accounts, listing: l, id });
  });
  return ids;
}

/** Votes, views, follows, billboard, Domain Rating, revenue, updates and reviews of a listing. */
async function writeActivity(
  kv: Deno.Kv,
  { plan, accounts, listing: l, id }: {
    plan: DemoPlan;
    accounts: Accounts;
    listing: PlannedListing;
    id: number;
  },
): Promise<void> {
  for (const v of l.votes) await castVote(kv, id, accounts.voters[v.voter], v.at);
  for (const [i, at] of l.views.entries()) {
    await recordView(kv, id, `demo-visitor-${id}-${i}`, at);
  }
  for (const f of l.follows) await followListing(kv, id, accounts.voters[f.voter], f.at);
  for (const b of l.billboard) await addBillboardContribution(kv, id, b.amount, b.at, b.id);
  for (const d of l.domainRatings) await recordDomainRating(kv, id, d.date, d.value);
  for (const r of l.revenue) await recordRevenue(kv, id, r);
  for (const u of l.updates) {
    await addListingUpdate(kv, id, { title: u.title, body: u.body }, u.at);
  }
  const owner = plan.founders[l.founders[0]];
  for (const r of l.reviews) {
    await addReview(kv, {
      id: r.id,
      listing_id: id,
      user_id: r.voter === "owner" ? accounts.founders[l.founders[0]] : accounts.voters[r.voter],
      author_name: r.voter === "owner" ? owner.name : plan.voters[r.voter].name,
      rating: r.rating,
      body: r.body,
      flagged: r.flagged,
      created_at: r.at.toISOString(),
    });
  }
}

/** Founder profiles, once the listing ids are known. */
export async function writeFounders(
  kv: Deno.Kv,
  plan: DemoPlan,
  { accounts, ids }: { accounts: Accounts; ids: Map<number, number> },
): Promise<void> {
  await runPool(plan.founders, 25, async (f, i) => {
    const firstListing = plan.listings[f.listings[0].plan];
    await putFounder(kv, {
      slug: f.slug,
      name: f.name,
      bio: f.bio,
      country: f.country,
      avatar_url: null,
      socials: f.socials,
      listing_ids: f.listings.map((x) => ids.get(x.plan)!),
      user_id: accounts.founders[i],
      created_at: firstListing.createdAt.toISOString(),
    });
  });
}
