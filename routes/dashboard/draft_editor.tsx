/**
 * `/dashboard/drafts/:id`: the draft editor. Every field with its state, value (under the API's
 * limit) and evidence, with Lock, Restore and Regenerate per field; FAQs, founders, socials, story,
 * milestones, competitor and SEO; completeness and what is missing; co-founder invites; "Save as
 * listing". Each form posts here and runs its operation (update_draft, invite_cofounder,
 * submit_draft); a refusal re-renders the page with the API's messages at their fields and what
 * was typed. While the draft is being built, the page sends people to watch it.
 */
import { type Context, Hono } from "hono";
import {
  type ApiError,
  badRequest,
  type Deps,
  type ErrorDetail,
} from "../../services/platform/mod.ts";
import type { SignedIn } from "../../services/access/mod.ts";
import { readForm } from "../pages/_forms.ts";
import { assertSignedIn, CSRF_FIELD, type SessionEnv, verifyCsrf } from "../session.ts";
import { callOperation, tryOperation } from "./_operation.ts";
import { dashboardPage, dashboardPaths, DashboardShell } from "./_ui.tsx";
import { type EditorState, loadMyDraft } from "./_draft_common.tsx";
import { FieldSections } from "./_draft_fields.tsx";
import { CompetitorCard, RowsCard, SeoCard, SocialsCard, StoryCard } from "./_draft_parts.tsx";
import { Completeness, Invites, SaveAsListing } from "./_draft_top.tsx";
import {
  actionBody,
  type EditorDraft,
  FIELD_SECTIONS,
  isDraftField,
  ROW_FORMS,
  updateBody,
} from "./draft_forms.ts";

/** The forms that run update_draft with what they changed. */
const UPDATE_FORMS: string[] = [
  ...FIELD_SECTIONS.map((s) => s.id),
  ...Object.keys(ROW_FORMS),
  "socials",
  "story",
  "competitor",
  "seo",
];

/** The editor's route group. */
export function draftEditorRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/dashboard/drafts/:id", (c) => showEditor(deps, c, assertSignedIn(c)));
  app.post("/dashboard/drafts/:id", (c) => postEditor(deps, c));
  return app;
}

/** The draft id of the path. */
function draftIdOf(c: Context): string {
  return c.req.param("id") ?? "";
}

function loadDraft(deps: Deps, who: SignedIn, id: string): Promise<EditorDraft> {
  return loadMyDraft<EditorDraft>(deps, who, id);
}

/** Every category name (top-level and subcategories), from list_categories. */
async function categoryNames(deps: Deps, who: SignedIn): Promise<string[]> {
  const tree = await callOperation<
    { items: { name: string; subcategories: { name: string }[] }[] }
  >(deps, who, "list_categories", { query: { include_empty: true } });
  return tree.items.flatMap((top) => [top.name, ...top.subcategories.map((s) => s.name)]);
}

type Refusal = Pick<EditorState, "form" | "posted" | "errors" | "message">;

async function showEditor(
  deps: Deps,
  c: Context<SessionEnv>,
  who: SignedIn,
  refusal: Refusal = {},
  status = 200,
): Promise<Response> {
  const id = draftIdOf(c);
  const draft = await loadDraft(deps, who, id);
  if (draft.status !== "ready") return c.redirect(dashboardPaths.draftWatch(id), 303);
  const saved = c.req.method === "GET" ? c.req.query("saved") : undefined;
  const state: EditorState = {
    draft,
    csrf: who.session.csrf_token,
    categories: await categoryNames(deps, who),
    ...refusal,
    saved,
    unchanged: saved !== undefined && c.req.query("unchanged") === "1",
  };
  const name = shownName(draft);
  return dashboardPage(
    deps,
    c,
    { title: `Edit the draft of ${name}`, status },
    <DashboardShell
      trail={[[`Draft: ${name}`]]}
      header={
        <>
          <h1>Edit the draft of {name}</h1>
          <p class="lead">
            Drafted from{" "}
            <a href={draft.url} rel="nofollow noopener">{draft.url}</a>. Every AI value quotes your
            website; change anything, lock what the AI must leave alone, and save it as a listing
            when you are happy.
          </p>
        </>
      }
    >
      <EditorBody state={state} />
    </DashboardShell>,
  );
}

function shownName(draft: EditorDraft): string {
  const name = draft.fields.name?.value;
  return typeof name === "string" && name.trim() ? name : new URL(draft.url).hostname;
}

