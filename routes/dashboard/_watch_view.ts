/**
 * The watch page's view of a draft, built from get_draft's answer: the step in plain words, the
 * pages read, the quotes verified so far, and what kept the site from being read.
 */
import type { DraftProgressView } from "../../islands/DraftProgress.tsx";
import { dashboardPaths } from "./_ui.tsx";

interface Quoted {
  evidence?: unknown[];
}

/** get_draft's answer, the parts the watch page reads. */
export interface DraftAnswer {
  id: string;
  url: string;
  status: DraftProgressView["status"];
  progress: { stage: string; message: string; pages_read: number; pages_planned: number };
  fields: Record<string, Quoted>;
  company_socials: Record<string, Quoted>;
  story: Record<string, Quoted>;
  faqs: Quoted[];
  founders: Quoted[];
  milestones: Quoted[];
  crawl: {
    pages: { url: string; title: string }[];
    disallowed: string[];
    failed: { url: string; reason: string }[];
    error: string | null;
  } | null;
}

const STEPS: Record<string, string> = {
  queued: "Waiting to start reading your website",
  crawling: "Reading your website (robots.txt first)",
  drafting: "Writing the draft from your pages and checking every quote",
  ready: "The draft is ready",
};

/** Every evidence quote in the draft: fields, company socials, story, FAQs, founders, milestones. */
export function quoteCount(draft: DraftAnswer): number {
  const parts: Quoted[] = [
    ...Object.values(draft.fields),
    ...Object.values(draft.company_socials),
    ...Object.values(draft.story),
    ...draft.faqs,
    ...draft.founders,
    ...draft.milestones,
  ];
  return parts.reduce((sum, part) => sum + (part.evidence?.length ?? 0), 0);
}

/** The watch page's view of get_draft's answer. */
export function progressView(draft: DraftAnswer): DraftProgressView {
  const crawl = draft.crawl;
  const error = crawl?.error ?? null;
  const disallowed = crawl?.disallowed ?? [];
  const failedHome = error !== null && crawl !== null && crawl.pages.length === 0;
  return {
    id: draft.id,
    url: draft.url,
    status: draft.status,
    step: draft.status === "ready" && error
      ? "The website could not be read: the draft is blank for you to fill in"
      : STEPS[draft.status === "ready" ? "ready" : draft.progress.stage] ?? draft.progress.stage,
    detail: draft.progress.message,
    pages_read: draft.progress.pages_read,
    pages_planned: draft.progress.pages_planned,
    quotes: quoteCount(draft),
    pages: (crawl?.pages ?? []).map((p) => ({ url: p.url, title: p.title })),
    error,
    // The crawler's reason names robots.txt when it disallows the homepage (or a redirect to it).
    robots_blocked: failedHome && disallowed.length > 0 &&
      /robots\.txt disallows/i.test(error ?? ""),
    failed: crawl?.failed ?? [],
    disallowed,
    editor_url: dashboardPaths.draft(draft.id),
  };
}
