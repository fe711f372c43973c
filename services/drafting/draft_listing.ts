/**
 * submit_draft: saves a ready draft as a listing (status draft, not published). Submitting again,
 * or editing the draft afterwards, updates the same listing.
 */
import { listCategoryRecords } from "../../kv/categories.ts";
import { getFounderRecord, putFounder } from "../../kv/founders.ts";
import {
  blankListing,
  createListing,
  getListing,
  getListingByDomain,
  ListingConflictError,
  updateListingState,
} from "../../kv/listings.ts";
import { getDraftEntry } from "../../kv/drafts.ts";
import type { SplitEntry } from "../../kv/split_values.ts";
import {
  type Draft,
  type FounderStory,
  type Listing,
  type Socials,
  STAGES,
} from "../../kv/types.ts";
import type { IdempotencySeal } from "../access/idempotency.ts";
import { DRAFT_FIELDS, STORY_SECTIONS } from "./evidence.ts";
import type { Caller } from "../access/access.ts";
import type { Deps } from "../platform/deps.ts";
import { badRequest, conflict } from "../platform/errors.ts";
import { getSettings } from "../platform/settings.ts";
import { nextStepsAfterSave } from "../platform/publishing_routes.ts";
import { hasValue, notFoundOnWebsite, requireOwnDraft, updateDraftRecord } from "./drafts.ts";
import { slugify } from "../../kv/slugs.ts";
import { statesFullDate } from "./text.ts";

const str = (value: unknown): string | null => (hasValue(value) ? String(value).trim() : null);
const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** The listing fields a draft gives, with category names turned into slugs. */
async function listingFieldsOf(deps: Deps, draft: Draft) {
  const f = (name: string) => draft.fields[name]?.value;
  const categories = await listCategoryRecords(deps.kv);
  const slugs = list(f("categories"))
    .map((name) => categories.find((c) => c.name.toLowerCase() === name.toLowerCase())?.slug)
    .filter((s): s is string => Boolean(s));
  const stage = str(f("stage"))?.toLowerCase();
  const country = str(f("country"));
  const year = Number(str(f("founded_year"))?.match(/\b(1[89]\d\d|20\d\d|2100)\b/)?.[1]);
  const socials: Socials = {};
  for (const [key, record] of Object.entries(draft.company_socials)) {
    if (hasValue(record.value)) socials[key as keyof Socials] = String(record.value);
  }
  const story = Object.fromEntries(
    Object.entries(draft.story).filter(([, r]) => hasValue(r.value)).map((
      [k, r],
    ) => [k, String(r.value)]),
  );
  return {
    name: str(f("name")),
    primary: slugs[0] ?? null,
    fields: {
      url: draft.url,
      tagline: str(f("tagline")) ?? "",
      short_description: str(f("short_description")) ?? "",
      description: str(f("description")) ?? "",
      stage: stage && (STAGES as readonly string[]).includes(stage) ? stage : null,
      pricing_model: str(f("pricing_model")),
      pricing_summary: str(f("pricing_summary")),
      country: country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null,
      city: str(f("city")),
      founded_year: Number.isInteger(year) ? year : null,
      features: list(f("features")),
      usps: list(f("usps")),
      keywords: list(f("keywords")),
      tags: list(f("tags")),
      extra_categories: slugs.slice(1, 4),
      faqs: draft.faqs.map(({ question, answer }) => ({ question, answer })),
      socials,
      contact_email: str(f("contact_email")),
      demo_video_url: str(f("demo_video_url")),
      logo_url: str(f("logo_url")),
      seo_title: draft.seo.title,
      seo_description: draft.seo.meta,
      links: [{ label: "Website", url: draft.url }],
      not_found_on_website: notFoundOnWebsite(draft),
      story: Object.keys(story).length ? story : null,
      milestones: draft.milestones.filter(statedOrOwn).map((m, i) => ({
        id: i + 1,
        date: m.date,
        title: m.title,
        ...(m.description ? { description: m.description } : {}),
        ...(m.url ? { url: m.url } : {}),
      })),
      cofounder_ids: draft.founders.map((f) => f.user_id).filter((id): id is string => Boolean(id)),
    } satisfies Partial<Listing>,
  };
}

/**
 * A milestone the listing may carry: one a person wrote (no quotes), or one the AI drafted whose
 * quotes state its full date (a year or a month alone never becomes a made-up day).
 */
function statedOrOwn(m: Draft["milestones"][number]): boolean {
  return m.evidence.length === 0 ||
    statesFullDate(m.evidence.map((q) => q.quote).join(" | "), m.date);
}

