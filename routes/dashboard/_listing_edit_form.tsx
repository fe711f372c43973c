/**
 * The edit form of a live listing: every editable field of update_my_listing with its limit shown
 * and enforced as the person types (LimitedField), the fourteen social links and up to ten FAQs;
 * the API's messages sit at their fields after a refusal.
 */
import { SOCIAL_LABELS } from "../../components/SocialLinks.tsx";
import { SOCIAL_KEYS } from "../../kv/types.ts";
import type { ErrorDetail } from "../../services/platform/mod.ts";
import { Errors } from "../account/_ui.tsx";
import {
  type EditValues,
  FAQ_ANSWER_MAX,
  FAQ_QUESTION_MAX,
  FAQS_MAX,
  LIST_FIELDS,
  LIST_ITEM_MAX,
  LIST_MAX_ITEMS,
  TEXT_FIELDS,
  YEAR_MAX,
  YEAR_MIN,
} from "./_listing_edit_model.ts";
import { FormError, messageAt, PostForm } from "./_listing_parts.tsx";
import { Limited } from "./_ui.tsx";

export interface EditFormProps {
  action: string;
  csrf: string;
  values: EditValues;
  errors?: ErrorDetail[];
  message?: string;
}

/** The whole edit form. */
export function EditForm({ action, csrf, values, errors, message }: EditFormProps) {
  const at = (path: string) => messageAt(errors, path) || undefined;
  // Every FAQ plus blank rows to add more (all ten rows at most).
  const faqRows = Math.min(FAQS_MAX, Math.max(values.faqs.length + 2, 3));
  return (
    <PostForm action={action} csrf={csrf} label="Edit the listing">
      <FormError message={message} />
      <fieldset class="form-stack">
        <legend>Wording and facts</legend>
        {TEXT_FIELDS.map((f) => (
          <Limited
            key={f.name}
            name={f.name}
            label={f.label}
            value={values.fields[f.name]}
            max={f.max}
            kind={f.kind}
            type={f.type}
            hint={f.hint}
            rows={f.rows}
            error={at(`fields.${f.name}`)}
          />
        ))}
        <div class="field">
          <label for="field-founded_year">Founded in</label>
          <p class="field-hint muted small" id="founded_year-hint">
            A year from {YEAR_MIN} to {YEAR_MAX}; empty to remove
          </p>
          <input
            id="field-founded_year"
            name="founded_year"
            type="number"
            inputMode="numeric"
            min={YEAR_MIN}
            max={YEAR_MAX}
            step={1}
            value={values.fields.founded_year}
            aria-describedby="founded_year-hint"
            aria-invalid={at("fields.founded_year") ? true : undefined}
          />
          <Errors errors={errors} path="fields.founded_year" />
        </div>
        {LIST_FIELDS.map((f) => (
          <Limited
            key={f.name}
            name={f.name}
            label={f.label}
            value={values.fields[f.name]}
            max={LIST_ITEM_MAX}
            maxItems={LIST_MAX_ITEMS}
            kind="lines"
            hint="One per line"
            error={at(`fields.${f.name}`)}
          />
        ))}
      </fieldset>
      <fieldset class="form-stack">
        <legend>Social links</legend>
        <p class="muted small">Full links (https://…); leave a box empty to remove its link.</p>
        <div class="social-grid">
          {SOCIAL_KEYS.map((key) => (
            <Limited
              key={key}
              name={`social_${key}`}
              label={SOCIAL_LABELS[key] ?? key}
              value={values.socials[key] ?? ""}
              max={500}
              type="url"
              error={at(`socials.${key}`)}
            />
          ))}
        </div>
        <Errors errors={errors} path="socials" />
      </fieldset>
      <fieldset class="form-stack">
        <legend>Questions and answers</legend>
        <p class="muted small">
          Up to {FAQS_MAX}. Clear both boxes of a question to remove it.
        </p>
        {Array.from({ length: faqRows }, (_, i) => (
          <div class="faq-row" key={i}>
            <Limited
              name={`faq_question_${i}`}
              label={`Question ${i + 1}`}
              value={values.faqs[i]?.question ?? ""}
              max={FAQ_QUESTION_MAX}
              error={at(`faqs.${i}.question`)}
            />
            <Limited
              name={`faq_answer_${i}`}
              label={`Answer ${i + 1}`}
              value={values.faqs[i]?.answer ?? ""}
              max={FAQ_ANSWER_MAX}
              kind="area"
              rows={3}
              error={at(`faqs.${i}.answer`)}
            />
          </div>
        ))}
        <Errors errors={errors} path="faqs" />
      </fieldset>
      <p class="muted small">
        Changes are published at once and kept in the version history below.
      </p>
      <button type="submit" class="button">Save changes</button>
    </PostForm>
  );
}
