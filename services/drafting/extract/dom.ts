/** The parsed page as a reader sees it: visible text, resolved links, and element lookups. */
import { normalizeWhitespace } from "../evidence.ts";

/** Elements that flow inside a line; every other element separates words. */
export const INLINE = new Set([
  "a",
  "abbr",
  "b",
  "bdi",
  "bdo",
  "big",
  "cite",
  "code",
  "data",
  "del",
  "dfn",
  "em",
  "font",
  "i",
  "ins",
  "kbd",
  "label",
  "mark",
  "q",
  "s",
  "samp",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "time",
  "tt",
  "u",
  "var",
  "wbr",
]);
/** Never part of the text, wherever they appear (documents without <head> keep them in the body). */
export const SKIPPED = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "head",
  "title",
  "meta",
  "link",
  "base",
  "iframe",
  "object",
  "canvas",
  "math",
]);

const HIDING_STYLE =
  /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse))\s*(?:!important\s*)?(?:;|$)/i;

/**
 * Whether an element itself is hidden from readers by its markup: the `hidden` attribute (not
 * `hidden="until-found"`, which the browser's find reveals), `aria-hidden="true"`, or an inline
 * style `display: none` / `visibility: hidden`. Stylesheets are not read.
 */
export function isHidden(el: Element): boolean {
  const hidden = el.getAttribute("hidden");
  if (hidden !== null && hidden.trim().toLowerCase() !== "until-found") return true;
  if ((el.getAttribute("aria-hidden") ?? "").trim().toLowerCase() === "true") return true;
  return HIDING_STYLE.test(el.getAttribute("style") ?? "");
}

/** Whether the element or one of its ancestors is hidden from readers (see isHidden). */
export function isHiddenWithin(el: Element): boolean {
  return ancestorsAndSelf(el).some(isHidden);
}

/**
 * Removes from a parsed page what a reader never sees: script, style, noscript, template, svg,
 * and elements hidden by their markup (isHidden). A collapsed panel that a control on the page
 * opens (its id named by an `aria-controls`, as accordions and tabs do) is the reader's to open,
 * so it stays. Every text read afterwards (the page text quotes are checked against, and each
 * extractor's) is the visible text; this is its one definition.
 */
export function removeUnseen(doc: Document): void {
  for (const el of [...doc.querySelectorAll(REMOVED)]) el.remove();
  const opened = new Set<string>();
  for (const control of doc.querySelectorAll("[aria-controls]")) {
    for (const id of (control.getAttribute("aria-controls") ?? "").split(/\s+/)) {
      if (id) opened.add(id);
    }
  }
  const candidates = doc.querySelectorAll("[hidden], [aria-hidden], [style]");
  for (const el of [...candidates]) {
    if (isHidden(el) && !opened.has(el.getAttribute("id") ?? "")) el.remove();
  }
}

const REMOVED = "script, style, noscript, template, svg";

/** The text of an element as a reader sees it: blocks separated, whitespace normalised. */
export function visibleText(root: Node): string {
  const out: string[] = [];
  const stack: (Node | string)[] = [root];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item === "string") {
      out.push(item);
    } else if (item.nodeType === 3) {
      out.push(item.nodeValue ?? "");
    } else if (item.nodeType === 1 || item.nodeType === 9 || item.nodeType === 11) {
      const tag = (item as Element).localName ?? "";
      if (item.nodeType === 1 && SKIPPED.has(tag)) continue;
      const block = item.nodeType === 1 && !INLINE.has(tag);
      if (block) {
        out.push(" ");
        stack.push(" ");
      }
      const children = item.childNodes;
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
  }
  return normalizeWhitespace(out.join(""));
}

/** linkedom loses content when a document omits <body> (HTML allows that): add the tag. */
export function withBody(html: string): string {
  if (/<body[\s>]/i.test(html)) return html;
  if (/<\/head\s*>/i.test(html)) return html.replace(/<\/head\s*>/i, "$&<body>");
  if (/<html[^>]*>/i.test(html)) return html.replace(/<html[^>]*>/i, "$&<body>");
  return `<!doctype html><html><head></head><body>${html}</body></html>`;
}

/** The URL relative links resolve against: a valid <base href>, else the page URL. */
export function baseUrl(doc: Document, pageUrl: string): string {
  const href = doc.querySelector("base[href]")?.getAttribute("href");
  if (href) {
    try {
      return new URL(href, pageUrl).href;
    } catch {
      // An invalid <base> is ignored, as browsers do.
    }
  }
  return pageUrl;
}

/** An http(s) URL from an href, resolved against `base`, or null. */
export function resolve(href: string | null | undefined, base: string): URL | null {
  if (!href) return null;
  const trimmed = href.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** An element's class and id attributes, as one text to test. */
export function classAndId(el: Element): string {
  return `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`;
}

/** The element and its ancestors, innermost first. */
export function ancestorsAndSelf(el: Element): Element[] {
  const out: Element[] = [];
  for (let cur: Element | null = el; cur; cur = cur.parentElement) out.push(cur);
  return out;
}
