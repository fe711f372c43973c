/** Builds the OpenAPI 3.1.0 document from the operation table. */
import { z } from "zod";
import { ERROR_CODES } from "../../../services/platform/mod.ts";
import { SCOPE_DESCRIPTIONS } from "../../../services/access/mod.ts";
import { API_VERSION } from "../../../services/directory/mod.ts";
export { SCOPE_DESCRIPTIONS };
import { OPERATIONS } from "./mod.ts";
import { type ErrorStatus, type Operation, SCOPES } from "./operation.ts";

type JsonSchema = Record<string, unknown>;

/** What an Idempotency-Key must be (as the server checks it): 1 to 255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = "^[\\x21-\\x7e]{1,255}$";

/** JSON Schema (2020-12, the input side: defaults make fields optional) of one zod schema. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const out = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  delete out.$schema;
  return out;
}

function isOptional(field: z.ZodType): boolean {
  return field.safeParse(undefined).success;
}

function parametersOf(op: Operation): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  for (const [location, schema] of [["path", op.params], ["query", op.query]] as const) {
    if (!schema) continue;
    for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      const fieldSchema = jsonSchemaOf(field);
      const description = fieldSchema.description;
      delete fieldSchema.description;
      parameters.push({
        name,
        in: location,
        required: location === "path" || !isOptional(field),
        ...(description ? { description } : {}),
        schema: fieldSchema,
      });
    }
  }
  if (op.idempotencyKey) {
    parameters.push({ $ref: "#/components/parameters/IdempotencyKey" });
  }
  return parameters;
}

/** The shared error responses, by status: the component's name and its description. */
const ERROR_RESPONSES: Record<ErrorStatus, [string, string]> = {
  400: ["BadRequest", "Invalid request: details name each offending field"],
  401: [
    "Unauthorized",
    "Missing, unknown, revoked or expired credentials (a credential that is sent must be valid, also on public operations)",
  ],
  403: ["Forbidden", "The credentials lack the operation's scope (insufficient_scope)"],
  404: ["NotFound", "No such resource, or not the caller's"],
  409: ["Conflict", "A request with the same Idempotency-Key is still being processed"],
  413: ["PayloadTooLarge", "The request body is larger than the API accepts"],
  429: ["RateLimited", "Too many requests: see Retry-After and RateLimit-* headers"],
  501: ["NotImplemented", "The operation is defined but not available yet (not_implemented)"],
};

function errorResponse(description: string, headers?: JsonSchema): JsonSchema {
  return {
    description,
    ...(headers ? { headers } : {}),
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  };
}

/** The headers of a public read's answer, which caches and CDNs may keep. */
const CACHE_HEADERS: JsonSchema = {
  ETag: {
    description: "The answer's entity tag: send it as If-None-Match to get 304 while it is current",
    schema: { type: "string" },
  },
  "Cache-Control": {
    description:
      "public, with a short max-age and stale-while-revalidate (private with credentials)",
    schema: { type: "string" },
  },
};

/** Every status the operation answers: its own reasons inline, the shared ones by reference. */
function responsesOf(op: Operation): JsonSchema {
  const responses: JsonSchema = {};
  for (const status of op.statuses) {
    if (status === op.status) {
      responses[status] = {
        description: op.status === 201 ? "Created" : "OK",
        ...(op.statuses.includes(304) ? { headers: CACHE_HEADERS } : {}),
        content: { "application/json": { schema: { type: "object", additionalProperties: true } } },
      };
      continue;
    }
    if (status === 304) {
      responses[status] = {
        description: "Not Modified: the ETag sent in If-None-Match is current (no body)",
      };
      continue;
    }
    const own = op.errors[status as ErrorStatus];
    const [name] = ERROR_RESPONSES[status as ErrorStatus];
    responses[status] = own ? errorResponse(own) : { $ref: `#/components/responses/${name}` };
  }
  return responses;
}

