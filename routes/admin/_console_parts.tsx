/** Parts of the console's own pages (edits, listings, audit): reason fields, refusals, paging. */
import type { Context } from "hono";
import { REASON_MAX } from "../../services/admin/mod.ts";
import { ApiError, badRequest } from "../../services/platform/mod.ts";

/** An action refused on a page: which item, the error, and what was typed. */
export interface Refused {
  /** The item the form belongs to (an edit "12:3", a listing slug). */
  item: string;
  error: ApiError;
  reason: string;
}

/** A required reason field (textarea) with the server's message under it. */
export function ReasonField(
  { id, label, refused }: { id: string; label: string; refused: Refused | null },
) {
  const invalid = refused?.error.details.some((d) => d.path === "reason") ?? false;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <textarea
        id={id}
        name="reason"
        required
        rows={2}
        maxLength={REASON_MAX}
        aria-invalid={invalid ? "true" : undefined}
        aria-describedby={invalid ? "reason-error" : undefined}
      >
        {refused?.reason ?? ""}
      </textarea>
      {invalid && (
        <p class="notice notice-error" id="reason-error" role="alert">{refused!.error.message}</p>
      )}
    </div>
  );
}

/** A refusal that is not about the reason (a 409, a 404): its message. */
export function RefusalNotice({ refused }: { refused: Refused | null }) {
  if (!refused || refused.error.details.some((d) => d.path === "reason")) return null;
  return <p class="notice notice-error" role="alert">{refused.error.message}</p>;
}

/** The `cursor` of a paged console list (anything else it is given is checked by its reader). */
export function cursorOf(c: Context): string | undefined {
  const cursor = c.req.query("cursor");
  if (cursor !== undefined && (cursor === "" || cursor.length > 500)) {
    throw badRequest("Invalid cursor: follow the page's links", [
      { path: "cursor", message: "Not a cursor of this list" },
    ]);
  }
  return cursor;
}

/** A positive whole number from a path parameter, or null. */
export function idParam(raw: string | undefined): number | null {
  const n = Number(raw);
  return raw && /^\d+$/.test(raw) && Number.isSafeInteger(n) && n > 0 ? n : null;
}
