/**
 * update_my_listing: an owner's or co-founder's edit of a listing. It publishes at once (the
 * public profile cache and the search index follow every listing write), is kept as a version
 * (who, when, the changed fields before and after) and is put on the site team's review list,
 * all in the listing's own atomic write.
 */
import { isDeepStrictEqual } from "node:util";
import { getListings, updateListingState } from "../../kv/listings.ts";
import {
  addListingVersion,
  discardUncommittedVersions,
  listEditReviews as readEditReviews,
  listListingVersions,
  type StagedVersion,
} from "../../kv/listing_versions.ts";
import { getUser } from "../../kv/users.ts";
import type { Faq, Listing, Socials } from "../../kv/types.ts";
import type { Caller } from "../access/access.ts";
import type { IdempotencySeal } from "../access/idempotency.ts";
import type { Deps } from "../platform/deps.ts";
import { badRequest, notFound } from "../platform/errors.ts";
import { isListingTeam, myListingView, requireOwnListing } from "./my_listings.ts";

/** Fields stored as given ("" stays ""). */
const TEXT_FIELDS = ["tagline", "short_description", "description"] as const;
/** Fields where an empty string removes the value (stored as null). */
const NULLABLE_TEXT_FIELDS = [
  "pricing_model",
  "pricing_summary",
  "city",
  "demo_video_url",
  "contact_email",
  "headline",
  "summary",
  "seo_title",
  "seo_description",
] as const;
const LIST_FIELDS = ["features", "usps", "keywords"] as const;

type TextField = typeof TEXT_FIELDS[number] | typeof NULLABLE_TEXT_FIELDS[number] | "country";

/** The body of update_my_listing, as its schema (routes/api/v1/schemas.ts) validated it. */
export interface ListingEdit {
  fields?:
    & { [K in TextField]?: string }
    & { [K in typeof LIST_FIELDS[number]]?: string[] }
    & { founded_year?: number | null };
  /** Replaces all socials; an empty link is left out. */
  socials?: Socials;
  /** Replaces all FAQs. */
  faqs?: Faq[];
}

/** The listing fields an edit sets, with the values they will hold. */
function patchOf(edit: ListingEdit): Partial<Listing> {
  const fields = edit.fields ?? {};
  const patch: Record<string, unknown> = {};
  for (const key of [...TEXT_FIELDS, ...LIST_FIELDS]) {
    if (fields[key] !== undefined) patch[key] = fields[key];
  }
  for (const key of NULLABLE_TEXT_FIELDS) {
    if (fields[key] !== undefined) patch[key] = fields[key] || null;
  }
  if (fields.country !== undefined) patch.country = fields.country.toUpperCase() || null;
  if (fields.founded_year !== undefined) patch.founded_year = fields.founded_year;
  if (edit.socials) {
    patch.socials = Object.fromEntries(Object.entries(edit.socials).filter(([, link]) => link));
  }
  if (edit.faqs) patch.faqs = edit.faqs;
  return patch as Partial<Listing>;
}

function pick(listing: Listing, fields: string[]): Partial<Listing> {
  const record = listing as unknown as Record<string, unknown>;
  return Object.fromEntries(fields.map((f) => [f, record[f]])) as Partial<Listing>;
}

/**
 * update_my_listing: applies the edit (fields set, socials and FAQs replaced) and answers the
 * owner's view of the listing with `edit`: the version it made and the fields it changed (none,
 * and no version, when nothing differed). Co-founders may edit; another account gets a 404.
 */
