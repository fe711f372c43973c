/**
 * `/dashboard/listings/:id/story`: the founder story (set_founder_story: a title and eight
 * sections) and the milestones (add_milestone, delete_milestone per row). Both are kept whether
 * or not the section is unlocked; the page says whether the public sees them.
 */
import { type Context, Hono } from "hono";
import { formatDate } from "../../components/format.ts";
import { STORY_SECTIONS } from "../../services/drafting/mod.ts";
import { type Deps, type ErrorDetail, notFound } from "../../services/platform/mod.ts";
import { Errors } from "../account/_ui.tsx";
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
import { callOperation, tryOperation } from "./_operation.ts";
import { dashboardPaths, Limited } from "./_ui.tsx";

/** The story page and its three form posts. */
export function listingStoryRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  const path = "/dashboard/listings/:id/story";
  app.get(path, async (c) => renderStory(deps, c, await openMyListing(deps, c), {}));
  app.post(path, (c) => act(deps, c, "story", storyInput));
  app.post(`${path}/milestones`, (c) => act(deps, c, "milestone", milestoneInput));
  app.post(`${path}/milestones/:milestone/delete`, (c) => deleteMilestone(deps, c));
  return app;
}

const SECTION_LABELS: Record<string, string> = {
  title: "Title",
  story: "The story",
  why_started: "Why we started",
  problem: "The problem",
  journey: "The journey",
  challenges: "Challenges",
  achievements: "Achievements",
  lessons: "Lessons learned",
  whats_next: "What's next",
};

const MILESTONE_FIELDS = ["date", "title", "description", "url"] as const;

const DONE = {
  story: "The founder story is saved.",
  milestone: "The milestone is added.",
  deleted: "The milestone is deleted.",
};

/** Which form a refusal belongs to, with what was posted and the API's messages. */
interface Refusal {
  form: "story" | "milestone";
  input: Record<string, string>;
  errors?: ErrorDetail[];
  message: string;
}

/** A form's operation: its id and the body from the posted values. */
interface FormInput {
  operation: string;
  input: Record<string, string>;
  body: Record<string, string>;
}

/** set_founder_story's body: the sections that are not empty (the story is replaced whole). */
function storyInput(form: URLSearchParams): FormInput {
  const input = Object.fromEntries(
    STORY_SECTIONS.map((s) => [s, textOf(form, s).replace(/\r\n?/g, "\n").trim()]),
  );
  const body = Object.fromEntries(Object.entries(input).filter(([, text]) => text !== ""));
  return { operation: "set_founder_story", input, body };
}

/** add_milestone's body: date and title, and the description and link when given. */
function milestoneInput(form: URLSearchParams): FormInput {
  const input = Object.fromEntries(MILESTONE_FIELDS.map((f) => [f, textOf(form, f).trim()]));
  const body = Object.fromEntries(
    Object.entries(input).filter(([f, text]) => text !== "" || f === "date" || f === "title"),
  );
  return { operation: "add_milestone", input, body };
}

async function act(
  deps: Deps,
  c: Context<SessionEnv>,
  kind: Refusal["form"],
  read: (form: URLSearchParams) => FormInput,
): Promise<Response> {
  const { form, ...managed } = await postedListingForm(deps, c);
  const id = managed.listing.listing_id;
  const { operation, input, body } = read(form);
  const done = await tryOperation(deps, managed.who, operation, {
    params: { listing_id: id },
    body,
  });
  if (done.ok) return c.redirect(doneAt(dashboardPaths.listingTab(id, "story"), kind), 303);
  const { details: errors, message } = done.error;
  return renderStory(deps, c, managed, { refused: { form: kind, input, errors, message } }, 400);
}

async function deleteMilestone(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const { who, listing } = await postedListingForm(deps, c);
  const raw = c.req.param("milestone") ?? "";
  if (!/^[1-9]\d{0,9}$/.test(raw)) throw notFound("milestone", raw.slice(0, 40));
  await callOperation(deps, who, "delete_milestone", {
    params: { listing_id: listing.listing_id, milestone_id: Number(raw) },
  });
  return c.redirect(doneAt(dashboardPaths.listingTab(listing.listing_id, "story"), "deleted"), 303);
}

