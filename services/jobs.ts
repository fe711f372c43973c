/**
 * The queue's one dispatcher: every `kv.enqueue`d job is `{ type, ... }` and is routed here by
 * type. A handler that throws makes the queue retry the job (per its backoffSchedule); unknown or
 * malformed jobs are logged and dropped.
 */
import type { Deps } from "./deps.ts";
import { deliverMail } from "./mail.ts";
import { runCompetitorJob, runDraftJob } from "./draft_jobs.ts";

/** Runs one queue message; `kv.listenQueue((m) => handleJob(deps, m))` in the entrypoint. */
export async function handleJob(deps: Deps, message: unknown): Promise<void> {
  const job = message as { type?: unknown; id?: unknown; draft_id?: unknown; url?: unknown } | null;
  const type = typeof job === "object" && job !== null ? job.type : undefined;
  switch (type) {
    case "mail":
      if (typeof job?.id !== "string") return drop(message, "a mail job needs a string id");
      await deliverMail(deps, job.id);
      return;
    case "draft":
      if (typeof job?.draft_id !== "string") return drop(message, "a draft job needs a draft_id");
      await runDraftJob(deps, job.draft_id);
      return;
    case "competitor":
      if (typeof job?.draft_id !== "string" || typeof job.url !== "string") {
        return drop(message, "a competitor job needs a draft_id and a url");
      }
      await runCompetitorJob(deps, job.draft_id, job.url);
      return;
    default:
      return drop(message, `unknown job type ${JSON.stringify(type ?? null)}`);
  }
}

function drop(message: unknown, why: string): void {
  console.warn(`Queue message dropped: ${why}:`, message);
}
