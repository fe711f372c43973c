/**
 * The parts of a page that are not about the product itself, each with its visible text:
 * navigation, footers, sidebars, cookie and legal notices, logo walls ("trusted by", "as seen
 * in") and teasers of other things (blog posts, related or other products). The verifier lets no
 * quote from them carry the product's own facts.
 */
import { classAndId, visibleText } from "./dom.ts";

/** One zone: its kind and its visible text. */
export interface Zone {
  kind: "nav" | "footer" | "aside" | "legal" | "logos" | "teaser";
  text: string;
}

const BY_TAG: [string, Zone["kind"]][] = [
  ["nav, [role='navigation']", "nav"],
  ["footer, [role='contentinfo']", "footer"],
  ["aside, [role='complementary']", "aside"],
];

const CLASS_KINDS: [RegExp, Zone["kind"]][] = [
  [/(?:^|[\s_-])(?:cookie|cookies|consent|gdpr|legal|disclaimer)(?:$|[\s_-])/i, "legal"],
  [
    /(?:^|[\s_-])(?:logos|logo-(?:wall|cloud|strip|grid|row)|trusted|trusted-by|clients|as-seen|press-logos|featured-in)(?:$|[\s_-])/i,
    "logos",
  ],
  [
    /(?:^|[\s_-])(?:teaser|teasers|related|blog-?(?:posts|teasers|list|preview)|latest-posts|recent-posts|more-products|other-products)(?:$|[\s_-])/i,
    "teaser",
  ],
];

/** Whole class or id names of a menu or a footer. */
const CLASS_NAMED: Record<string, Zone["kind"]> = Object.fromEntries([
  ...["nav", "navbar", "navigation", "topnav", "top-nav", "site-nav", "main-nav", "menu"]
    .map((c) => [c, "nav"]),
  ...["footer", "site-footer", "page-footer"].map((c) => [c, "footer"]),
]);

const HEADING_KINDS: [RegExp, Zone["kind"]][] = [
  [
    /^(?:trusted by|as seen (?:in|on)|featured (?:in|on)|our (?:clients|customers)|used by|loved by|in the press)\b/i,
    "logos",
  ],
  [
    /^(?:from (?:the|our) (?:blog|journal|magazine)|(?:latest|recent) (?:posts|news|articles|stories|from the blog)|related(?: products| posts| articles| tools)?|you (?:may|might) also like|other products|more from|(?:our )?(?:blog|journal|news)$)/i,
    "teaser",
  ],
];

/** A zone's element may not hold most of the page (a wrapper is not a zone). */
const MAX_SHARE = 0.6;

/** The page's zones, in document order per kind (at most 40). */
export function readZones(doc: Document, pageText: string): Zone[] {
  const out: Zone[] = [];
  const add = (text: string, kind: Zone["kind"]) => {
    if (!text || text.length > pageText.length * MAX_SHARE && kind !== "nav") return;
    if (!out.some((z) => z.kind === kind && z.text === text)) out.push({ kind, text });
  };
  for (const [selector, kind] of BY_TAG) {
    for (const el of doc.querySelectorAll(selector)) add(visibleText(el), kind);
  }
  for (const el of doc.querySelectorAll("[class], [id]")) {
    if (["html", "body", "main", "a", "button", "img"].includes(el.localName)) continue;
    const hit = CLASS_KINDS.find(([re]) => re.test(classAndId(el)));
    if (hit) add(visibleText(el), hit[1]);
    // A menu or footer built from divs ("<div class="nav">"): named by a whole class or id, and
    // never most of the page.
    const named = classAndId(el).toLowerCase().split(/\s+/).map((c) => CLASS_NAMED[c]).find(
      Boolean,
    );
    const text = named ? visibleText(el) : "";
    if (named && text.length <= pageText.length * MAX_SHARE) add(text, named);
  }
  for (const h of doc.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
    const hit = HEADING_KINDS.find(([re]) => re.test(visibleText(h)));
    if (hit) add(sectionText(h), hit[1]);
  }
  return out.slice(0, 40);
}

const HEADING = "h1, h2, h3, h4, h5, h6";

/**
 * The text of the section a heading leads: its nearest section-like ancestor whose first heading
 * it is, else the heading and its following siblings up to the next heading of its level or higher.
 */
function sectionText(h: Element): string {
  const parent = h.parentElement;
  if (
    parent && !["body", "main", "html"].includes(parent.localName) &&
    parent.querySelector(HEADING) === h &&
    ["section", "aside", "article", "div"].includes(parent.localName)
  ) {
    return visibleText(parent);
  }
  const level = Number(h.localName.slice(1));
  const parts = [visibleText(h)];
  for (let el = h.nextElementSibling; el; el = el.nextElementSibling) {
    const inner = /^h[1-6]$/.test(el.localName) ? el : el.querySelector(HEADING);
    if (inner && Number(inner.localName.slice(1)) <= level) break;
    // In a flat page the teasers are the items that lead with their link; prose after them is not.
    if (!["article", "ul", "ol"].includes(el.localName) && !leadsWithLink(el)) break;
    parts.push(visibleText(el));
  }
  return parts.filter(Boolean).join(" ");
}

/** Whether an element's first content is a link (a teaser's title). */
function leadsWithLink(el: Element): boolean {
  for (const node of el.childNodes) {
    if (node.nodeType === 3 && !(node.nodeValue ?? "").trim()) continue;
    if (node.nodeType !== 1) return false;
    const child = node as Element;
    return child.localName === "a" || leadsWithLink(child);
  }
  return false;
}
