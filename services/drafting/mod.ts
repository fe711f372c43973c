/**
 * Drafting: a founder submits a website URL and gets a draft whose every value quotes the site.
 * The crawler (robots.txt obeyed), extraction, the extractive and LLM drafters, the verifier,
 * draft editing, co-founder invites, saving a draft as a listing, and the queue jobs that build it.
 */
export { updateDraft } from "./draft_edits.ts";
export { resumeStalledDrafts } from "./draft_jobs.ts";
export { submitDraft } from "./draft_listing.ts";
export { getDraft, listMyDrafts, submitListing } from "./drafts.ts";
export { DRAFT_FIELDS, STORY_SECTIONS } from "./evidence.ts";
export type { DraftFieldName, StorySection } from "./evidence.ts";
export { acceptCofounderInvite, inviteCofounder, readInvite } from "./invites.ts";
export { MAX_INVITES } from "./invites.ts";
export { runCompetitorQueueJob, runDraftQueueJob } from "./draft_jobs.ts";
export {
  DEFAULTS as CRAWL_DEFAULTS,
  PAGE_TIMEOUT_MS as CRAWL_PAGE_TIMEOUT_MS,
  PARALLEL_FETCHES as CRAWL_PARALLEL_FETCHES,
} from "./crawler.ts";
