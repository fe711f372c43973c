/**
 * The OAuth 2.1 authorization server of the MCP server and the REST API (MCP authorization,
 * protocol versions 2025-03-26 to 2026-07-28): metadata (RFC 8414, RFC 9728), dynamic client
 * registration (RFC 7591), client ID metadata documents, the authorization code flow with PKCE
 * S256 only, resource indicators (RFC 8707), `iss` in every authorization response (RFC 9207),
 * refresh token rotation with reuse detection, and revocation (RFC 7009).
 *
 * Tokens are opaque random strings stored under their SHA-256 with an expiry; every token belongs
 * to a family (one grant of one user to one client), bound to one resource.
 */
import * as store from "../../kv/oauth.ts";
import type { StoredClient, StoredFamily, TokenWrite } from "../../kv/oauth.ts";
import { type OAuthToken, type Scope, SCOPES } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { ApiError, notFound } from "../platform/errors.ts";
import { FetchFailedError, FetchRefusedError, guardedFetch } from "../platform/fetcher.ts";
import { randomSecret, sha256Base64Url, sha256Hex, timingSafeEqual } from "../platform/secrets.ts";

/** Lifetime of an access token, in seconds. */
export const ACCESS_TOKEN_TTL_S = 3600;
/** Lifetime of a refresh token (renewed with every rotation), in seconds. */
export const REFRESH_TOKEN_TTL_S = 30 * 86_400;
/** Lifetime of an authorization code, in seconds. */
export const CODE_TTL_S = 60;

const ACCESS_PREFIX = "lda_";
const REFRESH_PREFIX = "ldr_";
const CLIENT_ID_PREFIX = "ldc_";
/** A used code is remembered this long, so that a replay revokes what it issued. */
const USED_CODE_KEEP_MS = 10 * 60_000;
const REVOKED_FAMILY_KEEP_MS = 30 * 86_400_000;
/** Client metadata documents: freshness from Cache-Control max-age, clamped; the record is kept
 * longer so that the apps page can still name the client. */
const METADATA_MIN_TTL_S = 300;
const METADATA_MAX_TTL_S = 86_400;
const METADATA_DEFAULT_TTL_S = 3600;
const METADATA_KEEP_MS = 30 * 86_400_000;
const METADATA_MAX_BYTES = 64 * 1024;
const METADATA_TIMEOUT_MS = 5000;
/** A family's `last_used_at` is written at most once per this interval. */
const LAST_USED_GRANULARITY_MS = 60_000;
const MAX_REDIRECT_URIS = 20;
const MAX_URI_LENGTH = 2000;
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
/** Schemes that can never be a native app's private-use redirect. */
const FORBIDDEN_SCHEMES = new Set([
  "javascript:",
  "data:",
  "file:",
  "vbscript:",
  "about:",
  "blob:",
  "filesystem:",
  "ftp:",
  "ws:",
  "wss:",
  "mailto:",
  "tel:",
  "sms:",
  "view-source:",
]);
const GRANT_TYPES = ["authorization_code", "refresh_token"];
/** PKCE (RFC 7636): a verifier is 43-128 unreserved characters; an S256 challenge is 43. */
const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;
const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

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

// ---------------------------------------------------------------------------------------------
// Clients: registration (RFC 7591) and client ID metadata documents.

/** The client metadata we keep, validated. */
interface ClientMetadata {
  redirect_uris: string[];
  token_endpoint_auth_method: StoredClient["token_endpoint_auth_method"];
  grant_types: string[];
  response_types: string[];
  application_type: "web" | "native";
  client_name: string;
  scope: string | null;
  client_uri: string | null;
  logo_uri: string | null;
}

/**
 * Why a redirect URI cannot be registered, or null when it can: https; http only on a loopback
 * host (native apps, RFC 8252 §7.3); or a native app's private-use scheme (§7.1; schemes without
 * a dot are accepted too, as some MCP clients use them). Never a fragment or credentials.
 */
