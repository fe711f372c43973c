/**
 * The MCP server at /mcp (Streamable HTTP), built with the official SDK's `createMcpHandler`: the
 * stateless 2026-07-28 revision and initialize-based 2025-03-26 to 2025-11-25 clients on one
 * endpoint. Every operation of the table is a tool of the same name that runs through
 * `runOperation`, so a tool answers exactly what the REST call answers.
 */
import { type Context, Hono } from "hono";
import { z } from "zod";
import type {
  AuthInfo,
  CallToolResult,
  McpServer,
  StandardSchemaWithJSON,
  ToolAnnotations,
} from "@modelcontextprotocol/server";
import { loadOnce, mcpServerSdk } from "../services/platform/lazy.ts";
import {
  ApiError,
  badRequest,
  type Deps,
  type ErrorDetail,
  getSettings,
  toApiError,
} from "../services/platform/mod.ts";
import {
  authorize,
  type Caller,
  insufficientScope,
  mcpResource,
  unauthorized,
} from "../services/access/mod.ts";
import { OPERATIONS } from "./api/v1/mod.ts";
import { issuesToDetails, type Operation, type RawInput } from "./api/v1/operation.ts";
import { IDEMPOTENCY_KEY_PATTERN, jsonSchemaOf } from "./api/v1/openapi.ts";
import { API_VERSION } from "../services/directory/mod.ts";
import { runOperation } from "./api/v1/run.ts";
import { rateLimited, rateLimitHeaders } from "./middleware.ts";
import {
  AUTH_ERROR,
  countMcpRequest,
  invalidInitialize,
  isPlainObject,
  isToolCall,
  jsonRpcError,
  SERVER_ERROR,
} from "./mcp_gate.ts";
import { CHECKOUT_NOTE, mcpInstructions } from "./mcp_texts.ts";
import { mcpBrowserPage } from "./mcp_page.tsx";
export { CHECKOUT_NOTE };

/** `_meta` key of the agent-facing note on create_checkout results. */
export const AGENT_NOTE_META = "launch-directory/agent-note";
/** `_meta` key set to true when a result is the replay of an earlier call with the same key. */
export const REPLAYED_META = "launch-directory/idempotent-replayed";

/** How long clients and shared caches may keep the tool list (it changes only with a release). */
const LIST_CACHE_TTL_MS = 10 * 60 * 1000;

const EMPTY = z.object({}).strict();

const idempotencyKeyField = z.string().min(1).max(255).regex(
  new RegExp(IDEMPOTENCY_KEY_PATTERN),
  "Use 1 to 255 visible ASCII characters, e.g. a UUID",
).describe(
  "Optional: makes retries safe. The same key with the same arguments replays the first result for 24 hours; the same key with other arguments is an error.",
);

/** The operation's path, query and body fields as one object (plus `idempotency_key`). */
function mergedShape(op: Operation): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const part of [op.params, op.query, op.body]) {
    for (const [name, field] of Object.entries(part?.shape ?? {})) {
      if (name in shape) {
        throw new Error(`Operation "${op.operationId}" has the field "${name}" twice`);
      }
      shape[name] = field as z.ZodType;
    }
  }
  if (op.idempotencyKey) shape.idempotency_key = idempotencyKeyField.optional();
  return shape;
}

/** JSON Schema (2020-12) of a tool's arguments: the merged fields with the same bounds, strict. */
export function toolInputJsonSchema(op: Operation): Record<string, unknown> {
  return jsonSchemaOf(z.object(mergedShape(op)).strict());
}

/** Every result is a JSON object; its fields are those of the REST answer. */
const OUTPUT_JSON_SCHEMA = { type: "object", additionalProperties: true };

/**
 * A schema the SDK lists as given and passes through unchecked: the tool checks its arguments
 * itself against the operation's own schemas, so that errors come back in the shared error body
 * naming each field, exactly as on REST.
 */
function passThroughSchema(
  json: Record<string, unknown>,
): StandardSchemaWithJSON<Record<string, unknown>> {
  return {
    "~standard": {
      version: 1,
      vendor: "launch-directory",
      validate: (value: unknown) => ({ value: (value ?? {}) as Record<string, unknown> }),
      jsonSchema: { input: () => json, output: () => json },
    },
  };
}

