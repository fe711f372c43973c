/** A listing's Domain Rating: the value, its 90-day trend and a small chart of its history. */
import { formatDate } from "../format.ts";
import type { Profile } from "./profile.ts";

/** A small line chart of the Domain Rating history. */
function Sparkline({ points }: { points: { date: string; value: number }[] }) {
  if (points.length < 2) return null;
  const w = 160;
  const h = 36;
  const values = points.map((p) => p.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const xy = points.map((p, i) =>
    `${((i / (points.length - 1)) * w).toFixed(1)},${
      (h - 4 - ((p.value - min) / span) * (h - 8)).toFixed(1)
    }`
  );
  return (
    <svg
      class="sparkline"
      viewBox={`0 0 ${w} ${h}`}
      width={w}
      height={h}
      role="img"
      aria-label={`Domain Rating from ${values[0]} to ${values.at(-1)}`}
    >
      <polyline
        points={xy.join(" ")}
        fill="none"
        stroke="currentColor"
        stroke-width="2"
        stroke-linejoin="round"
        stroke-linecap="round"
      />
    </svg>
  );
}

/** The Domain Rating block of the numbers card, with a note when it is not measured yet. */
export default function DomainRating({ dr }: { dr: Profile["domain_rating"] }) {
  return (
    <div class="side-block">
      <h3>Domain Rating</h3>
      {dr === null ? <p class="muted">Not measured yet.</p> : (
        <>
          <p>
            <strong class="big">{dr.value}</strong>{" "}
            <span class={`trend trend-${dr.trend}`}>
              {dr.trend === "up" ? "▲" : dr.trend === "down" ? "▼" : "■"}{" "}
              {dr.change_90d > 0 ? `+${dr.change_90d}` : dr.change_90d} in 90 days
            </span>
          </p>
          <Sparkline points={dr.history} />
          <p class="muted small">
            A {dr.source}, as of {formatDate(dr.as_of)}.
          </p>
        </>
      )}
    </div>
  );
}
