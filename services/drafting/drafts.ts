/**
 * Drafts: a listing drafted from the founder's website. Created by submit_listing in status
 * `crawling`; a queued job crawls (→ `drafting`) and drafts (→ `ready`). Every AI value carries
 * quotes from the site; people edit, lock, restore and regenerate fields.
 */
import {
  createDraft,
  getDraftEntry,
  getDrafts,
  listDraftIdsByUser,
  saveDraft,
} from "../../kv/drafts.ts";
import type { Draft, FieldRecord, FieldState, Quote } from "../../kv/types.ts";
import type { Caller } from "../access/access.ts";
import type { Deps } from "../platform/deps.ts";
import { badRequest, conflict, notFound } from "../platform/errors.ts";
import { backoff } from "../../kv/retry.ts";
import type { IdempotencySeal } from "../access/idempotency.ts";
import {
  DRAFT_FIELDS,
  type DraftFieldName,
  type DraftProposal,
  STORY_SECTIONS,
} from "./evidence.ts";
import { pageOf } from "../platform/paging.ts";
import { redraftFounders } from "./founder_merge.ts";
import { domainOf } from "../../kv/slugs.ts";

/** A field record that holds nothing yet. */
export function emptyRecord(): FieldRecord {
  return { value: null, state: "not_found", evidence: [], ai_value: null, ai_evidence: [] };
}

/** States in which the AI owns a field's value (a redraft may replace it). */
const AI_OWNED: ReadonlySet<FieldState> = new Set(["ai", "not_found"]);

/** Whether a value counts as present (non-empty string, list or number). */
export function hasValue(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * Normalises a submitted website address: adds https:// when no scheme is given; only http(s),
 * a host name with a dot (or localhost), no user name or password.
 */
export function normalizeSubmitUrl(input: string): string {
  const text = input.trim();
  const refuse = (why: string) =>
    badRequest(`Invalid url "${text}": ${why}`, [{ path: "url", message: why }]);
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw refuse("not a web address");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw refuse("only http and https addresses can be read");
  }
  if (url.username || url.password) {
    throw refuse("an address with a user name or password is not accepted");
  }
  if (!url.hostname.includes(".") && url.hostname !== "localhost") {
    throw refuse("the host name needs a domain, e.g. acme.com");
  }
  url.hash = "";
  return url.href;
}

/** A new draft of a website for a person, before any crawling. */
export function newDraft(userId: string, url: string, now: Date): Draft {
  const at = now.toISOString();
  return {
    id: crypto.randomUUID(),
    user_id: userId,
    url,
    domain: domainOf(url),
    status: "crawling",
    progress: {
      stage: "queued",
      message: "Waiting to read the website",
      pages_read: 0,
      pages_planned: 0,
      updated_at: at,
    },
    drafter: null,
    crawl: null,
    fields: Object.fromEntries(DRAFT_FIELDS.map((f) => [f, emptyRecord()])),
    faqs: [],
    founders: [],
    company_socials: {},
    founder_socials: {},
    story: {},
    milestones: [],
    edited_parts: [],
    competitor: null,
    seo: { title: null, meta: null },
    dropped: [],
    invites: [],
    listing_id: null,
    submitted_at: null,
    created_at: at,
    updated_at: at,
  };
}

/** submit_listing: a draft in status crawling, its job queued in the same write. */
export async function submitListing(
  deps: Deps,
  caller: Caller,
  url: string,
  seal?: IdempotencySeal,
) {
  const draft = newDraft(caller.userId, normalizeSubmitUrl(url), deps.now());
  const view = draftView(deps, draft);
  await createDraft(deps.kv, draft, seal && ((op) => seal(op, view)));
  return view;
}

/** The caller's draft with its version, or 404 (another account's draft is not revealed). */
export async function requireOwnDraft(deps: Deps, caller: Caller, id: string) {
  const entry = await getDraftEntry(deps.kv, id);
  if (!entry.value || entry.value.user_id !== caller.userId) throw notFound("draft", id);
  return entry;
}

