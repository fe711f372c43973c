/**
 * Access: who is calling and what they may do. Email sign-in and browser sessions, API keys, the
 * OAuth 2.1 authorization server, bearer access with scopes, rate limits and Idempotency-Key.
 */
export {
  authorize,
  describeCaller,
  insufficientScope,
  mcpResource,
  restResource,
  SCOPE_DESCRIPTIONS,
  unauthorized,
  webCaller,
} from "./access.ts";
export type { Caller } from "./access.ts";
export {
  completeSignIn,
  findAccount,
  getOrCreateAccount,
  isAdmin,
  normalizeEmail,
  peekSignIn,
  requestSignIn,
  safeNextPath,
} from "./accounts.ts";
export { createApiKey, listApiKeys, revokeApiKey, validateApiKeyInput } from "./api_keys.ts";
export { withIdempotency } from "./idempotency.ts";
export type { IdempotencySeal, StoredResponse } from "./idempotency.ts";
export {
  authorizationServerMetadata,
  OAuthError,
  oauthUrls,
  protectedResourceMetadata,
} from "./oauth/metadata.ts";
export { isMetadataDocumentId, registerClient } from "./oauth/clients.ts";
export {
  approveAuthorization,
  checkAuthorizationRequest,
  describeRedirect,
  rejectAuthorization,
} from "./oauth/authorize.ts";
export type { AuthorizationRequest } from "./oauth/authorize.ts";
export { exchangeToken, revokeToken } from "./oauth/tokens.ts";
export { listAuthorizedApps, revokeAuthorizedApp } from "./oauth/grants.ts";
export type { AuthorizedApp } from "./oauth/grants.ts";
export { anonymousBucket, countRequest, rateLimitBucket, rateLimiterFor } from "./rate_limit.ts";
export type { RateLimiter, RateLimitState } from "./rate_limit.ts";
export {
  checkCsrf,
  createSession,
  endSession,
  findSession,
  newCsrfToken,
  SESSION_TTL_MS,
} from "./sessions.ts";
export type { SignedIn } from "./sessions.ts";
