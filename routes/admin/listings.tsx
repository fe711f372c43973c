/**
 * Listings in the console (`GET /admin/listings?q=`): find a listing by slug, name or domain (any
 * status; without a query, the removed ones). `POST /admin/listings/:slug/remove` and
 * `.../restore` (`reason` required, mailed to the owner; CSRF-checked): a removed listing leaves
 * its page, the boards and search; a restore puts back the status it had. 303 back with a notice,
 * or the page again with the refusal next to the listing (400 no reason, 409 wrong status).
 */
import { type Context, Hono } from "hono";
import {
  findListings,
  LISTING_MATCHES_MAX,
  removalOf,
  removeListing,
  restoreListing,
} from "../../services/admin/mod.ts";
import type { Deps } from "../../services/platform/mod.ts";
import type { Listing } from "../../kv/types.ts";
import { CsrfField, DateTime } from "../account/_ui.tsx";
import type { SessionEnv } from "../session.ts";
import { adminPaths, teamForm, teamMember, teamPage, tryAction } from "./_team.tsx";
import { ReasonField, RefusalNotice, type Refused } from "./_console_parts.tsx";

type Removal = Awaited<ReturnType<typeof removalOf>>;

/** The listings section's routes. */
export function adminListingRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get(
    "/admin/listings",
    async (c) => await renderListings(deps, c, c.req.query("q") ?? "", null),
  );
  app.post("/admin/listings/:slug/:action{remove|restore}", async (c) => {
    const posted = await teamForm(deps, c);
    if (!posted) return c.notFound();
    const slug = c.req.param("slug");
    const reason = posted.form.get("reason") ?? "";
    const actor = { email: posted.who.user.email, userId: posted.who.user.id };
    const remove = c.req.param("action") === "remove";
    const error = await tryAction(() =>
      (remove ? removeListing : restoreListing)(deps, actor, { slug, reason })
    );
    if (error) {
      return await renderListings(deps, c, slug, { item: slug, error, reason }, error.status);
    }
    const done = remove ? "removed" : "restored";
    return c.redirect(`${adminPaths.listings}?q=${encodeURIComponent(slug)}&done=${done}`, 303);
  });
  return app;
}

async function renderListings(
  deps: Deps,
  c: Context<SessionEnv>,
  query: string,
  refused: Refused | null,
  status = 200,
) {
  const who = teamMember(deps, c)!;
  const found = await findListings(deps, query);
  const removals = new Map(
    await Promise.all(
      found.filter((l) => l.status === "removed").map(async (l) =>
        [l.id, await removalOf(deps, l.id)] as const
      ),
    ),
  );
  const done = c.req.query("done");
  return teamPage(
    deps,
    c,
    "Listings",
    <section>
      <header class="page-header">
        <h1>Listings</h1>
        <p class="lead">
          Find a listing to remove it from the directory (its page, the boards and search) or to
          restore it. The owner is mailed your reason.
        </p>
      </header>
      <form method="get" action={adminPaths.listings} class="admin-search" role="search">
        <div class="field">
          <label for="listing-q">Slug, name or website</label>
          <input id="listing-q" name="q" type="search" value={query} maxLength={200} />
        </div>
        <button type="submit" class="button button-small">Find</button>
      </form>
      {(done === "removed" || done === "restored") && (
        <p class="notice notice-ok" role="status">{query}: {done}.</p>
      )}
      {refused && !found.some((l) => l.slug === refused.item) && (
        <RefusalNotice
          refused={refused}
        />
      )}
      <h2>{query.trim() === "" ? "Removed listings" : `Listings matching “${query.trim()}”`}</h2>
      {found.length === 0 ? <p class="muted">No listings.</p> : (
        <ol class="admin-listings">
          {found.map((l) => (
            <ListingCard
              key={l.id}
              listing={l}
              removal={removals.get(l.id) ?? null}
              csrf={who.session.csrf_token}
              refused={refused?.item === l.slug ? refused : null}
            />
          ))}
        </ol>
      )}
      {found.length === LISTING_MATCHES_MAX && (
        <p class="muted small">The first {LISTING_MATCHES_MAX} matches: search more precisely.</p>
      )}
    </section>,
    status,
  );
}

function ListingCard(
  { listing, removal, csrf, refused }: {
    listing: Listing;
    removal: Removal;
    csrf: string;
    refused: Refused | null;
  },
) {
  const removed = listing.status === "removed";
  const action = `/admin/listings/${encodeURIComponent(listing.slug)}/${
    removed ? "restore" : "remove"
  }`;
  return (
    <li class="card" data-listing={listing.slug} data-status={listing.status}>
      <h3>
        {removed ? listing.name : <a href={`/listings/${listing.slug}`}>{listing.name}</a>}{" "}
        <span class="pill">{listing.status}</span>
      </h3>
      <p class="small muted">
        {listing.slug} · {listing.domain} ·{" "}
        <a href={`/admin/audit?target=listing:${listing.id}`}>audit</a>
      </p>
      {removal && (
        <p class="small">
          Removed <DateTime iso={removal.at} /> by {removal.by} (was {removal.previous_status}):
          {" "}
          “{removal.reason}”
        </p>
      )}
      <RefusalNotice refused={refused} />
      <form method="post" action={action} class="form-stack">
        <CsrfField token={csrf} />
        <ReasonField
          id={`listing-reason-${listing.id}`}
          label={`Reason to ${removed ? "restore" : "remove"} (mailed to the owner)`}
          refused={refused}
        />
        <button
          type="submit"
          class={removed ? "button button-small" : "button button-ghost button-small"}
        >
          {removed ? "Restore" : "Remove"} {listing.name}
        </button>
      </form>
    </li>
  );
}
