/**
 * Planning the demo activity of live listings, all before `now`: votes, views, follows, billboard
 * contributions, Domain Rating and revenue history, updates and reviews.
 */
import { addWeeks, parseIsoDate } from "../services/platform/weeks.ts";
import { TEXTS, type UpdateTemplate } from "./data.ts";
import { personName, placeOf } from "./names.ts";
import {
  DAY_MS,
  HOUR_MS,
  type PlannedListing,
  type PlannedReview,
  type PlannedVoter,
} from "./plan_types.ts";
import {
  chance,
  int,
  pick,
  type Rng,
  sample,
  shuffled,
  timeBetween,
  uuidFrom,
  weighted,
} from "./rng.ts";
import { fillTemplate, lcFirst, monthOf, ucFirst } from "./text.ts";

const VOTER_COUNT = 400;

/** Plans the voters, then the activity of every listing that has launched. */
export function planActivity(rng: Rng, listings: PlannedListing[], now: Date): PlannedVoter[] {
  const voters: PlannedVoter[] = [];
  for (let i = 1; i <= VOTER_COUNT; i++) {
    const { first, last } = personName(rng, placeOf(rng).country);
    voters.push({ email: `voter${i}@demo.example`, name: `${first} ${last}` });
  }
  const live = listings.filter((l) => l.launchAt !== null);
  for (const l of live) planAudience(rng, l, voters.length, now);
  planBillboard(rng, live, now);
  planDomainRatings(rng, live, now);
  planRevenue(rng, live, now);
  planUpdates(rng, live, now);
  planReviews(rng, live, now);
  return voters;
}

function voteTarget(rng: Rng): number {
  const r = rng();
  if (r < 0.05) return int(rng, 100, 300);
  if (r < 0.17) return int(rng, 60, 110);
  return 5 + Math.floor(55 * Math.pow(rng(), 1.4));
}

/** Votes (mostly in the launch week), views and follows of one live listing. */
function planAudience(rng: Rng, l: PlannedListing, voterCount: number, now: Date): void {
  const nowMs = now.getTime();
  const launch = l.launchAt!.getTime();
  const weekEnd = parseIsoDate(addWeeks(l.week!, 1))!.getTime();
  const inWeekEnd = Math.min(weekEnd, nowMs);
  let target = voteTarget(rng);
  if (weekEnd > nowMs) {
    target = Math.max(2, Math.round(target * Math.min(1, (nowMs - launch) / (3 * DAY_MS))));
  }
  const voterIds = sample(rng, Array.from({ length: voterCount }, (_, i) => i), target);
  l.votes = voterIds.map((voter) => ({
    voter,
    at: weekEnd < nowMs && chance(rng, 0.15)
      ? timeBetween(rng, weekEnd, nowMs, 1.8)
      : timeBetween(rng, launch, inWeekEnd, 2.2),
  }));
  // Views are one write each: kept to a few per vote so a file store loads in seconds.
  const viewCount = Math.min(
    150,
    Math.max(target + 3, Math.round(target * (1 + 1.5 * rng())) + int(rng, 3, 12)),
  );
  l.views = Array.from({ length: viewCount }, () => timeBetween(rng, launch, nowMs, 2));
  const followCount = Math.min(
    voterIds.length,
    Math.round(target * (0.08 + 0.15 * rng())) + int(rng, 0, 3),
  );
  l.follows = l.votes.slice(0, followCount).map((v) => ({
    voter: v.voter,
    at: new Date(Math.min(v.at.getTime() + int(rng, 1, 600) * 60_000, nowMs - 60_000)),
  }));
}

/** Billboard: paid placement, mostly by paid listings. */
function planBillboard(rng: Rng, live: PlannedListing[], now: Date): void {
  const paidFirst = [...live].sort((a, b) =>
    (b.plan === "paid" ? 1 : 0) - (a.plan === "paid" ? 1 : 0)
  );
  const amounts = [[500, 20], [1000, 20], [2500, 18], [5000, 15], [10000, 12], [20000, 9], [
    50000,
    6,
  ]] as const;
  for (const l of sample(rng, paidFirst.slice(0, 45), 15)) {
    const n = int(rng, 1, 4);
    for (let i = 0; i < n; i++) {
      const amount = weighted(rng, amounts) + (chance(rng, 0.3) ? int(rng, 1, 9) * 100 : 0);
      l.billboard.push({
        amount: Math.min(amount, 50000),
        at: timeBetween(rng, l.launchAt!.getTime(), now.getTime()),
        id: uuidFrom(rng),
      });
    }
  }
}

/** Domain Rating: monthly readings, trending. */
function planDomainRatings(rng: Rng, live: PlannedListing[], now: Date): void {
  const stageDr: Record<string, [number, number]> = {
    idea: [1, 12],
    mvp: [3, 20],
    launched: [8, 35],
    growing: [20, 55],
    established: [35, 75],
  };
  for (const l of sample(rng, live, Math.min(120, live.length))) {
    const months = int(rng, 6, 12);
    const [lo, hi] = stageDr[l.input.stage ?? "launched"];
    let value = int(rng, lo, hi);
    const drift = weighted(rng, [[1, 65], [0, 20], [-1, 15]] as const);
    for (let m = months - 1; m >= 0; m--) {
      l.domainRatings.push({ date: `${monthOf(now, -m)}-01`, value });
      value = Math.max(
        0,
        Math.min(100, value + drift * int(rng, 0, 3) + (chance(rng, 0.2) ? int(rng, -1, 1) : 0)),
      );
    }
  }
}

