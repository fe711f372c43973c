/**
 * Quotes checked against the served pages, independently of the verifier: the benchmark parses
 * the HTML the fixture server serves (linkedom) and derives each page's sources itself, so it does
 * not trust the code it measures.
 *
 * - `source: "text"` (or no source): the quote must be a span of the page's visible text: the
 *   body's text with script, style, template and `hidden` elements left out, block elements
 *   separated by a space.
 * - `source: "app"`: a client-rendered app's JSON (`<script type="application/json">` named by its
 *   id, `__NEXT_DATA__` among them, or `window.NAME = {...}` as JSON or a data-only object
 *   literal: bare keys, single quotes, trailing commas); `locator` is `NAME:dotted.path`. The
 *   quote must be a span of the string at that path, or, when the path names an object, of its
 *   direct strings that read as text (not URLs or one-word identifiers) joined by a space. A
 *   `NAME` that is a path (`/content.json`, `/assets/app.js#CONTENT`) is a same-site resource the
 *   app fetches, read from the served file (see app_resources.ts).
 * - `source: "alt"`: a span of the alt text of the image whose URL (resolved) is the `locator`.
 * - `source: "meta"`: a span of the named meta value (`locator` "title" is the <title>, any other
 *   locator a <meta name|property> content); without a locator, of any of them.
 * - `source: "jsonld"`: a span of the JSON-LD value at `locator` (a dotted path in any JSON-LD
 *   object, `@graph` items included); when the path does not resolve, of any JSON-LD string (and
 *   the quote counts as `unlocated`); markup inside a JSON-LD string is removed first.
 * - A quote that is a link or an email, whatever its source, is also accepted when it is the
 *   target of one of the page's link attributes (href, src, meta content; resolved against the
 *   page URL) or a URL value of its JSON-LD: drafters quote links as themselves. These are counted apart (`links`).
 * Comparison folds typography the way a reader would not notice: Unicode NFKC, soft hyphens and
 * zero-width characters dropped, curly quotes and dashes made plain, whitespace collapsed.
 */
import { DOMParser } from "linkedom";
import type { DraftProposal, EvidenceQuote } from "../../services/drafting/evidence.ts";
import { readResourceApp, resourceOf } from "./app_resources.ts";

/** The sources of one served page. */
export interface PageSources {
  text: string;
  meta: Map<string, string>;
  jsonld: unknown[];
  /** The images' alt texts by the image's absolute URL. */
  alts: Map<string, string>;
  /** App JSON by name (script id, `json<index>`, or the assigned global). */
  apps: Map<string, unknown>;
  /** Link targets and emails of the page's attributes (href, src, content), absolute. */
  links: Set<string>;
}

/** Quotes checked: how many, how many verified, and the failures described. */
export interface QuoteCheck {
  checked: number;
  verified: number;
  unlocated: number;
  /** Quotes that are a link or an email, found among the page's link attributes. */
  links: number;
  failures: string[];
}

const FOLD: [RegExp, string][] = [
  [/[\u00AD\u200B-\u200D\u2060\uFEFF]/gu, ""],
  [/[‘’‚‛′]/gu, "'"],
  [/[“”„‟″]/gu, '"'],
  [/[‐‑‒–—―−﹘﹣－]/gu, "-"],
  [/…/gu, "..."],
  [/\s+/gu, " "],
];

/** The text as compared: typography folded, whitespace collapsed. */
export function fold(text: string): string {
  return FOLD.reduce((t, [re, to]) => t.replace(re, to), text.normalize("NFKC")).trim();
}

const SKIP = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "HEAD", "SVG", "IFRAME"]);
const BLOCK = new Set(
  ("ADDRESS ARTICLE ASIDE BLOCKQUOTE BR BUTTON CAPTION DD DETAILS DIV DL DT FIELDSET FIGCAPTION " +
    "FIGURE FOOTER FORM H1 H2 H3 H4 H5 H6 HEADER HR LI MAIN NAV OL OPTION P PRE SECTION SUMMARY " +
    "TABLE TBODY TD TFOOT TH THEAD TR UL").split(" "),
);

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  getAttribute?(name: string): string | null;
  hasAttribute?(name: string): boolean;
}

function visible(node: DomNode, out: string[]): void {
  if (node.nodeType === 3) {
    out.push(node.textContent ?? "");
    return;
  }
  if (node.nodeType !== 1 && node.nodeType !== 9) return;
  const tag = node.nodeName.toUpperCase();
  if (SKIP.has(tag) || node.hasAttribute?.("hidden")) return;
  if (tag === "IMG") return;
  const block = BLOCK.has(tag);
  if (block) out.push(" ");
  for (const child of Array.from(node.childNodes)) visible(child, out);
  if (block) out.push(" ");
}

