/**
 * The audit log (`GET /admin/audit`): every console action, newest first, 50 a page; filters
 * `by` (the team member's email), `action` (a prefix: "listing." or "edit.revert") and `target`
 * ("listing:12" or just an id), and `cursor` for the next page. Read only: nothing here changes
 * an entry.
 */
import { type Context, Hono } from "hono";
import { type AuditFilter, listAuditLog } from "../../services/admin/mod.ts";
import { badRequest, type Deps } from "../../services/platform/mod.ts";
import type { AuditEntry } from "../../kv/types.ts";
import { DateTime } from "../account/_ui.tsx";
import type { SessionEnv } from "../session.ts";
import { adminPaths, teamPage } from "./_team.tsx";

const PAGE_SIZE = 50;
const FILTERS = [
  ["by", "Who (email)"],
  ["action", "Action (e.g. listing. or edit.revert)"],
  ["target", "Target (e.g. listing:12)"],
] as const;
const FILTER_MAX = 200;
const CURSOR = /^[0-9a-f]{26}$/;

/** The audit log's route. */
export function adminAuditRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/admin/audit", async (c) => {
    const { filter, cursor } = readQuery(c);
    const page = await listAuditLog(deps, { limit: PAGE_SIZE, cursor, filter });
    const next = page.next_cursor && linkWith(filter, page.next_cursor);
    return teamPage(
      deps,
      c,
      "Audit log",
      <section>
        <header class="page-header">
          <h1>Audit log</h1>
          <p class="lead">Every console action: who, when, what, to what and why. Newest first.</p>
        </header>
        <form method="get" action={adminPaths.audit} class="admin-filters" role="search">
          {FILTERS.map(([name, label]) => (
            <div class="field" key={name}>
              <label for={`audit-${name}`}>{label}</label>
              <input
                id={`audit-${name}`}
                name={name}
                value={filter[name] ?? ""}
                maxLength={FILTER_MAX}
              />
            </div>
          ))}
          <button type="submit" class="button button-small">Filter</button>
        </form>
        {page.entries.length === 0
          ? <p class="muted">No entries.</p>
          : <AuditTable entries={page.entries} />}
        <p class="button-row">
          {cursor && <a class="button button-ghost button-small" href={linkWith(filter)}>Newest</a>}
          {next && <a class="button button-ghost button-small" href={next}>Older entries</a>}
        </p>
      </section>,
    );
  });
  return app;
}

/** The filters and cursor of the query; 400 naming the parameter for one too long or unknown. */
function readQuery(c: Context): { filter: AuditFilter; cursor?: string } {
  const query = c.req.query();
  const filter: AuditFilter = {};
  for (const [name, value] of Object.entries(query)) {
    if (name === "cursor") {
      if (!CURSOR.test(value)) {
        throw badRequest("Invalid cursor: follow the page's links", [{
          path: "cursor",
          message: "Not a cursor of this log",
        }]);
      }
    } else if (FILTERS.some(([f]) => f === name)) {
      if (value.length > FILTER_MAX) {
        throw badRequest(`The ${name} filter is too long`, [{
          path: name,
          message: `At most ${FILTER_MAX} characters`,
        }]);
      }
      if (value.trim() !== "") filter[name as keyof AuditFilter] = value.trim();
    } else {
      throw badRequest(`Unknown filter "${name}": use by, action or target`, [{
        path: name,
        message: "Not a filter of this log",
      }]);
    }
  }
  return { filter, cursor: query.cursor };
}

/** The log's address with these filters (and a cursor). */
function linkWith(filter: AuditFilter, cursor?: string): string {
  const params = new URLSearchParams(
    Object.entries(filter).filter(([, v]) => v) as [string, string][],
  );
  if (cursor) params.set("cursor", cursor);
  const search = params.toString();
  return search ? `${adminPaths.audit}?${search}` : adminPaths.audit;
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div class="table-wrap">
      <table class="admin-audit">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Reason</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => {
            const target = `${e.target.type}:${e.target.id}`;
            return (
              <tr key={e.id} data-action={e.action}>
                <td>
                  <DateTime iso={e.at} />
                </td>
                <td>
                  <a href={linkWith({ by: e.by })}>{e.by}</a>
                </td>
                <td>
                  <a href={linkWith({ action: e.action })}>{e.action}</a>
                </td>
                <td>
                  <a href={linkWith({ target })}>{target}</a>
                </td>
                <td>{e.reason ?? <span class="muted">none</span>}</td>
                <td class="small">{JSON.stringify(e.detail)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
