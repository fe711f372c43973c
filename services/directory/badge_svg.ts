/**
 * Badge images: SVG rendering of an earned badge in a style (layout, text measuring, colours and
 * icons). Pure: no I/O.
 */
import { escapeHtml } from "../platform/html.ts";
import type { BadgeSize, BadgeStyle, EarnedBadge } from "./badge_types.ts";

// ---------------------------------------------------------------------------------------------
// Text measuring. Advance widths in 1/1000 em of Helvetica/Arial (the AFM metrics), for
// characters 32 to 126; the system UI fonts we ask for first are close to these, and a safety
// margin covers the rest.

// deno-fmt-ignore
const REGULAR_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space to /
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0 to ?
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ to O
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P to _
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // ` to o
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p to ~
];
// deno-fmt-ignore
const BOLD_WIDTHS = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
  975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
  333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
  611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];
const SAFETY = 1.08;

interface Font {
  size: number;
  bold: boolean;
  /** Extra space after each character (SVG letter-spacing), in px. */
  spacing?: number;
}

function charWidth(c: string, bold: boolean): number {
  const code = c.codePointAt(0)!;
  if (code >= 32 && code <= 126) return (bold ? BOLD_WIDTHS : REGULAR_WIDTHS)[code - 32];
  if (code === 0xb7) return 278; // middle dot
  if (code === 0x2026 || code === 0x2014) return 1000; // ellipsis, em dash
  if (code === 0x2013) return 556; // en dash
  if (code >= 0x2e80 || (code >= 0x1100 && code <= 0x11ff)) return 1000; // CJK, Hangul, emoji
  if (code < 0x2000 && /\p{Lu}/u.test(c)) return bold ? 778 : 722; // accented capitals
  return bold ? 640 : 600;
}

/** Estimated rendered width of `text` in px, rounded up. */
export function measureText(text: string, font: Font): number {
  let units = 0;
  let count = 0;
  for (const c of text) {
    units += charWidth(c, font.bold);
    count++;
  }
  return Math.ceil((units / 1000) * font.size * SAFETY + count * (font.spacing ?? 0));
}

/** Shortens text with an ellipsis so that it fits `max` px. */
function fitText(text: string, font: Font, max: number): string {
  if (measureText(text, font) <= max) return text;
  const chars = [...text];
  while (chars.length > 1 && measureText(chars.join("").trimEnd() + "…", font) > max) chars.pop();
  return chars.join("").trimEnd() + "…";
}

// ---------------------------------------------------------------------------------------------
// Colours and icons.

interface Palette {
  bg: string;
  border: string;
  label: string;
  title: string;
  detail: string;
}

const LIGHT: Palette = {
  bg: "#FFFFFF",
  border: "#E4E4E7",
  label: "#71717A",
  title: "#18181B",
  detail: "#52525B",
};
const DARK: Palette = {
  bg: "#18181B",
  border: "#3F3F46",
  label: "#A1A1AA",
  title: "#FAFAFA",
  detail: "#D4D4D8",
};

type Icon = "arrow" | "rocket" | "star" | "check" | "trophy" | "number";

interface Look {
  icon: Icon;
  /** Gradient stops of the icon disc (top, bottom). */
  accent: [string, string];
  /** Colour of the glyph on the disc. */
  glyph: string;
}

const PLACE_ACCENTS: Record<1 | 2 | 3, { accent: [string, string]; glyph: string }> = {
  1: { accent: ["#FCD34D", "#D97706"], glyph: "#FFFFFF" },
  2: { accent: ["#CBD5E1", "#64748B"], glyph: "#FFFFFF" },
  3: { accent: ["#F3B184", "#B4612C"], glyph: "#FFFFFF" },
};

function lookOf(badge: EarnedBadge): Look {
  if (badge.kind.startsWith("lotw-") && badge.place) {
    return { icon: "number", ...PLACE_ACCENTS[badge.place] };
  }
  switch (badge.kind) {
    case "launched":
      return { icon: "rocket", accent: ["#FF8A5B", "#F0442C"], glyph: "#FFFFFF" };
    case "featured":
      return { icon: "star", accent: ["#C084FC", "#7C3AED"], glyph: "#FFFFFF" };
    case "verified":
      return { icon: "check", accent: ["#60A5FA", "#2563EB"], glyph: "#FFFFFF" };
    case "top-in-category":
      return { icon: "trophy", ...PLACE_ACCENTS[badge.place ?? 1] };
    default:
      return { icon: "arrow", accent: ["#818CF8", "#4F46E5"], glyph: "#FFFFFF" };
  }
}