function EditorBody({ state }: { state: EditorState }) {
  const refusedAction = state.form === "field_action";
  return (
    <div class="draft-editor">
      <Completeness state={state} />
      <SaveAsListing state={state} />
      {refusedAction && state.message && (
        <p class="notice notice-error" role="alert">
          Not done: {state.message}
          {state.errors?.length ? `: ${state.errors.map((e) => e.message).join("; ")}` : ""}
        </p>
      )}
      <nav class="draft-jump" aria-label="Parts of the draft">
        {[
          ["#form-basics", "Fields"],
          ["#form-faqs", "FAQs"],
          ["#form-founders", "Founders"],
          ["#form-socials", "Socials"],
          ["#form-story", "Story"],
          ["#form-milestones", "Milestones"],
          ["#form-competitor", "Competitor"],
          ["#form-seo", "SEO"],
          ["#form-invite", "Invites"],
        ].map(([href, label]) => <a key={href} href={href}>{label}</a>)}
      </nav>
      <FieldSections state={state} />
      <RowsCard state={state} form="faqs" />
      <RowsCard state={state} form="founders" />
      <SocialsCard state={state} />
      <StoryCard state={state} />
      <RowsCard state={state} form="milestones" />
      <CompetitorCard state={state} />
      <SeoCard state={state} />
      <Invites state={state} />
    </div>
  );
}

/** A form's refusal as the page shows it: the status, the API's message and its details. */
interface Refused {
  status: number;
  message: string;
  errors: ErrorDetail[];
}

const refusedBy = (error: ApiError): Refused => ({
  status: error.status,
  message: error.message,
  errors: [...error.details],
});

/** A form post: check CSRF, run the form's operation, redirect (303) or show the refusal. */
async function postEditor(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const id = draftIdOf(c);
  const who = assertSignedIn(c, { next: dashboardPaths.draft(id) });
  const posted = await readForm(c);
  verifyCsrf(deps, c, who.session, posted.get(CSRF_FIELD));
  const form = posted.get("form") ?? "";
  const outcome = await runForm(deps, who, id, form, posted);
  if (!("status" in outcome)) {
    const to = outcome.to ?? `${dashboardPaths.draft(id)}?${outcome.query}#${outcome.anchor}`;
    return c.redirect(to, 303);
  }
  const refusal = { form, posted, message: outcome.message, errors: outcome.errors };
  return showEditor(deps, c, who, refusal, outcome.status);
}

type Done = { to?: string; query?: string; anchor?: string };

/** Runs one form's operation: where to go next, or the refusal. */
async function runForm(
  deps: Deps,
  who: SignedIn,
  id: string,
  form: string,
  posted: URLSearchParams,
): Promise<Done | Refused> {
  const params = { id };
  if (form === "submit") {
    const attempt = await tryOperation<{ listing_id: number }>(deps, who, "submit_draft", {
      params,
    });
    if (!attempt.ok) return refusedBy(attempt.error);
    return { to: dashboardPaths.listingTab(attempt.value.listing_id, "publish") };
  }
  if (form === "invite") {
    const body = { email: (posted.get("email") ?? "").trim() };
    const attempt = await tryOperation(deps, who, "invite_cofounder", { params, body });
    return attempt.ok ? { query: "saved=invite", anchor: "form-invite" } : refusedBy(attempt.error);
  }
  if (form === "field_action") return await runFieldAction(deps, who, id, posted);
  if (!UPDATE_FORMS.includes(form)) throw badRequest(`Unknown form "${form}"`);
  const body = updateBody(form, posted, await loadDraft(deps, who, id));
  if (!body) return { query: `saved=${form}&unchanged=1`, anchor: `form-${form}` };
  const attempt = await tryOperation(deps, who, "update_draft", { params, body });
  return attempt.ok ? { query: `saved=${form}`, anchor: `form-${form}` } : refusedBy(attempt.error);
}

/** Lock, Restore or Regenerate one field; the API's messages are shown at that field. */
async function runFieldAction(
  deps: Deps,
  who: SignedIn,
  id: string,
  posted: URLSearchParams,
): Promise<Done | Refused> {
  const field = posted.get("field") ?? "";
  const action = posted.get("action") ?? "";
  const body = actionBody(action, field);
  if (!body) throw badRequest(`Unknown action "${action}": lock, restore or regenerate`);
  const attempt = await tryOperation(deps, who, "update_draft", { params: { id }, body });
  if (attempt.ok) return { query: "saved=field_action", anchor: `field-block-${field}` };
  const refused = refusedBy(attempt.error);
  if (!isDraftField(field)) return refused;
  const path = `actions.${field}`;
  const messages = refused.errors.length ? refused.errors.map((d) => d.message) : [refused.message];
  return { ...refused, errors: messages.map((message) => ({ path, message })) };
}
