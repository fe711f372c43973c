/** What the site team's pages share: who may see them, the page shell, and error notices. */
import type { Context } from "hono";
import type { VNode } from "preact";
import { isAdmin, type SignedIn } from "../../services/access/mod.ts";
import type { ListingRef } from "../../services/commerce/mod.ts";
import { ApiError, type Deps } from "../../services/platform/mod.ts";
import { privatePage } from "../pages/_forms.ts";
import { currentSession } from "../session.ts";

/** The signed-in team member (ADMIN_EMAILS), or null: the caller answers the normal 404. */
export function teamMember(deps: Deps, c: Context): SignedIn | null {
  const who = currentSession(c);
  return who && isAdmin(deps.config, who.user.email) ? who : null;
}

/** Renders a site-team page (out of search engines); `status` 409 for a refused action. */
export function teamPage(deps: Deps, c: Context, title: string, body: VNode, status = 200) {
  const description = `${title}: the site team's console.`;
  return privatePage(deps, c, { title, description, status }, body);
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
