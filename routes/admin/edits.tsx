/**
 * Owners' edits (`GET /admin/edits`, newest first, 20 a page, `cursor` for older ones): each
 * update_my_listing version as a before/after table of its changed fields, with the decision.
 * `POST /admin/edits/:listing/:version/accept` marks it reviewed (the default);
 * `POST /admin/edits/:listing/:version/revert` (`reason` required) puts the fields back as a new
 * version and mails the owner. Both CSRF-checked; 303 back with a notice, or the page again with
 * the refusal next to the edit (400 no reason, 409 decided already or changed since).
 */
import { type Context, Hono } from "hono";
import {
  acceptEdit,
  type EditReviewItem,
  editReviewPage,
  revertEdit,
} from "../../services/admin/mod.ts";
import type { Deps } from "../../services/platform/mod.ts";
import { CsrfField, DateTime } from "../account/_ui.tsx";
import type { SessionEnv } from "../session.ts";
import { type FieldChange, VersionChanges } from "../../components/VersionChanges.tsx";
import { adminPaths, teamForm, teamMember, teamPage, tryAction } from "./_team.tsx";
import { cursorOf, idParam, ReasonField, RefusalNotice, type Refused } from "./_console_parts.tsx";

const PAGE_SIZE = 20;

/** The owner edits' routes. */
export function adminEditRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/admin/edits", async (c) => await renderEdits(deps, c, null));
  app.post("/admin/edits/:listing/:version/:action{accept|revert}", async (c) => {
    const listingId = idParam(c.req.param("listing"));
    const version = idParam(c.req.param("version"));
    const posted = await teamForm(deps, c);
    if (!posted || listingId === null || version === null) return c.notFound();
    const actor = { email: posted.who.user.email, userId: posted.who.user.id };
    const reason = posted.form.get("reason") ?? "";
    const revert = c.req.param("action") === "revert";
    const error = await tryAction(() =>
      revert
        ? revertEdit(deps, actor, { listingId, version, reason })
        : acceptEdit(deps, actor, listingId, version)
    );
    const item = `${listingId}:${version}`;
    if (error) return await renderEdits(deps, c, { item, error, reason }, error.status);
    const done = revert ? "reverted" : "accepted";
    return c.redirect(`${adminPaths.edits}?done=${done}&edit=${item}`, 303);
  });
  return app;
}

async function renderEdits(
  deps: Deps,
  c: Context<SessionEnv>,
  refused: Refused | null,
  status = 200,
) {
  const who = teamMember(deps, c)!;
  const cursor = c.req.method === "GET" ? cursorOf(c) : undefined;
  const page = await editReviewPage(deps, { limit: PAGE_SIZE, cursor });
  const done = c.req.query("done");
  const edit = c.req.query("edit");
  const shown = refused && page.items.some((i) => itemId(i) === refused.item);
  return teamPage(
    deps,
    c,
    "Owner edits",
    <section>
      <header class="page-header">
        <h1>Owner edits</h1>
        <p class="lead">
          Every edit an owner made, newest first, as it was before and after. Accept keeps it;
          revert puts the fields back as a new version and mails the owner your reason.
        </p>
      </header>
      {(done === "accepted" || done === "reverted") && edit && (
        <p class="notice notice-ok" role="status">Edit {edit} {done}.</p>
      )}
      {!shown && <RefusalNotice refused={refused} />}
      {page.items.length === 0 ? <p class="muted">No edits.</p> : (
        <ol class="admin-edits">
          {page.items.map((i) => (
            <EditCard
              key={itemId(i)}
              item={i}
              csrf={who.session.csrf_token}
              refused={refused?.item === itemId(i) ? refused : null}
            />
          ))}
        </ol>
      )}
      <p class="button-row">
        {cursor && <a class="button button-ghost button-small" href={adminPaths.edits}>Newest</a>}
        {page.next_cursor && (
          <a
            class="button button-ghost button-small"
            href={`${adminPaths.edits}?cursor=${encodeURIComponent(page.next_cursor)}`}
          >
            Older edits
          </a>
        )}
      </p>
    </section>,
    status,
  );
}

const itemId = (i: EditReviewItem) => `${i.listing.id}:${i.version}`;

function EditCard(
  { item, csrf, refused }: { item: EditReviewItem; csrf: string; refused: Refused | null },
) {
  const id = itemId(item);
  const action = (what: string) => `/admin/edits/${item.listing.id}/${item.version}/${what}`;
  const headingId = `edit-${item.listing.id}-${item.version}`;
  return (
    <li class="card" data-edit={id} aria-labelledby={headingId}>
      <h2 id={headingId}>
        {item.listing.slug
          ? <a href={`/listings/${item.listing.slug}`}>{item.listing.name}</a>
          : `Listing ${item.listing.id} (deleted)`}, version {item.version}
      </h2>
      <p class="small muted">
        <DateTime iso={item.edited_at} /> by {item.edited_by.email ?? "a deleted account"} through
        {" "}
        {item.edited_by.via}
      </p>
      <VersionChanges changes={changesOf(item)} />
      <RefusalNotice refused={refused} />
      {item.decision
        ? (
          <p class="small" data-decision={item.decision.decision}>
            <span class="pill">{decisionLabel(item.decision.decision)}</span> by {item.decision.by},
            {" "}
            <DateTime iso={item.decision.at} />
            {item.decision.reason && <>: “{item.decision.reason}”</>}
            {item.decision.revert_version && <>(version {item.decision.revert_version})</>}
          </p>
        )
        : (
          <div class="admin-edit-actions">
            <form method="post" action={action("accept")}>
              <CsrfField token={csrf} />
              <button type="submit" class="button button-small">Accept</button>
            </form>
            <form method="post" action={action("revert")} class="form-stack">
              <CsrfField token={csrf} />
              <ReasonField
                id={`revert-reason-${item.listing.id}-${item.version}`}
                label="Reason to revert (mailed to the owner)"
                refused={refused}
              />
              <button type="submit" class="button button-ghost button-small">Revert</button>
            </form>
          </div>
        )}
    </li>
  );
}

function decisionLabel(decision: string): string {
  return decision === "team"
    ? "Made by the site team"
    : decision === "accepted"
    ? "Accepted"
    : "Reverted";
}

/** The changed fields of an edit, each before and after. */
function changesOf(item: EditReviewItem): FieldChange[] {
  const before = item.before as Record<string, unknown>;
  const after = item.after as Record<string, unknown>;
  return item.changed_fields.map((field) => ({
    field,
    before: before[field],
    after: after[field],
  }));
}
