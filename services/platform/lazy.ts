/**
 * The npm packages that ordinary requests never need, loaded on first use instead of at start:
 * importing them all takes about a second, before the server could answer. Each is imported
 * once, by the first caller that needs it, and kept.
 */

/** `load` run once, on the first call; a failed load is tried again by the next call. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((err) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}

/** linkedom (the page checks and the drafter's page reader). */
const linkedom = loadOnce(() => import("linkedom"));

/** Parses an HTML document with linkedom's DOMParser. */
export async function parseHtml(html: string): Promise<Document> {
  const { DOMParser } = await linkedom();
  return new DOMParser().parseFromString(html, "text/html") as unknown as Document;
}

/** The official MCP SDK's server package (the /mcp endpoint). */
export const mcpServerSdk = loadOnce(() => import("@modelcontextprotocol/server"));
/** The Stripe SDK's class (checkout, refunds, webhooks). */
export const stripeSdk = loadOnce(async () => (await import("stripe")).default);
/** The OpenAI SDK's client class (the LLM drafter). */
export const openAiSdk = loadOnce(async () => (await import("openai")).default);
/** nodemailer (SMTP delivery). */
export const nodemailerSdk = loadOnce(async () => (await import("nodemailer")).default);
/** robots-parser: CommonJS (`module.exports = fn`) with a d.ts that says `export default`. */
export const robotsParserSdk = loadOnce(async () => {
  const parser = (await import("robots-parser")).default;
  return parser as unknown as typeof parser.default;
});