export function redirectUriProblem(text: string): string | null {
  if (text.length > MAX_URI_LENGTH) return `is longer than ${MAX_URI_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "is not an absolute URI";
  }
  if (text.includes("#")) return "must not contain a fragment";
  if (url.username || url.password) return "must not contain credentials";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:") {
    return LOOPBACK_HOSTS.has(url.hostname)
      ? null
      : "uses http, which is allowed only for loopback hosts (127.0.0.1, localhost, [::1])";
  }
  if (FORBIDDEN_SCHEMES.has(url.protocol)) return `uses the scheme "${url.protocol}"`;
  return null;
}

function isLoopbackHttp(url: URL): boolean {
  return url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
}

function metadataError(kind: "invalid_client_metadata" | "invalid_redirect_uri", text: string) {
  return new OAuthError(kind, text);
}

function optionalString(raw: Record<string, unknown>, name: string, max: number): string | null {
  const value = raw[name];
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || value.length > max) {
    throw metadataError("invalid_client_metadata", `${name} must be a string of at most ${max}`);
  }
  return value;
}

/** An optional http(s) URL field (kept, never shown or fetched). */
function optionalWebUrl(raw: Record<string, unknown>, name: string): string | null {
  const value = optionalString(raw, name, MAX_URI_LENGTH);
  if (value === null) return null;
  const protocol = URL.canParse(value) ? new URL(value).protocol : "";
  if (protocol !== "https:" && protocol !== "http:") {
    throw metadataError("invalid_client_metadata", `${name} must be an http(s) URL: "${value}"`);
  }
  return value;
}

function stringList(raw: Record<string, unknown>, name: string, fallback: string[]): string[] {
  const value = raw[name];
  if (value === undefined || value === null) return fallback;
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) {
    throw metadataError("invalid_client_metadata", `${name} must be an array of strings`);
  }
  return [...new Set(value as string[])];
}

/** The known scopes in a space-separated scope string, in the canonical order. */
function knownScopes(text: string): Scope[] {
  const words = new Set(text.split(" ").filter(Boolean));
  return SCOPES.filter((scope) => words.has(scope));
}

/** Validates client metadata (a registration request or a metadata document). */
function parseClientMetadata(raw: unknown): ClientMetadata {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw metadataError("invalid_client_metadata", "The client metadata must be a JSON object");
  }
  const data = raw as Record<string, unknown>;
  const uris = data.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0) {
    throw metadataError("invalid_redirect_uri", "redirect_uris must be a non-empty array");
  }
  if (uris.length > MAX_REDIRECT_URIS) {
    throw metadataError("invalid_redirect_uri", `At most ${MAX_REDIRECT_URIS} redirect_uris`);
  }
  for (const uri of uris) {
    if (typeof uri !== "string") {
      throw metadataError("invalid_redirect_uri", "Every redirect URI must be a string");
    }
    const problem = redirectUriProblem(uri);
    if (problem) {
      throw metadataError("invalid_redirect_uri", `The redirect URI "${uri}" ${problem}`);
    }
  }
  const method = data.token_endpoint_auth_method ?? "none";
  if (method !== "none" && method !== "client_secret_post" && method !== "client_secret_basic") {
    throw metadataError(
      "invalid_client_metadata",
      `Unsupported token_endpoint_auth_method "${method}": use none, client_secret_post or client_secret_basic`,
    );
  }
  // RFC 7591 §2: without grant_types a client uses the authorization code grant only.
  const grantTypes = stringList(data, "grant_types", ["authorization_code"]);
  const unsupported = grantTypes.find((g) => !GRANT_TYPES.includes(g));
  if (unsupported) {
    throw metadataError("invalid_client_metadata", `Unsupported grant type "${unsupported}"`);
  }
  if (!grantTypes.includes("authorization_code")) {
    throw metadataError("invalid_client_metadata", 'grant_types must include "authorization_code"');
  }
  const responseTypes = stringList(data, "response_types", ["code"]);
  if (responseTypes.some((r) => r !== "code")) {
    throw metadataError("invalid_client_metadata", 'Only the response type "code" is supported');
  }
  const applicationType = data.application_type ?? inferApplicationType(uris as string[]);
  if (applicationType !== "web" && applicationType !== "native") {
    throw metadataError("invalid_client_metadata", 'application_type must be "web" or "native"');
  }
  const scope = optionalString(data, "scope", 1000);
  const known = scope === null ? [] : knownScopes(scope);
  return {
    redirect_uris: uris as string[],
    token_endpoint_auth_method: method,
    grant_types: grantTypes,
    response_types: responseTypes,
    application_type: applicationType,
    // Control characters could fake lines on the consent page.
    client_name: (optionalString(data, "client_name", 200) ?? "").replace(/\p{Cc}/gu, " ").trim(),
    // Unknown scopes (e.g. offline_access) are dropped, as RFC 7591 §2 allows.
    scope: known.length ? known.join(" ") : null,
    client_uri: optionalWebUrl(data, "client_uri"),
    logo_uri: optionalWebUrl(data, "logo_uri"),
  };
}

function inferApplicationType(uris: string[]): "web" | "native" {
  return uris.every((u) => new URL(u).protocol === "https:") ? "web" : "native";
}

/** The public view of a client's metadata, as registration answers it. */
function publicMetadata(client: StoredClient) {
  return {
    client_id: client.client_id,
    client_name: client.client_name,
    redirect_uris: client.redirect_uris,
    token_endpoint_auth_method: client.token_endpoint_auth_method,
    grant_types: client.grant_types,
    response_types: client.response_types,
    application_type: client.application_type,
    ...(client.scope ? { scope: client.scope } : {}),
    ...(client.client_uri ? { client_uri: client.client_uri } : {}),
    ...(client.logo_uri ? { logo_uri: client.logo_uri } : {}),
  };
}

/**
 * Dynamic client registration (RFC 7591): validates the metadata and answers the registered
 * client, with a secret (shown only here) for confidential clients. Throws OAuthError (400).
 */
export async function registerClient(deps: Deps, raw: unknown): Promise<Record<string, unknown>> {
  const metadata = parseClientMetadata(raw);
  const now = deps.now();
  const secret = metadata.token_endpoint_auth_method === "none" ? null : randomSecret(32);
  for (;;) {
    const client: StoredClient = {
      ...metadata,
      client_id: CLIENT_ID_PREFIX + randomSecret(18),
      client_secret_hash: secret ? await sha256Hex(secret) : null,
      source: "registration",
      created_at: now.toISOString(),
      cached_until: null,
    };
    if (!await store.createClient(deps.kv, client)) continue;
    return {
      ...publicMetadata(client),
      client_id_issued_at: Math.floor(now.getTime() / 1000),
      ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
    };
  }
}

/** Whether a client_id names a metadata document (a URL) rather than a registered client. */
export function isMetadataDocumentId(clientId: string): boolean {
  return /^https?:\/\//i.test(clientId);
}

/** Why a client_id URL cannot be a metadata document, or null when it can. */
function metadataUrlProblem(deps: Deps, clientId: string): string | null {
  if (clientId.length > MAX_URI_LENGTH) return `is longer than ${MAX_URI_LENGTH} characters`;
  if (!URL.canParse(clientId)) return "is not a URL";
  const url = new URL(clientId);
  const allowedHttp = deps.config.allowPrivateFetch && isLoopbackHttp(url);
  if (url.protocol !== "https:" && !allowedHttp) return "is not an https URL";
  if (url.username || url.password || clientId.includes("#")) {
    return "must not contain credentials or a fragment";
  }
  if (url.pathname === "/" || url.pathname === "") return "has no path";
  // Also refuses dot segments, which the URL parser would remove.
  if (url.href !== clientId) return `is not in normalised form (expected "${url.href}")`;
  return null;
}

/** Seconds a metadata document may be cached: its max-age within [5 min, 24 h]. */
function metadataTtlSeconds(cacheControl: string | null): number {
  if (!cacheControl) return METADATA_DEFAULT_TTL_S;
  if (/(^|,)\s*(no-store|no-cache)\s*(,|$)/i.test(cacheControl)) return METADATA_MIN_TTL_S;
  const maxAge = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?/i.exec(cacheControl);
  const seconds = maxAge ? Number(maxAge[1]) : METADATA_DEFAULT_TTL_S;
  return Math.min(METADATA_MAX_TTL_S, Math.max(METADATA_MIN_TTL_S, seconds));
}

/** Fetches, validates and caches a client ID metadata document. Throws OAuthError invalid_client. */
async function fetchMetadataClient(deps: Deps, clientId: string): Promise<StoredClient> {
  const refuse = (why: string) =>
    new OAuthError("invalid_client", `Client metadata document "${clientId}" ${why}`);
  const problem = metadataUrlProblem(deps, clientId);
  if (problem) throw refuse(problem);
  let res;
  try {
    res = await guardedFetch(deps, clientId, {
      maxBytes: METADATA_MAX_BYTES,
      timeoutMs: METADATA_TIMEOUT_MS,
      accept: "application/json",
      maxRedirects: 0,
    });
  } catch (err) {
    if (err instanceof FetchRefusedError || err instanceof FetchFailedError) {
      throw refuse(`could not be loaded: ${err.message}`);
    }
    throw err;
  }
  if (res.status !== 200) throw refuse(`could not be loaded: it answered HTTP ${res.status}`);
  let doc: unknown;
  try {
    doc = JSON.parse(res.text());
  } catch {
    throw refuse("is not JSON");
  }
  const data = (typeof doc === "object" && doc !== null ? doc : {}) as Record<string, unknown>;
  if (data.client_id !== clientId) throw refuse("does not name itself as its client_id");
  if (typeof data.client_name !== "string" || data.client_name.trim() === "") {
    throw refuse("has no client_name");
  }
  if ("client_secret" in data || "client_secret_expires_at" in data) {
    throw refuse("must not contain a client secret");
  }
  if ((data.token_endpoint_auth_method ?? "none") !== "none") {
    throw refuse(
      `uses token_endpoint_auth_method "${data.token_endpoint_auth_method}": only "none" is supported`,
    );
  }
  let metadata: ClientMetadata;
  try {
    metadata = parseClientMetadata(data);
  } catch (err) {
    if (err instanceof OAuthError) throw refuse(`is invalid: ${err.description}`);
    throw err;
  }
  const now = deps.now();
  const ttlMs = metadataTtlSeconds(res.headers.get("cache-control")) * 1000;
  const client: StoredClient = {
    ...metadata,
    client_id: clientId,
    client_secret_hash: null,
    source: "metadata_document",
    created_at: now.toISOString(),
    cached_until: new Date(now.getTime() + ttlMs).toISOString(),
  };
  await store.putMetadataClient(deps.kv, client, Math.max(ttlMs, METADATA_KEEP_MS));
  return client;
}

/**
 * The client of a client_id: a registered one, or a metadata document (from the cache, fetched
 * when missing, or also when stale if `fresh`). Null when unknown; throws OAuthError
 * invalid_client when a metadata document cannot be loaded or is invalid.
 */
export async function findClient(
  deps: Deps,
  clientId: string,
  options: { fresh: boolean },
): Promise<StoredClient | null> {
  if (!isMetadataDocumentId(clientId)) {
    if (!clientId.startsWith(CLIENT_ID_PREFIX)) return null;
    const client = await store.getClient(deps.kv, clientId);
    return client?.source === "registration" ? client : null;
  }
  const cached = await store.getClient(deps.kv, clientId);
  const stale = !cached?.cached_until || cached.cached_until <= deps.now().toISOString();
  if (cached?.source === "metadata_document" && !(options.fresh && stale)) return cached;
  return await fetchMetadataClient(deps, clientId);
}

// ---------------------------------------------------------------------------------------------
// Authorization endpoint.

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
  let client: StoredClient | null;
  try {
    client = await findClient(deps, clientId, { fresh: true });
  } catch (err) {
    if (err instanceof OAuthError) throw pageError(err.description);
    throw err;
  }
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

// ---------------------------------------------------------------------------------------------
// Token endpoint.

/** A successful token response. */
export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token?: string;
  scope: string;
}

function decodeFormComponent(text: string): string {
  return decodeURIComponent(text.replaceAll("+", " "));
}

/**
 * Authenticates the client of a token or revocation request: public clients by client_id,
 * confidential ones by secret in HTTP Basic or in the body. Throws OAuthError invalid_client.
 */
async function authenticateClient(
  deps: Deps,
  form: URLSearchParams,
  authorization: string | undefined,
): Promise<StoredClient> {
  let clientId = form.get("client_id");
  let secret = form.get("client_secret");
  let usedBasic = false;
  if (authorization) {
    const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization);
    if (!basic) {
      throw new OAuthError("invalid_client", "Unsupported Authorization header: use Basic", 401);
    }
    if (secret !== null) {
      throw new OAuthError("invalid_request", "Use one client authentication method, not two");
    }
    let decoded: string[];
    try {
      const text = atob(basic[1]);
      const colon = text.indexOf(":");
      if (colon < 0) throw new Error("no colon");
      decoded = [text.slice(0, colon), text.slice(colon + 1)].map(decodeFormComponent);
    } catch {
      throw new OAuthError("invalid_client", "Malformed Basic credentials", 401, {
        "WWW-Authenticate": 'Basic realm="oauth"',
      });
    }
    if (clientId !== null && clientId !== decoded[0]) {
      throw new OAuthError("invalid_request", "client_id differs from the Basic credentials");
    }
    [clientId, secret] = decoded;
    usedBasic = true;
  }
  const refuse = (description: string) =>
    new OAuthError(
      "invalid_client",
      description,
      401,
      usedBasic ? { "WWW-Authenticate": 'Basic realm="oauth"' } : {},
    );
  if (!clientId) throw refuse("Client authentication failed: no client_id");
  let client: StoredClient | null;
  try {
    client = await findClient(deps, clientId, { fresh: false });
  } catch (err) {
    if (err instanceof OAuthError) throw refuse(err.description);
    throw err;
  }
  if (!client) throw refuse(`Client authentication failed: unknown client "${clientId}"`);
  if (client.token_endpoint_auth_method === "none") {
    if (secret !== null) throw refuse("This client is public: it has no secret to send");
    return client;
  }
  if (secret === null || client.client_secret_hash === null) {
    throw refuse("Client authentication failed: this client must send its secret");
  }
  if (!timingSafeEqual(await sha256Hex(secret), client.client_secret_hash)) {
    throw refuse("Client authentication failed: wrong client secret");
  }
  return client;
}

function checkNoRepeats(form: URLSearchParams): void {
  for (const name of new Set(form.keys())) {
    if (form.getAll(name).length > 1) {
      throw new OAuthError("invalid_request", `The parameter ${name} was sent more than once`);
    }
  }
}

function required(form: URLSearchParams, name: string): string {
  const value = form.get(name);
  if (!value) throw new OAuthError("invalid_request", `Missing ${name}`);
  return value;
}

function invalidGrant(description: string): OAuthError {
  return new OAuthError("invalid_grant", description);
}

/** New tokens of a family: the writes to commit and the response to answer. */
async function newTokens(
  deps: Deps,
  family: StoredFamily,
  accessScopes: Scope[],
  withRefresh: boolean,
): Promise<{ writes: TokenWrite[]; response: TokenResponse }> {
  const now = deps.now();
  const make = async (kind: OAuthToken["kind"], ttlS: number, scopes: Scope[]) => {
    const secret = (kind === "access" ? ACCESS_PREFIX : REFRESH_PREFIX) + randomSecret(32);
    const token: OAuthToken = {
      kind,
      family_id: family.id,
      client_id: family.client_id,
      user_id: family.user_id,
      scopes,
      resource: family.resource,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlS * 1000).toISOString(),
      used_at: null,
    };
    return { secret, write: { hash: await sha256Hex(secret), token, ttlMs: ttlS * 1000 } };
  };
  const access = await make("access", ACCESS_TOKEN_TTL_S, accessScopes);
  // The refresh token carries the whole grant, so that a narrowed access token can be widened
  // back up to what the person allowed (RFC 6749 §6), never beyond.
  const refresh = withRefresh ? await make("refresh", REFRESH_TOKEN_TTL_S, family.scopes) : null;
  return {
    writes: refresh ? [access.write, refresh.write] : [access.write],
    response: {
      access_token: access.secret,
      token_type: "Bearer",
      expires_in: ACCESS_TOKEN_TTL_S,
      ...(refresh ? { refresh_token: refresh.secret } : {}),
      scope: accessScopes.join(" "),
    },
  };
}

async function exchangeAuthorizationCode(
  deps: Deps,
  client: StoredClient,
  form: URLSearchParams,
): Promise<TokenResponse> {
  const code = required(form, "code");
  const redirectUri = required(form, "redirect_uri");
  const verifier = required(form, "code_verifier");
  if (!VERIFIER_PATTERN.test(verifier)) {
    throw new OAuthError(
      "invalid_request",
      "Malformed code_verifier: 43-128 unreserved characters",
    );
  }
  const hash = await sha256Hex(code);
  for (;;) {
    const entry = await store.getCodeEntry(deps.kv, hash);
    const stored = entry.value;
    if (!stored) throw invalidGrant("Unknown or expired authorization code");
    const now = deps.now();
    if (stored.used_at) {
      // OAuth 2.1 §4.1.3: a code used twice revokes the tokens it was exchanged for.
      if (stored.family_id) {
        await store.revokeFamily(
          deps.kv,
          stored.family_id,
          now.toISOString(),
          REVOKED_FAMILY_KEEP_MS,
        );
      }
      throw invalidGrant("The authorization code was already used; its tokens are now revoked");
    }
    if (Date.parse(stored.created_at) + CODE_TTL_S * 1000 <= now.getTime()) {
      throw invalidGrant("The authorization code has expired");
    }
    if (stored.client_id !== client.client_id) {
      throw invalidGrant("The authorization code was issued to another client");
    }
    if (stored.redirect_uri !== redirectUri) {
      throw invalidGrant("redirect_uri differs from the one of the authorization request");
    }
    if (await sha256Base64Url(verifier) !== stored.code_challenge) {
      throw invalidGrant("PKCE verification failed: code_verifier does not match code_challenge");
    }
    const resource = form.get("resource");
    if (resource && resource !== stored.resource) {
      throw new OAuthError(
        "invalid_target",
        `The code was issued for "${stored.resource}", not "${resource}"`,
      );
    }
    const withRefresh = client.grant_types.includes("refresh_token");
    const ttlS = withRefresh ? REFRESH_TOKEN_TTL_S : ACCESS_TOKEN_TTL_S;
    const family: StoredFamily = {
      id: crypto.randomUUID(),
      user_id: stored.user_id,
      client_id: client.client_id,
      scopes: stored.scopes,
      resource: stored.resource,
      created_at: now.toISOString(),
      last_used_at: now.toISOString(),
      revoked_at: null,
      expires_at: new Date(now.getTime() + ttlS * 1000).toISOString(),
    };
    const { writes, response } = await newTokens(deps, family, stored.scopes, withRefresh);
    const ok = await store.exchangeCode(
      deps.kv,
      entry,
      USED_CODE_KEEP_MS,
      family,
      ttlS * 1000,
      writes,
    );
    if (ok) return response;
    // The code changed meanwhile (another exchange): read it again, which now finds it used.
  }
}

async function refreshTokens(
  deps: Deps,
  client: StoredClient,
  form: URLSearchParams,
): Promise<TokenResponse> {
  const hash = await sha256Hex(required(form, "refresh_token"));
  for (;;) {
    const entry = await store.getTokenEntry(deps.kv, hash);
    const token = entry.value;
    if (!token || token.kind !== "refresh") {
      throw invalidGrant("Unknown, expired or revoked refresh token");
    }
    if (token.client_id !== client.client_id) {
      throw invalidGrant("The refresh token was issued to another client");
    }
    const familyEntry = await store.getFamilyEntry(deps.kv, token.family_id);
    const family = familyEntry.value;
    if (!family || family.revoked_at) throw invalidGrant("This grant has been revoked");
    const now = deps.now();
    if (token.used_at) {
      // Reuse of a rotated refresh token: someone holds a copy. Revoke the whole grant.
      await store.revokeFamily(deps.kv, family.id, now.toISOString(), REVOKED_FAMILY_KEEP_MS);
      throw invalidGrant(
        "The refresh token was already used; every token of this grant is revoked",
      );
    }
    if (Date.parse(token.expires_at) <= now.getTime()) {
      throw invalidGrant("The refresh token has expired");
    }
    const resource = form.get("resource");
    if (resource && resource !== token.resource) {
      throw new OAuthError(
        "invalid_target",
        `The grant is for "${token.resource}", not "${resource}"`,
      );
    }
    const scope = form.get("scope");
    let scopes = family.scopes;
    if (scope) {
      const asked = scope.split(" ").filter(Boolean);
      const beyond = asked.find((s) => !(family.scopes as string[]).includes(s));
      if (beyond) throw new OAuthError("invalid_scope", `The scope "${beyond}" was not granted`);
      scopes = knownScopes(scope);
    }
    const updated: StoredFamily = {
      ...family,
      last_used_at: now.toISOString(),
      expires_at: new Date(now.getTime() + REFRESH_TOKEN_TTL_S * 1000).toISOString(),
    };
    const { writes, response } = await newTokens(deps, updated, scopes, true);
    const oldTtlMs = Math.max(1000, Date.parse(token.expires_at) - now.getTime());
    const ok = await store.rotateRefreshToken(
      deps.kv,
      entry as Deno.KvEntry<OAuthToken>,
      oldTtlMs,
      now.toISOString(),
      familyEntry as Deno.KvEntry<StoredFamily>,
      updated,
      REFRESH_TOKEN_TTL_S * 1000,
      writes,
    );
    if (ok) return response;
    // The token or the family changed meanwhile: read again (a concurrent rotation is reuse).
  }
}

/**
 * The token endpoint (form fields and Authorization header): the authorization_code and
 * refresh_token grants. Throws OAuthError.
 */
export async function exchangeToken(
  deps: Deps,
  form: URLSearchParams,
  authorization: string | undefined,
): Promise<TokenResponse> {
  checkNoRepeats(form);
  const client = await authenticateClient(deps, form, authorization);
  const grantType = required(form, "grant_type");
  if (!GRANT_TYPES.includes(grantType)) {
    throw new OAuthError("unsupported_grant_type", `Unsupported grant_type "${grantType}"`);
  }
  if (!client.grant_types.includes(grantType)) {
    throw new OAuthError(
      "unauthorized_client",
      `This client did not register the grant type "${grantType}"`,
    );
  }
  return grantType === "authorization_code"
    ? await exchangeAuthorizationCode(deps, client, form)
    : await refreshTokens(deps, client, form);
}

/**
 * Token revocation (RFC 7009): an access token is deleted; a refresh token revokes its whole
 * family. Unknown tokens, and tokens of other clients, are ignored (the answer is 200 anyway).
 */
export async function revokeToken(
  deps: Deps,
  form: URLSearchParams,
  authorization: string | undefined,
): Promise<void> {
  checkNoRepeats(form);
  const client = await authenticateClient(deps, form, authorization);
  const secret = required(form, "token");
  const hash = await sha256Hex(secret);
  const token = (await store.getTokenEntry(deps.kv, hash)).value;
  if (!token || token.client_id !== client.client_id) return;
  if (token.kind === "refresh") {
    await store.revokeFamily(
      deps.kv,
      token.family_id,
      deps.now().toISOString(),
      REVOKED_FAMILY_KEEP_MS,
    );
  } else {
    await store.deleteToken(deps.kv, hash, token.family_id);
  }
}

// ---------------------------------------------------------------------------------------------
// Resource servers and the apps page.

/** What a valid access token grants. `expiresAt` is in seconds since the epoch. */
export interface AccessTokenInfo {
  userId: string;
  clientId: string;
  scopes: Scope[];
  resource: string;
  expiresAt: number;
  familyId: string;
}

/**
 * Checks an access token: null when unknown, expired, revoked (its family), or issued for
 * another resource than `expectedResource` (when given).
 */
export async function verifyAccessToken(
  deps: Deps,
  token: string,
  expectedResource?: string,
): Promise<AccessTokenInfo | null> {
  if (!token.startsWith(ACCESS_PREFIX)) return null;
  const record = (await store.getTokenEntry(deps.kv, await sha256Hex(token))).value;
  if (!record || record.kind !== "access") return null;
  const now = deps.now();
  if (Date.parse(record.expires_at) <= now.getTime()) return null;
  if (expectedResource !== undefined && record.resource !== expectedResource) return null;
  const familyEntry = await store.getFamilyEntry(deps.kv, record.family_id);
  const family = familyEntry.value;
  if (!family || family.revoked_at) return null;
  const remainingMs = Date.parse(family.expires_at) - now.getTime();
  if (
    now.getTime() - Date.parse(family.last_used_at) > LAST_USED_GRANULARITY_MS && remainingMs > 0
  ) {
    // Best effort: a concurrent change (rotation, revocation) wins.
    const updated = { ...family, last_used_at: now.toISOString() };
    await store.updateFamily(
      deps.kv,
      familyEntry as Deno.KvEntry<StoredFamily>,
      updated,
      remainingMs,
    );
  }
  return {
    userId: record.user_id,
    clientId: record.client_id,
    scopes: record.scopes,
    resource: record.resource,
    expiresAt: Math.floor(Date.parse(record.expires_at) / 1000),
    familyId: record.family_id,
  };
}

/** An app a person has allowed, as the apps page lists it. */
export interface AuthorizedApp {
  familyId: string;
  clientId: string;
  clientName: string;
  /** Metadata-document clients: the host of their client_id URL. */
  clientHost: string | null;
  scopes: Scope[];
  resource: string;
  allowedAt: string;
  lastUsedAt: string;
}

/** The apps a person has allowed (grants not revoked nor expired), newest first. */
export async function listAuthorizedApps(deps: Deps, userId: string): Promise<AuthorizedApp[]> {
  const now = deps.now().toISOString();
  const families = (await store.listFamiliesByUser(deps.kv, userId))
    .filter((f) => f.expires_at > now);
  const apps: AuthorizedApp[] = [];
  for (const family of families) {
    const client = await store.getClient(deps.kv, family.client_id);
    const host = isMetadataDocumentId(family.client_id) ? new URL(family.client_id).host : null;
    apps.push({
      familyId: family.id,
      clientId: family.client_id,
      clientName: client?.client_name || host || "Unnamed app",
      clientHost: host,
      scopes: family.scopes,
      resource: family.resource,
      allowedAt: family.created_at,
      lastUsedAt: family.last_used_at,
    });
  }
  return apps;
}

/** Revokes one of a person's grants and all its tokens; 404 when it is not theirs. */
export async function revokeAuthorizedApp(
  deps: Deps,
  userId: string,
  familyId: string,
): Promise<void> {
  const family = (await store.getFamilyEntry(deps.kv, familyId)).value;
  if (!family || family.user_id !== userId || family.revoked_at) throw notFound("app", familyId);
  await store.revokeFamily(deps.kv, familyId, deps.now().toISOString(), REVOKED_FAMILY_KEEP_MS);
}
