/**
 * The draft's field records in sections (Basics, Description, Business, Lists, Contact & media):
 * each field with its state pill, its value under the API's limit, its evidence quotes, and its
 * Lock, Restore and Regenerate buttons (each a form of its own, outside the section's form).
 */
import type { DraftFieldName } from "../../services/drafting/mod.ts";
import { CsrfField } from "../account/_ui.tsx";
import {
  type EditorState,
  errorAt,
  Evidence,
  FormCard,
  StateLine,
  typedValue,
} from "./_draft_common.tsx";
import { dashboardPaths, Limited } from "./_ui.tsx";
import {
  FIELD_SECTIONS,
  type FieldAction,
  isListField,
  limitAt,
  shownValue,
} from "./draft_forms.ts";

/** What each field is called on the page. */
export const FIELD_LABELS: Record<DraftFieldName, string> = {
  name: "Name",
  tagline: "Tagline",
  short_description: "Short description",
  description: "Description",
  stage: "Stage",
  categories: "Categories",
  tags: "Tags",
  pricing_model: "Pricing model",
  pricing_summary: "Pricing summary",
  country: "Country",
  city: "City",
  founded_year: "Founded (year)",
  features: "Features",
  usps: "What sets it apart",
  keywords: "Keywords",
  contact_email: "Contact email",
  demo_video_url: "Demo video link",
  logo_url: "Logo image link",
};

const HINTS: Partial<Record<DraftFieldName, string>> = {
  stage: "For example: idea, beta, launched.",
  pricing_model: "For example: free, freemium, subscription, one-time.",
  country: "Two-letter ISO code, for example DE or US.",
  founded_year: "Four digits, for example 2021.",
  categories: "One per line, names from the category list below; the first is the primary one.",
  tags: "One per line.",
  features: "One per line.",
  usps: "One per line: what makes it different.",
  keywords: "One per line.",
  demo_video_url: "An http or https link to the video.",
  logo_url: "An http or https link to the image.",
};

const INPUT_TYPES: Partial<Record<DraftFieldName, string>> = {
  contact_email: "email",
  demo_video_url: "url",
  logo_url: "url",
};

/** The buttons of each field: what they post, say and explain. */
const ACTION_BUTTONS = [
  ["lock", "Lock", "Keep this value when the AI redrafts"],
  ["restore", "Restore", "Put back the AI's value and its evidence"],
  ["regenerate", "Regenerate", "Let the AI draft it again from your website's pages"],
] as const satisfies readonly [FieldAction, string, string][];

/** The id of the small form behind one field's buttons. */
const actionFormId = (field: string) => `field-actions-${field}`;

/** One field: value under its limit, state, evidence and its three buttons. */
function FieldBlock(
  { state, form, field }: { state: EditorState; form: string; field: DraftFieldName },
) {
  const record = state.draft.fields[field] ?? { value: null, state: "not_found", evidence: [] };
  const name = `fields.${field}`;
  const limit = limitAt(name);
  const list = isListField(field);
  const actionError = errorAt(state, "field_action", `actions.${field}`);
  return (
    <div class="draft-field" id={`field-block-${field}`} data-field={field}>
      <Limited
        name={name}
        label={FIELD_LABELS[field]}
        value={typedValue(state, form, name, shownValue(record.value))}
        max={limit.max}
        maxItems={limit.maxItems}
        kind={list ? "lines" : field === "description" ? "area" : "text"}
        type={INPUT_TYPES[field]}
        rows={field === "description" ? 10 : undefined}
        hint={HINTS[field]}
        error={errorAt(state, form, name)}
      />
      <StateLine state={record.state} />
      {field === "categories" && <CategoryNames names={state.categories} />}
      <Evidence quotes={record.evidence} />
      <div class="draft-field-actions" role="group" aria-label={`${FIELD_LABELS[field]}: actions`}>
        {ACTION_BUTTONS.map(([action, label, title]) => (
          <button
            key={action}
            type="submit"
            form={actionFormId(field)}
            name="action"
            value={action}
            class="button button-ghost button-small"
            title={title}
            aria-label={`${label} ${FIELD_LABELS[field]}`}
          >
            {label}
          </button>
        ))}
      </div>
      {actionError && (
        <p class="notice notice-error" id={`actions-${field}-error`} role="alert">
          {actionError}
        </p>
      )}
    </div>
  );
}

/** The names the categories field takes (from list_categories). */
function CategoryNames({ names }: { names: string[] }) {
  return (
    <details class="draft-category-names">
      <summary>Category names you can use ({names.length})</summary>
      <p class="small">{names.join(" · ")}</p>
    </details>
  );
}

/** The small forms the field buttons post (kept outside the sections' forms: forms do not nest). */
function ActionForms({ state, fields }: { state: EditorState; fields: readonly string[] }) {
  return (
    <>
      {fields.map((field) => (
        <form
          key={field}
          id={actionFormId(field)}
          method="post"
          action={`${dashboardPaths.draft(state.draft.id)}#field-block-${field}`}
          hidden
        >
          <CsrfField token={state.csrf} />
          <input type="hidden" name="form" value="field_action" />
          <input type="hidden" name="field" value={field} />
        </form>
      ))}
    </>
  );
}

/** Every field record, a card (and a form) per section. */
export function FieldSections({ state }: { state: EditorState }) {
  return (
    <>
      {FIELD_SECTIONS.map((section) => (
        <div key={section.id}>
          <FormCard
            state={state}
            form={section.id}
            title={section.title}
            lead="Only the fields you change are saved; empty a field to remove it."
          >
            {section.fields.map((field) => (
              <FieldBlock key={field} state={state} form={section.id} field={field} />
            ))}
          </FormCard>
          <ActionForms state={state} fields={section.fields} />
        </div>
      ))}
    </>
  );
}
