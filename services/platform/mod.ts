/**
 * Platform: what every domain stands on. Configuration, the dependencies passed to every service,
 * typed errors, ids, paging, ISO weeks, site settings and reference data, the mail outbox, the
 * queue's job dispatcher and the guarded fetcher with robots.txt.
 */
export { loadConfig } from "./config.ts";
export type { Deps } from "./deps.ts";
export {
  ApiError,
  badRequest,
  ERROR_CODES,
  notFound,
  notImplemented,
  toApiError,
} from "./errors.ts";
export type { ErrorDetail } from "./errors.ts";
export { devMailboxEnabled, listOutbox, runMailJob } from "./mail.ts";
export { jobDispatcher } from "./jobs.ts";
export type { JobHandler } from "./jobs.ts";
export { DEFAULT_SETTINGS, seedReferenceData } from "./reference.ts";
export { getSettings } from "./settings.ts";
export { addWeeks, isoWeekLabel, mondayOf, sundayOf } from "./weeks.ts";
export { escapeHtml } from "./html.ts";
export { BOT_PAGE_PATH, botUserAgent, DEFAULT_MAX_REDIRECTS } from "./fetcher.ts";
export { BOT_TOKEN } from "./robots.ts";
export { sha256Hex } from "./secrets.ts";
export { nextStepsAfterSave, publishingRoutes } from "./publishing_routes.ts";
export type { FreeQueueWindow } from "./publishing_routes.ts";
export { VersionedCache } from "./versioned_cache.ts";
