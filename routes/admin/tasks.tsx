/**
 * The site team's task list (ADMIN_EMAILS signed in; a 404 for another account, sign-in for a
 * visitor): the parts of paid order lines a person does, each with its order, listing and buyer.
 * - `GET /admin/tasks`: open and in-progress first; `?status=open|in_progress|done` and
 *   `?assignee=<team email>|none` filter;
 * - `POST /admin/tasks/{id}/assign` (`assignee`: a team member's email or empty; `status`: open
 *   or in_progress): records "task.assign";
 * - `POST /admin/tasks/{id}/done` ("Mark done"): the task and its order line are marked done
 *   together, the line and then the order fulfilled when nothing is left; records "task.done".
 * Posts are CSRF-checked; a refused one re-renders the list with the error at its task.
 */
import { type Context, Hono } from "hono";
import { assignTaskAsTeam, completeTaskAsTeam } from "../../services/admin/mod.ts";
import { listingRefs, listTasks, withOrders } from "../../services/commerce/mod.ts";
import type { Deps } from "../../services/platform/mod.ts";
import type { SessionEnv } from "../session.ts";
import { teamForm, teamMember, teamPage, tryAction } from "./_team.tsx";
import { type TaskFilter, TaskList, type TaskRefusal } from "./_task_list.tsx";

/** The task list's routes. */
export function adminTaskRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/admin/tasks", async (c) => {
    const who = teamMember(deps, c);
    if (!who) return c.notFound();
    return await list(deps, c, who.session.csrf_token, null);
  });
  app.post("/admin/tasks/:id/assign", async (c) => {
    const posted = await teamForm(deps, c);
    if (!posted) return c.notFound();
    const { who, form } = posted;
    const id = c.req.param("id");
    const input = { assignee: form.get("assignee") ?? "", status: form.get("status") ?? "" };
    const error = await tryAction(() => assignTaskAsTeam(deps, who.user.email, id, input));
    if (!error) return c.redirect(`/admin/tasks?updated=${encodeURIComponent(id)}#task-${id}`, 303);
    return await list(deps, c, who.session.csrf_token, { id, error });
  });
  app.post("/admin/tasks/:id/done", async (c) => {
    const posted = await teamForm(deps, c);
    if (!posted) return c.notFound();
    const task = await completeTaskAsTeam(deps, posted.who.user.email, c.req.param("id"));
    return c.redirect(`/admin/tasks?done=${encodeURIComponent(task.id)}`, 303);
  });
  return app;
}

async function list(deps: Deps, c: Context, csrf: string, refused: TaskRefusal | null) {
  const filter: TaskFilter = {
    status: c.req.query("status") ?? "",
    assignee: c.req.query("assignee") ?? "",
  };
  let tasks: Awaited<ReturnType<typeof withOrders>> = [];
  const error = await tryAction(async () => {
    tasks = await withOrders(deps, await listTasks(deps, filter));
  });
  const listings = await listingRefs(deps, tasks.map((t) => t.task.listing_id));
  const body = (
    <TaskList
      tasks={tasks}
      listings={listings}
      csrf={csrf}
      team={deps.config.adminEmails}
      filter={filter}
      filterError={error}
      refused={refused}
      notice={{ done: c.req.query("done"), updated: c.req.query("updated") }}
    />
  );
  return teamPage(deps, c, "Tasks", body, refused?.error.status ?? error?.status ?? 200);
}