function strings(value: unknown, out: string[]): void {
  if (typeof value === "string") out.push(value);
  else if (typeof value === "number") out.push(String(value));
  else if (Array.isArray(value)) { for (const v of value) strings(v, out); }
  else if (value && typeof value === "object") {
    for (const v of Object.values(value)) strings(v, out);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function links(doc: Document, base: string, jsonld: unknown[]): Set<string> {
  const out = new Set<string>();
  const values: string[] = [];
  strings(jsonld, values);
  for (const v of values) if (/^https?:\/\/\S+$/.test(v.trim())) out.add(linkKey(v.trim()));
  for (const el of doc.querySelectorAll("[href], [src], meta[content]")) {
    for (const attr of ["href", "src", "content"]) {
      const raw = el.getAttribute(attr)?.trim();
      if (!raw) continue;
      if (raw.startsWith("mailto:")) out.add(raw.slice(7).split("?")[0].toLowerCase());
      else {
        try {
          out.add(linkKey(new URL(raw, base).href));
        } catch {
          // Not a URL.
        }
      }
    }
  }
  return out;
}

function linkKey(url: string): string {
  return url.replace(/\/$/, "").toLowerCase();
}

const LINK_QUOTE = /^(?:https?:\/\/\S+|[^\s@]+@[^\s@]+\.[^\s@]+)$/;

/** Derives a page's visible text, meta values, JSON-LD and link targets from its HTML. */
export function pageSources(html: string, url: string): PageSources {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const meta = new Map<string, string>();
  const title = doc.querySelector("title")?.textContent;
  if (title) meta.set("title", fold(title));
  for (const m of doc.querySelectorAll("meta")) {
    const key = m.getAttribute("name") ?? m.getAttribute("property");
    const content = m.getAttribute("content");
    if (key && content) meta.set(key.toLowerCase(), fold(content));
  }
  const jsonld: unknown[] = [];
  for (const s of doc.querySelectorAll('script[type="application/ld+json"]')) {
    const parsed = parseJson(s.textContent ?? "");
    if (parsed) jsonld.push(parsed);
  }
  const parts: string[] = [];
  visible(doc.querySelector("body") ?? doc, parts);
  const alts = new Map<string, string>();
  for (const img of doc.querySelectorAll("img[alt][src]")) {
    try {
      alts.set(new URL(img.getAttribute("src")!, url).href, fold(img.getAttribute("alt") ?? ""));
    } catch {
      // Not a URL.
    }
  }
  return {
    text: fold(parts.join("")),
    meta,
    jsonld,
    alts,
    apps: appJson(doc as unknown as Document),
    links: links(doc as unknown as Document, url, jsonld),
  };
}

const ASSIGNED = /^\s*(?:window|self|globalThis)\.([\w$]+)\s*=\s*([\[{][\s\S]*?);?\s*$/;

/** The page's app JSON by name: JSON scripts by id (else `json<index>`), `window.X = {...}`. */
function appJson(doc: Document): Map<string, unknown> {
  const out = new Map<string, unknown>();
  [...doc.querySelectorAll("script")].forEach((s, i) => {
    const type = (s.getAttribute("type") ?? "").toLowerCase();
    const body = s.textContent ?? "";
    if (type.startsWith("application/json")) {
      const parsed = parseJson(body);
      if (parsed !== null) out.set(s.getAttribute("id") || `json${i}`, parsed);
      return;
    }
    const m = body.match(ASSIGNED);
    const parsed = m ? parseJson(m[2]) ?? parseJson(relaxed(m[2])) : null;
    if (m && parsed !== null) out.set(m[1], parsed);
  });
  return out;
}

/**
 * A JavaScript object literal of data as JSON, read apart from the drafter's own reader: strings
 * kept, single-quoted ones re-quoted, bare keys quoted, trailing commas and comments dropped.
 */
export function relaxed(literal: string): string {
  const token =
    /("(?:[^"\\]|\\.)*")|'((?:[^'\\]|\\.)*)'|\/\/[^\n]*|\/\*[\s\S]*?\*\/|([A-Za-z_$][\w$]*)(\s*:)|,(\s*[}\]])|\bundefined\b/g;
  return literal.replace(token, (all, dq, sq, key, colon, close) => {
    if (dq !== undefined) return dq;
    if (sq !== undefined) return JSON.stringify(sq.replace(/\\(['"\\])/g, "$1"));
    if (key !== undefined) return JSON.stringify(key) + colon;
    if (close !== undefined) return close;
    return all === "undefined" ? "null" : " ";
  });
}

/** Whether a quote stands in the app JSON value at `locator` (see the module comment). */
function inApp(quote: string, locator: string, apps: Map<string, unknown>): boolean {
  const colon = locator.indexOf(":");
  if (colon < 0) return false;
  const root = apps.get(locator.slice(0, colon));
  const path = locator.slice(colon + 1);
  const at = path ? atPath(root, path) : root;
  if (typeof at === "string") return fold(at).includes(quote);
  if (!at || typeof at !== "object") return false;
  const texts = Object.values(at).filter((v): v is string =>
    typeof v === "string" && !/^(?:https?:|mailto:|\/)/.test(v.trim()) &&
    (/\s/.test(v.trim()) || /[\p{Lu}\p{N}]/u.test(v))
  );
  return fold(texts.join(" ")).includes(quote);
}

/** A JSON-LD string as a reader sees it: markup in it (some sites put HTML there) removed. */
function untag(value: string): string {
  return fold(
    value.replace(/<\/?(?:p|div|br|li|ul|ol|h[1-6]|tr|td|th|table)\b[^>]*>/gi, " ")
      .replace(/<[^>]*>/g, ""),
  );
}

function atPath(root: unknown, path: string): unknown {
  let at: unknown = root;
  for (const key of path.split(".")) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function jsonldObjects(items: unknown[]): unknown[] {
  return items.flatMap((i) => {
    const list = Array.isArray(i) ? i : [i];
    return list.flatMap((o) => {
      const graph = (o as Record<string, unknown>)?.["@graph"];
      return Array.isArray(graph) ? [o, ...graph] : [o];
    });
  });
}

/**
 * Whether a quote is found verbatim in the source it names: "yes", "unlocated" (JSON-LD, off its
 * path), "link" (a link or email quoted as itself, found among the page's link attributes) or "no".
 */
export function quoteFound(
  q: EvidenceQuote,
  page: PageSources,
): "yes" | "unlocated" | "link" | "no" {
  const quote = fold(q.quote);
  if (!quote) return "no";
  const source = q.source ?? "text";
  if (source === "text" && page.text.includes(quote)) return "yes";
  if (source === "app" || source === "alt") {
    const locator = q.locator ?? "";
    const alt = source === "alt" ? page.alts.get(locator) : undefined;
    const found = source === "app" ? inApp(quote, locator, page.apps) : !!alt?.includes(quote);
    if (found) return "yes";
  }
  if (LINK_QUOTE.test(quote)) {
    const key = quote.includes("@") && !quote.includes("/") ? quote.toLowerCase() : linkKey(quote);
    if (page.links.has(key)) return "link";
  }
  if (source === "text" || source === "app" || source === "alt") return "no";
  if (source === "meta") {
    const values = q.locator
      ? [page.meta.get(q.locator.toLowerCase()) ?? ""]
      : [...page.meta.values()];
    return values.some((v) => v.includes(quote)) ? "yes" : "no";
  }
  const objects = jsonldObjects(page.jsonld);
  if (q.locator) {
    const located: string[] = [];
    for (const o of objects) strings(atPath(o, q.locator), located);
    if (located.some((v) => untag(v).includes(quote))) return "yes";
  }
  const all: string[] = [];
  strings(page.jsonld, all);
  return all.some((v) => untag(v).includes(quote)) ? (q.locator ? "unlocated" : "yes") : "no";
}

/** Every quote a proposal carries. */
export function proposalQuotes(p: DraftProposal): EvidenceQuote[] {
  const out: EvidenceQuote[] = [];
  const add = (e: EvidenceQuote[] | undefined) => e && out.push(...e);
  for (const v of Object.values(p.fields)) add(v?.evidence);
  for (const v of Object.values(p.company_socials)) add(v?.evidence);
  for (const v of Object.values(p.founder_socials ?? {})) add(v?.evidence);
  for (const v of Object.values(p.story)) add(v?.evidence);
  for (const f of p.founders) {
    add(f.evidence);
    const links = f.links ?? (f as { socials?: typeof f.links }).socials ?? {};
    for (const v of Object.values(links)) add(v?.evidence);
  }
  for (const q of p.faqs) add(q.evidence);
  for (const m of p.milestones) add(m.evidence);
  add(p.seo?.title?.evidence);
  add(p.seo?.meta?.evidence);
  return out;
}

/** Checks every quote of a proposal against the pages as served (`load` gives a URL's HTML). */
export async function checkQuotes(
  proposal: DraftProposal,
  load: (url: string) => Promise<string | null>,
): Promise<QuoteCheck> {
  const cache = new Map<string, PageSources | null>();
  const check: QuoteCheck = { checked: 0, verified: 0, unlocated: 0, links: 0, failures: [] };
  for (const q of proposalQuotes(proposal)) {
    check.checked++;
    if (!cache.has(q.url)) {
      const html = await load(q.url);
      cache.set(q.url, html === null ? null : pageSources(html, q.url));
    }
    const page = cache.get(q.url);
    const resource = q.source === "app" ? resourceOf(q.locator) : null;
    if (page && resource && !page.apps.has(resource)) {
      page.apps.set(resource, await readResourceApp(resource, q.url, load));
    }
    const found = page ? quoteFound(q, page) : "no";
    if (found !== "no") check.verified++;
    if (found === "unlocated") check.unlocated++;
    if (found === "link") check.links++;
    if (found === "no") {
      const where = `${q.source ?? "text"}${q.locator ? `:${q.locator}` : ""}`;
      check.failures.push(`${where} ${new URL(q.url).pathname} "${q.quote.slice(0, 70)}"`);
    }
  }
  return check;
}
