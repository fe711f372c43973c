/**
 * The draft's other parts, each its own form: FAQs, founders and milestones (rows; empty rows are
 * dropped, so adding and removing works without JavaScript), socials, the founder story, the
 * competitor to compare with, and SEO.
 */
import { SOCIAL_LABELS } from "../../components/SocialLinks.tsx";
import { humanize } from "../../components/format.ts";
import { SOCIAL_KEYS } from "../../kv/types.ts";
import { STORY_SECTIONS } from "../../services/drafting/mod.ts";
import {
  type EditorState,
  errorAt,
  Evidence,
  FormCard,
  StateLine,
  typedValue,
} from "./_draft_common.tsx";
import { Limited } from "./_ui.tsx";
import {
  type EditorDraft,
  limitAt,
  maxRows,
  postedRows,
  ROW_FORMS,
  type RowForm,
  shownValue,
} from "./draft_forms.ts";

/** How each column of a row form is shown. */
const COLUMNS: Record<string, { label: string; kind?: "area"; type?: string }> = {
  "faqs.question": { label: "Question" },
  "faqs.answer": { label: "Answer", kind: "area" },
  "founders.name": { label: "Name" },
  "founders.title": { label: "Role" },
  "founders.bio": { label: "Bio", kind: "area" },
  "milestones.date": { label: "Date", type: "date" },
  "milestones.title": { label: "Title" },
  "milestones.description": { label: "Description", kind: "area" },
  "milestones.url": { label: "Link", type: "url" },
};

const ROW_TEXT: Record<RowForm, { title: string; one: string; lead: string }> = {
  faqs: {
    title: "FAQs",
    one: "FAQ",
    lead: "Questions people ask, with your answers. Empty a row to remove it.",
  },
  founders: {
    title: "Founders",
    one: "Founder",
    lead: "The first is the primary founder. Empty a row to remove it.",
  },
  milestones: {
    title: "Milestones",
    one: "Milestone",
    lead: "Dates worth telling, newest or oldest first as you like. Empty a row to remove it.",
  },
};

/** How many empty rows follow the filled ones. */
const EMPTY_ROWS = 2;

/** The rows a list form shows: what was typed (after a refusal), else the draft's. */
function shownRows(state: EditorState, form: RowForm): Record<string, string>[] {
  if (state.form === form && state.posted) return postedRows(form, state.posted);
  const list = state.draft[form] as unknown as Record<string, unknown>[];
  return list.map((entry) =>
    Object.fromEntries(ROW_FORMS[form].map((c) => [c, shownValue(entry[c])]))
  );
}

function RowInput(
  { state, form, index, column, value }: {
    state: EditorState;
    form: RowForm;
    index: number;
    column: string;
    value: string;
  },
) {
  const spec = COLUMNS[`${form}.${column}`];
  const name = `${form}.${index}.${column}`;
  const error = errorAt(state, form, name);
  if (spec.type === "date") {
    const id = `field-${name}`;
    return (
      <div class={`field${error ? " field-invalid" : ""}`}>
        <label for={id}>{spec.label}</label>
        <input
          id={id}
          type="date"
          name={name}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && <p class="notice notice-error" id={`${id}-error`} role="alert">{error}</p>}
      </div>
    );
  }
  return (
    <Limited
      name={name}
      label={spec.label}
      value={value}
      max={limitAt(`${form}.${column}`).max}
      kind={spec.kind ?? "text"}
      type={spec.type}
      rows={spec.kind ? 3 : undefined}
      error={error}
    />
  );
}

/** A list form: its filled rows, then a few empty ones, up to the API's most. */
export function RowsCard({ state, form }: { state: EditorState; form: RowForm }) {
  const rows = shownRows(state, form);
  const most = maxRows(form);
  const empty = Math.max(0, Math.min(EMPTY_ROWS, most - rows.length));
  const all = [...rows, ...Array.from({ length: empty }, () => ({} as Record<string, string>))];
  const evidence = state.form === form ? [] : state.draft[form].map((e) => e.evidence);
  const text = ROW_TEXT[form];
  return (
    <FormCard
      state={state}
      form={form}
      title={text.title}
      lead={`${text.lead} At most ${most}.`}
    >
      {all.map((row, index) => (
        <fieldset key={index} class="draft-row">
          <legend>
            {text.one} {index + 1}
            {form === "founders" && index === 0 ? " (primary)" : ""}
            {index >= rows.length ? " (new)" : ""}
          </legend>
          {ROW_FORMS[form].map((column) => (
            <RowInput
              key={column}
              state={state}
              form={form}
              index={index}
              column={column}
              value={row[column] ?? ""}
            />
          ))}
          {evidence[index] && <Evidence quotes={evidence[index]} />}
        </fieldset>
      ))}
      {state.form === form &&
        state.errors?.filter((e) => e.path === form).map((e) => (
          <p key={e.message} class="notice notice-error" role="alert">{e.message}</p>
        ))}
    </FormCard>
  );
}

