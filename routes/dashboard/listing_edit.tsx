/**
 * `/dashboard/listings/:id/edit`: edit the published listing (update_my_listing). The form sends
 * only what changed; a refusal re-renders the form as posted with the API's messages at their
 * fields (400). Below it, the version history: who, through what, when, and each changed field's
 * value before and after.
 */
import { type Context, Hono } from "hono";
import { webCaller } from "../../services/access/mod.ts";
import { listMyListingVersions } from "../../services/directory/mod.ts";
import type { Deps, ErrorDetail } from "../../services/platform/mod.ts";
import { DateTime } from "../account/_ui.tsx";
import type { SessionEnv } from "../session.ts";
import { EditForm } from "./_listing_edit_form.tsx";
import {
  changedBody,
  type EditValues,
  valuesOfForm,
  valuesOfListing,
} from "./_listing_edit_model.ts";
import {
  doneAt,
  DoneNotice,
  listingPage,
  type Managed,
  openMyListing,
  postedListingForm,
} from "./_listing_parts.tsx";
import { tryOperation } from "./_operation.ts";
import { dashboardPaths } from "./_ui.tsx";
import { VersionChanges } from "../../components/VersionChanges.tsx";

/** The edit page and its form post. */
export function listingEditRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/dashboard/listings/:id/edit", async (c) => {
    const managed = await openMyListing(deps, c);
    return renderEdit(deps, c, managed, { values: valuesOfListing(managed.listing) });
  });
  app.post("/dashboard/listings/:id/edit", (c) => saveEdit(deps, c));
  return app;
}

const DONE = {
  saved: "Saved: the public page shows the changes now.",
  unchanged: "Nothing changed, so nothing was saved.",
};

async function saveEdit(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const { form, ...managed } = await postedListingForm(deps, c);
  const { who, listing } = managed;
  const path = dashboardPaths.listingTab(listing.listing_id, "edit");
  const values = valuesOfForm(form);
  const body = changedBody(valuesOfListing(listing), values);
  if (!body) return c.redirect(doneAt(path, "unchanged"), 303);
  const done = await tryOperation(deps, who, "update_my_listing", {
    params: { listing_id: listing.listing_id },
    body,
  });
  if (done.ok) return c.redirect(doneAt(path, "saved"), 303);
  return renderEdit(deps, c, managed, {
    values,
    errors: done.error.details,
    message: done.error.message,
  }, 400);
}

interface EditState {
  values: EditValues;
  errors?: ErrorDetail[];
  message?: string;
}

async function renderEdit(
  deps: Deps,
  c: Context<SessionEnv>,
  { who, listing }: Managed,
  state: EditState,
  status = 200,
): Promise<Response> {
  const versions = await listMyListingVersions(deps, webCaller(who.user), listing.listing_id);
  return listingPage(
    deps,
    c,
    {
      listing,
      tab: "edit",
      title: "Edit",
      lead: "Edits are published at once; every edit is kept below.",
      status,
    },
    (
      <>
        <DoneNotice c={c} messages={DONE} />
        <section class="card">
          <EditForm
            action={dashboardPaths.listingTab(listing.listing_id, "edit")}
            csrf={who.session.csrf_token}
            {...state}
          />
        </section>
        <History versions={versions} />
      </>
    ),
  );
}

type Version = Awaited<ReturnType<typeof listMyListingVersions>>[number];

/** The version history, newest first. */
function History({ versions }: { versions: Version[] }) {
  return (
    <section class="card" aria-labelledby="history">
      <h2 id="history">Version history</h2>
      {versions.length === 0
        ? <p class="empty">No edits yet.</p>
        : (
          <ol class="version-list" reversed>
            {versions.map((v) => (
              <li key={v.version} data-version={v.version}>
                <p>
                  <strong>Version {v.version}</strong> · <DateTime iso={v.edited_at} /> · by{" "}
                  {v.edited_by.email ?? "a removed account"} through {v.edited_by.via}
                </p>
                <VersionChanges changes={v.changes} />
              </li>
            ))}
          </ol>
        )}
    </section>
  );
}
