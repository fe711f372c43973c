/**
 * submit_draft: saves a ready draft as a listing (status draft, not published). Submitting again,
 * or editing the draft afterwards, updates the same listing.
 */
import { listCategoryRecords } from "../../kv/categories.ts";
import { getFounderRecord, putFounder } from "../../kv/founders.ts";
import { blankListing, createListing, getListing, updateListing } from "../../kv/listings.ts";
import { type Draft, type Listing, type Socials, STAGES } from "../../kv/types.ts";
import type { Caller } from "../access/access.ts";
import type { Deps } from "../platform/deps.ts";
import { badRequest, conflict } from "../platform/errors.ts";
import { getSettings } from "../platform/settings.ts";
import { hasValue, notFoundOnWebsite, requireOwnDraft, updateDraftRecord } from "./drafts.ts";
import { slugify } from "../../kv/slugs.ts";

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
      milestones: draft.milestones.map((m, i) => ({
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
      socials: i === 0 ? draft.founder_socials : found?.socials ?? {},
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

/** Writes a submitted draft's current content to its listing (after edits or a redraft). */
export async function syncSubmittedListing(deps: Deps, draft: Draft): Promise<void> {
  const listing = draft.listing_id ? await getListing(deps.kv, draft.listing_id) : null;
  if (!listing) return;
  const mapped = await listingFieldsOf(deps, draft);
  const founderSlugs = await syncFounders(deps, draft, listing);
  await updateListing(deps.kv, listing.id, () => ({
    ...mapped.fields,
    ...(mapped.name ? { name: mapped.name } : {}),
    ...(mapped.primary ? { primary_category: mapped.primary } : {}),
    founder_slugs: founderSlugs,
  }), deps.now());
}

/** submit_draft. */
export async function submitDraft(deps: Deps, caller: Caller, id: string) {
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
  let listingId = draft.listing_id;
  if (listingId === null) {
    const input = blankListing({
      ...mapped.fields,
      name: mapped.name!,
      primary_category: mapped.primary!,
      owner_id: caller.userId,
    });
    const listing = await createListing(deps.kv, input, deps.now()).catch((err) => {
      if ((err as Error).name === "ListingConflictError") throw conflict((err as Error).message);
      throw err;
    });
    listingId = listing.id;
    const saved = await updateDraftRecord(
      deps,
      id,
      (d) =>
        d.listing_id !== null
          ? null
          : { ...d, listing_id: listingId, submitted_at: deps.now().toISOString() },
    );
    if (!saved) {
      // Another submit of the same draft won the race; this listing is not needed.
      await updateListing(deps.kv, listingId, () => ({ status: "removed" }), deps.now());
      listingId = (await requireOwnDraft(deps, caller, id)).value!.listing_id!;
    }
  } else {
    await updateDraftRecord(deps, id, (d) => ({ ...d, submitted_at: deps.now().toISOString() }));
  }
  const fresh = (await requireOwnDraft(deps, caller, id)).value!;
  await syncSubmittedListing(deps, fresh);
  const listing = (await getListing(deps.kv, listingId!))!;
  const settings = await getSettings(deps.kv);
  return {
    listing_id: listing.id,
    slug: listing.slug,
    status: listing.status,
    draft_id: id,
    next_steps:
      `The listing is saved, not published. Publish it for free with choose_free_listing (a launch week ${settings.free_queue_min_weeks} to ${settings.free_queue_max_weeks} weeks out, live once the badge is on your homepage), or order the 'launch' product with create_checkout.`,
  };
}
