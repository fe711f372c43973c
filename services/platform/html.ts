/** HTML text helpers with no dependencies, safe to bundle into islands as well as to run on the server. */

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Escapes text for HTML text and attribute values.
 *
 * @example
 * ```ts
 * escapeHtml(`<a href="x">`); // "&lt;a href=&quot;x&quot;&gt;"
 * ```
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
