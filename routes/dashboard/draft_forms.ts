/**
 * The draft editor's forms turned into operation bodies: each form of the editor becomes the body
 * of update_draft (or invite_cofounder) with only what changed, compared with the draft as
 * get_draft answers it. The limits shown on the page are read from the operations' own schemas.
 */
import { z } from "zod";
import { SOCIAL_KEYS } from "../../kv/types.ts";
import { DRAFT_FIELDS, type DraftFieldName, STORY_SECTIONS } from "../../services/drafting/mod.ts";
import { OPERATIONS } from "../api/v1/mod.ts";

/** One field record of get_draft. */
export interface FieldView {
  value: unknown;
  state: string;
  evidence: { quote: string; url: string }[];
}

/** The parts of get_draft's answer the editor reads. */
export interface EditorDraft {
  id: string;
  url: string;
  status: string;
  fields: Record<string, FieldView>;
  faqs: { question: string; answer: string; evidence: FieldView["evidence"] }[];
  founders: {
    name: string;
    title: string | null;
    bio: string | null;
    evidence: FieldView["evidence"];
    added_by_cofounder: boolean;
  }[];
  company_socials: Record<string, FieldView>;
  founder_socials: Record<string, string>;
  story: Record<string, FieldView>;
  milestones: {
    date: string;
    title: string;
    description: string | null;
    url: string | null;
    evidence: FieldView["evidence"];
  }[];
  competitor: {
    url: string;
    status: string;
    error: string | null;
    comparison: unknown;
  } | null;
  seo: { title: string | null; meta: string | null };
  completeness: number;
  missing: string[];
  invites: { email: string; invited_at: string; accepted: boolean }[];
  listing_id: number | null;
  submitted_at: string | null;
}

/** The editor's sections of fields, each saved by its own form. */
export const FIELD_SECTIONS = [
  { id: "basics", title: "Basics", fields: ["name", "tagline", "short_description", "stage"] },
  { id: "description", title: "Description", fields: ["description"] },
  {
    id: "business",
    title: "Business",
    fields: ["pricing_model", "pricing_summary", "country", "city", "founded_year"],
  },
  { id: "lists", title: "Lists", fields: ["categories", "tags", "features", "usps", "keywords"] },
  {
    id: "contact",
    title: "Contact & media",
    fields: ["contact_email", "demo_video_url", "logo_url"],
  },
] as const satisfies readonly { id: string; title: string; fields: readonly DraftFieldName[] }[];

/** The list forms: their body key and the columns of a row. */
export const ROW_FORMS = {
  faqs: ["question", "answer"],
  founders: ["name", "title", "bio"],
  milestones: ["date", "title", "description", "url"],
} as const;
export type RowForm = keyof typeof ROW_FORMS;

/** The per-field buttons and the update_draft key each one sends. */
export const FIELD_ACTIONS = {
  lock: "lock_fields",
  restore: "restore",
  regenerate: "regenerate",
} as const;
export type FieldAction = keyof typeof FIELD_ACTIONS;

// deno-lint-ignore no-explicit-any
type JsonSchema = Record<string, any>;

