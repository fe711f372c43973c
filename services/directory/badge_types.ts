/** What a badge is and the styles it is drawn in: shared by the badge rules and the SVG renderer. */

/** The shapes a badge image comes in. */
export const BADGE_SHAPES = ["standard", "outline", "pill", "banner", "square"] as const;
/** The colour modes of a badge image (auto follows the reader's colour scheme). */
export const BADGE_MODES = ["light", "dark", "auto"] as const;
/** The sizes of a badge image: small, medium, large. */
export const BADGE_SIZES = ["s", "m", "l"] as const;
/** A badge shape. */
export type BadgeShape = typeof BADGE_SHAPES[number];
/** A badge colour mode. */
export type BadgeMode = typeof BADGE_MODES[number];
/** A badge size. */
export type BadgeSize = typeof BADGE_SIZES[number];

/** How a badge image looks: shape, colour mode and size. */
export type BadgeStyle = { shape: BadgeShape; mode: BadgeMode; size: BadgeSize };

/** Image URLs of one badge: `images[shape][mode][size]`. */
export type BadgeImages = Record<BadgeShape, Record<BadgeMode, Record<BadgeSize, string>>>;

/** The style used when a request names none. */
export const DEFAULT_BADGE_STYLE: BadgeStyle = { shape: "standard", mode: "auto", size: "m" };

/** A badge a listing has earned. `kind` is the stable slug used in image URLs. */
export interface EarnedBadge {
  /** `listed`, `launched`, `featured`, `verified`, `top-in-category` or `lotw-<week>-<place>`. */
  kind: string;
  /** The small uppercase line, e.g. "Launched on". */
  label: string;
  /** The bold line, e.g. "Launch Directory". */
  title: string;
  /** More context, e.g. "Week of Nov 9, 2026" (shown by the banner and square shapes). */
  detail?: string;
  /** Alternative text, e.g. "Acme - Launched on Launch Directory". */
  alt: string;
  /** Place 1 to 3 for award and category-rank badges (gold, silver, bronze accents). */
  place?: 1 | 2 | 3;
}
