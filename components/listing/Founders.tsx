/** The founders of a listing, each linking to their profile. */
import Avatar from "../Avatar.tsx";
import type { Profile } from "./profile.ts";

/** The founders card; nothing without founders. */
export default function Founders({ founders }: { founders: Profile["founders"] }) {
  if (founders.length === 0) return null;
  return (
    <section class="card" aria-labelledby="founders-title">
      <h2 id="founders-title">Founders</h2>
      <ul class="people">
        {founders.map((f) => (
          <li key={f.slug}>
            <Avatar name={f.name} imageUrl={f.avatar_url} size="s" />
            <div>
              <a href={`/founders/${encodeURIComponent(f.slug)}`}>{f.name}</a>
              {f.bio && <p class="muted small">{f.bio}</p>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