/** Glyphs drawn on a 24×24 grid, centred on (12, 12). */
function glyphSvg(icon: Icon, look: Look, place: number | undefined): string {
  const g = look.glyph;
  switch (icon) {
    case "rocket":
      return `<path fill="${g}" d="M12 2.2c2.9 2.2 4.4 5.6 4.4 9.6v4.1H7.6v-4.1c0-4 1.5-7.4 4.4-9.6z"/>` +
        `<path fill="${g}" d="M7.4 11.6 4.6 14.6v4.2l3-2.2zM16.6 11.6l2.8 3v4.2l-3-2.2z"/>` +
        `<circle cx="12" cy="9.6" r="1.9" fill="${look.accent[1]}"/>` +
        `<path fill="${g}" opacity="0.85" d="M9.8 17.1h4.4L12 21.8z"/>`;
    case "star":
      return `<path fill="${g}" d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z"/>`;
    case "check":
      return `<path fill="none" stroke="${g}" stroke-width="2.8" stroke-linecap="round" ` +
        `stroke-linejoin="round" d="M6.2 12.6l3.8 3.8 7.8-8.4"/>`;
    case "trophy":
      return `<path fill="${g}" d="M7.5 4h9v4.6a4.5 4.5 0 0 1-9 0z"/>` +
        `<path fill="none" stroke="${g}" stroke-width="1.6" ` +
        `d="M7.6 5.6H5v1.3a3 3 0 0 0 3 3M16.4 5.6H19v1.3a3 3 0 0 1-3 3"/>` +
        `<path fill="${g}" d="M11 12.8h2v3.4h-2zM8.2 17h7.6v2.8H8.2z"/>`;
    case "number":
      return `<text x="12" y="16.6" text-anchor="middle" font-size="12.5" font-weight="800" ` +
        `fill="${g}">#${place ?? ""}</text>`;
    default:
      return `<path fill="${g}" d="M12 4.2l6.6 7h-4.4v8.6H9.8v-8.6H5.4z"/>`;
  }
}

// ---------------------------------------------------------------------------------------------
// Layout and rendering.

const SCALE: Record<BadgeSize, number> = { s: 0.8, m: 1, l: 1.25 };
const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

interface TextLine {
  text: string;
  x: number;
  y: number;
  font: Font;
  role: "label" | "title" | "detail";
  anchor: "start" | "middle";
  /** Space before this line when the layout flows (banner), in px. */
  dx?: number;
}

