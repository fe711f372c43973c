/**
 * `/dashboard/listings/:id`: one listing at a glance (get_my_listing): its status and plan in
 * words, the launch week and how far away it is, the free plan's badge check, the public page,
 * the unlocked paid sections, its claims (once list_my_claims is implemented) and its orders.
 */
import { type Context, Hono } from "hono";
import { formatDate, plural } from "../../components/format.ts";
import type { PaidSection } from "../../kv/types.ts";
import type { SignedIn } from "../../services/access/mod.ts";
import type { Deps } from "../../services/platform/mod.ts";
import { DateTime } from "../account/_ui.tsx";
import { IMPLEMENTED_OPERATION_IDS } from "../api/v1/mod.ts";
import type { SessionEnv } from "../session.ts";
import { allMyOrders, ordersOfListing, OrdersTable } from "./_listing_orders.tsx";
import { listingPage, type MyListing, openMyListing } from "./_listing_parts.tsx";
import { callOperation } from "./_operation.ts";
import { dashboardPaths } from "./_ui.tsx";
import { claimPaths } from "./_claim_parts.tsx";

/** The overview page. */
export function listingOverviewRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/dashboard/listings/:id", (c) => showOverview(deps, c));
  return app;
}

const STATUS_WORDS: Record<string, string> = {
  draft: "Saved, not published yet",
  awaiting_badge: "Waiting for the badge on your homepage",
  scheduled: "Scheduled for its launch week",
  live: "Live",
};

const PLAN_WORDS: Record<string, string> = {
  free: "Free plan (badge on your homepage)",
  paid: "Paid launch",
};

/** What each paid section is called on the pages. */
export const SECTION_NAMES: Record<PaidSection, string> = {
  story: "Founder story",
  milestones: "Milestones",
  media: "Media",
};

/** A claim of list_my_claims, as far as the overview reads it. */
interface MyClaim {
  id: number;
  listing: { id: number; slug: string };
  method: string;
  status: string;
}

async function showOverview(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const { who, listing } = await openMyListing(deps, c);
  const [orders, claims] = await Promise.all([
    allMyOrders(deps, who),
    claimsOf(deps, who, listing),
  ]);
  const mine = ordersOfListing(orders, listing.listing_id);
  return listingPage(
    deps,
    c,
    { listing, tab: "overview", title: "Overview" },
    (
      <>
        <section class="card" aria-labelledby="state">
          <h2 id="state">Status</h2>
          <dl class="facts">
            <dt>Status</dt>
            <dd data-status={listing.status}>{STATUS_WORDS[listing.status] ?? listing.status}</dd>
            <dt>Plan</dt>
            <dd>{PLAN_WORDS[listing.plan ?? ""] ?? "No plan chosen yet"}</dd>
            <dt>Launch</dt>
            <dd data-launch>{launchWords(listing, deps.now())}</dd>
            <dt>Public page</dt>
            <dd>
              {listing.status === "draft"
                ? <span class="muted">Not public until you publish it.</span>
                : <a href={new URL(listing.page_url).pathname}>{listing.page_url}</a>}
            </dd>
            <dt>Unlocked sections</dt>
            <dd>
              {listing.unlocked_sections.length > 0
                ? listing.unlocked_sections.map((s) => SECTION_NAMES[s]).join(", ")
                : "None: the founder story, milestones and media are shown publicly once unlocked."}
            </dd>
          </dl>
          {listing.status === "draft" && (
            <p>
              <a class="button" href={dashboardPaths.listingTab(listing.listing_id, "publish")}>
                Choose how to publish
              </a>
            </p>
          )}
        </section>
        {listing.plan === "free" && <BadgeCheck listing={listing} />}
        {claims && <Claims claims={claims} />}
        <section class="card" aria-labelledby="orders">
          <h2 id="orders">Orders</h2>
          <OrdersTable orders={mine} empty="No orders for this listing." />
          <p class="small">
            <a href={dashboardPaths.orders}>All your orders</a>
          </p>
        </section>
      </>
    ),
  );
}

/** "goes live Monday 2027-01-04, in 41 days", or when it went live, or that it has no week yet. */
export function launchWords(listing: MyListing, now: Date): string {
  const week = listing.launch_week ?? listing.free_plan?.week ?? null;
  if (listing.status === "live") {
    return `Live since ${formatDate(listing.launched_at ?? week)}`;
  }
  if (!week) return "No launch week yet";
  const today = Date.parse(now.toISOString().slice(0, 10));
  const days = Math.round((Date.parse(week) - today) / 86_400_000);
  const when = days === 0 ? "today" : days === 1 ? "tomorrow" : `in ${plural(days, "day")}`;
  const condition = listing.status === "awaiting_badge" ? " once the badge is found" : "";
  return `Goes live Monday ${week}, ${when}${condition}`;
}

/** The free plan's badge check: its last result, and where to check again. */
function BadgeCheck({ listing }: { listing: MyListing }) {
  const check = listing.badge_check;
  const plan = listing.free_plan;
  return (
    <section class="card" aria-labelledby="badge-check">
      <h2 id="badge-check">Badge check</h2>
      {plan && <p>{plan.next_step}</p>}
      {check
        ? (
          <p data-badge-check={check.status}>
            Last check <DateTime iso={check.checked_at} />:{" "}
            <strong>{check.status === "found" ? "badge found" : "badge not found"}</strong>
            {" — "}
            {check.reason}
          </p>
        )
        : <p class="muted">Not checked yet.</p>}
      <p>
        <a href={dashboardPaths.listingTab(listing.listing_id, "publish")}>
          Check again on the Publish tab
        </a>
      </p>
    </section>
  );
}

/** This listing's claims, when list_my_claims is implemented; null otherwise. */
async function claimsOf(deps: Deps, who: SignedIn, listing: MyListing) {
  if (!IMPLEMENTED_OPERATION_IDS.has("list_my_claims")) return null;
  const answer = await callOperation<{ items: MyClaim[] }>(deps, who, "list_my_claims", {
    query: { page: 1, per_page: 100 },
  });
  return answer.items.filter((claim) => claim.listing.id === listing.listing_id);
}

function Claims({ claims }: { claims: MyClaim[] }) {
  return (
    <section class="card" aria-labelledby="claims">
      <h2 id="claims">Claims</h2>
      {claims.length === 0 ? <p class="empty">No claims on this listing.</p> : (
        <ul>
          {claims.map((claim) => (
            <li key={claim.id}>
              <a href={claimPaths.claim(claim.id)}>Claim {claim.id}</a>
              {` by ${claim.method}`}: {claim.status}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
