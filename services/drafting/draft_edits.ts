/** update_draft: a person's edits to a draft, applied in one save. */
import { listCategoryRecords } from "../../kv/categories.ts";
import type { Draft, FieldRecord, Socials } from "../../kv/types.ts";
import type { Caller } from "../access/access.ts";
import type { Deps } from "../platform/deps.ts";
import { badRequest, conflict, type ErrorDetail, notFound } from "../platform/errors.ts";
import { type DraftFieldName, STORY_SECTIONS } from "./evidence.ts";
import {
  applyProposal,
  draftView,
  emptyRecord,
  hasValue,
  normalizeSubmitUrl,
  requireOwnDraft,
  updateDraftRecord,
} from "./drafts.ts";
import { queueCompetitorJob, regenerateFields } from "./draft_jobs.ts";
import { type DraftPart, syncSubmittedListing } from "./draft_listing.ts";
import type { IdempotencySeal } from "../access/idempotency.ts";

/** The body of update_draft, as validated by its schema. */
export interface DraftEdits {
  fields?: Partial<Record<DraftFieldName, unknown>>;
  lock_fields?: DraftFieldName[];
  regenerate?: DraftFieldName[];
  restore?: DraftFieldName[];
  faqs?: { question: string; answer: string }[];
  company_socials?: Socials;
  founder_socials?: Socials;
  founders?: { name: string; title?: string; bio?: string }[];
  story?: Partial<Record<string, string>>;
  milestones?: { date: string; title: string; description?: string; url?: string }[];
  competitor_url?: string;
  seo?: { title?: string; meta?: string };
}

/** A person's value: edited when the AI had one, manual when it had none; a locked field stays locked. */
function personRecord(record: FieldRecord, value: unknown): FieldRecord {
  if (value === null || (typeof value === "string" && value.trim() === "")) {
    return { ...record, value: null, state: "deleted", evidence: [] };
  }
  const state = record.state === "override"
    ? "override"
    : hasValue(record.ai_value)
    ? "edited"
    : "manual";
  return { ...record, value, state, evidence: [] };
}

/** Refuses edits that contradict each other, e.g. setting and restoring the same field. */
function checkConsistency(edits: DraftEdits): void {
  const details: ErrorDetail[] = [];
  const set = new Set(Object.keys(edits.fields ?? {}));
  for (
    const [part, names] of [["restore", edits.restore], ["regenerate", edits.regenerate]] as const
  ) {
    for (const [i, name] of (names ?? []).entries()) {
      if (set.has(name)) {
        details.push({ path: `${part}.${i}`, message: `"${name}" is also set in fields` });
      }
    }
  }
  for (const [i, name] of (edits.regenerate ?? []).entries()) {
    if (edits.restore?.includes(name)) {
      details.push({ path: `regenerate.${i}`, message: `"${name}" is also restored` });
    }
  }
  if (details.length) {
    throw badRequest(
      "Conflicting edits: each field can be set, restored or regenerated once",
      details,
    );
  }
}

/** Category names from list_categories, in their canonical spelling; unknown names are a 400. */
async function canonicalCategories(deps: Deps, names: string[]): Promise<string[]> {
  const byName = new Map(
    (await listCategoryRecords(deps.kv)).map((c) => [c.name.toLowerCase(), c.name]),
  );
  const details: ErrorDetail[] = [];
  const out = names.map((name, i) => {
    const canonical = byName.get(name.trim().toLowerCase());
    if (!canonical) {
      details.push({
        path: `fields.categories.${i}`,
        message: `Unknown category "${name}": see list_categories`,
      });
    }
    return canonical ?? name;
  });
  if (details.length) throw badRequest("Categories must be names from list_categories", details);
  return [...new Set(out)];
}

function mergeSocialRecords(
  records: Record<string, FieldRecord>,
  links: Socials,
): Record<string, FieldRecord> {
  const next = { ...records };
  for (const [key, link] of Object.entries(links)) {
    next[key] = personRecord(next[key] ?? emptyRecord(), link);
  }
  return next;
}

