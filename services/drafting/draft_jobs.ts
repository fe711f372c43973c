/**
 * The jobs that build a draft. Each run continues from the draft's stored status, so a crash,
 * a restart or a duplicate message resumes the work instead of repeating it:
 * `crawling` → read the site and store the pages → `drafting` → draft and verify → `ready`.
 */
import {
  enqueueJob,
  getDraftEntry,
  getDraftPages,
  listPendingDrafts,
  putDraftPages,
  requeueDraftJob,
} from "../../kv/drafts.ts";
import { listCategoryRecords } from "../../kv/categories.ts";
import type { Draft, Quote } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import type { JobHandler } from "../platform/jobs.ts";
import type { CrawlResult, DraftFieldName, DraftProposal } from "./evidence.ts";
import { crawlSite } from "./crawler.ts";
import { compareCompetitor, draftFromEvidence } from "./drafter.ts";
import { applyProposal, updateDraftRecord } from "./drafts.ts";
import { syncSubmittedListing } from "./draft_listing.ts";

/** The categories drafters choose from. */
async function categoryChoices(deps: Deps) {
  return (await listCategoryRecords(deps.kv)).map((c) => ({
    slug: c.slug,
    name: c.name,
    parent: c.parent,
  }));
}

/** A crawl result rebuilt from the stored evidence pages and the crawl summary. */
export async function storedCrawl(
  deps: Deps,
  draft: Draft,
  set: "site" | "competitor" = "site",
): Promise<CrawlResult> {
  const pages = await getDraftPages(deps.kv, draft.id, set);
  const at = draft.updated_at;
  return {
    start_url: set === "site" ? draft.url : draft.competitor?.url ?? "",
    pages,
    disallowed: set === "site" ? draft.crawl?.disallowed ?? [] : [],
    failed: set === "site" ? draft.crawl?.failed ?? [] : [],
    crawl_delay_s: set === "site" ? draft.crawl?.crawl_delay_s ?? 0 : 0,
    started_at: at,
    finished_at: at,
    error: set === "site" ? draft.crawl?.error ?? null : null,
  };
}

/** Step 1: read the website and keep its pages as the evidence base. */
async function crawlStep(deps: Deps, draft: Draft): Promise<void> {
  const progress = (message: string, read: number, planned: number) =>
    updateDraftRecord(deps, draft.id, (d) =>
      d.status !== "crawling" ? null : {
        ...d,
        progress: {
          stage: "crawling",
          message,
          pages_read: read,
          pages_planned: planned,
          updated_at: deps.now().toISOString(),
        },
      });
  await progress(`Reading ${draft.url}`, 0, 0);
  const crawl = await crawlSite(deps, draft.url, {
    onProgress: async (p) => {
      await progress(`Read ${p.url}`, p.pages_read, p.planned);
    },
  });
  await putDraftPages(deps.kv, draft.id, "site", crawl.pages);
  await updateDraftRecord(deps, draft.id, (d) =>
    d.status !== "crawling" ? null : {
      ...d,
      status: "drafting",
      crawl: {
        pages: crawl.pages.map((p) => ({
          url: p.url,
          kind: p.kind,
          title: p.title,
          fetched_at: p.fetched_at,
          status: p.status,
        })),
        disallowed: crawl.disallowed,
        failed: crawl.failed,
        error: crawl.error,
        crawl_delay_s: crawl.crawl_delay_s,
      },
      progress: {
        stage: "drafting",
        message: crawl.error
          ? `The website could not be read: ${crawl.error}`
          : `Drafting from ${crawl.pages.length} pages`,
        pages_read: crawl.pages.length,
        pages_planned: crawl.pages.length,
        updated_at: deps.now().toISOString(),
      },
    });
}

/** Step 2: draft every field from the evidence, verify every quote, and mark the draft ready. */
async function draftStep(deps: Deps, draft: Draft): Promise<void> {
  const result = await draftFromEvidence(deps, await storedCrawl(deps, draft), {
    categories: await categoryChoices(deps),
  });
  const saved = await updateDraftRecord(deps, draft.id, (d) => {
    if (d.status !== "drafting") return null;
    const next = applyProposal(d, result.proposal, { dropped: result.dropped });
    return {
      ...next,
      status: "ready",
      drafter: result.drafter,
      drafter_note: result.fallback
        ? { wanted: "llm" as const, reason: result.fallback, at: deps.now().toISOString() }
        : null,
      progress: {
        stage: "ready",
        message: `Drafted by the ${result.drafter === "llm" ? "AI model" : "extractive drafter"}${
          result.fallback ? ` (the AI model was not used: ${result.fallback})` : ""
        }; ${result.quotes.verified} quotes verified`,
        pages_read: d.progress.pages_read,
        pages_planned: d.progress.pages_planned,
        updated_at: deps.now().toISOString(),
      },
    };
  });
  if (saved && result.fallback) {
    console.warn(
      `Draft ${draft.id}: the LLM drafter failed (${result.fallback}); drafted by the extractive drafter`,
    );
  }
  if (saved?.listing_id) await syncSubmittedListing(deps, saved);
}

