/**
 * `/dashboard`: a founder's drafts and listings (each list paged by its own query parameter),
 * the way to list a product, and links to orders, the interview and the account.
 */
import { type Context, Hono } from "hono";
import Pagination from "../../components/Pagination.tsx";
import type { Deps } from "../../services/platform/mod.ts";
import { ItemTable } from "../account/_ui.tsx";
import { assertSignedIn, type SessionEnv } from "../session.ts";
import { callOperation } from "./_operation.ts";
import { dashboardPage, dashboardPaths, DashboardShell } from "./_ui.tsx";
import { claimPaths } from "./_claim_parts.tsx";

/** Rows per page of each list. */
const PER_PAGE = 10;

/** One page of a paginated operation's answer. */
interface Page<T> {
  items: T[];
  page: number;
  total: number;
  total_pages: number;
}

interface DraftRow {
  id: string;
  url: string;
  name: string | null;
  status: "crawling" | "drafting" | "ready";
  completeness: number;
  listing_id: number | null;
}

interface ListingRow {
  listing_id: number;
  name: string;
  status: string;
  plan: string | null;
  launch_week: string | null;
}

/** The dashboard home. */
export function homeRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get(dashboardPaths.home, async (c) => {
    const who = assertSignedIn(c);
    const draftsPage = pageParam(c, "drafts_page");
    const listingsPage = pageParam(c, "listings_page");
    const [drafts, listings] = await Promise.all([
      callOperation<Page<DraftRow>>(deps, who, "list_my_drafts", {
        query: { page: draftsPage, per_page: PER_PAGE },
      }),
      callOperation<Page<ListingRow>>(deps, who, "list_my_listings", {
        query: { page: listingsPage, per_page: PER_PAGE },
      }),
    ]);
    const href = (name: string, page: number) => {
      const query = new URLSearchParams({ drafts_page: String(draftsPage) });
      query.set("listings_page", String(listingsPage));
      query.set(name, String(page));
      return `${dashboardPaths.home}?${query}`;
    };
    return dashboardPage(
      deps,
      c,
      { title: "Your dashboard" },
      <DashboardShell header={<HomeHeader />}>
        <Drafts page={drafts} href={(p) => href("drafts_page", p)} />
        <Listings page={listings} href={(p) => href("listings_page", p)} />
        <MoreLinks />
      </DashboardShell>,
    );
  });
  return app;
}

/** A page number from the query: 1 to 1000 (the operations' bounds), 1 when absent or not a number. */
function pageParam(c: Context, name: string): number {
  const n = Number.parseInt(c.req.query(name) ?? "", 10);
  return Number.isFinite(n) ? Math.min(Math.max(n, 1), 1000) : 1;
}

function HomeHeader() {
  return (
    <div class="page-header-row">
      <div>
        <h1>Your dashboard</h1>
        <p class="lead">Your drafts and listings, and everything you can do with them.</p>
      </div>
      <a class="button dashboard-cta" href={dashboardPaths.submit}>List a product</a>
    </div>
  );
}

const DRAFT_STATUS: Record<DraftRow["status"], string> = {
  crawling: "Reading the site",
  drafting: "Drafting",
  ready: "Ready to edit",
};

function Drafts({ page, href }: { page: Page<DraftRow>; href: (page: number) => string }) {
  return (
    <section class="card" aria-labelledby="your-drafts">
      <h2 id="your-drafts">Your drafts</h2>
      {page.total === 0
        ? (
          <p class="empty">
            No drafts yet. <a href={dashboardPaths.submit}>List a product</a>{" "}
            by its website's address: we draft the listing from the site for you to check.
          </p>
        )
        : (
          <ItemTable headings={["Product", "Status", "Complete"]} actions="Open">
            {page.items.map((d) => (
              <tr key={d.id} data-draft-id={d.id}>
                <td>
                  {d.name ?? <span class="draft-url">{d.url}</span>}
                  {d.listing_id !== null && <span class="pill pill-verified">Saved</span>}
                </td>
                <td>{DRAFT_STATUS[d.status]}</td>
                <td>{d.completeness}%</td>
                <td>
                  {d.status === "ready"
                    ? <a href={dashboardPaths.draft(d.id)}>Edit the draft</a>
                    : <a href={dashboardPaths.draftWatch(d.id)}>Watch progress</a>}
                </td>
              </tr>
            ))}
          </ItemTable>
        )}
      <Pagination page={page.page} totalPages={page.total_pages} href={href} />
    </section>
  );
}

function Listings({ page, href }: { page: Page<ListingRow>; href: (page: number) => string }) {
  return (
    <section class="card" aria-labelledby="your-listings">
      <h2 id="your-listings">Your listings</h2>
      {page.total === 0
        ? (
          <p class="empty">
            No listings yet. Open a ready draft and choose “Save as listing”; it then appears here,
            ready to publish.
          </p>
        )
        : (
          <ItemTable headings={["Name", "Status", "Plan", "Launch week"]} actions="Manage">
            {page.items.map((l) => (
              <tr key={l.listing_id} data-listing-id={l.listing_id}>
                <td>{l.name}</td>
                <td>{l.status}</td>
                <td>{l.plan ?? "none yet"}</td>
                <td>{l.launch_week ?? "not scheduled"}</td>
                <td>
                  <a href={dashboardPaths.listing(l.listing_id)}>Manage {l.name}</a>
                </td>
              </tr>
            ))}
          </ItemTable>
        )}
      <Pagination page={page.page} totalPages={page.total_pages} href={href} />
    </section>
  );
}

function MoreLinks() {
  return (
    <section class="card" aria-labelledby="more">
      <h2 id="more">More</h2>
      <ul class="card-links dashboard-more">
        <li>
          <a href={dashboardPaths.orders}>Your orders and receipts</a>
        </li>
        <li>
          <a href={dashboardPaths.interview}>The founder interview</a>
        </li>
        <li>
          <a href={claimPaths.list}>Your claims</a>
        </li>
        <li>
          <a href="/account">Your account</a>
        </li>
        <li>
          <a href="/account/keys">API keys</a>
        </li>
      </ul>
    </section>
  );
}
