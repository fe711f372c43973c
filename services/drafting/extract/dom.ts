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
