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
} from "./access.ts";
export type { Caller } from "./access.ts";
export {
  completeSignIn,
  isAdmin,
  normalizeEmail,
  peekSignIn,
  requestSignIn,
  safeNextPath,
} from "./accounts.ts";
export { createApiKey, listApiKeys, revokeApiKey, validateApiKeyInput } from "./api_keys.ts";
export { withIdempotency } from "./idempotency.ts";
export type { StoredResponse } from "./idempotency.ts";
export {
  approveAuthorization,
  authorizationServerMetadata,
  checkAuthorizationRequest,
  describeRedirect,
  exchangeToken,
  isMetadataDocumentId,
  listAuthorizedApps,
  OAuthError,
  oauthUrls,
  protectedResourceMetadata,
  registerClient,
  rejectAuthorization,
  revokeAuthorizedApp,
  revokeToken,
} from "./oauth.ts";
export type { AuthorizationRequest, AuthorizedApp } from "./oauth.ts";
export { rateLimitBucket, rateLimited, rateLimiterFor, rateLimitHeaders } from "./rate_limit.ts";
export type { RateLimiter } from "./rate_limit.ts";
export {
  CSRF_FIELD,
  csrfToken,
  currentSession,
  endSession,
  startSession,
  verifyCsrf,
} from "./sessions.ts";
