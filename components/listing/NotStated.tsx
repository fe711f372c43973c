/** The fields a listing's own website does not state, which the directory leaves unpublished. */
import { humanize } from "../format.ts";

/** The "not stated" card; nothing when every field was found. */
export default function NotStated({ fields }: { fields: string[] }) {
  if (fields.length === 0) return null;
  return (
    <section class="card" aria-labelledby="notfound-title">
      <h2 id="notfound-title">Not stated on the company's website</h2>
      <p class="muted small">
        We only publish facts the company's own website states. These were not found:
      </p>
      <ul class="plain-list">
        {fields.map((field) => <li key={field}>{humanize(field)}</li>)}
      </ul>
    </section>
  );
}