/** The tool description: what it does, what access it needs, its paging and retry rules. */
export function toolDescription(op: Operation): string {
  const parts = [op.description];
  parts.push(
    op.access === "public"
      ? "Access: public, no sign-in needed."
      : `Access: needs sign-in with the "${op.access}" scope (OAuth, or an API key holding it).`,
  );
  if (op.paginated) {
    parts.push("Paginated: page 1 to 1000 (default 1), per_page 1 to 100 (default 20).");
  }
  if (op.idempotencyKey) {
    parts.push(
      "Optional idempotency_key (1 to 255 visible characters): a retry with the same key and arguments within 24 hours replays the first result instead of acting twice.",
    );
  }
  if (op.operationId === "create_checkout") parts.push(CHECKOUT_NOTE);
  return parts.join("\n\n");
}

/** MCP tool annotations from the operation's hints. */
export function toolAnnotations(op: Operation): ToolAnnotations {
  const readOnly = op.hints.readOnly ?? op.method === "get";
  return {
    title: op.summary,
    readOnlyHint: readOnly,
    ...(readOnly ? {} : {
      destructiveHint: op.hints.destructive ?? false,
      idempotentHint: op.hints.idempotent ?? false,
    }),
    openWorldHint: op.hints.openWorld ?? false,
  };
}

function hasField(schema: z.ZodObject | undefined, name: string): boolean {
  return schema !== undefined && Object.hasOwn(schema.shape, name);
}

/**
 * Splits a tool's arguments back into the operation's path, query and body, validated by each
 * part's own schema (defaults applied, unknown fields refused), or throws a 400 naming the fields.
 */
export function splitArguments(
  op: Operation,
  args: unknown,
): { input: RawInput; idempotencyKey?: string } {
  if (args !== undefined && !isPlainObject(args)) {
    throw badRequest(`Invalid arguments for ${op.operationId}: expected an object`, [{
      path: "(arguments)",
      message: "Expected an object",
    }]);
  }
  const raw = { params: {} as Record<string, unknown>, query: {} as Record<string, unknown> };
  const body: Record<string, unknown> = {};
  const details: ErrorDetail[] = [];
  let idempotencyKey: string | undefined;
  for (const [name, value] of Object.entries(args ?? {})) {
    if (op.idempotencyKey && name === "idempotency_key") {
      const parsed = idempotencyKeyField.safeParse(value);
      if (parsed.success) idempotencyKey = parsed.data;
      else details.push(...issuesToDetails(parsed.error.issues, name));
    } else if (hasField(op.params, name)) raw.params[name] = value;
    else if (hasField(op.query, name)) raw.query[name] = value;
    else if (hasField(op.body, name)) body[name] = value;
    else details.push({ path: name, message: `Unknown field: "${name}"` });
  }
  const parse = (schema: z.ZodObject | undefined, value: Record<string, unknown>) => {
    const result = (schema ?? EMPTY).safeParse(value);
    if (result.success) return result.data as Record<string, unknown>;
    details.push(...issuesToDetails(result.error.issues));
    return {};
  };
  const input: RawInput = {
    params: parse(op.params, raw.params),
    query: parse(op.query, raw.query),
    body: op.body ? parse(op.body, body) : {},
  };
  if (details.length > 0) {
    throw badRequest(`Invalid arguments for ${op.operationId}`, details);
  }
  return { input, idempotencyKey };
}

function jsonText(value: unknown): { type: "text"; text: string } {
  return { type: "text", text: JSON.stringify(value) };
}

/** A successful tool result: the REST JSON as structuredContent and as text. */
export function toolResult(op: Operation, body: unknown, replayed = false): CallToolResult {
  const structured = body as Record<string, unknown>;
  const result: CallToolResult = { content: [jsonText(body)], structuredContent: structured };
  const meta: Record<string, unknown> = {};
  if (replayed) meta[REPLAYED_META] = true;
  if (op.operationId === "create_checkout") {
    const url = isPlainObject(body) && typeof body.checkout_url === "string"
      ? body.checkout_url
      : null;
    result.content.push({
      type: "text",
      text: url ? `Checkout link for the person: ${url}\n\n${CHECKOUT_NOTE}` : CHECKOUT_NOTE,
    });
    meta[AGENT_NOTE_META] = CHECKOUT_NOTE;
  }
  if (Object.keys(meta).length > 0) result._meta = meta;
  return result;
}

/**
 * A failed tool result: the shared error body (of an `ApiError`, or as stored for a replay) as
 * structuredContent and as text.
 */
