/**
 * The badge embed snippet, built in the browser for the style picked in the BadgeBuilder. It
 * matches the `embed_html` of get_badges character for character (tests/pages_test.ts checks).
 */

import { escapeHtml } from "../services/platform/html.ts";

/** The embed HTML: a link to the listing page around the badge image. */
export function badgeEmbedHtml(
  href: string,
  image: { src: string; alt: string; width: number; height: number },
): string {
  return `<a href="${escapeHtml(href)}" target="_blank" rel="noopener"><img src="${
    escapeHtml(image.src)
  }" alt="${escapeHtml(image.alt)}" width="${image.width}" height="${image.height}" /></a>`;
}
