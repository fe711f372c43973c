/** What the site team's pages share: who may see them, the page shell, and error notices. */
import type { Context, MiddlewareHandler } from "hono";
import type { VNode } from "preact";
import { isAdmin, type SignedIn } from "../../services/access/mod.ts";
import type { ListingRef } from "../../services/commerce/mod.ts";
import { ApiError, type Deps } from "../../services/platform/mod.ts";
import { privatePage, readForm } from "../pages/_forms.ts";
import { assertSignedIn, CSRF_FIELD, verifyCsrf } from "../session.ts";

/**
 * The signed-in team member (ADMIN_EMAILS), or null for another account: the caller answers the
 * normal 404. A signed-out visitor is sent to sign in and back (`assertSignedIn` throws the 303).
 */
export function teamMember(deps: Deps, c: Context): SignedIn | null {
  // After signing in, a post's visitor comes back to the section's page, not to the action.
  const section = c.req.path.split("/").slice(0, 3).join("/");
  const who = assertSignedIn(c, c.req.method === "GET" ? {} : { next: section });
  return isAdmin(deps.config, who.user.email) ? who : null;
}

/**
 * The gate in front of every /admin path (routes/admin/mod.ts): signed out, sign in and back;
 * signed in outside the team, the normal 404, whatever the path.
 */
export function teamOnly(deps: Deps): MiddlewareHandler {
  return async (c, next) => {
    if (!teamMember(deps, c)) return c.notFound();
    await next();
  };
}

/** Every console section's path: link through these. */
export const adminPaths = {
  home: "/admin",
  edits: "/admin/edits",
  claims: "/admin/claims",
  votes: "/admin/votes",
  reviews: "/admin/reviews",
  tasks: "/admin/tasks",
  orders: "/admin/orders",
  listings: "/admin/listings",
  settings: "/admin/settings",
  metrics: "/admin/metrics",
  audit: "/admin/audit",
} as const;

/** The sections in the navigation's order, with their names. */
export const ADMIN_SECTIONS: readonly (readonly [keyof typeof adminPaths, string])[] = [
  ["home", "Console"],
  ["edits", "Owner edits"],
  ["claims", "Claims"],
  ["votes", "Flagged votes"],
  ["reviews", "Flagged reviews"],
  ["tasks", "Tasks"],
  ["orders", "Orders"],
  ["listings", "Listings"],
  ["settings", "Settings & prices"],
  ["metrics", "Domain Rating & revenue"],
  ["audit", "Audit log"],
];

/** The console's navigation, shown on every site-team page; the current section marked. */
export function AdminNav({ path }: { path: string }) {
  const current = ADMIN_SECTIONS.filter(([key]) =>
    key === "home" ? path === adminPaths.home : path.startsWith(adminPaths[key])
  ).at(-1)?.[0];
  return (
    <nav class="tabs tabs-links admin-nav" aria-label="Site team console">
      {ADMIN_SECTIONS.map(([key, label]) => (
        <a
          key={key}
          class="tab"
          href={adminPaths[key]}
          aria-current={key === current ? "page" : undefined}
        >
          {label}
        </a>
      ))}
    </nav>
  );
}

/**
 * A team member's form post: the member and the form, its CSRF token checked; null for anyone
 * else (the caller answers the normal 404).
 */
export async function teamForm(
  deps: Deps,
  c: Context,
): Promise<{ who: SignedIn; form: URLSearchParams } | null> {
  const who = teamMember(deps, c);
  if (!who) return null;
  const form = await readForm(c);
  verifyCsrf(deps, c, who.session, form.get(CSRF_FIELD));
  return { who, form };
}

/** Renders a site-team page (out of search engines); `status` 409 for a refused action. */
export function teamPage(deps: Deps, c: Context, title: string, body: VNode, status = 200) {
  const description = `${title}: the site team's console.`;
  const page = (
    <>
      <AdminNav path={c.req.path} />
      {body}
    </>
  );
  return privatePage(deps, c, { title, description, status }, page);
}

/** Runs a team action; an ApiError of 4xx (a 409 conflict, a 404) comes back as its error to show. */
export async function tryAction(action: () => Promise<unknown>): Promise<ApiError | null> {
  try {
    await action();
    return null;
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 403) {
      return err;
    }
    throw err;
  }
}

/** An error notice for a failed action. */
export function ErrorNotice({ error }: { error: ApiError | null }) {
  if (!error) return null;
  return <p class="notice notice-error" role="alert">{error.message}</p>;
}

/** A link to a listing's public page (its id when the listing is gone). */
export function ListingLink({ id, listings }: { id: number; listings: Map<number, ListingRef> }) {
  const listing = listings.get(id);
  if (!listing) return <span>listing {id} (deleted)</span>;
  return <a href={`/listings/${listing.slug}`}>{listing.name}</a>;
}
