/**
 * The founders' claim pages: `/dashboard/claims` (list_my_claims, newest first, paged),
 * `/dashboard/claims/new?slug=` (the claim form, _claim_form.tsx) and `/dashboard/claims/:id`
 * with its "Verify now" post (_claim_page.tsx). Posts are CSRF-checked; everything goes through
 * the claim operations, so the pages say what the API says.
 */
import { type Context, Hono } from "hono";
import Pagination from "../../components/Pagination.tsx";
import type { Deps } from "../../services/platform/mod.ts";
import { DateTime, ItemTable } from "../account/_ui.tsx";
import { assertSignedIn, type SessionEnv } from "../session.ts";
import { callOperation } from "./_operation.ts";
import { dashboardPage, DashboardShell } from "./_ui.tsx";
import { claimPaths, ClaimStatus, methodName, type MyClaim } from "./_claim_parts.tsx";
import { postClaimForm, showClaimForm } from "./_claim_form.tsx";
import { showClaim, verifyNow } from "./_claim_page.tsx";

/** Claims per page of the list. */
const PER_PAGE = 20;

/** The claim pages. */
export function claimPageRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get(claimPaths.list, (c) => showClaims(deps, c));
  app.get("/dashboard/claims/new", (c) => showClaimForm(deps, c));
  app.post("/dashboard/claims/new", (c) => postClaimForm(deps, c));
  app.get("/dashboard/claims/:id", (c) => showClaim(deps, c));
  app.post("/dashboard/claims/:id/verify", (c) => verifyNow(deps, c));
  return app;
}

interface ClaimsPage {
  items: MyClaim[];
  page: number;
  total: number;
  total_pages: number;
}

async function showClaims(deps: Deps, c: Context): Promise<Response> {
  const who = assertSignedIn(c);
  const n = Number.parseInt(c.req.query("page") ?? "", 10);
  const page = Number.isFinite(n) ? Math.min(Math.max(n, 1), 1000) : 1;
  const answer = await callOperation<ClaimsPage>(deps, who, "list_my_claims", {
    query: { page, per_page: PER_PAGE },
  });
  return dashboardPage(
    deps,
    c,
    { title: "Your claims" },
    <DashboardShell
      trail={[["Your claims"]]}
      header={
        <>
          <h1>Your claims</h1>
          <p class="lead">
            Listings you claimed by proving you run their website, newest first. To claim another,
            open its page and choose “Claim this listing”.
          </p>
        </>
      }
    >
      <section class="card" aria-labelledby="claims-list">
        <h2 id="claims-list">Claims</h2>
        {answer.total === 0
          ? <p class="empty">No claims yet.</p>
          : (
            <ItemTable headings={["Listing", "Method", "Status", "Started"]} actions="Open">
              {answer.items.map((claim) => (
                <tr key={claim.id} data-claim-id={claim.id}>
                  <td>{claim.listing.name}</td>
                  <td>{methodName(claim.method)}</td>
                  <td>
                    <ClaimStatus claim={claim} />
                  </td>
                  <td>
                    <DateTime iso={claim.created_at} />
                  </td>
                  <td>
                    <a href={claimPaths.claim(claim.id)}>Open the claim of {claim.listing.name}</a>
                  </td>
                </tr>
              ))}
            </ItemTable>
          )}
        <Pagination
          page={answer.page}
          totalPages={answer.total_pages}
          href={(p) => `${claimPaths.list}?page=${p}`}
        />
      </section>
    </DashboardShell>,
  );
}
