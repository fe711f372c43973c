/**
 * What the draft editor's parts share: the state of a refused form (what was typed and the API's
 * messages), a field's state pill, its evidence quotes, and the card each form lives in.
 */
import type { ComponentChildren } from "preact";
import { displayHost, safeUrl } from "../../components/format.ts";
import type { SignedIn } from "../../services/access/mod.ts";
import { type Deps, type ErrorDetail, notFound } from "../../services/platform/mod.ts";
import { CsrfField } from "../account/_ui.tsx";
import { callOperation, detailsAt } from "./_operation.ts";
import { dashboardPaths } from "./_ui.tsx";
import type { EditorDraft, FieldView } from "./draft_forms.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `who`'s draft `id` (get_draft); anything but a uuid, or another account's draft, is a 404. */
export function loadMyDraft<T>(deps: Deps, who: SignedIn, id: string): Promise<T> {
  if (!UUID.test(id)) throw notFound("draft", id.slice(0, 40));
  return callOperation<T>(deps, who, "get_draft", { params: { id: id.toLowerCase() } });
}

/** The editor as it is rendered: the draft, and a refused form's input and messages. */
export interface EditorState {
  draft: EditorDraft;
  csrf: string;
  categories: string[];
  /** The form that was refused, what it posted, and the API's answer. */
  form?: string;
  posted?: URLSearchParams;
  errors?: ErrorDetail[];
  message?: string;
  /** The form saved just before (post/redirect/get), and whether anything changed. */
  saved?: string;
  unchanged?: boolean;
}

/** The API's messages about `path` when `form` was the one refused. */
export function errorAt(state: EditorState, form: string, path: string): string | undefined {
  if (state.form !== form) return undefined;
  const messages = detailsAt(state.errors, path).map((e) => e.message);
  return messages.length > 0 ? messages.join("; ") : undefined;
}

/** What the person typed into `name` of the refused `form`, else the draft's value. */
export function typedValue(state: EditorState, form: string, name: string, value: string): string {
  if (state.form === form && state.posted?.has(name)) return state.posted.get(name) ?? "";
  return value;
}

/** The name people see for each field state. */
export const STATE_LABELS: Record<string, string> = {
  ai: "AI",
  not_found: "Not found",
  edited: "Edited",
  manual: "Manual",
  override: "Locked",
  deleted: "Deleted",
};

const STATE_HINTS: Record<string, string> = {
  ai: "drafted from your website",
  not_found: "your website does not say",
  edited: "your change to the AI's value",
  manual: "your value; the AI found none",
  override: "locked: AI redrafts leave it alone",
  deleted: "removed by you",
};

/** A field's state as a labelled pill. */
export function StatePill({ state }: { state: string }) {
  return (
    <span class={`pill pill-draft pill-draft-${state}`}>
      <span class="sr-only">State:</span>
      {STATE_LABELS[state] ?? state}
    </span>
  );
}

/** A field's state: its pill and what it means. */
export function StateLine({ state }: { state: string }) {
  return (
    <p class="draft-field-state small">
      <StatePill state={state} /> <span class="muted">{STATE_HINTS[state]}</span>
    </p>
  );
}

/** The quotes from the website behind a value, each linked to its page. */
export function Evidence({ quotes }: { quotes: FieldView["evidence"] }) {
  if (quotes.length === 0) return null;
  return (
    <details class="draft-evidence" open>
      <summary>
        Evidence: {quotes.length} {quotes.length === 1 ? "quote" : "quotes"} from your website
      </summary>
      <ul>
        {quotes.map((q, i) => {
          const href = safeUrl(q.url);
          return (
            <li key={i}>
              <q>{q.quote}</q> {href
                ? (
                  <a href={href} rel="nofollow noopener" class="small">
                    {displayHost(href)}
                    {new URL(href).pathname}
                  </a>
                )
                : <span class="small muted">{q.url}</span>}
            </li>
          );
        })}
      </ul>
    </details>
  );
}

/** One of the editor's forms in its card: heading, the refusal's message, fields, Save button. */
export function FormCard(
  { state, form, title, lead, button, children }: {
    state: EditorState;
    form: string;
    title: string;
    lead?: ComponentChildren;
    button?: string;
    children: ComponentChildren;
  },
) {
  const refused = state.form === form;
  const saved = state.saved === form;
  return (
    <section class="card draft-card" id={`form-${form}`} aria-labelledby={`form-${form}-title`}>
      <h2 id={`form-${form}-title`}>{title}</h2>
      {lead && <p class="muted small">{lead}</p>}
      {refused && state.message && (
        <p class="notice notice-error" role="alert">
          Not saved: {state.message}. The messages are next to the fields below.
        </p>
      )}
      {saved && (
        <p class="notice notice-ok" role="status">
          {state.unchanged ? "Nothing changed." : "Saved."}
        </p>
      )}
      <form
        method="post"
        action={`${dashboardPaths.draft(state.draft.id)}#form-${form}`}
        class="form-stack"
      >
        <CsrfField token={state.csrf} />
        <input type="hidden" name="form" value={form} />
        {children}
        <div>
          <button type="submit" class="button">{button ?? `Save ${title.toLowerCase()}`}</button>
        </div>
      </form>
    </section>
  );
}
