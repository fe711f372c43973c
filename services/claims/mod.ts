/**
 * Claims: proving that one runs a listed website (a DNS TXT record, a meta tag, a file or a link
 * mailed to an address at its domain), and what that grants: an unowned listing passes to the
 * claimant; an owned one goes to the site team's review (co-owner, transfer or decline).
 */
export {
  claimListing,
  confirmClaimLink,
  listMyClaims,
  readClaimLink,
  sweepExpiredClaims,
  VERIFY_ATTEMPTS_PER_HOUR,
  verifyClaim,
} from "./claims.ts";
export type { ClaimInput } from "./claims.ts";
export { decideClaim, DECISION_REASON_MAX, listReviewClaims } from "./grants.ts";
export type { ClaimDecision, ReviewClaim } from "./grants.ts";
export { CLAIM_TTL_MS, DNS_LABEL, FILE_PATH, META_NAME, TXT_PREFIX } from "./view.ts";
export type { ClaimInstructions, ClaimView } from "./view.ts";
