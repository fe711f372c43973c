/** Form fields of the settings and metrics pages: a label, the control, a hint, its error. */
import type { ComponentChildren, InputHTMLAttributes } from "preact";
import type { ApiError, ErrorDetail } from "../../services/platform/mod.ts";
import { CsrfField, Errors } from "../account/_ui.tsx";
import { ErrorNotice } from "./_team.tsx";

/** The attributes marking a control invalid and pointing at its error, when it has one. */
export function invalid(errors: ErrorDetail[] | undefined, path: string) {
  return errors?.some((e) => e.path === path)
    ? { "aria-invalid": "true" as const, "aria-describedby": `${path}-error` }
    : {};
}

/**
 * A labelled control (the child carries `id={id ?? path}`, `id` when several forms of a page
 * share a field name) with an optional hint and its error.
 */
export function Field(
  { label, path, id, hint, errors, children }: {
    label: string;
    path: string;
    id?: string;
    hint?: ComponentChildren;
    errors?: ErrorDetail[];
    children: ComponentChildren;
  },
) {
  return (
    <div class="field" data-field={path}>
      <label class="field-label" for={id ?? path}>{label}</label>
      {children}
      {hint && <span class="muted small">{hint}</span>}
      <Errors errors={errors} path={path} />
    </div>
  );
}

/** A dollar amount shown in a form: `4900` → `49.00`. */
export function dollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A labelled dollar amount (decimal keyboard on phones). */
export function MoneyField(
  props: { label: string; path: string; value: string; hint?: string; errors?: ErrorDetail[] },
) {
  return (
    <InputField
      {...props}
      inputMode="decimal"
      required
      pattern="\$?[0-9,]{1,12}(\.[0-9]{1,2})?"
    />
  );
}

/** A labelled input named `path` (id `id ?? path`), its value, hint and error; other attributes pass on. */
export function InputField(
  { label, path, id, hint, errors, ...attrs }:
    & { label: string; path: string; id?: string; hint?: string; errors?: ErrorDetail[] }
    & InputHTMLAttributes<HTMLInputElement>,
) {
  return (
    <Field label={label} path={path} id={id} hint={hint} errors={errors}>
      <input id={id ?? path} name={path} {...attrs} {...invalid(errors, path)} />
    </Field>
  );
}

/** A posted form in a card: its title, the refusal, the CSRF field, the fields and the button. */
export function FormCard(
  { action, title, csrf, error, button, intro, children }: {
    action: string;
    title: string;
    csrf: string;
    error?: ApiError | null;
    button: string;
    intro?: ComponentChildren;
    children: ComponentChildren;
  },
) {
  const titleId = `${action.split("/").filter(Boolean).join("-")}-title`;
  return (
    <form class="card form-stack" method="post" action={action} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {intro}
      <ErrorNotice error={error ?? null} />
      <CsrfField token={csrf} />
      {children}
      <button type="submit" class="button">{button}</button>
    </form>
  );
}
