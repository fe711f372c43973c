/** What every page handler shares: its context, the document renderer and query parsing. */
import type { Context } from "hono";
import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import Layout, { type HeaderAccount, type PageMeta } from "../../components/Layout.tsx";
import { badRequest, type Deps, getSettings } from "../../services/platform/mod.ts";
import { currentSession } from "../session.ts";

/** What a page handler gets: the request, the dependencies and the OpenAPI document. */
export interface PageContext {
  c: Context;
  deps: Deps;
  openApi: Record<string, unknown>;
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

/** Renders a page in the shared layout as an HTML response. */
export async function renderPage(
  ctx: PageContext,
  options: PageOptions,
  body: VNode,
): Promise<Response> {
  const { name } = await getSettings(ctx.deps.kv);
  const signedIn = currentSession(ctx.c);
  const { path, fullTitle, status, ...meta } = options;
  const html = renderDocument(
    name,
    {
      ...meta,
      title: fullTitle ? meta.title : `${meta.title} · ${name}`,
      canonicalUrl: ctx.deps.config.publicUrl + (path ?? ctx.c.req.path),
    },
    body,
    signedIn && { email: signedIn.user.email, csrfToken: signedIn.session.csrf_token },
  );
  return ctx.c.html(html, (status ?? 200) as 200);
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
