/**
 * The queue's one dispatcher: every `kv.enqueue`d job is `{ type, ... }` and is routed here by
 * type. A handler that throws makes the queue retry the job (per its backoffSchedule); unknown or
 * malformed jobs are logged and dropped. Later job types (crawling, drafting) add a case here.
 */
import type { Deps } from "./deps.ts";
import { deliverMail } from "./mail.ts";

/** Runs one queue message; `kv.listenQueue((m) => handleJob(deps, m))` in the entrypoint. */
export async function handleJob(deps: Deps, message: unknown): Promise<void> {
  const job = message as { type?: unknown; id?: unknown } | null;
  const type = typeof job === "object" && job !== null ? job.type : undefined;
  switch (type) {
    case "mail":
      if (typeof job?.id !== "string") return drop(message, "a mail job needs a string id");
      await deliverMail(deps, job.id);
      return;
    default:
      return drop(message, `unknown job type ${JSON.stringify(type ?? null)}`);
  }
}

function drop(message: unknown, why: string): void {
  console.warn(`Queue message dropped: ${why}:`, message);
}
