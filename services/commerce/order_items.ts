/**
 * The validation and pricing of order items, shared by quote_order and create_checkout: every
 * item is checked against the products, the caller's listings, the weeks and their capacity, the
 * categories and the option schemas, and every problem is reported (one `details` entry each).
 */
import { listCategoryRecords } from "../../kv/categories.ts";
import { listProductRecords } from "../../kv/catalog.ts";
import { getListing } from "../../kv/listings.ts";
import { getFreePlans } from "../../kv/publishing.ts";
import type { FreePlan, Listing, PricedItem, Product, SiteSettings } from "../../kv/types.ts";
import type { Caller } from "../access/access.ts";
import type { Deps } from "../platform/deps.ts";
import { type ApiError, badRequest, type ErrorDetail } from "../platform/errors.ts";
import { getSettings } from "../platform/settings.ts";
import { mondayOf, parseIsoDate } from "../platform/weeks.ts";
import { capacityPool, MAX_EXTRA_CATEGORIES, type WeekCapacity, weekCapacity } from "./products.ts";
import { checkOptions, type OptionValue } from "./options.ts";

/** One item of an order body (quote_order, create_checkout), as the schema let it through. */
export interface OrderItemInput {
  product: string;
  listing_id?: number;
  week?: string;
  amount_cents?: number;
  categories?: string[];
  options?: Record<string, OptionValue>;
}

/** A validated item with its price (USD cents, excluding VAT). */
export type PricedLine = PricedItem;

/** What one listing's items of the order have asked for so far (to find contradictions). */
interface ListingClaims {
  launch?: number;
  skip?: number;
  weeks: Map<string, number>;
  extras: Set<string>;
}

/** Everything the checks read once per order; nothing here writes. */
class OrderContext {
  readonly problems: ErrorDetail[] = [];
  /** Slots this order takes per capacity pool and week. */
  readonly taken = new Map<string, number>();
  readonly claims = new Map<number, ListingClaims>();
  readonly #capacity = new Map<string, Promise<WeekCapacity[]>>();

  constructor(
    private readonly deps: Deps,
    readonly caller: Caller,
    readonly products: Map<string, Product>,
    readonly settings: SiteSettings,
    readonly categories: Set<string>,
    readonly listings: Map<number, Listing | null>,
    readonly freePlans: Map<number, FreePlan | null>,
  ) {}

  problem(path: string, message: string): void {
    this.problems.push({ path, message });
  }

  capacity(product: Product): Promise<WeekCapacity[]> {
    let weeks = this.#capacity.get(product.code);
    if (!weeks) {
      weeks = weekCapacity(this.deps.kv, product, this.settings, this.deps.now());
      this.#capacity.set(product.code, weeks);
    }
    return weeks;
  }

  claimsOf(listing: Listing): ListingClaims {
    let c = this.claims.get(listing.id);
    if (!c) {
      c = { weeks: new Map(), extras: new Set(listing.extra_categories) };
      this.claims.set(listing.id, c);
    }
    return c;
  }
}

/** The caller's own (or co-owned) listing, or null: another account's listing looks missing. */
function ownListing(ctx: OrderContext, id: number): Listing | null {
  const listing = ctx.listings.get(id) ?? null;
  if (!listing || listing.status === "removed") return null;
  const uid = ctx.caller.userId;
  return listing.owner_id === uid || listing.cofounder_ids.includes(uid) ? listing : null;
}

/** The listing an item is for (null when it has none or it is refused). */
function checkListing(
  ctx: OrderContext,
  item: OrderItemInput,
  product: Product,
  at: string,
): Listing | null {
  const path = `${at}.listing_id`;
  if (!product.needs_listing) {
    if (item.listing_id !== undefined) {
      ctx.problem(path, `Product "${product.code}" takes no listing_id`);
    }
    return null;
  }
  if (item.listing_id === undefined) {
    ctx.problem(path, `Product "${product.code}" needs a listing_id: the listing it is for`);
    return null;
  }
  const listing = ownListing(ctx, item.listing_id);
  if (!listing) {
    ctx.problem(path, `No listing "${item.listing_id}" among your listings`);
    return null;
  }
  const plan = listing.plan ?? "none";
  if (!product.for_plans.includes(plan)) {
    ctx.problem(
      path,
      `Product "${product.code}" is not for listings on plan "${plan}": it is for plans ${
        product.for_plans.map((p) => `"${p}"`).join(", ")
      }`,
    );
    return null;
  }
  const launched = listing.launched_at !== null;
  if ((product.code === "launch" || product.code === "launch_bundle") && launched) {
    ctx.problem(
      path,
      `Listing "${listing.id}" has already launched: order "relaunch" to launch it again`,
    );
    return null;
  }
  if (product.code === "relaunch" && !launched) {
    ctx.problem(path, `Listing "${listing.id}" has not launched yet: order "launch" instead`);
    return null;
  }
  if (product.code === "skip_queue" && !freeWeekOf(ctx, listing)) {
    ctx.problem(
      path,
      `Listing "${listing.id}" holds no free-queue week: skip_queue moves a reserved free week earlier`,
    );
    return null;
  }
  return listing;
}

