/**
 * The token endpoint (authorization code and refresh token grants), revocation (RFC 7009) and the
 * check of access tokens by the resource servers. Tokens are opaque random strings stored under
 * their SHA-256 with an expiry; every token belongs to a family (one grant of one user to one
 * client), bound to one resource.
 */
import * as store from "../../../kv/oauth.ts";
import type { StoredClient, StoredFamily, TokenWrite } from "../../../kv/oauth.ts";
import type { OAuthToken, Scope } from "../../../kv/types.ts";
import type { Deps } from "../../platform/deps.ts";
import {
  randomSecret,
  sha256Base64Url,
  sha256Hex,
  timingSafeEqual,
} from "../../platform/secrets.ts";
import { CODE_TTL_S } from "./authorize.ts";
import { findClient } from "./clients.ts";
import { GRANT_TYPES, knownScopes, OAuthError } from "./metadata.ts";

/** Lifetime of an access token, in seconds. */
export const ACCESS_TOKEN_TTL_S = 3600;
/** Lifetime of a refresh token (renewed with every rotation), in seconds. */
export const REFRESH_TOKEN_TTL_S = 30 * 86_400;

const ACCESS_PREFIX = "lda_";
const REFRESH_PREFIX = "ldr_";
/** A used code is remembered this long, so that a replay revokes what it issued. */
const USED_CODE_KEEP_MS = 10 * 60_000;
/** A revoked family is remembered this long, so that its tokens stay refused. */
export const REVOKED_FAMILY_KEEP_MS = 30 * 86_400_000;
/** A family's `last_used_at` is written at most once per this interval. */
const LAST_USED_GRANULARITY_MS = 60_000;
/** PKCE (RFC 7636): a verifier is 43-128 unreserved characters. */
const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;

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
  const client = await findClient(deps, clientId, { fresh: false, refuse });
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
