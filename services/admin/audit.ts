/**
 * The audit log of the site team's console: who did what, to what, when and why. Every console
 * action records one entry (`auditEntry` + `stageAudit` in the action's own atomic write, or
 * `recordAudit` after an action of several writes); the log page lists and filters them.
 */
import { appendAudit, listAudit } from "../../kv/audit.ts";
import type { AuditEntry } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { badRequest } from "../platform/errors.ts";
import { timeOrderedId } from "../platform/ids.ts";

/** The longest reason the console takes. */
export const REASON_MAX = 2000;

/** What an action tells the log (the id and time are added). */
export type AuditInput = Omit<AuditEntry, "id" | "at">;

/** A new entry for an action done now. */
export function auditEntry(deps: Deps, input: AuditInput): AuditEntry {
  const at = deps.now();
  return { id: timeOrderedId(at), at: at.toISOString(), ...input };
}

/** Appends an entry for an action done now (after it, for actions of several writes). */
export async function recordAudit(deps: Deps, input: AuditInput): Promise<AuditEntry> {
  const entry = auditEntry(deps, input);
  await appendAudit(deps.kv, entry);
  return entry;
}

/**
 * A reason the console requires (actions that affect a founder): trimmed, 1 to REASON_MAX
 * characters, else a 400 naming `reason`.
 */
export function requiredReason(raw: unknown): string {
  const reason = typeof raw === "string" ? raw.trim() : "";
  if (reason.length === 0 || reason.length > REASON_MAX) {
    throw badRequest(`Give a reason of 1 to ${REASON_MAX} characters`, [
      { path: "reason", message: `1 to ${REASON_MAX} characters` },
    ]);
  }
  return reason;
}

/** What the log page filters by: who, which action (prefix, e.g. "order."), which target. */
export interface AuditFilter {
  by?: string;
  action?: string;
  target?: string;
}

/** The log, newest first, filtered, a page of `limit` after `cursor`. */
export function listAuditLog(
  deps: Deps,
  options: { limit: number; cursor?: string; filter?: AuditFilter },
) {
  const f = options.filter ?? {};
  const match = (e: AuditEntry) =>
    (!f.by || e.by === f.by) && (!f.action || e.action.startsWith(f.action)) &&
    (!f.target || e.target.id === f.target || `${e.target.type}:${e.target.id}` === f.target);
  return listAudit(deps.kv, { limit: options.limit, cursor: options.cursor, filter: match });
}
