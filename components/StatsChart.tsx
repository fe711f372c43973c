/**
 * A daily count drawn on the server as an SVG bar chart (no JavaScript): one bar per day, the
 * largest value marked on the y axis, the first, middle and last days on the x axis, a title for
 * screen readers and a title per bar (shown on hover). The numbers themselves sit in a table.
 */
import { formatDate, formatNumber } from "./format.ts";

const WIDTH = 600;
const HEIGHT = 220;
const LEFT = 60;
const RIGHT = 8;
const TOP = 16;
const BOTTOM = 36;

interface StatsChartProps {
  /** Used for element ids: letters, digits, `-` and `_`. */
  id: string;
  label: string;
  /** YYYY-MM-DD, oldest first. */
  days: string[];
  values: number[];
}

/** `2026-11-03` → `Nov 3`. */
export function shortDay(day: string): string {
  return formatDate(day).replace(/, \d{4}$/, "");
}

/** The bar chart of one metric. */
export default function StatsChart({ id, label, days, values }: StatsChartProps) {
  const max = Math.max(0, ...values);
  const plotW = WIDTH - LEFT - RIGHT;
  const plotH = HEIGHT - TOP - BOTTOM;
  const step = plotW / Math.max(days.length, 1);
  const barW = Math.max(step * 0.7, 1);
  const y = (v: number) => TOP + plotH - (max === 0 ? 0 : (v / max) * plotH);
  const first = days[0] ?? "";
  const last = days[days.length - 1] ?? "";
  const title = `${label} per day from ${shortDay(first)} to ${shortDay(last)}: ` +
    `${formatNumber(values.reduce((a, b) => a + b, 0))} in all, at most ${formatNumber(max)} a day`;
  const ticks = days.length > 2 ? [0, Math.floor((days.length - 1) / 2), days.length - 1] : [0];
  return (
    <svg
      class="stats-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title`}
      preserveAspectRatio="xMidYMid meet"
    >
      <title id={`${id}-title`}>{title}</title>
      <line class="axis" x1={LEFT} y1={TOP} x2={LEFT} y2={TOP + plotH} />
      <line class="axis" x1={LEFT} y1={TOP + plotH} x2={WIDTH - RIGHT} y2={TOP + plotH} />
      <line class="grid" x1={LEFT} y1={TOP} x2={WIDTH - RIGHT} y2={TOP} />
      {max > 0 && (
        <text class="axis-label" x={LEFT - 8} y={TOP + 7} text-anchor="end">
          {formatNumber(max)}
        </text>
      )}
      <text class="axis-label" x={LEFT - 8} y={TOP + plotH + 7} text-anchor="end">0</text>
      {values.map((v, i) => (
        <rect
          key={days[i]}
          class="bar"
          x={LEFT + i * step + (step - barW) / 2}
          y={y(v)}
          width={barW}
          height={TOP + plotH - y(v)}
        >
          <title>{`${shortDay(days[i])}: ${formatNumber(v)}`}</title>
        </rect>
      ))}
      {ticks.map((i) => (
        <text
          key={`tick-${i}`}
          class="axis-label"
          x={LEFT + i * step + step / 2}
          y={HEIGHT - 8}
          text-anchor={i === 0 ? "start" : i === days.length - 1 ? "end" : "middle"}
        >
          {shortDay(days[i])}
        </text>
      ))}
    </svg>
  );
}
