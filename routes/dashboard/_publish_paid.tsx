/**
 * The paid launch on the publish page: what the listing may order now (the launch with the weeks
 * that have free capacity, and the extras that fit its plan, at the prices of list_products) and
 * the form that prices it live (islands/LaunchPricer) and goes on to the checkout.
 */
import { island } from "../../components/island.tsx";
import { formatMoney, plural } from "../../components/format.ts";
import LaunchPricerIsland, {
  type LaunchPricerProps,
  type PricerExtra,
  type PricerQuote,
} from "../../islands/LaunchPricer.tsx";
import { weekLabel } from "./_publish_free.tsx";
import type { LaunchSelection } from "./_publish_order.ts";

const LaunchPricer = island("LaunchPricer", LaunchPricerIsland);

/** One product of list_products (the fields read here). */
export interface ProductEntry extends PricerExtra {
  needs_listing: boolean;
  week: "none" | "optional" | "required";
  for_plans: string[];
  week_capacity?: { week: string; slots_left: number }[];
  options?: { required?: boolean }[];
}

/** What get_my_listing tells about the listing's publishing (the fields read here). */
export interface PublishListing {
  listing_id: number;
  name: string;
  slug: string;
  url: string;
  page_url: string;
  status: string;
  plan: "free" | "paid" | null;
  launch_week: string | null;
  launched_at: string | null;
  country: string | null;
}

/** What the listing may order now. */
export interface PaidOffer {
  launch: ProductEntry | null;
  extras: ProductEntry[];
  /** Extras a paid launch would open (named, not offered yet). */
  later: ProductEntry[];
}

/** The launch (unless launched or paid already) and the extras of the listing's plan. */
export function paidOffer(listing: PublishListing, products: ProductEntry[]): PaidOffer {
  const plan = listing.plan ?? "none";
  const fits = (p: ProductEntry) => p.for_plans.includes(plan);
  const launchProduct = products.find((p) => p.code === "launch");
  const launchable = listing.launched_at === null && listing.status !== "live";
  const launch = launchProduct && fits(launchProduct) && launchable ? launchProduct : null;
  // Extras: listing products without a week and without required options.
  const extras = products.filter((p) =>
    p.needs_listing && p.week === "none" && !p.options?.some((o) => o.required)
  );
  return {
    launch,
    extras: extras.filter(fits),
    later: launch ? extras.filter((p) => !fits(p) && p.for_plans.includes("paid")) : [],
  };
}

/** The selection a fresh page starts with: go live now, no extras, the listing's country. */
export function defaultSelection(listing: PublishListing, offer: PaidOffer): LaunchSelection {
  return {
    week: offer.launch ? "now" : "",
    extras: [],
    categories: [],
    amount: "",
    billing_country: listing.country ?? "",
    vat_number: "",
  };
}

/** The paid-launch card: the form and its live price. */
export function PaidCard(
  { listing, offer, pricer }: {
    listing: PublishListing;
    offer: PaidOffer;
    pricer: Omit<LaunchPricerProps, "launch" | "extras">;
  },
) {
  const launch = offer.launch;
  const props: LaunchPricerProps = {
    ...pricer,
    launch: launch && {
      name: launch.name,
      price_cents: launch.price_cents,
      weeks: (launch.week_capacity ?? []).filter((w) => w.slots_left > 0).map((w) => ({
        week: w.week,
        label: `Week of ${weekLabel(w.week)} (${plural(w.slots_left, "place")} left)`,
      })),
    },
    extras: offer.extras.map(extraOf),
    selection: { ...pricer.selection, categories: padded(pricer.selection.categories, 3) },
  };
  return (
    <section class="card publish-option publish-paid" aria-labelledby="publish-paid">
      <h2 id="publish-paid">{launch ? "Paid launch" : "Add extras"}</h2>
      {launch
        ? (
          <p>
            {launch.description} {formatMoney(launch.price_cents)}{" "}
            plus VAT where it applies; no badge needed.
          </p>
        )
        : <p>Extras for {listing.name}, at the site's current prices.</p>}
      <LaunchPricer {...props} />
      {offer.later.length > 0 && (
        <p class="muted small">
          Once launched with the paid plan, {listing.name} can also have:{" "}
          {offer.later.map((p) => p.name).join(", ")}.
        </p>
      )}
    </section>
  );
}

function extraOf(p: ProductEntry): PricerExtra {
  return {
    code: p.code,
    name: p.name,
    description: p.description,
    price_cents: p.price_cents,
    ...(p.minimum_cents !== undefined ? { minimum_cents: p.minimum_cents } : {}),
    ...(p.max_categories !== undefined ? { max_categories: p.max_categories } : {}),
  };
}

function padded(list: string[], length: number): string[] {
  return Array.from({ length: Math.max(length, list.length) }, (_, i) => list[i] ?? "");
}

/** list_categories as picker groups: each top category with its subcategories. */
export function categoryGroups(
  categories: { slug: string; name: string; subcategories?: { slug: string; name: string }[] }[],
): LaunchPricerProps["categories"] {
  return categories.map((c) => ({
    group: c.name,
    options: [{ slug: c.slug, name: c.name }, ...(c.subcategories ?? [])].map((o) => ({
      slug: o.slug,
      name: o.name,
    })),
  }));
}

export type { PricerQuote };