function bodySchema(operationId: string): JsonSchema {
  const op = OPERATIONS.find((o) => o.operationId === operationId);
  if (!op?.body) throw new Error(`No body for "${operationId}"`);
  return z.toJSONSchema(op.body, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

/** The bodies' JSON Schemas, converted on first use and kept. */
const SCHEMAS = new Map<string, JsonSchema>();
function schemaOf(operationId: string): JsonSchema {
  let schema = SCHEMAS.get(operationId);
  if (!schema) SCHEMAS.set(operationId, schema = bodySchema(operationId));
  return schema;
}

/** A limit of an operation's body: longest string and most items (a list's items: their length). */
export interface Limit {
  max: number;
  maxItems?: number;
}

/**
 * The limit at `path` of an operation's body (`fields.tagline`, `faqs.question`, `seo.title`),
 * as its schema declares it; row paths skip the index.
 */
export function limitAt(path: string, operationId = "update_draft"): Limit {
  let node: JsonSchema | undefined = schemaOf(operationId);
  let maxItems: number | undefined;
  const step = (n: JsonSchema | undefined) =>
    n?.anyOf ? n.anyOf.find((s: JsonSchema) => s.type !== "null") : n;
  for (const key of path.split(".")) {
    node = step(node);
    if (node?.type === "array") node = step(node.items);
    node = node?.properties?.[key];
  }
  node = step(node);
  if (node?.type === "array") {
    maxItems = node.maxItems;
    node = step(node.items);
  }
  if (typeof node?.maxLength !== "number") throw new Error(`No limit at "${path}"`);
  return maxItems === undefined ? { max: node.maxLength } : { max: node.maxLength, maxItems };
}

/** The most rows a list form (faqs, founders, milestones) takes. */
export function maxRows(form: RowForm): number {
  return schemaOf("update_draft").properties[form].maxItems;
}

/** Whether a draft field is a list (one item per line on the page). */
export function isListField(name: string): boolean {
  return limitAt(`fields.${name}`).maxItems !== undefined;
}

/** A draft field's value as the page shows it: lists one item per line. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  return Array.isArray(value) ? value.map(String).join("\n") : String(value);
}

/** What was typed, with the browser's line endings made plain and outer spaces trimmed. */
function clean(value: string | null): string {
  return (value ?? "").replace(/\r\n?/g, "\n").trim();
}

function lines(value: string): string[] {
  return value.split("\n").map((line) => line.trim()).filter((line) => line !== "");
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The `fields` a section's form changes: a changed value, or null for a field emptied. */
function fieldsBody(names: readonly string[], posted: URLSearchParams, draft: EditorDraft) {
  const fields: Record<string, string | string[] | null> = {};
  for (const name of names) {
    const key = `fields.${name}`;
    if (!posted.has(key)) continue;
    const typed = clean(posted.get(key));
    const list = isListField(name);
    const value = typed === "" ? null : list ? lines(typed) : typed;
    const current = shownValue(draft.fields[name]?.value);
    const before = current === "" ? null : list ? lines(current) : current;
    if (!same(value, before)) fields[name] = value;
  }
  return Object.keys(fields).length > 0 ? { fields } : null;
}

/** The keys of an object part (socials, story, seo) whose typed text differs from `current`. */
function changedKeys(
  prefix: string,
  keys: readonly string[],
  posted: URLSearchParams,
  current: (key: string) => unknown,
): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const name = `${prefix}.${key}`;
    if (!posted.has(name)) continue;
    const typed = clean(posted.get(name));
    if (typed !== shownValue(current(key)).trim()) out[key] = typed;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * The filled rows of a list form (`faqs.3.question`, ...), in the order shown; rows left empty
 * are dropped. Each row holds what was typed.
 */
export function postedRows(form: RowForm, posted: URLSearchParams): Record<string, string>[] {
  const rows = new Map<number, Record<string, string>>();
  for (const [name, value] of posted) {
    const match = new RegExp(`^${form}\\.(\\d+)\\.(\\w+)$`).exec(name);
    if (!match || !(ROW_FORMS[form] as readonly string[]).includes(match[2])) continue;
    const index = Number(match[1]);
    rows.set(index, { ...rows.get(index), [match[2]]: value.replace(/\r\n?/g, "\n") });
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row)
    .filter((row) => Object.values(row).some((v) => v.trim() !== ""));
}

/** A row as the operation takes it: required columns always, optional ones when filled. */
function rowItem(form: RowForm, row: Record<string, string>): Record<string, string> {
  const required: Record<RowForm, string[]> = {
    faqs: ["question", "answer"],
    founders: ["name"],
    milestones: ["date", "title"],
  };
  const item: Record<string, string> = {};
  for (const column of ROW_FORMS[form]) {
    const value = (row[column] ?? "").trim();
    if (value !== "" || required[form].includes(column)) item[column] = value;
  }
  return item;
}

/** A list as it stands in the draft, in the operation's shape (for "did it change"). */
function currentRows(form: RowForm, draft: EditorDraft): Record<string, string>[] {
  const list = draft[form] as unknown as Record<string, unknown>[];
  return list.map((entry) =>
    rowItem(
      form,
      Object.fromEntries(ROW_FORMS[form].map((c) => [c, shownValue(entry[c])])),
    )
  );
}

/** The body of update_draft for one of the editor's forms, or null when nothing changed. */
export function updateBody(
  form: string,
  posted: URLSearchParams,
  draft: EditorDraft,
): Record<string, unknown> | null {
  const section = FIELD_SECTIONS.find((s) => s.id === form);
  if (section) return fieldsBody(section.fields, posted, draft);
  if (form in ROW_FORMS) {
    const rows = postedRows(form as RowForm, posted).map((r) => rowItem(form as RowForm, r));
    return same(rows, currentRows(form as RowForm, draft)) ? null : { [form]: rows };
  }
  const parts: Record<string, unknown> = {};
  if (form === "socials") {
    parts.company_socials = changedKeys(
      "company_socials",
      SOCIAL_KEYS,
      posted,
      (k) => draft.company_socials[k]?.value,
    );
    parts.founder_socials = changedKeys(
      "founder_socials",
      SOCIAL_KEYS,
      posted,
      (k) => draft.founder_socials[k],
    );
  } else if (form === "story") {
    parts.story = changedKeys("story", STORY_SECTIONS, posted, (k) => draft.story[k]?.value);
  } else if (form === "seo") {
    parts.seo = changedKeys("seo", ["title", "meta"], posted, (k) => draft.seo[k as "title"]);
  } else if (form === "competitor") {
    const typed = clean(posted.get("competitor_url"));
    if (typed !== (draft.competitor?.url ?? "")) parts.competitor_url = typed;
  } else {
    throw new Error(`Not an update form: "${form}"`);
  }
  const body = Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== null));
  return Object.keys(body).length > 0 ? body : null;
}

/** The body of a per-field button: lock, restore or regenerate that one field. */
export function actionBody(action: string, field: string): Record<string, unknown> | null {
  if (!(action in FIELD_ACTIONS)) return null;
  return { [FIELD_ACTIONS[action as FieldAction]]: [field] };
}

/** Whether `name` is one of the draft's fields. */
export function isDraftField(name: string): name is DraftFieldName {
  return (DRAFT_FIELDS as readonly string[]).includes(name);
}
