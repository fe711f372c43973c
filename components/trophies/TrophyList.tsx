/** The trophies of a cabinet, themed: shared by the cabinet page and its embeddable widget. */
import type { TrophyCabinetView } from "../../services/directory/mod.ts";
import { plural } from "../format.ts";

/** Each theme's colours, as CSS custom properties on `.trophy-cabinet.theme-<name>`. */
const THEME_COLOURS: Record<TrophyCabinetView["theme"], Record<string, string>> = {
  classic: { bg: "#fffaf0", fg: "#3b2f1e", accent: "#b8860b", border: "#e8d9b0" },
  minimal: { bg: "#ffffff", fg: "#222222", accent: "#555555", border: "#e5e5e5" },
  dark: { bg: "#15171c", fg: "#f1f1f1", accent: "#f5c542", border: "#2c2f38" },
};

/** The cabinet's stylesheet: the themes and the trophy layout. */
export const TROPHY_CABINET_CSS = [
  ...Object.entries(THEME_COLOURS).map(([theme, c]) =>
    `.trophy-cabinet.theme-${theme}{--tc-bg:${c.bg};--tc-fg:${c.fg};--tc-accent:${c.accent};--tc-border:${c.border}}`
  ),
  ".trophy-cabinet{background:var(--tc-bg);color:var(--tc-fg);border:1px solid var(--tc-border);" +
  "border-radius:12px;padding:1rem 1.25rem;font-family:system-ui,sans-serif}",
  ".trophy-cabinet h2{margin:0 0 .75rem;font-size:1.15rem}",
  ".trophy-cabinet a{color:var(--tc-accent)}",
  ".trophy-list{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}",
  ".trophy{display:flex;gap:.75rem;align-items:baseline;border-top:1px solid var(--tc-border);" +
  "padding-top:.5rem}",
  ".trophy-place{font-weight:700;color:var(--tc-accent);min-width:2.5rem}",
  ".trophy-meta{opacity:.75;font-size:.9em}",
  ".trophy-cabinet.theme-minimal .trophy-place{font-weight:400}",
].join("\n");

/** The cabinet box: headline, then one row per trophy (or a line saying there are none yet). */
export default function TrophyList(
  { cabinet, linkTarget }: { cabinet: TrophyCabinetView; linkTarget?: "_blank" },
) {
  const rel = linkTarget ? "noopener" : undefined;
  return (
    <section class={`trophy-cabinet theme-${cabinet.theme}`} aria-label="Trophies">
      <h2>{cabinet.headline ?? `${cabinet.listing.name}'s trophies`}</h2>
      {cabinet.trophies.length === 0
        ? <p class="trophy-meta">No Launch of the Week award yet.</p>
        : (
          <ol class="trophy-list">
            {cabinet.trophies.map((t) => (
              <li key={`${t.week}-${t.place}`} class={`trophy trophy-${t.place}`}>
                <span class="trophy-place">#{t.place}</span>
                <span>
                  {t.title}
                  <span class="trophy-meta">
                    {` · week ${t.iso_week} (from ${t.week}) · ${plural(t.votes, "vote")}`}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        )}
      <p class="trophy-meta">
        <a href={cabinet.listing.page_url} target={linkTarget} rel={rel}>
          {cabinet.listing.name} on the directory
        </a>
      </p>
    </section>
  );
}