interface Layout {
  width: number;
  height: number;
  radius: number;
  icon: { cx: number; cy: number; r: number };
  lines: TextLine[];
  /** Render the lines as tspans of one text element, one after another. */
  flow?: boolean;
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function layoutBadge(badge: EarnedBadge, style: BadgeStyle): Layout {
  const k = SCALE[style.size];
  if (style.shape === "banner") return layoutBanner(badge, k);
  if (style.shape === "square") return layoutSquare(badge, k);
  return layoutStandard(badge, k, style.shape === "pill");
}

/** Icon disc on the left, small uppercase label above a bold title (standard, outline, pill). */
function layoutStandard(badge: EarnedBadge, k: number, pill: boolean): Layout {
  const height = Math.round(54 * k);
  const r = 16 * k;
  const cx = (pill ? 27 : 11 + 16) * k;
  const textX = cx + r + 10 * k;
  const rightPad = (pill ? 22 : 14) * k;
  const labelFont: Font = { size: 9.5 * k, bold: true, spacing: 0.9 * k };
  const titleFont: Font = { size: 17 * k, bold: true };
  const maxText = 380 * k - textX - rightPad;
  const label = fitText(badge.label.toUpperCase(), labelFont, maxText);
  const title = fitText(badge.title, titleFont, maxText);
  const textW = Math.max(measureText(label, labelFont), measureText(title, titleFont));
  const width = Math.round(Math.max(250 * k, textX + textW + rightPad));
  return {
    width,
    height,
    radius: pill ? height / 2 : 8 * k,
    icon: { cx, cy: height / 2, r },
    lines: [
      { text: label, x: textX, y: 22 * k, font: labelFont, role: "label", anchor: "start" },
      { text: title, x: textX, y: 40.5 * k, font: titleFont, role: "title", anchor: "start" },
    ],
  };
}

/**
 * One wide line: icon, label, bold title and the detail. The texts flow as tspans of one text
 * element, so the browser spaces them by the real font; the estimate only sizes the image.
 */
function layoutBanner(badge: EarnedBadge, k: number): Layout {
  const height = Math.round(40 * k);
  const r = 12 * k;
  const cx = 12 * k + r;
  const textX = cx + r + 9 * k;
  const gap = 7 * k;
  const labelFont: Font = { size: 9.5 * k, bold: true, spacing: 0.9 * k };
  const titleFont: Font = { size: 15 * k, bold: true };
  const detailFont: Font = { size: 12.5 * k, bold: false };
  const label = fitText(badge.label.toUpperCase(), labelFont, 200 * k);
  const title = fitText(badge.title, titleFont, 260 * k);
  const detail = badge.detail ? fitText(`· ${badge.detail}`, detailFont, 240 * k) : "";
  const y = height / 2 + 5 * k;
  const lines: TextLine[] = [
    { text: label, x: textX, y, font: labelFont, role: "label", anchor: "start" },
    { text: title, x: textX, y, font: titleFont, role: "title", anchor: "start", dx: gap },
  ];
  if (detail) {
    lines.push({
      text: detail,
      x: textX,
      y,
      font: detailFont,
      role: "detail",
      anchor: "start",
      dx: gap,
    });
  }
  const textW = lines.reduce((sum, l) => sum + (l.dx ?? 0) + measureText(l.text, l.font), 0);
  const width = Math.round(textX + textW + 16 * k);
  return { width, height, radius: 8 * k, icon: { cx, cy: height / 2, r }, lines, flow: true };
}

/** Stacked and centred: icon on top, label, title (wrapped to two lines) and detail. */
function layoutSquare(badge: EarnedBadge, k: number): Layout {
  const side = 150 * k;
  const pad = 12 * k;
  const labelFont: Font = { size: 9 * k, bold: true, spacing: 0.8 * k };
  const titleFont: Font = { size: 15 * k, bold: true };
  const detailFont: Font = { size: 10.5 * k, bold: false };
  const maxText = 220 * k - 2 * pad;
  const label = fitText(badge.label.toUpperCase(), labelFont, maxText);
  const titleLines = wrapText(badge.title, titleFont, side - 2 * pad, maxText);
  const detail = badge.detail ? fitText(badge.detail, detailFont, maxText) : "";
  const textW = Math.max(
    measureText(label, labelFont),
    ...titleLines.map((t) => measureText(t, titleFont)),
    detail ? measureText(detail, detailFont) : 0,
  );
  const r = 22 * k;
  const titleLead = 18 * k;
  const contentH = 2 * r + 20 * k + (titleLines.length - 1) * titleLead + 19 * k +
    (detail ? 17 * k : 0);
  const size = Math.round(Math.max(side, textW + 2 * pad, contentH + 2 * pad));
  const cx = size / 2;
  let y = (size - contentH) / 2;
  const icon = { cx, cy: y + r, r };
  y += 2 * r + 17 * k;
  const lines: TextLine[] = [
    { text: label, x: cx, y, font: labelFont, role: "label", anchor: "middle" },
  ];
  y += 19 * k;
  for (const text of titleLines) {
    lines.push({ text, x: cx, y, font: titleFont, role: "title", anchor: "middle" });
    y += titleLead;
  }
  if (detail) {
    y += -titleLead + 17 * k;
    lines.push({ text: detail, x: cx, y, font: detailFont, role: "detail", anchor: "middle" });
  }
  return { width: size, height: size, radius: 12 * k, icon, lines };
}

/** Wraps words into at most two lines, preferring `width` and never exceeding `max`. */
function wrapText(text: string, font: Font, width: number, max: number): string[] {
  if (measureText(text, font) <= width) return [text];
  const words = text.split(/\s+/);
  let best: string[] | null = null;
  let bestW = Infinity;
  for (let i = 1; i < words.length; i++) {
    const pair = [words.slice(0, i).join(" "), words.slice(i).join(" ")];
    const w = Math.max(...pair.map((t) => measureText(t, font)));
    if (w < bestW) [best, bestW] = [pair, w];
  }
  if (!best || bestW > max) {
    return best ? best.map((t) => fitText(t, font, max)) : [fitText(text, font, max)];
  }
  return best;
}

/** Width and height in px of a badge image in a style. */
export function badgeDimensions(
  badge: EarnedBadge,
  style: BadgeStyle,
): { width: number; height: number } {
  const { width, height } = layoutBadge(badge, style);
  return { width, height };
}

/** Renders one badge SVG (pure). */
export function renderBadgeSvg(badge: EarnedBadge, style: BadgeStyle, siteName: string): string {
  const layout = layoutBadge(badge, style);
  const look = lookOf(badge);
  const k = SCALE[style.size];
  const { width, height } = layout;
  const outline = style.shape === "outline";
  const auto = style.mode === "auto";
  const p = style.mode === "dark" ? DARK : LIGHT;
  const gradientId = `ld-${badge.kind.replace(/[^a-z0-9-]/gi, "")}`;
  const cls = (name: string) => (auto ? ` class="${name}"` : "");
  const a = escapeHtml(badge.alt);
  const sw = r1((outline ? 1.6 : 1) * k);
  const inset = sw / 2;

  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
      `viewBox="0 0 ${width} ${height}" role="img" aria-label="${a}">`,
  );
  parts.push(`<title>${a}</title>`);
  parts.push(`<desc>${escapeHtml(describe(badge, siteName))}</desc>`);
  parts.push(
    `<defs><linearGradient id="${gradientId}" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="0" stop-color="${look.accent[0]}"/>` +
      `<stop offset="1" stop-color="${look.accent[1]}"/></linearGradient></defs>`,
  );
  if (auto) {
    // Presentation attributes carry the light colours; CSS only switches them for dark.
    parts.push(
      `<style>@media (prefers-color-scheme: dark){` +
        `.ld-bg{fill:${outline ? "none" : DARK.bg};stroke:${
          outline ? look.accent[1] : DARK.border
        }}` +
        `.ld-label{fill:${DARK.label}}.ld-title{fill:${DARK.title}}.ld-detail{fill:${DARK.detail}}` +
        `}</style>`,
    );
  }
  const bgFill = outline ? "none" : p.bg;
  const bgStroke = outline ? look.accent[1] : p.border;
  parts.push(
    `<rect${cls("ld-bg")} x="${r1(inset)}" y="${r1(inset)}" width="${r1(width - sw)}" ` +
      `height="${r1(height - sw)}" rx="${r1(layout.radius - inset)}" fill="${bgFill}" ` +
      `stroke="${bgStroke}" stroke-width="${sw}"/>`,
  );
  const { cx, cy, r } = layout.icon;
  const scale = (2 * r * 0.6) / 24;
  parts.push(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="url(#${gradientId})"/>`);
  parts.push(
    `<g font-family="${FONT_FAMILY}" transform="translate(${r1(cx - 12 * scale)} ${
      r1(cy - 12 * scale)
    }) scale(${Math.round(scale * 1000) / 1000})">${glyphSvg(look.icon, look, badge.place)}</g>`,
  );
  parts.push(`<g font-family="${FONT_FAMILY}">`);
  const textAttrs = (line: TextLine) => {
    const fill = line.role === "label" ? p.label : line.role === "title" ? p.title : p.detail;
    const weight = line.role === "title" ? "700" : line.role === "label" ? "600" : "500";
    const spacing = line.font.spacing ? ` letter-spacing="${r1(line.font.spacing)}"` : "";
    return `${cls(`ld-${line.role}`)} font-size="${r1(line.font.size)}" ` +
      `font-weight="${weight}"${spacing} fill="${fill}"`;
  };
  if (layout.flow) {
    const [first] = layout.lines;
    parts.push(`<text x="${r1(first.x)}" y="${r1(first.y)}">`);
    for (const line of layout.lines) {
      const dx = line.dx ? ` dx="${r1(line.dx)}"` : "";
      parts.push(`<tspan${dx}${textAttrs(line)}>${escapeHtml(line.text)}</tspan>`);
    }
    parts.push(`</text>`);
  } else {
    for (const line of layout.lines) {
      const anchor = line.anchor === "middle" ? ` text-anchor="middle"` : "";
      parts.push(
        `<text x="${r1(line.x)}" y="${r1(line.y)}"${anchor}${textAttrs(line)}>` +
          `${escapeHtml(line.text)}</text>`,
      );
    }
  }
  parts.push(`</g></svg>`);
  return parts.join("");
}

function describe(badge: EarnedBadge, siteName: string): string {
  return `${badge.detail ? `${badge.detail}. ` : ""}A badge from ${siteName}.`;
}
