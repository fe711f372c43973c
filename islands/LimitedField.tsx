/**
 * A form field that shows and enforces the API's limit as the person types: a text input or a
 * text area with `maxlength` (so the browser stops at the limit even before hydration) and a live
 * count; or a list written one item per line, where the number of items and each item's length
 * are checked and an error blocks the form's submission (custom validity) until it is fixed.
 */
import { useState } from "preact/hooks";

/** One field: its form name, label, value and limits. */
export interface LimitedFieldProps {
  name: string;
  label: string;
  value: string;
  /** Longest value (characters); for `lines`, the longest item. */
  max: number;
  /** "text" (one line), "area" (several lines), or "lines" (a list, one item per line). */
  kind?: "text" | "area" | "lines";
  /** For `lines`: the most items. */
  maxItems?: number;
  /** The input's type for `text` (url, email, ...). */
  type?: string;
  rows?: number;
  hint?: string;
  /** The server's message about this field (shown until the value changes). */
  error?: string;
  required?: boolean;
  placeholder?: string;
  /** The element id (default: `field-<name>`). */
  id?: string;
}

/** What is wrong with a list value, or "" when it fits its limits. */
export function linesProblem(value: string, maxItems: number, maxLength: number): string {
  const items = value.split("\n").map((line) => line.trim()).filter((line) => line !== "");
  if (items.length > maxItems) return `At most ${maxItems} items (${items.length} now)`;
  const long = items.findIndex((item) => item.length > maxLength);
  if (long >= 0) {
    return `Item ${long + 1} is ${items[long].length} characters; at most ${maxLength}`;
  }
  return "";
}

/** The field with its label, live count and messages. */
export default function LimitedField(props: LimitedFieldProps) {
  const { name, label, max, kind = "text", maxItems = 20, hint, required, placeholder } = props;
  const [value, setValue] = useState(props.value);
  const [serverError, setServerError] = useState(props.error ?? "");
  const id = props.id ?? `field-${name}`;
  const problem = kind === "lines" ? linesProblem(value, maxItems, max) : "";
  const error = problem || serverError;
  const itemCount = value.split("\n").filter((line) => line.trim() !== "").length;
  const count = kind === "lines"
    ? `${itemCount} / ${maxItems} items, each at most ${max} characters`
    : `${value.length} / ${max}`;
  const near = kind !== "lines" && value.length >= max * 0.9;

  function onInput(e: Event) {
    const el = e.currentTarget as HTMLInputElement | HTMLTextAreaElement;
    setValue(el.value);
    setServerError("");
    if (kind === "lines") el.setCustomValidity(linesProblem(el.value, maxItems, max));
  }

  const described = [`${id}-count`, hint ? `${id}-hint` : "", error ? `${id}-error` : ""]
    .filter(Boolean).join(" ");
  const common = {
    id,
    name,
    value,
    required,
    placeholder,
    onInput,
    "aria-describedby": described,
    "aria-invalid": error ? true : undefined,
  };
  return (
    <div class={`field limited-field${error ? " field-invalid" : ""}`}>
      <label for={id}>{label}</label>
      {hint && <p class="field-hint muted small" id={`${id}-hint`}>{hint}</p>}
      {kind === "text"
        ? <input {...common} type={(props.type ?? "text") as "text"} maxLength={max} />
        : (
          <textarea
            {...common}
            rows={props.rows ?? (kind === "lines" ? 4 : 5)}
            maxLength={kind === "area" ? max : undefined}
          />
        )}
      <p
        class={`field-count small${near ? " field-count-near" : ""}`}
        id={`${id}-count`}
        aria-live="polite"
      >
        {count}
      </p>
      {error && <p class="notice notice-error" id={`${id}-error`} role="alert">{error}</p>}
    </div>
  );
}
