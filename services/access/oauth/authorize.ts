/** The authorization endpoint: checking a request, and the answer after the consent page. */
import * as store from "../../../kv/oauth.ts";
import type { StoredClient } from "../../../kv/oauth.ts";
import { type Scope, SCOPES } from "../../../kv/types.ts";
import type { Deps } from "../../platform/deps.ts";
import { ApiError } from "../../platform/errors.ts";
import { randomSecret, sha256Hex } from "../../platform/secrets.ts";
import { findClient, isLoopbackHttp, LOOPBACK_HOSTS } from "./clients.ts";
import { allowedResources, knownScopes, oauthUrls } from "./metadata.ts";

/** Lifetime of an authorization code, in seconds. */
export const CODE_TTL_S = 60;
/** An S256 PKCE challenge (RFC 7636): 43 base64url characters. */
const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A validated authorization request. */
export interface AuthorizationRequest {
  client: StoredClient;
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
  scopes: Scope[];
  resource: string;
  prompt: string | null;
}

/** The outcome of checking an authorization request: valid, or an error for the client. */
export type AuthorizationCheck =
  | { ok: true; request: AuthorizationRequest }
  | { ok: false; redirectTo: string };

/**
 * Whether a redirect URI matches a registered one: exactly, or for http loopback redirects with
 * any port (RFC 8252 §7.3: native apps listen on an ephemeral port).
 */
export function redirectUriMatches(registered: string[], uri: string): boolean {
  if (registered.includes(uri)) return true;
  if (!URL.canParse(uri) || uri.includes("#")) return false;
  const asked = new URL(uri);
  if (!isLoopbackHttp(asked)) return false;
  return registered.some((text) => {
    const known = new URL(text);
    if (!isLoopbackHttp(known)) return false;
    const moved = new URL(uri);
    moved.port = known.port;
    return moved.href === known.href;
  });
}

/** An authorization response URL: the redirect URI with `params` and `iss` (RFC 9207). */
export function authorizationResponseUrl(
  deps: Deps,
  redirectUri: string,
  params: Record<string, string | null>,
): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== null) url.searchParams.set(name, value);
  }
  url.searchParams.set("iss", oauthUrls(deps.config.publicUrl).issuer);
  return url.href;
}

function pageError(message: string): ApiError {
  return new ApiError(400, "invalid_request", message);
}

/**
 * Checks an authorization request (query of GET /oauth/authorize, or the consent form's fields).
 * The client and redirect URI are checked first: problems with them throw a 400 ApiError to show
 * as a page, since nothing may be redirected to an unverified address. Every later problem is an
 * error for the client, redirected with `state` and `iss`.
 */
export async function checkAuthorizationRequest(
  deps: Deps,
  params: URLSearchParams,
): Promise<AuthorizationCheck> {
  const repeated: string[] = [];
  const single = (name: string): string | null => {
    const values = params.getAll(name);
    if (values.length > 1) repeated.push(name);
    return values[0] || null; // RFC 6749 §3.1: a parameter without a value counts as omitted
  };
  const clientId = single("client_id");
  const redirectUri = single("redirect_uri");
  if (repeated.length) throw pageError(`The parameter ${repeated[0]} was sent more than once`);
  if (!clientId) throw pageError("The app did not say who it is (no client_id)");
  const client = await findClient(deps, clientId, { fresh: true, refuse: pageError });
  if (!client) throw pageError(`Unknown app "${clientId}": it is not registered here`);
  if (!redirectUri) throw pageError("The app did not say where to return to (no redirect_uri)");
  if (!redirectUriMatches(client.redirect_uris, redirectUri)) {
    throw pageError(`The redirect address "${redirectUri}" is not registered for this app`);
  }

  const state = single("state");
  const fail = (error: string, description: string): AuthorizationCheck => ({
    ok: false,
    redirectTo: authorizationResponseUrl(deps, redirectUri, {
      error,
      error_description: description,
      state,
    }),
  });
  const responseType = single("response_type");
  const challenge = single("code_challenge");
  const method = single("code_challenge_method");
  const scope = single("scope");
  const prompt = single("prompt");
  const resources = params.getAll("resource").filter(Boolean);
  if (repeated.length) {
    return fail("invalid_request", `The parameter ${repeated[0]} was sent more than once`);
  }
  if (params.has("request")) {
    return fail("request_not_supported", "Request objects are not supported");
  }
  if (params.has("request_uri")) {
    return fail("request_uri_not_supported", "request_uri is not supported");
  }
  if (!responseType) return fail("invalid_request", "Missing response_type: use code");
  if (responseType !== "code") {
    return fail(
      "unsupported_response_type",
      `Unsupported response_type "${responseType}": use code`,
    );
  }
  if (!challenge) {
    return fail("invalid_request", "PKCE is required: send code_challenge with S256");
  }
  if (method !== "S256") {
    return fail(
      "invalid_request",
      `Unsupported code_challenge_method "${method ?? "plain"}": only S256 is accepted`,
    );
  }
  if (!CHALLENGE_PATTERN.test(challenge)) {
    return fail("invalid_request", "Malformed code_challenge: expected 43 base64url characters");
  }
  // A registered scope is the default when the request names none, never a ceiling: clients
  // register with the scope of their first challenge and must be able to step up later (the
  // person still sees and allows every scope on the consent page).
  const scopes = scope === null
    ? (client.scope ? knownScopes(client.scope) : [...SCOPES])
    : knownScopes(scope);
  if (scopes.length === 0) {
    return fail("invalid_scope", `None of the scopes "${scope}" can be granted to this app`);
  }
  if (resources.length > 1) return fail("invalid_target", "Only one resource per request");
  const resource = resources[0] ?? oauthUrls(deps.config.publicUrl).mcpResource;
  if (!allowedResources(deps.config.publicUrl).includes(resource)) {
    return fail(
      "invalid_target",
      `Unknown resource "${resource}": use ${allowedResources(deps.config.publicUrl).join(" or ")}`,
    );
  }
  return {
    ok: true,
    request: { client, redirectUri, state, codeChallenge: challenge, scopes, resource, prompt },
  };
}

/** The person allowed the request: stores a single-use code and answers the redirect with it. */
export async function approveAuthorization(
  deps: Deps,
  request: AuthorizationRequest,
  userId: string,
): Promise<string> {
  const code = randomSecret(32);
  await store.putCode(deps.kv, await sha256Hex(code), {
    client_id: request.client.client_id,
    user_id: userId,
    redirect_uri: request.redirectUri,
    code_challenge: request.codeChallenge,
    scopes: request.scopes,
    resource: request.resource,
    created_at: deps.now().toISOString(),
    used_at: null,
    family_id: null,
  }, CODE_TTL_S * 1000);
  return authorizationResponseUrl(deps, request.redirectUri, { code, state: request.state });
}

/** The person declined (or the request cannot be shown): the error redirect for the client. */
export function rejectAuthorization(
  deps: Deps,
  request: AuthorizationRequest,
  error = "access_denied",
  description = "The person declined to allow access",
): string {
  return authorizationResponseUrl(deps, request.redirectUri, {
    error,
    error_description: description,
    state: request.state,
  });
}

/** What a consent page says about where the person will be sent. */
export function describeRedirect(uri: string): { label: string; loopback: boolean } {
  const url = new URL(uri);
  if (url.protocol === "https:" || url.protocol === "http:") {
    return { label: url.host, loopback: LOOPBACK_HOSTS.has(url.hostname) };
  }
  return { label: `the app's own address (${url.protocol})`, loopback: false };
}
