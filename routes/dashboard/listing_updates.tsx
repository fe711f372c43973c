/**
 * `/dashboard/listings/:id/updates`: post an update (post_listing_update: title, plain-text body;
 * the listing's followers are mailed) and the latest updates posted so far (get_my_listing).
 */
import { type Context, Hono } from "hono";
import type { Deps, ErrorDetail } from "../../services/platform/mod.ts";
import { DateTime } from "../account/_ui.tsx";
import type { SessionEnv } from "../session.ts";
import {
  doneAt,
  DoneNotice,
  FormError,
  listingPage,
  type Managed,
  messageAt,
  openMyListing,
  postedListingForm,
  PostForm,
  textOf,
} from "./_listing_parts.tsx";
import { tryOperation } from "./_operation.ts";
import { dashboardPaths, Limited } from "./_ui.tsx";

/** The updates page and its form post. */
export function listingUpdatesRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get(
    "/dashboard/listings/:id/updates",
    async (c) => renderUpdates(deps, c, await openMyListing(deps, c), {}),
  );
  app.post("/dashboard/listings/:id/updates", (c) => postUpdate(deps, c));
  return app;
}

const DONE = { posted: "Posted: the update is on the public page, and followers are being told." };

interface UpdateState {
  input?: { title: string; body: string };
  errors?: ErrorDetail[];
  message?: string;
}

async function postUpdate(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const { form, ...managed } = await postedListingForm(deps, c);
  const id = managed.listing.listing_id;
  const input = { title: textOf(form, "title").trim(), body: textOf(form, "body").trim() };
  const done = await tryOperation(deps, managed.who, "post_listing_update", {
    params: { listing_id: id },
    body: input,
  });
  if (done.ok) return c.redirect(doneAt(dashboardPaths.listingTab(id, "updates"), "posted"), 303);
  return renderUpdates(deps, c, managed, {
    input,
    errors: done.error.details,
    message: done.error.message,
  }, 400);
}

function renderUpdates(
  deps: Deps,
  c: Context<SessionEnv>,
  { who, listing }: Managed,
  { input, errors, message }: UpdateState,
  status = 200,
): Promise<Response> {
  const updates = listing.latest_updates;
  return listingPage(
    deps,
    c,
    {
      listing,
      tab: "updates",
      title: "Updates",
      lead: "News for the people who follow the listing: it shows on the public page, and " +
        "followers get it by e-mail.",
      status,
    },
    (
      <>
        <DoneNotice c={c} messages={DONE} />
        <section class="card" aria-labelledby="new-update">
          <h2 id="new-update">Post an update</h2>
          <PostForm
            action={dashboardPaths.listingTab(listing.listing_id, "updates")}
            csrf={who.session.csrf_token}
          >
            <FormError message={message} />
            <Limited
              name="title"
              label="Title"
              value={input?.title ?? ""}
              max={200}
              required
              error={messageAt(errors, "title") || undefined}
            />
            <Limited
              name="body"
              label="Update"
              value={input?.body ?? ""}
              max={5000}
              kind="area"
              rows={6}
              hint="Plain text"
              required
              error={messageAt(errors, "body") || undefined}
            />
            <button type="submit" class="button">Post the update</button>
          </PostForm>
        </section>
        <section class="card" aria-labelledby="posted">
          <h2 id="posted">Latest updates</h2>
          {updates.length === 0 ? <p class="empty">No updates yet.</p> : (
            <ul class="update-list">
              {updates.map((u) => (
                <li key={u.created_at + u.title}>
                  <h3>{u.title}</h3>
                  <p class="muted small">
                    <DateTime iso={u.created_at} />
                  </p>
                  <p class="update-body">{u.body}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </>
    ),
  );
}
