/** Mounts every operation of the table as a Hono route under /api/v1. */
import { type Context, Hono } from "hono";
import { z } from "zod";
import { ApiError, badRequest, type Deps } from "../../../services/platform/mod.ts";
import { OPERATIONS } from "./mod.ts";
import { type Operation, parsePart } from "./operation.ts";
import { runOperation } from "./run.ts";
import { authorize, restResource } from "../../../services/access/mod.ts";
import { noStoreByDefault, publicJson } from "../../public_reads.ts";
import { keepableRequest } from "../../kept_reads.ts";

const EMPTY = z.object({}).strict();

export interface RestOptions {
  deps: Deps;
}

/** The base type of a schema field once optional, nullable and default wrappers are removed. */
function baseType(schema: z.ZodType): string {
  // deno-lint-ignore no-explicit-any
  let def = (schema as any)._zod.def;
  while (["optional", "nullable", "default", "prefault", "readonly"].includes(def.type)) {
    def = def.innerType._zod.def;
  }
  return def.type;
}

/**
 * Turns string values of a URL (path or query) into the types the schema declares, so that one
 * schema serves JSON (MCP) and URLs alike. Values that do not convert stay strings and fail
 * validation with a clear message.
 */
export function coerceUrlValues(
  schema: z.ZodObject | undefined,
  values: Record<string, string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = schema?.shape[name] as z.ZodType | undefined;
    const type = field ? baseType(field) : "string";
    if (type === "number" && /^-?\d+(\.\d+)?$/.test(value)) out[name] = Number(value);
    else if (type === "boolean" && (value === "true" || value === "false")) {
      out[name] = value === "true";
    } else out[name] = value;
  }
  return out;
}

function readQuery(c: Context): Record<string, string> {
  const values: Record<string, string> = {};
  const start = c.req.url.indexOf("?");
  if (start < 0) return values; // no query: no URL to parse
  for (const [name, value] of new URLSearchParams(c.req.url.slice(start + 1).split("#")[0])) {
    if (name in values) {
      throw badRequest(`Query parameter "${name}" was given more than once`, [{
        path: name,
        message: "Repeated parameter",
      }]);
    }
    values[name] = value;
  }
  return values;
}

async function readBody(c: Context, op: Operation): Promise<unknown> {
  const raw = await c.req.text();
  if (!op.body) {
    if (raw.trim() === "" || raw.trim() === "{}") return {};
    throw badRequest(`Operation "${op.operationId}" takes no request body`, [{
      path: "(body)",
      message: "No body is accepted",
    }]);
  }
  const notObject = (message: string) =>
    badRequest(message, [{ path: "(body)", message: "Expected a JSON object" }]);
  if (raw.trim() === "") throw notObject("Request body is empty: expected a JSON object");
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json")) {
    throw badRequest("Request body must be JSON: send Content-Type: application/json", [{
      path: "(body)",
      message: "Expected application/json",
    }]);
  }
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch (err) {
    throw badRequest(`Request body is not valid JSON: ${(err as Error).message}`, [{
      path: "(body)",
      message: "Invalid JSON",
    }]);
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    const what = body === null ? "null" : Array.isArray(body) ? "an array" : `a ${typeof body}`;
    throw notObject(`Request body must be a JSON object, not ${what}`);
  }
  return body;
}

/** Reads, validates and types the path, query and body of a request for one operation. */
export async function readInput(c: Context, op: Operation) {
  const params = parsePart(
    op.params ?? EMPTY,
    coerceUrlValues(op.params, c.req.param() as Record<string, string>),
    "path parameters",
  );
  const query = parsePart(
    op.query ?? EMPTY,
    coerceUrlValues(op.query, readQuery(c)),
    "query parameters",
  );
  const body = op.body
    ? parsePart(op.body, await readBody(c, op), "request body")
    : await readBody(c, op);
  return { params, query, body };
}

/** Converts `/listings/{slug}` into Hono's `/listings/:slug`. */
export function toHonoPath(path: string): string {
  return path.replace(/\{([a-z_]+)\}/g, ":$1");
}

/** A Hono app with one route per operation. */
export function restRoutes({ deps }: RestOptions): Hono {
  const app = new Hono();
  const target = restResource(deps.config.publicUrl);
  app.use("*", noStoreByDefault());
  for (const op of OPERATIONS) {
    const publicRead = op.access === "public" && op.method === "get";
    const freshness = publicRead ? op.freshness : undefined;
    app.on(op.method.toUpperCase(), toHonoPath(op.path), async (c) => {
      // Taken before anything is read: an answer is kept only if nothing moved while it was made.
      const validity = freshness && keepableRequest(c.req.raw) ? freshness(deps) : undefined;
      const caller = await authorize(deps, c.req.header("authorization"), op.access, target);
      const input = await readInput(c, op);
      const result = await runOperation(deps, op, input, caller, c.req.header("idempotency-key"));
      if (result.replayed) c.header("Idempotent-Replayed", "true");
      if (publicRead) {
        const keep = freshness && validity ? { freshness, validity } : undefined;
        return publicJson(c, result.body, result.status, keep);
      }
      return c.json(result.body as object, result.status as 200);
    });
  }
  return app;
}

/** The error for an unmatched API path: 405 when the path exists with another method, else 404. */
export function unmatchedApiRoute(method: string, path: string): ApiError {
  const known = OPERATIONS.some((op) =>
    new RegExp(`^/api/v1${toHonoPath(op.path).replace(/:[a-z_]+/g, "[^/]+")}$`).test(path)
  );
  return known
    ? new ApiError(405, "method_not_allowed", `Method ${method} is not allowed on ${path}`)
    : new ApiError(404, "not_found", `No API route ${method} ${path}`);
}