/** Company and founder links, one field per platform. */
export function SocialsCard({ state }: { state: EditorState }) {
  const { draft } = state;
  const groups = [
    [
      "company_socials",
      "Company profiles",
      (k: string) => shownValue(draft.company_socials[k]?.value),
    ],
    ["founder_socials", "Founder profiles", (k: string) => draft.founder_socials[k] ?? ""],
  ] as const;
  return (
    <FormCard
      state={state}
      form="socials"
      title="Social links"
      lead="Full http or https links; empty a field to remove it."
    >
      {groups.map(([part, title, current]) => (
        <details
          key={part}
          class="draft-socials"
          open={state.form === "socials" || SOCIAL_KEYS.some((key) => current(key) !== "")}
        >
          <summary>{title}</summary>
          {SOCIAL_KEYS.map((key) => {
            const name = `${part}.${key}`;
            const record = part === "company_socials" ? draft.company_socials[key] : undefined;
            return (
              <div key={key}>
                <Limited
                  name={name}
                  label={`${SOCIAL_LABELS[key]}${part === "founder_socials" ? " (founder)" : ""}`}
                  value={typedValue(state, "socials", name, current(key))}
                  max={limitAt(name).max}
                  type="url"
                  error={errorAt(state, "socials", name)}
                />
                {record && <StateLine state={record.state} />}
                {record && <Evidence quotes={record.evidence} />}
              </div>
            );
          })}
        </details>
      ))}
    </FormCard>
  );
}

const STORY_LABELS: Record<string, string> = {
  why_started: "Why you started",
  problem: "The problem",
  whats_next: "What's next",
};

/** The founder story, one text per section. */
export function StoryCard({ state }: { state: EditorState }) {
  return (
    <FormCard state={state} form="story" title="Founder story" lead="Each part is optional.">
      {STORY_SECTIONS.map((section) => {
        const name = `story.${section}`;
        const record = state.draft.story[section];
        return (
          <div key={section}>
            <Limited
              name={name}
              label={STORY_LABELS[section] ?? humanize(section)}
              value={typedValue(state, "story", name, shownValue(record?.value))}
              max={limitAt(name).max}
              kind={section === "title" ? "text" : "area"}
              rows={section === "title" ? undefined : 4}
              error={errorAt(state, "story", name)}
            />
            {record && <StateLine state={record.state} />}
            {record && <Evidence quotes={record.evidence} />}
          </div>
        );
      })}
    </FormCard>
  );
}

interface Comparison {
  summary?: string;
  rows?: { attribute: string; ours: { value: unknown }; theirs: { value: unknown } }[];
}

function ComparisonResult({ competitor }: { competitor: EditorDraft["competitor"] }) {
  if (!competitor) return null;
  const status = {
    reading: "Reading their website and comparing…",
    ready: "Compared.",
    failed: "The comparison failed.",
  }[competitor.status] ?? competitor.status;
  const comparison = competitor.comparison as Comparison | null;
  return (
    <div class="draft-comparison" aria-live="polite">
      <p>
        <span class={`pill pill-draft pill-draft-${competitor.status}`}>{status}</span>{" "}
        {competitor.error && <span class="muted">{competitor.error}</span>}
      </p>
      {comparison?.summary && <p>{comparison.summary}</p>}
      {comparison?.rows && comparison.rows.length > 0 && (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">What</th>
                <th scope="col">Yours</th>
                <th scope="col">Theirs</th>
              </tr>
            </thead>
            <tbody>
              {comparison.rows.map((row) => (
                <tr key={row.attribute}>
                  <th scope="row">{humanize(row.attribute)}</th>
                  <td>{shownValue(row.ours.value).replaceAll("\n", ", ") || "—"}</td>
                  <td>{shownValue(row.theirs.value).replaceAll("\n", ", ") || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** A competitor's website to compare with, and the comparison's status and result. */
export function CompetitorCard({ state }: { state: EditorState }) {
  const name = "competitor_url";
  return (
    <FormCard
      state={state}
      form="competitor"
      title="Competitor"
      lead="We read their website and compare it with yours, quoting both. Empty it to remove it."
    >
      <Limited
        name={name}
        label="Competitor's website"
        value={typedValue(state, "competitor", name, state.draft.competitor?.url ?? "")}
        max={limitAt(name).max}
        placeholder="competitor.com"
        error={errorAt(state, "competitor", name)}
      />
      <ComparisonResult competitor={state.draft.competitor} />
    </FormCard>
  );
}

/** The title and description search engines show. */
export function SeoCard({ state }: { state: EditorState }) {
  const parts = [["title", "SEO title"], ["meta", "Meta description"]] as const;
  return (
    <FormCard state={state} form="seo" title="SEO" lead="What search engines show for the listing.">
      {parts.map(([key, label]) => {
        const name = `seo.${key}`;
        return (
          <Limited
            key={key}
            name={name}
            label={label}
            value={typedValue(state, "seo", name, state.draft.seo[key] ?? "")}
            max={limitAt(name).max}
            kind={key === "meta" ? "area" : "text"}
            rows={key === "meta" ? 3 : undefined}
            error={errorAt(state, "seo", name)}
          />
        );
      })}
    </FormCard>
  );
}
