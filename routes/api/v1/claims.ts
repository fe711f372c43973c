import { z } from "zod";
import { defineOperation, pageQuery, positiveId, slug } from "./operation.ts";
import { claimListing, listMyClaims, verifyClaim } from "../../../services/claims/mod.ts";

export const claimOperations = [
  defineOperation({
    operationId: "claim_listing",
    method: "post",
    path: "/claims",
    access: "listings:write",
    tag: "Claims",
    summary: "Claim an existing listing",
    description:
      "Starts a claim of the published listing `slug` by `method`: dns (a TXT record at `_launchdirectory.<domain>`), meta (a meta tag in the homepage's head), file (`/.well-known/launchdirectory-verification.txt` on the website) or email (a one-time link mailed to `email`, an address at the listing's domain or a subdomain; the person opens it and presses Confirm). Returns the claim with `instructions` (what to publish and where, with a token unique to the claim); then call verify_claim. A pending claim of yours on the same listing is returned as it is. Claims expire after 14 days. A listing without an owner passes to you once verified; one with an owner goes to the site team's review.",
    body: z.object({
      slug: slug().max(220),
      method: z.enum(["dns", "meta", "file", "email"]),
      email: z.email().max(254).optional().describe(
        "Method email only: an address at the company's domain",
      ),
    }).strict(),
    status: 201,
    idempotencyKey: true,
    hints: { openWorld: true },
    errors: {
      409:
        "The listing is already yours (owner or co-founder), or the Idempotency-Key is still in use",
    },
    handler: ({ body }, { deps, caller, idempotency }) =>
      claimListing(deps, caller!, body, idempotency),
  }),
  defineOperation({
    operationId: "list_my_claims",
    method: "get",
    path: "/claims",
    access: "account:read",
    tag: "Claims",
    summary: "List my claims",
    description:
      "The caller's claims, newest first, each with status (pending, verified, failed, expired), method, instructions, expires_at, the last check's result and the listing.",
    query: pageQuery,
    status: 200,
    paginated: true,
    handler: ({ query }, { deps, caller }) => listMyClaims(deps, caller!, query),
  }),
  defineOperation({
    operationId: "verify_claim",
    method: "post",
    path: "/claims/{claim_id}/verify",
    access: "listings:write",
    tag: "Claims",
    summary: "Verify a pending claim",
    description:
      "Checks the DNS record, meta tag or file of a pending claim now and answers the claim: `verified`, or still `pending` with `last_check.reason` saying what was found instead. At most 10 checks per claim and hour. A claim that is not pending answers its status; an email claim is verified by its mailed link. Verified does not mean paid.",
    params: z.object({ claim_id: positiveId("Claim id") }).strict(),
    status: 200,
    idempotencyKey: true,
    hints: { openWorld: true, idempotent: true },
    errors: { 404: "No claim with this id among the caller's claims" },
    handler: ({ params }, { deps, caller, idempotency }) =>
      verifyClaim(deps, caller!, params.claim_id, idempotency),
  }),
];
