/**
 * Alt texts of the images in a page's content: some sites state facts (a plan's price) only there.
 * Images in the header, navigation, footer, sidebars, testimonials and logo walls are left out,
 * and so are logos, icons, avatars, badges and alt texts that only name something ("Acme logo").
 */
import { normalizeWhitespace } from "../evidence.ts";
import { ancestorsAndSelf, classAndId, resolve } from "./dom.ts";

/** One content image's alt text, with the image's absolute URL (the quote's locator). */
export interface AltText {
  src: string;
  text: string;
}

const MAX_ALT_TEXTS = 40;
const CHROME = "header, nav, footer, aside, [role='navigation'], [role='banner'], " +
  "[role='contentinfo'], blockquote, figure.testimonial, [class*='testimonial' i], " +
  "[class*='logos' i], [class*='logo-wall' i], [class*='trusted' i], [class*='clients' i]";
const DECORATIVE_RE =
  /(?:^|[\s_/.-])(?:logos?|icons?|favicon|avatars?|badges?|emoji|sprite|brand|wordmark|mark|headshot|profile|spinner|placeholder)(?:$|[\s_/.-])/i;
const NAMING_RE =
  /\b(?:logo|icon|avatar|badge|photo of|portrait|headshot|screenshot|download on|get it on)\b/i;

/** The alt texts of the page's content images, in document order (at most 40). */
export function readAltTexts(doc: Document, base: string): AltText[] {
  const out: AltText[] = [];
  for (const img of doc.querySelectorAll("img[alt]")) {
    if (out.length >= MAX_ALT_TEXTS) break;
    const text = normalizeWhitespace(img.getAttribute("alt") ?? "");
    const src = resolve(img.getAttribute("src"), base);
    if (!src || !usableAlt(text) || img.closest(CHROME)) continue;
    if (ancestorsAndSelf(img).some((el) => DECORATIVE_RE.test(classAndId(el)))) continue;
    if (DECORATIVE_RE.test(src.pathname) || img.getAttribute("role") === "presentation") continue;
    if (!out.some((a) => a.src === src.href && a.text === text)) out.push({ src: src.href, text });
  }
  return out;
}

/** An alt text that states something: at least three words, not a logo's or icon's name. */
function usableAlt(text: string): boolean {
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  return words.length >= 3 && text.length <= 300 && !NAMING_RE.test(text);
}
