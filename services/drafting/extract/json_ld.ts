/**
 * JSON-LD: the page's typed objects (leniently parsed, arrays and `@graph`s flattened) and the
 * organisations among them.
 */

const ORGANIZATION_TYPES = new Set([
  "Organization",
  "Corporation",
  "LocalBusiness",
  "OnlineBusiness",
  "OnlineStore",
  "NGO",
  "Brand",
  "ProfessionalService",
]);
const MAX_JSON_LD = 50;

/** The page's JSON-LD objects that have a type (at most 50). */
export function readJsonLd(doc: Document): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const script of doc.querySelectorAll("script[type]")) {
    const type = (script.getAttribute("type") ?? "").split(";")[0].trim().toLowerCase();
    if (type !== "application/ld+json") continue;
    const value = parseLenient(script.textContent ?? "");
    if (value !== undefined) flattenJsonLd(value, out, 0);
    if (out.length >= MAX_JSON_LD) break;
  }
  return out.slice(0, MAX_JSON_LD);
}

/** JSON.parse, then once more after the usual damage (comment wrappers, raw newlines, trailing commas). */
function parseLenient(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    const cleaned = raw
      .replace(/^\s*(?:<!--|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/, "")
      .replace(/(?:-->|\/\/\s*\]\]>|\]\]>)\s*$/, "")
      // Raw newlines and tabs inside strings are invalid JSON; outside strings they are spaces.
      // deno-lint-ignore no-control-regex
      .replace(/[\u0000-\u001f]+/g, " ")
      .replace(/,\s*([\]}])/g, "$1");
    try {
      return JSON.parse(cleaned);
    } catch {
      return undefined;
    }
  }
}

/** Typed objects from arrays and `@graph`s, top level first. */
function flattenJsonLd(value: unknown, out: Record<string, unknown>[], depth: number): void {
  if (depth > 4 || out.length >= MAX_JSON_LD) return;
  if (Array.isArray(value)) {
    for (const item of value) flattenJsonLd(item, out, depth + 1);
    return;
  }
  if (!isRecord(value)) return;
  const { "@graph": graph, ...rest } = value;
  if ("@type" in rest) out.push(graph === undefined ? value : rest);
  if (graph !== undefined) flattenJsonLd(graph, out, depth + 1);
}

/** Whether a value is a plain object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The schema.org types of a JSON-LD object, without a `schema:` or URL prefix. */
export function jsonLdTypes(value: unknown): string[] {
  if (!isRecord(value)) return [];
  const raw = value["@type"];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.filter((t): t is string => typeof t === "string").map((t) =>
    t.replace(/^(?:https?:\/\/schema\.org\/|schema:)/, "")
  );
}

function isOrganization(value: unknown): boolean {
  return jsonLdTypes(value).some((t) => ORGANIZATION_TYPES.has(t) || t.endsWith("Organization"));
}

/** Organisation-like objects: top level, and those nested as publisher, brand, provider and so on. */
export function organizations(jsonLd: Record<string, unknown>[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const nested = ["publisher", "brand", "provider", "creator", "author", "manufacturer", "seller"];
  for (const item of jsonLd) {
    if (isOrganization(item)) out.push(item);
  }
  for (const item of jsonLd) {
    for (const key of nested) {
      const values = Array.isArray(item[key]) ? item[key] as unknown[] : [item[key]];
      for (const v of values) if (isOrganization(v)) out.push(v as Record<string, unknown>);
    }
  }
  return out;
}

/** The texts or URLs of a JSON-LD value (a string, a list, or an object's url, contentUrl or @id). */
export function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (isRecord(value)) {
    for (const key of ["url", "contentUrl", "@id"]) {
      if (typeof value[key] === "string") return [value[key] as string];
    }
  }
  return [];
}
