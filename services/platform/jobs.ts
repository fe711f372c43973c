/**
 * The queue's dispatcher: every `kv.enqueue`d job is `{ type, ... }` and is routed by type to the
 * handler its domain registered (services/jobs.ts lists them). A handler that throws makes the
 * queue retry the job (per its backoffSchedule); unknown or malformed jobs are logged and dropped.
 */
import type { Deps } from "./deps.ts";

/** A queued job as it arrives: its `type` picked the handler; the other fields are unchecked. */
export type QueuedJob = Record<string, unknown> & { type: string };

/**
 * Runs one job of its type. Returns a reason to drop a malformed job (logged, not retried);
 * throws to have the queue retry it.
 */
export type JobHandler = (deps: Deps, job: QueuedJob) => Promise<string | void>;

/**
 * Builds the queue listener's callback from the handlers by job type.
 *
 * @example
 * ```ts
 * const handleJob = jobDispatcher({ mail: runMailJob });
 * kv.listenQueue((message) => handleJob(deps, message));
 * ```
 */
export function jobDispatcher(handlers: Record<string, JobHandler>) {
  return async function handleJob(deps: Deps, message: unknown): Promise<void> {
    const type = typeof message === "object" && message !== null
      ? (message as { type?: unknown }).type
      : undefined;
    if (typeof type !== "string" || !Object.hasOwn(handlers, type)) {
      return drop(message, `unknown job type ${JSON.stringify(type ?? null)}`);
    }
    const dropped = await handlers[type](deps, message as QueuedJob);
    if (dropped) drop(message, dropped);
  };
}

function drop(message: unknown, why: string): void {
  console.warn(`Queue message dropped: ${why}:`, message);
}
