/**
 * The site team's audit log: one entry per console action, written in the same atomic operation
 * as the action where the action is one write (`stageAudit`), never changed or deleted.
 */
import * as keys from "./keys.ts";
import type { AuditEntry } from "./types.ts";

/** Adds the entry to `op`: the action and its audit entry commit together or not at all. */
export function stageAudit(op: Deno.AtomicOperation, entry: AuditEntry): Deno.AtomicOperation {
  return op.check({ key: keys.auditKey(entry.id), versionstamp: null })
    .set(keys.auditKey(entry.id), entry);
}

/** Appends an entry on its own (for actions made of several writes or of an outside call). */
export async function appendAudit(kv: Deno.Kv, entry: AuditEntry): Promise<void> {
  const done = await stageAudit(kv.atomic(), entry).commit();
  if (!done.ok) throw new Error(`Audit entry ${entry.id} already exists`);
}

/** Entries newest first, after `cursor` (an entry id) when given, at most `limit`. */
export async function listAudit(
  kv: Deno.Kv,
  options: { limit: number; cursor?: string; filter?: (entry: AuditEntry) => boolean },
): Promise<{ entries: AuditEntry[]; next_cursor: string | null }> {
  const entries: AuditEntry[] = [];
  const selector = options.cursor
    ? { prefix: keys.auditPrefix(), end: keys.auditKey(options.cursor) }
    : { prefix: keys.auditPrefix() };
  let last: string | null = null;
  for await (const e of kv.list<AuditEntry>(selector, { reverse: true })) {
    last = e.value.id;
    if (options.filter && !options.filter(e.value)) continue;
    entries.push(e.value);
    if (entries.length === options.limit) {
      return { entries, next_cursor: last };
    }
  }
  return { entries, next_cursor: null };
}
