/**
 * Drafting: a founder submits a website URL and gets a draft whose every value quotes the site.
 * The crawler (robots.txt obeyed), extraction, the extractive and LLM drafters, the verifier,
 * draft editing, co-founder invites, saving a draft as a listing, and the queue jobs that build it.
 */
import type { Deps } from "../platform/deps.ts";
import type { JobHandler } from "../platform/jobs.ts";
import { loadOnce } from "../platform/lazy.ts";
import type * as DraftEdits from "./draft_edits.ts";
export { submitDraft } from "./draft_listing.ts";
export { getDraft, listMyDrafts, submitListing } from "./drafts.ts";
export { DRAFT_FIELDS, STORY_SECTIONS } from "./evidence.ts";
export type { DraftFieldName, StorySection } from "./evidence.ts";
export { acceptCofounderInvite, inviteCofounder, readInvite } from "./invites.ts";
export { MAX_INVITES } from "./invites.ts";

// The crawler, the extractors, the drafters and the verifier are a large module graph that only a
// draft job, a draft edit or the crawler's page needs: they are imported on first use, not at start.
const draftEdits = loadOnce(() => import("./draft_edits.ts"));
const draftJobs = loadOnce(() => import("./draft_jobs.ts"));
const crawler = loadOnce(() => import("./crawler.ts"));

/** update_draft (draft_edits.ts `updateDraft`). */
export async function updateDraft(
  ...args: Parameters<typeof DraftEdits.updateDraft>
): ReturnType<typeof DraftEdits.updateDraft> {
  return (await draftEdits()).updateDraft(...args);
}

/** The queue job `{ type: "draft", draft_id }` (draft_jobs.ts). */
export const runDraftQueueJob: JobHandler = async (deps, job) =>
  (await draftJobs()).runDraftQueueJob(deps, job);

/** The queue job `{ type: "competitor", draft_id, url }` (draft_jobs.ts). */
export const runCompetitorQueueJob: JobHandler = async (deps, job) =>
  (await draftJobs()).runCompetitorQueueJob(deps, job);

/** Re-queues drafts whose job stopped (draft_jobs.ts `resumeStalledDrafts`). */
export async function resumeStalledDrafts(deps: Deps): Promise<number> {
  return (await draftJobs()).resumeStalledDrafts(deps);
}

/** A crawl's bounds: pages, bytes and time of a visit, one page's time, pages fetched at once. */
export async function crawlLimits() {
  const { DEFAULTS, PAGE_TIMEOUT_MS, PARALLEL_FETCHES } = await crawler();
  return { ...DEFAULTS, pageTimeoutMs: PAGE_TIMEOUT_MS, parallelFetches: PARALLEL_FETCHES };
}