/** Applies every edit except regeneration (which needs the drafter) to a draft. */
function applyEdits(
  draft: Draft,
  edits: DraftEdits,
  categories: string[] | undefined,
  now: string,
): Draft {
  const next = structuredClone(draft);
  const markEdited = (part: string) => {
    if (!next.edited_parts.includes(part)) next.edited_parts.push(part);
  };
  for (const [name, value] of Object.entries(edits.fields ?? {})) {
    const v = name === "categories" && value !== null ? categories : value;
    next.fields[name] = personRecord(next.fields[name] ?? emptyRecord(), v);
  }
  for (const name of edits.lock_fields ?? []) {
    next.fields[name] = { ...(next.fields[name] ?? emptyRecord()), state: "override" };
  }
  for (const name of edits.restore ?? []) {
    const record = next.fields[name] ?? emptyRecord();
    const present = hasValue(record.ai_value);
    next.fields[name] = {
      ...record,
      value: present ? record.ai_value : null,
      state: present ? "ai" : "not_found",
      evidence: present ? record.ai_evidence : [],
    };
  }
  if (edits.faqs) {
    next.faqs = edits.faqs.map((f) => ({ ...f, evidence: [] }));
    markEdited("faqs");
  }
  if (edits.founders) {
    next.founders = edits.founders.map((f) => ({
      name: f.name,
      title: f.title ?? null,
      bio: f.bio ?? null,
      evidence: [],
      user_id: draft.founders.find((old) => old.name === f.name)?.user_id ?? null,
    }));
    markEdited("founders");
  }
  if (edits.milestones) {
    next.milestones = edits.milestones.map((m) => ({
      date: m.date,
      title: m.title,
      description: m.description ?? null,
      url: m.url ?? null,
      evidence: [],
    }));
    markEdited("milestones");
  }
  if (edits.company_socials) {
    next.company_socials = mergeSocialRecords(next.company_socials, edits.company_socials);
  }
  if (edits.founder_socials) {
    const merged: Socials = { ...next.founder_socials };
    const evidence = { ...next.founder_social_evidence };
    for (const [key, link] of Object.entries(edits.founder_socials)) {
      if (link.trim() === "") delete merged[key as keyof Socials];
      else merged[key as keyof Socials] = link;
      if (link !== draft.founder_socials[key as keyof Socials]) delete evidence[key];
    }
    next.founder_socials = merged;
    next.founder_social_evidence = evidence;
    markEdited("founder_socials");
  }
  for (const section of STORY_SECTIONS) {
    const text = edits.story?.[section];
    if (text !== undefined) {
      next.story[section] = personRecord(next.story[section] ?? emptyRecord(), text);
    }
  }
  if (edits.seo) {
    next.seo = {
      title: edits.seo.title !== undefined ? edits.seo.title || null : next.seo.title,
      meta: edits.seo.meta !== undefined ? edits.seo.meta || null : next.seo.meta,
    };
    markEdited("seo");
  }
  if (edits.competitor_url !== undefined) {
    next.competitor = edits.competitor_url === "" ? null : {
      url: edits.competitor_url,
      status: "reading",
      error: null,
      comparison: null,
      updated_at: now,
    };
  }
  return next;
}

/** The parts of the draft an update changes, as the saved listing takes them over. */
function changedParts(edits: DraftEdits): Set<DraftPart> {
  const parts = new Set<DraftPart>();
  const fields = [
    ...Object.keys(edits.fields ?? {}),
    ...(edits.restore ?? []),
    ...(edits.regenerate ?? []),
  ];
  for (const name of fields) parts.add(`field:${name}`);
  if (edits.regenerate?.length) parts.add("not_found");
  if (edits.faqs) parts.add("faqs");
  if (edits.company_socials) parts.add("company_socials");
  if (edits.founders || edits.founder_socials) parts.add("founders");
  for (const section of Object.keys(edits.story ?? {})) parts.add(`story:${section}`);
  if (edits.milestones) parts.add("milestones");
  if (edits.seo) parts.add("seo");
  return parts;
}

/**
 * update_draft: applies the edits, redrafts `regenerate` fields from the evidence, saves once. On
 * a saved draft, the listing then takes over the parts the edits changed, and only those. With
 * `seal`, the answer is stored with the last commit: the listing's, or the draft's when the
 * listing does not change (saving the same edits again is harmless).
 */
export async function updateDraft(
  deps: Deps,
  caller: Caller,
  id: string,
  edits: DraftEdits,
  seal?: IdempotencySeal,
) {
  const current = (await requireOwnDraft(deps, caller, id)).value!;
  checkConsistency(edits);
  const categories = Array.isArray(edits.fields?.categories)
    ? await canonicalCategories(deps, edits.fields!.categories as string[])
    : undefined;
  if (edits.competitor_url) {
    try {
      edits = { ...edits, competitor_url: normalizeSubmitUrl(edits.competitor_url) };
    } catch {
      throw badRequest(
        `Invalid competitor_url "${edits.competitor_url}": expected a website address`,
        [
          { path: "competitor_url", message: "Expected a website address" },
        ],
      );
    }
  }
  if (edits.regenerate?.length && current.status !== "ready") {
    throw conflict(`Draft "${id}" is still ${current.status}: regenerate once it is ready`);
  }
  // Regeneration reads only the stored evidence, so it runs once, outside the save retries.
  const regenerated = edits.regenerate?.length
    ? await regenerateFields(deps, current, edits.regenerate)
    : null;
  const parts = changedParts(edits);
  const syncs = (draft: Draft) => draft.listing_id !== null && parts.size > 0;
  const saved = await updateDraftRecord(
    deps,
    id,
    (draft) => {
      let next = applyEdits(draft, edits, categories, deps.now().toISOString());
      if (regenerated) {
        next = applyProposal(next, regenerated.proposal, {
          only: edits.regenerate,
          dropped: regenerated.dropped,
        });
      }
      return next;
    },
    async (op, next) => {
      if (edits.competitor_url && next.competitor) queueCompetitorJob(op, id, next.competitor.url);
      if (seal && !syncs(next)) await seal(op, draftView(deps, next));
    },
  );
  if (!saved) throw notFound("draft", id);
  const view = draftView(deps, saved);
  if (syncs(saved)) {
    await syncSubmittedListing(deps, saved, parts, seal && ((op) => seal(op, view)));
  }
  return view;
}
