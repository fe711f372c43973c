/**
 * The OAuth 2.1 authorization server of the MCP server and the REST API (MCP authorization,
 * protocol versions 2025-03-26 to 2026-07-28): metadata (RFC 8414, RFC 9728), dynamic client
 * registration (RFC 7591), client ID metadata documents, the authorization code flow with PKCE
 * S256 only, resource indicators (RFC 8707), `iss` in every authorization response (RFC 9207),
 * refresh token rotation with reuse detection, and revocation (RFC 7009).
 *
 * This module: its error type, URLs, grant types and scopes, and the metadata documents. The
 * others: clients.ts (registration, metadata documents), authorize.ts (the authorization
 * endpoint), tokens.ts (the token and revocation endpoints, access token checks) and grants.ts
 * (the grants a person has made).
 */
import { type Scope, SCOPES } from "../../../kv/types.ts";

/** The grant types the token endpoint supports. */
export const GRANT_TYPES = ["authorization_code", "refresh_token"];

/** An error answered to a client as RFC 6749 §5.2 `{"error", "error_description"}`. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.name = "OAuthError";
  }

  /** The RFC 6749 error body. */
  toBody(): { error: string; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}

/** The endpoints and canonical resource URLs, all built from the public origin. */
export function oauthUrls(publicUrl: string) {
  return {
    issuer: publicUrl,
    authorization: `${publicUrl}/oauth/authorize`,
    token: `${publicUrl}/oauth/token`,
    registration: `${publicUrl}/oauth/register`,
    revocation: `${publicUrl}/oauth/revoke`,
    mcpResource: `${publicUrl}/mcp`,
    restResource: `${publicUrl}/api/v1`,
  };
}

/** The resources tokens can be issued for: the MCP endpoint and the REST API. */
export function allowedResources(publicUrl: string): string[] {
  const urls = oauthUrls(publicUrl);
  return [urls.mcpResource, urls.restResource];
}

/** The known scopes in a space-separated scope string, in the canonical order. */
export function knownScopes(text: string): Scope[] {
  const words = new Set(text.split(" ").filter(Boolean));
  return SCOPES.filter((scope) => words.has(scope));
}

/** Authorization server metadata (RFC 8414), also served as `openid-configuration`. */
export function authorizationServerMetadata(publicUrl: string) {
  const urls = oauthUrls(publicUrl);
  return {
    issuer: urls.issuer,
    authorization_endpoint: urls.authorization,
    token_endpoint: urls.token,
    registration_endpoint: urls.registration,
    revocation_endpoint: urls.revocation,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: GRANT_TYPES,
    token_endpoint_auth_methods_supported: ["none", "client_secret_post", "client_secret_basic"],
    revocation_endpoint_auth_methods_supported: [
      "none",
      "client_secret_post",
      "client_secret_basic",
    ],
    code_challenge_methods_supported: ["S256"],
    scopes_supported: [...SCOPES],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
    service_documentation: `${publicUrl}/docs/api`,
  };
}

/** Protected resource metadata (RFC 9728) of the MCP endpoint or the REST API. */
export function protectedResourceMetadata(publicUrl: string, which: "mcp" | "rest") {
  const urls = oauthUrls(publicUrl);
  return {
    resource: which === "mcp" ? urls.mcpResource : urls.restResource,
    authorization_servers: [urls.issuer],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ["header"],
    resource_name: which === "mcp" ? "Launch Directory MCP server" : "Launch Directory REST API",
    resource_documentation: `${publicUrl}/docs/api`,
  };
}
