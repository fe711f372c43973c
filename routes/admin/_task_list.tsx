/** The console's task list: filters, and each task with its order, listing, buyer and forms. */
import type { SiteTaskStatus } from "../../kv/types.ts";
import { type ListingRef, TASK_STATUSES, type TeamTask } from "../../services/commerce/mod.ts";
import type { ApiError } from "../../services/platform/mod.ts";
import { CsrfField, DateTime, Errors } from "../account/_ui.tsx";
import { ErrorNotice, ListingLink } from "./_team.tsx";

/** The list's filters as the query gives them. */
export interface TaskFilter {
  status: string;
  assignee: string;
}

/** An action refused on one task. */
export interface TaskRefusal {
  id: string;
  error: ApiError;
}

const STATUS_NAMES: Record<SiteTaskStatus, string> = {
  open: "Open",
  in_progress: "In progress",
  done: "Done",
};

function Filters(
  { filter, team, error }: { filter: TaskFilter; team: string[]; error: ApiError | null },
) {
  return (
    <form method="get" action="/admin/tasks" class="card task-filters">
      <div class="field">
        <label for="filter-status">Status</label>
        <select id="filter-status" name="status">
          <option value="">Any status</option>
          {TASK_STATUSES.map((s) => (
            <option key={s} value={s} selected={s === filter.status}>{STATUS_NAMES[s]}</option>
          ))}
        </select>
        <Errors errors={error?.details} path="status" />
      </div>
      <div class="field">
        <label for="filter-assignee">Assignee</label>
        <select id="filter-assignee" name="assignee">
          <option value="">Anyone</option>
          <option value="none" selected={filter.assignee === "none"}>Nobody</option>
          {team.map((e) => <option key={e} value={e} selected={e === filter.assignee}>{e}</option>)}
        </select>
      </div>
      <button type="submit" class="button">Filter</button>
    </form>
  );
}

function AssignForm({ item, team, csrf }: { item: TeamTask; team: string[]; csrf: string }) {
  const t = item.task;
  const id = (name: string) => `${name}-${t.id}`;
  return (
    <form
      method="post"
      action={`/admin/tasks/${encodeURIComponent(t.id)}/assign`}
      class="task-assign"
    >
      <CsrfField token={csrf} />
      <div class="field">
        <label for={id("assignee")}>Assignee</label>
        <select id={id("assignee")} name="assignee">
          <option value="">Nobody</option>
          {team.map((e) => <option key={e} value={e} selected={e === t.assignee}>{e}</option>)}
        </select>
      </div>
      <div class="field">
        <label for={id("status")}>Status</label>
        <select id={id("status")} name="status">
          {(["open", "in_progress"] as const).map((s) => (
            <option key={s} value={s} selected={s === t.status}>{STATUS_NAMES[s]}</option>
          ))}
        </select>
      </div>
      <button type="submit" class="button button-small button-ghost">Save</button>
    </form>
  );
}

function Task(
  { item, listings, csrf, team, refused }: {
    item: TeamTask;
    listings: Map<number, ListingRef>;
    csrf: string;
    team: string[];
    refused: TaskRefusal | null;
  },
) {
  const t = item.task;
  return (
    <li id={`task-${t.id}`} data-task={t.id} data-status={t.status} class="card task">
      <h2>{t.title}</h2>
      <p>
        <span class="pill">{STATUS_NAMES[t.status]}</span> · assigned to{" "}
        <strong data-assignee>{t.assignee ?? "nobody"}</strong>
      </p>
      <p>
        Order <a href={`/admin/orders/${t.order_number}`}>{t.order_number}</a>
        {item.order_status && item.order_status !== "paid" && (
          <strong data-order-status>({item.order_status})</strong>
        )}, line {t.line + 1}
        {t.listing_id !== null && (
          <>
            {" "}· <ListingLink id={t.listing_id} listings={listings} />
          </>
        )} · buyer {item.buyer_email ?? "deleted account"} · created <DateTime iso={t.created_at} />
      </p>
      <p>{t.details}</p>
      {refused?.id === t.id && <ErrorNotice error={refused.error} />}
      {t.status === "done"
        ? (
          <p class="muted">
            Done <DateTime iso={t.done_at} /> by {t.done_by}
          </p>
        )
        : (
          <div class="task-actions">
            <AssignForm item={item} team={team} csrf={csrf} />
            <form method="post" action={`/admin/tasks/${encodeURIComponent(t.id)}/done`}>
              <CsrfField token={csrf} />
              <button type="submit" class="button button-small">Mark done</button>
            </form>
          </div>
        )}
    </li>
  );
}

/** The task list page. */
export function TaskList(
  props: {
    tasks: TeamTask[];
    listings: Map<number, ListingRef>;
    csrf: string;
    team: string[];
    filter: TaskFilter;
    filterError: ApiError | null;
    refused: TaskRefusal | null;
    notice: { done?: string; updated?: string };
  },
) {
  const { tasks, notice } = props;
  return (
    <section>
      <header class="page-header">
        <h1>Tasks</h1>
        <p class="lead">
          Parts of paid orders a person does, open ones first. <a href="/admin/orders">Orders</a>
        </p>
      </header>
      {notice.done && <p class="notice notice-ok">Task {notice.done} marked done.</p>}
      {notice.updated && <p class="notice notice-ok">Task {notice.updated} updated.</p>}
      <Filters filter={props.filter} team={props.team} error={props.filterError} />
      {tasks.length === 0 ? <p class="muted">No tasks.</p> : (
        <ul class="task-list">
          {tasks.map((item) => (
            <Task
              key={item.task.id}
              item={item}
              listings={props.listings}
              csrf={props.csrf}
              team={props.team}
              refused={props.refused}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