export async function updateMyListing(
  deps: Deps,
  caller: Caller,
  id: number,
  edit: ListingEdit,
  seal?: IdempotencySeal,
) {
  await requireOwnListing(deps, caller, id);
  const patch = patchOf(edit);
  const editedAt = deps.now().toISOString();
  const staged: StagedVersion[] = [];
  let changed: string[] = [];
  let version: number | null = null;
  let sealed: unknown = null;
  const answer = async (listing: Listing) => ({
    ...(await myListingView(deps, listing)),
    edit: { version, changed_fields: changed, edited_at: version === null ? null : editedAt },
  });
  try {
    const state = await updateListingState(deps.kv, id, ({ listing, stats }) => {
      if (listing.status === "removed" || !isListingTeam(listing, caller.userId)) {
        throw notFound("listing", id);
      }
      const current = listing as unknown as Record<string, unknown>;
      const next = patch as Record<string, unknown>;
      changed = Object.keys(next).filter((k) => !isDeepStrictEqual(current[k] ?? null, next[k]));
      version = null;
      if (changed.length === 0) return null;
      return { listing: { ...listing, ...patch, updated_at: editedAt }, stats };
    }, async (op, before, after) => {
      const added = await addListingVersion(deps.kv, op, {
        listing_id: id,
        user_id: caller.userId,
        via: editedVia(caller),
        edited_at: editedAt,
        before: pick(before.listing, changed),
        after: pick(after.listing, changed),
      });
      staged.push(added);
      version = added.version;
      if (seal) await seal(op, sealed = await answer(after.listing));
    });
    if (!state) throw notFound("listing", id);
    return version !== null && sealed ? sealed : await answer(state.listing);
  } finally {
    await discardUncommittedVersions(deps.kv, staged);
  }
}

/** How many edits the review list shows at most per page. */
export const EDIT_REVIEWS_MAX = 100;

/**
 * The site team's review list of listing edits, newest first: each with the listing, who edited
 * it (account and credential), when, and the changed fields before and after. `cursor` continues
 * from the previous page's `next_cursor`.
 */
export async function listEditReviews(deps: Deps, options: { limit: number; cursor?: string }) {
  const page = await readEditReviews(deps.kv, options).catch((err) => {
    if (options.cursor && err instanceof TypeError) {
      throw badRequest(`Invalid cursor "${options.cursor.slice(0, 100)}": use next_cursor`, [
        { path: "cursor", message: "Not a cursor of this list" },
      ]);
    }
    throw err;
  });
  const listingIds = [...new Set(page.items.map((v) => v.listing_id))];
  const userIds = [...new Set(page.items.map((v) => v.user_id))];
  const [listings, emailById] = await Promise.all([
    getListings(deps.kv, listingIds),
    emailsOf(deps, userIds),
  ]);
  const listingById = new Map(listings.map((l) => [l.id, l]));
  return {
    items: page.items.map((v) => {
      const listing = listingById.get(v.listing_id);
      return {
        listing: { id: v.listing_id, slug: listing?.slug ?? null, name: listing?.name ?? null },
        version: v.version,
        edited_at: v.edited_at,
        edited_by: { user_id: v.user_id, email: emailById.get(v.user_id) ?? null, via: v.via },
        changed_fields: Object.keys(v.after),
        before: v.before,
        after: v.after,
      };
    }),
    next_cursor: page.cursor,
  };
}

/**
 * The version history of one of the caller's listings, newest first: each edit with who made it
 * (account e-mail and credential), when, and its changed fields before and after. 404 for another
 * account's listing, as get_my_listing.
 */
export async function listMyListingVersions(deps: Deps, caller: Caller, id: number) {
  await requireOwnListing(deps, caller, id);
  const versions = (await listListingVersions(deps.kv, id)).reverse();
  const emailById = await emailsOf(deps, [...new Set(versions.map((v) => v.user_id))]);
  return versions.map((v) => ({
    version: v.version,
    edited_at: v.edited_at,
    edited_by: { user_id: v.user_id, email: emailById.get(v.user_id) ?? null, via: v.via },
    changes: Object.keys(v.after).map((field) => ({
      field,
      before: (v.before as Record<string, unknown>)[field] ?? null,
      after: (v.after as Record<string, unknown>)[field] ?? null,
    })),
  }));
}

/** The e-mail address of each account that still exists, by id. */
async function emailsOf(deps: Deps, userIds: string[]): Promise<Map<string, string>> {
  const users = await Promise.all(userIds.map((u) => getUser(deps.kv, u)));
  return new Map(users.filter((u) => u !== null).map((u) => [u.id, u.email]));
}

/** How an edit was made, as the version history names it. */
function editedVia(caller: Caller): string {
  if (caller.via === "web") return "the website";
  return `${caller.via === "api_key" ? "API key" : "app"} "${caller.credentialName}"`;
}
