/**
 * Access to operations: who a bearer credential (API key or OAuth access token) belongs to, and
 * whether it may call an operation. 401 for missing, unknown, revoked or expired credentials;
 * 403 insufficient_scope when the scope is missing. Both carry `WWW-Authenticate`.
 */
import { getUser } from "../../kv/users.ts";
import { type Scope, SCOPES } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { ApiError } from "../platform/errors.ts";
import { verifyApiKey } from "./api_keys.ts";
import { getClient } from "../../kv/oauth.ts";
import { verifyAccessToken } from "./oauth/tokens.ts";

/** Who is calling, and with what. */
export interface Caller {
  userId: string;
  email: string;
  scopes: Scope[];
  via: "api_key" | "oauth" | "web";
  /** API key id, OAuth client id, or "web" on the web pages. */
  credentialId: string;
  /** API key name or OAuth client name, as the person knows it ("the website" on the pages). */
  credentialName: string;
}

/** The signed-in person of a web page as a caller of the operations: every scope, via "web". */
export function webCaller(user: { id: string; email: string }): Caller {
  return {
    userId: user.id,
    email: user.email,
    scopes: [...SCOPES],
    via: "web",
    credentialId: "web",
    credentialName: "the website",
  };
}

/** The protected resource a request is for: its canonical URL and its metadata document. */
export interface ProtectedResource {
  resource: string;
  metadataUrl: string;
}

/** The REST API as a protected resource (RFC 9728 metadata at a path-suffixed well-known URL). */
export function restResource(publicUrl: string): ProtectedResource {
  return {
    resource: `${publicUrl}/api/v1`,
    metadataUrl: `${publicUrl}/.well-known/oauth-protected-resource/api/v1`,
  };
}

/** The MCP endpoint as a protected resource. */
export function mcpResource(publicUrl: string): ProtectedResource {
  return {
    resource: `${publicUrl}/mcp`,
    metadataUrl: `${publicUrl}/.well-known/oauth-protected-resource/mcp`,
  };
}

const API_KEY_PREFIX = "ld_";

/** What each scope allows, as shown on consent pages, key forms and get_account. */
export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  "account:read": "Read your account, drafts, listings, claims and orders",
  "listings:write": "Submit, edit and publish your listings and claims",
  "orders:write": "Price orders and create checkout links",
};

/** get_account: who the caller is, how it signed in and what its access allows. */
export async function describeCaller(deps: Deps, caller: Caller) {
  const user = await getUser(deps.kv, caller.userId);
  return {
    id: caller.userId,
    email: caller.email,
    name: user?.name ?? null,
    created_at: user?.created_at ?? null,
    site_team: deps.config.adminEmails.includes(caller.email),
    signed_in_with: signedInWith(caller),
    scopes: caller.scopes.map((scope) => ({ scope, allows: SCOPE_DESCRIPTIONS[scope] })),
  };
}

function signedInWith(caller: Caller) {
  switch (caller.via) {
    case "api_key":
      return { type: "api_key", key_id: caller.credentialId, name: caller.credentialName };
    case "oauth":
      return { type: "oauth", client_id: caller.credentialId, client_name: caller.credentialName };
    case "web":
      return { type: "web" };
  }
}

function challenge(target: ProtectedResource, params: Record<string, string>): string {
  const parts = Object.entries({ ...params, resource_metadata: target.metadataUrl })
    .map(([name, value]) => `${name}="${value.replaceAll('"', "'")}"`);
  return `Bearer ${parts.join(", ")}`;
}

/** 401 with the challenge that starts a client's OAuth flow. */
export function unauthorized(
  target: ProtectedResource,
  message: string,
  scope?: string,
  invalid = false,
): ApiError {
  const params: Record<string, string> = {};
  if (invalid) {
    params.error = "invalid_token";
    params.error_description = message;
  }
  if (scope) params.scope = scope;
  return new ApiError(401, "unauthorized", message, [], {
    "WWW-Authenticate": challenge(target, params),
  });
}

/** 403 insufficient_scope naming the scope needed (clients may step up). */
export function insufficientScope(target: ProtectedResource, scope: Scope): ApiError {
  const message = `This operation needs the "${scope}" scope`;
  return new ApiError(403, "insufficient_scope", message, [], {
    "WWW-Authenticate": challenge(target, {
      error: "insufficient_scope",
      scope,
      error_description: message,
    }),
  });
}

/** Reads the bearer token of an Authorization header; null when there is none. */
export function bearerToken(
  authorization: string | undefined,
  target: ProtectedResource,
): string | null {
  if (authorization === undefined || authorization.trim() === "") return null;
  const match = /^Bearer\s+([\x21-\x7e]+)\s*$/i.exec(authorization);
  if (!match) {
    throw unauthorized(
      target,
      'Malformed Authorization header: expected "Bearer <token>"',
      undefined,
      true,
    );
  }
  return match[1];
}

/**
 * The caller behind a bearer token, or throws 401. API keys are accepted anywhere; OAuth tokens
 * only when issued for `target` (RFC 8707 audience).
 */
export async function authenticate(
  deps: Deps,
  token: string,
  target: ProtectedResource,
): Promise<Caller> {
  const now = deps.now();
  if (token.startsWith(API_KEY_PREFIX)) {
    const key = await verifyApiKey(deps.kv, token, now);
    if (!key) throw unauthorized(target, "Unknown or revoked API key", undefined, true);
    const user = await getUser(deps.kv, key.user_id);
    if (!user) {
      throw unauthorized(target, "The API key's account no longer exists", undefined, true);
    }
    return {
      userId: user.id,
      email: user.email,
      scopes: key.scopes,
      via: "api_key",
      credentialId: key.id,
      credentialName: `${key.name} (${key.prefix}…)`,
    };
  }
  const access = await verifyAccessToken(deps, token, target.resource);
  if (!access) {
    throw unauthorized(
      target,
      "Unknown, expired or revoked access token, or one issued for another resource",
      undefined,
      true,
    );
  }
  const user = await getUser(deps.kv, access.userId);
  if (!user) throw unauthorized(target, "The token's account no longer exists", undefined, true);
  const client = await getClient(deps.kv, access.clientId);
  return {
    userId: user.id,
    email: user.email,
    scopes: access.scopes,
    via: "oauth",
    credentialId: access.clientId,
    credentialName: client?.client_name ?? access.clientId,
  };
}

/**
 * Whether a bearer token is a live API key or OAuth access token (for any resource): what the
 * rate limiter checks before giving a credential its own bucket. Never throws 401.
 */
export async function isLiveCredential(deps: Deps, token: string): Promise<boolean> {
  if (token.startsWith(API_KEY_PREFIX)) {
    return (await verifyApiKey(deps.kv, token, deps.now())) !== null;
  }
  return (await verifyAccessToken(deps, token)) !== null;
}

/**
 * Resolves the caller of an operation from its Authorization header. Public operations accept no
 * credentials (null), an API key or a token; an invalid credential is a 401 everywhere.
 */
export async function authorize(
  deps: Deps,
  authorization: string | undefined,
  access: "public" | Scope,
  target: ProtectedResource,
): Promise<Caller | null> {
  const token = bearerToken(authorization, target);
  if (!token) {
    if (access === "public") return null;
    throw unauthorized(
      target,
      "Sign-in required: send Authorization: Bearer <API key or OAuth access token>",
      access,
    );
  }
  const caller = await authenticate(deps, token, target);
  if (access !== "public" && !caller.scopes.includes(access)) {
    throw insufficientScope(target, access);
  }
  return caller;
}
