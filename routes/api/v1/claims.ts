import { z } from "zod";
import { defineOperation, pageQuery, positiveId, slug } from "./operation.ts";

export const claimOperations = [
  defineOperation({
    operationId: "claim_listing",
    method: "post",
    path: "/claims",
    access: "listings:write",
    tag: "Claims",
    summary: "Claim an existing listing",
    description:
      "Starts a claim of the listing `slug` by `method`: dns (a TXT record), meta (a meta tag on the homepage), file (a file on the website) or email (a link sent to `email`, an address at the company's domain). Returns what to publish; then call verify_claim.",
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
  }),
  defineOperation({
    operationId: "list_my_claims",
    method: "get",
    path: "/claims",
    access: "account:read",
    tag: "Claims",
    summary: "List my claims",
    description: "The caller's claims with status and instructions.",
    query: pageQuery,
    status: 200,
    paginated: true,
  }),
  defineOperation({
    operationId: "verify_claim",
    method: "post",
    path: "/claims/{claim_id}/verify",
    access: "listings:write",
    tag: "Claims",
    summary: "Verify a pending claim",
    description:
      "Checks the DNS record, meta tag or file of a pending claim. Verified does not mean paid.",
    params: z.object({ claim_id: positiveId("Claim id") }).strict(),
    status: 200,
    idempotencyKey: true,
    hints: { openWorld: true, idempotent: true },
  }),
];
