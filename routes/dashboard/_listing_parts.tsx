/**
 * What the pages that manage one listing share (overview, edit, updates, story, badges, orders):
 * reading the listing through get_my_listing (another account's listing, or an unknown id, is the
 * site's 404 page), the page shell with the listing's tabs, the checked form post, and the
 * messages a form shows after post/redirect/get.
 */
import type { Context } from "hono";
import type { ComponentChildren } from "preact";
import type { SignedIn } from "../../services/access/mod.ts";
import type { getMyListing } from "../../services/directory/mod.ts";
import { type Deps, type ErrorDetail, notFound } from "../../services/platform/mod.ts";
import { CsrfField } from "../account/_ui.tsx";
import { readForm } from "../pages/_forms.ts";
import { assertSignedIn, CSRF_FIELD, type SessionEnv, verifyCsrf } from "../session.ts";
import { callOperation, detailsAt } from "./_operation.ts";
import {
  dashboardPage,
  dashboardPaths,
  DashboardShell,
  type ListingTab,
  ListingTabs,
} from "./_ui.tsx";

/** get_my_listing's answer. */
export type MyListing = Awaited<ReturnType<typeof getMyListing>>;

/** The listing id of the path (`:id`); anything but a positive integer is a 404. */
export function listingIdOf(c: Context): number {
  const raw = c.req.param("id") ?? "";
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw notFound("listing", raw.slice(0, 40));
  return Number(raw);
}

/** The signed-in person and the listing a page manages. */
export interface Managed {
  who: SignedIn;
  listing: MyListing;
}

/** The signed-in person and their listing of the path (get_my_listing; 404 when not theirs). */
export async function openMyListing(deps: Deps, c: Context<SessionEnv>): Promise<Managed> {
  const id = listingIdOf(c);
  // A signed-out form post comes back to the listing's overview after sign-in.
  const who = assertSignedIn(c, c.req.method === "GET" ? {} : { next: dashboardPaths.listing(id) });
  return { who, listing: await loadMyListing(deps, c, who) };
}

/** `who`'s listing of the path (get_my_listing); another account's, or an unknown id, is a 404. */
export function loadMyListing(deps: Deps, c: Context, who: SignedIn): Promise<MyListing> {
  return callOperation<MyListing>(deps, who, "get_my_listing", {
    params: { listing_id: listingIdOf(c) },
  });
}

/** A form post of a listing page: the person, the listing (404 when not theirs), the checked form. */
export async function postedListingForm(deps: Deps, c: Context<SessionEnv>) {
  const { who, listing } = await openMyListing(deps, c);
  const form = await readForm(c);
  verifyCsrf(deps, c, who.session, form.get(CSRF_FIELD));
  return { who, listing, form };
}

/** A form's value as text ("" when absent). */
export function textOf(form: URLSearchParams, name: string): string {
  return String(form.get(name) ?? "");
}

/** Renders one tab of a listing's founder pages: breadcrumbs, h1, the tabs, the content. */
export function listingPage(
  deps: Deps,
  c: Context,
  page: {
    listing: MyListing;
    tab: ListingTab;
    /** The tab's name, e.g. "Edit"; the h1 and title say it with the listing's name. */
    title: string;
    lead?: ComponentChildren;
    status?: number;
  },
  children: ComponentChildren,
): Promise<Response> {
  const { listing, tab, title } = page;
  const heading = tab === "overview" ? listing.name : `${title}: ${listing.name}`;
  const trail: [string, string?][] = tab === "overview"
    ? [[listing.name]]
    : [[listing.name, dashboardPaths.listing(listing.listing_id)], [title]];
  return dashboardPage(
    deps,
    c,
    { title: heading, status: page.status },
    <DashboardShell
      trail={trail}
      header={
        <>
          <h1>{heading}</h1>
          {page.lead && <p class="lead">{page.lead}</p>}
        </>
      }
    >
      <ListingTabs listingId={listing.listing_id} current={tab} />
      <div class="listing-manage">{children}</div>
    </DashboardShell>,
  );
}

/** A form posting to `action` with the session's CSRF token. */
export function PostForm(
  { action, csrf, label, class: className = "form-stack", children }: {
    action: string;
    csrf: string;
    /** The form's accessible name. */
    label?: string;
    class?: string;
    children: ComponentChildren;
  },
) {
  return (
    <form method="post" action={action} class={className} aria-label={label}>
      <CsrfField token={csrf} />
      {children}
    </form>
  );
}

/** The messages of the errors at one field (or under it), joined; "" when none. */
export function messageAt(errors: ErrorDetail[] | undefined, path: string): string {
  return detailsAt(errors, path).map((e) => e.message).join("; ");
}

/** A refused form's message above the form (the field messages sit at their fields). */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return <p class="notice notice-error" role="alert">{message}</p>;
}

/** What a page says after a form post redirected back to it (`?done=<key>`). */
export function DoneNotice({ c, messages }: { c: Context; messages: Record<string, string> }) {
  const text = messages[c.req.query("done") ?? ""];
  if (!text) return null;
  return <p class="notice" role="status">{text}</p>;
}

/** The path of a tab with `?done=<key>`, for the redirect after a successful post. */
export function doneAt(path: string, key: string): string {
  return `${path}?done=${encodeURIComponent(key)}`;
}
