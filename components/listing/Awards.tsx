/** The ribbon of a listing's Launch of the Week awards. */
import type { Profile } from "./profile.ts";

/** One link per award; nothing without awards. */
export default function Awards({ awards }: { awards: Profile["awards"] }) {
  if (awards.length === 0) return null;
  return (
    <ul class="award-ribbon" aria-label="Awards">
      {awards.map((a) => (
        <li key={`${a.week}-${a.place}`} class={`award award-${a.place}`}>
          <a href={`/launches/${a.week}`}>
            <span class="award-place">#{a.place}</span> Launch of the Week · {a.iso_week}
          </a>
        </li>
      ))}
    </ul>
  );
}
