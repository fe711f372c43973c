/**
 * Claims: claim_listing, list_my_claims and verify_claim, the email claim's link, and the expiry
 * sweep. A claim is pending for 14 days (expired lazily when read, and by `sweepExpiredClaims`);
 * verify_claim checks a dns, meta or file proof now (at most 10 attempts per claim and hour); an
 * email claim is verified by confirming the mailed link. What a verified claim grants is in
 * grants.ts.
 */
import {
  createClaim,
  findClaimIdByLink,
  getClaimEntry,
  getClaims,
  listClaimIdsByUser,
  listPendingClaimIds,
  putClaim,
} from "../../kv/claims.ts";
import { getListing, getListingBySlug } from "../../kv/listings.ts";
import { getUser } from "../../kv/users.ts";
import type { Claim, ClaimCheck, ClaimMethod, Listing } from "../../kv/types.ts";
import type { Caller } from "../access/access.ts";
import type { IdempotencySeal } from "../access/idempotency.ts";
import { countRequest } from "../access/rate_limit.ts";
import type { Deps } from "../platform/deps.ts";
import { ApiError, badRequest, conflict, notFound } from "../platform/errors.ts";
import { sendMail } from "../platform/mail.ts";
import { pageOf } from "../platform/paging.ts";
import { randomSecret, sha256Hex } from "../platform/secrets.ts";
import { isListingTeam } from "../directory/my_listings.ts";
import { PUBLIC_STATUSES } from "../directory/listings.ts";
import { checkClaim, isUnderDomain } from "./checks.ts";
import { type ClaimSeal, grantClaim, listingsOf } from "./grants.ts";
import { CLAIM_TTL_MS, type ClaimView, claimView, effectiveStatus } from "./view.ts";

/** Verification attempts per claim and hour. */
export const VERIFY_ATTEMPTS_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

/** The listing fields a claim's view needs; a listing gone since is named by the claim. */
type ListingRef = Pick<Listing, "id" | "slug" | "name" | "url">;
const refOf = (claim: Claim, listing: Listing | null | undefined): ListingRef =>
  listing ??
    { id: claim.listing_id, slug: claim.slug, name: claim.slug, url: `https://${claim.domain}/` };

/** The seal of an operation's answer, given the claim it stores. */
function sealView(deps: Deps, listing: ListingRef, seal?: IdempotencySeal): ClaimSeal | undefined {
  return seal && ((op, claim) => seal(op, claimView(claim, listing, deps.now())));
}

/** claim_listing input (as the operation validated it). */
export interface ClaimInput {
  slug: string;
  method: ClaimMethod;
  email?: string;
}

/** Checks the input against the listing; returns the email address to use (method email). */
function checkClaimInput(
  listing: Listing | null,
  caller: Caller,
  input: ClaimInput,
): string | null {
  if (!listing || !PUBLIC_STATUSES.has(listing.status)) {
    throw badRequest(`No public listing "${input.slug}"`, [
      { path: "slug", message: "Expected the slug of a published listing" },
    ]);
  }
  if (isListingTeam(listing, caller.userId)) {
    throw conflict(`"${listing.slug}" is already your listing (you are its owner or a co-founder)`);
  }
  const email = input.email?.trim().toLowerCase() ?? null;
  if (input.method !== "email") {
    if (email === null) return null;
    throw badRequest("email is only taken with method email", [
      { path: "email", message: "Only for method email" },
    ]);
  }
  const domain = email?.split("@").pop() ?? "";
  if (!email || !isUnderDomain(domain, listing.domain)) {
    throw badRequest(`Method email needs an address at ${listing.domain} or a subdomain of it`, [
      { path: "email", message: `Expected an address at ${listing.domain} or a subdomain` },
    ]);
  }
  return email;
}