/** Runs one step of a draft's job (crawl or draft); false when there is nothing left to do. */
export async function runDraftStep(deps: Deps, draftId: string): Promise<boolean> {
  const draft = (await getDraftEntry(deps.kv, draftId)).value;
  if (!draft || draft.status === "ready") return false;
  if (draft.status === "crawling") await crawlStep(deps, draft);
  else await draftStep(deps, draft);
  return true;
}

/** Runs a draft's job from wherever it stands; does nothing for a ready or missing draft. */
export async function runDraftJob(deps: Deps, draftId: string): Promise<void> {
  for (let step = 0; step < 3 && await runDraftStep(deps, draftId); step++);
}

/** The queue job `{ type: "draft", draft_id }`: runs the draft's job (see `runDraftJob`). */
export const runDraftQueueJob: JobHandler = async (deps, job) => {
  if (typeof job.draft_id !== "string") return "a draft job needs a draft_id";
  await runDraftJob(deps, job.draft_id);
};

/** The queue job `{ type: "competitor", draft_id, url }` (see `runCompetitorJob`). */
export const runCompetitorQueueJob: JobHandler = async (deps, job) => {
  if (typeof job.draft_id !== "string" || typeof job.url !== "string") {
    return "a competitor job needs a draft_id and a url";
  }
  await runCompetitorJob(deps, job.draft_id, job.url);
};

/** regenerate: redrafts a few fields from the stored evidence (no new crawl). */
export async function regenerateFields(deps: Deps, draft: Draft, fields: DraftFieldName[]) {
  return await draftFromEvidence(deps, await storedCrawl(deps, draft), {
    categories: await categoryChoices(deps),
    only: fields,
  });
}

/** Reads a competitor's site and compares it with the draft, with evidence on both sides. */
export async function runCompetitorJob(deps: Deps, draftId: string, url: string): Promise<void> {
  const draft = (await getDraftEntry(deps.kv, draftId)).value;
  if (!draft || draft.competitor?.url !== url || draft.competitor.status !== "reading") return;
  const crawl = await crawlSite(deps, url, { maxPages: 4, timeBudgetMs: 20_000 });
  let comparison: unknown = null;
  let error: string | null = crawl.error;
  if (!error) {
    await putDraftPages(deps.kv, draftId, "competitor", crawl.pages);
    const own = await storedCrawl(deps, draft);
    comparison = await compareCompetitor(deps, own, crawl, proposalOf(draft)).catch((err) => {
      error = `Comparison failed: ${(err as Error).message}`;
      return null;
    });
  }
  await updateDraftRecord(deps, draftId, (d) =>
    d.competitor?.url !== url ? null : {
      ...d,
      competitor: {
        url,
        status: error ? "failed" : "ready",
        error,
        comparison,
        updated_at: deps.now().toISOString(),
      },
    });
}

/** The draft's current values as a proposal (what the competitor is compared with). */
function proposalOf(draft: Draft): DraftProposal {
  const drafted = (value: unknown, evidence: Quote[]) => ({ value: value ?? null, evidence });
  const text = (value: unknown, evidence: Quote[]) => ({
    value: value === null ? null : String(value),
    evidence,
  });
  return {
    fields: Object.fromEntries(
      Object.entries(draft.fields).map(([name, r]) => [name, drafted(r.value, r.evidence)]),
    ),
    faqs: draft.faqs,
    founders: draft.founders.map(({ user_id: _u, ...f }) => f),
    company_socials: Object.fromEntries(
      Object.entries(draft.company_socials).map(([k, r]) => [k, text(r.value, r.evidence)]),
    ),
    story: Object.fromEntries(
      Object.entries(draft.story).map(([k, r]) => [k, text(r.value, r.evidence)]),
    ),
    milestones: draft.milestones,
  };
}

/** Adds the competitor job for a draft to an atomic operation. */
export function queueCompetitorJob(op: Deno.AtomicOperation, draftId: string, url: string): void {
  enqueueJob(op, { type: "competitor", draft_id: draftId, url });
}

const STALLED_AFTER_MS = 5 * 60_000;

/**
 * Re-queues drafts whose job stopped (every retry failed, or the process died before the first
 * delivery). The job resumes from the stored status, so a draft running fine is not disturbed
 * beyond one extra, harmless run.
 */
export async function resumeStalledDrafts(deps: Deps): Promise<number> {
  const now = deps.now().getTime();
  let resumed = 0;
  for (const pending of await listPendingDrafts(deps.kv)) {
    const draft = (await getDraftEntry(deps.kv, pending.id)).value;
    if (!draft || draft.status === "ready") continue;
    if (now - Date.parse(draft.progress.updated_at) < STALLED_AFTER_MS) continue;
    await requeueDraftJob(deps.kv, { type: "draft", draft_id: pending.id });
    resumed++;
  }
  return resumed;
}
