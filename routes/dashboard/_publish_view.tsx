/**
 * The publish page's body: where the listing stands (not published, waiting for its badge,
 * scheduled, live), then the free plan and the paid launch, each only while it still applies.
 */
import type { ComponentChildren } from "preact";
import { formatDate } from "../../components/format.ts";
import type { FreeWeekPreview } from "../../services/publishing/mod.ts";
import { dashboardPaths, DashboardShell, ListingTabs } from "./_ui.tsx";
import {
  BadgeBox,
  FreeChosen,
  FreeOffer,
  type FreePlanView,
  type ListedBadgeView,
  weekLabel,
} from "./_publish_free.tsx";
import type { PublishListing } from "./_publish_paid.tsx";

/** The paths the page's forms post to. */
export function publishPaths(id: number) {
  const page = dashboardPaths.listingTab(id, "publish");
  return { page, free: `${page}/free`, launch: `${page}/launch`, quote: `${page}/quote` };
}

/** Whether the free plan still applies: not live, not paid, in a state the queue takes. */
export function freePlanApplies(listing: PublishListing): boolean {
  if (listing.status === "live" || listing.plan === "paid") return false;
  return ["draft", "awaiting_badge", "scheduled"].includes(listing.status);
}

export interface PublishViewProps {
  listing: PublishListing & { free_plan: FreePlanView | null };
  /** The week the free plan would get (before it is chosen). */
  preview: FreeWeekPreview | null;
  /** What the badge check looks for (before the free plan is chosen). */
  requirement: string;
  /** The listing's badge when published without the free card showing it. */
  badge: ListedBadgeView | null;
  csrf: string;
  freeError?: string;
  /** The paid card, when anything can be ordered. */
  paid: ComponentChildren;
}

/** The whole page under the shell and the listing's tabs. */
export function PublishView(props: PublishViewProps) {
  const { listing, preview, csrf } = props;
  const paths = publishPaths(listing.listing_id);
  const free = freePlanApplies(listing);
  return (
    <DashboardShell
      trail={[[listing.name, dashboardPaths.listing(listing.listing_id)], ["Publish"]]}
      header={
        <>
          <h1>Publish {listing.name}</h1>
          <ListingTabs listingId={listing.listing_id} current="publish" />
        </>
      }
    >
      <StatusNotice listing={listing} badge={free ? null : props.badge} />
      <div class="publish-options">
        {free && (
          <section class="card publish-option publish-free" aria-labelledby="publish-free">
            <h2 id="publish-free">Free plan</h2>
            {listing.plan === "free" && listing.free_plan
              ? (
                <FreeChosen
                  plan={listing.free_plan}
                  status={listing.status}
                  action={paths.free}
                  csrf={csrf}
                  error={props.freeError}
                />
              )
              : preview && (
                <FreeOffer
                  preview={preview}
                  requirement={props.requirement}
                  action={paths.free}
                  csrf={csrf}
                  error={props.freeError}
                />
              )}
          </section>
        )}
        {props.paid}
      </div>
    </DashboardShell>
  );
}

/** Where the listing stands, in one sentence, with its badge once published. */
function StatusNotice(
  { listing, badge }: { listing: PublishListing; badge: ListedBadgeView | null },
) {
  const week = listing.launch_week;
  const plan = listing.plan === "paid" ? "paid launch" : "free plan";
  const text = listing.status === "live"
    ? `Live on the site${listing.launched_at ? ` since ${formatDate(listing.launched_at)}` : ""}${
      week ? `, launched in the week of ${weekLabel(week)}` : ""
    } (${plan}).`
    : listing.status === "scheduled"
    ? `Scheduled (${plan}): goes live when the week of ${
      week ? weekLabel(week) : "its launch"
    } begins.`
    : listing.status === "awaiting_badge"
    ? `On the free plan, waiting for the badge on your homepage${
      week ? ` (week of ${weekLabel(week)} reserved)` : ""
    }.`
    : listing.status === "draft"
    ? "Saved, not published yet: choose the free plan or a paid launch."
    : `Status: ${listing.status}.`;
  return (
    <section
      class={`card publish-status publish-status-${listing.status}`}
      aria-labelledby="publish-status"
    >
      <h2 id="publish-status">Status</h2>
      <p>
        <span class={`pill publish-pill-${listing.status}`}>
          {listing.status.replace("_", " ")}
        </span>{" "}
        {text}
      </p>
      {(listing.status === "live" || listing.status === "scheduled") && (
        <p>
          <a href={listing.page_url}>See the public page</a>
        </p>
      )}
      {badge && <BadgeBox badge={badge} />}
    </section>
  );
}
