/**
 * OAuth clients: dynamic client registration (RFC 7591) and client ID metadata documents (a
 * client_id that is an https URL naming a JSON document, fetched through the guarded fetcher and
 * cached by its Cache-Control).
 */
import * as store from "../../../kv/oauth.ts";
import type { StoredClient } from "../../../kv/oauth.ts";
import type { Deps } from "../../platform/deps.ts";
import { FetchFailedError, FetchRefusedError, guardedFetch } from "../../platform/fetcher.ts";
import { randomSecret, sha256Hex } from "../../platform/secrets.ts";
import { GRANT_TYPES, knownScopes, OAuthError } from "./metadata.ts";

const CLIENT_ID_PREFIX = "ldc_";
/** Client metadata documents: freshness from Cache-Control max-age, clamped; the record is kept
 * longer so that the apps page can still name the client. */
const METADATA_MIN_TTL_S = 300;
const METADATA_MAX_TTL_S = 86_400;
const METADATA_DEFAULT_TTL_S = 3600;
const METADATA_KEEP_MS = 30 * 86_400_000;
const METADATA_MAX_BYTES = 64 * 1024;
const METADATA_TIMEOUT_MS = 5000;
const MAX_REDIRECT_URIS = 20;
const MAX_URI_LENGTH = 2000;
/** Hosts of loopback redirects (native apps, RFC 8252 §7.3). */
export const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
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

/** Whether a URL is http on a loopback host. */
export function isLoopbackHttp(url: URL): boolean {
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
 * when missing, or also when stale if `fresh`). Null when unknown; throws `refuse` of the reason
 * when a metadata document cannot be loaded or is invalid.
 */
export async function findClient(
  deps: Deps,
  clientId: string,
  options: { fresh: boolean; refuse: (description: string) => Error },
): Promise<StoredClient | null> {
  if (!isMetadataDocumentId(clientId)) {
    if (!clientId.startsWith(CLIENT_ID_PREFIX)) return null;
    const client = await store.getClient(deps.kv, clientId);
    return client?.source === "registration" ? client : null;
  }
  const cached = await store.getClient(deps.kv, clientId);
  const stale = !cached?.cached_until || cached.cached_until <= deps.now().toISOString();
  if (cached?.source === "metadata_document" && !(options.fresh && stale)) return cached;
  try {
    return await fetchMetadataClient(deps, clientId);
  } catch (err) {
    if (err instanceof OAuthError) throw options.refuse(err.description);
    throw err;
  }
}
