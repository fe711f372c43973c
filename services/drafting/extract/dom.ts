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
  readBuilderMarkup(doc);
  joinSplitHeadings(doc);
}

/**
 * Site builders' markup read for what it is: a Webflow heading (`div.heading-N`, N 1 to 6, read
 * as level N but never above 2: a class name is a weaker sign than an h1) or an ARIA heading
 * (`[role=heading][aria-level=N]`) becomes an hN; a `dl` whose every child is a `div` holding a
 * `dt` (Tailwind's feature lists) becomes a `ul` of items, each its dt (an h3: the item's title)
 * with its dd, unless a dt asks a question (a FAQ stays a dl); a Webflow dropdown panel (`nav.w-dropdown-list`) without a
 * link, opened by a toggle that asks a question, is an FAQ answer and not navigation: a div.
 */
function readBuilderMarkup(doc: Document): void {
  for (const el of [...doc.querySelectorAll("div[class*='heading-'], [role='heading']")]) {
    const level = builderHeadingLevel(el);
    if (level) renameElement(doc, el, `h${level}`);
  }
  for (const dl of [...doc.querySelectorAll("dl")]) {
    const rows = [...dl.children];
    const listed = rows.length > 0 &&
      rows.every((r) => r.localName === "div" && r.querySelector("dt"));
    if (!listed || [...dl.querySelectorAll("dt")].some((dt) => visibleText(dt).endsWith("?"))) {
      continue;
    }
    for (const dt of [...dl.querySelectorAll("dt")]) renameElement(doc, dt, "h3");
    for (const row of rows) renameElement(doc, row, "li");
    renameElement(doc, dl, "ul");
  }
  for (const panel of [...doc.querySelectorAll("nav.w-dropdown-list")]) {
    const toggle = panel.parentElement?.querySelector(".w-dropdown-toggle");
    if (panel.querySelector("a") || !toggle || !visibleText(toggle).endsWith("?")) continue;
    renameElement(doc, panel, "div");
  }
}

/** The level of a builder's heading element, or 0 when it is not one (or an h1–h6, link, button). */
function builderHeadingLevel(el: Element): number {
  // A link or button that says it is a heading keeps what it does.
  if (/^(?:h[1-6]|a|button)$/.test(el.localName)) return 0;
  if ((el.getAttribute("role") ?? "").trim().toLowerCase() === "heading") {
    const level = Number((el.getAttribute("aria-level") ?? "2").trim());
    return Number.isInteger(level) && level >= 1 && level <= 6 ? level : 0;
  }
  const m = /(?:^|\s)heading-([1-6])(?:\s|$)/.exec(el.getAttribute("class") ?? "");
  return m ? Math.max(2, Number(m[1])) : 0;
}

/** Replaces an element by one of another tag with the same attributes and children. */
function renameElement(doc: Document, el: Element, tag: string): void {
  const next = doc.createElement(tag);
  for (const attr of [...el.attributes]) next.setAttribute(attr.name, attr.value);
  next.append(...el.childNodes);
  el.replaceWith(next);
}

/**
 * One heading a site builder split over adjacent headings of one level ("<h1>Plan your plot,</h1>
 * <h1>season by season</h1>"): read as one. The next heading continues the line only when the
 * first ends with a comma, ampersand, colon or dash or the next starts in lower case; two headings
 * that each start a line ("<h3>Fast</h3><h3>Secure</h3>") stay two.
 */
function joinSplitHeadings(doc: Document): void {
  for (const h of [...doc.querySelectorAll("h1, h2, h3, h4, h5, h6")]) {
    const next = h.nextElementSibling;
    if (!h.parentElement || !next || next.localName !== h.localName) continue;
    if (textBetween(h, next)) continue;
    const first = visibleText(h);
    const second = visibleText(next);
    if (!first || !second || !(/[,&:–—-]$/.test(first) || /^\p{Ll}/u.test(second))) continue;
    h.append(doc.createTextNode(" "), ...next.childNodes);
    next.remove();
  }
}

/** Whether text stands between two sibling elements. */
function textBetween(from: Element, to: Element): boolean {
  for (let n = from.nextSibling; n && n !== to; n = n.nextSibling) {
    if (n.nodeType === 3 && (n.nodeValue ?? "").trim()) return true;
  }
  return false;
}

const REMOVED = "script, style, noscript, template, svg";

/** The text of an element as a reader sees it: blocks separated, whitespace normalised. */
export function visibleText(root: Node): string {
  return normalizeWhitespace(rawText(root).out.join(""));
}

/** Stands for where a marked element starts in the raw text; never kept. */
const MARK = "\uFFFF";

/**
 * The visible text of `root` (as visibleText) and where each marked element's text starts in it
 * (-1 for an element outside `root`): headings and list items placed as they stand, not searched.
 */
export function visibleTextAt(root: Node, marked: Element[]): { text: string; at: number[] } {
  const { out, hits } = rawText(root, new Map(marked.map((el, i) => [el, i])));
  const at = marked.map(() => -1);
  let text = "";
  out.join("").split(MARK).forEach((part, i) => {
    if (i > 0) at[hits[i - 1]] = text.length;
    let p = part.replace(/\s+/gu, " ");
    if ((text === "" || text.endsWith(" ")) && p.startsWith(" ")) p = p.slice(1);
    text += p;
  });
  text = text.trimEnd();
  return { text, at: at.map((a) => (a > text.length ? -1 : a)) };
}

/**
 * The text pieces of `root` in reading order, a space around each block; with `marks`, a MARK at
 * the start of each marked element's content, `hits` naming its index in the order they stand.
 */
function rawText(root: Node, marks?: Map<Node, number>): { out: string[]; hits: number[] } {
  const out: string[] = [];
  const hits: number[] = [];
  const stack: (Node | string)[] = [root];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item === "string") {
      out.push(item);
    } else if (item.nodeType === 3) {
      const value = item.nodeValue ?? "";
      out.push(marks ? value.replaceAll(MARK, "") : value);
    } else if (item.nodeType === 1 || item.nodeType === 9 || item.nodeType === 11) {
      const tag = (item as Element).localName ?? "";
      if (item.nodeType === 1 && SKIPPED.has(tag)) continue;
      const block = item.nodeType === 1 && !INLINE.has(tag);
      if (block) {
        out.push(" ");
        stack.push(" ");
      }
      const mark = marks?.get(item);
      if (mark !== undefined) {
        out.push(MARK);
        hits.push(mark);
      }
      const children = item.childNodes;
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
  }
  return { out, hits };
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