/** The free-queue week a free listing holds (awaiting its badge or scheduled), or null. */
function freeWeekOf(ctx: OrderContext, listing: Listing): string | null {
  if (listing.plan !== "free") return null;
  if (listing.status !== "awaiting_badge" && listing.status !== "scheduled") return null;
  return ctx.freePlans.get(listing.id)?.reservation?.week ?? null;
}

/**
 * The week rules of a product: a Monday among the product's weeks now, not full (counting this
 * order's earlier items), not booked twice for one listing. Returns whether the week is valid and
 * takes its slot.
 */
async function checkWeek(
  ctx: OrderContext,
  item: OrderItemInput,
  product: Product,
  listing: Listing | null,
  index: number,
): Promise<boolean> {
  const at = `items.${index}`;
  const path = `${at}.week`;
  const week = item.week;
  if (product.week === "none") {
    if (week !== undefined) ctx.problem(path, `Product "${product.code}" takes no week`);
    return week === undefined;
  }
  if (week === undefined) {
    if (product.week === "required") {
      ctx.problem(path, `Product "${product.code}" needs a week: one of list_products' weeks`);
    }
    return product.week !== "required";
  }
  const date = parseIsoDate(week);
  if (!date || mondayOf(date) !== week) {
    ctx.problem(path, `Week "${week}" is not a Monday: weeks are named by their Monday`);
    return false;
  }
  const weeks = await ctx.capacity(product);
  const slot = weeks.find((w) => w.week === week);
  if (!slot) {
    const range = weeks.length
      ? `from "${weeks[0].week}" to "${weeks[weeks.length - 1].week}"`
      : "none at the moment";
    ctx.problem(
      path,
      `Week "${week}" cannot be ordered for "${product.code}" now: its weeks are ${range}`,
    );
    return false;
  }
  const held = product.code === "skip_queue" && listing ? freeWeekOf(ctx, listing) : null;
  if (held && week >= held) {
    ctx.problem(
      path,
      `Week "${week}" is not earlier than listing "${listing!.id}"'s free-queue week "${held}"`,
    );
    return false;
  }
  const claims = listing ? ctx.claimsOf(listing) : null;
  const booked = claims?.weeks.get(week);
  if (booked !== undefined) {
    ctx.problem(
      path,
      `Week "${week}" is already booked for listing "${listing!.id}" by item ${booked}`,
    );
    return false;
  }
  const key = `${capacityPool(product)}:${week}`;
  const taken = ctx.taken.get(key) ?? 0;
  if (slot.slots_left - taken <= 0) {
    ctx.problem(path, `Week "${week}" is full for "${product.code}": no slots left`);
    return false;
  }
  ctx.taken.set(key, taken + 1);
  claims?.weeks.set(week, index);
  return true;
}

/** amount_cents: billboard_min only, at least the billboard minimum. */
function checkAmount(ctx: OrderContext, item: OrderItemInput, product: Product, at: string) {
  const path = `${at}.amount_cents`;
  if (product.code !== "billboard_min") {
    if (item.amount_cents !== undefined) {
      ctx.problem(path, `Product "${product.code}" takes no amount_cents: only billboard_min does`);
    }
    return;
  }
  const min = ctx.settings.billboard_min_cents;
  if (item.amount_cents === undefined) {
    ctx.problem(path, `Product "billboard_min" needs amount_cents: at least ${min}`);
  } else if (item.amount_cents < min) {
    ctx.problem(
      path,
      `Amount "${item.amount_cents}" is below the billboard minimum of ${min} cents`,
    );
  }
}

/** categories: extra_categories only; existing slugs, new to the listing, at most 3 extras in all. */
function checkCategories(
  ctx: OrderContext,
  item: OrderItemInput,
  product: Product,
  listing: Listing | null,
  at: string,
) {
  const path = `${at}.categories`;
  if (product.code !== "extra_categories") {
    if (item.categories !== undefined) {
      ctx.problem(
        path,
        `Product "${product.code}" takes no categories: only extra_categories does`,
      );
    }
    return;
  }
  if (!item.categories?.length) {
    ctx.problem(path, `Product "extra_categories" needs categories: 1 to 3 category slugs`);
    return;
  }
  if (!listing) return;
  const claims = ctx.claimsOf(listing);
  const seen = new Set<string>();
  item.categories.forEach((slug, j) => {
    const refuse = (why: string) => ctx.problem(`${path}.${j}`, `Category "${slug}" ${why}`);
    if (seen.has(slug)) return refuse("is named twice");
    seen.add(slug);
    if (!ctx.categories.has(slug)) return refuse("does not exist: see list_categories");
    if (slug === listing.primary_category) {
      return refuse(`is listing "${listing.id}"'s primary category`);
    }
    if (listing.extra_categories.includes(slug)) {
      return refuse(`is already an extra category of listing "${listing.id}"`);
    }
    if (claims.extras.has(slug)) return refuse("is already ordered by an earlier item");
    claims.extras.add(slug);
  });
  if (claims.extras.size > MAX_EXTRA_CATEGORIES) {
    ctx.problem(
      path,
      `Listing "${listing.id}" would have ${claims.extras.size} extra categories: at most ${MAX_EXTRA_CATEGORIES} (it has ${listing.extra_categories.length})`,
    );
  }
}