function renderStory(
  deps: Deps,
  c: Context<SessionEnv>,
  { who, listing }: Managed,
  { refused }: { refused?: Refusal },
  status = 200,
): Promise<Response> {
  const id = listing.listing_id;
  const action = dashboardPaths.listingTab(id, "story");
  const csrf = who.session.csrf_token;
  const mine = (form: Refusal["form"]) => refused?.form === form ? refused : undefined;
  const story = mine("story")?.input ?? (listing.story as Record<string, string> | null) ?? {};
  const storyErrors = mine("story")?.errors;
  const milestone = mine("milestone");
  const shown = (section: "story" | "milestones", what: string) => (
    <p class="notice" data-shown={listing.unlocked_sections.includes(section) ? "yes" : "no"}>
      {listing.unlocked_sections.includes(section)
        ? `${what} shown on the public page.`
        : `${what} kept but not shown publicly until the section is unlocked (a paid launch ` +
          "unlocks it)."}
    </p>
  );
  return listingPage(
    deps,
    c,
    { listing, tab: "story", title: "Story & milestones", status },
    (
      <>
        <DoneNotice c={c} messages={DONE} />
        <section class="card" aria-labelledby="story">
          <h2 id="story">Founder story</h2>
          {shown("story", "The founder story is")}
          <PostForm action={action} csrf={csrf} label="Founder story">
            <FormError message={mine("story")?.message} />
            {STORY_SECTIONS.map((section) => (
              <Limited
                key={section}
                name={section}
                label={SECTION_LABELS[section]}
                value={story[section] ?? ""}
                max={section === "title" ? 200 : 8000}
                kind={section === "title" ? "text" : "area"}
                rows={5}
                error={messageAt(storyErrors, section) || undefined}
              />
            ))}
            <button type="submit" class="button">Save the story</button>
          </PostForm>
        </section>
        <section class="card" aria-labelledby="milestones">
          <h2 id="milestones">Milestones</h2>
          {shown("milestones", "Milestones are")}
          {listing.milestones.length === 0
            ? <p class="empty">No milestones yet.</p>
            : (
              <ul class="milestone-list">
                {listing.milestones.map((m) => (
                  <li key={m.id} data-milestone={m.id}>
                    <div>
                      <strong>{formatDate(m.date)}</strong> {m.title}
                      {m.description && <p class="small">{m.description}</p>}
                      {m.url && (
                        <p class="small">
                          <a href={m.url} rel="nofollow noopener">{m.url}</a>
                        </p>
                      )}
                    </div>
                    <PostForm
                      action={`${action}/milestones/${m.id}/delete`}
                      csrf={csrf}
                      class="inline"
                    >
                      <button
                        type="submit"
                        class="button button-ghost button-small"
                        aria-label={`Delete milestone ${m.title}`}
                      >
                        Delete
                      </button>
                    </PostForm>
                  </li>
                ))}
              </ul>
            )}
          <h3>Add a milestone</h3>
          <PostForm action={`${action}/milestones`} csrf={csrf} label="Add a milestone">
            <FormError message={milestone?.message} />
            <div class="field">
              <label for="field-date">Date</label>
              <input
                id="field-date"
                name="date"
                type="date"
                required
                value={milestone?.input.date ?? ""}
              />
              <Errors errors={milestone?.errors} path="date" />
            </div>
            <Limited
              name="title"
              id="milestone-title"
              label="Title"
              value={milestone?.input.title ?? ""}
              max={200}
              required
              error={messageAt(milestone?.errors, "title") || undefined}
            />
            <Limited
              name="description"
              label="Description"
              value={milestone?.input.description ?? ""}
              max={2000}
              kind="area"
              rows={3}
              error={messageAt(milestone?.errors, "description") || undefined}
            />
            <Limited
              name="url"
              label="Link (https)"
              value={milestone?.input.url ?? ""}
              max={500}
              type="url"
              error={messageAt(milestone?.errors, "url") || undefined}
            />
            <button type="submit" class="button">Add the milestone</button>
          </PostForm>
        </section>
      </>
    ),
  );
}