export function toolError(err: ApiError | { body: unknown }, replayed = false): CallToolResult {
  const body = err instanceof ApiError ? err.toBody() : err.body;
  const result: CallToolResult = {
    content: [jsonText(body)],
    structuredContent: body as Record<string, unknown>,
    isError: true,
  };
  if (replayed) result._meta = { [REPLAYED_META]: true };
  return result;
}

/** Runs one operation as a tool for a caller; domain and argument errors become tool results. */
export async function callTool(
  deps: Deps,
  op: Operation,
  args: unknown,
  caller: Caller | null,
): Promise<CallToolResult> {
  try {
    // The HTTP gate has answered 401/403 already; this keeps the tool safe on its own.
    if (op.access !== "public") {
      const target = mcpResource(deps.config.publicUrl);
      if (!caller) throw unauthorized(target, "Sign-in required", op.access);
      if (!caller.scopes.includes(op.access)) throw insufficientScope(target, op.access);
    }
    const { input, idempotencyKey } = splitArguments(op, args);
    const result = await runOperation(deps, op, input, caller, idempotencyKey);
    // A replayed 4xx is stored as its status and error body: it stays an error.
    if (result.status >= 400) return toolError(result, result.replayed);
    return toolResult(op, result.body, result.replayed);
  } catch (thrown) {
    const err = toApiError(thrown);
    if (err.status >= 500 && !(thrown instanceof ApiError)) console.error(thrown);
    return toolError(err);
  }
}

const OUTPUT_SCHEMA = passThroughSchema(OUTPUT_JSON_SCHEMA);

/** The tool definitions, built once from the operation table. */
const TOOLS = OPERATIONS.map((op) => ({
  op,
  description: toolDescription(op),
  inputSchema: passThroughSchema(toolInputJsonSchema(op)),
  annotations: toolAnnotations(op),
}));

/** The MCP server for one request: every operation as a tool, in the table's order. */
export async function buildMcpServer(
  deps: Deps,
  caller: Caller | null,
  instructions: string,
): Promise<McpServer> {
  const { McpServer } = await mcpServerSdk();
  const hint = { ttlMs: LIST_CACHE_TTL_MS, cacheScope: "public" } as const;
  const server = new McpServer({
    name: "launch-directory",
    title: "Launch Directory",
    version: API_VERSION,
    websiteUrl: `${deps.config.publicUrl}/`,
  }, {
    // Declared so that prompts/list and resources/list answer empty lists; nothing here changes
    // while the server runs, so no list_changed notifications are promised.
    capabilities: {
      tools: { listChanged: false },
      prompts: { listChanged: false },
      resources: { listChanged: false },
    },
    instructions,
    cacheHints: {
      "server/discover": hint,
      "tools/list": hint,
      "prompts/list": hint,
      "resources/list": hint,
      "resources/templates/list": hint,
    },
  });
  for (const tool of TOOLS) {
    server.registerTool(tool.op.operationId, {
      title: tool.op.summary,
      description: tool.description,
      inputSchema: tool.inputSchema,
      outputSchema: OUTPUT_SCHEMA,
      annotations: tool.annotations,
    }, (args) => callTool(deps, tool.op, args, caller));
  }
  return server;
}

/** Host names allowed in Host and Origin: the public URL's, plus loopback names when it is local. */
export async function allowedHostnames(publicUrl: string): Promise<string[]> {
  const { hostname } = new URL(publicUrl);
  const local = (await mcpServerSdk()).localhostAllowedHostnames();
  return local.includes(hostname) ? local : [hostname];
}

/** 403 for a request whose Host or Origin is not this service (DNS rebinding protection). */
async function checkHostAndOrigin(req: Request, allowed: string[]): Promise<Response | null> {
  const { validateHostHeader, validateOriginHeader } = await mcpServerSdk();
  const host = validateHostHeader(req.headers.get("host") ?? new URL(req.url).host, allowed);
  if (!host.ok) return jsonRpcError(403, null, SERVER_ERROR, host.message);
  const origin = validateOriginHeader(req.headers.get("origin"), allowed);
  if (!origin.ok) return jsonRpcError(403, null, SERVER_ERROR, origin.message);
  return null;
}

