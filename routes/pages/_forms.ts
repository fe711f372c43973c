/** Helpers of the pages that take form posts and need a signed-in person. */
import type { Context } from "hono";
import type { VNode } from "preact";
import type { Deps } from "../../services/platform/mod.ts";
import { renderPage } from "./_page.tsx";

/** Renders a page that search engines must not index (accounts, invites, consent). */
export function privatePage(
  deps: Deps,
  c: Context,
  options: { title: string; description: string; status?: number },
  body: VNode,
): Promise<Response> {
  return renderPage({ c, deps, openApi: () => ({}) }, {
    ...options,
    noindex: true,
    status: options.status ?? 200,
  }, body);
}

/** The posted form fields (empty unless the body is a form). */
export async function readForm(c: Context): Promise<URLSearchParams> {
  const type = c.req.header("content-type") ?? "";
  if (type.startsWith("application/x-www-form-urlencoded")) {
    return new URLSearchParams(await c.req.text());
  }
  if (type.startsWith("multipart/form-data")) {
    const params = new URLSearchParams();
    for (const [name, value] of await c.req.formData()) {
      if (typeof value === "string") params.append(name, value);
    }
    return params;
  }
  return new URLSearchParams();
}