/** get_draft. */
export async function getDraft(deps: Deps, caller: Caller, id: string) {
  return draftView(deps, (await requireOwnDraft(deps, caller, id)).value!);
}

/** list_my_drafts: newest first, with status and completeness. */
export async function listMyDrafts(
  deps: Deps,
  caller: Caller,
  query: { page: number; per_page: number },
) {
  const page = pageOf(await listDraftIdsByUser(deps.kv, caller.userId), query);
  const drafts = await getDrafts(deps.kv, page.items);
  return {
    ...page,
    items: drafts.map((d) => ({
      id: d.id,
      url: d.url,
      name: d.fields.name?.value ?? null,
      status: d.status,
      completeness: completenessOf(d).completeness,
      listing_id: d.listing_id,
      created_at: d.created_at,
      updated_at: d.updated_at,
    })),
  };
}

/** The parts completeness counts: the 18 fields, FAQs, founders and company socials. */
export function completenessOf(draft: Draft): { completeness: number; missing: string[] } {
  const parts: [string, boolean][] = [
    ...DRAFT_FIELDS.map((f): [string, boolean] => [f, hasValue(draft.fields[f]?.value)]),
    ["faqs", draft.faqs.length > 0],
    ["founders", draft.founders.length > 0],
    ["company_socials", Object.values(draft.company_socials).some((r) => hasValue(r.value))],
  ];
  const filled = parts.filter(([, ok]) => ok).length;
  return {
    completeness: Math.round((filled / parts.length) * 100),
    missing: parts.filter(([, ok]) => !ok).map(([name]) => name),
  };
}

/** Facts the website did not state: fields the AI looked for and left blank. */
export function notFoundOnWebsite(draft: Draft): DraftFieldName[] {
  if (draft.status !== "ready" || draft.crawl?.error) return [];
  return DRAFT_FIELDS.filter((f) => !hasValue(draft.fields[f]?.ai_value));
}

function recordView(record: FieldRecord) {
  return { value: record.value, state: record.state, evidence: record.evidence };
}

/** The draft as get_draft answers it. */
export function draftView(deps: Deps, draft: Draft) {
  const { completeness, missing } = completenessOf(draft);
  const base = deps.config.publicUrl;
  return {
    id: draft.id,
    url: draft.url,
    status: draft.status,
    progress: draft.progress,
    ...(draft.status !== "ready" ? { poll_after_seconds: 3 } : {}),
    drafter: draft.drafter,
    drafter_note: draft.drafter_note ?? null,
    fields: Object.fromEntries(
      DRAFT_FIELDS.map((f) => [f, recordView(draft.fields[f] ?? emptyRecord())]),
    ),
    faqs: draft.faqs,
    founders: draft.founders.map(({ user_id, ...f }) => ({
      ...f,
      added_by_cofounder: user_id !== null,
    })),
    company_socials: Object.fromEntries(
      Object.entries(draft.company_socials).map(([k, r]) => [k, recordView(r)]),
    ),
    founder_socials: draft.founder_socials,
    founder_social_evidence: draft.founder_social_evidence ?? {},
    story: Object.fromEntries(
      STORY_SECTIONS.filter((s) => draft.story[s]).map((s) => [s, recordView(draft.story[s])]),
    ),
    milestones: draft.milestones,
    competitor: draft.competitor,
    seo: draft.seo,
    completeness,
    missing,
    not_found_on_website: notFoundOnWebsite(draft),
    crawl: draft.crawl,
    dropped: draft.dropped,
    invites: draft.invites.map((i) => ({
      email: i.email,
      invited_at: i.invited_at,
      accepted: i.accepted_by !== null,
    })),
    listing_id: draft.listing_id,
    submitted_at: draft.submitted_at,
    ...(draft.listing_id
      ? { my_listing_url: `${base}/api/v1/me/listings/${draft.listing_id}` }
      : {}),
    created_at: draft.created_at,
    updated_at: draft.updated_at,
  };
}

