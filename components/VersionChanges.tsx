/**
 * One listing version's changed fields as a table of before and after (the founder's version
 * history and the site team's owner edits). `changes` come in the order to show.
 */

/** One changed field. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** A stored value as words: lists one item a line, FAQs and socials one entry a line. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (Array.isArray(value)) {
    if (value.length === 0) return "(none)";
    return value.map((item) =>
      typeof item === "object" && item !== null
        ? `${(item as { question?: string }).question ?? ""} — ${
          (item as { answer?: string }).answer ?? ""
        }`
        : String(item)
    ).join("\n");
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length === 0 ? "(none)" : entries.map(([k, v]) => `${k}: ${v}`).join("\n");
  }
  return String(value);
}

/** The table: Field, Before, After; one row per changed field. */
export function VersionChanges({ changes }: { changes: FieldChange[] }) {
  return (
    <div class="table-wrap">
      <table class="version-changes">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field} data-field={change.field}>
              <th scope="row">{change.field}</th>
              <td class="version-before">{valueText(change.before)}</td>
              <td class="version-after">{valueText(change.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
