/**
 * What the claim pages share: their paths, the claim as list_my_claims answers it, its status and
 * method in words, and the claim form's methods.
 */
import type { Context } from "hono";
import type { ComponentChildren } from "preact";
import type { ClaimView } from "../../services/claims/mod.ts";
import type { Deps } from "../../services/platform/mod.ts";
import { dashboardPage, DashboardShell } from "./_ui.tsx";

/** A claim as the operations answer it (claim_listing, list_my_claims, verify_claim). */
export type MyClaim = ClaimView;

/** The claim pages' paths. */
export const claimPaths = {
  list: "/dashboard/claims",
  start: (slug: string) => `/dashboard/claims/new?slug=${encodeURIComponent(slug)}`,
  claim: (id: number) => `/dashboard/claims/${id}`,
  verify: (id: number) => `/dashboard/claims/${id}/verify`,
};

/** The claim methods, in the form's order: value, name and a one-line explanation. */
export const CLAIM_METHODS = [
  ["meta", "Meta tag", "Put a <meta> tag we give you in the <head> of your homepage."],
  ["dns", "DNS TXT record", "Add a TXT record we give you at a host under your domain."],
  ["file", "File", "Serve a small text file at a fixed path under /.well-known/ on your site."],
  [
    "email",
    "Company email",
    "We mail a one-time link to an address at your domain; open it and confirm.",
  ],
] as const;

export type ClaimMethod = typeof CLAIM_METHODS[number][0];

/** A method's name in words ("Meta tag"). */
export function methodName(method: string): string {
  return CLAIM_METHODS.find(([value]) => value === method)?.[1] ?? method;
}

/** A claim's status in words, for the claimant. */
export const STATUS_WORDS: Record<MyClaim["status"], string> = {
  pending: "Waiting for your proof",
  verified: "Verified",
  failed: "Not verified",
  expired: "Expired",
};

/** What the site team decided, in words. */
export const REVIEW_WORDS: Record<NonNullable<MyClaim["review"]>["state"], string> = {
  open: "The site team is reviewing it",
  co_owner: "The site team added you as a co-owner",
  transferred: "The site team transferred the listing to you",
  declined: "The site team declined the claim",
};

/** A claim's status pill. */
export function ClaimStatus({ claim }: { claim: Pick<MyClaim, "status"> }) {
  return (
    <span class={`pill claim-status claim-status-${claim.status}`} data-status={claim.status}>
      {STATUS_WORDS[claim.status]}
    </span>
  );
}

/** A claim page: under "Your claims" in the breadcrumbs, with its h1 and lead. */
export function claimPage(
  deps: Deps,
  c: Context,
  page: { title: string; status?: number; lead: ComponentChildren },
  children: ComponentChildren,
): Promise<Response> {
  return dashboardPage(
    deps,
    c,
    { title: page.title, status: page.status },
    <DashboardShell
      trail={[["Your claims", claimPaths.list], [page.title]]}
      header={
        <>
          <h1>{page.title}</h1>
          <p class="lead">{page.lead}</p>
        </>
      }
    >
      {children}
    </DashboardShell>,
  );
}
