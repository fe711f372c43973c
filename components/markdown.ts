/**
 * Markdown to HTML for blog posts and API descriptions. Raw HTML in the Markdown is shown as
 * text (escaped), and links and images keep only http(s), mailto and same-site URLs.
 */
import { Marked, type Tokens } from "marked";
import { escapeHtml } from "../services/platform/mod.ts";

/** A URL that is safe in a Markdown link or image, or null. */
function safeMarkdownUrl(href: string, allowMailto: boolean): string | null {
  const url = href.trim();
  if (/^(\/(?!\/)|#|\.{0,2}\/)/.test(url)) return url; // same-site path or fragment
  try {
    const { protocol } = new URL(url);
    if (protocol === "https:" || protocol === "http:") return url;
    if (allowMailto && protocol === "mailto:") return url;
  } catch {
    // not an absolute URL either
  }
  return null;
}

/** A heading's anchor id: `Launch week!` → `launch-week`. */
export function headingId(text: string): string {
  return text.toLowerCase().replace(/<[^>]*>/g, "").replace(/&[a-z#0-9]+;/g, "")
    .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag): string {
      return escapeHtml(text);
    },
    link(token: Tokens.Link): string {
      const text = this.parser.parseInline(token.tokens);
      const href = safeMarkdownUrl(token.href, true);
      if (!href) return text;
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : "";
      const external = /^https?:/i.test(href) ? ` rel="noopener"` : "";
      return `<a href="${escapeHtml(href)}"${title}${external}>${text}</a>`;
    },
    image(token: Tokens.Image): string {
      const src = safeMarkdownUrl(token.href, false);
      if (!src) return escapeHtml(token.text);
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : "";
      return `<img src="${escapeHtml(src)}" alt="${
        escapeHtml(token.text)
      }"${title} loading="lazy">`;
    },
    heading(token: Tokens.Heading): string {
      const text = this.parser.parseInline(token.tokens);
      // The page title is the only h1: Markdown headings start at h2.
      const level = Math.min(6, token.depth + 1);
      return `<h${level} id="${headingId(text)}">${text}</h${level}>\n`;
    },
  },
});

/**
 * Renders Markdown to safe HTML. The page's title is its only h1, so the Markdown's headings
 * start at h2 and none skips a level: `##`/`###` → h2/h3, `#`/`##` → h2/h3, and `##` then
 * `####` → h2, h3 (a heading is one level under the nearest shallower one before it).
 */
export function renderMarkdown(markdown: string): string {
  const tokens = marked.lexer(markdown);
  const open: { depth: number; level: number }[] = [];
  marked.walkTokens(tokens, (t) => {
    if (t.type !== "heading") return;
    const heading = t as Tokens.Heading;
    while (open.length && open[open.length - 1].depth > heading.depth) open.pop();
    const top = open.at(-1);
    const level = top?.depth === heading.depth ? top.level : Math.min(5, (top?.level ?? 0) + 1);
    if (top?.depth !== heading.depth) open.push({ depth: heading.depth, level });
    heading.depth = level;
  });
  return marked.parser(tokens) as string;
}

/** Renders one line of Markdown (code spans, emphasis, links) to safe inline HTML. */
export function renderMarkdownInline(markdown: string): string {
  return marked.parseInline(markdown) as string;
}
