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

/** The `@id` a value only points to (`{"@id": "#ayla"}`, no name of its own), or null. */
export function referenceOf(value: unknown): string | null {
  if (!isRecord(value) || typeof value["@id"] !== "string" || "name" in value) return null;
  return value["@id"];
}

/** The page's JSON-LD object with this `@id` that has a name (a `@graph` member), or null. */
export function namedNode(
  jsonLd: Record<string, unknown>[],
  id: string,
): Record<string, unknown> | null {
  return jsonLd.find((o) => o["@id"] === id && typeof o.name === "string") ?? null;
}

/** A founder JSON-LD states: its node, where the node's values sit ("" for a graph member). */
export interface FounderNode {
  node: Record<string, unknown>;
  /** The node's path without array indexes ("founder", "publisher.founder", "" when referenced). */
  path: string;
  /** Whether a `founder` pointed to the node by `@id`. */
  referenced: boolean;
}

/**
 * The named nodes under `founder`/`founders` at any depth, inline or pointed to by `@id`
 * (`{"founder": [{"@id": "#ayla"}]}` with a member `{"@id": "#ayla", "name": "Ayla Demir"}`).
 */
export function founderNodes(jsonLd: Record<string, unknown>[]): FounderNode[] {
  const out: FounderNode[] = [];
  const walk = (value: unknown, path: string, depth: number) => {
    if (depth > 4) return;
    if (Array.isArray(value)) return value.forEach((v) => walk(v, path, depth + 1));
    if (!isRecord(value)) return;
    for (const [k, v] of Object.entries(value)) {
      if (k.startsWith("@")) continue;
      const at = path ? `${path}.${k}` : k;
      if (k !== "founder" && k !== "founders") {
        walk(v, at, depth + 1);
        continue;
      }
      for (const item of Array.isArray(v) ? v : [v]) {
        const ref = referenceOf(item);
        const node = ref ? namedNode(jsonLd, ref) : isRecord(item) ? item : null;
        if (node && typeof node.name === "string") {
          out.push({ node, path: ref ? "" : at, referenced: ref !== null });
        }
      }
    }
  };
  jsonLd.forEach((o) => walk(o, "", 0));
  return out;
}

/** Names of the nodes a `founder`/`founders` points to by `@id`. */
export function referencedFounders(jsonLd: Record<string, unknown>[]): string[] {
  return founderNodes(jsonLd).filter((f) => f.referenced).map((f) => f.node.name as string);
}

/** The `sameAs` addresses of a JSON-LD node (a string or a list). */
export function sameAsOf(node: Record<string, unknown>): string[] {
  const raw = Array.isArray(node.sameAs) ? node.sameAs : [node.sameAs];
  return raw.filter((u): u is string => typeof u === "string");
}
