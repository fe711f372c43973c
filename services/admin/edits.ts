/**
 * Owners' edits in the console: each update_my_listing version with the team's decision. Accept
 * (the default) marks it reviewed; revert puts the changed fields back to their before values as a
 * new version, through the listing's own write (indexes, search and caches follow), with the
 * decision and the audit entry in the same atomic commit, and mails the owner the reason.
 *
 * A revert is refused (409) when any of the edit's fields changed again since: the team reverts
 * the later edit first, so a revert never mixes two owners' states. A decision is final.
 */
import { isDeepStrictEqual } from "node:util";
import { stageAudit } from "../../kv/audit.ts";
import {
  type EditDecision,
  editRef,
  getEditDecisions,
  stageEditDecision,
} from "../../kv/console.ts";
import { type ListingState, updateListingState } from "../../kv/listings.ts";
import {
  addListingVersion,
  discardUncommittedVersions,
  getListingVersion,
  type ListingVersion,
  type StagedVersion,
} from "../../kv/listing_versions.ts";
import { getUser } from "../../kv/users.ts";
import type { Listing } from "../../kv/types.ts";
import { listEditReviews } from "../directory/mod.ts";
import type { Deps } from "../platform/deps.ts";
import { conflict, notFound } from "../platform/errors.ts";
import { sendMail } from "../platform/mail.ts";
import { auditEntry, requiredReason } from "./audit.ts";

/** How the version history names an edit the team made. */
export const TEAM_VIA = "the site team";

/** A page of the review list, newest first, each version with the team's decision (or null). */
export async function editReviewPage(deps: Deps, options: { limit: number; cursor?: string }) {
  const page = await listEditReviews(deps, options);
  const decisions = await getEditDecisions(
    deps.kv,
    page.items.map((i) => ({ listing_id: i.listing.id, version: i.version })),
  );
  return {
    items: page.items.map((i) => ({
      ...i,
      decision: decisions.get(editRef({ listing_id: i.listing.id, version: i.version })) ?? null,
    })),
    next_cursor: page.next_cursor,
  };
}

/** One item of `editReviewPage`. */
export type EditReviewItem = Awaited<ReturnType<typeof editReviewPage>>["items"][number];

/** Who acts in the console: the team member's email and account id. */
export interface TeamActor {
  email: string;
  userId: string;
}

async function versionOrThrow(deps: Deps, listingId: number, version: number) {
  const found = await getListingVersion(deps.kv, listingId, version);
  if (!found) throw notFound("edit", `${listingId}:${version}`);
  const decided = (await getEditDecisions(deps.kv, [found])).get(editRef(found));
  if (decided) throw alreadyDecided(decided);
  return found;
}

function alreadyDecided(d: EditDecision) {
  return conflict(`Version ${d.version} of this listing was already ${d.decision} by ${d.by}`);
}

/** Accept: the edit stays; marked reviewed with an "edit.accept" audit entry, in one commit. */
export async function acceptEdit(
  deps: Deps,
  actor: TeamActor,
  listingId: number,
  version: number,
): Promise<EditDecision> {
  const found = await versionOrThrow(deps, listingId, version);
  const decision: EditDecision = {
    listing_id: listingId,
    version,
    decision: "accepted",
    by: actor.email,
    at: deps.now().toISOString(),
    reason: null,
  };
  const op = deps.kv.atomic();
  stageEditDecision(op, decision);
  stageAudit(
    op,
    auditEntry(deps, {
      by: actor.email,
      action: "edit.accept",
      target: { type: "listing", id: String(listingId) },
      reason: null,
      detail: { version, fields: Object.keys(found.after) },
    }),
  );
  if (!(await op.commit()).ok) throw conflict(`Version ${version} was decided meanwhile`);
  return decision;
}

/** The fields of the edit whose value is no longer what the edit made it. */
function changedSince(listing: Listing, edit: ListingVersion): string[] {
  const now = listing as unknown as Record<string, unknown>;
  const after = edit.after as Record<string, unknown>;
  return Object.keys(after).filter((f) => !isDeepStrictEqual(now[f] ?? null, after[f] ?? null));
}

function pick(listing: Listing, fields: string[]): Partial<Listing> {
  const record = listing as unknown as Record<string, unknown>;
  return Object.fromEntries(fields.map((f) => [f, record[f] ?? null])) as Partial<Listing>;
}

/**
 * Revert: the edit's fields back to their before values, as a new version by the team; 400
 * without a reason, 404 for an unknown version, 409 when it was decided already, when the listing
 * is removed, or when a field changed again since (named in the message).
 */
export async function revertEdit(
  deps: Deps,
  actor: TeamActor,
  input: { listingId: number; version: number; reason: unknown },
) {
  const reason = requiredReason(input.reason);
  const edit = await versionOrThrow(deps, input.listingId, input.version);
  const fields = Object.keys(edit.after);
  const at = deps.now().toISOString();
  const staged: StagedVersion[] = [];
  let revertVersion = 0;
  const audit = (v: number) =>
    auditEntry(deps, {
      by: actor.email,
      action: "edit.revert",
      target: { type: "listing", id: String(input.listingId) },
      reason,
      detail: { version: input.version, revert_version: v, fields },
    });
  const change = ({ listing, stats }: ListingState): ListingState => {
    if (listing.status === "removed") throw conflict("The listing is removed: restore it first");
    const moved = changedSince(listing, edit);
    if (moved.length > 0) {
      throw conflict(
        `Cannot revert version ${edit.version}: ${moved.join(", ")} changed again since; ` +
          "revert the later edit first",
      );
    }
    return { listing: { ...listing, ...edit.before, updated_at: at }, stats };
  };
  try {
    const state = await updateListingState(deps.kv, input.listingId, change, async (op, b, a) => {
      const decided = (await getEditDecisions(deps.kv, [edit])).get(editRef(edit));
      if (decided) throw alreadyDecided(decided);
      const added = await addListingVersion(deps.kv, op, {
        listing_id: input.listingId,
        user_id: actor.userId,
        via: TEAM_VIA,
        edited_at: at,
        before: pick(b.listing, fields),
        after: pick(a.listing, fields),
      });
      staged.push(added);
      revertVersion = added.version;
      const base = { listing_id: input.listingId, by: actor.email, at, reason };
      stageEditDecision(op, {
        ...base,
        version: edit.version,
        decision: "reverted",
        revert_version: added.version,
      });
      stageEditDecision(op, { ...base, version: added.version, decision: "team" });
      stageAudit(op, audit(added.version));
    });
    if (!state) throw notFound("listing", input.listingId);
    await mailRevert(deps, state.listing, edit, reason);
    return { listing: state.listing, version: revertVersion, fields };
  } finally {
    await discardUncommittedVersions(deps.kv, staged);
  }
}

/** Mails the listing's owner the reverted fields and the reason (no owner: no mail). */
async function mailRevert(deps: Deps, listing: Listing, edit: ListingVersion, reason: string) {
  const owner = listing.owner_id ? await getUser(deps.kv, listing.owner_id) : null;
  if (!owner) return;
  await sendMail(deps, {
    to: owner.email,
    subject: `Your edit of ${listing.name} was reverted`,
    text: [
      `The site team reverted an edit of ${listing.name} (version ${edit.version}, ` +
      `${edit.edited_at}).`,
      `Fields put back to their earlier values: ${Object.keys(edit.after).join(", ")}.`,
      "",
      `Reason: ${reason}`,
      "",
      `Your listing: ${new URL(`/listings/${listing.slug}`, deps.config.publicUrl)}`,
    ].join("\n"),
  });
}