/** A free founder slug for a name (`ada-lovelace`, `ada-lovelace-2`, ...). */
async function freeFounderSlug(deps: Deps, name: string): Promise<string> {
  const base = slugify(name);
  for (let n = 1;; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await getFounderRecord(deps.kv, slug))) return slug;
  }
}

/**
 * Founder profiles of the draft's founders for a listing: existing profiles of this listing are
 * reused by name, new names get new profiles, and names no longer on the draft lose the listing.
 */
async function syncFounders(deps: Deps, draft: Draft, listing: Listing): Promise<string[]> {
  const existing =
    (await Promise.all(listing.founder_slugs.map((s) => getFounderRecord(deps.kv, s))))
      .filter((f) => f !== null);
  const slugs: string[] = [];
  for (const [i, founder] of draft.founders.entries()) {
    const found = existing.find((f) => f.name === founder.name);
    const slug = found?.slug ?? await freeFounderSlug(deps, founder.name);
    await putFounder(deps.kv, {
      slug,
      name: founder.name,
      bio: founder.bio ?? found?.bio ?? "",
      country: found?.country ?? null,
      avatar_url: found?.avatar_url ?? null,
      // A co-founder's links found on the site fill a profile that has none of its own yet.
      socials: i === 0
        ? draft.founder_socials
        : Object.keys(found?.socials ?? {}).length > 0
        ? found!.socials
        : founder.socials ?? {},
      listing_ids: [...new Set([...(found?.listing_ids ?? []), listing.id])],
      user_id: founder.user_id ?? found?.user_id ?? (i === 0 ? draft.user_id : null),
      created_at: found?.created_at ?? deps.now().toISOString(),
    });
    slugs.push(slug);
  }
  for (const gone of existing.filter((f) => !slugs.includes(f.slug))) {
    await putFounder(deps.kv, {
      ...gone,
      listing_ids: gone.listing_ids.filter((id) => id !== listing.id),
    });
  }
  return slugs;
}

/**
 * What of a draft an edit changed, for the listing saved from it: `field:<name>` for a draft
 * field, `story:<section>` for a story section, and `faqs`, `company_socials`, `founders`,
 * `milestones`, `seo`, `not_found` (the AI's findings) for the other parts.
 */
export type DraftPart = string;

/** The draft part each listing field comes from (fields not named here come from `field:<same>`). */
const LISTING_FIELD_PART: Record<string, DraftPart> = {
  url: "url",
  links: "url",
  primary_category: "field:categories",
  extra_categories: "field:categories",
  faqs: "faqs",
  socials: "company_socials",
  seo_title: "seo",
  seo_description: "seo",
  not_found_on_website: "not_found",
  milestones: "milestones",
  cofounder_ids: "founders",
};

const partOfListingField = (field: string): DraftPart =>
  LISTING_FIELD_PART[field] ?? `field:${field}`;

/**
 * The parts of the listing a new submit of an already saved draft rewrites: all but the story and
 * the milestones, which after the first submit belong to the listing (set_founder_story,
 * add_milestone, delete_milestone) and change from the draft only when an edit carries them.
 */
function resubmitParts(): Set<DraftPart> {
  return new Set([
    ...Object.keys(LISTING_FIELD_PART).map(partOfListingField),
    ...DRAFT_FIELDS.map((f) => `field:${f}`),
    "founders",
  ].filter((p) => p !== "milestones"));
}

/** The listing's story with the draft's sections in `sections` (empty ones removed). */
function mergeStory(
  current: FounderStory | null,
  drafted: Record<string, string> | null,
  sections: string[],
): FounderStory | null {
  const next: Record<string, string> = { ...(current ?? {}) };
  for (const section of sections) {
    if (drafted?.[section]) next[section] = drafted[section];
    else delete next[section];
  }
  return Object.keys(next).length ? next as FounderStory : null;
}

/**
 * Writes a submitted draft's content to its listing: everything (`parts` omitted: the first save
 * and a finished redraft), or only the listing fields the changed `parts` of the draft give, so
 * that what the listing's own operations set (milestones, story) stays. `seal` joins the
 * listing's commit (the last of the effect; the founder profiles before it are safe to repeat).
 */
