/**
 * Text on a page that is never evidence about the product itself: copyright notices (never a
 * founding year) and testimonials (the companies named there are customers).
 */
import { normalizeWhitespace } from "../evidence.ts";
import { classAndId, INLINE, SKIPPED, visibleText } from "./dom.ts";

const COPYRIGHT = /©|\bcopyright\b|\(c\)\s*(?:19|20)\d\d/i;

/** The copyright notices in the text under `root` (at most 10). */
export function readCopyright(root: Element | null): string[] {
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
/** Site builders name sections in these attributes (Framer, Wix, Webflow), not in classes. */
const NAMING_ATTRIBUTES = ["data-framer-name", "name", "aria-label", "data-testid"];
const NAMED = ["class", "id", ...NAMING_ATTRIBUTES].map((a) => `[${a}]`).join(", ");
/** A section heading that introduces customers' words ("What customers say", "Loved by …"). */
const TESTIMONIAL_HEADING =
  /^(?:testimonials?|reviews|(?:what|hear what) (?:our |people |)(?:customers|users|clients|people|creators|teams|they)\b.{0,20}\b(?:say|said|are saying|think)|loved by\b|(?:customer|user) (?:stories|love|reviews)|kind words)/i;

/** The class, id and naming attributes an element is known by. */
function namesOf(el: Element): string {
  const named = NAMING_ATTRIBUTES.map((a) => el.getAttribute(a) ?? "").join(" ");
  return `${classAndId(el)} ${named.replace(/\s+/g, "-")}`;
}

/**
 * Testimonial blocks: blockquotes (their figure when in one), elements whose class, id or naming
 * attribute (data-framer-name, name, aria-label, data-testid) says testimonial, review or quote,
 * and sections led by a heading such as "What customers say". A wrapper of several testimonials is
 * split into its items.
 */
export function findTestimonials(doc: Document): Element[] {
  const headed = new Set(headedTestimonials(doc));
  const candidates = new Set<Element>();
  for (const el of doc.querySelectorAll(`blockquote, section, article, aside, ${NAMED}`)) {
    if (headed.has(el)) {
      candidates.add(el);
      continue;
    }
    if (el.localName === "blockquote") {
      const figure = el.parentElement?.localName === "figure" ? el.parentElement : null;
      candidates.add(figure ?? el);
      continue;
    }
    if (["a", "button", "input", "html", "body"].includes(el.localName)) continue;
    if (!TESTIMONIAL_CLASS.test(namesOf(el))) continue;
    if (/request|get-a-quote|quote-form/i.test(namesOf(el))) continue;
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

/** A testimonial's text, with the attribution that follows a bare blockquote. */
export function testimonialText(el: Element): string {
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

/** Sections led by a heading that introduces customers' words: the heading's section-like parent. */
function headedTestimonials(doc: Document): Element[] {
  const out: Element[] = [];
  for (const h of doc.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
    if (!TESTIMONIAL_HEADING.test(visibleText(h))) continue;
    const section = h.closest("section, article, aside, [data-framer-name], [data-testid]");
    if (!section || ["body", "main", "html"].includes(section.localName)) continue;
    if (section.querySelector("h1, h2, h3, h4, h5, h6") === h) out.push(section);
  }
  return out;
}
