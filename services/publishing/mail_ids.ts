/** Ids of mails that tell about one event, derived from it so that a retry finds the mail sent. */
import { sha256Hex } from "../platform/secrets.ts";

/**
 * A 26-character hex mail id: the event's time in milliseconds (so that the outbox still lists
 * mails in time order) and 14 hex digits of the SHA-256 of `what`, e.g.
 * `derivedMailId("2026-11-16T00:00:00.000Z", "award:2026-11-09:1:<user id>")`.
 */
export async function derivedMailId(at: string, what: string): Promise<string> {
  const ms = Date.parse(at);
  if (Number.isNaN(ms)) throw new Error(`Cannot derive a mail id from time "${at}": not a date`);
  return ms.toString(16).padStart(12, "0") + (await sha256Hex(what)).slice(0, 14);
}