/** Items that contradict earlier ones of the same listing: two launches, launch and skip_queue. */
function checkContradictions(ctx: OrderContext, product: Product, listing: Listing, i: number) {
  const claims = ctx.claimsOf(listing);
  const isLaunch = product.code === "launch" || product.code === "launch_bundle";
  const isSkip = product.code === "skip_queue";
  if (!isLaunch && !isSkip) return;
  const earlier = claims.launch ?? claims.skip;
  if (earlier !== undefined) {
    ctx.problem(
      `items.${i}.product`,
      `Product "${product.code}" contradicts item ${earlier}: listing "${listing.id}" is launched or moved once per order`,
    );
  } else if (isLaunch) claims.launch = i;
  else claims.skip = i;
}

/** Checks one item; returns its priced line, or null when a problem was recorded. */
async function checkItem(
  ctx: OrderContext,
  item: OrderItemInput,
  i: number,
): Promise<PricedLine | null> {
  const at = `items.${i}`;
  const product = ctx.products.get(item.product);
  if (!product) {
    ctx.problem(`${at}.product`, `Unknown product "${item.product}": see list_products`);
    return null;
  }
  const before = ctx.problems.length;
  const listing = checkListing(ctx, item, product, at);
  await checkWeek(ctx, item, product, listing, i);
  checkAmount(ctx, item, product, at);
  checkCategories(ctx, item, product, listing, at);
  for (const p of checkOptions(product, item.options, `${at}.options`)) ctx.problems.push(p);
  if (listing) checkContradictions(ctx, product, listing, i);
  if (ctx.problems.length > before) return null;
  const unit = product.code === "billboard_min" ? item.amount_cents! : product.price_cents;
  return {
    product: product.code,
    name: product.name,
    ...(item.listing_id !== undefined ? { listing_id: item.listing_id } : {}),
    ...(item.week !== undefined ? { week: item.week } : {}),
    ...(item.categories !== undefined ? { categories: item.categories } : {}),
    ...(item.amount_cents !== undefined ? { amount_cents: item.amount_cents } : {}),
    ...(item.options !== undefined ? { options: item.options } : {}),
    unit_price_cents: unit,
    quantity: 1,
    total_cents: unit,
  };
}

/**
 * Validates and prices an order's items at the site's current prices. Returns the lines, or the
 * problems (one per field, paths like `items.2.week`); reads only.
 */
export async function validateOrderItems(
  deps: Deps,
  caller: Caller,
  items: OrderItemInput[],
): Promise<{ lines: PricedLine[]; problems: ErrorDetail[] }> {
  const ids = [...new Set(items.flatMap((it) => it.listing_id ?? []))];
  const [products, settings, categories, listings, freePlans] = await Promise.all([
    listProductRecords(deps.kv),
    getSettings(deps.kv),
    listCategoryRecords(deps.kv),
    Promise.all(ids.map((id) => getListing(deps.kv, id))),
    getFreePlans(deps.kv, ids),
  ]);
  const ctx = new OrderContext(
    deps,
    caller,
    new Map(products.filter((p) => p.active).map((p) => [p.code, p])),
    settings,
    new Set(categories.map((c) => c.slug)),
    new Map(ids.map((id, i) => [id, listings[i]])),
    new Map(ids.map((id, i) => [id, freePlans[i]])),
  );
  const lines: PricedLine[] = [];
  for (const [i, item] of items.entries()) {
    const line = await checkItem(ctx, item, i);
    if (line) lines.push(line);
  }
  return { lines, problems: ctx.problems };
}

/** The 400 for an order that cannot be priced: every problem in `details`, the first named. */
export function orderError(problems: ErrorDetail[]): ApiError {
  const first = problems[0];
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
  return badRequest(`Cannot price the order: ${first.path}: ${first.message}${more}`, problems);
}

/** Validated, priced lines of an order's items, or a 400 naming every problem. */
export async function priceOrderItems(
  deps: Deps,
  caller: Caller,
  items: OrderItemInput[],
): Promise<PricedLine[]> {
  const { lines, problems } = await validateOrderItems(deps, caller, items);
  if (problems.length) throw orderError(problems);
  return lines;
}
