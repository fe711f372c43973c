/**
 * The largest request body the operation table allows, in bytes: the REST and MCP body limit is
 * derived from it, so that a new or longer field moves the limit with it.
 */
import { z } from "zod";
import { OPERATIONS } from "./mod.ts";

type JsonSchema = Record<string, unknown>;

/** Bytes one character (UTF-16 unit) of a JSON string can take at most: a `\uXXXX` escape. */
const BYTES_PER_UNIT = 6;
/** The longest JSON number worth counting (`-1.7976931348623157e+308` has 24 characters). */
const NUMBER_BYTES = 24;
/**
 * Units assumed for a string bounded by its pattern only (slugs: at most 220, country codes: 2):
 * the patterns are not analysed, so this is a bound above every pattern in the table.
 */
const PATTERN_STRING_UNITS = 256;
/** Room for whitespace between tokens and for the fields of a JSON-RPC envelope (MCP). */
const MARGIN_RATIO = 1.25;
/** The limit is rounded up to whole KiB. */
const KIB = 1024;

/**
 * The most bytes a JSON value valid against `schema` can take, whitespace aside. Throws when a
 * string, array or map in it has no upper bound, naming where.
 */
export function maxJsonBytes(schema: z.ZodType): number {
  return maxBytes(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }), "(root)");
}

function stringBytes(units: number): number {
  return 2 + units * BYTES_PER_UNIT; // the quotes, then each unit escaped
}

function maxBytes(schema: JsonSchema, path: string): number {
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = schema[key] as JsonSchema[] | undefined;
    if (options) return Math.max(...options.map((option) => maxBytes(option, path)));
  }
  if (Array.isArray(schema.enum)) {
    return Math.max(...schema.enum.map((value) => stringBytes(JSON.stringify(value).length)));
  }
  if ("const" in schema) return stringBytes(JSON.stringify(schema.const).length);
  switch (schema.type) {
    case "null":
      return 4;
    case "boolean":
      return 5;
    case "number":
    case "integer":
      return NUMBER_BYTES;
    case "string": {
      if (typeof schema.maxLength === "number") return stringBytes(schema.maxLength);
      if (typeof schema.pattern === "string") return stringBytes(PATTERN_STRING_UNITS);
      throw new Error(`Cannot bound the body at "${path}": a string without maxLength`);
    }
    case "array": {
      if (typeof schema.maxItems !== "number") {
        throw new Error(`Cannot bound the body at "${path}": an array without maxItems`);
      }
      const item = maxBytes(schema.items as JsonSchema, `${path}[]`);
      return 2 + schema.maxItems * (item + 1);
    }
    case "object":
      return objectBytes(schema, path);
  }
  throw new Error(`Cannot bound the body at "${path}": unknown type ${JSON.stringify(schema)}`);
}

function objectBytes(schema: JsonSchema, path: string): number {
  let bytes = 2;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, property] of Object.entries(properties)) {
    // "name":value, with the name escaped as any string may be
    bytes += stringBytes(name.length) + 1 + maxBytes(property, `${path}.${name}`) + 1;
  }
  const extra = schema.additionalProperties;
  if (extra && typeof extra === "object") {
    if (typeof schema.maxProperties !== "number") {
      throw new Error(`Cannot bound the body at "${path}": a map without maxProperties`);
    }
    const key = maxBytes(
      (schema.propertyNames ?? { type: "string" }) as JsonSchema,
      `${path} (keys)`,
    );
    bytes += schema.maxProperties * (key + 1 + maxBytes(extra as JsonSchema, `${path}.*`) + 1);
  }
  return bytes;
}

/**
 * The REST and MCP body limit in bytes: the largest body of any operation, with a quarter more
 * for whitespace and the JSON-RPC envelope, rounded up to whole KiB.
 */
export function apiBodyLimit(): number {
  const largest = Math.max(
    ...OPERATIONS.map((op) => op.body ? maxJsonBytes(op.body) : 0),
  );
  return Math.ceil((largest * MARGIN_RATIO) / KIB) * KIB;
}