/** Revenue: monthly recurring revenue with growth curves. */
function planRevenue(rng: Rng, live: PlannedListing[], now: Date): void {
  const earners = live.filter((l) =>
    l.input.pricing_model !== "Free" &&
    ["launched", "growing", "established"].includes(l.input.stage!)
  );
  const stageMrr: Record<string, [number, number]> = {
    launched: [200, 3000],
    growing: [2000, 30000],
    established: [20000, 150000],
  };
  for (const l of sample(rng, earners, Math.min(60, earners.length))) {
    const months = int(rng, 3, 12);
    const [lo, hi] = stageMrr[l.input.stage!];
    const verified = chance(rng, 0.3);
    const growth = weighted(rng, [[0.12, 30], [0.06, 35], [0.02, 20], [-0.03, 15]] as const);
    let mrr = int(rng, lo, hi) * 100;
    for (let m = months; m >= 1; m--) {
      l.revenue.push({
        month: monthOf(now, -m),
        mrr_cents: mrr,
        source: verified ? "verified" : "self_reported",
      });
      mrr = Math.max(0, Math.round(mrr * (1 + growth + (rng() - 0.5) * 0.06) / 100) * 100);
    }
  }
}

/** One to three updates on 40 listings launched more than three days ago. */
function planUpdates(rng: Rng, live: PlannedListing[], now: Date): void {
  const nowMs = now.getTime();
  for (const l of sample(rng, live.filter((x) => nowMs - x.launchAt!.getTime() > 3 * DAY_MS), 40)) {
    const templates = sample(rng, TEXTS.updates, int(rng, 1, 3));
    const times = templates.map(() => timeBetween(rng, l.launchAt!.getTime() + DAY_MS, nowMs)).sort(
      (a, b) => a.getTime() - b.getTime(),
    );
    l.updates = templates.map((t, i) => ({ ...updateText(rng, t, l), at: times[i] }));
  }
}

/** An update from its template; one that names a feature draws it first. */
function updateText(rng: Rng, t: UpdateTemplate, l: PlannedListing): UpdateTemplate {
  const f = `${t.title} ${t.body}`.includes("{feature") ? pick(rng, l.theme.features) : "";
  const values = {
    feature: ucFirst(lcFirst(f)),
    featurelc: lcFirst(f),
    aud: l.theme.audiences[0],
    name: l.input.name,
  };
  const title = fillTemplate(rng, t.title, values);
  return { title, body: fillTemplate(rng, t.body, values) };
}

/** Reviews: mostly genuine; a few by the owner or flagged, which the community rating ignores. */
function planReviews(rng: Rng, live: PlannedListing[], now: Date): void {
  const nowMs = now.getTime();
  const { good, mixed, bad, spam, owner } = TEXTS.reviews;
  for (const l of sample(rng, live.filter((x) => x.votes.length >= 3), 80)) {
    const reviewers = sample(rng, l.votes, int(rng, 1, 6));
    const unused = {
      good: shuffled(rng, good),
      mixed: shuffled(rng, mixed),
      bad: shuffled(rng, bad),
    };
    const next = (pool: string[], fallback: string[]) => pool.shift() ?? pick(rng, fallback);
    for (const v of reviewers) {
      const r = rng();
      const f = pick(rng, l.input.features);
      const at = new Date(Math.min(v.at.getTime() + int(rng, 1, 72) * HOUR_MS, nowMs - 60_000));
      if (r < 0.05) {
        const id = uuidFrom(rng);
        l.reviews.push({ id, voter: v.voter, rating: 5, body: pick(rng, spam), flagged: true, at });
        continue;
      }
      const rating = weighted(rng, [[5, 45], [4, 35], [3, 13], [2, 5], [1, 2]] as const);
      const template = rating >= 4
        ? next(unused.good, good)
        : rating === 3
        ? next(unused.mixed.length > 0 ? unused.mixed : unused.good, mixed)
        : next(unused.bad.length > 0 ? unused.bad : unused.mixed, bad);
      const body = fillTemplate(rng, template, {
        feature: ucFirst(lcFirst(f)),
        featurelc: lcFirst(f),
        thing: l.theme.thing,
        name: l.input.name,
        aud: l.theme.audiences[0],
      });
      l.reviews.push(review(rng, { voter: v.voter, rating, body, flagged: false, at }));
    }
    if (chance(rng, 0.1)) {
      const at = new Date(Math.min(l.launchAt!.getTime() + HOUR_MS, nowMs - 60_000));
      const body = fillTemplate(rng, owner, { name: l.input.name });
      l.reviews.push(review(rng, { voter: "owner", rating: 5, body, flagged: false, at }));
    }
  }
}

function review(rng: Rng, fields: Omit<PlannedReview, "id">): PlannedReview {
  return { id: uuidFrom(rng), ...fields };
}