/** The JSON-RPC messages of a POST body, read from a copy; [] when it is not JSON. */
async function readMessages(req: Request): Promise<unknown[]> {
  if (req.method !== "POST" || req.body === null) return [];
  const { readRequestBody } = await mcpServerSdk();
  const read = await readRequestBody(req.clone());
  if (read.tooLarge) return []; // the SDK answers 413
  try {
    const parsed: unknown = JSON.parse(read.text);
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return []; // the SDK answers the parse error
  }
}

/** The signed-in operations the messages call as tools (their access), in order. */
function signedInCalls(messages: unknown[]): Operation[] {
  const ops: Operation[] = [];
  for (const message of messages) {
    if (!isToolCall(message)) continue;
    const name = isPlainObject(message.params) ? message.params.name : undefined;
    const op = OPERATIONS.find((o) => o.operationId === name);
    if (op && op.access !== "public") ops.push(op);
  }
  return ops;
}

/**
 * The caller of an MCP request, checked as on REST: an invalid credential is a 401 on any request;
 * a tools/call of a signed-in tool without credentials is a 401 and without the scope a 403.
 */
async function authorizeRequest(
  deps: Deps,
  authorization: string | undefined,
  messages: unknown[],
): Promise<Caller | null> {
  const target = mcpResource(deps.config.publicUrl);
  const accesses = [...new Set(signedInCalls(messages).map((op) => op.access))];
  let caller = await authorize(deps, authorization, accesses[0] ?? "public", target);
  for (const access of accesses.slice(1)) {
    caller = await authorize(deps, authorization, access, target);
  }
  return caller;
}

/**
 * An HTTP-level refusal (401/403 with the challenge, 429 with Retry-After): its headers and a
 * JSON-RPC error carrying the request's id and the shared error body as `data`.
 */
function refusalResponse(err: ApiError, messages: unknown[], code: number): Response {
  const single = messages.length === 1 && isPlainObject(messages[0]) ? messages[0] : null;
  const res = jsonRpcError(err.status, single?.id, code, err.message, err.toBody());
  for (const [name, value] of Object.entries(err.headers)) res.headers.set(name, value);
  return res;
}

function authInfoOf(caller: Caller, token: string, publicUrl: string): AuthInfo {
  const target = mcpResource(publicUrl);
  return {
    token,
    clientId: caller.credentialId,
    scopes: [...caller.scopes],
    resource: new URL(target.resource),
    resourceMetadataUrl: target.metadataUrl,
    extra: { caller },
  };
}

function callerOf(authInfo: AuthInfo | undefined): Caller | null {
  return (authInfo?.extra?.caller as Caller | undefined) ?? null;
}

/**
 * The /mcp endpoint: Host/Origin checks, the rate limit, initialize's params, the access gate,
 * then the SDK's handler.
 */
export function mcpRoutes(deps: Deps): Hono {
  const app = new Hono();
  // The SDK, the allowed host names and the handler are made by the first request to /mcp.
  const allowed = loadOnce(() => allowedHostnames(deps.config.publicUrl));
  const handler = loadOnce(async () =>
    (await mcpServerSdk()).createMcpHandler(async ({ authInfo }) =>
      buildMcpServer(deps, callerOf(authInfo), mcpInstructions(await getSettings(deps.kv)))
    )
  );
  app.get("/mcp", mcpBrowserPage(deps));
  app.all("/mcp", async (c) => {
    const req = c.req.raw;
    const rejected = await checkHostAndOrigin(req, await allowed());
    if (rejected) return rejected;
    const messages = await readMessages(req);
    const limit = await countMcpRequest(deps, c, messages);
    if (!limit.allowed) return refusalResponse(rateLimited(limit), messages, SERVER_ERROR);
    const res = await answer(c, messages);
    for (const [name, value] of Object.entries(rateLimitHeaders(limit))) {
      res.headers.set(name, value);
    }
    return res;
  });
  async function answer(c: Context, messages: unknown[]): Promise<Response> {
    const req = c.req.raw;
    const invalid = await invalidInitialize(req, messages);
    if (invalid) return invalid;
    const authorization = c.req.header("authorization");
    let caller: Caller | null;
    try {
      caller = await authorizeRequest(deps, authorization, messages);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
        return refusalResponse(err, messages, AUTH_ERROR);
      }
      throw err;
    }
    if (!caller) return await (await handler()).fetch(req);
    const token = authorization!.trim().replace(/^Bearer\s+/i, "");
    return await (await handler()).fetch(req, {
      authInfo: authInfoOf(caller, token, deps.config.publicUrl),
    });
  }
  return app;
}
