/** Reading an OpenAPI 3.1 document for the API reference: refs, types, constraints, schema rows. */

/** A JSON object of the OpenAPI document. */
export type Json = Record<string, unknown>;

/** One line of a flattened schema: `items[].product`, its type, whether required and its limits. */
export interface SchemaRow {
  path: string;
  depth: number;
  type: string;
  required: boolean;
  constraints: string[];
  description?: string;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Follows a local `$ref` (`#/components/...`) in the document; other values come back as they are. */
export function resolveRef(doc: Json, value: unknown): Json {
  if (!isObject(value)) return {};
  const ref = value.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/")) return value;
  let node: unknown = doc;
  for (const part of ref.slice(2).split("/")) node = isObject(node) ? node[part] : undefined;
  return isObject(node) ? node : {};
}

/** The name a `$ref` points to: `#/components/schemas/Error` → `Error`. */
export function refName(value: unknown): string | null {
  return isObject(value) && typeof value.$ref === "string"
    ? value.$ref.split("/").at(-1) ?? null
    : null;
}

function variants(schema: Json): Json[] {
  const list = schema.anyOf ?? schema.oneOf;
  return Array.isArray(list) ? list.filter(isObject) : [];
}

/** A readable type: `string`, `integer or null`, `array of string`, `map of string`. */
export function typeOf(schema: Json): string {
  const ref = refName(schema);
  if (ref) return ref;
  const alternatives = variants(schema);
  if (alternatives.length > 0) return [...new Set(alternatives.map(typeOf))].join(" or ");
  if ("const" in schema) return JSON.stringify(schema.const);
  const type = Array.isArray(schema.type) ? schema.type.join(" or ") : schema.type;
  if (type === "array") {
    return isObject(schema.items) ? `array of ${typeOf(schema.items)}` : "array";
  }
  if (type === "object" && !isObject(schema.properties) && isObject(schema.additionalProperties)) {
    return `map of ${typeOf(schema.additionalProperties)}`;
  }
  if (typeof type === "string") return type;
  if (Array.isArray(schema.enum)) return "string";
  return "any";
}

function range(min: unknown, max: unknown, unit: string): string | null {
  const lo = typeof min === "number" ? min : null;
  const hi = typeof max === "number" && max < MAX_SAFE ? max : null;
  const u = unit ? ` ${unit}` : "";
  if (lo !== null && hi !== null) return lo === hi ? `exactly ${lo}${u}` : `${lo} to ${hi}${u}`;
  if (lo !== null) return `at least ${lo}${u}`;
  if (hi !== null) return `at most ${hi}${u}`;
  return null;
}

/** The limits of a schema in words: enum, pattern, lengths, bounds, items, default. */
export function constraintsOf(schema: Json): string[] {
  const out: string[] = [];
  for (const v of variants(schema)) if (v.type !== "null") out.push(...constraintsOf(v));
  if (Array.isArray(schema.enum)) {
    out.push(`one of: ${schema.enum.map((e) => String(e)).join(", ")}`);
  }
  if (typeof schema.format === "string") out.push(`format: ${schema.format}`);
  if (typeof schema.pattern === "string") out.push(`pattern: ${schema.pattern}`);
  const length = range(schema.minLength, schema.maxLength, "characters");
  if (length) out.push(length);
  const bounds = range(schema.minimum, schema.maximum, "");
  if (bounds) out.push(bounds);
  if (typeof schema.exclusiveMinimum === "number") {
    out.push(`greater than ${schema.exclusiveMinimum}`);
  }
  if (typeof schema.exclusiveMaximum === "number") out.push(`less than ${schema.exclusiveMaximum}`);
  const items = range(schema.minItems, schema.maxItems, "items");
  if (items) out.push(items);
  const props = range(schema.minProperties, schema.maxProperties, "keys");
  if (props) out.push(props);
  if (isObject(schema.propertyNames)) {
    const keys = constraintsOf(schema.propertyNames);
    if (keys.length > 0) out.push(`keys: ${keys.join(", ")}`);
  }
  if (schema.type === "array" && isObject(schema.items) && !isObject(schema.items.properties)) {
    const each = constraintsOf(schema.items);
    if (each.length > 0) out.push(`each: ${each.join(", ")}`);
  }
  if (
    schema.type === "object" && isObject(schema.additionalProperties) &&
    !isObject(schema.properties)
  ) {
    const each = constraintsOf(schema.additionalProperties);
    if (each.length > 0) out.push(`values: ${each.join(", ")}`);
  }
  if (schema.uniqueItems === true) out.push("no duplicates");
  if ("default" in schema) out.push(`default: ${JSON.stringify(schema.default)}`);
  return out;
}

function nestedObject(schema: Json): { schema: Json; suffix: string } | null {
  if (isObject(schema.properties)) return { schema, suffix: "." };
  if (schema.type === "array" && isObject(schema.items) && isObject(schema.items.properties)) {
    return { schema: schema.items, suffix: "[]." };
  }
  const objectVariant = variants(schema).find((v) => isObject(v.properties));
  return objectVariant ? { schema: objectVariant, suffix: "." } : null;
}

/** Flattens an object schema into rows, nested properties as dotted paths (`items[].product`). */
export function schemaRows(doc: Json, schema: Json, prefix = "", depth = 0): SchemaRow[] {
  const resolved = resolveRef(doc, schema);
  const properties = isObject(resolved.properties) ? resolved.properties : {};
  const required = new Set(Array.isArray(resolved.required) ? resolved.required.map(String) : []);
  const rows: SchemaRow[] = [];
  for (const [name, raw] of Object.entries(properties)) {
    const field = resolveRef(doc, raw);
    const nested = nestedObject(field);
    const constraints = constraintsOf(field);
    if (nested && nested.schema.additionalProperties === false) constraints.push("no other fields");
    rows.push({
      path: prefix + name,
      depth,
      type: typeOf(field),
      required: required.has(name),
      constraints,
      description: typeof field.description === "string" ? field.description : undefined,
    });
    if (nested && depth < 6) {
      rows.push(...schemaRows(doc, nested.schema, prefix + name + nested.suffix, depth + 1));
    }
  }
  return rows;
}
