/**
 * Removing and restoring listings from the console. A removal sets status `removed` through the
 * listing's own write (its board entries, status index and category counts go in the same commit;
 * the search index and profile cache follow the write), keeps the status it had so that a restore
 * puts it back, records the audit entry and the public moderation log entry (no identities) in
 * the same commit, and mails the owner the reason.
 */
import { stageAudit } from "../../kv/audit.ts";
import {
  getListingRemoval,
  type ListingRemoval,
  stageListingRemoval,
  stageRemovalCleared,
} from "../../kv/console.ts";
import {
  getListingBySlug,
  getListings,
  type ListingState,
  listListingIdsByStatus,
  updateListingState,
} from "../../kv/listings.ts";
import { getUser } from "../../kv/users.ts";
import { type Listing, LISTING_STATUSES } from "../../kv/types.ts";
import { newModerationEntry, stageModerationLog } from "../community/mod.ts";
import type { Deps } from "../platform/deps.ts";
import { badRequest, conflict, notFound } from "../platform/errors.ts";
import { sendMail } from "../platform/mail.ts";
import { auditEntry, requiredReason } from "./audit.ts";
import type { TeamActor } from "./edits.ts";

/** How many listings a search shows at most. */
export const LISTING_MATCHES_MAX = 50;

/**
 * Listings whose slug, name or domain contains `query` (case-insensitive; an exact slug first),
 * in every status; without a query, the removed listings.
 */
export async function findListings(deps: Deps, query: string): Promise<Listing[]> {
  const q = query.trim().toLowerCase();
  if (q.length > 200) {
    throw badRequest("Search for at most 200 characters", [{ path: "q", message: "At most 200" }]);
  }
  const statuses = q === "" ? ["removed" as const] : LISTING_STATUSES;
  const ids = (await Promise.all(statuses.map((s) => listListingIdsByStatus(deps.kv, s)))).flat();
  const listings = await getListings(deps.kv, ids);
  const matches = q === ""
    ? listings
    : listings.filter((l) =>
      [l.slug, l.name.toLowerCase(), l.domain.toLowerCase()].some((text) => text.includes(q))
    );
  const rank = (l: Listing) => (l.slug === q ? 0 : 1);
  return matches.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name))
    .slice(0, LISTING_MATCHES_MAX);
}

/** The removal record of a removed listing, for the page (null when there is none). */
export async function removalOf(deps: Deps, id: number): Promise<ListingRemoval | null> {
  return (await getListingRemoval(deps.kv, id)).value;
}

async function listingBySlug(deps: Deps, slug: string): Promise<Listing> {
  const listing = await getListingBySlug(deps.kv, slug);
  if (!listing) throw notFound("listing", slug);
  return listing;
}

/** Remove: status `removed` with the reason; 409 when it is removed already. */
export async function removeListing(
  deps: Deps,
  actor: TeamActor,
  input: { slug: string; reason: unknown },
): Promise<Listing> {
  const reason = requiredReason(input.reason);
  const { id } = await listingBySlug(deps, input.slug);
  const at = deps.now().toISOString();
  let previous: Listing["status"] = "draft";
  const change = ({ listing, stats }: ListingState): ListingState => {
    if (listing.status === "removed") throw conflict(`${listing.name} is removed already`);
    previous = listing.status;
    return { listing: { ...listing, status: "removed", updated_at: at }, stats };
  };
  const state = await updateListingState(deps.kv, id, change, (op, before) => {
    stageListingRemoval(op, {
      listing_id: id,
      previous_status: before.listing.status,
      by: actor.email,
      at,
      reason,
    });
    stageAudit(op, statusAudit(deps, actor, "listing.remove", before.listing, "removed", reason));
    stageModerationLog(op, newModerationEntry(deps, "listing_removed", before.listing, { reason }));
  });
  if (!state) throw notFound("listing", input.slug);
  await mailOwner(deps, state.listing, "removed from", previous, reason);
  return state.listing;
}

/** Restore: back to the status it had before its removal; 409 when it is not removed. */
export async function restoreListing(
  deps: Deps,
  actor: TeamActor,
  input: { slug: string; reason: unknown },
): Promise<Listing> {
  const reason = requiredReason(input.reason);
  const { id } = await listingBySlug(deps, input.slug);
  const at = deps.now().toISOString();
  let removal: Deno.KvEntryMaybe<ListingRemoval> | null = null;
  const change = async ({ listing, stats }: ListingState): Promise<ListingState> => {
    if (listing.status !== "removed") throw conflict(`${listing.name} is not removed`);
    removal = await getListingRemoval(deps.kv, id);
    const status = removal.value?.previous_status;
    if (!status) {
      throw conflict(`${listing.name} was not removed from the console: no status to restore`);
    }
    return { listing: { ...listing, status, updated_at: at }, stats };
  };
  const state = await updateListingState(deps.kv, id, change, (op, before, after) => {
    stageRemovalCleared(op, removal!);
    stageAudit(
      op,
      statusAudit(deps, actor, "listing.restore", before.listing, after.listing.status, reason),
    );
    stageModerationLog(op, newModerationEntry(deps, "listing_restored", after.listing, { reason }));
  });
  if (!state) throw notFound("listing", input.slug);
  await mailOwner(deps, state.listing, "restored to", state.listing.status, reason);
  return state.listing;
}

function statusAudit(
  deps: Deps,
  actor: TeamActor,
  action: string,
  listing: Listing,
  to: Listing["status"],
  reason: string,
) {
  return auditEntry(deps, {
    by: actor.email,
    action,
    target: { type: "listing", id: String(listing.id) },
    reason,
    detail: { slug: listing.slug, name: listing.name, from: listing.status, to },
  });
}

/** Mails the owner what happened and why (no owner: no mail). */
async function mailOwner(
  deps: Deps,
  listing: Listing,
  what: "removed from" | "restored to",
  status: Listing["status"],
  reason: string,
) {
  const owner = listing.owner_id ? await getUser(deps.kv, listing.owner_id) : null;
  if (!owner) return;
  const removed = what === "removed from";
  await sendMail(deps, {
    to: owner.email,
    subject: `${listing.name} was ${what} the directory`,
    text: [
      removed
        ? `The site team removed ${listing.name} from the directory: its page, the boards and ` +
          "search no longer show it."
        : `The site team restored ${listing.name} (status ${status}).`,
      "",
      `Reason: ${reason}`,
      ...(removed ? [] : ["", `${new URL(`/listings/${listing.slug}`, deps.config.publicUrl)}`]),
    ].join("\n"),
  });
}