/** Descriptions of the tags (the table's areas); every tag the table uses must have one. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  Site: "What the service is and where its documents are",
  Listings: "Search, read and compare the directory's live listings",
  Categories: "The category tree and each category's listings",
  Launches: "The weekly launch calendar",
  Leaderboards: "Community votes, the paid billboard, Domain Rating and revenue boards",
  Founders: "Founder profiles and the companies they listed",
  Blog: "The service's blog posts",
  Awards: "Launch of the Week awards, which follow community votes only",
  Catalog: "Badges, interview questions and the products on sale",
  Account: "Who the caller is and what the access allows",
  Drafts: "Submit a product by its URL, review the AI-drafted profile and save it as a listing",
  "My listings": "The caller's own listings: facts, updates, milestones, story and publishing",
  Claims: "Prove ownership of a listed website",
  Orders: "Price an order and create the checkout link a person pays on",
};

function tagsOf(operations: readonly Operation[]): JsonSchema[] {
  return [...new Set(operations.map((op) => op.tag))].map((name) => {
    const description = TAG_DESCRIPTIONS[name];
    if (!description) throw new Error(`The OpenAPI tag "${name}" has no description`);
    return { name, description };
  });
}

/** The headers of a 429: Retry-After and the RateLimit-* fields. */
const RATE_LIMIT_HEADERS: JsonSchema = Object.fromEntries(
  [
    ["Retry-After", "Seconds until a request is admitted again"],
    ["RateLimit-Limit", "Requests allowed per window"],
    ["RateLimit-Remaining", "Requests left in the window"],
    ["RateLimit-Reset", "Seconds until the window resets"],
  ].map(([name, description]) => [name, { description, schema: { type: "integer" } }]),
);

function operationObject(op: Operation): JsonSchema {
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: op.description,
    tags: [op.tag],
    parameters: parametersOf(op),
    ...(op.body
      ? {
        requestBody: {
          required: true,
          content: { "application/json": { schema: jsonSchemaOf(op.body) } },
        },
      }
      : {}),
    responses: responsesOf(op),
    security: op.access === "public"
      ? [{}, { bearer: [] }, { oauth2: [] }]
      : [{ bearer: [] }, { oauth2: [op.access] }],
    "x-access": op.access,
    "x-paginated": op.paginated,
  };
}

/** The whole OpenAPI 3.1.0 document for a public origin. */
export function buildOpenApi(publicUrl: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of OPERATIONS) {
    (paths[op.path] ??= {})[op.method] = operationObject(op);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Launch Directory API",
      version: API_VERSION,
      description:
        "A directory of product listings with a weekly launch calendar, ranked boards, founder profiles, a blog, awards and embeddable badges. Every operation is also an MCP tool of the same name at /mcp. Public operations need no sign-in; the others need an API key or an OAuth access token with the scope shown. There is no voting through the API.",
      contact: { name: "Launch Directory", url: `${publicUrl}/docs/api` },
      license: { name: "CC0-1.0", identifier: "CC0-1.0" },
    },
    servers: [{ url: `${publicUrl}/api/v1` }],
    tags: tagsOf(OPERATIONS),
    paths,
    components: {
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message", "details"],
              properties: {
                code: {
                  type: "string",
                  description: "Stable snake_case code",
                  enum: Object.keys(ERROR_CODES),
                },
                message: { type: "string" },
                details: {
                  type: "array",
                  items: {
                    type: "object",
                    required: ["path", "message"],
                    properties: { path: { type: "string" }, message: { type: "string" } },
                  },
                },
              },
            },
          },
        },
      },
      parameters: {
        IdempotencyKey: {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description:
            "Makes retries safe: the same key with the same request replays the first response for 24 hours; with a different request it is a 400 idempotency_key_reused.",
          schema: {
            type: "string",
            minLength: 1,
            maxLength: 255,
            pattern: IDEMPOTENCY_KEY_PATTERN,
          },
        },
      },
      // Only the error responses some operation answers (e.g. 501 once every one is implemented).
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES)
          .filter(([status]) => OPERATIONS.some((op) => op.statuses.includes(Number(status))))
          .map(([status, [name, description]]) => [
            name,
            errorResponse(description, status === "429" ? RATE_LIMIT_HEADERS : undefined),
          ]),
      ),
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "An API key or an OAuth access token",
        },
        oauth2: {
          type: "oauth2",
          flows: {
            authorizationCode: {
              authorizationUrl: `${publicUrl}/oauth/authorize`,
              tokenUrl: `${publicUrl}/oauth/token`,
              refreshUrl: `${publicUrl}/oauth/token`,
              scopes: Object.fromEntries(SCOPES.map((scope) => [scope, SCOPE_DESCRIPTIONS[scope]])),
            },
          },
        },
      },
    },
  };
}
