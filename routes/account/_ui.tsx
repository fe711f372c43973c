/** What the account pages share: their page shell, form parts, dates and tables. */
import type { Context } from "hono";
import type { ComponentChildren, VNode } from "preact";
import { formatDate } from "../../components/format.ts";
import { oauthUrls } from "../../services/access/mod.ts";
import type { Deps, ErrorDetail } from "../../services/platform/mod.ts";
import { privatePage } from "../pages/_forms.ts";
import { CSRF_FIELD } from "../session.ts";

/** Renders an account page in the shared layout, out of search engines. */
export function accountPage(
  deps: Deps,
  c: Context,
  title: string,
  body: VNode,
  status = 200,
): Promise<Response> {
  return privatePage(
    deps,
    c,
    { title, description: `${title}: accounts and API keys.`, status },
    body,
  );
}

/** What an OAuth resource is called on the consent and apps pages. */
export function resourceLabel(deps: Deps, resource: string): string {
  return resource === oauthUrls(deps.config.publicUrl).mcpResource
    ? "the MCP server"
    : "the REST API";
}

/** A narrow page: its header (title, lead) and then its content. */
export function NarrowPage(
  { header, children }: { header: ComponentChildren; children?: ComponentChildren },
) {
  return (
    <section class="account-narrow">
      <header class="page-header">{header}</header>
      {children}
    </section>
  );
}

/** The hidden field carrying a form's CSRF token. */
export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={token} />;
}

/** A Revoke button posting to `action`. */
export function RevokeForm(
  { action, csrf, label }: { action: string; csrf: string; label?: string },
) {
  return (
    <form method="post" action={action}>
      <CsrfField token={csrf} />
      <button type="submit" class="button button-ghost button-small" aria-label={label}>
        Revoke
      </button>
    </form>
  );
}

/** A date and time in UTC, or "never". */
export function DateTime({ iso }: { iso: string | null }) {
  if (!iso) return <span class="muted">never</span>;
  return <time dateTime={iso}>{formatDate(iso)} {iso.slice(11, 16)} UTC</time>;
}

/** The messages of the errors about one form field. */
export function Errors({ errors, path }: { errors?: ErrorDetail[]; path: string }) {
  const mine = (errors ?? []).filter((e) => e.path === path);
  if (mine.length === 0) return null;
  return (
    <p class="notice notice-error" id={`${path}-error`} role="alert">
      {mine.map((e) => e.message).join("; ")}
    </p>
  );
}

/** A table of a person's keys or apps: one row each, with a last column of actions. */
export function ItemTable(
  { headings, actions, card, children }: {
    headings: string[];
    /** The (visually hidden) heading of the actions column. */
    actions: string;
    card?: boolean;
    children: ComponentChildren;
  },
) {
  return (
    <div class={card ? "table-wrap card" : "table-wrap"}>
      <table class="keys-table">
        <thead>
          <tr>
            {headings.map((heading) => <th key={heading} scope="col">{heading}</th>)}
            <th scope="col">
              <span class="sr-only">{actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