/** An AI value as a field record owned by the AI. */
function aiRecord(value: unknown, evidence: Quote[]): FieldRecord {
  const present = hasValue(value);
  return {
    value: present ? value : null,
    state: present ? "ai" : "not_found",
    evidence: present ? evidence : [],
    ai_value: present ? value : null,
    ai_evidence: present ? evidence : [],
  };
}

/** Updates a record with a new AI value: the AI's copy always, the value only if the AI owns it (or `force`). */
function redraft(
  record: FieldRecord | undefined,
  value: unknown,
  evidence: Quote[],
  force: boolean,
): FieldRecord {
  const next = aiRecord(value, evidence);
  if (!record || force || AI_OWNED.has(record.state)) return next;
  return { ...record, ai_value: next.ai_value, ai_evidence: next.ai_evidence };
}

/**
 * Applies a drafter's proposal. Values a person edited, set, deleted or locked stay; with
 * `only` (regenerate) just those fields are redrafted, replacing whatever they held.
 */
export function applyProposal(
  draft: Draft,
  proposal: DraftProposal,
  options: { only?: DraftFieldName[]; dropped?: { field: string; reason: string }[] } = {},
): Draft {
  const only = options.only ? new Set<string>(options.only) : null;
  const next: Draft = structuredClone(draft);
  for (const field of DRAFT_FIELDS) {
    if (only && !only.has(field)) continue;
    const drafted = proposal.fields[field];
    next.fields[field] = redraft(
      next.fields[field],
      drafted?.value ?? null,
      drafted?.evidence ?? [],
      only !== null,
    );
  }
  if (!only) {
    if (!next.edited_parts.includes("faqs")) next.faqs = proposal.faqs;
    redraftFounders(next, proposal);
    if (!next.edited_parts.includes("milestones")) {
      next.milestones = proposal.milestones.map((m) => ({ ...m }));
    }
    if (proposal.seo && !next.edited_parts.includes("seo")) {
      next.seo = {
        title: typeof proposal.seo.title?.value === "string" ? proposal.seo.title.value : null,
        meta: typeof proposal.seo.meta?.value === "string" ? proposal.seo.meta.value : null,
      };
    }
    for (const [key, drafted] of Object.entries(proposal.company_socials)) {
      if (drafted) {
        next.company_socials[key] = redraft(
          next.company_socials[key],
          drafted.value,
          drafted.evidence,
          false,
        );
      }
    }
    for (const section of STORY_SECTIONS) {
      const drafted = proposal.story[section];
      if (drafted) {
        next.story[section] = redraft(next.story[section], drafted.value, drafted.evidence, false);
      }
    }
    next.dropped = options.dropped ?? [];
  } else if (options.dropped) {
    next.dropped = [...next.dropped.filter((d) => !only.has(d.field)), ...options.dropped];
  }
  return next;
}

const MAX_SAVE_ATTEMPTS = 30;

/**
 * Re-reads the draft and saves `change(draft)` if nothing else wrote it meanwhile, retrying on
 * a conflict (a person's edit) with the fresh draft after a jittered wait. Returns the saved
 * draft, or null when `change` declines (returns null) or the draft is gone; a draft that keeps
 * changing under the writer is a 409.
 */
export async function updateDraftRecord(
  deps: Deps,
  id: string,
  change: (draft: Draft) => Draft | null,
  extra?: (op: Deno.AtomicOperation, next: Draft) => void | Promise<void>,
): Promise<Draft | null> {
  for (let attempt = 0; attempt < MAX_SAVE_ATTEMPTS; attempt++) {
    const entry = await getDraftEntry(deps.kv, id);
    if (!entry.value) return null;
    const next = change(structuredClone(entry.value));
    if (!next) return null;
    next.updated_at = deps.now().toISOString();
    if (await saveDraft(deps.kv, entry, next, extra && ((op) => extra(op, next)))) return next;
    await backoff(attempt);
  }
  throw conflict(`Could not save draft "${id}": it kept changing under concurrent writes, retry`);
}