/** A claim's token: 32 random hex digits. */
function newToken(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))]
    .map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * claim_listing: starts a claim (or returns the caller's pending claim of the listing). Method
 * email mails a one-time link to the address. With `seal`, the answer is stored with the claim.
 */
export async function claimListing(
  deps: Deps,
  caller: Caller,
  input: ClaimInput,
  seal?: IdempotencySeal,
): Promise<ClaimView> {
  const listing = await getListingBySlug(deps.kv, input.slug);
  const email = checkClaimInput(listing, caller, input);
  const now = deps.now();
  const secret = email ? randomSecret(32) : null;
  const { claim, created } = await createClaim(deps.kv, {
    user_id: caller.userId,
    listing_id: listing!.id,
    slug: listing!.slug,
    domain: listing!.domain,
    method: input.method,
    email,
    token: email ? null : newToken(),
    link_sha256: secret ? await sha256Hex(secret) : null,
    status: "pending",
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + CLAIM_TTL_MS).toISOString(),
    verified_at: null,
    last_check: null,
    attempts: 0,
    review: null,
  }, sealView(deps, listing!, seal));
  if (created && secret) await mailLink(deps, caller, claim, listing!, secret);
  return claimView(claim, listing!, now);
}

async function mailLink(
  deps: Deps,
  caller: Caller,
  claim: Claim,
  listing: Listing,
  secret: string,
) {
  const link = `${deps.config.publicUrl}/claims/confirm?token=${secret}`;
  const who = caller.email;
  await sendMail(deps, {
    to: claim.email!,
    subject: `Confirm that you run ${listing.name} (${listing.domain})`,
    text:
      `${who} asked Launch Directory to verify that they run ${listing.name} (${listing.domain}), by this address at its domain.\n\nOpen this link and press Confirm to verify the claim:\n${link}\n\nThe link works once, until ${
        claim.expires_at.slice(0, 10)
      }. If you did not ask for this, ignore this mail: nothing happens.`,
  });
}

/** list_my_claims: the caller's claims, newest first. */
export async function listMyClaims(
  deps: Deps,
  caller: Caller,
  query: { page: number; per_page: number },
) {
  const page = pageOf(await listClaimIdsByUser(deps.kv, caller.userId), query);
  const claims = await getClaims(deps.kv, page.items);
  const listings = await listingsOf(deps, claims);
  const now = deps.now();
  return {
    ...page,
    items: claims.map((c) => claimView(c, refOf(c, listings.get(c.listing_id)), now)),
  };
}

/**
 * Changes a pending claim (re-read on a conflict); a claim no longer pending is returned as it is.
 * `seal` adds to the commit.
 */
async function changePending(
  deps: Deps,
  id: number,
  change: (claim: Claim) => Claim,
  seal?: ClaimSeal,
): Promise<Claim> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const entry = await getClaimEntry(deps.kv, id);
    if (entry.value?.status !== "pending") return entry.value!;
    const next = change(entry.value);
    if (await putClaim(deps.kv, entry, next, seal && ((op) => seal(op, next)))) return next;
  }
  throw conflict(`Claim ${id} keeps changing: retry`);
}

const expire = (claim: Claim): Claim => ({ ...claim, status: "expired" });

/** Records a check that found nothing (or made the claim fail). */
function recordCheck(check: ClaimCheck, status: Claim["status"] = "pending") {
  return (claim: Claim): Claim => ({
    ...claim,
    status,
    last_check: check,
    attempts: claim.attempts + 1,
  });
}

/** Counts a verification attempt of a claim; 429 past the hourly limit. */
async function countAttempt(deps: Deps, id: number): Promise<void> {
  const state = await countRequest(deps, `claim_verify:${id}`, VERIFY_ATTEMPTS_PER_HOUR, HOUR_MS);
  if (state.allowed) return;
  throw new ApiError(
    429,
    "rate_limited",
    `Claim ${id} was checked ${VERIFY_ATTEMPTS_PER_HOUR} times this hour: retry in ${state.reset} s`,
    [],
    { "Retry-After": String(state.reset) },
  );
}

/** Why a pending claim cannot be checked any more (its listing changed), or null. */
function failure(claim: Claim, listing: Listing | null): string | null {
  if (!listing || !PUBLIC_STATUSES.has(listing.status)) return "The listing is no longer public";
  if (listing.domain !== claim.domain) {
    return `The listing's website moved from ${claim.domain} to ${listing.domain}: start a new claim`;
  }
  return null;
}

