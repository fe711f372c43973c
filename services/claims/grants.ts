/**
 * What a verified claim grants. A listing without an owner passes to the claimant (and becomes
 * verified) in the same atomic write as the claim; a listing with another owner is not taken
 * away: the claim is verified and opens a review on the site team's list, whose decision
 * (`decideClaim`: co-owner, transfer or decline) is again one atomic write of listing and claim,
 * mailed with its reason to both people. Ownership changes go through `updateListingState`, so
 * the owner index (list_my_listings) stays right. Verified does not mean paid: the plan is left.
 */
import {
  getClaimEntry,
  getClaims,
  listReviewClaimIds,
  putClaim,
  stageClaimWrite,
} from "../../kv/claims.ts";
import { getListingEntry, getListings, updateListingState } from "../../kv/listings.ts";
import { backoff } from "../../kv/retry.ts";
import { getUser } from "../../kv/users.ts";
import type { Claim, ClaimCheck, ClaimReview, Listing, User } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { badRequest, conflict, notFound } from "../platform/errors.ts";
import { sendMail } from "../platform/mail.ts";
import { isListingTeam } from "../directory/my_listings.ts";

/** Adds to a claim's commit (e.g. the Idempotency-Key's answer, built from the stored claim). */
export type ClaimSeal = (op: Deno.AtomicOperation, claim: Claim) => Promise<void>;

/** Thrown inside a listing write when the claim changed meanwhile: the write is abandoned. */
class ClaimMoved extends Error {}

const MAX_ATTEMPTS = 30;

/**
 * Applies a found proof to a pending claim: verified, and the listing passes to the claimant when
 * it has no owner (or is already theirs), else a review opens. Returns the claim as stored; a
 * claim no longer pending (e.g. confirmed twice at once) is returned as it is.
 */
export async function grantClaim(
  deps: Deps,
  claimId: number,
  check: ClaimCheck,
  options: { countAttempt: boolean; seal?: ClaimSeal },
): Promise<Claim | null> {
  const verify = (claim: Claim): Claim => ({
    ...claim,
    status: "verified",
    verified_at: check.at,
    last_check: check,
    attempts: claim.attempts + (options.countAttempt ? 1 : 0),
  });
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const entry = await getClaimEntry(deps.kv, claimId);
    const claim = entry.value;
    if (!claim || claim.status !== "pending") return claim;
    const listingEntry = await getListingEntry(deps.kv, claim.listing_id);
    const listing = listingEntry.value;
    if (listing && (!listing.owner_id || isListingTeam(listing, claim.user_id))) {
      let stored: Claim | null = null;
      try {
        await updateListingState(deps.kv, listing.id, ({ listing: l, stats }) => {
          if (l.owner_id && !isListingTeam(l, claim.user_id)) return null; // owned meanwhile
          const owner = l.owner_id ?? claim.user_id;
          return {
            listing: {
              ...l,
              owner_id: owner,
              cofounder_ids: l.cofounder_ids.filter((id) => id !== owner),
              verified: true,
              updated_at: check.at,
            },
            stats,
          };
        }, async (op) => {
          const fresh = await getClaimEntry(deps.kv, claimId);
          if (fresh.value?.status !== "pending") throw new ClaimMoved();
          stored = verify(fresh.value);
          stageClaimWrite(op, fresh, stored);
          await options.seal?.(op, stored);
        });
      } catch (err) {
        if (!(err instanceof ClaimMoved)) throw err;
        continue;
      }
      if (stored) return stored;
      continue; // the listing got an owner meanwhile: a review next time round
    }
    const review: ClaimReview = {
      state: "open",
      reason: null,
      decided_by: null,
      decided_at: null,
      opened_at: check.at,
    };
    const next: Claim = { ...verify(claim), review: listing ? review : null };
    const ok = await putClaim(deps.kv, entry, next, async (op) => {
      op.check(listingEntry);
      await options.seal?.(op, next);
    });
    if (ok) return next;
    await backoff(attempt);
  }
  throw conflict(`Claim ${claimId} changed while it was verified: retry`);
}

/** The site team's decision on a claim under review. */
export interface ClaimDecision {
  decision: "co_owner" | "transfer" | "decline";
  reason: string;
  /** The email of the site team member deciding. */
  decidedBy: string;
}

const STATES = { co_owner: "co_owner", transfer: "transferred", decline: "declined" } as const;
/** Longest reason accepted (it is mailed). */
export const DECISION_REASON_MAX = 2000;

function validateDecision(input: ClaimDecision): void {
  const details = [
    ...(input.decision in STATES
      ? []
      : [{ path: "decision", message: "Expected co_owner, transfer or decline" }]),
    ...(input.reason.trim() && input.reason.length <= DECISION_REASON_MAX
      ? []
      : [{ path: "reason", message: `1 to ${DECISION_REASON_MAX} characters` }]),
    ...(input.decidedBy.trim() ? [] : [{ path: "decided_by", message: "Required" }]),
  ];
  if (details.length) throw badRequest("Check the decision", details);
}

/** The listing as the decision leaves it (co-owner: added; transfer: owner, old owner co-founder). */
function decidedListing(listing: Listing, claim: Claim, input: ClaimDecision): Listing {
  const uid = claim.user_id;
  const others = listing.cofounder_ids.filter((id) => id !== uid);
  if (input.decision === "co_owner") {
    const cofounders = listing.owner_id === uid ? others : [...others, uid];
    return { ...listing, cofounder_ids: cofounders, verified: true };
  }
  const old = listing.owner_id;
  return {
    ...listing,
    owner_id: uid,
    cofounder_ids: old && old !== uid && !others.includes(old) ? [...others, old] : others,
    verified: true,
  };
}

