/**
 * The site team's task list (ADMIN_EMAILS signed in; a 404 for anyone else): the parts of paid
 * order lines a person does. `GET /admin/tasks` (open first; `?status=open|done`) and
 * `POST /admin/tasks/{id}/done` ("Mark done", CSRF-checked): the task and its order line are marked
 * done together; the line and then the order become fulfilled when nothing is left.
 */
import { Hono } from "hono";
import { completeSiteTask, listingRefs, listTasks } from "../../services/commerce/mod.ts";
import type { Deps } from "../../services/platform/mod.ts";
import type { SiteTask } from "../../kv/types.ts";
import { readForm } from "../pages/_forms.ts";
import { CsrfField, DateTime } from "../account/_ui.tsx";
import { CSRF_FIELD, type SessionEnv, verifyCsrf } from "../session.ts";
import { ListingLink, teamMember, teamPage } from "./_team.tsx";
import type { ListingRef } from "../../services/commerce/mod.ts";

/** The task list's routes. */
export function adminTaskRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/admin/tasks", async (c) => {
    const who = teamMember(deps, c);
    if (!who) return c.notFound();
    const tasks = await listTasks(deps, { status: c.req.query("status") });
    const listings = await listingRefs(deps, tasks.map((t) => t.listing_id));
    return teamPage(
      deps,
      c,
      "Tasks",
      <TaskList
        tasks={tasks}
        listings={listings}
        csrf={who.session.csrf_token}
        done={c.req.query("done") ?? null}
      />,
    );
  });
  app.post("/admin/tasks/:id/done", async (c) => {
    const who = teamMember(deps, c);
    if (!who) return c.notFound();
    verifyCsrf(deps, c, who.session, (await readForm(c)).get(CSRF_FIELD));
    const task = await completeSiteTask(deps, c.req.param("id"), who.user.email);
    return c.redirect(`/admin/tasks?done=${encodeURIComponent(task.id)}`, 303);
  });
  return app;
}

function TaskList(
  { tasks, listings, csrf, done }: {
    tasks: SiteTask[];
    listings: Map<number, ListingRef>;
    csrf: string;
    done: string | null;
  },
) {
  return (
    <section>
      <header class="page-header">
        <h1>Tasks</h1>
        <p class="lead">
          Parts of paid orders a person does, open ones first. <a href="/admin/orders">Orders</a>
        </p>
      </header>
      {done && <p class="notice notice-ok">Task {done} marked done.</p>}
      {tasks.length === 0 ? <p class="muted">No tasks.</p> : (
        <ul class="card">
          {tasks.map((t) => (
            <li key={t.id} data-task={t.id} data-status={t.status}>
              <h2>{t.title}</h2>
              <p>
                Order <a href={`/admin/orders/${t.order_number}`}>{t.order_number}</a>, line{" "}
                {t.line + 1}
                {t.listing_id !== null && (
                  <>
                    {" "}· <ListingLink id={t.listing_id} listings={listings} />
                  </>
                )} · created <DateTime iso={t.created_at} />
              </p>
              <p>{t.details}</p>
              {t.status === "done"
                ? (
                  <p class="muted">
                    Done <DateTime iso={t.done_at} /> by {t.done_by}
                  </p>
                )
                : (
                  <form method="post" action={`/admin/tasks/${encodeURIComponent(t.id)}/done`}>
                    <CsrfField token={csrf} />
                    <button type="submit" class="button button-small">Mark done</button>
                  </form>
                )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
