/**
 * The badge embed snippet: a link to the listing page around the badge image. Pure, so that the
 * badge builder island builds in the browser what get_badges returns, character for character.
 */
import { escapeHtml } from "../platform/html.ts";

/** The embed HTML of a badge image linking to `href`. */
export function badgeEmbedHtml(
  href: string,
  image: { src: string; alt: string; width: number; height: number },
): string {
  return `<a href="${escapeHtml(href)}" target="_blank" rel="noopener"><img src="${
    escapeHtml(image.src)
  }" alt="${escapeHtml(image.alt)}" width="${image.width}" height="${image.height}" /></a>`;
}