export async function syncSubmittedListing(
  deps: Deps,
  draft: Draft,
  parts?: ReadonlySet<DraftPart>,
  seal?: (op: Deno.AtomicOperation, listing: Listing) => Promise<void>,
): Promise<void> {
  const listing = draft.listing_id ? await getListing(deps.kv, draft.listing_id) : null;
  if (!listing) return;
  const wanted = (part: DraftPart) => !parts || parts.has(part);
  const founderSlugs = wanted("founders") ? await syncFounders(deps, draft, listing) : null;
  const storySections = STORY_SECTIONS.filter((s) => wanted(`story:${s}`));
  // The listing takes the draft as stored when it commits (checked), so that concurrent edits
  // leave the listing as the last saved draft.
  let draftEntry: SplitEntry<Draft> | null = null;
  await updateListingState(deps.kv, listing.id, async ({ listing: current, stats }) => {
    draftEntry = await getDraftEntry(deps.kv, draft.id);
    const mapped = await listingFieldsOf(deps, draftEntry.value ?? draft);
    const patch: Partial<Listing> = Object.fromEntries(
      Object.entries(mapped.fields).filter(([field]) =>
        field !== "story" && wanted(partOfListingField(field))
      ),
    );
    if (mapped.name && wanted("field:name")) patch.name = mapped.name;
    if (!mapped.primary || !wanted("field:categories")) {
      delete patch.primary_category;
      delete patch.extra_categories;
    } else patch.primary_category = mapped.primary;
    if (founderSlugs) patch.founder_slugs = founderSlugs;
    if (storySections.length) {
      patch.story = parts ? mergeStory(current.story, mapped.fields.story, storySections) : mapped
        .fields.story;
    }
    const next = { ...current, ...patch, updated_at: deps.now().toISOString() };
    return { listing: next, stats };
  }, async (op, _before, after) => {
    if (draftEntry) op.check(draftEntry);
    await seal?.(op, after.listing);
  });
}

/** submit_draft. */
export async function submitDraft(
  deps: Deps,
  caller: Caller,
  id: string,
  implemented: ReadonlySet<string>,
  seal?: IdempotencySeal,
) {
  const draft = (await requireOwnDraft(deps, caller, id)).value!;
  if (draft.status !== "ready") {
    throw conflict(`Draft "${id}" is still ${draft.status}: submit it once it is ready`);
  }
  const mapped = await listingFieldsOf(deps, draft);
  const details = [
    ...(mapped.name ? [] : [{ path: "fields.name", message: "A listing needs a name" }]),
    ...(mapped.primary ? [] : [{
      path: "fields.categories",
      message: "Choose at least one category from list_categories",
    }]),
  ];
  if (details.length) throw badRequest(`Draft "${id}" cannot be saved as a listing yet`, details);
  const firstSave = draft.listing_id === null;
  if (firstSave) {
    const listingId = await createOrAdoptListing(deps, caller, draft, mapped);
    await updateDraftRecord(
      deps,
      id,
      (d) =>
        d.listing_id !== null
          ? null
          : { ...d, listing_id: listingId, submitted_at: deps.now().toISOString() },
    );
  } else {
    await updateDraftRecord(deps, id, (d) => ({ ...d, submitted_at: deps.now().toISOString() }));
  }
  // The draft's listing as stored (a concurrent submit of the same draft may have saved it).
  const fresh = (await requireOwnDraft(deps, caller, id)).value!;
  const settings = await getSettings(deps.kv);
  const answer = (listing: Listing) => ({
    listing_id: listing.id,
    slug: listing.slug,
    status: listing.status,
    draft_id: id,
    next_steps: nextStepsAfterSave(settings, implemented),
  });
  await syncSubmittedListing(
    deps,
    fresh,
    firstSave ? undefined : resubmitParts(),
    seal && ((op, listing) => seal(op, answer(listing))),
  );
  return answer((await getListing(deps.kv, fresh.listing_id!))!);
}

/**
 * The listing of a draft's first save: a new one, or the caller's own unpublished listing of the
 * same website left by an earlier save of this draft that stopped before it was recorded (a
 * crash, or a concurrent submit of the same draft), so that a retried submit never makes two.
 */
async function createOrAdoptListing(
  deps: Deps,
  caller: Caller,
  draft: Draft,
  mapped: Awaited<ReturnType<typeof listingFieldsOf>>,
): Promise<number> {
  const input = blankListing({
    ...mapped.fields,
    name: mapped.name!,
    primary_category: mapped.primary!,
    owner_id: caller.userId,
  });
  try {
    return (await createListing(deps.kv, input, deps.now())).id;
  } catch (err) {
    if (!(err instanceof ListingConflictError)) throw err;
    const existing = await getListingByDomain(deps.kv, draft.url);
    if (existing && existing.owner_id === caller.userId && existing.status === "draft") {
      return existing.id;
    }
    const claimable = existing && existing.status !== "draft" && existing.status !== "removed";
    throw conflict(
      claimable
        ? `${err.message}: if you run it, claim it with claim_listing (slug "${existing.slug}")`
        : err.message,
    );
  }
}