/**
 * decideClaim: the site team's decision on a claim under review, in one atomic write of the claim
 * and (co_owner, transfer) the listing, checked against the versions read; the reason is mailed to
 * the claimant and the listing's owner. 404 for an unknown claim, 409 when it is not under an open
 * review (a second decision), 400 for an invalid decision or reason.
 */
export async function decideClaim(deps: Deps, claimId: number, input: ClaimDecision) {
  validateDecision(input);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const entry = await getClaimEntry(deps.kv, claimId);
    const claim = entry.value;
    if (!claim) throw notFound("claim", claimId);
    if (claim.review?.state !== "open") {
      throw conflict(
        `Claim ${claimId} is not under an open review (${claim.review?.state ?? "none"})`,
      );
    }
    const at = deps.now().toISOString();
    const next: Claim = {
      ...claim,
      status: input.decision === "decline" ? "failed" : "verified",
      review: {
        ...claim.review,
        state: STATES[input.decision],
        reason: input.reason.trim(),
        decided_by: input.decidedBy.trim(),
        decided_at: at,
      },
    };
    const listingEntry = await getListingEntry(deps.kv, claim.listing_id);
    const before = listingEntry.value;
    if (!before) throw conflict(`The listing of claim ${claimId} no longer exists`);
    let ok: boolean;
    if (input.decision === "decline") {
      ok = await putClaim(deps.kv, entry, next, (op) => void op.check(listingEntry));
    } else {
      ok = false;
      try {
        await updateListingState(deps.kv, before.id, ({ listing, stats }) => ({
          listing: { ...decidedListing(listing, claim, input), updated_at: at },
          stats,
        }), async (op) => {
          const fresh = await getClaimEntry(deps.kv, claimId);
          if (fresh.versionstamp !== entry.versionstamp) throw new ClaimMoved();
          stageClaimWrite(op, fresh, next);
          ok = true;
        });
      } catch (err) {
        if (!(err instanceof ClaimMoved)) throw err;
      }
    }
    if (ok) {
      await mailDecision(deps, next, before, input);
      return (await reviewItems(deps, [next]))[0];
    }
    await backoff(attempt);
  }
  throw conflict(`Claim ${claimId} changed while it was decided: retry`);
}

async function mailDecision(deps: Deps, claim: Claim, listing: Listing, input: ClaimDecision) {
  const [claimant, owner] = await Promise.all([
    getUser(deps.kv, claim.user_id),
    listing.owner_id ? getUser(deps.kv, listing.owner_id) : null,
  ]);
  const who = claimant?.email ?? "the claimant";
  const name = listing.name;
  const outcome = {
    co_owner: [`You are now a co-owner of ${name}`, `${who} is now a co-owner of ${name}`],
    transfer: [`${name} was transferred to you`, `${name} was transferred to ${who}`],
    decline: [`Your claim of ${name} was declined`, `A claim of ${name} by ${who} was declined`],
  }[input.decision];
  const text = (line: string) =>
    `${line} on Launch Directory, by the site team's decision on claim ${claim.id} (proof of running ${claim.domain}).\n\nReason: ${claim.review?.reason}\n\nThe listing: ${deps.config.publicUrl}/listings/${listing.slug}\n`;
  const mails: [User | null, string][] = [[claimant, outcome[0]], [owner, outcome[1]]];
  for (const [user, subject] of mails) {
    if (!user) continue;
    try {
      await sendMail(deps, { to: user.email, subject, text: text(subject) });
    } catch (err) {
      // The decision is committed; a mail that cannot be stored must not undo it.
      console.error(`Cannot mail "${user.email}" about claim ${claim.id}:`, err);
    }
  }
}

/** The listings of some claims, by id (listings gone since are left out). */
export async function listingsOf(deps: Deps, claims: Claim[]): Promise<Map<number, Listing>> {
  const ids = [...new Set(claims.map((c) => c.listing_id))];
  return new Map((await getListings(deps.kv, ids)).map((l) => [l.id, l]));
}

/** A person as the review page shows them. */
const personOf = (user: User | null | undefined) =>
  user ? { id: user.id, email: user.email, name: user.name } : null;

/** Claims with their claimant and listing (owner included), as the site team's page reads them. */
async function reviewItems(deps: Deps, claims: Claim[]) {
  const listings = await listingsOf(deps, claims);
  const userIds = new Set<string>();
  for (const c of claims) {
    userIds.add(c.user_id);
    const owner = listings.get(c.listing_id)?.owner_id;
    if (owner) userIds.add(owner);
  }
  const users = new Map(
    (await Promise.all([...userIds].map((id) => getUser(deps.kv, id))))
      .filter((u): u is User => u !== null).map((u) => [u.id, u]),
  );
  return claims.map((c) => {
    const l = listings.get(c.listing_id);
    return {
      id: c.id,
      status: c.status,
      method: c.method,
      domain: c.domain,
      email: c.email,
      created_at: c.created_at,
      verified_at: c.verified_at,
      last_check: c.last_check,
      review: c.review!,
      claimant: personOf(users.get(c.user_id)),
      listing: {
        id: c.listing_id,
        slug: l?.slug ?? c.slug,
        name: l?.name ?? c.slug,
        url: l?.url ?? null,
        verified: l?.verified ?? false,
        owner: personOf(l?.owner_id ? users.get(l.owner_id) : null),
        cofounder_ids: l?.cofounder_ids ?? [],
      },
    };
  });
}
export type ReviewClaim = Awaited<ReturnType<typeof reviewItems>>[number];

/** listReviewClaims: the claims whose review is open, oldest first, for the site team's page. */
export async function listReviewClaims(deps: Deps): Promise<ReviewClaim[]> {
  return await reviewItems(deps, await getClaims(deps.kv, await listReviewClaimIds(deps.kv)));
}
