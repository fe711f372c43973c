/**
 * The top of the draft editor and its side forms: how complete the draft is and what is still
 * missing, "Save as listing" (or the listing it was saved as), and co-founder invites.
 */
import { humanize } from "../../components/format.ts";
import { MAX_INVITES } from "../../services/drafting/mod.ts";
import { CsrfField, DateTime } from "../account/_ui.tsx";
import { type EditorState, errorAt, FormCard, typedValue } from "./_draft_common.tsx";
import { FIELD_LABELS } from "./_draft_fields.tsx";
import { dashboardPaths, Limited } from "./_ui.tsx";
import { isDraftField, limitAt } from "./draft_forms.ts";

/** Where on the page a missing part is edited. */
function missingLink(part: string): [string, string] {
  if (isDraftField(part)) return [FIELD_LABELS[part], `#field-block-${part}`];
  if (part === "company_socials") return ["Company social links", "#form-socials"];
  return [humanize(part), `#form-${part}`];
}

/** Completeness as a bar, and the parts still empty, each linking to its field. */
export function Completeness({ state }: { state: EditorState }) {
  const { completeness, missing } = state.draft;
  return (
    <section class="card draft-completeness" aria-labelledby="completeness-title">
      <h2 id="completeness-title">Completeness: {completeness}%</h2>
      <progress max={100} value={completeness} aria-labelledby="completeness-title">
        {completeness}%
      </progress>
      {missing.length === 0 ? <p>Nothing is missing.</p> : (
        <>
          <p class="small">Still missing ({missing.length}):</p>
          <ul class="chips draft-missing">
            {missing.map((part) => {
              const [label, href] = missingLink(part);
              return (
                <li key={part}>
                  <a class="chip" href={href}>{label}</a>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

/** "Save as listing", or the listing the draft was saved as (later edits update it too). */
export function SaveAsListing({ state }: { state: EditorState }) {
  const { draft } = state;
  const refused = state.form === "submit";
  return (
    <section class="card draft-save" id="form-submit" aria-labelledby="save-title">
      <h2 id="save-title">Save as listing</h2>
      {refused && state.message && (
        <p class="notice notice-error" role="alert">Not saved: {state.message}</p>
      )}
      {draft.listing_id !== null
        ? (
          <>
            <p class="notice notice-ok" role="status">
              Already saved as a listing
              {draft.submitted_at && (
                <>
                  {" "}on <DateTime iso={draft.submitted_at} />
                </>
              )}. Your edits here update it too.
            </p>
            <p>
              <a class="button" href={dashboardPaths.listingTab(draft.listing_id, "publish")}>
                Publish it
              </a>{" "}
              <a href={dashboardPaths.listing(draft.listing_id)}>Open the listing</a>
            </p>
          </>
        )
        : (
          <form method="post" action={dashboardPaths.draft(draft.id)}>
            <CsrfField token={state.csrf} />
            <input type="hidden" name="form" value="submit" />
            <p class="small muted">
              Saves the draft as a listing. Nothing is published or charged yet: you choose the free
              plan or a paid launch next.
            </p>
            <button type="submit" class="button">Save as listing</button>
          </form>
        )}
    </section>
  );
}

/** Invite co-founders to add their own founder profile, and the invites sent so far. */
export function Invites({ state }: { state: EditorState }) {
  const { invites } = state.draft;
  const full = invites.length >= MAX_INVITES;
  return (
    <FormCard
      state={state}
      form="invite"
      title="Invite co-founders"
      lead={`We email them a link to sign in and add their own founder profile. Up to ${MAX_INVITES} invites; ${invites.length} sent.`}
      button="Send invite"
    >
      {invites.length > 0 && (
        <ul class="draft-invites">
          {invites.map((invite) => (
            <li key={invite.email}>
              {invite.email} · invited <DateTime iso={invite.invited_at} /> · {invite.accepted
                ? <span class="pill pill-draft pill-draft-edited">Accepted</span>
                : <span class="muted">not accepted yet</span>}
            </li>
          ))}
        </ul>
      )}
      {full ? <p class="notice notice-warn">All {MAX_INVITES} invites are used.</p> : (
        <Limited
          name="email"
          label="Co-founder's email"
          value={typedValue(state, "invite", "email", "")}
          max={limitAt("email", "invite_cofounder").max}
          type="email"
          required
          error={errorAt(state, "invite", "email")}
        />
      )}
    </FormCard>
  );
}
