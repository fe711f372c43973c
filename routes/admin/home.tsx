/**
 * The console's home (`GET /admin`): every section with what waits in it (edits to review, claims
 * to decide, flagged vote clusters and reviews, open tasks, pending orders) and the sections with
 * nothing to count (settings and prices, Domain Rating and revenue, listings, the audit log).
 */
import { Hono } from "hono";
import { waitingCounts } from "../../services/admin/mod.ts";
import type { Deps } from "../../services/platform/mod.ts";
import type { SessionEnv } from "../session.ts";
import { adminPaths, teamPage } from "./_team.tsx";

type Section = {
  key: keyof typeof adminPaths;
  title: string;
  what: string;
  count?: number;
  unit?: string;
};

/** The home page's route. */
export function adminHomeRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/admin", async (c) => {
    const n = await waitingCounts(deps);
    const sections: Section[] = [
      {
        key: "edits",
        title: "Owner edits",
        what: "Accept or revert",
        count: n.edits,
        unit: "to review",
      },
      {
        key: "claims",
        title: "Claims",
        what: "Co-owner, transfer or decline",
        count: n.claims,
        unit: "to decide",
      },
      {
        key: "votes",
        title: "Flagged votes",
        what: "Void or keep",
        count: n.votes,
        unit: "clusters flagged",
      },
      {
        key: "reviews",
        title: "Flagged reviews",
        what: "Keep or remove",
        count: n.reviews,
        unit: "flagged",
      },
      { key: "tasks", title: "Tasks", what: "Work on paid orders", count: n.tasks, unit: "open" },
      {
        key: "orders",
        title: "Orders",
        what: "Search, cancel, refund",
        count: n.orders,
        unit: "pending",
      },
      { key: "listings", title: "Listings", what: "Remove or restore a listing" },
      { key: "settings", title: "Settings & prices", what: "Prices, capacities, VAT" },
      { key: "metrics", title: "Domain Rating & revenue", what: "Readings and revenue figures" },
      { key: "audit", title: "Audit log", what: "Every console action, who and why" },
    ];
    return teamPage(
      deps,
      c,
      "Site team console",
      <section>
        <header class="page-header">
          <h1>Site team console</h1>
          <p class="lead">What waits for a decision, section by section.</p>
        </header>
        <ul class="admin-sections">
          {sections.map((s) => <SectionCard key={s.key} section={s} />)}
        </ul>
      </section>,
    );
  });
  return app;
}

function SectionCard({ section }: { section: Section }) {
  const waiting = section.count !== undefined && section.count > 0;
  return (
    <li class="card" data-section={section.key}>
      <h2>
        <a href={adminPaths[section.key]}>{section.title}</a>
      </h2>
      {section.count !== undefined && (
        <p class={waiting ? "admin-count admin-count-waiting" : "admin-count"}>
          <strong data-count={section.count}>{section.count}</strong> {section.unit}
        </p>
      )}
      <p class="muted small">{section.what}</p>
    </li>
  );
}
