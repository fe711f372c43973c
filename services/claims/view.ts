/**
 * What a claim asks the claimant to publish, and the claim as list_my_claims, claim_listing and
 * verify_claim answer it. The names below are the contract with the claimant's website.
 */
import type { Claim, ClaimMethod, Listing } from "../../kv/types.ts";

/** The DNS label under the domain that holds the TXT record: `_launchdirectory.example.com`. */
export const DNS_LABEL = "_launchdirectory";
/** The TXT record's value is this prefix, `=`, then the token. */
export const TXT_PREFIX = "launchdirectory-verification";
/** The `name` of the homepage's `<meta>` tag whose `content` is the token. */
export const META_NAME = "launchdirectory-verification";
/** The file under the website's origin whose content is the token. */
export const FILE_PATH = "/.well-known/launchdirectory-verification.txt";
/** How long a claim stays pending before it expires. */
export const CLAIM_TTL_MS = 14 * 86_400_000;

/** Exactly what to publish and where. `publish` is null for email claims (nothing to publish). */
export interface ClaimInstructions {
  text: string;
  where: string;
  publish: string | null;
}

/** The host name of a domain's TXT record. */
export function dnsHost(domain: string): string {
  return `${DNS_LABEL}.${domain}`;
}

/** The TXT record's expected value. */
export function txtValue(token: string): string {
  return `${TXT_PREFIX}=${token}`;
}

/** The meta tag to put in the homepage's head. */
export function metaTag(token: string): string {
  return `<meta name="${META_NAME}" content="${token}">`;
}

/** The file's URL on a listing's website. */
export function fileUrl(listingUrl: string): string {
  return new URL(FILE_PATH, listingUrl).href;
}

/** The homepage a meta check reads: the listing's website address. */
export function homepageUrl(listingUrl: string): string {
  return new URL(listingUrl).href;
}

/** The instructions of a claim for a listing's website. */
export function instructionsFor(
  claim: Pick<Claim, "method" | "token" | "email" | "domain" | "expires_at">,
  listingUrl: string,
): ClaimInstructions {
  const token = claim.token ?? "";
  const then = "then call verify_claim (or press Verify on the claim's page).";
  const by: Record<ClaimMethod, () => ClaimInstructions> = {
    dns: () => ({
      text:
        `Add a TXT record at ${dnsHost(claim.domain)} with the value ${txtValue(token)}, ${then} ` +
        "DNS changes can take a while to be seen; a record at the bare domain does not count.",
      where: dnsHost(claim.domain),
      publish: txtValue(token),
    }),
    meta: () => ({
      text: `Put ${metaTag(token)} inside the <head> of the homepage ${
        homepageUrl(listingUrl)
      }, ${then} A tag in the <body> does not count.`,
      where: homepageUrl(listingUrl),
      publish: metaTag(token),
    }),
    file: () => ({
      text: `Serve a plain-text file at ${
        fileUrl(listingUrl)
      } whose content is ${token} (one line), ${then}`,
      where: fileUrl(listingUrl),
      publish: token,
    }),
    email: () => ({
      text: `A link was mailed to ${claim.email}. Open it and press Confirm before ${
        claim.expires_at.slice(0, 10)
      }: that verifies the claim. verify_claim does not check email claims.`,
      where: claim.email ?? "",
      publish: null,
    }),
  };
  return by[claim.method]();
}

/** The claimant's status of a claim at `now`: a pending claim past its expiry is expired. */
export function effectiveStatus(claim: Claim, now: Date): Claim["status"] {
  return claim.status === "pending" && Date.parse(claim.expires_at) <= now.getTime()
    ? "expired"
    : claim.status;
}

/** A claim as its claimant sees it (list_my_claims, claim_listing, verify_claim). */
export function claimView(
  claim: Claim,
  listing: Pick<Listing, "id" | "slug" | "name" | "url">,
  now: Date,
) {
  return {
    id: claim.id,
    status: effectiveStatus(claim, now),
    method: claim.method,
    listing: { id: listing.id, slug: listing.slug, name: listing.name },
    domain: claim.domain,
    email: claim.email,
    instructions: instructionsFor(claim, listing.url),
    created_at: claim.created_at,
    expires_at: claim.expires_at,
    verified_at: claim.verified_at,
    last_check: claim.last_check,
    attempts: claim.attempts,
    review: claim.review && {
      state: claim.review.state,
      reason: claim.review.reason,
      decided_at: claim.review.decided_at,
    },
  };
}
export type ClaimView = ReturnType<typeof claimView>;
