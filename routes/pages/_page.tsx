/** What every page handler shares: its context, the document renderer and query parsing. */
import type { Context } from "hono";
import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import Layout, { type HeaderAccount, type PageMeta } from "../../components/Layout.tsx";
import { badRequest, type Deps, getSettings } from "../../services/platform/mod.ts";
import { CSRF_FIELD, currentSession } from "../session.ts";
import { PAGE_CACHE_CONTROL, taggedAnswer } from "../public_reads.ts";
import type { SeoMeta } from "../seo/page_meta.ts";

/** What a page handler gets: the request, the dependencies and the OpenAPI document. */
export interface PageContext {
  c: Context;
  deps: Deps;
  /** Built on first use, then kept. */
  openApi: () => Record<string, unknown>;
}

/** A page handler: reads input, calls services, renders a component. */
export type PageHandler = (ctx: PageContext) => Promise<Response>;

/** The head of a page; the canonical URL is built from `path` (default: the request's path). */
export interface PageOptions extends Omit<PageMeta, "canonicalUrl"> {
  /** Path (and query) of the canonical URL. */
  path?: string;
  /** Use `title` as is, without the site name. */
  fullTitle?: boolean;
  status?: number;
  /** Structured data, feeds and card image, given the site's name (routes/seo/page_meta.ts). */
  seo?: (siteName: string) => SeoMeta;
}

/** A whole HTML document (`<!DOCTYPE html>…`) for a page body. */
export function renderDocument(
  siteName: string,
  meta: PageMeta,
  body: VNode,
  account: HeaderAccount | null = null,
): string {
  return "<!DOCTYPE html>" +
    renderToString(<Layout siteName={siteName} meta={meta} account={account}>{body}</Layout>);
}

/** The signed-in person of a request as the header shows them, or null. */
export function headerAccountOf(c: Context): HeaderAccount | null {
  const signedIn = currentSession(c);
  return signedIn && { email: signedIn.user.email, csrfToken: signedIn.session.csrf_token };
}

/** Renders a page in the shared layout as an HTML response. */
export async function renderPage(
  ctx: PageContext,
  options: PageOptions,
  body: VNode,
): Promise<Response> {
  const { name } = await getSettings(ctx.deps.kv);
  const { path, fullTitle, status, seo, ...meta } = options;
  const html = renderDocument(
    name,
    {
      ...meta,
      ...seo?.(name),
      title: fullTitle ? meta.title : `${meta.title} · ${name}`,
      canonicalUrl: ctx.deps.config.publicUrl + (path ?? ctx.c.req.path),
    },
    body,
    headerAccountOf(ctx.c),
  );
  return pageAnswer(ctx.c, html, status ?? 200);
}

/** A form's CSRF field with a token in it (an anonymous vote form's is empty). */
const FORM_TOKEN = new RegExp(`name="${CSRF_FIELD}" value="[^"]`);

/**
 * A page's HTML with its cache headers. An anonymous 200 without a form token is public with an
 * ETag (304 when held), varying by cookie; a page for a signed-in person, one with a CSRF token,
 * an error, or one that set its own Cache-Control is never kept by a shared cache.
 */
function pageAnswer(c: Context, html: string, status: number): Response {
  c.header("Vary", "Cookie");
  if (c.res.headers.has("Cache-Control")) return c.html(html, status as 200);
  if (currentSession(c) || status !== 200 || FORM_TOKEN.test(html)) {
    c.header("Cache-Control", "private, no-store");
    return c.html(html, status as 200);
  }
  return taggedAnswer(c, html, "text/html; charset=UTF-8", PAGE_CACHE_CONTROL);
}

/** Reads `?page=` (default 1); anything but an integer from 1 to 1000 is a 400. */
export function pageParam(c: Context, perPage: number): { page: number; per_page: number } {
  const raw = c.req.query("page");
  if (raw === undefined || raw === "") return { page: 1, per_page: perPage };
  const page = Number(raw);
  if (!/^\d{1,4}$/.test(raw) || page < 1 || page > 1000) {
    throw badRequest(`Invalid page "${raw}": expected an integer from 1 to 1000`, [
      { path: "page", message: "Expected an integer from 1 to 1000" },
    ]);
  }
  return { page, per_page: perPage };
}

/** A path with `?page=` for pages after the first. */
export function withPage(path: string, page: number): string {
  if (page <= 1) return path;
  return `${path}${path.includes("?") ? "&" : "?"}page=${page}`;
}
