/** Writing XML documents: escaped text and the answer with its type, ETag and Cache-Control. */
import type { Context } from "hono";
import { escapeHtml } from "../../services/platform/mod.ts";
import { PAGE_CACHE_CONTROL, taggedAnswer } from "../public_reads.ts";

/** Characters XML 1.0 does not allow at all (control characters but tab, newline and return). */
// deno-lint-ignore no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text (or an attribute value) escaped for XML, with characters XML forbids left out. */
export function xmlText(text: string): string {
  return escapeHtml(text.replace(NOT_XML, ""));
}

/** An element with escaped text content: `<name>text</name>`. */
export function xmlElement(name: string, text: string): string {
  return `<${name}>${xmlText(text)}</${name}>`;
}

/** The XML declaration every document starts with. */
export const XML_DECLARATION = `<?xml version="1.0" encoding="UTF-8"?>\n`;

/** An XML document answered with its type, an ETag (304 when held) and a short public cache. */
export function xmlAnswer(c: Context, xml: string, contentType: string): Response {
  return taggedAnswer(
    c,
    XML_DECLARATION + xml,
    `${contentType}; charset=utf-8`,
    PAGE_CACHE_CONTROL,
  );
}
