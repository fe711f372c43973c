/** list_products (with the weeks each week-taking product may use) and list_interview_questions. */
import { listInterviewQuestionRecords, listProductRecords } from "../../kv/catalog.ts";
import { getListings, listListingIdsByWeek } from "../../kv/listings.ts";
import type { Product, SiteSettings } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { getSettings } from "../platform/settings.ts";
import { addWeeks, mondayOf } from "../platform/weeks.ts";

/** Free and paid launches booked per week. */
async function bookedSlots(kv: Deno.Kv, week: string): Promise<{ free: number; paid: number }> {
  const listings = await getListings(kv, await listListingIdsByWeek(kv, week));
  const booked = listings.filter((l) => l.status === "scheduled" || l.status === "live");
  return {
    free: booked.filter((l) => l.plan === "free").length,
    paid: booked.filter((l) => l.plan === "paid").length,
  };
}

/** The weeks (Mondays) a product may be ordered for now, with slots left; empty for products without weeks. */
export async function weeksFor(
  kv: Deno.Kv,
  product: Product,
  settings: SiteSettings,
  now: Date,
): Promise<string[]> {
  if (product.week === "none") return [];
  const current = mondayOf(now);
  // skip_queue replaces a free-queue week with an earlier one; others book paid slots.
  const [from, to, plan] = product.code === "skip_queue"
    ? [1, settings.free_queue_min_weeks - 1, "free" as const]
    : [1, settings.paid_booking_weeks, "paid" as const];
  const capacity = plan === "free" ? settings.free_slots_per_week : settings.paid_slots_per_week;
  const weeks: string[] = [];
  for (let n = from; n <= to; n++) {
    const week = addWeeks(current, n);
    if ((await bookedSlots(kv, week))[plan] < capacity) weeks.push(week);
  }
  return weeks;
}

/** list_products: codes, prices (USD cents, excluding VAT), rules, weeks and options. */
export async function listProducts(deps: Deps) {
  const [products, settings] = await Promise.all([
    listProductRecords(deps.kv),
    getSettings(deps.kv),
  ]);
  const items = await Promise.all(
    products.filter((p) => p.active).map(async (p) => ({
      code: p.code,
      name: p.name,
      description: p.description,
      price_cents: p.price_cents,
      currency: "usd",
      needs_listing: p.needs_listing,
      week: p.week,
      ...(p.week !== "none" ? { weeks: await weeksFor(deps.kv, p, settings, deps.now()) } : {}),
      for_plans: p.for_plans,
      unlocks: p.unlocks,
      ...(p.code === "billboard_min" ? { minimum_cents: settings.billboard_min_cents } : {}),
      ...(p.code === "extra_categories" ? { max_categories: 3 } : {}),
      ...(p.options ? { options: p.options } : {}),
    })),
  );
  return {
    items,
    currency: "usd",
    prices_exclude_vat: true,
    free_plan: {
      price_cents: 0,
      queue_weeks: { min: settings.free_queue_min_weeks, max: settings.free_queue_max_weeks },
      requires_badge: true,
    },
  };
}

/** list_interview_questions. */
export async function listInterviewQuestions(deps: Deps) {
  const questions = await listInterviewQuestionRecords(deps.kv);
  return { items: questions.map((q) => ({ id: q.id, question: q.question })) };
}