/**
 * verify_claim: checks a pending dns, meta or file claim now. Another account's claim is a 404; a
 * claim that is not pending (or has expired) answers as it is; an email claim answers that its
 * link verifies it.
 */
export async function verifyClaim(
  deps: Deps,
  caller: Caller,
  id: number,
  seal?: IdempotencySeal,
): Promise<ClaimView> {
  const claim = (await getClaimEntry(deps.kv, id)).value;
  if (!claim || claim.user_id !== caller.userId) throw notFound("claim", id);
  const listing = await getListing(deps.kv, claim.listing_id);
  const ref = refOf(claim, listing);
  const sealed = sealView(deps, ref, seal);
  const view = (c: Claim) => claimView(c, ref, deps.now());
  const now = deps.now();
  if (effectiveStatus(claim, now) === "expired" && claim.status === "pending") {
    return view(await changePending(deps, id, expire, sealed));
  }
  if (claim.status !== "pending") return view(claim);
  await countAttempt(deps, id);
  const at = now.toISOString();
  if (claim.method === "email") {
    const reason =
      `Email claims are verified by the link mailed to ${claim.email}: open it and press Confirm`;
    return view(await changePending(deps, id, recordCheck({ at, found: false, reason }), sealed));
  }
  const failed = failure(claim, listing);
  if (failed) {
    const check = { at, found: false, reason: failed };
    return view(await changePending(deps, id, recordCheck(check, "failed"), sealed));
  }
  const outcome = await checkClaim(deps, claim, listing!.url);
  const check = { at, ...outcome };
  if (!outcome.found) return view(await changePending(deps, id, recordCheck(check), sealed));
  const granted = await grantClaim(deps, id, check, { countAttempt: true, seal: sealed });
  return view(granted ?? claim);
}

/** The pending email claim of a mailed link, with its listing and claimant; 400 when unusable. */
export async function readClaimLink(deps: Deps, secret: string) {
  const unusable = (why: string) => badRequest(`This claim link ${why}`);
  const id = secret ? await findClaimIdByLink(deps.kv, await sha256Hex(secret)) : null;
  const claim = id === null ? null : (await getClaimEntry(deps.kv, id)).value;
  if (!claim || claim.status !== "pending") throw unusable("is unknown or was already used");
  if (effectiveStatus(claim, deps.now()) === "expired") {
    await changePending(deps, claim.id, expire);
    throw unusable(`expired on ${claim.expires_at.slice(0, 10)}`);
  }
  const [listing, claimant] = await Promise.all([
    getListing(deps.kv, claim.listing_id),
    getUser(deps.kv, claim.user_id),
  ]);
  const hasOtherOwner = !!listing?.owner_id && !isListingTeam(listing, claim.user_id);
  return {
    claim,
    listing: refOf(claim, listing),
    claimantEmail: claimant?.email ?? null,
    /** What confirming does: the listing passes to the claimant, or the site team reviews it. */
    outcome: hasOtherOwner ? "review" as const : "owner" as const,
  };
}

/** Confirms a mailed claim link (the page's POST): the claim verifies; its view is returned. */
export async function confirmClaimLink(deps: Deps, secret: string) {
  const { claim, listing } = await readClaimLink(deps, secret);
  const check = {
    at: deps.now().toISOString(),
    found: true,
    reason: `Confirmed through the link mailed to ${claim.email}`,
  };
  const granted = await grantClaim(deps, claim.id, check, { countAttempt: false });
  return claimView(granted ?? claim, listing, deps.now());
}

/** Marks every pending claim past its 14 days expired (the cron); returns how many. */
export async function sweepExpiredClaims(deps: Deps): Promise<number> {
  const now = deps.now();
  let expired = 0;
  for (const claim of await getClaims(deps.kv, await listPendingClaimIds(deps.kv))) {
    if (effectiveStatus(claim, now) !== "expired") continue;
    if ((await changePending(deps, claim.id, expire)).status === "expired") expired++;
  }
  return expired;
}
