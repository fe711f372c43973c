/** The latest updates a listing's owner posted. */
import Paragraphs from "../Paragraphs.tsx";
import { formatDate } from "../format.ts";
import type { Profile } from "./profile.ts";
import Section from "./Section.tsx";

/** The updates, newest first; nothing without updates. */
export default function Updates({ updates }: { updates: Profile["latest_updates"] }) {
  if (updates.length === 0) return null;
  return (
    <Section id="updates" title="Latest updates">
      <ol class="updates">
        {updates.map((u, i) => (
          <li key={i}>
            <h3>{u.title}</h3>
            <time class="muted" datetime={u.created_at}>{formatDate(u.created_at)}</time>
            <Paragraphs text={u.body} />
          </li>
        ))}
      </ol>
    </Section>
  );
}
