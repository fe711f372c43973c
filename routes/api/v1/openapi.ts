/** Builds the OpenAPI 3.1.0 document from the operation table. */
import { z } from "zod";
import { ERROR_CODES } from "../../../services/platform/mod.ts";
import { SCOPE_DESCRIPTIONS } from "../../../services/access/mod.ts";
import { API_VERSION } from "../../../services/directory/mod.ts";
export { SCOPE_DESCRIPTIONS };
import { OPERATIONS } from "./mod.ts";
import { type Operation, SCOPES } from "./operation.ts";

type JsonSchema = Record<string, unknown>;

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

function responsesOf(op: Operation): JsonSchema {
  const responses: JsonSchema = {
    [op.status]: {
      description: op.status === 201 ? "Created" : "OK",
      content: { "application/json": { schema: { type: "object", additionalProperties: true } } },
    },
    400: { $ref: "#/components/responses/BadRequest" },
  };
  if (op.access !== "public") {
    responses[401] = { $ref: "#/components/responses/Unauthorized" };
    responses[403] = { $ref: "#/components/responses/Forbidden" };
  }
  if (op.params) responses[404] = { $ref: "#/components/responses/NotFound" };
  responses[429] = { $ref: "#/components/responses/RateLimited" };
  return responses;
}

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

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

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
    },
    servers: [{ url: `${publicUrl}/api/v1` }],
    tags: [...new Set(OPERATIONS.map((op) => op.tag))].map((name) => ({ name })),
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
          schema: { type: "string", minLength: 1, maxLength: 255 },
        },
      },
      responses: {
        BadRequest: errorResponse("Invalid request: details name each offending field"),
        Unauthorized: errorResponse("Missing, unknown, revoked or expired credentials"),
        Forbidden: errorResponse("The credentials lack the operation's scope (insufficient_scope)"),
        NotFound: errorResponse("No such resource, or not the caller's"),
        RateLimited: errorResponse("Too many requests: see Retry-After and RateLimit-* headers"),
      },
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
