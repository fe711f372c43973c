/**
 * list_products: the products the site sells (KV site settings, seeded by the reference data), with
 * the weeks each week-taking product may be ordered for now and the slots left in each.
 */
import { listProductRecords } from "../../kv/catalog.ts";
import { getListings, listListingIdsByWeek } from "../../kv/listings.ts";
import { getWeekHoldEntries } from "../../kv/orders.ts";
import { getFreeWeekEntries } from "../../kv/publishing.ts";
import type { Product, SiteSettings } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { getSettings } from "../platform/settings.ts";
import { addWeeks, mondayOf } from "../platform/weeks.ts";

/** Extra categories a listing may have in total. */
export const MAX_EXTRA_CATEGORIES = 3;

/** One bookable week of a product and its free capacity. */
export interface WeekCapacity {
  week: string;
  slots_left: number;
}

/** Which weekly capacity a week-taking product books: the free queue's or the paid launches'. */
export function capacityPool(product: Pick<Product, "code">): "free" | "paid" {
  // skip_queue moves a free-queue reservation to an earlier week; the others book paid slots.
  return product.code === "skip_queue" ? "free" : "paid";
}

/** Paid launches (scheduled or live) booked in a week. */
async function paidBooked(kv: Deno.Kv, week: string): Promise<number> {
  const listings = await getListings(kv, await listListingIdsByWeek(kv, week));
  return listings.filter((l) =>
    l.plan === "paid" && (l.status === "scheduled" || l.status === "live")
  )
    .length;
}

/**
 * Every week a product may be ordered for at `now`, earliest first, with the slots left (0 when
 * full); empty for products without weeks. Paid weeks: `paid_slots_per_week` minus the paid
 * launches booked. skip_queue weeks (before the free window): `free_slots_per_week` minus the free
 * queue's own reservation count of the week. Both minus the slots unpaid orders hold.
 */
export async function weekCapacity(
  kv: Deno.Kv,
  product: Product,
  settings: SiteSettings,
  now: Date,
): Promise<WeekCapacity[]> {
  if (product.week === "none") return [];
  const current = mondayOf(now);
  const pool = capacityPool(product);
  const last = pool === "free" ? settings.free_queue_min_weeks - 1 : settings.paid_booking_weeks;
  const weeks: string[] = [];
  for (let n = 1; n <= last; n++) weeks.push(addWeeks(current, n));
  const [booked, held] = await Promise.all([
    weekBookings(kv, pool, weeks),
    getWeekHoldEntries(kv, pool, weeks),
  ]);
  const capacity = poolCapacity(pool, settings);
  return weeks.map((week, i) => ({
    week,
    slots_left: Math.max(0, capacity - booked[i] - (held[i].value ?? 0)),
  }));
}

/** A pool's slots per week. */
export function poolCapacity(pool: "free" | "paid", settings: SiteSettings): number {
  return pool === "free" ? settings.free_slots_per_week : settings.paid_slots_per_week;
}

/**
 * Slots booked in some weeks of a pool, not counting the holds of unpaid orders: the free queue's
 * reservations, or the paid launches scheduled or live.
 */
export async function weekBookings(
  kv: Deno.Kv,
  pool: "free" | "paid",
  weeks: string[],
): Promise<number[]> {
  return pool === "free"
    ? (await getFreeWeekEntries(kv, weeks)).map((e) => e.value?.reserved ?? 0)
    : await Promise.all(weeks.map((w) => paidBooked(kv, w)));
}

/** The weeks (Mondays) a product may be ordered for now, with slots left; empty for products without weeks. */
export async function weeksFor(
  kv: Deno.Kv,
  product: Product,
  settings: SiteSettings,
  now: Date,
): Promise<string[]> {
  return (await weekCapacity(kv, product, settings, now)).filter((w) => w.slots_left > 0)
    .map((w) => w.week);
}

/** list_products: codes, prices (USD cents, excluding VAT), rules, weeks with capacity and options. */
export async function listProducts(deps: Deps) {
  const [products, settings] = await Promise.all([
    listProductRecords(deps.kv),
    getSettings(deps.kv),
  ]);
  const items = await Promise.all(
    products.filter((p) => p.active).map(async (p) => {
      const open = (await weekCapacity(deps.kv, p, settings, deps.now()))
        .filter((w) => w.slots_left > 0);
      return {
        code: p.code,
        name: p.name,
        description: p.description,
        price_cents: p.price_cents,
        currency: "usd",
        needs_listing: p.needs_listing,
        week: p.week,
        ...(p.week !== "none" ? { weeks: open.map((w) => w.week), week_capacity: open } : {}),
        for_plans: p.for_plans,
        unlocks: p.unlocks,
        ...(p.code === "billboard_min" ? { minimum_cents: settings.billboard_min_cents } : {}),
        ...(p.code === "extra_categories" ? { max_categories: MAX_EXTRA_CATEGORIES } : {}),
        ...(p.options ? { options: p.options } : {}),
        ...(p.period_weeks ? { period_weeks: p.period_weeks } : {}),
      };
    }),
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
