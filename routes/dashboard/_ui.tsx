/**
 * What the founders' pages share: the page shell (private, no-store, out of search engines), the
 * breadcrumbs, a listing's tabs, and the paths of every founder page, so that pages link to each
 * other through one table.
 */
import type { Context } from "hono";
import type { ComponentChildren, VNode } from "preact";
import { island } from "../../components/island.tsx";
import LimitedField from "../../islands/LimitedField.tsx";
import type { Deps } from "../../services/platform/mod.ts";
import { privatePage } from "../pages/_forms.ts";

/** The paths of the founders' pages. */
export const dashboardPaths = {
  home: "/dashboard",
  submit: "/submit",
  draft: (id: string) => `/dashboard/drafts/${id}`,
  draftWatch: (id: string) => `/dashboard/drafts/${id}/watch`,
  listing: (id: number) => `/dashboard/listings/${id}`,
  listingTab: (id: number, tab: ListingTab) =>
    tab === "overview" ? `/dashboard/listings/${id}` : `/dashboard/listings/${id}/${tab}`,
  orders: "/dashboard/orders",
  interview: "/dashboard/interview",
};

/** A listing's tabs on its founder pages, in the order they are shown. */
export const LISTING_TABS = [
  ["overview", "Overview"],
  ["publish", "Publish"],
  ["edit", "Edit"],
  ["updates", "Updates"],
  ["reviews", "Reviews"],
  ["story", "Story & milestones"],
  ["badges", "Badges"],
  ["stats", "Stats"],
  ["orders", "Orders"],
] as const;

export type ListingTab = typeof LISTING_TABS[number][0];

/** Renders a founder page in the shared layout; never indexed, never cached. */
export function dashboardPage(
  deps: Deps,
  c: Context,
  options: { title: string; description?: string; status?: number },
  body: VNode,
): Promise<Response> {
  return privatePage(deps, c, {
    title: options.title,
    description: options.description ?? `${options.title}: your listings on the site.`,
    status: options.status,
  }, body);
}

/** A founder page: breadcrumbs (the dashboard first), its header, then its content. */
export function DashboardShell(
  { trail = [], header, children }: {
    /** The crumbs after "Dashboard": [label, path] pairs; the last one is the page itself. */
    trail?: [string, string?][];
    header: ComponentChildren;
    children?: ComponentChildren;
  },
) {
  return (
    <section class="dashboard">
      <nav class="breadcrumbs" aria-label="Breadcrumbs">
        <a href={dashboardPaths.home}>Dashboard</a>
        {trail.map(([label, path]) => (
          <span key={label}>
            {" › "}
            {path ? <a href={path}>{label}</a> : <span aria-current="page">{label}</span>}
          </span>
        ))}
      </nav>
      <header class="page-header">{header}</header>
      {children}
    </section>
  );
}

/** The tabs of one listing's founder pages, the current one marked. */
export function ListingTabs({ listingId, current }: { listingId: number; current: ListingTab }) {
  return (
    <nav class="tabs tabs-links" aria-label="This listing">
      {LISTING_TABS.map(([tab, label]) => (
        <a
          key={tab}
          class="tab"
          href={dashboardPaths.listingTab(listingId, tab)}
          aria-current={tab === current ? "page" : undefined}
        >
          {label}
        </a>
      ))}
    </nav>
  );
}

/** A field with the API's limit shown and enforced as the person types (islands/LimitedField). */
export const Limited = island("LimitedField", LimitedField);
