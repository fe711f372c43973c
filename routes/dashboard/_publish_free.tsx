/**
 * The free plan on the publish page: before it is chosen, the week it would get and the place in
 * that week's queue, and what the badge check looks for; once chosen, the reserved week and queue
 * position, the badge to put on the homepage (preview, embed code with a Copy button), "Check
 * now" and the last check's result in plain words.
 */
import { island } from "../../components/island.tsx";
import { formatDate, formatWeekRange } from "../../components/format.ts";
import CopySecretIsland from "../../islands/CopySecret.tsx";
import type { FreeWeekPreview } from "../../services/publishing/mod.ts";
import { sundayOf } from "../../services/platform/mod.ts";
import { CsrfField, DateTime } from "../account/_ui.tsx";

const CopyText = island("CopySecret", CopySecretIsland);

/** The "Listed on" badge as get_my_listing's free_plan gives it. */
export interface ListedBadgeView {
  image_url: string;
  embed_html: string;
  links_to?: string;
}

/** The last badge check. */
export interface BadgeCheckView {
  status: "found" | "not_found" | "error";
  checked_at: string;
  reason: string;
  found_at_url: string | null;
}

/** get_my_listing's `free_plan` (the fields shown here). */
export interface FreePlanView {
  week: string | null;
  iso_week: string | null;
  queue_position: number | null;
  slots_per_week: number;
  lost_week: string | null;
  window_weeks: { min: number; max: number };
  badge: ListedBadgeView | null;
  badge_requirement: string;
  badge_check: BadgeCheckView | null;
  next_step: string;
}

/** A week by its Monday, as people read it: "Dec 28, 2026 – Jan 3, 2027". */
export function weekLabel(monday: string): string {
  return formatWeekRange(monday, sundayOf(monday));
}

/** The free plan before it is chosen: the week it would get, the badge rule, the button. */
export function FreeOffer(
  { preview, requirement, action, csrf, error }: {
    preview: FreeWeekPreview;
    requirement: string;
    action: string;
    csrf: string;
    error?: string;
  },
) {
  return (
    <>
      {preview.week
        ? (
          <p class="publish-free-week">
            You would get the <strong>week of {weekLabel(preview.week)}</strong>{" "}
            ({preview.iso_week}), number <strong>{preview.queue_position}</strong>{" "}
            in its queue of up to {preview.slots_per_week}{" "}
            free launches: the earliest week with a free place, {preview.window_weeks.min} to{" "}
            {preview.window_weeks.max} weeks from now.
          </p>
        )
        : (
          <p class="notice notice-error">
            Every free week from {formatDate(preview.window.first)} to{" "}
            {formatDate(preview.window.last)} is full. Choose the paid launch, or come back later.
          </p>
        )}
      <p>
        It is free: put our badge on your homepage. Once the badge is found the listing is scheduled
        for its week, and it goes live when the week begins.
      </p>
      <details class="publish-requirement">
        <summary>What the badge check looks for</summary>
        <p class="small">{requirement}</p>
      </details>
      {error && <p class="notice notice-error" role="alert">{error}</p>}
      {preview.week && (
        <form method="post" action={action}>
          <CsrfField token={csrf} />
          <button type="submit" class="button">Choose the free plan</button>
        </form>
      )}
    </>
  );
}

/** The free plan once chosen: week, queue position, badge, Check now and the last result. */
export function FreeChosen(
  { plan, status, action, csrf, error }: {
    plan: FreePlanView;
    status: string;
    action: string;
    csrf: string;
    error?: string;
  },
) {
  return (
    <>
      {plan.week && (
        <p class="publish-free-week">
          Reserved: the <strong>week of {weekLabel(plan.week)}</strong> ({plan.iso_week}), number
          {" "}
          <strong>{plan.queue_position}</strong> in its queue.
        </p>
      )}
      <p>{nextStepInWords(plan, status)}</p>
      {plan.badge && <BadgeBox badge={plan.badge} />}
      <details class="publish-requirement">
        <summary>What the badge check looks for</summary>
        <p class="small">{plan.badge_requirement}</p>
      </details>
      <CheckResult check={plan.badge_check} />
      {error && <p class="notice notice-error" role="alert">{error}</p>}
      {status !== "live" && (
        <form method="post" action={action}>
          <CsrfField token={csrf} />
          <button type="submit" class="button">Check now</button>
        </form>
      )}
    </>
  );
}

function nextStepInWords(plan: FreePlanView, status: string): string {
  if (status === "live") return "The listing is live.";
  if (status === "scheduled") {
    return "The badge was found: the listing is scheduled and goes live when its week begins. Keep the badge on the homepage; it is checked again every day.";
  }
  if (plan.lost_week && !plan.week) {
    return `The week of ${
      weekLabel(plan.lost_week)
    } began before the badge was found and was given up. Put the badge on your homepage: once it is found, the listing gets the earliest free week.`;
  }
  return "Put the badge on your homepage. It is checked every hour; once it is found the listing is scheduled for its week. The week is given up if it begins before the badge is found.";
}

/** The badge's image and its embed code with a Copy button. */
export function BadgeBox({ badge }: { badge: ListedBadgeView }) {
  return (
    <div class="publish-badge">
      <p class="publish-badge-preview">
        <img src={badge.image_url} alt="The “Listed on” badge" height={54} />
      </p>
      <p class="small muted">Paste this HTML into your homepage:</p>
      <CopyText value={badge.embed_html} label="Badge embed HTML" />
    </div>
  );
}

/** The last badge check in plain words, with its time. */
export function CheckResult({ check }: { check: BadgeCheckView | null }) {
  if (!check) return <p class="muted">The badge has not been checked yet.</p>;
  const words = check.status === "found"
    ? `Found: your homepage links to us (${check.found_at_url ?? check.reason}).`
    : check.status === "not_found"
    ? `Not found: ${check.reason}.`
    : `Could not check: ${check.reason}.`;
  return (
    <p
      class={`publish-check publish-check-${check.status} ${
        check.status === "found" ? "notice" : "notice notice-error"
      }`}
      role="status"
    >
      <strong>Last check</strong> (<DateTime iso={check.checked_at} />): {words}
    </p>
  );
}
