/**
 * Reads one HTML page into evidence: its visible text (what quotes are checked against) and the
 * structured facts drafters start from (see PageFacts in evidence.ts). Parsing is linkedom's
 * DOMParser; nothing here fetches.
 *
 * Where facts come from: the HTML only, except `json_ld` itself, `logo_url` (JSON-LD
 * Organization.logo first), `socials` (JSON-LD `sameAs` of the organisation or product first) and
 * `faqs` (FAQPage JSON-LD after the FAQ markup). `text` keeps hidden elements (accordion answers
 * are often hidden until clicked) but not script, style, noscript, template or svg.
 */
import { DOMParser } from "linkedom";
import { normalizeWhitespace, type PageFacts } from "./evidence.ts";

/** What `extractPage` reads from one page. */
export interface ExtractedPage {
  /** The `<title>` (else og:title, else the first h1), or "". */
  title: string;
  /** Visible text, whitespace-normalised, blocks separated by a space. */
  text: string;
  facts: PageFacts;
}

const REMOVED = "script, style, noscript, template, svg";
/** Elements that flow inside a line; every other element separates words. */
const INLINE = new Set([
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
const SKIPPED = new Set([
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
const ORGANIZATION_TYPES = new Set([
  "Organization",
  "Corporation",
  "LocalBusiness",
  "OnlineBusiness",
  "OnlineStore",
  "NGO",
  "Brand",
  "ProfessionalService",
]);
const MAX_JSON_LD = 50;
const MAX_LINKS = 300;
const MAX_HEADINGS = 200;
const MAX_FAQS = 30;
const MAX_PLANS = 12;
const MAX_ANSWER = 1500;

/** Reads a page's title, visible text and facts; `pageUrl` resolves relative links. */
export function extractPage(html: string, pageUrl: string): ExtractedPage {
  const doc = new DOMParser().parseFromString(withBody(html), "text/html") as unknown as Document;
  const base = baseUrl(doc, pageUrl);
  const jsonLd = readJsonLd(doc);
  for (const el of [...doc.querySelectorAll(REMOVED)]) el.remove();
  const root: Element = doc.body?.firstChild ? doc.body : doc.documentElement;
  const text = root ? visibleText(root) : "";

  const titleText = normalizeWhitespace(doc.querySelector("title")?.textContent ?? "");
  const og = readOpenGraph(doc);
  const headings = readHeadings(doc);
  const title = titleText || og.title || headings.find((h) => h.level === 1)?.text || "";
  const testimonialEls = findTestimonials(doc);
  const facts: PageFacts = {
    title: titleText || null,
    meta_description: metaContent(doc, 'meta[name="description" i]'),
    og,
    json_ld: jsonLd,
    headings,
    pricing: readPricing(doc, base),
    faqs: readFaqs(doc, base, jsonLd),
    socials: readSocials(doc, base, jsonLd, testimonialEls),
    emails: readEmails(doc, text),
    video_links: readVideoLinks(doc, base),
    logo_url: readLogo(doc, base, jsonLd),
    links: readLinks(doc, base),
    copyright: readCopyright(root),
    testimonials: testimonialEls.map(testimonialText).filter(Boolean),
    lists: readLists(doc),
  };
  return { title, text, facts };
}

// ---------------------------------------------------------------------------------------------
// Text

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
function withBody(html: string): string {
  if (/<body[\s>]/i.test(html)) return html;
  if (/<\/head\s*>/i.test(html)) return html.replace(/<\/head\s*>/i, "$&<body>");
  if (/<html[^>]*>/i.test(html)) return html.replace(/<html[^>]*>/i, "$&<body>");
  return `<!doctype html><html><head></head><body>${html}</body></html>`;
}

function baseUrl(doc: Document, pageUrl: string): string {
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

function resolve(href: string | null | undefined, base: string): URL | null {
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

function classAndId(el: Element): string {
  return `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`;
}

function ancestorsAndSelf(el: Element): Element[] {
  const out: Element[] = [];
  for (let cur: Element | null = el; cur; cur = cur.parentElement) out.push(cur);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Meta, OpenGraph, headings

function metaContent(doc: Document, selector: string): string | null {
  const content = doc.querySelector(selector)?.getAttribute("content");
  const text = content ? normalizeWhitespace(content) : "";
  return text || null;
}

/** OpenGraph properties by name without the `og:` prefix (title, description, image, site_name, ...). */
function readOpenGraph(doc: Document): Record<string, string> {
  const og: Record<string, string> = {};
  for (const meta of doc.querySelectorAll("meta[property], meta[name]")) {
    const key = (meta.getAttribute("property") ?? meta.getAttribute("name") ?? "").trim();
    if (!/^og:/i.test(key)) continue;
    const name = key.slice(3).toLowerCase();
    const content = normalizeWhitespace(meta.getAttribute("content") ?? "");
    if (name && content && !(name in og)) og[name] = content;
  }
  return og;
}

function readHeadings(doc: Document): { level: number; text: string }[] {
  const out: { level: number; text: string }[] = [];
  for (const h of doc.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
    const text = visibleText(h);
    if (text) out.push({ level: Number(h.localName.slice(1)), text });
    if (out.length >= MAX_HEADINGS) break;
  }
  return out;
}

/** Items of the content lists (ul/ol outside header, nav and footer), one array per list. */
function readLists(doc: Document): string[][] {
  const out: string[][] = [];
  for (const list of doc.querySelectorAll("ul, ol")) {
    if (list.closest("header, nav, footer, [role='navigation']")) continue;
    const items = [...list.children].filter((c) => c.localName === "li").map(visibleText)
      .filter(Boolean);
    if (items.length > 0) out.push(items);
    if (out.length >= 50) break;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// JSON-LD

function readJsonLd(doc: Document): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const script of doc.querySelectorAll("script[type]")) {
    const type = (script.getAttribute("type") ?? "").split(";")[0].trim().toLowerCase();
    if (type !== "application/ld+json") continue;
    const value = parseLenient(script.textContent ?? "");
    if (value !== undefined) flattenJsonLd(value, out, 0);
    if (out.length >= MAX_JSON_LD) break;
  }
  return out.slice(0, MAX_JSON_LD);
}

/** JSON.parse, then once more after the usual damage (comment wrappers, raw newlines, trailing commas). */
function parseLenient(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    const cleaned = raw
      .replace(/^\s*(?:<!--|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/, "")
      .replace(/(?:-->|\/\/\s*\]\]>|\]\]>)\s*$/, "")
      // Raw newlines and tabs inside strings are invalid JSON; outside strings they are spaces.
      // deno-lint-ignore no-control-regex
      .replace(/[\u0000-\u001f]+/g, " ")
      .replace(/,\s*([\]}])/g, "$1");
    try {
      return JSON.parse(cleaned);
    } catch {
      return undefined;
    }
  }
}

/** Typed objects from arrays and `@graph`s, top level first. */
function flattenJsonLd(value: unknown, out: Record<string, unknown>[], depth: number): void {
  if (depth > 4 || out.length >= MAX_JSON_LD) return;
  if (Array.isArray(value)) {
    for (const item of value) flattenJsonLd(item, out, depth + 1);
    return;
  }
  if (!isRecord(value)) return;
  const { "@graph": graph, ...rest } = value;
  if ("@type" in rest) out.push(graph === undefined ? value : rest);
  if (graph !== undefined) flattenJsonLd(graph, out, depth + 1);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The schema.org types of a JSON-LD object, without a `schema:` or URL prefix. */
export function jsonLdTypes(value: unknown): string[] {
  if (!isRecord(value)) return [];
  const raw = value["@type"];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.filter((t): t is string => typeof t === "string").map((t) =>
    t.replace(/^(?:https?:\/\/schema\.org\/|schema:)/, "")
  );
}

function isOrganization(value: unknown): boolean {
  return jsonLdTypes(value).some((t) => ORGANIZATION_TYPES.has(t) || t.endsWith("Organization"));
}

/** Organisation-like objects: top level, and those nested as publisher, brand, provider and so on. */
function organizations(jsonLd: Record<string, unknown>[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const nested = ["publisher", "brand", "provider", "creator", "author", "manufacturer", "seller"];
  for (const item of jsonLd) {
    if (isOrganization(item)) out.push(item);
  }
  for (const item of jsonLd) {
    for (const key of nested) {
      const values = Array.isArray(item[key]) ? item[key] as unknown[] : [item[key]];
      for (const v of values) if (isOrganization(v)) out.push(v as Record<string, unknown>);
    }
  }
  return out;
}

function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (isRecord(value)) {
    for (const key of ["url", "contentUrl", "@id"]) {
      if (typeof value[key] === "string") return [value[key] as string];
    }
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// Logo

function readLogo(doc: Document, base: string, jsonLd: Record<string, unknown>[]): string | null {
  for (const org of organizations(jsonLd)) {
    for (const logo of stringsOf(org.logo)) {
      const url = resolve(logo, base);
      if (url) return url.href;
    }
  }
  for (const item of jsonLd) {
    if (jsonLdTypes(item).includes("Person")) continue;
    for (const logo of stringsOf(item.logo)) {
      const url = resolve(logo, base);
      if (url) return url.href;
    }
  }
  const headerImages = [...doc.querySelectorAll("img")].filter(inHeader);
  const byWord = headerImages.find((img) =>
    /logo/i.test(`${classAndId(img)} ${img.getAttribute("alt") ?? ""} ${imgSrc(img)}`) ||
    ancestorsAndSelf(img).slice(1, 4).some((a) => /logo|brand/i.test(classAndId(a)))
  );
  const homeLink = headerImages.find((img) => {
    const href = img.closest("a")?.getAttribute("href");
    return href !== undefined && href !== null && resolve(href, base)?.pathname === "/";
  });
  for (const img of [byWord, homeLink]) {
    const url = img ? resolve(imgSrc(img), base) : null;
    if (url) return url.href;
  }
  const icons = [...doc.querySelectorAll("link[rel][href]")].filter((l) =>
    /(^|\s)(icon|apple-touch-icon|apple-touch-icon-precomposed)(\s|$)/i.test(
      l.getAttribute("rel") ?? "",
    )
  );
  const iconSize = (l: Element) => {
    if (/apple-touch-icon/i.test(l.getAttribute("rel") ?? "")) return 1000;
    return Number(/(\d+)x\d+/.exec(l.getAttribute("sizes") ?? "")?.[1] ?? 0);
  };
  icons.sort((a, b) => iconSize(b) - iconSize(a));
  for (const icon of icons) {
    const url = resolve(icon.getAttribute("href"), base);
    if (url) return url.href;
  }
  return null;
}

function imgSrc(img: Element): string {
  return img.getAttribute("src") ?? img.getAttribute("data-src") ?? "";
}

function inHeader(el: Element): boolean {
  return ancestorsAndSelf(el).some((a) =>
    a.localName === "header" || a.localName === "nav" || a.getAttribute("role") === "banner" ||
    /(^|[\s_-])(header|navbar|topbar|masthead|site-nav)([\s_-]|$)/i.test(classAndId(a))
  );
}

// ---------------------------------------------------------------------------------------------
// Links, socials, emails, videos

function readLinks(doc: Document, base: string): { url: string; text: string }[] {
  const page = new URL(base);
  const byUrl = new Map<string, { url: string; text: string }>();
  for (const a of doc.querySelectorAll("a[href], area[href]")) {
    const url = resolve(a.getAttribute("href"), base);
    if (!url || !isSameSite(url, page)) continue;
    url.hash = "";
    const text = visibleText(a) || normalizeWhitespace(
      a.getAttribute("aria-label") ?? a.getAttribute("title") ??
        a.querySelector("img[alt]")?.getAttribute("alt") ?? "",
    );
    const known = byUrl.get(url.href);
    if (!known) {
      if (byUrl.size >= MAX_LINKS) continue;
      byUrl.set(url.href, { url: url.href, text });
    } else if (!known.text && text) {
      known.text = text;
    }
  }
  return [...byUrl.values()];
}

/** Same site: the same host (ignoring a leading `www.`) and port; the scheme may differ. */
export function isSameSite(a: URL, b: URL): boolean {
  const host = (u: URL) => u.hostname.toLowerCase().replace(/^www\./, "");
  const port = (u: URL) => u.port || (u.protocol === "https:" ? "443" : "80");
  if (host(a) !== host(b)) return false;
  // http and https on default ports are one site (e.g. an http link on an https site).
  const defaults = new Set(["80", "443"]);
  return port(a) === port(b) || (defaults.has(port(a)) && defaults.has(port(b)));
}

const KNOWN_MASTODON_HOSTS = new Set([
  "mastodon.social",
  "mastodon.online",
  "mastodon.world",
  "mas.to",
  "mstdn.social",
  "fosstodon.org",
  "hachyderm.io",
  "infosec.exchange",
  "techhub.social",
  "indieweb.social",
  "universeodon.com",
  "mastodon.cloud",
  "social.vivaldi.net",
  "ruby.social",
  "phpc.social",
  "toot.community",
]);

/** The platform key of a social profile URL (x, linkedin, github, ...), or null. */
export function socialPlatform(url: URL, relMe = false): string | null {
  const host = url.hostname.toLowerCase().replace(/^(?:www|m|mobile)\./, "");
  const segments = url.pathname.split("/").filter(Boolean);
  const first = (segments[0] ?? "").toLowerCase();
  if (!first && host !== "discord.gg") return null;
  switch (host) {
    case "x.com":
    case "twitter.com":
      return ["intent", "share", "home", "i", "search", "hashtag", "login"].includes(first)
        ? null
        : "x";
    case "linkedin.com":
      return ["company", "in", "school", "showcase"].includes(first) ? "linkedin" : null;
    case "github.com":
      return ["features", "pricing", "login", "about", "sponsors", "marketplace", "topics"]
          .includes(first)
        ? null
        : "github";
    case "youtube.com":
      return first.startsWith("@") || ["c", "channel", "user"].includes(first) ? "youtube" : null;
    case "facebook.com":
    case "fb.com":
      return ["sharer", "sharer.php", "share.php", "dialog", "share", "plugins"].includes(first)
        ? null
        : "facebook";
    case "instagram.com":
      return ["p", "reel", "reels", "explore", "stories"].includes(first) ? null : "instagram";
    case "tiktok.com":
      return first.startsWith("@") ? "tiktok" : null;
    case "discord.gg":
      return segments.length > 0 ? "discord" : null;
    case "discord.com":
    case "discordapp.com":
      return first === "invite" && segments.length > 1 ? "discord" : null;
    case "reddit.com":
      return ["r", "user", "u"].includes(first) && segments.length > 1 ? "reddit" : null;
    case "threads.net":
    case "threads.com":
      return first.startsWith("@") ? "threads" : null;
    case "bsky.app":
      return first === "profile" && segments.length > 1 ? "bluesky" : null;
  }
  const profilePath = /^\/@[\w.-]+\/?$/.test(url.pathname);
  const mastodonHost = KNOWN_MASTODON_HOSTS.has(host) || /^(?:mastodon|mstdn|toot)\./.test(host);
  return profilePath && (mastodonHost || relMe) ? "mastodon" : null;
}

function readSocials(
  doc: Document,
  base: string,
  jsonLd: Record<string, unknown>[],
  testimonials: Element[],
): Record<string, string> {
  const socials: Record<string, string> = {};
  const add = (href: string | null | undefined, relMe: boolean) => {
    const url = resolve(href, base);
    if (!url) return;
    const platform = socialPlatform(url, relMe);
    if (!platform || platform in socials) return;
    url.hash = "";
    url.search = "";
    socials[platform] = url.href;
  };
  const sameAsOwners = [
    ...organizations(jsonLd),
    ...jsonLd.filter((item) => !jsonLdTypes(item).includes("Person")),
  ];
  for (const owner of sameAsOwners) {
    for (const href of stringsOf(owner.sameAs)) add(href, false);
  }
  for (const el of doc.querySelectorAll("a[href], link[href]")) {
    if (testimonials.some((t) => t.contains(el))) continue;
    add(el.getAttribute("href"), /(^|\s)me(\s|$)/i.test(el.getAttribute("rel") ?? ""));
  }
  return socials;
}

const EMAIL_IN_TEXT = /[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}/gi;

function readEmails(doc: Document, text: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const add = (email: string) => {
    const clean = email.trim().replace(/^mailto:/i, "");
    if (!/^[^\s@<>(),;:]+@[^\s@<>(),;:]+\.[a-z]{2,}$/i.test(clean)) return;
    if (/\.(?:png|jpe?g|gif|webp|svg|avif)$/i.test(clean)) return; // logo@2x.png
    const key = clean.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    found.push(clean);
  };
  for (const a of doc.querySelectorAll("a[href]")) {
    const href = (a.getAttribute("href") ?? "").trim();
    if (!/^mailto:/i.test(href)) continue;
    let addresses = href.slice(7).split("?")[0];
    try {
      addresses = decodeURIComponent(addresses);
    } catch {
      // Keep the raw text.
    }
    for (const address of addresses.split(",")) add(address);
  }
  for (const match of text.matchAll(EMAIL_IN_TEXT)) add(match[0]);
  return found;
}

/** Whether a URL is a video: YouTube, Vimeo, Loom or Wistia, or a video file. */
export function isVideoUrl(url: URL): boolean {
  const host = url.hostname.toLowerCase().replace(/^(?:www|m)\./, "");
  const path = url.pathname;
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    return (path === "/watch" && url.searchParams.has("v")) ||
      /^\/(?:embed|shorts|live|v)\/[\w-]+/.test(path);
  }
  if (host === "youtu.be") return /^\/[\w-]+/.test(path);
  if (host === "vimeo.com") return /^\/(?:\d+|video\/\d+|channels\/[\w-]+\/\d+)/.test(path);
  if (host === "player.vimeo.com") return /^\/video\/\d+/.test(path);
  if (host === "loom.com") return /^\/(?:share|embed)\/\w+/.test(path);
  if (host.endsWith("wistia.com") || host.endsWith("wistia.net")) {
    return /\/(?:medias|embed)\//.test(path);
  }
  return /\.(?:mp4|webm|mov|m4v|ogv)$/i.test(path);
}

function readVideoLinks(doc: Document, base: string): string[] {
  const out: string[] = [];
  const add = (href: string | null | undefined, always: boolean) => {
    const url = resolve(href, base);
    if (!url || !(always || isVideoUrl(url))) return;
    url.hash = "";
    if (!out.includes(url.href)) out.push(url.href);
  };
  for (const el of doc.querySelectorAll("a[href]")) add(el.getAttribute("href"), false);
  for (const el of doc.querySelectorAll("iframe, embed")) {
    add(el.getAttribute("src") ?? el.getAttribute("data-src"), false);
  }
  for (const el of doc.querySelectorAll("video[src], video source[src]")) {
    add(el.getAttribute("src"), true);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Copyright and testimonials

const COPYRIGHT = /©|\bcopyright\b|\(c\)\s*(?:19|20)\d\d/i;

function readCopyright(root: Element | null): string[] {
  if (!root) return [];
  const out: string[] = [];
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === 3) {
      const value = node.nodeValue ?? "";
      if (!COPYRIGHT.test(value)) continue;
      // The notice is the smallest element around the match with more than a bare "©" in it.
      let block = node.parentElement;
      while (
        block?.parentElement && INLINE.has(block.localName) && visibleText(block).length < 12
      ) {
        block = block.parentElement;
      }
      const notice = block ? copyrightNotice(visibleText(block)) : null;
      if (notice && !out.includes(notice)) out.push(notice);
    } else if (node.nodeType === 1 && !SKIPPED.has((node as Element).localName)) {
      const children = node.childNodes;
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
  }
  return out.slice(0, 10);
}

/** The notice itself from a block's text: the whole block when short, else from © to a stop. */
function copyrightNotice(text: string): string | null {
  if (text.length <= 200) return text || null;
  const start = text.search(COPYRIGHT);
  if (start < 0) return null;
  const rest = text.slice(start, start + 200);
  const stop = /\.\s|\s[|·•]\s/.exec(rest.slice(10));
  const notice = stop ? rest.slice(0, 10 + stop.index + 1) : rest;
  return normalizeWhitespace(notice);
}

const TESTIMONIAL_CLASS = /(?:^|[\s_-])(?:testimonial|review|quote)/i;

/**
 * Testimonial blocks: blockquotes (their figure when in one), and elements whose class or id says
 * testimonial, review or quote. A wrapper of several testimonials is split into its items.
 */
function findTestimonials(doc: Document): Element[] {
  const candidates = new Set<Element>();
  for (const el of doc.querySelectorAll("blockquote, [class], [id]")) {
    if (el.localName === "blockquote") {
      const figure = el.parentElement?.localName === "figure" ? el.parentElement : null;
      candidates.add(figure ?? el);
      continue;
    }
    if (["a", "button", "input", "html", "body"].includes(el.localName)) continue;
    if (!TESTIMONIAL_CLASS.test(classAndId(el))) continue;
    if (/request|get-a-quote|quote-form/i.test(classAndId(el))) continue;
    candidates.add(el);
  }
  const list = [...candidates];
  const isWrapper = (el: Element) => {
    const inner = list.filter((o) => o !== el && el.contains(o));
    if (inner.filter((o) => o.localName === "blockquote").length >= 2) return true;
    const top = inner.filter((o) => !inner.some((p) => p !== o && p.contains(o)));
    const shapes = top.map((o) => `${o.localName}.${o.getAttribute("class") ?? ""}`);
    return shapes.length >= 2 && new Set(shapes).size < shapes.length;
  };
  const items = list.filter((el) => !isWrapper(el));
  return items.filter((el) => !items.some((o) => o !== el && o.contains(el)))
    .filter((el) => visibleText(el).length >= 15);
}

function testimonialText(el: Element): string {
  let text = visibleText(el);
  // An attribution just after a bare blockquote ("— Jane, CTO at Globex") belongs to it.
  const next = el.localName === "blockquote" ? el.nextElementSibling : null;
  if (next) {
    const attribution = visibleText(next);
    if (
      attribution.length <= 160 &&
      (["cite", "figcaption", "footer"].includes(next.localName) || /^[—–-]/.test(attribution))
    ) {
      text = `${text} ${attribution}`;
    }
  }
  return text.slice(0, 2000);
}

// ---------------------------------------------------------------------------------------------
// Pricing

const CURRENCY = String.raw`(?:US\$|CA\$|A\$|C\$|[$€£¥₹]|\b(?:USD|EUR|GBP|CHF|CAD|AUD)\b)`;
const MONEY = new RegExp(
  String.raw`${CURRENCY}\s?\d[\d.,]*|\d[\d.,]*\s?(?:${CURRENCY}|€)`,
  "u",
);
const SOFT_PRICE =
  /^(?:free|free forever|custom|custom pricing|contact us|contact sales|let's talk)$/i;
/** What may stand around an amount in one price: "/ month", "per user", "from", "billed yearly". */
const PRICE_WORDS =
  /^(?:(?:\/|per\b|a\b|each\b|mo\b|monthly|yearly|annually|month|year|user|seat|from|starting|only|billed|excl|incl|ex\.|\+|vat|\*)[^]*)?$/i;
const PRICING_CONTEXT = /pric|plan|tier|package|subscri/i;
const PRICING_TITLE = /^(?:pricing|plans|prices|plans (?:&|and) pricing|simple pricing)$/i;
const CHECK = /^(?:✓|✔|✔️|✅|☑|●|yes|included|true|x)$/i;
const CROSS = /^(?:✗|✕|✖|❌|—|–|-|no|not included|false|n\/a)?$/i;

type Plan = { plan: string; price: string | null; features: string[] };

function readPricing(doc: Document, base: string): Plan[] {
  const onPricingPage = PRICING_CONTEXT.test(new URL(base).pathname);
  const plans: Plan[] = [];
  for (const table of doc.querySelectorAll("table")) {
    plans.push(...pricingTable(table));
  }
  plans.push(...pricingCards(doc, onPricingPage));
  const seen = new Set<string>();
  return plans.filter((p) => {
    const key = `${p.plan}|${p.price}`.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }).slice(0, MAX_PLANS);
}

function isPriceText(text: string): boolean {
  return text.length > 0 && text.length <= 60 && (MONEY.test(text) || SOFT_PRICE.test(text));
}

function rowCells(row: Element): Element[] {
  return [...row.children].filter((c) => c.localName === "td" || c.localName === "th");
}

/** A comparison table: plans as columns (a price row) or as rows (a "Price" column). */
function pricingTable(table: Element): Plan[] {
  const rows = [...table.querySelectorAll("tr")].filter((r) => r.closest("table") === table);
  if (rows.length < 2) return [];
  const grid = rows.map((r) => rowCells(r).map(visibleText));
  const header = grid[0];
  const priceColumn = header.findIndex((h) => /^(?:price|pricing|cost|monthly|per month)/i.test(h));
  if (priceColumn > 0) {
    return grid.slice(1).filter((r) => r[0] && isPriceText(r[priceColumn] ?? "")).map((r) => ({
      plan: r[0],
      price: r[priceColumn],
      features: r.flatMap((cell, i) =>
        i === 0 || i === priceColumn || CROSS.test(cell)
          ? []
          : [CHECK.test(cell) ? header[i] : header[i] ? `${header[i]}: ${cell}` : cell]
      ),
    }));
  }
  const priceRowIndex = grid.findIndex((r, i) =>
    i > 0 && r.slice(1).filter(isPriceText).length >= Math.max(1, (r.length - 1) / 2)
  );
  if (priceRowIndex < 0) return [];
  const firstPlanColumn = header.length > 1 ? 1 : 0;
  const plans: Plan[] = [];
  for (let col = firstPlanColumn; col < header.length; col++) {
    const name = header[col];
    if (!name) continue;
    const features: string[] = [];
    for (let r = 1; r < grid.length; r++) {
      if (r === priceRowIndex) continue;
      const label = grid[r][0] ?? "";
      const cell = grid[r][col] ?? "";
      if (CROSS.test(cell)) continue;
      features.push(CHECK.test(cell) ? label : label ? `${label}: ${cell}` : cell);
    }
    plans.push({ plan: name, price: grid[priceRowIndex][col] || null, features });
  }
  return plans;
}

/**
 * Pricing cards: each card is the largest block around one price that holds no other price.
 * Amounts ("€12 / month") are found first; "Free" or "Custom" texts count only outside those cards.
 */
function pricingCards(doc: Document, onPricingPage: boolean): Plan[] {
  const root = doc.body?.firstChild ? doc.body : doc.documentElement;
  if (!root) return [];
  const hard: Element[] = [];
  const soft: Element[] = [];
  const all = [...root.querySelectorAll("*")];
  for (const el of all) {
    if (el.closest("table") || ["a", "button", "option", "select"].includes(el.localName)) continue;
    const text = visibleText(el);
    if (!isPriceText(text)) continue;
    if (!onPricingPage && !ancestorsAndSelf(el).some((a) => PRICING_CONTEXT.test(classAndId(a)))) {
      continue;
    }
    if (MONEY.test(text)) {
      // The smallest element holding the amount: no child holds one.
      if (![...el.children].some((c) => MONEY.test(visibleText(c)))) hard.push(el);
    } else if (el.children.length === 0 || /^h[1-6]$/.test(el.localName)) {
      soft.push(el);
    }
  }
  // "<span>$12</span> / month": the parent, amount and period, is the price.
  const amounts = hard.map((el) => {
    const parent = el.parentElement;
    if (!parent || /^h[1-6]$/.test(parent.localName)) return el;
    const rest = visibleText(parent).replace(visibleText(el), " ").trim();
    return rest.length <= 30 && PRICE_WORDS.test(rest) ? parent : el;
  }).filter((el, i, all) => all.indexOf(el) === i);
  const plans: (Plan & { at: number })[] = [];
  const cards: Element[] = [];
  const hardCounts = countAncestors(amounts);
  const softCounts = countAncestors([...amounts, ...soft]);
  const add = (price: Element, card: Element) => {
    if (card === price || cards.some((c) => c.contains(price) || card.contains(c))) return;
    const priceText = visibleText(price);
    const name = planName(card, price, priceText);
    if (!name) return;
    cards.push(card);
    const features = [...card.querySelectorAll("li")].map(visibleText)
      .filter((f) => f && f !== priceText).slice(0, 20);
    plans.push({ plan: name, price: priceText, features, at: all.indexOf(card) });
  };
  for (const price of amounts) {
    let card = price;
    for (let up = price.parentElement; up; up = up.parentElement) {
      if (["body", "main", "html"].includes(up.localName)) break;
      if ((hardCounts.get(up) ?? 0) > 1 || visibleText(up).length > 2000) break;
      // A "Free" of another card stops the climb; one in a card still unnamed is its name.
      const foreignSoft = soft.some((s) => up.contains(s) && !card.contains(s));
      if (foreignSoft && planName(card, price, visibleText(price)) !== null) break;
      card = up;
    }
    add(price, card);
  }
  for (const price of soft) {
    let card = price;
    for (let up = price.parentElement; up; up = up.parentElement) {
      if (["body", "main", "html"].includes(up.localName)) break;
      if ((softCounts.get(up) ?? 0) > 1 || visibleText(up).length > 2000) break;
      card = up;
    }
    add(price, card);
  }
  return plans.sort((a, b) => a.at - b.at).map(({ at: _, ...plan }) => plan);
}

function countAncestors(elements: Element[]): Map<Element, number> {
  const counts = new Map<Element, number>();
  for (const el of elements) {
    for (const a of ancestorsAndSelf(el)) counts.set(a, (counts.get(a) ?? 0) + 1);
  }
  return counts;
}

function planName(card: Element, price: Element, priceText: string): string | null {
  const candidates = [
    ...card.querySelectorAll("h1, h2, h3, h4, h5, h6"),
    ...[...card.querySelectorAll("[class]")].filter((el) =>
      /(^|[\s_-])(name|title|plan-name|tier-name)([\s_-]|$)/i.test(el.getAttribute("class") ?? "")
    ),
    ...card.querySelectorAll("strong, b"),
  ];
  for (const el of candidates) {
    if (el !== price && el.contains(price) && !SOFT_PRICE.test(priceText)) continue;
    const text = visibleText(el);
    if (!text || text.length > 60 || PRICING_TITLE.test(text)) continue;
    if (text === priceText && !SOFT_PRICE.test(text)) continue;
    return text;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// FAQs

const FAQ_CONTEXT = /faq|question|accordion/i;
const FAQ_TITLE = /\bfaqs?\b|frequently asked|questions/i;

function readFaqs(
  doc: Document,
  base: string,
  jsonLd: Record<string, unknown>[],
): { question: string; answer: string }[] {
  const onFaqPage = /faq|help|support|questions/i.test(new URL(base).pathname);
  const inContext = (el: Element) =>
    onFaqPage || ancestorsAndSelf(el).some((a) => FAQ_CONTEXT.test(classAndId(a)));
  const out: { question: string; answer: string }[] = [];
  const seen = new Set<string>();
  const add = (question: string, answer: string) => {
    const q = normalizeWhitespace(question);
    const a = normalizeWhitespace(answer).slice(0, MAX_ANSWER);
    const key = q.toLowerCase();
    if (!q || !a || q.length > 300 || seen.has(key) || out.length >= MAX_FAQS) return;
    seen.add(key);
    out.push({ question: q, answer: a });
  };

  for (const details of doc.querySelectorAll("details")) {
    const summary = [...details.children].find((c) => c.localName === "summary");
    if (!summary) continue;
    const question = visibleText(summary);
    if (!question.endsWith("?") && !inContext(details)) continue;
    const answer = [...details.childNodes].filter((n) => n !== summary).map(visibleText).join(" ");
    add(question, answer);
  }

  for (const dt of doc.querySelectorAll("dt")) {
    const question = visibleText(dt);
    if (!question.endsWith("?") && !inContext(dt)) continue;
    const answers: string[] = [];
    for (
      let next = dt.nextElementSibling;
      next?.localName === "dd";
      next = next.nextElementSibling
    ) {
      answers.push(visibleText(next));
    }
    add(question, answers.join(" "));
  }

  // Question headings (or accordion buttons) in a FAQ section, answered by what follows them.
  const headings = [...doc.querySelectorAll("h1, h2, h3, h4, h5, h6")];
  const questionEls = [
    ...doc.querySelectorAll("h2, h3, h4, h5, h6, button, [class*='question']"),
  ].filter((el) => visibleText(el).endsWith("?") && el.closest("details, dt, summary") === null);
  for (const el of questionEls) {
    const isHeading = /^h[1-6]$/.test(el.localName);
    const section = isHeading ? sectionTitle(headings, el) : null;
    if (!inContext(el) && !(section && FAQ_TITLE.test(section))) continue;
    add(visibleText(el), answerAfter(el));
  }

  for (const item of jsonLd) {
    if (!jsonLdTypes(item).includes("FAQPage")) continue;
    const entities = Array.isArray(item.mainEntity) ? item.mainEntity : [item.mainEntity];
    for (const q of entities) {
      if (!isRecord(q) || typeof q.name !== "string") continue;
      const accepted = Array.isArray(q.acceptedAnswer) ? q.acceptedAnswer[0] : q.acceptedAnswer;
      const text = isRecord(accepted) && typeof accepted.text === "string" ? accepted.text : "";
      add(stripTags(q.name), stripTags(text));
    }
  }
  return out;
}

/** The text of the nearest heading above `el` with a lower level, if any. */
function sectionTitle(headings: Element[], el: Element): string | null {
  const index = headings.indexOf(el);
  const level = Number(el.localName.slice(1));
  for (let i = index - 1; i >= 0; i--) {
    if (Number(headings[i].localName.slice(1)) < level) return visibleText(headings[i]);
  }
  return null;
}

function answerAfter(el: Element): string {
  const isBoundary = (n: Element) =>
    /^h[1-6]$/.test(n.localName) || n.localName === "button" ||
    n.querySelector("h1, h2, h3, h4, h5, h6, button") !== null;
  for (let from: Element | null = el, depth = 0; from && depth < 3; depth++) {
    const parts: string[] = [];
    for (
      let next = from.nextElementSibling;
      next && !isBoundary(next);
      next = next.nextElementSibling
    ) {
      parts.push(visibleText(next));
    }
    const answer = normalizeWhitespace(parts.join(" "));
    if (answer) return answer;
    // `<div class="q"><h3>Q?</h3></div><div class="a">A</div>`: try the wrapper's siblings.
    from = from.parentElement;
    if (from && from.localName === "body") break;
  }
  return "";
}

function stripTags(html: string): string {
  const entities: Record<string, string> = {
    "&amp;": "&",
    "&lt;": "<",
    "&gt;": ">",
    "&quot;": '"',
    "&#39;": "'",
    "&nbsp;": " ",
  };
  return normalizeWhitespace(
    html.replace(/<[^>]*>/g, " ").replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (e) => entities[e]),
  );
}
